// The organisation module's surface: other modules and the app import only from here.
import type { ModuleManifest } from '../../platform/module';
import { registerOrganisationRoutes } from './organisation.routes';

export { createTenant, ensureDefaultTenant, type NewTenant, type CreatedTenant } from './organisation.service';
export { tenants, companies, currencies } from './organisation.tables';

/** Tenants, companies and currencies (issue 3); a new tenant's and company's rows come from every module's seeders. */
export const organisationModule: ModuleManifest = {
  name: 'organisation',
  register: registerOrganisationRoutes,
  auditLabels: [
    { table: 'currencies', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'companies', key: 'company_id', label: 't.code' },
    { table: 'tenants', key: 'tenant_id', label: `t.code || ' · ' || t.name` },
  ],
  pages: ['/organisation-structure'],
  routes: {
    'GET /gl/GetTenants/:count': { rows: 'tenant', why: 'rows of the whole tenant' },
    'GET /gl/SearchTenants/:text/false/:count': { rows: 'tenant', why: 'rows of the whole tenant' },
    'POST /gl/SaveTenants': { rows: 'tenant', why: 'rows of the whole tenant' },
    'GET /auth/tenantrequest/GetRequest/:host': { rows: 'tenant', why: 'rows of the whole tenant', open: 'public: the sign-in page shows the agreement of its host' },
    'GET /gl/GetCompanies/:count': { rows: 'tenant', why: 'the organisation structure lists every company', open: 'self-service: the companies a user may switch to in the header' },
    'GET /gl/SearchCompanies/:text/:count': { rows: 'tenant', why: 'the organisation structure lists every company' },
    'GET /gl/GetCompany/:id': { rows: 'tenant', why: 'the organisation structure' },
    'GET /gl/GetFullCompany': { rows: 'caller', why: "the caller's own company", open: "self-service: the signed-in user's own company (accounting date, date format) that every screen needs" },
    'POST /gl/SaveCompanies': { rows: 'tenant', why: 'the organisation structure (a new company is seeded by server code)' },
    'GET /gl/GetCurrencies/:count': { rows: 'tenant', why: 'currencies' },
    'GET /gl/getlocales': { rows: 'none', why: 'no rows' },
  },
};
