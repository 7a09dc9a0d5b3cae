import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { CompaniesPane } from '../components/CompaniesPane';
import { TenantsPane } from '../components/TenantsPane';
import { PageHeading } from '../shell-adapter';

const tabs = ['tenants', 'companies'] as const;
type Tab = (typeof tabs)[number];

/** /organisation-structure: the tenant and its companies; the child pages show one list each. */
export default function OrganisationStructurePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: Tab = tabs.find((tab) => tab === requested) ?? 'tenants';
  return (
    <>
      <PageHeading title="Organisation Structure" />
      <Tabs
        activeKey={active}
        onChange={(key) => setParams(key === 'tenants' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'tenants', label: 'Tenants', children: <TenantsPane /> },
          { key: 'companies', label: 'Companies', children: <CompaniesPane /> },
        ]}
      />
    </>
  );
}
