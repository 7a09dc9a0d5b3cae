import { RightOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { viewAllLink, type MenuItem } from '@erp/contracts';
import { formatDateLabel } from '../../shared/format';
import { useSignedInUser } from '../session/useSession';
import { useCompany } from '../shell/useCompany';
import { useVisibleMenu, type VisibleModule } from '../shell/useVisibleMenu';
import { AccountCard, ShortcutsCard } from './HomeSideCards';
import { ModuleIcon } from './ModuleIcon';
import { PageHeading } from './PageHeading';

function countPages(items: readonly MenuItem[]): number {
  return items.reduce((sum, item) => sum + 1 + countPages(item.children), 0);
}

function ModuleTile({ visible, disabled }: { visible: VisibleModule; disabled: boolean }) {
  const { module, items } = visible;
  const groups = [...new Set(items.map((item) => item.group))];
  const card = (
    <Card size="small" styles={{ body: { padding: 14 } }}>
      <Flex gap={12} align="flex-start">
        <ModuleIcon module={module} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Flex justify="space-between" align="center" gap={6}>
            <Typography.Text strong style={{ fontSize: 14 }}>{module.name}</Typography.Text>
            {disabled ? <Tag>Not licensed</Tag> : <RightOutlined style={{ opacity: 0.45, fontSize: 11 }} />}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 11 }}>
            {countPages(items)} pages{module.reports.length > 0 ? ` · ${module.reports.length} report${module.reports.length > 1 ? 's' : ''}` : ''}
          </Typography.Text>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '6px 0 0', fontSize: 11 }}>
            {groups.join(' · ')}
          </Typography.Paragraph>
        </div>
      </Flex>
      <div style={{ height: 3, background: module.colour, borderRadius: 2, marginTop: 12, opacity: 0.85 }} />
    </Card>
  );
  if (disabled) {
    return (
      <div className="erp-tile" aria-disabled="true" aria-label={`${module.name} (not licensed)`} data-testid={`module-tile-${module.slug}`}>
        {card}
      </div>
    );
  }
  return (
    <Link to={viewAllLink(module.name)} className="erp-tile" aria-label={module.name} data-testid={`module-tile-${module.slug}`}>
      {card}
    </Link>
  );
}

/** /home: one tile per module the user may see (SPEC.md sections 2 and 6). */
export function HomePage() {
  const user = useSignedInUser();
  const company = useCompany();
  const { menuSet, modules, pages } = useVisibleMenu();
  const disabledOf = (name: string) => menuSet.homeMenu.find((tile) => tile.module === name)?.disabled === true;
  const appDate = company ? formatDateLabel(company.accountingDate, company.dateFormat) : '';
  return (
    <>
      <PageHeading
        title={`Welcome, ${user.name}`}
        subtitle={`${user.activeUser.company.description} · ${user.activeUser.role}${appDate ? ` · App Date ${appDate}` : ''}`}
      />
      <Typography.Title level={5} style={{ marginTop: 0 }}>Modules</Typography.Title>
      {modules.length === 0 ? (
        <Empty description="Your role has no module yet. Ask an administrator to grant you access." />
      ) : (
        <div className="erp-tile-grid" role="list" aria-label="Modules">
          {modules.map((visible) => (
            <div role="listitem" key={visible.module.id}>
              <ModuleTile visible={visible} disabled={disabledOf(visible.module.name)} />
            </div>
          ))}
        </div>
      )}
      <div className="erp-group-grid" style={{ marginTop: 16 }}>
        <ShortcutsCard pages={pages} />
        <AccountCard />
      </div>
    </>
  );
}
