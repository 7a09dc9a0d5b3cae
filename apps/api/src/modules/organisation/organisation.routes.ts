import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companyBatchSchema,
  companyListSchema,
  companyViewSchema,
  companyViewsSchema,
  countParamsSchema,
  currencyListSchema,
  hostParamSchema,
  idParamSchema,
  localeListSchema,
  tenantBatchSchema,
  tenantListSchema,
  tenantRequestResultSchema,
  tenantViewsSchema,
  textCountParamsSchema,
} from '@erp/contracts';
import { enterTenant, requestTx, userContext, withTenant } from '../../platform/db/tenancy';
import { ANY_PAGE, operationOf } from '../../platform/http/access';
import { actorOf } from '../../platform/http/actor';
import { forbidden } from '../../platform/http/errors';
import type { Platform } from '../../platform/platform';
import { createTenant, editTenant, getCompany, listCompanies, listCurrencies, listLocales, listTenants, saveCompany } from './organisation.service';
import { DEFAULT_GLOBAL_AGREEMENT } from './organisation.seed-data';
import { tenants } from './organisation.tables';

const tags = ['organisation'];
/** Save for new records, Edit when every record already has an id. */
const saveOrEdit = (entity: string) =>
  operationOf([`Save${entity}`, `Edit${entity}`], (request) => ((request.body as { id?: string }[]).some((row) => !row.id) ? `Save${entity}` : `Edit${entity}`));

/** The ledger service's tenant and company calls of SPEC.md section 7. */
export function registerOrganisationRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);

  r.get('/gl/GetTenants/:count', {
    config: { access: { kind: 'user', page: '/organisation-structure' } },
    schema: { tags, summary: 'Tenants the signed-in user may see (their own)', params: countParamsSchema, response: { 200: tenantListSchema } },
  }, async (request) => tx(request, (t) => listTenants(t, undefined, request.params.count)));

  r.get('/gl/SearchTenants/:text/false/:count', {
    config: { access: { kind: 'user', page: '/organisation-structure' } },
    schema: { tags, summary: 'Search tenants by code or name', params: textCountParamsSchema, response: { 200: tenantListSchema } },
  }, async (request) => tx(request, (t) => listTenants(t, request.params.text, request.params.count)));

  r.post('/gl/SaveTenants', {
    config: { access: { kind: 'user', operation: saveOrEdit('Tenant') } },
    schema: { tags, summary: 'Save tenants: edit your own; a license manager may create new tenants', body: tenantBatchSchema, response: { 200: tenantViewsSchema } },
  }, async (request) => {
    const actor = actorOf(request);
    return tx(request, async (t) => {
      const [own] = await t.select({ isLicenseManager: tenants.isLicenseManager }).from(tenants);
      const saved = [];
      for (const input of request.body) {
        if (input.id) {
          saved.push(await editTenant(t, platform, actor, { ...input, id: input.id }));
          continue;
        }
        if (!own?.isLicenseManager) throw forbidden('Only the license manager may create tenants');
        const created = await createTenant(platform, input, actor.userId, t);
        await enterTenant(t, userContext(actor));
        saved.push(created.tenant);
      }
      return saved;
    });
  });

  r.get('/auth/tenantrequest/GetRequest/:host', {
    config: { access: { kind: 'public' }, rateLimit: { max: platform.config.publicRatePerMinute, timeWindow: '1 minute' } },
    schema: { tags, summary: 'Whether the tenant of a host is the license manager, and its agreement text (HTML)', params: hostParamSchema, response: { 200: tenantRequestResultSchema } },
  }, async (request) => {
    // An unknown host answers as a known one with nothing of its own to show (not the license
    // manager, the agreement every new tenant starts with): host names cannot be tried out.
    const nothing = { isLicenseManager: false, globalAgreement: DEFAULT_GLOBAL_AGREEMENT };
    const tenantId = await platform.hosts.resolve(request.params.host);
    if (!tenantId) return nothing;
    const [row] = await withTenant(platform.database.db, { tenantId, companies: [] }, (t) =>
      t.select({ isLicenseManager: tenants.isLicenseManager, globalAgreement: tenants.globalAgreement }).from(tenants),
    );
    return row ?? nothing;
  });

  r.get('/gl/GetCompanies/:count', {
    config: { access: { kind: 'user' } },
    schema: { tags, summary: "Companies of the signed-in user's tenant", params: countParamsSchema, response: { 200: companyListSchema } },
  }, async (request) => tx(request, (t) => listCompanies(t, undefined, request.params.count)));

  r.get('/gl/SearchCompanies/:text/:count', {
    config: { access: { kind: 'user', page: ANY_PAGE } },
    schema: { tags, summary: 'Search companies by code or description', params: textCountParamsSchema, response: { 200: companyListSchema } },
  }, async (request) => tx(request, (t) => listCompanies(t, request.params.text, request.params.count)));

  r.get('/gl/GetCompany/:id', {
    config: { access: { kind: 'user', page: '/organisation-structure' } },
    schema: { tags, summary: 'One company of the tenant with all its fields', params: idParamSchema, response: { 200: companyViewSchema } },
  }, async (request) => tx(request, (t) => getCompany(t, request.params.id)));

  r.get('/gl/GetFullCompany', {
    config: { access: { kind: 'user' } },
    schema: { tags, summary: "The signed-in user's company with its accounting date and date format", response: { 200: companyViewSchema } },
  }, async (request) => tx(request, (t) => getCompany(t, actorOf(request).companyId)));

  r.post('/gl/SaveCompanies', {
    config: { access: { kind: 'user', operation: saveOrEdit('Company') } },
    schema: { tags, summary: 'Save companies (create without id, edit with id)', body: companyBatchSchema, response: { 200: companyViewsSchema } },
  }, async (request) => {
    const actor = actorOf(request);
    return tx(request, async (t) => {
      const saved = [];
      for (const input of request.body) saved.push(await saveCompany(t, platform.seeders, actor, input));
      return saved;
    });
  });

  r.get('/gl/GetCurrencies/:count', {
    config: { access: { kind: 'user', page: ANY_PAGE } },
    schema: { tags, summary: 'Currencies of the tenant', params: countParamsSchema, response: { 200: currencyListSchema } },
  }, async (request) => tx(request, (t) => listCurrencies(t, request.params.count)));

  r.get('/gl/getlocales', {
    config: { access: { kind: 'user', page: ANY_PAGE } },
    schema: { tags, summary: 'Locales a company may use', response: { 200: localeListSchema } },
  }, async () => listLocales());
}
