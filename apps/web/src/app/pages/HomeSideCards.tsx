import { Card, Descriptions, Empty } from 'antd';
import { Link } from 'react-router';
import type { MenuItem } from '@erp/contracts';
import { builtPages } from '../page-registry';
import { routeKeyOf } from '../route-modules';
import { useSignedInUser } from '../session/useSession';

/** The signed-in user's account facts. */
export function AccountCard() {
  const user = useSignedInUser();
  return (
    <Card size="small" title="Your account">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: 'Name', children: user.name },
          { key: 'mail', label: 'Email', children: user.mailAddress },
          { key: 'role', label: 'Role', children: user.activeUser.role },
          { key: 'company', label: 'Company', children: `${user.activeUser.company.code} · ${user.activeUser.company.description}` },
          { key: 'tenant', label: 'Tenant', children: user.activeUser.tenant.name },
        ]}
      />
    </Card>
  );
}

/** Links to the released screens among the pages the user may open. */
export function ShortcutsCard({ pages }: { pages: readonly MenuItem[] }) {
  const released = pages.filter((page) => builtPages[routeKeyOf(page.link)] !== undefined);
  return (
    <Card size="small" title="Shortcuts">
      {released.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No released screen in your modules yet." />
      ) : (
        <ul className="erp-page-list">
          {released.map((page) => (
            <li key={page.id}>
              <Link to={page.link}>{page.name}</Link>
              <span style={{ opacity: 0.55, fontSize: 11 }}>{page.module}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
