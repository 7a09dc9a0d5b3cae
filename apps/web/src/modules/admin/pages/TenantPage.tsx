import { TenantsPane } from '../components/TenantsPane';
import { PageHeading } from '../shell-adapter';

/** /organisation-structure/tenant and its alias /tenant. */
export default function TenantPage() {
  return (
    <>
      <PageHeading title="Tenants" />
      <TenantsPane />
    </>
  );
}
