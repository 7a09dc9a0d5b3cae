import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { RolesPane } from '../components/RolesPane';
import { UsersPane } from '../components/UsersPane';
import { PageHeading } from '../shell-adapter';

const tabs = ['users', 'roles'] as const;
type Tab = (typeof tabs)[number];

/** /role: the tenant's users and its roles with their permissions; the open tab is kept in the address. */
export default function RolePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: Tab = tabs.find((tab) => tab === requested) ?? 'users';
  return (
    <>
      <PageHeading title="Users and Roles" />
      <Tabs
        activeKey={active}
        onChange={(key) => setParams(key === 'users' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'users', label: 'Users', children: <UsersPane /> },
          { key: 'roles', label: 'Roles', children: <RolesPane /> },
        ]}
      />
    </>
  );
}
