// Proves every tenant and company call of /gl (and the tenant request of /auth): success, bad input, permissions, expired tokens and disabled users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import {
  transformPassword,
  type Company,
  type CompanyListItem,
  type Currency,
  type ErrorObject,
  type Locale,
  type Role,
  type Tenant,
  type TenantRequestResult,
  type UserView,
} from '@erp/contracts';
import { withTenant } from '../../src/platform/db/tenancy';
import { users } from '../../src/modules/auth/index';
import { companies } from '../../src/modules/organisation/index';
import { adminOf, call, createFirstUser, createTestApp, signIn, type Reply, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

const TEST_SECRET = new TextEncoder().encode('test-secret-0123456789-0123456789-0123456789');
type List<T> = { items: T[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'ORG'));
});
afterAll(() => t.close());

const get = <T>(url: string, session: Session = admin, host = tenant.host) => call<T>(t.app, host, 'GET', url, undefined, session);
const post = <T>(url: string, body: unknown, session: Session = admin, host = tenant.host) => call<T>(t.app, host, 'POST', url, body, session);
const errorOf = (reply: Reply<unknown>) => reply.body as ErrorObject;

/** Signs an access token the way the server does, with the claims and expiry a test chooses. */
async function forgeAccess(session: Session, expiresAtSeconds: number, version = 0, secret = TEST_SECRET): Promise<Session> {
  const token = await new SignJWT({ tid: session.tenantId, cid: session.user.company, rid: session.user.parentRole.id, ver: version, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(session.user.activeUser.code)
    .setIssuer('erp')
    .setIssuedAt(expiresAtSeconds - 3600)
    .setExpirationTime(expiresAtSeconds)
    .sign(secret);
  return { ...session, token };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('tenants', () => {
  it('lists only the own tenant, honouring count and refusing a bad count', async () => {
    await t.tenant('OTHER');
    const res = await get<List<Tenant>>('/gl/GetTenants/20');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items).toEqual([
      expect.objectContaining({ id: tenant.tenantId, code: 'ORG', name: 'Tenant ORG', host: 'org.test', isLicenseManager: false, status: 'Active' }),
    ]);
    expect(res.body.items[0]!.globalAgreement.length).toBeGreaterThan(0);
    for (const bad of ['0', 'abc', '501', '-1']) {
      const r = await get<ErrorObject>(`/gl/GetTenants/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body).toMatchObject({ statusCode: 400, serverError: 'ValidationError' });
      expect(r.body.message).toMatch(/^count: /);
    }
  });

  it('edits the own tenant: name and agreement', async () => {
    const res = await post<Tenant[]>('/gl/SaveTenants', [
      { id: tenant.tenantId, code: 'ORG', name: 'Org 100% Sure_Thing', host: 'org.test', globalAgreement: '<p>Our terms</p>' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: tenant.tenantId, name: 'Org 100% Sure_Thing', globalAgreement: '<p>Our terms</p>', host: 'org.test' })]);
    const back = await get<List<Tenant>>('/gl/GetTenants/5');
    expect(back.body.items[0]).toMatchObject({ name: 'Org 100% Sure_Thing', globalAgreement: '<p>Our terms</p>' });
    const request = await call<TenantRequestResult>(t.app, tenant.host, 'GET', '/auth/tenantrequest/GetRequest/org.test');
    expect(request).toEqual({ status: 200, body: { isLicenseManager: false, globalAgreement: '<p>Our terms</p>' } });
  });

  it('searches tenants by code or name, taking % and _ literally', async () => {
    const search = async (text: string) => (await get<List<Tenant>>(`/gl/SearchTenants/${encodeURIComponent(text)}/false/20`)).body;
    expect((await search('org')).items.map((x) => x.code)).toEqual(['ORG']);
    expect((await search('100%')).total).toBe(1);
    expect((await search('_Thing')).total).toBe(1);
    // Unescaped, % would match the underscore and _ the space: both must find nothing.
    expect(await search('Sure%Thing')).toEqual({ items: [], total: 0 });
    expect(await search('Org_100')).toEqual({ items: [], total: 0 });
    expect(await search('OTHER')).toEqual({ items: [], total: 0 });
    const tooLong = await get<ErrorObject>(`/gl/SearchTenants/${'x'.repeat(201)}/false/20`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/^text: /);
  });

  it('never lets a tenant make itself license manager', async () => {
    const res = await post<Tenant[]>('/gl/SaveTenants', [{ id: tenant.tenantId, code: 'ORG', name: 'Org 100% Sure_Thing', host: 'org.test', isLicenseManager: true }]);
    expect(res.status).toBe(200);
    expect(res.body[0]!.isLicenseManager).toBe(false);
    expect((await call<TenantRequestResult>(t.app, tenant.host, 'GET', '/auth/tenantrequest/GetRequest/org.test')).body.isLicenseManager).toBe(false);
  });

  it('moves the tenant to a new host: it answers there and no longer on the old one', async () => {
    const res = await post<Tenant[]>('/gl/SaveTenants', [{ id: tenant.tenantId, code: 'ORG', name: 'Org 100% Sure_Thing', host: ' ORG-NEW.test ' }]);
    expect(res.status).toBe(200);
    expect(res.body[0]!.host).toBe('org-new.test');
    const onNew = await get<List<Tenant>>('/gl/GetTenants/5', admin, 'org-new.test');
    expect(onNew.status).toBe(200);
    expect(onNew.body.items[0]).toMatchObject({ id: tenant.tenantId, host: 'org-new.test' });
    expect((await call<number>(t.app, 'org-new.test:3000', 'GET', '/auth/user/isempty')).body).toBe(0);

    const onOld = await call<ErrorObject>(t.app, 'org.test', 'GET', '/auth/user/isempty');
    expect(onOld.status).toBe(404);
    expect(onOld.body.message).toBe('The tenant of this address was not found');
    // The released host is unknown: it answers as any unknown host (as a known one with nothing to show).
    expect(await call(t.app, 'org-new.test', 'GET', '/auth/tenantrequest/GetRequest/org.test')).toEqual(await call(t.app, 'org-new.test', 'GET', '/auth/tenantrequest/GetRequest/no-such-host.test'));

    // The released host can be taken by another tenant, which then answers there.
    const next = await t.tenant('ORG');
    expect(next.host).toBe('org.test');
    expect((await call<number>(t.app, 'org.test', 'GET', '/auth/user/isempty')).body).toBe(1);

    // Moving onto a host another tenant holds is a conflict and changes nothing.
    const clash = await post<ErrorObject>('/gl/SaveTenants', [{ id: tenant.tenantId, code: 'ORG', name: 'Org', host: 'other.test' }], admin, 'org-new.test');
    expect(clash.status).toBe(409);
    expect((await get<List<Tenant>>('/gl/GetTenants/5', admin, 'org-new.test')).body.items[0]).toMatchObject({ name: 'Org 100% Sure_Thing', host: 'org-new.test' });
    tenant = { ...tenant, host: 'org-new.test' };
  });

  it('refuses to create a tenant for a normal tenant (403) and registers nothing', async () => {
    const res = await post<ErrorObject>('/gl/SaveTenants', [{ code: 'NEW', name: 'New Tenant', host: 'new.test' }]);
    expect(res).toEqual({ status: 403, body: { message: 'Only the license manager may create tenants', statusCode: 403, serverError: 'Forbidden' } });
    expect(await call(t.app, tenant.host, 'GET', '/auth/tenantrequest/GetRequest/new.test')).toEqual(await call(t.app, tenant.host, 'GET', '/auth/tenantrequest/GetRequest/no-such-host.test'));
    expect((await call(t.app, 'new.test', 'GET', '/auth/user/isempty')).status).toBe(404);
  });

  it('refuses bad tenant input with a message naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [[], /must contain at least 1|>=1|at least 1/i],
      [[{ id: tenant.tenantId, name: 'X', host: 'x.test' }], /^\[0\]\.code: /],
      [[{ id: tenant.tenantId, code: ' ', name: 'X', host: 'x.test' }], /^\[0\]\.code: Please supply tenant code$/],
      [[{ id: tenant.tenantId, code: 'ORG', name: 'x'.repeat(201), host: 'x.test' }], /^\[0\]\.name: /],
      [[{ id: tenant.tenantId, code: 'ORG', name: 'X', host: '' }], /^\[0\]\.host: Please supply tenant host$/],
      [[{ id: 'not-a-uuid', code: 'ORG', name: 'X', host: 'x.test' }], /^\[0\]\.id: /],
      [[{ id: tenant.tenantId, code: 5, name: 'X', host: 'x.test' }], /^\[0\]\.code: /],
      [{ id: tenant.tenantId }, /expected array/i],
    ];
    for (const [body, message] of cases) {
      const res = await post<ErrorObject>('/gl/SaveTenants', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const unknown = await post<ErrorObject>('/gl/SaveTenants', [{ id: '00000000-0000-4000-8000-000000000000', code: 'X', name: 'X', host: 'x.test' }]);
    expect(unknown).toEqual({ status: 404, body: { message: 'Tenant was not found', statusCode: 404, serverError: 'NotFound' } });
    expect((await get<List<Tenant>>('/gl/GetTenants/5')).body.items[0]).toMatchObject({ code: 'ORG', name: 'Org 100% Sure_Thing' });
  });
});

describe('the license-manager tenant', () => {
  it('creates a tenant with its own company, roles and no user', async () => {
    const lm = await t.tenant('LM', { isLicenseManager: true });
    await createFirstUser(t.app, lm.host, 'boss@lm.test', 'Licence 123');
    const boss = await signIn(t.app, lm.host, 'boss@lm.test', 'Licence 123');
    expect((await call<TenantRequestResult>(t.app, lm.host, 'GET', '/auth/tenantrequest/GetRequest/lm.test')).body.isLicenseManager).toBe(true);

    const res = await post<Tenant[]>('/gl/SaveTenants', [{ code: 'CUST', name: 'Customer One', host: 'Cust.test', globalAgreement: '<p>Customer terms</p>' }], boss, lm.host);
    expect(res.status).toBe(200);
    const created = res.body[0]!;
    expect(created).toMatchObject({ code: 'CUST', name: 'Customer One', host: 'cust.test', isLicenseManager: false, globalAgreement: '<p>Customer terms</p>', status: 'Active' });
    // The license manager still sees only its own row.
    expect((await get<List<Tenant>>('/gl/GetTenants/20', boss, lm.host)).body.items.map((x) => x.code)).toEqual(['LM']);

    expect(await call<number>(t.app, 'cust.test', 'GET', '/auth/user/isempty')).toEqual({ status: 200, body: 1 });
    expect((await call<TenantRequestResult>(t.app, 'cust.test', 'GET', '/auth/tenantrequest/GetRequest/cust.test')).body).toEqual({ isLicenseManager: false, globalAgreement: '<p>Customer terms</p>' });
    const first = await createFirstUser(t.app, 'cust.test', 'owner@cust.test', 'Customer 123');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tenant: created.id, role: 'Administrator' });
    const owner = await signIn(t.app, 'cust.test', 'owner@cust.test', 'Customer 123');
    const ownCompanies = await get<List<CompanyListItem>>('/gl/GetCompanies/20', owner, 'cust.test');
    expect(ownCompanies.body).toEqual({ items: [{ id: first.body.company, code: 'HQ', description: 'Customer One Head Office' }], total: 1 });
    const roles = await get<{ items: Role[] }>('/auth/role/getroles', owner, 'cust.test');
    expect(roles.body.items.map((r) => r.name)).toEqual(['Accountant', 'Administrator', 'Viewer']);
    expect((await get<List<Tenant>>('/gl/GetTenants/20', owner, 'cust.test')).body.items.map((x) => x.id)).toEqual([created.id]);

    const taken = await post<ErrorObject>('/gl/SaveTenants', [{ code: 'DUP', name: 'Dup', host: 'cust.test' }], boss, lm.host);
    expect(taken).toEqual({ status: 409, body: { message: 'The host cust.test is already registered to a tenant', statusCode: 409, serverError: 'Conflict' } });
  });
});

describe('the tenant request', () => {
  it('answers isLicenseManager and globalAgreement for a host, and for an unknown one as for a known one with nothing to show', async () => {
    const res = await call<TenantRequestResult>(t.app, tenant.host, 'GET', '/auth/tenantrequest/GetRequest/other.test');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['globalAgreement', 'isLicenseManager']);
    expect(res.body.isLicenseManager).toBe(false);
    expect(res.body.globalAgreement.length).toBeGreaterThan(0);
    const unknown = await call<TenantRequestResult>(t.app, tenant.host, 'GET', '/auth/tenantrequest/GetRequest/nowhere.test');
    expect(unknown).toEqual(res);
    const tooLong = await call<ErrorObject>(t.app, tenant.host, 'GET', `/auth/tenantrequest/GetRequest/${'h'.repeat(254)}`);
    expect(tooLong.status).toBe(400);
    const signedIn = await get<ErrorObject>('/auth/tenantrequest/GetRequest/other.test');
    expect(signedIn.status).toBe(401);
  });
});

describe('companies', () => {
  let branchId: string;

  it('shows the full company of the signed-in user', async () => {
    const res = await get<Company>('/gl/GetFullCompany');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: tenant.companyId, code: 'HQ', description: 'Tenant ORG Head Office', baseCurrency: 'USD', dateFormat: 'dd/mm/yy', locale: 'en-GB', status: 'Active' });
    expect(res.body.accountingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('creates a company and lists and searches it', async () => {
    const res = await post<Company[]>('/gl/SaveCompanies', [
      { code: 'BR1', description: 'Branch 50%_One', baseCurrency: 'eur', accountingDate: '2025-01-31', dateFormat: 'yyyy-mm-dd', locale: 'fr-FR' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ code: 'BR1', description: 'Branch 50%_One', baseCurrency: 'EUR', accountingDate: '2025-01-31', dateFormat: 'yyyy-mm-dd', locale: 'fr-FR', status: 'Active' }),
    ]);
    branchId = res.body[0]!.id;
    const list = await get<List<CompanyListItem>>('/gl/GetCompanies/20');
    expect(list.body).toEqual({
      items: [
        { id: branchId, code: 'BR1', description: 'Branch 50%_One' },
        { id: tenant.companyId, code: 'HQ', description: 'Tenant ORG Head Office' },
      ],
      total: 2,
    });
    expect((await get<List<CompanyListItem>>('/gl/GetCompanies/1')).body).toEqual({ items: [{ id: branchId, code: 'BR1', description: 'Branch 50%_One' }], total: 2 });
    const search = async (text: string) => (await get<List<CompanyListItem>>(`/gl/SearchCompanies/${encodeURIComponent(text)}/20`)).body;
    expect((await search('branch')).items.map((c) => c.id)).toEqual([branchId]);
    expect((await search('hq')).items.map((c) => c.id)).toEqual([tenant.companyId]);
    expect((await search('50%_')).total).toBe(1);
    expect(await search('50_')).toEqual({ items: [], total: 0 });
    expect(await search('Branch%One')).toEqual({ items: [], total: 0 });
    expect((await get<ErrorObject>('/gl/SearchCompanies/x/0')).status).toBe(400);
  });

  it('edits a company, keeping what the edit leaves out', async () => {
    const res = await post<Company[]>('/gl/SaveCompanies', [{ id: branchId, code: 'BR1', description: 'Branch One Renamed', baseCurrency: 'GBP' }]);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ id: branchId, description: 'Branch One Renamed', baseCurrency: 'GBP', accountingDate: '2025-01-31', dateFormat: 'yyyy-mm-dd', locale: 'fr-FR' });
    const [row] = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(companies).where(eq(companies.companyId, branchId)));
    expect(row).toMatchObject({ description: 'Branch One Renamed', baseCurrency: 'GBP' });
  });

  it('refuses an unknown currency (404), a duplicate code (409), an unknown id (404), and saves nothing of the batch', async () => {
    const before = (await get<List<CompanyListItem>>('/gl/GetCompanies/50')).body;
    const currency = await post<ErrorObject>('/gl/SaveCompanies', [{ code: 'BR2', description: 'Branch Two', baseCurrency: 'XYZ' }]);
    expect(currency).toEqual({ status: 404, body: { message: 'Currency XYZ was not found', statusCode: 404, serverError: 'NotFound' } });
    const duplicate = await post<ErrorObject>('/gl/SaveCompanies', [{ code: 'br1', description: 'Another branch' }]);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ statusCode: 409, serverError: 'Conflict' });
    const unknown = await post<ErrorObject>('/gl/SaveCompanies', [{ id: '00000000-0000-4000-8000-000000000000', code: 'ZZ', description: 'Nobody' }]);
    expect(unknown).toEqual({ status: 404, body: { message: 'Company was not found', statusCode: 404, serverError: 'NotFound' } });
    // One transaction per call: the good first row is not kept when the second fails.
    const batch = await post<ErrorObject>('/gl/SaveCompanies', [{ code: 'BR3', description: 'Branch Three' }, { code: 'BR4', description: 'Branch Four', baseCurrency: 'QQQ' }]);
    expect(batch.status).toBe(404);
    expect((await get<List<CompanyListItem>>('/gl/GetCompanies/50')).body).toEqual(before);
  });

  it('refuses bad company input with a message naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [[{ code: 'BR5', description: 'x'.repeat(201) }], /^\[0\]\.description: /],
      [[{ code: 'BR5', description: ' ' }], /^\[0\]\.description: Please supply company description$/],
      [[{ code: '', description: 'Branch' }], /^\[0\]\.code: Please supply company code$/],
      [[{ description: 'Branch' }], /^\[0\]\.code: /],
      [[{ code: 'BR5', description: 'Branch', baseCurrency: 'EURO' }], /^\[0\]\.baseCurrency: /],
      [[{ code: 'BR5', description: 'Branch', accountingDate: '31/01/2025' }], /^\[0\]\.accountingDate: /],
      [[{ code: 'BR5', description: 'Branch', dateFormat: 'yy' }], /^\[0\]\.dateFormat: /],
      [[{ code: 'BR5', description: 'Branch', status: 'Gone' }], /^\[0\]\.status: /],
      [[{ code: 'OK', description: 'Fine' }, { code: 7, description: 'Branch' }], /^\[1\]\.code: /],
      [[], /./],
    ];
    for (const [body, message] of cases) {
      const res = await post<ErrorObject>('/gl/SaveCompanies', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, serverError: 'ValidationError' });
      expect(res.body.message).toMatch(message);
    }
    expect((await get<List<CompanyListItem>>('/gl/GetCompanies/50')).body.items.map((c) => c.code)).toEqual(['BR1', 'HQ']);
  });
});

describe('currencies and locales', () => {
  it('lists currencies in code order, honouring count', async () => {
    const all = await get<List<Currency>>('/gl/GetCurrencies/500');
    expect(all.status).toBe(200);
    expect(all.body.items.length).toBeGreaterThan(20);
    expect(all.body.total).toBe(all.body.items.length);
    const codes = all.body.items.map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP', 'NGN']));
    const five = await get<List<Currency>>('/gl/GetCurrencies/5');
    expect(five.body).toEqual({ items: all.body.items.slice(0, 5), total: all.body.total });
    expect(all.body.items.find((c) => c.code === 'JPY')).toEqual({ code: 'JPY', name: 'Yen', symbol: '¥', minorUnit: 0, status: 'Active' });
    expect(all.body.items.find((c) => c.code === 'KWD')?.minorUnit).toBe(3);
    expect((await get<ErrorObject>('/gl/GetCurrencies/0')).status).toBe(400);
  });

  it('lists locales with readable names', async () => {
    const res = await get<Locale[]>('/gl/getlocales');
    expect(res.status).toBe(200);
    expect(res.body.map((l) => l.code)).toEqual(expect.arrayContaining(['en-GB', 'en-US', 'fr-FR']));
    expect(res.body.find((l) => l.code === 'fr-FR')?.name).toMatch(/French/);
    expect(new Set(res.body.map((l) => l.code)).size).toBe(res.body.length);
  });
});

describe('access', () => {
  let clerk: Session;
  const clerkMail = 'clerk@org.test';

  it('refuses an operation the role lacks while the page itself works', async () => {
    const role = await post<Role>('/auth/role', { name: 'Organisation reader' });
    expect(role.status).toBe(200);
    const granted = await post<Role>('/auth/permission', {
      roleId: role.body.id,
      permissions: [{ name: 'Admin', routes: [{ name: 'Organisation', pages: [{ link: '/organisation-structure', operations: [] }] }] }],
    });
    expect(granted.status).toBe(200);
    const p = await transformPassword('Clerk 123');
    const created = await post<UserView>(`/auth/user/create/${p}`, { name: 'Clerk', mailAddress: clerkMail, password: p, confirmPassword: p, roleID: role.body.id });
    expect(created.status).toBe(200);
    clerk = await signIn(t.app, tenant.host, clerkMail, 'Clerk 123');

    const tenants = await get<List<Tenant>>('/gl/GetTenants/20', clerk);
    expect(tenants.status).toBe(200);
    expect(tenants.body.items.map((x) => x.id)).toEqual([tenant.tenantId]);
    expect((await get<Company>('/gl/GetFullCompany', clerk)).body.id).toBe(tenant.companyId);

    const save = await post<ErrorObject>('/gl/SaveCompanies', [{ code: 'CLK', description: 'By the clerk' }], clerk);
    expect(save).toEqual({ status: 403, body: { message: 'You are not permitted to do this (SaveCompany)', statusCode: 403, serverError: 'Forbidden' } });
    const edit = await post<ErrorObject>('/gl/SaveCompanies', [{ id: tenant.companyId, code: 'HQ', description: 'Renamed by the clerk' }], clerk);
    expect(edit.body.message).toBe('You are not permitted to do this (EditCompany)');
    const tenantEdit = await post<ErrorObject>('/gl/SaveTenants', [{ id: tenant.tenantId, code: 'ORG', name: 'Clerk', host: tenant.host }], clerk);
    expect(tenantEdit.body.message).toBe('You are not permitted to do this (EditTenant)');
    const roles = await get<ErrorObject>('/auth/role/getroles', clerk);
    expect(roles).toEqual({ status: 403, body: { message: 'You are not permitted to do this', statusCode: 403, serverError: 'Forbidden' } });

    const list = await get<List<CompanyListItem>>('/gl/GetCompanies/50');
    expect(list.body.items.map((c) => c.code)).toEqual(['BR1', 'HQ']);
    expect((await get<Company>('/gl/GetFullCompany')).body.description).toBe('Tenant ORG Head Office');
    expect((await get<List<Tenant>>('/gl/GetTenants/5')).body.items[0]!.name).toBe('Org 100% Sure_Thing');
  });

  it('refuses an expired token, a token of another key and a missing tenant header (401)', async () => {
    const fresh = await forgeAccess(admin, nowSeconds() + 600);
    expect((await get<Company>('/gl/GetFullCompany', fresh)).body.id).toBe(tenant.companyId);

    const expired = await forgeAccess(admin, nowSeconds() - 60);
    const res = await get<ErrorObject>('/gl/GetFullCompany', expired);
    expect(res).toEqual({ status: 401, body: { message: 'Your session has expired, please sign in again', statusCode: 401, serverError: 'Unauthorized' } });
    const otherKey = await forgeAccess(admin, nowSeconds() + 600, 0, new TextEncoder().encode('another-secret-0123456789-0123456789-012345'));
    expect((await get<ErrorObject>('/gl/GetFullCompany', otherKey)).status).toBe(401);
    const noHeader = await t.app.inject({ method: 'GET', url: '/gl/GetFullCompany', headers: { host: tenant.host, authorization: `Bearer ${admin.token}` } });
    expect(noHeader.statusCode).toBe(401);
    expect((JSON.parse(noHeader.body) as ErrorObject).message).toBe('The tenant of the request does not match your session');
    const noBearer = await t.app.inject({ method: 'GET', url: '/gl/GetTenants/5', headers: { host: tenant.host, token: tenant.tenantId } });
    expect(noBearer.statusCode).toBe(401);
    const publicOnly = await call<ErrorObject>(t.app, tenant.host, 'GET', '/gl/GetTenants/5');
    expect(publicOnly).toEqual({ status: 401, body: { message: 'Please sign in', statusCode: 401, serverError: 'Unauthorized' } });
  });

  it("refuses a Disabled user's existing token, even one re-signed with the current version", async () => {
    expect((await get<Company>('/gl/GetFullCompany', clerk)).status).toBe(200);
    const disabled = await post<UserView>('/auth/user/edit', { code: clerk.user.activeUser.code, name: 'Clerk', mailAddress: clerkMail, status: 'Disabled', reason: 'Left' });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ status: 'Disabled', reason: 'Left' });

    const res = await get<ErrorObject>('/gl/GetTenants/5', clerk);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, serverError: 'Unauthorized' });
    const [row] = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(users).where(eq(users.userId, clerk.user.activeUser.code)));
    const current = await forgeAccess(clerk, nowSeconds() + 600, row!.tokenVersion);
    const again = await get<ErrorObject>('/gl/GetFullCompany', current);
    expect(again).toEqual({ status: 401, body: { message: 'Your account is not active, please sign in again', statusCode: 401, serverError: 'Unauthorized' } });
    const signInAgain = await call<ErrorObject>(t.app, tenant.host, 'POST', '/auth/user/validate', { key: clerkMail, value: await transformPassword('Clerk 123') });
    expect(signInAgain.status).toBe(401);
    expect(errorOf(signInAgain).message).toBe('Invalid email address or password');
  });
});
