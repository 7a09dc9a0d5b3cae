import { Card, Result, Tag, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { moduleBySlug, viewAllSlug, type MenuItem } from '@erp/contracts';
import { builtPages } from '../page-registry';
import { routeKeyOf } from '../route-modules';
import { useVisibleMenu } from '../shell/useVisibleMenu';
import { ModuleIcon } from './ModuleIcon';
import { NotFoundPage } from './NotFoundPage';
import { PageHeading } from './PageHeading';

function PageRow({ item, child = false }: { item: MenuItem; child?: boolean }) {
  const built = builtPages[routeKeyOf(item.link)] !== undefined;
  return (
    <>
      <li className={child ? 'erp-child' : undefined}>
        <Link to={item.link}>{item.name}</Link>
        {!built && (
          <Tag variant="filled" style={{ marginInlineEnd: 0, fontSize: 10, lineHeight: '16px', opacity: 0.75 }}>
            Not available yet
          </Tag>
        )}
      </li>
      {item.children.map((childItem) => (
        <PageRow key={childItem.id} item={childItem} child />
      ))}
    </>
  );
}

function GroupCard({ title, items }: { title: string; items: readonly MenuItem[] }) {
  return (
    <Card size="small" title={title} styles={{ body: { paddingTop: 6, paddingBottom: 6 } }}>
      <ul className="erp-page-list" aria-label={title}>
        {items.map((item) => (
          <PageRow key={item.id} item={item} />
        ))}
      </ul>
    </Card>
  );
}

/** /view-all/<module>: the module's pages by group and its reports, as far as the role may see them. */
export function ViewAllPage() {
  const { pathname } = useLocation();
  const { modules } = useVisibleMenu();
  const module = moduleBySlug(viewAllSlug(pathname) ?? '');
  if (!module) return <NotFoundPage />;
  const visible = modules.find((candidate) => candidate.module.id === module.id);
  if (!visible) {
    return <Result status="403" title={`You have no access to ${module.name}`} subTitle="Your role does not include any page of this module." />;
  }
  const groups = [...new Set(visible.items.map((item) => item.group))];
  // Reports usually sit in a group of their own already; list here only those that do not.
  const shownInGroups = new Set(visible.items.map((item) => item.link));
  const reports = module.reports.filter((report) => !shownInGroups.has(report.link) && visible.items.some((item) => item.group === report.group));
  return (
    <>
      <PageHeading title={module.name} subtitle="All pages and reports of the module" icon={<ModuleIcon module={module} size={36} />} />
      <div className="erp-group-grid">
        {groups.map((group) => (
          <GroupCard key={group} title={group} items={visible.items.filter((item) => item.group === group)} />
        ))}
        {reports.length > 0 && <GroupCard title="Reports" items={reports} />}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 11 }}>
        Pages marked “Not available yet” belong to parts of the module that are not released in this version.
      </Typography.Paragraph>
    </>
  );
}
