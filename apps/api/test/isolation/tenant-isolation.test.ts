// Proves tenant isolation: a user of tenant B can read or change nothing of tenant A through any endpoint, whatever ids or headers it sends, nor through SQL as B.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { faces, transformPassword, type Company, type CompanyListItem, type Currency, type ErrorObject, type OtpValidation, type Role, type Tenant, type UserView } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { withSystem, withTenant } from '../../src/platform/db/tenancy';
import { auditLog } from '../../src/platform/audit/audit.tables';
import { mailOutbox } from '../../src/platform/mail/mail.tables';
import { tenantHosts } from '../../src/platform/db/tenancy.tables';
import { oneTimeCodes, rolePermissions, roles, users } from '../../src/modules/auth/index';
import { companies, currencies, tenants } from '../../src/modules/organisation/index';
import { isApiPath } from '../../src/platform/http/guard';
import { declaredRoutes, kitRoutes, knownRoutes, undeclaredRoutes } from '../helpers/routes';
import { adminOf, call, createFirstUser, createTestApp, type Reply, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { insertStatement } from '../cash-management/reconciliation-statements';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Access = 'public' | 'user' | 'public-or-user';
/** One request B makes on its own host with A's ids, and what it may answer (`file`: a download, read as text, not JSON). */
type Attack = { as: 'user' | 'public'; url: string; body?: unknown; status: number[]; file?: true; check?: (body: unknown) => void | Promise<void> };
type Endpoint = { method: Method; route: string; access: Access; attacks: () => Attack[] };
type List<T> = { items: T[]; total: number };

const PASSWORD = 'Correct horse 1';
const REQUESTED = 'If the address belongs to an active user, a code has been sent to it';
const INVALID_CODE = 'The code is not valid or has expired; please request a new one';

let t: TestApp;
let a: { tenant: TestTenant; admin: Session };
let b: { tenant: TestTenant; admin: Session };
/** What A holds that B must never see or touch. */
/** Transformed passwords: a made-up one, and B's real one (so a wrong-address change gets past the password check). */
let pw: { spy: string; b: string };
let A: { mail: string; userId: string; adminRoleId: string; viewerRoleId: string; secretCompanyId: string; code: string; changeToken: string; roleIds: string[]; fiscalYearId: string; periodId: string; sequenceId: string; accountId: string; journalId: string; draftId: string; icJournalId: string; icTemplateId: string; templateId: string; recurringId: string };

/** Sends a request with exactly the headers given (the helper `call` always sends the matching ones). */
async function send<T = unknown>(method: Method, url: string, headers: Record<string, string>, payload?: unknown): Promise<Reply<T>> {
  const options: InjectOptions = { method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) };
  const res = await t.app.inject(options);
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as T) : (undefined as T) };
}

const asA = <T>(method: Method, url: string, body?: unknown) => call<T>(t.app, a.tenant.host, method, url, body, a.admin);
const asB = <T>(method: Method, url: string, body?: unknown) => call<T>(t.app, b.tenant.host, method, url, body, b.admin);
/** A download as B (exports answer CSV, not JSON). */
const fileAsB = async (url: string): Promise<Reply<string>> => {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: b.tenant.host, authorization: `Bearer ${b.admin.token}`, token: b.tenant.tenantId } });
  return { status: res.statusCode, body: res.body };
};
const bOutbox = () => withTenant(t.platform.database.db, { tenantId: b.tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(mailOutbox));

/** A's rows of every table under the tenant policy (read from the catalogue: a new module's tables are in it), read as A in SQL, in a stable order: the proof that nothing changed. */
async function sqlSnapshotOfA(): Promise<Record<string, string[]>> {
  const db = t.platform.database.db;
  const tables = await withSystem(db, async (tx) =>
    // pg_policy itself, not the pg_policies view: the view renders every policy's expression of every schema, and another
    // test file dropping its schema at the same moment makes that fail ("relation pg_toast_… does not exist").
    rowsOf<{ t: string }>(await tx.execute(sql`select c.relname as t from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and p.polname = 'tenant_isolation' and has_table_privilege('erp_app', c.oid, 'SELECT') order by 1`)).map((row) => row.t));
  expect(tables.length).toBeGreaterThan(40);
  const snapshot: Record<string, string[]> = {};
  await withTenant(db, { tenantId: a.tenant.tenantId, companies: 'all' }, async (tx) => {
    for (const table of tables) snapshot[table] = rowsOf<{ r: string }>(await tx.execute(sql.raw(`select row_to_json(x)::text as r from ${table} x`))).map((row) => row.r).sort();
  });
  snapshot.hosts = (await withSystem(db, (tx) => tx.select().from(tenantHosts).where(eq(tenantHosts.tenantId, a.tenant.tenantId)))).map((r) => JSON.stringify(r)).sort();
  return snapshot;
}

/** A's data as A reads it through the API: users, roles with permissions, companies, tenant, currencies. */
async function apiSnapshotOfA() {
  const roleList = (await asA<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items;
  return {
    users: (await asA<List<UserView>>('GET', '/auth/user/getbyrole/all/*/500')).body,
    roles: await Promise.all(roleList.map(async (r) => (await asA<Role>('GET', `/auth/role/get/${r.id}`)).body)),
    companies: (await asA<List<CompanyListItem>>('GET', '/gl/GetCompanies/500')).body,
    company: (await asA<Company>('GET', '/gl/GetFullCompany')).body,
    tenants: (await asA<List<Tenant>>('GET', '/gl/GetTenants/500')).body,
    currencies: (await asA<List<Currency>>('GET', '/gl/GetCurrencies/500')).body,
  };
}

/** Fails when an answer to B carries anything that identifies A's rows. */
function expectNothingOfA(body: unknown, what: string): void {
  const text = JSON.stringify(body ?? null);
  const markers = [a.tenant.tenantId, a.tenant.companyId, A.userId, A.secretCompanyId, ...A.roleIds, A.mail, 'ASECRET', 'Secret of A', 'Tenant ISOA', 'isoa.test'];
  for (const marker of markers) expect(text, `${what} leaks ${marker}`).not.toContain(marker);
}

const none = (body: unknown) => expect(body).toEqual({ items: [], total: 0 });
const onlyB = (body: unknown) => {
  const { items } = body as List<{ tenant: string }>;
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) expect(item.tenant).toBe(b.tenant.tenantId);
};

/** Every hand-written route the modules' manifests declare, with B's attacks on A through it (the kit's entity routes are the kit suite's). */
/** A's bank statement (its line), filled by the set-up below. */
const REC: Record<string, string> = {};
const endpoints: Endpoint[] = [
  { method: 'GET', route: '/auth/user/isempty', access: 'public', attacks: () => [{ as: 'public', url: '/auth/user/isempty', status: [200], check: (body) => expect(body).toBe(0) }] },
  {
    method: 'POST', route: '/auth/user/createfirst/:password', access: 'public', attacks: () => [
      { as: 'public', url: `/auth/user/createfirst/${pw.spy}`, body: { name: 'Intruder', mailAddress: 'intruder@isob.test', password: pw.spy, confirmPassword: pw.spy, tenant: a.tenant.tenantId, company: a.tenant.companyId, roleID: A.adminRoleId }, status: [409] },
    ],
  },
  {
    method: 'POST', route: '/auth/user/validate', access: 'public', attacks: () => [
      { as: 'public', url: '/auth/user/validate', body: { key: A.mail, value: pw.spy }, status: [401], check: (body) => expect((body as ErrorObject).message).toBe('Invalid email address or password') },
    ],
  },
  {
    method: 'POST', route: '/auth/user/create/:password', access: 'user', attacks: () => [
      { as: 'user', url: `/auth/user/create/${pw.spy}`, body: { name: 'Spy', mailAddress: 'spy@isob.test', password: pw.spy, confirmPassword: pw.spy, roleID: A.viewerRoleId }, status: [404] },
      { as: 'user', url: `/auth/user/create/${pw.spy}`, body: { name: 'Spy', mailAddress: 'spy@isob.test', password: pw.spy, confirmPassword: pw.spy, roleID: b.admin.user.parentRole.id, company: a.tenant.companyId }, status: [404] },
      // A tenant id in the body is not the tenant: the user lands in B.
      {
        as: 'user', url: `/auth/user/create/${pw.spy}`, body: { name: 'Spy', mailAddress: 'spy@isob.test', password: pw.spy, confirmPassword: pw.spy, roleID: b.admin.user.parentRole.id, tenant: a.tenant.tenantId }, status: [200],
        check: (body) => expect(body).toMatchObject({ tenant: b.tenant.tenantId, company: b.tenant.companyId }),
      },
    ],
  },
  {
    method: 'POST', route: '/auth/user/edit', access: 'user', attacks: () => [
      { as: 'user', url: '/auth/user/edit', body: { code: A.userId, name: 'Hacked', mailAddress: A.mail, status: 'Disabled' }, status: [404] },
      { as: 'user', url: '/auth/user/edit', body: { code: b.admin.user.activeUser.code, name: 'B admin', mailAddress: b.admin.user.mailAddress, roleID: A.adminRoleId }, status: [404] },
      { as: 'user', url: '/auth/user/edit', body: { code: b.admin.user.activeUser.code, name: 'B admin', mailAddress: b.admin.user.mailAddress, company: a.tenant.companyId }, status: [404] },
    ],
  },
  {
    method: 'GET', route: '/auth/user/getbyrole/:role/:search/:count', access: 'user', attacks: () => [
      { as: 'user', url: `/auth/user/getbyrole/${A.adminRoleId}/*/500`, status: [200], check: none },
      { as: 'user', url: '/auth/user/getbyrole/all/isoa/500', status: [200], check: none },
      { as: 'user', url: '/auth/user/getbyrole/all/*/500', status: [200], check: onlyB },
    ],
  },
  {
    method: 'POST', route: '/auth/user/changepassword', access: 'public-or-user', attacks: () => [
      { as: 'public', url: '/auth/user/changepassword', body: { user: { mailAddress: A.mail }, newPassword: pw.spy, changeToken: A.changeToken }, status: [422], check: (body) => expect((body as ErrorObject).message).toBe(INVALID_CODE) },
      { as: 'user', url: '/auth/user/changepassword', body: { user: { mailAddress: A.mail }, newPassword: pw.spy, changeToken: A.changeToken }, status: [422] },
      { as: 'user', url: '/auth/user/changepassword', body: { user: { mailAddress: A.mail, value: pw.b }, newPassword: pw.spy }, status: [422], check: (body) => expect((body as ErrorObject).message).toBe(INVALID_CODE) },
    ],
  },
  {
    method: 'GET', route: '/auth/user/requestpasswordchange/:mail', access: 'public', attacks: () => [
      {
        as: 'public', url: `/auth/user/requestpasswordchange/${encodeURIComponent(A.mail)}`, status: [200],
        check: async (body) => {
          expect(body).toEqual({ message: REQUESTED });
          expect(await bOutbox()).toEqual([]);
        },
      },
    ],
  },
  {
    method: 'GET', route: '/auth/user/validateotp/:mail/:otp', access: 'public', attacks: () => [
      { as: 'public', url: `/auth/user/validateotp/${encodeURIComponent(A.mail)}/${A.code}`, status: [422], check: (body) => expect((body as ErrorObject).message).toBe(INVALID_CODE) },
    ],
  },
  {
    method: 'GET', route: '/auth/role/getroles', access: 'user', attacks: () => [
      {
        as: 'user', url: '/auth/role/getroles', status: [200],
        check: (body) => expect((body as { items: Role[] }).items.map((r) => r.name).sort()).toEqual(['Accountant', 'Administrator', 'Viewer']),
      },
    ],
  },
  {
    method: 'GET', route: '/auth/role/get/:id', access: 'user', attacks: () => [
      { as: 'user', url: `/auth/role/get/${A.viewerRoleId}`, status: [404] },
      { as: 'user', url: `/auth/role/get/${A.adminRoleId}`, status: [404] },
    ],
  },
  {
    method: 'POST', route: '/auth/role', access: 'user', attacks: () => [
      { as: 'user', url: '/auth/role', body: { id: A.viewerRoleId, name: 'Hacked', description: 'by B' }, status: [404] },
      { as: 'user', url: '/auth/role', body: { id: A.adminRoleId, name: 'Administrator', description: 'by B' }, status: [404] },
    ],
  },
  {
    method: 'POST', route: '/auth/permission', access: 'user', attacks: () => [
      { as: 'user', url: '/auth/permission', body: { roleId: A.viewerRoleId, permissions: [] }, status: [404] },
      {
        as: 'user', url: '/auth/permission', status: [404],
        body: { roleId: A.viewerRoleId, permissions: [{ name: 'Admin', routes: [{ name: 'Security', pages: [{ link: '/role', operations: ['SaveUser', 'EditUser'] }] }] }] },
      },
    ],
  },
  {
    method: 'GET', route: '/auth/tenantrequest/GetRequest/:host', access: 'public', attacks: () => [
      // Public by design (the create-admin page shows the host's agreement): it answers those two fields and nothing else.
      { as: 'public', url: `/auth/tenantrequest/GetRequest/${a.tenant.host}`, status: [200], check: (body) => expect(Object.keys(body as object).sort()).toEqual(['globalAgreement', 'isLicenseManager']) },
    ],
  },
  {
    method: 'GET', route: '/gl/GetTenants/:count', access: 'user', attacks: () => [
      { as: 'user', url: '/gl/GetTenants/500', status: [200], check: (body) => expect((body as List<Tenant>).items.map((x) => x.id)).toEqual([b.tenant.tenantId]) },
    ],
  },
  {
    method: 'GET', route: '/gl/SearchTenants/:text/false/:count', access: 'user', attacks: () => [
      { as: 'user', url: '/gl/SearchTenants/ISOA/false/500', status: [200], check: none },
      { as: 'user', url: '/gl/SearchTenants/Tenant/false/500', status: [200], check: (body) => expect((body as List<Tenant>).items.map((x) => x.id)).toEqual([b.tenant.tenantId]) },
    ],
  },
  {
    method: 'POST', route: '/gl/SaveTenants', access: 'user', attacks: () => [
      { as: 'user', url: '/gl/SaveTenants', body: [{ id: a.tenant.tenantId, code: 'ISOA', name: 'Hacked', host: 'hacked.test', globalAgreement: 'by B' }], status: [404] },
      { as: 'user', url: '/gl/SaveTenants', body: [{ id: b.tenant.tenantId, code: 'ISOB', name: 'Tenant ISOB', host: a.tenant.host }], status: [409] },
      { as: 'user', url: '/gl/SaveTenants', body: [{ code: 'ISOA', name: 'Copy', host: 'isoa-copy.test', isLicenseManager: true }], status: [403] },
    ],
  },
  {
    method: 'GET', route: '/gl/GetCompanies/:count', access: 'user', attacks: () => [
      { as: 'user', url: '/gl/GetCompanies/500', status: [200], check: (body) => expect((body as List<CompanyListItem>).items.map((c) => c.id)).toEqual([b.tenant.companyId]) },
    ],
  },
  {
    method: 'GET', route: '/gl/SearchCompanies/:text/:count', access: 'user', attacks: () => [
      { as: 'user', url: '/gl/SearchCompanies/ASECRET/500', status: [200], check: none },
      { as: 'user', url: '/gl/SearchCompanies/Secret/500', status: [200], check: none },
    ],
  },
  {
    method: 'GET', route: '/gl/GetFullCompany', access: 'user', attacks: () => [
      { as: 'user', url: `/gl/GetFullCompany?companyId=${a.tenant.companyId}&tenantId=${a.tenant.tenantId}`, status: [200], check: (body) => expect((body as Company).id).toBe(b.tenant.companyId) },
    ],
  },
  {
    method: 'POST', route: '/gl/SaveCompanies', access: 'user', attacks: () => [
      { as: 'user', url: '/gl/SaveCompanies', body: [{ id: a.tenant.companyId, code: 'HQ', description: 'Hacked by B' }], status: [404] },
      { as: 'user', url: '/gl/SaveCompanies', body: [{ id: A.secretCompanyId, code: 'ASECRET', description: 'Hacked by B' }], status: [404] },
      // A's own currency does not exist for B.
      { as: 'user', url: '/gl/SaveCompanies', body: [{ code: 'BX', description: 'B branch', baseCurrency: 'AAA' }], status: [404], check: (body) => expect((body as ErrorObject).message).toBe('Currency AAA was not found') },
    ],
  },
  {
    method: 'GET', route: '/gl/GetCurrencies/:count', access: 'user', attacks: () => [
      { as: 'user', url: '/gl/GetCurrencies/500', status: [200], check: (body) => expect((body as List<Currency>).items.map((c) => c.code)).not.toContain('AAA') },
    ],
  },
  { method: 'GET', route: '/gl/getlocales', access: 'user', attacks: () => [{ as: 'user', url: '/gl/getlocales', status: [200] }] },
  { method: 'GET', route: '/auth/user/me', access: 'user', attacks: () => [{ as: 'user', url: '/auth/user/me', status: [200], check: (body) => expect((body as UserView).tenant).toBe(b.tenant.tenantId) }] },
  { method: 'GET', route: '/gl/GetCompany/:id', access: 'user', attacks: () => [{ as: 'user', url: `/gl/GetCompany/${A.secretCompanyId}`, status: [404] }, { as: 'user', url: `/gl/GetCompany/${a.tenant.companyId}`, status: [404] }] },
  { method: 'GET', route: '/gl/fiscal-years/:id/periods', access: 'user', attacks: () => [{ as: 'user', url: `/gl/fiscal-years/${A.fiscalYearId}/periods`, status: [404] }] },
  { method: 'POST', route: '/gl/fiscal-years/:id/periods', access: 'user', attacks: () => [{ as: 'user', url: `/gl/fiscal-years/${A.fiscalYearId}/periods`, body: { pattern: 'monthly' }, status: [404] }] },
  { method: 'POST', route: '/gl/accounting-periods/:id/status', access: 'user', attacks: () => [{ as: 'user', url: `/gl/accounting-periods/${A.periodId}/status`, body: { status: 'Locked' }, status: [404] }] },
  { method: 'POST', route: '/gl/number-sequences/:id/preview', access: 'user', attacks: () => [{ as: 'user', url: `/gl/number-sequences/${A.sequenceId}/preview`, body: { date: '2026-05-01' }, status: [404] }] },
  { method: 'POST', route: '/gl/number-sequences/:id/take', access: 'user', attacks: () => [{ as: 'user', url: `/gl/number-sequences/${A.sequenceId}/take`, body: { date: '2026-05-01' }, status: [404] }] },
  { method: 'GET', route: '/gl/journals', access: 'user', attacks: () => [{ as: 'user', url: '/gl/journals?limit=500', status: [200], check: (body) => expect((body as List<{ id: string }>).items.map((j) => j.id)).not.toContain(A.journalId) }] },
  { method: 'POST', route: '/gl/journals', access: 'user', attacks: () => [{ as: 'user', url: '/gl/journals', body: { journalDate: '2026-03-03', description: 'x', lines: [{ account: A.accountId, currency: 'USD', debit: '1' }, { account: A.accountId, currency: 'USD', credit: '1' }] }, status: [422] }] },
  { method: 'POST', route: '/gl/journals/post', access: 'user', attacks: () => [{ as: 'user', url: '/gl/journals/post', body: { journalDate: '2026-03-03', description: 'x', lines: [{ account: A.accountId, currency: 'USD', debit: '1' }, { account: A.accountId, currency: 'USD', credit: '1' }] }, status: [422] }] },
  { method: 'POST', route: '/gl/journals/check', access: 'user', attacks: () => [{ as: 'user', url: '/gl/journals/check', body: { journalDate: '2026-03-03', description: 'x', lines: [{ account: A.accountId, currency: 'USD', debit: '1' }, { account: A.accountId, currency: 'USD', credit: '1' }] }, status: [422] }] },
  { method: 'GET', route: '/gl/journals/:id', access: 'user', attacks: () => [{ as: 'user', url: `/gl/journals/${A.journalId}`, status: [404] }] },
  { method: 'PUT', route: '/gl/journals/:id', access: 'user', attacks: () => [{ as: 'user', url: `/gl/journals/${A.draftId}`, body: { journalDate: '2026-03-03', description: 'x', lines: [{ account: A.accountId, currency: 'USD', debit: '1' }, { account: A.accountId, currency: 'USD', credit: '1' }] }, status: [404] }] },
  { method: 'DELETE', route: '/gl/journals/:id', access: 'user', attacks: () => [{ as: 'user', url: `/gl/journals/${A.draftId}`, status: [404] }] },
  { method: 'POST', route: '/gl/journals/:id/validate', access: 'user', attacks: () => [{ as: 'user', url: `/gl/journals/${A.draftId}/validate`, status: [404] }] },
  { method: 'POST', route: '/gl/journals/:id/post', access: 'user', attacks: () => [{ as: 'user', url: `/gl/journals/${A.draftId}/post`, status: [404] }] },
  { method: 'POST', route: '/gl/journals/:id/reverse', access: 'user', attacks: () => [{ as: 'user', url: `/gl/journals/${A.journalId}/reverse`, body: { date: '2026-03-04' }, status: [404] }] },
  { method: 'GET', route: '/gl/trial-balance', access: 'user', attacks: () => [{ as: 'user', url: '/gl/trial-balance?from=2026-01-01&to=2026-12-31', status: [200], check: (body) => expect(JSON.stringify(body)).not.toContain('77.00') }] },
  { method: 'GET', route: '/gl/chart-balances', access: 'user', attacks: () => [{ as: 'user', url: '/gl/chart-balances?asOf=2026-12-31', status: [200], check: (body) => expect(JSON.stringify(body)).not.toContain(A.accountId) }] },
  { method: 'GET', route: '/gl/subledger-tieout', access: 'user', attacks: () => [{ as: 'user', url: '/gl/subledger-tieout?asOf=2026-12-31', status: [200], check: (body) => expect(JSON.stringify(body)).not.toContain(A.accountId) }] },
  { method: 'GET', route: '/gl/accounts/:id/transactions', access: 'user', attacks: () => [{ as: 'user', url: `/gl/accounts/${A.accountId}/transactions?from=2026-01-01&to=2026-12-31`, status: [404] }] },
  { method: 'GET', route: '/gl/company-config', access: 'user', attacks: () => [{ as: 'user', url: '/gl/company-config', status: [200] }] },
  {
    method: 'PUT', route: '/gl/company-config', access: 'user', attacks: () => [
      { as: 'user', url: '/gl/company-config', body: { retainedEarningsAccount: A.accountId, roundingAccount: null, realisedFxGainAccount: null, realisedFxLossAccount: null, unrealisedFxAccount: null, suspenseAccount: null, exchangeAccount: null, journalSequence: A.sequenceId }, status: [404] },
    ],
  },
  {
    method: 'GET', route: '/admin/audit-trail', access: 'user', attacks: () => [
      { as: 'user', url: `/admin/audit-trail?entity=company&recordId=${A.secretCompanyId}`, status: [200], check: (body) => expect(body).toEqual({ items: [], labels: {} }) },
      { as: 'user', url: `/admin/audit-trail?userId=${A.userId}&limit=200`, status: [200], check: (body) => expect(body).toEqual({ items: [], labels: {} }) },
      { as: 'user', url: `/admin/audit-trail?entity=journal&recordId=${A.journalId}`, status: [200], check: (body) => expect(body).toEqual({ items: [], labels: {} }) },
      { as: 'user', url: '/admin/audit-trail?search=Secret%20of%20A&limit=200', status: [200], check: (body) => expect(body).toEqual({ items: [], labels: {} }) },
      {
        as: 'user', url: '/admin/audit-trail?limit=200', status: [200],
        check: (body) => {
          const { items } = body as { items: { user: { id: string } | null }[] };
          expect(items.length).toBeGreaterThan(0);
          for (const item of items) expect([null, b.admin.user.activeUser.code]).toContain(item.user?.id ?? null);
          // The record labels of B's page name none of A's records.
          const { labels } = body as { labels: Record<string, string> };
          for (const id of [A.secretCompanyId, A.userId, A.journalId]) expect(labels[id]).toBeUndefined();
        },
      },
    ],
  },
  { method: 'GET', route: '/admin/audit-trail/entities', access: 'user', attacks: () => [{ as: 'user', url: '/admin/audit-trail/entities', status: [200], check: (body) => expect((body as { items: string[] }).items).not.toContain('journal') }] },
  {
    method: 'GET', route: '/admin/audit-trail/export', access: 'user', attacks: () => [
      { as: 'user', url: '/admin/audit-trail/export?search=Secret%20of%20A', file: true, status: [200], check: (body) => expect((body as string).trim().split('\r\n')).toHaveLength(1) },
      { as: 'user', url: `/admin/audit-trail/export?recordId=${A.journalId}`, file: true, status: [200], check: (body) => expect((body as string).trim().split('\r\n')).toHaveLength(1) },
      { as: 'user', url: '/admin/audit-trail/export', file: true, status: [200], check: (body) => expect((body as string).split('\r\n').length).toBeGreaterThan(2) },
    ],
  },
  {
    method: 'GET', route: '/admin/service-monitor', access: 'user', attacks: () => [
      // A has a mail in its outbox (the code it asked for); B's monitor counts only B's.
      { as: 'user', url: '/admin/service-monitor', status: [200], check: (body) => expect((body as { mail: { counts: object } }).mail.counts).toEqual({ queued: 0, outbox: 0, sent: 0, failed: 0 }) },
    ],
  },
  ...intercompanyEndpoints(),
  ...ledgerToolEndpoints(),
  ...workflowDefinitionEndpoints(),
  ...workflowRunningEndpoints(),
  ...invoiceEndpoints(),
  ...fixedAssetEndpoints(),
  ...paymentEndpoints(),
  ...recurringAndFailedEndpoints(),
  ...fundTransferEndpoints(),
  ...reconciliationEndpoints(),
  ...statementEndpoints(),
  ...forecastEndpoints(),
  ...paymentRunEndpoints(),
];

/** The reconciliation of a statement (issue 17): B aims at A's statement, its line and A's journal. */
function reconciliationEndpoints(): Endpoint[] {
  const base = '/cm/reconciliations/:id';
  const url = (rest = '') => `/cm/reconciliations/${REC.statement}${rest}`;
  const post = (route: string, rest: string, body: () => unknown = () => ({})): Endpoint => ({ method: 'POST', route: `${base}${route}`, access: 'user', attacks: () => [{ as: 'user', url: url(rest.replace(':matchId', REC.statement!)), body: body(), status: [404] }] });
  return [
    { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: url(), status: [404] }] },
    { method: 'GET', route: `${base}/report`, access: 'user', attacks: () => [{ as: 'user', url: url('/report'), status: [404] }] },
    { method: 'GET', route: `${base}/report/file`, access: 'user', attacks: () => [{ as: 'user', url: url('/report/file?format=xlsx'), status: [404] }] },
    post('/run', '/run'),
    post('/close', '/close'),
    post('/undo', '/undo', () => ({ reason: 'spying' })),
    post('/matches', '/matches', () => ({ statementLineIds: [REC.line], ledgerLines: [{ journalId: A.journalId, lineNo: 1 }] })),
    post('/matches/:matchId/accept', '/matches/:matchId/accept'),
    post('/matches/:matchId/reject', '/matches/:matchId/reject'),
    post('/entries', '/entries', () => ({ statementLineId: REC.line, kind: 'Fee' })),
  ];
}

/** Statement import on /bank-reconciliations: B names A's bank (uploads carry no file: the bank is refused first). */
function statementEndpoints(): Endpoint[] {
  const noneOfA = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/Secret of A|ASECRET/);
  const mapping = () => ({ dateColumn: 'Date', amountColumn: 'Amount' });
  return [
    { method: 'GET', route: '/cm/bank-statements', access: 'user', attacks: () => [{ as: 'user', url: `/cm/bank-statements?limit=100&bank=${APAR.bank}`, status: [200], check: noneOfA }] },
    { method: 'GET', route: '/cm/bank-statements/export', access: 'user', attacks: () => [{ as: 'user', url: '/cm/bank-statements/export?format=csv', file: true, status: [200], check: noneOfA }] },
    { method: 'POST', route: '/cm/bank-statements/preview', access: 'user', attacks: () => [{ as: 'user', url: `/cm/bank-statements/preview?bank=${APAR.bank}&fileName=x.940`, status: [404] }] },
    { method: 'POST', route: '/cm/bank-statements/import', access: 'user', attacks: () => [{ as: 'user', url: `/cm/bank-statements/import?bank=${APAR.bank}&fileName=x.940`, status: [404] }] },
    { method: 'GET', route: '/cm/statement-mappings/:bankId', access: 'user', attacks: () => [{ as: 'user', url: `/cm/statement-mappings/${APAR.bank}`, status: [404] }] },
    { method: 'PUT', route: '/cm/statement-mappings/:bankId', access: 'user', attacks: () => [{ as: 'user', url: `/cm/statement-mappings/${APAR.bank}`, body: mapping(), status: [404] }] },
  ];
}

/** The cash-flow forecast (issue 17): B names A's saved forecast (404) or A's bank (nothing of A's). */
function forecastEndpoints(): Endpoint[] {
  const F = '/cm/cashflow-forecast';
  const noneOfA = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/Secret of A|ASECRET|66\.00/);
  const ofBank = () => `scope=Bank&bank=${APAR.bank}&startDate=2026-03-02&granularity=Week&periods=4`;
  return [
    // The banks' revaluation (issue 17): none of A's; a day that ends no period of B's is refused before anything is read.
    { method: 'GET', route: '/cm/bank-revaluations', access: 'user', attacks: () => [{ as: 'user', url: '/cm/bank-revaluations?limit=200', status: [200], check: (b) => expect(b).toMatchObject({ items: [], total: 0 }) }] },
    { method: 'GET', route: '/cm/bank-revaluations/:id', access: 'user', attacks: () => [{ as: 'user', url: `/cm/bank-revaluations/${APAR.bank}`, status: [404] }] },
    ...['/check', ''].map((tail): Endpoint => ({ method: 'POST', route: `/cm/bank-revaluations${tail}`, access: 'user', attacks: () => [{ as: 'user', url: `/cm/bank-revaluations${tail}`, body: { date: '2026-03-15' }, status: [422] }] })),
    { method: 'GET', route: F, access: 'user', attacks: () => [
      { as: 'user', url: `${F}?forecast=${APAR.forecast}`, status: [404] },
      { as: 'user', url: `${F}?${ofBank()}`, status: [200], check: (b) => (expect(b).toMatchObject({ banks: [], currencies: [] }), noneOfA(b)) },
    ] },
    { method: 'GET', route: `${F}/items`, access: 'user', attacks: () => [
      { as: 'user', url: `${F}/items?forecast=${APAR.forecast}&currency=USD&bucket=1`, status: [404] },
      { as: 'user', url: `${F}/items?${ofBank()}&currency=USD&bucket=1`, status: [200], check: (b) => expect(b).toEqual({ items: [], total: 0 }) },
    ] },
    { method: 'GET', route: `${F}/export`, access: 'user', attacks: () => [
      { as: 'user', url: `${F}/export?forecast=${APAR.forecast}`, status: [404] },
      { as: 'user', url: `${F}/export?${ofBank()}`, file: true, status: [200], check: noneOfA },
    ] },
  ];
}

/** A's asset (ids by name), filled by the set-up below. */
const FA: Record<string, string> = {};
/** An asset's schedule and activation, and the depreciation runs: B aims at A's asset and run. */
function fixedAssetEndpoints(): Endpoint[] {
  const runs = '/fa/depreciation-runs';
  const noneOfA = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/Secret of A/);
  return [
    { method: 'GET', route: runs, access: 'user', attacks: () => [{ as: 'user', url: `${runs}?limit=500`, status: [200], check: noneOfA }] },
    { method: 'GET', route: `${runs}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${runs}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
    { method: 'POST', route: runs, access: 'user', attacks: () => [{ as: 'user', url: runs, body: { period: '2026-03-31', assetClass: FA.assetClass }, status: [422] }] },
    { method: 'GET', route: `${runs}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${runs}/${FA.run}`, status: [404] }] },
    { method: 'GET', route: `${runs}/:id/entry`, access: 'user', attacks: () => [{ as: 'user', url: `${runs}/${FA.run}/entry`, status: [404] }] },
    { method: 'PUT', route: `${runs}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${runs}/${FA.run}`, body: { period: '2026-03-31' }, status: [404] }] },
    { method: 'DELETE', route: `${runs}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${runs}/${FA.run}`, status: [404] }] },
    { method: 'POST', route: `${runs}/:id/post`, access: 'user', attacks: () => [{ as: 'user', url: `${runs}/${FA.run}/post`, status: [404] }] },
    { method: 'POST', route: `${runs}/:id/reverse`, access: 'user', attacks: () => [{ as: 'user', url: `${runs}/${FA.run}/reverse`, body: { date: '2026-03-31' }, status: [404] }] },
    { method: 'POST', route: `${runs}/:id/submit`, access: 'user', attacks: () => [{ as: 'user', url: `${runs}/${FA.run}/submit`, body: {}, status: [404] }] },
    ...disposalEndpoints(noneOfA),
    ...revaluationEndpoints(noneOfA),
    ...splitEndpoints(noneOfA),
    ...insuranceEndpoints(noneOfA),
    { method: 'GET', route: '/fa/assets/:id/schedule', access: 'user', attacks: () => [{ as: 'user', url: `/fa/assets/${FA.asset}/schedule`, status: [404] }] },
    { method: 'POST', route: '/fa/asset-stocks/:id/issue', access: 'user', attacks: () => [{ as: 'user', url: `/fa/asset-stocks/${FA.stock}/issue`, body: { quantity: '1', issueDate: '2026-03-31' }, status: [404] }] },
    { method: 'GET', route: '/fa/asset-stocks/:id/issues', access: 'user', attacks: () => [{ as: 'user', url: `/fa/asset-stocks/${FA.stock}/issues`, status: [404] }] },
    { method: 'POST', route: '/fa/asset-stock-issues/:id/undo', access: 'user', attacks: () => [{ as: 'user', url: `/fa/asset-stock-issues/${FA.stockIssue}/undo`, body: { date: '2026-03-31' }, status: [404] }] },
    { method: 'POST', route: '/fa/assets/:id/activate', access: 'user', attacks: () => [{ as: 'user', url: `/fa/assets/${FA.asset}/activate`, status: [404] }] },
    { method: 'POST', route: '/fa/assets/:id/usage', access: 'user', attacks: () => [{ as: 'user', url: `/fa/assets/${FA.asset}/usage`, body: { period: '2026-03-01', units: 1 }, status: [404] }] },
    { method: 'POST', route: '/fa/assets/:id/change-terms', access: 'user', attacks: () => [{ as: 'user', url: `/fa/assets/${FA.asset}/change-terms`, body: { from: '2026-03-01', cost: '1' }, status: [404] }] },
    { method: 'POST', route: '/fa/assets/:id/capitalise', access: 'user', attacks: () => [{ as: 'user', url: `/fa/assets/${FA.asset}/capitalise`, body: { date: '2026-03-31', amount: '1' }, status: [404] }] },
    { method: 'GET', route: '/fa/assets/:id/capitalisations', access: 'user', attacks: () => [{ as: 'user', url: `/fa/assets/${FA.asset}/capitalisations`, status: [404] }] },
    { method: 'POST', route: '/fa/capitalisations/:id/reverse', access: 'user', attacks: () => [{ as: 'user', url: `/fa/capitalisations/${FA.capitalisation}/reverse`, body: { date: '2026-03-31' }, status: [404] }] },
    { method: 'GET', route: '/fa/capitalisable-invoice-lines', access: 'user', attacks: () => [{ as: 'user', url: `/fa/capitalisable-invoice-lines?vendorInvoice=${APAR['payables.posted']}&all=true`, status: [200], check: (b) => expect(b).toEqual([]) }] },
    { method: 'POST', route: '/fa/vendor-invoice-assets', access: 'user', attacks: () => [{ as: 'user', url: '/fa/vendor-invoice-assets', body: { vendorInvoice: APAR['payables.posted'], assets: [{ lineNo: 1, amount: '1', assetClass: FA.assetClass, description: 'x' }] }, status: [422] }] },
    { method: 'POST', route: '/fa/vendor-invoice-capitalisations', access: 'user', attacks: () => [{ as: 'user', url: '/fa/vendor-invoice-capitalisations', body: { vendorInvoice: APAR['payables.posted'], asset: FA.asset, lines: [{ lineNo: 1, amount: '1' }] }, status: [422] }] },
    { method: 'GET', route: '/fa/maintenance-schedules/:id/completions', access: 'user', attacks: () => [{ as: 'user', url: `/fa/maintenance-schedules/${FA.maintenance}/completions`, status: [404] }] },
    { method: 'POST', route: '/fa/maintenance-schedules/:id/complete', access: 'user', attacks: () => [{ as: 'user', url: `/fa/maintenance-schedules/${FA.maintenance}/complete`, body: { completedDate: '2026-03-31', actualCost: '1', treatment: 'Expensed' }, status: [404] }] },
    // The fixed-asset reports: B's register, forecast and movement schedule name none of A's classes or assets.
    ...(['register?asOf=2026-12-31', 'forecast?from=2026-01&to=2026-12&by=Asset', 'movements?from=2026-01-01&to=2026-12-31'] as const).flatMap((q): Endpoint[] => {
      const path = `/fa/reports/${q.split('?')[0]}`;
      const noA = (body: unknown) => {
        for (const id of [FA.assetClass!, FA.asset!]) expect(JSON.stringify(body)).not.toContain(id);
      };
      return [
        { method: 'GET', route: path, access: 'user', attacks: () => [{ as: 'user', url: `/fa/reports/${q}`, status: [200], check: noA }] },
        { method: 'GET', route: `${path}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${path}/export?${q.split('?')[1]}&format=xlsx`, file: true, status: [200] }] },
      ];
    }),
  ];
}

/** The disposals: B aims at A's draft disposal and asset. */
function disposalEndpoints(noneOfA: (body: unknown) => void): Endpoint[] {
  const base = '/fa/disposals';
  const body = () => ({ asset: FA.asset, disposalDate: '2026-03-31', disposalType: 'Scrap' });
  return [
    { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: `${base}?limit=500`, status: [200], check: noneOfA }] },
    { method: 'GET', route: `${base}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
    { method: 'POST', route: base, access: 'user', attacks: () => [{ as: 'user', url: base, body: body(), status: [422] }] },
    { method: 'GET', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.disposal}`, status: [404] }] },
    { method: 'PUT', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.disposal}`, body: body(), status: [404] }] },
    { method: 'DELETE', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.disposal}`, status: [404] }] },
    { method: 'POST', route: `${base}/:id/post`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.disposal}/post`, status: [404] }] },
    { method: 'POST', route: `${base}/:id/reverse`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.disposal}/reverse`, body: { date: '2026-03-31' }, status: [404] }] },
    { method: 'GET', route: `${base}/:id/entry`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.disposal}/entry`, status: [404] }] },
    { method: 'POST', route: `${base}/:id/submit`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.disposal}/submit`, body: {}, status: [404] }] },
  ];
}

/** The revaluations: B aims at A's draft revaluation and asset. */
function revaluationEndpoints(noneOfA: (body: unknown) => void): Endpoint[] {
  const base = '/fa/revaluations';
  const body = () => ({ revaluationDate: '2026-03-31', lines: [{ asset: FA.asset, fairValue: '1' }] });
  return [
    { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: `${base}?limit=500`, status: [200], check: noneOfA }] },
    { method: 'GET', route: `${base}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
    { method: 'POST', route: base, access: 'user', attacks: () => [{ as: 'user', url: base, body: body(), status: [422] }] },
    { method: 'GET', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.revaluation}`, status: [404] }] },
    { method: 'GET', route: `${base}/:id/entry`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.revaluation}/entry`, status: [404] }] },
    { method: 'PUT', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.revaluation}`, body: body(), status: [404] }] },
    { method: 'DELETE', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.revaluation}`, status: [404] }] },
    { method: 'POST', route: `${base}/:id/post`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.revaluation}/post`, status: [404] }] },
    { method: 'POST', route: `${base}/:id/reverse`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.revaluation}/reverse`, body: { date: '2026-03-31' }, status: [404] }] },
    { method: 'POST', route: `${base}/:id/submit`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.revaluation}/submit`, body: {}, status: [404] }] },
  ];
}

/** The splits: B aims at A's draft split and asset. */
function splitEndpoints(noneOfA: (body: unknown) => void): Endpoint[] {
  const base = '/fa/splits';
  const body = () => ({ asset: FA.asset, splitDate: '2026-03-31', basis: 'Percent', parts: [{ share: '50' }, { share: '50' }] });
  return [
    { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: `${base}?limit=500`, status: [200], check: noneOfA }] },
    { method: 'GET', route: `${base}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
    { method: 'POST', route: base, access: 'user', attacks: () => [{ as: 'user', url: base, body: body(), status: [422] }] },
    { method: 'GET', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.split}`, status: [404] }] },
    { method: 'GET', route: `${base}/:id/entry`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.split}/entry`, status: [404] }] },
    { method: 'PUT', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.split}`, body: body(), status: [404] }] },
    { method: 'DELETE', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.split}`, status: [404] }] },
    { method: 'POST', route: `${base}/:id/post`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.split}/post`, status: [404] }] },
    { method: 'POST', route: `${base}/:id/reverse`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.split}/reverse`, body: { date: '2026-03-31' }, status: [404] }] },
    { method: 'POST', route: `${base}/:id/submit`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.split}/submit`, body: {}, status: [404] }] },
  ];
}

/** The insurance schedules: B aims at A's draft policy, insurer and asset. */
function insuranceEndpoints(noneOfA: (body: unknown) => void): Endpoint[] {
  const base = '/fa/insurance-schedules';
  const body = () => ({ insurer: FA.insurer, policyNumber: 'SPY', startDate: '2026-01-01', expiryDate: '2026-12-31', premium: '1', premiumFrequency: 'Once', lines: [{ asset: FA.asset, insuredValue: '1' }] });
  return [
    { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: `${base}?limit=500`, status: [200], check: noneOfA }] },
    { method: 'GET', route: `${base}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
    { method: 'POST', route: base, access: 'user', attacks: () => [{ as: 'user', url: base, body: body(), status: [422] }] },
    { method: 'GET', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.policy}`, status: [404] }] },
    { method: 'PUT', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.policy}`, body: body(), status: [404] }] },
    { method: 'DELETE', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.policy}`, status: [404] }] },
    ...['activate', 'cancel', 'renew'].map((action): Endpoint => ({ method: 'POST', route: `${base}/:id/${action}`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.policy}/${action}`, status: [404] }] })),
    ...['pay', 'unpay'].map((action): Endpoint => ({ method: 'POST', route: `${base}/:id/instalments/:no/${action}`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.policy}/instalments/1/${action}`, body: { paidDate: '2026-03-31' }, status: [404] }] })),
    { method: 'POST', route: `${base}/:id/instalments/:no/invoice`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${FA.policy}/instalments/1/invoice`, body: { vendor: FA.asset, account: FA.asset }, status: [404] }] },
  ];
}

/** What A holds in the workflow module (ids by name), filled by the set-up below. */
const WF: Record<string, string> = {};
/** A's vendor and customer, and per face a posted invoice, a draft invoice and a draft credit note (ids into AR_AP). */
const APAR: Record<string, string> = {};

/** Journal templates, recurring journals, year-end close, trial balance files: B aims at A's rows. */
/** Payments of both faces and their own routes: B aims at A's payments, bank, parties and open items. */
function paymentEndpoints(): Endpoint[] {
  const noneOfA = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/Secret of A|66\.00/);
  return [faces.payables, faces.receivables].flatMap((face): Endpoint[] => {
    const base = `/${face.service}/${face.partyWord}-payments`;
    const id = () => APAR[`${face.side}.payment`]!;
    const body = () => ({ bank: APAR.bank, party: APAR[`${face.side}.party`], documentDate: '2026-03-03', amount: '1', description: 'x', allocations: [{ openItem: APAR[`${face.side}.item`], amount: '1' }] });
    const one = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', route: string, url: (x: string) => string, payload?: () => unknown): Endpoint => ({ method, route, access: 'user', attacks: () => [{ as: 'user', url: url(id()), ...(payload ? { body: payload() } : {}), status: [404] }] });
    return [
      { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: `${base}?limit=500`, status: [200], check: noneOfA }] },
      { method: 'GET', route: `${base}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
      { method: 'POST', route: base, access: 'user', attacks: () => [{ as: 'user', url: base, body: body(), status: [422] }] },
      ...['post', 'check'].map((action): Endpoint => ({ method: 'POST', route: `${base}/${action}`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${action}`, body: body(), status: [422] }] })),
      { method: 'GET', route: `${base}/proposal`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/proposal?party=${APAR[`${face.side}.party`]}&currency=USD&amount=66&date=2026-03-04`, status: [200], check: (b) => expect(b).toMatchObject({ lines: [], openItems: 0 }) }] },
      { method: 'GET', route: `${base}/open-items`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/open-items?party=${APAR[`${face.side}.party`]}`, status: [200], check: (b) => expect(b).toMatchObject({ items: [], total: 0 }) }] },
      { method: 'GET', route: `${base}/refund-proposal`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/refund-proposal?party=${APAR[`${face.side}.party`]}&currency=USD`, status: [200], check: (b) => expect(b).toMatchObject({ lines: [], available: '0.00' }) }] },
      // The ageing (issue 16): none of A's parties nor items as of any day.
      { method: 'GET', route: `/${face.service}/${face.partyWord}-ageing`, access: 'user', attacks: () => [
        { as: 'user', url: `/${face.service}/${face.partyWord}-ageing?asOf=2026-12-31&party=${APAR[`${face.side}.party`]}`, status: [200], check: (b) => expect(b).toMatchObject({ rows: [], total: 0 }) },
        { as: 'user', url: `/${face.service}/${face.partyWord}-ageing?asOf=2026-12-31&limit=500`, status: [200], check: (b) => expect(JSON.stringify(b)).not.toContain(APAR[`${face.side}.party`]!) },
      ] },
      { method: 'GET', route: `/${face.service}/${face.partyWord}-ageing/items`, access: 'user', attacks: () => [{ as: 'user', url: `/${face.service}/${face.partyWord}-ageing/items?asOf=2026-12-31&party=${APAR[`${face.side}.party`]}`, status: [200], check: (b) => expect(b).toMatchObject({ items: [], total: 0 }) }] },
      // Unrealised revaluations (issue 16): none of A's; a day that ends no period of B's is refused before anything is read.
      { method: 'GET', route: `/${face.service}/${face.partyWord}-revaluations`, access: 'user', attacks: () => [{ as: 'user', url: `/${face.service}/${face.partyWord}-revaluations?limit=200`, status: [200], check: (b) => expect(b).toMatchObject({ items: [], total: 0 }) }] },
      { method: 'GET', route: `/${face.service}/${face.partyWord}-revaluations/:id`, access: 'user', attacks: () => [{ as: 'user', url: `/${face.service}/${face.partyWord}-revaluations/${APAR[`${face.side}.party`]}`, status: [404] }] },
      ...['/check', ''].map((tail): Endpoint => ({ method: 'POST', route: `/${face.service}/${face.partyWord}-revaluations${tail}`, access: 'user', attacks: () => [{ as: 'user', url: `/${face.service}/${face.partyWord}-revaluations${tail}`, body: { date: '2026-03-15' }, status: [422] }] })),
      // A party's statement (issue 16): A's party is not found, as a file or by mail.
      ...[['GET', ''], ['GET', '/file/pdf'], ['POST', '/mail']].map(([method, tail]): Endpoint => ({
        method: method as 'GET' | 'POST', route: `/${face.service}/${face.partyWord}-statement${tail === '/file/pdf' ? '/file/:format' : tail}`, access: 'user',
        attacks: () => [{ as: 'user', url: `/${face.service}/${face.partyWord}-statement${tail}?party=${APAR[`${face.side}.party`]}&from=2026-01-01&to=2026-12-31`, ...(method === 'POST' ? { body: { to: 'x@example.com' } } : {}), status: [404] }],
      })),
      // "Mail all" (issue 16): none of A's parties is previewed or mailed.
      ...(['GET', 'POST'] as const).map((method): Endpoint => ({
        method, route: `/${face.service}/${face.partyWord}-statement/mail-all`, access: 'user',
        attacks: () => [{ as: 'user', url: `/${face.service}/${face.partyWord}-statement/mail-all?from=2026-01-01&to=2026-12-31`, ...(method === 'POST' ? { body: {} } : {}), status: [200], check: noneOfA }],
      })),
      one('GET', `${base}/:id`, (x) => `${base}/${x}`),
      one('GET', `${base}/:id/entry`, (x) => `${base}/${x}/entry`),
      one('GET', `${base}/:id/reversal-entry`, (x) => `${base}/${x}/reversal-entry`),
      one('PUT', `${base}/:id`, (x) => `${base}/${x}`, body),
      one('DELETE', `${base}/:id`, (x) => `${base}/${x}`),
      one('POST', `${base}/:id/post`, (x) => `${base}/${x}/post`),
      one('POST', `${base}/:id/reverse`, (x) => `${base}/${x}/reverse`, () => ({ date: '2026-03-05' })),
      one('POST', `${base}/:id/submit`, (x) => `${base}/${x}/submit`, () => ({})),
      one('POST', `${base}/:id/allocate`, (x) => `${base}/${x}/allocate`, () => ({ allocations: [{ openItem: APAR[`${face.side}.item`], amount: '1' }] })),
      one('POST', `${base}/:id/unallocate`, (x) => `${base}/${x}/unallocate`, () => ({ lines: [] })),
    ];
  });
}

/** Recurring payment schedules of both faces and failed payments: B aims at A's schedules, failures and payments. */
function recurringAndFailedEndpoints(): Endpoint[] {
  const noneOfA = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/Secret of A|ASECRET/);
  const schedules = [faces.payables, faces.receivables].flatMap((face): Endpoint[] => {
    const base = `/${face.service}/${face.partyWord}-recurring-payments`;
    const id = () => APAR[`${face.side}.recurring`]!;
    const body = () => ({ code: 'BX', description: 'x', party: APAR[`${face.side}.party`], bank: APAR.bank, amount: '1', frequency: 'Monthly', startDate: '2026-03-01' });
    const one = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', route: string, url: (x: string) => string, payload?: () => unknown): Endpoint => ({ method, route, access: 'user', attacks: () => [{ as: 'user', url: url(id()), ...(payload ? { body: payload() } : {}), status: [404] }] });
    return [
      { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: `${base}?limit=500`, status: [200], check: noneOfA }] },
      { method: 'GET', route: `${base}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
      { method: 'POST', route: base, access: 'user', attacks: () => [{ as: 'user', url: base, body: body(), status: [422] }] },
      one('GET', `${base}/:id`, (x) => `${base}/${x}`),
      one('PUT', `${base}/:id`, (x) => `${base}/${x}`, body),
      one('DELETE', `${base}/:id`, (x) => `${base}/${x}`),
      one('POST', `${base}/:id/post`, (x) => `${base}/${x}/post`),
      one('POST', `${base}/:id/stop`, (x) => `${base}/${x}/stop`),
      one('POST', `${base}/:id/submit`, (x) => `${base}/${x}/submit`, () => ({})),
      one('POST', `${base}/:id/run`, (x) => `${base}/${x}/run`, () => ({})),
      one('GET', `${base}/:id/payments`, (x) => `${base}/${x}/payments`),
    ];
  });
  const base = '/ar/failed-payments';
  return [
    ...schedules,
    { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: `${base}?limit=500`, status: [200], check: noneOfA }] },
    { method: 'GET', route: `${base}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
    { method: 'GET', route: `${base}/payments`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/payments?side=receivables&limit=100`, status: [200], check: noneOfA }] },
    { method: 'GET', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${APAR['receivables.failed']}`, status: [404] }] },
    { method: 'POST', route: base, access: 'user', attacks: () => [{ as: 'user', url: base, body: { side: 'receivables', payment: APAR['receivables.failable'], reason: 'Other', failedDate: '2026-03-05' }, status: [422] }] },
    { method: 'POST', route: `${base}/:id/retry`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${APAR['receivables.failed']}/retry`, body: {}, status: [404] }] },
  ];
}

/** Fund transfers (issue 17): B aims at A's draft transfer and A's banks. */
function fundTransferEndpoints(): Endpoint[] {
  const noneOfA = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/Secret of A|66\.00/);
  const base = '/cm/fund-transfers';
  const id = () => APAR.fundTransfer!;
  const body = () => ({ documentDate: '2026-03-03', fromBank: APAR.bank, toBank: APAR.bank2, amount: '1', outDate: '2026-03-03', inDate: '2026-03-03', description: 'x' });
  const legs = { legs: [{ amount: '33.00', outDate: '2026-03-03', inDate: '2026-03-03' }, { amount: '33.00', outDate: '2026-03-03', inDate: '2026-03-03' }] };
  const one = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', route: string, url: (x: string) => string, payload?: () => unknown): Endpoint => ({ method, route, access: 'user', attacks: () => [{ as: 'user', url: url(id()), ...(payload ? { body: payload() } : {}), status: [404] }] });
  return [
    { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: `${base}?limit=500`, status: [200], check: noneOfA }] },
    { method: 'GET', route: `${base}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
    { method: 'POST', route: base, access: 'user', attacks: () => [{ as: 'user', url: base, body: body(), status: [422] }] },
    ...['post', 'check'].map((action): Endpoint => ({ method: 'POST', route: `${base}/${action}`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${action}`, body: body(), status: [422] }] })),
    one('GET', `${base}/:id`, (x) => `${base}/${x}`),
    one('GET', `${base}/:id/entry`, (x) => `${base}/${x}/entry`),
    one('PUT', `${base}/:id`, (x) => `${base}/${x}`, body),
    one('DELETE', `${base}/:id`, (x) => `${base}/${x}`),
    one('POST', `${base}/:id/post`, (x) => `${base}/${x}/post`),
    one('POST', `${base}/:id/reverse`, (x) => `${base}/${x}/reverse`, () => ({ date: '2026-03-05' })),
    one('POST', `${base}/:id/submit`, (x) => `${base}/${x}/submit`, () => ({})),
    one('POST', `${base}/:id/divide`, (x) => `${base}/${x}/divide`, () => legs),
    { method: 'GET', route: `${base}/receivers`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/receivers`, status: [200], check: (b) => { noneOfA(b); expect(JSON.stringify(b)).not.toContain(APAR.bank2!); } }] },
  ];
}

/** Invoices and credit notes of both faces, their sums and the tax report: B aims at A's documents and parties. */
function invoiceEndpoints(): Endpoint[] {
  const out: Endpoint[] = [];
  const noneOfA = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/Secret of A|66\.00/);
  for (const face of [faces.payables, faces.receivables]) {
    for (const credit of [false, true]) {
      const base = `/${face.service}/${face.partyWord}-${credit ? 'credit-notes' : 'invoices'}`;
      const id = () => APAR[`${face.side}.${credit ? 'credit' : 'draft'}`]!;
      const body = () => ({ party: APAR[`${face.side}.party`], documentDate: '2026-03-03', description: 'x', lines: [{ account: A.accountId, unitPrice: '1' }], ...(credit ? { invoice: APAR[`${face.side}.posted`] } : {}) });
      out.push(
        { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: `${base}?limit=500`, status: [200], check: noneOfA }] },
        { method: 'GET', route: `${base}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
        { method: 'GET', route: `${base}/sums`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/sums?party=${APAR[`${face.side}.party`]}`, status: [200], check: (b) => expect(b).toMatchObject({ count: 0 }) }] },
        { method: 'POST', route: base, access: 'user', attacks: () => [{ as: 'user', url: base, body: body(), status: [422] }] },
        { method: 'GET', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${id()}`, status: [404] }, { as: 'user', url: `${base}/${APAR[`${face.side}.posted`]}`, status: [404] }] },
        { method: 'PUT', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${id()}`, body: body(), status: [404, 422] }] },
        { method: 'DELETE', route: `${base}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${id()}`, status: [404] }] },
        { method: 'POST', route: `${base}/:id/post`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${id()}/post`, status: [404] }] },
        { method: 'POST', route: `${base}/:id/submit`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${id()}/submit`, body: {}, status: [404] }] },
        { method: 'GET', route: `${base}/:id/entry`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${id()}/entry`, status: [404] }, { as: 'user', url: `${base}/${APAR[`${face.side}.posted`]}/entry`, status: [404] }] },
      );
      for (const action of ['post', 'check']) out.push({ method: 'POST', route: `${base}/${action}`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${action}`, body: body(), status: [422] }, ...(action === 'check' ? [{ as: 'user' as const, url: `${base}/check?for=submit&id=${id()}`, body: body(), status: [404] }] : [])] });
      if (!credit) {
        out.push({ method: 'GET', route: `${base}/:id/pdf`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${APAR[`${face.side}.posted`]}/pdf`, status: [404] }] });
      } else out.push({ method: 'GET', route: `${base}/:id/pdf`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/${id()}/pdf`, status: [404] }] });
    }
  }
  out.push({ method: 'GET', route: '/gl/tax-report', access: 'user', attacks: () => [{ as: 'user', url: '/gl/tax-report?from=2026-01-01&to=2026-12-31', status: [200], check: (b) => expect(b).toMatchObject({ rows: [] }) }] });
  return out;
}

function ledgerToolEndpoints(): Endpoint[] {
  const tpl = '/gl/journal-templates';
  const rj = '/gl/recurring-journals';
  const lines = () => [{ account: A.accountId, currency: 'USD', debit: '1' }, { account: A.accountId, currency: 'USD', credit: '1' }];
  const templateBody = () => ({ code: 'SPY', name: 'Spy', lines: lines() });
  const recurringBody = () => ({ code: 'SPY', description: 'Spy', template: A.templateId, frequency: 'Monthly', startDate: '2026-01-31' });
  // A's codes in lower case: B's answers may repeat the code B sent.
  const file = (text: string, extra: object = {}) => ({ fileName: 'spy.csv', contentBase64: Buffer.from(text).toString('base64'), dryRun: false, mode: 'all', ...extra });
  const headerOnly = (body: unknown) => expect((body as string).trim().split('\r\n')).toHaveLength(1);
  const noAccount = (body: unknown) => expect((body as ErrorObject).message).toBe('Line 1: the account does not exist in this company');
  return [
    { method: 'GET', route: tpl, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}?limit=500&search=Secret`, status: [200], check: none }, { as: 'user', url: `${tpl}?limit=500`, status: [200], check: none }] },
    { method: 'GET', route: `${tpl}/lookup`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/lookup?search=Secret`, status: [200], check: (body) => expect(body).toEqual([]) }, { as: 'user', url: `${tpl}/lookup?limit=100`, status: [200], check: (body) => expect(body).toEqual([]) }] },
    { method: 'GET', route: `${tpl}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/export`, file: true, status: [200], check: headerOnly }] },
    {
      // B names A's template code: a preview of a new template of B's, nothing of A's is found or written.
      method: 'POST', route: `${tpl}/import`, access: 'user', attacks: () => [
        { as: 'user', url: `${tpl}/import`, body: file('Code,Name,Account,Currency,Debit,Credit\r\nasecret-tpl,x,1010,USD,1,\r\nasecret-tpl,x,4000,USD,,1\r\n', { dryRun: true }), status: [200], check: (body) => expect(body).toMatchObject({ written: 0, errors: [], preview: [{ code: 'asecret-tpl', name: 'x', lines: 2 }] }) },
      ],
    },
    { method: 'GET', route: `${tpl}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/${A.templateId}`, status: [404] }] },
    { method: 'POST', route: tpl, access: 'user', attacks: () => [{ as: 'user', url: tpl, body: templateBody(), status: [422], check: noAccount }] },
    { method: 'PUT', route: `${tpl}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/${A.templateId}`, body: templateBody(), status: [404] }] },
    { method: 'DELETE', route: `${tpl}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/${A.templateId}`, status: [404] }] },
    { method: 'POST', route: `${tpl}/:id/journal`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/${A.templateId}/journal`, body: { journalDate: '2026-03-01' }, status: [404] }] },
    { method: 'GET', route: rj, access: 'user', attacks: () => [{ as: 'user', url: `${rj}?limit=500&search=Secret`, status: [200], check: none }, { as: 'user', url: `${rj}?limit=500`, status: [200], check: none }] },
    { method: 'GET', route: `${rj}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${rj}/export`, file: true, status: [200], check: headerOnly }] },
    {
      method: 'POST', route: `${rj}/import`, access: 'user', attacks: () => [
        { as: 'user', url: `${rj}/import`, body: file('Code,Description,Template,Frequency,Start date\r\nSPY,x,asecret-tpl,Monthly,2026-01-31\r\n'), status: [200], check: (body) => expect(body).toMatchObject({ written: 0, errors: [{ row: 2, field: 'Template', message: 'No journal template with code asecret-tpl' }] }) },
        { as: 'user', url: `${rj}/import`, body: file('Code,Description,Template,Frequency,Start date\r\nasecret-rec,x,asecret-tpl,Monthly,2026-01-31\r\n', { mode: 'valid' }), status: [200], check: (body) => expect(body).toMatchObject({ written: 0, valid: 0 }) },
      ],
    },
    { method: 'GET', route: `${rj}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${rj}/${A.recurringId}`, status: [404] }] },
    { method: 'GET', route: `${rj}/:id/journals`, access: 'user', attacks: () => [{ as: 'user', url: `${rj}/${A.recurringId}/journals`, status: [404] }] },
    { method: 'POST', route: rj, access: 'user', attacks: () => [{ as: 'user', url: rj, body: recurringBody(), status: [422], check: (body) => expect((body as ErrorObject).message).toBe('The template does not exist in this company') }] },
    { method: 'PUT', route: `${rj}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${rj}/${A.recurringId}`, body: recurringBody(), status: [404] }] },
    { method: 'DELETE', route: `${rj}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${rj}/${A.recurringId}`, status: [404] }] },
    { method: 'POST', route: `${rj}/:id/run`, access: 'user', attacks: () => [{ as: 'user', url: `${rj}/${A.recurringId}/run`, body: { upTo: '2026-12-31' }, status: [404] }, { as: 'user', url: `${rj}/${A.recurringId}/run`, status: [404] }] },
    { method: 'GET', route: '/gl/fiscal-years/:id/closing-entry', access: 'user', attacks: () => [{ as: 'user', url: `/gl/fiscal-years/${A.fiscalYearId}/closing-entry`, status: [404] }] },
    { method: 'POST', route: '/gl/fiscal-years/:id/close', access: 'user', attacks: () => [{ as: 'user', url: `/gl/fiscal-years/${A.fiscalYearId}/close`, status: [404] }] },
    {
      method: 'GET', route: '/gl/trial-balance/export', access: 'user', attacks: () => [
        { as: 'user', url: '/gl/trial-balance/export?from=2026-01-01&to=2026-12-31&format=csv', file: true, status: [200], check: (body) => expect(body as string).not.toMatch(/77\.00|88\.00/) },
      ],
    },
    {
      method: 'GET', route: '/gl/journals/export', access: 'user', attacks: () => [
        { as: 'user', url: '/gl/journals/export?format=csv', file: true, status: [200], check: (body) => expect(body as string).not.toMatch(/Secret of A|77\.00|88\.00/) },
      ],
    },
    { method: 'GET', route: '/gl/accounts/:id/transactions/export', access: 'user', attacks: () => [{ as: 'user', url: `/gl/accounts/${A.accountId}/transactions/export?from=2026-01-01&to=2026-12-31`, status: [404] }] },
    {
      // B's own books have no 2026 year: the import posts nowhere, least of all into A's year.
      method: 'POST', route: '/gl/trial-balance/import', access: 'user', attacks: () => [
        { as: 'user', url: '/gl/trial-balance/import', body: { fileName: 'tb.csv', contentBase64: Buffer.from('Account,Debit,Credit\r\n1010,77,\r\n4000,,77\r\n').toString('base64'), journalDate: '2026-01-01', dryRun: false, post: true }, status: [200, 422], check: (body) => expect((body as { journal?: unknown }).journal ?? null).toBeNull() },
      ],
    },
  ];
}

/** Workflow definitions (workflows, tags, actors, escalations, message settings). */
function workflowDefinitionEndpoints(): Endpoint[] {
  const wf = '/workflow/workflows';
  const tg = '/workflow/tags';
  const esc = '/workflow/escalations';
  // Bodies naming A's user, tag, workflow and step: B's tenant knows none of them.
  const workflowBody = () => ({ approvalType: 'AdjustmentJournal', name: 'Spy', active: false, steps: [{ name: 'Spy', assignees: [{ kind: 'User', id: A.userId }, { kind: 'Tag', id: WF.tagId }] }] });
  const tagBody = () => ({ code: 'SPY', name: 'Spy', members: [A.userId] });
  const ruleBody = () => ({ workflowId: WF.workflowId, stepId: WF.stepId, action: 'Escalate', target: { kind: 'Tag', id: WF.tagId } });
  const noRows = (body: unknown) => expect(body).toEqual([]);
  const bUser = () => b.admin.user.activeUser.code;
  return [
    { method: 'GET', route: '/workflow/approval-types', access: 'user', attacks: () => [{ as: 'user', url: '/workflow/approval-types', status: [200], check: (body) => expect(body).toHaveLength(27) }] },
    { method: 'GET', route: wf, access: 'user', attacks: () => [{ as: 'user', url: `${wf}?search=Secret`, status: [200], check: none }, { as: 'user', url: `${wf}?approvalType=FundTransfer&limit=500`, status: [200], check: none }] },
    { method: 'GET', route: `${wf}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${wf}/${WF.workflowId}`, status: [404] }] },
    { method: 'POST', route: wf, access: 'user', attacks: () => [{ as: 'user', url: wf, body: workflowBody(), status: [404] }] },
    {
      method: 'PUT', route: `${wf}/:id`, access: 'user', attacks: () => [
        { as: 'user', url: `${wf}/${WF.workflowId}`, body: { ...workflowBody(), steps: [{ name: 'Spy', assignees: [{ kind: 'User', id: bUser() }] }] }, status: [404] },
      ],
    },
    { method: 'DELETE', route: `${wf}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${wf}/${WF.workflowId}`, status: [404] }] },
    { method: 'GET', route: tg, access: 'user', attacks: () => [{ as: 'user', url: `${tg}?search=ASECRET`, status: [200], check: none }, { as: 'user', url: `${tg}?limit=500`, status: [200], check: none }] },
    { method: 'GET', route: `${tg}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${tg}/${WF.tagId}`, status: [404] }] },
    { method: 'POST', route: tg, access: 'user', attacks: () => [{ as: 'user', url: tg, body: tagBody(), status: [404] }] },
    { method: 'PUT', route: `${tg}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${tg}/${WF.tagId}`, body: { ...tagBody(), members: [] }, status: [404] }] },
    { method: 'DELETE', route: `${tg}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${tg}/${WF.tagId}`, status: [404] }] },
    {
      method: 'GET', route: '/workflow/actors', access: 'user', attacks: () => [
        {
          as: 'user', url: '/workflow/actors?limit=500', status: [200],
          check: (body) => {
            const ids = (body as List<{ userId: string }>).items.map((x) => x.userId);
            expect(ids).toContain(bUser());
            expect(ids).not.toContain(A.userId);
          },
        },
        { as: 'user', url: '/workflow/actors?search=isoa', status: [200], check: none },
      ],
    },
    {
      method: 'PUT', route: '/workflow/actors/:userId', access: 'user', attacks: () => [
        { as: 'user', url: `/workflow/actors/${A.userId}`, body: { tags: [] }, status: [404] },
        { as: 'user', url: `/workflow/actors/${bUser()}`, body: { tags: [WF.tagId] }, status: [404] },
        { as: 'user', url: `/workflow/actors/${bUser()}`, body: { delegateUserId: A.userId, delegateFrom: '2026-05-01', delegateTo: '2026-05-31' }, status: [404] },
      ],
    },
    { method: 'GET', route: '/workflow/users/lookup', access: 'user', attacks: () => [{ as: 'user', url: '/workflow/users/lookup?search=isoa', status: [200], check: noRows }] },
    {
      method: 'GET', route: esc, access: 'user', attacks: () => [
        { as: 'user', url: `${esc}?workflowId=${WF.workflowId}`, status: [200], check: none },
        { as: 'user', url: `${esc}?limit=500`, status: [200], check: none },
      ],
    },
    { method: 'POST', route: esc, access: 'user', attacks: () => [{ as: 'user', url: esc, body: ruleBody(), status: [404] }] },
    { method: 'PUT', route: `${esc}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${esc}/${WF.ruleId}`, body: ruleBody(), status: [404] }] },
    { method: 'DELETE', route: `${esc}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${esc}/${WF.ruleId}`, status: [404] }] },
    {
      method: 'GET', route: '/workflow/message-settings', access: 'user', attacks: () => [
        { as: 'user', url: '/workflow/message-settings', status: [200], check: (body) => expect((body as { event: string; isDefault: boolean }[]).find((s) => s.event === 'Approved')!.isDefault).toBe(true) },
      ],
    },
    // B saves its own template; A's (which names "Secret of A") stays as it was.
    {
      method: 'PUT', route: '/workflow/message-settings/:event', access: 'user', attacks: () => [
        { as: 'user', url: '/workflow/message-settings/Rejected', body: { subject: 'B rejected {documentNumber}', body: '{comment}' }, status: [200], check: (body) => expect(body).toMatchObject({ event: 'Rejected', isDefault: false }) },
      ],
    },
  ];
}

/** Workflow running (submissions, tasks, history, messages). */
function workflowRunningEndpoints(): Endpoint[] {
  const nothing = (body: unknown) => expect(body).toEqual({ current: null, items: [] });
  return [
    {
      method: 'POST', route: '/workflow/submissions', access: 'user', attacks: () => [
        { as: 'user', url: '/workflow/submissions', body: { approvalType: 'JournalApproval', documentId: WF.journalId }, status: [404] },
        { as: 'user', url: '/workflow/submissions', body: { approvalType: 'PeriodClosing', documentId: A.periodId }, status: [404] },
      ],
    },
    { method: 'POST', route: '/gl/journals/:id/submit', access: 'user', attacks: () => [{ as: 'user', url: `/gl/journals/${WF.journalId}/submit`, body: {}, status: [404] }, { as: 'user', url: `/gl/journals/${A.draftId}/submit`, body: {}, status: [404] }] },
    { method: 'POST', route: '/workflow/instances/:id/cancel', access: 'user', attacks: () => [{ as: 'user', url: `/workflow/instances/${WF.instanceId}/cancel`, status: [404] }] },
    {
      method: 'GET', route: '/workflow/tasks', access: 'user', attacks: () => [
        { as: 'user', url: '/workflow/tasks?limit=500', status: [200], check: none },
        { as: 'user', url: '/workflow/tasks?status=Done&limit=500', status: [200], check: none },
        { as: 'user', url: '/workflow/tasks?search=Secret', status: [200], check: none },
      ],
    },
    { method: 'GET', route: '/workflow/tasks/summary', access: 'user', attacks: () => [{ as: 'user', url: '/workflow/tasks/summary', status: [200], check: (body) => expect(body).toEqual({ count: 0, newest: [], unreadMessages: 0 }) }] },
    { method: 'GET', route: '/workflow/tasks/:id', access: 'user', attacks: () => [{ as: 'user', url: `/workflow/tasks/${WF.taskId}`, status: [404] }] },
    { method: 'POST', route: '/workflow/tasks/:id/approve', access: 'user', attacks: () => [{ as: 'user', url: `/workflow/tasks/${WF.taskId}/approve`, body: { comment: 'by B' }, status: [404] }] },
    { method: 'POST', route: '/workflow/tasks/:id/reject', access: 'user', attacks: () => [{ as: 'user', url: `/workflow/tasks/${WF.taskId}/reject`, body: { comment: 'by B' }, status: [404] }] },
    {
      method: 'GET', route: '/workflow/history', access: 'user', attacks: () => [
        { as: 'user', url: `/workflow/history?approvalType=JournalApproval&documentId=${WF.journalId}`, status: [200], check: nothing },
        { as: 'user', url: `/workflow/history?approvalType=JournalApproval&documentId=${A.journalId}`, status: [200], check: nothing },
      ],
    },
    {
      // B asks whether A's journal under approval is governed: B's company has no workflow and no such approval.
      method: 'GET', route: '/workflow/gate', access: 'user', attacks: () => [
        { as: 'user', url: `/workflow/gate?approvalType=JournalApproval&documentId=${WF.journalId}`, status: [200], check: (body) => expect(body).toEqual({ workflowActive: false, underApproval: false, instanceId: null }) },
        { as: 'user', url: '/workflow/gate?approvalType=JournalApproval', status: [200], check: (body) => expect(body).toEqual({ workflowActive: false, underApproval: false, instanceId: null }) },
      ],
    },
    {
      method: 'GET', route: '/workflow/messages', access: 'user', attacks: () => [
        { as: 'user', url: '/workflow/messages?limit=500', status: [200], check: (body) => expect(body).toEqual({ items: [], total: 0, unread: 0 }) },
      ],
    },
    { method: 'POST', route: '/workflow/messages/:id/read', access: 'user', attacks: () => [{ as: 'user', url: `/workflow/messages/${WF.messageId}/read`, status: [404] }] },
  ];
}

/** The intercompany routes: B names A's companies, accounts, journals and templates. */
function intercompanyEndpoints(): Endpoint[] {
  const icBody = () => ({ partnerCompany: A.secretCompanyId, journalDate: '2026-03-03', description: 'x', lines: [{ company: a.tenant.companyId, account: A.accountId, currency: 'USD', debit: '1' }, { company: A.secretCompanyId, account: A.accountId, currency: 'USD', credit: '1' }] });
  const templateBody = () => ({ code: 'SPY', name: 'Spy', ...icBody() });
  // Codes in lower case: the refusal may repeat the code B sent without naming A's company.
  const csv = (text: string) => ({ fileName: 'spy.csv', contentBase64: Buffer.from(text).toString('base64'), dryRun: false, mode: 'all' });
  const nothingWritten = (body: unknown) => expect(body).toMatchObject({ written: 0, errors: expect.arrayContaining([expect.objectContaining({ message: 'Unknown company asecret' })]) });
  const headerOnly = (body: unknown) => expect((body as string).trim().split('\r\n')).toHaveLength(1);
  const ic = '/gl/intercompany-journals';
  const tpl = '/gl/intercompany-journal-templates';
  return [
    { method: 'GET', route: '/gl/intercompany-partners', access: 'user', attacks: () => [{ as: 'user', url: '/gl/intercompany-partners', status: [200], check: (body) => expect(body).toEqual([]) }] },
    { method: 'PUT', route: '/gl/intercompany-partners/:id/accounts', access: 'user', attacks: () => [{ as: 'user', url: `/gl/intercompany-partners/${A.secretCompanyId}/accounts`, body: { dueFromAccount: A.accountId, dueToAccount: A.accountId }, status: [404] }] },
    { method: 'DELETE', route: '/gl/intercompany-partners/:id/accounts', access: 'user', attacks: () => [{ as: 'user', url: `/gl/intercompany-partners/${a.tenant.companyId}/accounts`, status: [404] }] },
    { method: 'GET', route: '/gl/intercompany-accounts/lookup', access: 'user', attacks: () => [{ as: 'user', url: `/gl/intercompany-accounts/lookup?company=${A.secretCompanyId}`, status: [404] }] },
    { method: 'GET', route: ic, access: 'user', attacks: () => [{ as: 'user', url: `${ic}?limit=500&search=Secret`, status: [200], check: none }, { as: 'user', url: `${ic}?limit=500`, status: [200], check: none }] },
    { method: 'GET', route: `${ic}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${ic}/export`, file: true, status: [200], check: headerOnly }] },
    { method: 'POST', route: `${ic}/import`, access: 'user', attacks: () => [{ as: 'user', url: `${ic}/import`, body: csv('Journal,Date,Description,Partner Company,Company,Account,Currency,Debit,Credit\r\nJ,2026-03-03,x,asecret,asecret,1010,USD,1,\r\n'), status: [200], check: nothingWritten }] },
    { method: 'GET', route: `${ic}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${ic}/${A.icJournalId}`, status: [404] }] },
    { method: 'POST', route: ic, access: 'user', attacks: () => [{ as: 'user', url: ic, body: icBody(), status: [404] }] },
    { method: 'PUT', route: `${ic}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${ic}/${A.icJournalId}`, body: icBody(), status: [404] }] },
    { method: 'DELETE', route: `${ic}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${ic}/${A.icJournalId}`, status: [404] }] },
    { method: 'POST', route: `${ic}/:id/validate`, access: 'user', attacks: () => [{ as: 'user', url: `${ic}/${A.icJournalId}/validate`, status: [404] }] },
    { method: 'POST', route: `${ic}/:id/post`, access: 'user', attacks: () => [{ as: 'user', url: `${ic}/${A.icJournalId}/post`, status: [404] }] },
    { method: 'POST', route: `${ic}/:id/reverse`, access: 'user', attacks: () => [{ as: 'user', url: `${ic}/${A.icJournalId}/reverse`, body: { date: '2026-03-04' }, status: [404] }] },
    { method: 'GET', route: tpl, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}?limit=500&search=Secret`, status: [200], check: none }, { as: 'user', url: `${tpl}?limit=500`, status: [200], check: none }] },
    { method: 'GET', route: `${tpl}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/export`, file: true, status: [200], check: headerOnly }] },
    { method: 'POST', route: `${tpl}/import`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/import`, body: csv('Template,Name,Partner Company,Company,Account,Currency,Debit,Credit\r\nSPY,x,asecret,asecret,1010,USD,1,\r\n'), status: [200], check: nothingWritten }] },
    { method: 'GET', route: `${tpl}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/${A.icTemplateId}`, status: [404] }] },
    { method: 'POST', route: tpl, access: 'user', attacks: () => [{ as: 'user', url: tpl, body: templateBody(), status: [404] }] },
    { method: 'PUT', route: `${tpl}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/${A.icTemplateId}`, body: templateBody(), status: [404] }] },
    { method: 'DELETE', route: `${tpl}/:id`, access: 'user', attacks: () => [{ as: 'user', url: `${tpl}/${A.icTemplateId}`, status: [404] }] },
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  pw = { spy: await transformPassword('Spy 123'), b: await transformPassword(PASSWORD) };
  a = await adminOf(t, 'ISOA');
  b = await adminOf(t, 'ISOB');
  const aRoles = (await asA<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items;
  const secret = await asA<Company[]>('POST', '/gl/SaveCompanies', [{ code: 'ASECRET', description: 'Secret of A' }]);
  expect(secret.status).toBe(200);
  // A currency only A has.
  await withTenant(t.platform.database.db, { tenantId: a.tenant.tenantId, companies: 'all' }, (tx) =>
    tx.insert(currencies).values({ tenantId: a.tenant.tenantId, code: 'AAA', name: 'A dollar', symbol: 'A$', minorUnit: 2 }),
  );
  // A live, validated code of A's admin (no SMTP here: the code is in A's outbox).
  const mail = a.admin.user.mailAddress;
  expect((await call(t.app, a.tenant.host, 'GET', `/auth/user/requestpasswordchange/${encodeURIComponent(mail)}`)).status).toBe(200);
  const [outbox] = await withTenant(t.platform.database.db, { tenantId: a.tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(mailOutbox));
  const code = /one-time code is (\d+)\./.exec(outbox!.body)![1]!;
  const validated = await call<OtpValidation>(t.app, a.tenant.host, 'GET', `/auth/user/validateotp/${encodeURIComponent(mail)}/${code}`);
  expect(validated.status).toBe(200);
  A = {
    mail,
    userId: a.admin.user.activeUser.code,
    adminRoleId: a.admin.user.parentRole.id,
    viewerRoleId: aRoles.find((r) => r.name === 'Viewer')!.id,
    secretCompanyId: secret.body[0]!.id,
    code,
    changeToken: validated.body.changeToken,
    roleIds: aRoles.map((r) => r.id),
    ...(await ledgerSetupOfA()),
    icJournalId: '',
    icTemplateId: '',
    templateId: '',
    recurringId: '',
  };
  Object.assign(A, await intercompanyOfA());
  Object.assign(A, await ledgerToolsOfA());
  Object.assign(WF, await workflowDefinitionsOfA());
  Object.assign(WF, await workflowRunningOfA());
  Object.assign(APAR, await invoicesOfA());
  Object.assign(FA, await fixedAssetsOfA());
  const statement = await insertStatement(t, a.tenant.tenantId, APAR.bank!, { ref: 'ASECRET', from: '2026-03-01', to: '2026-03-31', openingMinor: 0n, lines: [{ date: '2026-03-02', amountMinor: 6600n, reference: 'Secret of A' }] });
  Object.assign(REC, { statement: statement.id, line: statement.lineIds[0] });
});

/** A's asset class and a draft asset. */
async function fixedAssetsOfA(): Promise<Record<string, string>> {
  const cls = await asA<{ id: string }>('POST', '/fa/asset-classes', { code: 'ASECRETFA', name: 'Secret of A', method: 'Straight line', lifeMonths: 12 });
  const asset = await asA<{ id: string }>('POST', '/fa/assets', { description: 'Secret of A', assetClass: cls.body.id, acquisitionDate: '2026-01-01', cost: '66' });
  const run = await asA<{ id: string }>('POST', '/fa/depreciation-runs', { period: '2026-03-31', description: 'Secret of A' });
  const disposal = await asA<{ id: string }>('POST', '/fa/disposals', { asset: asset.body.id, disposalDate: '2026-03-31', disposalType: 'Scrap', description: 'Secret of A' });
  const revaluation = await asA<{ id: string }>('POST', '/fa/revaluations', { revaluationDate: '2026-03-31', description: 'Secret of A', lines: [{ asset: asset.body.id, fairValue: '66' }] });
  // A capitalisation (the class's profile names a clearing account) and a maintenance schedule of the asset.
  const accountList = await asA<{ items: { id: string; code: string }[] }>('GET', '/gl/accounts?limit=500');
  const code = (c: string) => accountList.body.items.find((x) => x.code === c)!.id;
  const profile = await asA<{ id: string }>('POST', '/gl/posting-profiles', { code: 'ASECRETFAP', name: 'Secret of A', module: 'Fixed Asset', moduleDefault: false, controlAccount: code('1500'), clearingAccount: code('6100') });
  const classed = await asA('PUT', `/fa/asset-classes/${cls.body.id}`, { code: 'ASECRETFA', name: 'Secret of A', method: 'Straight line', lifeMonths: 12, postingProfile: profile.body.id });
  const capitalisation = await asA<{ id: string }>('POST', `/fa/assets/${asset.body.id}/capitalise`, { date: '2026-03-31', amount: '1', description: 'Secret of A' });
  const maintenance = await asA<{ id: string }>('POST', '/fa/maintenance-schedules', { code: 'ASECRETMS', asset: asset.body.id, description: 'Secret of A', nextDate: '2026-03-31' });
  const split = await asA<{ id: string }>('POST', '/fa/splits', { asset: asset.body.id, splitDate: '2026-03-31', basis: 'Percent', description: 'Secret of A', parts: [{ share: '50' }, { share: '50' }] });
  const stock = await asA<{ id: string }>('POST', '/fa/asset-stocks', { code: 'ASECRETST', description: 'Secret of A', assetClass: cls.body.id, quantity: '5', unitCost: '66', acquisitionDate: '2026-01-01' });
  const insurer = await asA<{ id: string }>('POST', '/fa/insurance-companies', { code: 'ASECRETINS', name: 'Secret of A' });
  const policy = await asA<{ id: string }>('POST', '/fa/insurance-schedules', { insurer: insurer.body.id, policyNumber: 'ASECRET-POL', description: 'Secret of A', startDate: '2026-01-01', expiryDate: '2026-12-31', premium: '66', premiumFrequency: 'Monthly', lines: [{ asset: asset.body.id, insuredValue: '66' }] });
  const issued = await asA<{ issueId: string }>('POST', `/fa/asset-stocks/${stock.body.id}/issue`, { quantity: '1', issueDate: '2026-03-31', description: 'Secret of A' });
  expect([cls.status, asset.status, run.status, disposal.status, revaluation.status, profile.status, classed.status, capitalisation.status, maintenance.status, split.status, stock.status, insurer.status, policy.status, issued.status]).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
  return { insurer: insurer.body.id, policy: policy.body.id, asset: asset.body.id, assetClass: cls.body.id, run: run.body.id, disposal: disposal.body.id, revaluation: revaluation.body.id, capitalisation: capitalisation.body.id, maintenance: maintenance.body.id, split: split.body.id, stock: stock.body.id, stockIssue: issued.body.issueId };
}

/** Per face: A's party, a posted invoice, a draft invoice and a draft credit note of it. */
async function invoicesOfA(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const accountList = await asA<{ items: { id: string; code: string }[] }>('GET', '/gl/accounts?limit=500');
  const code = (c: string) => accountList.body.items.find((x) => x.code === c)!.id;
  for (const face of [faces.payables, faces.receivables]) {
    const s = face.service;
    const group = (await asA<List<{ id: string; code: string }>>('GET', `/${s}/${face.partyWord}-groups?limit=50`)).body.items.find((g) => g.code === 'LOCAL')!;
    const party = await asA<{ id: string }>('POST', `/${s}/${face.partyWord}s`, { code: 'ASECRETINV', name: 'Secret of A', group: group.id });
    const body = { party: party.body.id, documentDate: '2026-03-03', description: 'Secret of A', lines: [{ account: code(face.side === 'payables' ? '6100' : '4000'), unitPrice: '66' }] };
    const posted = await asA<{ id: string }>('POST', `/${s}/${face.partyWord}-invoices`, body);
    const post = await asA('POST', `/${s}/${face.partyWord}-invoices/${posted.body.id}/post`);
    const draft = await asA<{ id: string }>('POST', `/${s}/${face.partyWord}-invoices`, body);
    const credit = await asA<{ id: string }>('POST', `/${s}/${face.partyWord}-credit-notes`, { ...body, invoice: posted.body.id });
    expect([party.status, posted.status, post.status, draft.status, credit.status]).toEqual([200, 200, 200, 200, 200]);
    Object.assign(out, { [`${face.side}.party`]: party.body.id, [`${face.side}.posted`]: posted.body.id, [`${face.side}.draft`]: draft.body.id, [`${face.side}.credit`]: credit.body.id });
    // A's bank (once) and a posted payment of the face with its amount on account, and the posted invoice's open item.
    if (!out.bank) {
      const usd = (await asA<List<{ id: string; code: string }>>('GET', '/gl/currencies?limit=200')).body.items.find((c) => c.code === 'USD')!;
      const bankGroup = await asA<{ id: string }>('POST', '/cm/bank-groups', { code: 'ASECRET', name: 'Secret of A' });
      const bank = await asA<{ id: string }>('POST', '/cm/banks', { code: 'ASECRET', name: 'Secret of A', bankGroup: bankGroup.body.id, account: code('1020'), currency: usd.id, accountNumber: '0123456789' });
      expect([bankGroup.status, bank.status]).toEqual([200, 200]);
      out.bank = bank.body.id;
      // A second bank and a draft fund transfer between the two (issue 17).
      const bank2 = await asA<{ id: string }>('POST', '/cm/banks', { code: 'ASECRET2', name: 'Secret of A', bankGroup: bankGroup.body.id, account: code('1010'), currency: usd.id, accountNumber: '0123456780' });
      const transfer = await asA<{ id: string }>('POST', '/cm/fund-transfers', { documentDate: '2026-03-03', fromBank: out.bank, toBank: bank2.body.id, amount: '66', outDate: '2026-03-03', inDate: '2026-03-03', description: 'Secret of A' });
      expect([bank2.status, transfer.status], JSON.stringify(transfer.body)).toEqual([200, 200]);
      out.bank2 = bank2.body.id;
      out.fundTransfer = transfer.body.id;
      // A's saved cash-flow forecast of that bank, with an adjustment (issue 17).
      const forecast = await asA<{ id: string }>('POST', '/cm/cashflow-forecasts', { code: 'ASECRET', name: 'Secret of A', scope: 'Bank', bank: out.bank, granularity: 'Week', periods: 4, startDate: '2026-03-02', adjustments: [{ date: '2026-03-10', currency: 'USD', amount: '66', description: 'Secret of A' }] });
      expect(forecast.status, JSON.stringify(forecast.body)).toBe(200);
      out.forecast = forecast.body.id;
    }
    const payment = await asA<{ id: string }>('POST', `/${s}/${face.partyWord}-payments/post`, { bank: out.bank, party: party.body.id, documentDate: '2026-03-04', amount: '7', description: 'Secret of A' });
    const items = await asA<List<{ openItem: string }>>('GET', `/${s}/${face.partyWord}-payments/open-items?party=${party.body.id}`);
    expect([payment.status, items.status], JSON.stringify(payment.body)).toEqual([200, 200]);
    Object.assign(out, { [`${face.side}.payment`]: payment.body.id, [`${face.side}.item`]: items.body.items[0]!.openItem });
    // A's recurring payment schedule (a draft) and a failed payment of the face (another posted payment, marked failed).
    const recurring = await asA<{ id: string }>('POST', `/${s}/${face.partyWord}-recurring-payments`, { code: 'ASECRET', description: 'Secret of A', party: party.body.id, bank: out.bank, amount: '7', frequency: 'Monthly', startDate: '2026-03-01' });
    const bounced = await asA<{ id: string }>('POST', `/${s}/${face.partyWord}-payments/post`, { bank: out.bank, party: party.body.id, documentDate: '2026-03-04', amount: '3', description: 'Secret of A' });
    const failed = await asA<{ id: string }>('POST', '/ar/failed-payments', { side: face.side, payment: bounced.body.id, reason: 'Other', note: 'Secret of A', failedDate: '2026-03-05' });
    expect([recurring.status, bounced.status, failed.status], JSON.stringify(failed.body)).toEqual([200, 200, 200]);
    Object.assign(out, { [`${face.side}.recurring`]: recurring.body.id, [`${face.side}.failed`]: failed.body.id, [`${face.side}.failable`]: payment.body.id });
    const run = await asA<{ id: string }>('POST', `/${s}/${face.partyWord}-payment-runs`, { bank: out.bank, paymentDate: '2026-03-18', upTo: '2026-03-31', description: 'Secret of A' });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    out[`${face.side}.run`] = run.body.id;
  }
  return out;
}

/** A's journal template and recurring journal. */
async function ledgerToolsOfA() {
  const accountList = await asA<{ items: { id: string; code: string }[] }>('GET', '/gl/accounts?limit=500');
  const code = (c: string) => accountList.body.items.find((x) => x.code === c)!.id;
  const template = await asA<{ id: string }>('POST', '/gl/journal-templates', { code: 'ASECRET-TPL', name: 'Secret of A', lines: [{ account: code('6100'), currency: 'USD', debit: '88' }, { account: code('1010'), currency: 'USD', credit: '88' }] });
  const recurring = await asA<{ id: string }>('POST', '/gl/recurring-journals', { code: 'ASECRET-REC', description: 'Secret of A', template: template.body.id, frequency: 'Monthly', startDate: '2026-01-31', mode: 'Post' });
  const run = await asA<{ generated: unknown[] }>('POST', `/gl/recurring-journals/${recurring.body.id}/run`, { upTo: '2026-02-28' });
  expect([template.status, recurring.status, run.status]).toEqual([200, 200, 200]);
  expect(run.body.generated).toHaveLength(2);
  return { templateId: template.body.id, recurringId: recurring.body.id };
}

/** A's workflow definitions: what B will aim at (ids into WF). */
async function workflowDefinitionsOfA(): Promise<Record<string, string>> {
  const tag = await asA<{ id: string }>('POST', '/workflow/tags', { code: 'ASECRET-TAG', name: 'Secret of A', members: [A.userId] });
  const steps = [{ name: 'Secret of A', deadlineHours: 24, assignees: [{ kind: 'User', id: A.userId }, { kind: 'Tag', id: tag.body.id }] }];
  const workflow = await asA<{ id: string; steps: { id: string }[] }>('POST', '/workflow/workflows', { approvalType: 'FundTransfer', name: 'Secret of A', description: 'Secret of A', steps });
  const rule = await asA<{ id: string }>('POST', '/workflow/escalations', { workflowId: workflow.body.id, stepId: workflow.body.steps[0]?.id, action: 'Escalate', target: { kind: 'Tag', id: tag.body.id } });
  const actor = await asA('PUT', `/workflow/actors/${A.userId}`, { tags: [tag.body.id] });
  const message = await asA('PUT', '/workflow/message-settings/Approved', { subject: 'Secret of A {documentNumber}', body: 'Secret of A {link}' });
  expect([tag.status, workflow.status, rule.status, actor.status, message.status]).toEqual([200, 200, 200, 200, 200]);
  return { tagId: tag.body.id, workflowId: workflow.body.id, stepId: workflow.body.steps[0]!.id, ruleId: rule.body.id };
}

/** A's running approvals: a submission and its task (ids into WF). */
async function workflowRunningOfA(): Promise<Record<string, string>> {
  // A's only user approves A's journals: the workflow allows self-approval.
  const steps = [{ name: 'Secret of A', operation: 'Validate', deadlineHours: 24, assignees: [{ kind: 'User', id: A.userId }] }];
  const workflow = await asA('POST', '/workflow/workflows', { approvalType: 'JournalApproval', name: 'Secret of A', allowSelfApproval: true, steps });
  const body = { journalDate: '2026-03-05', description: 'Secret of A under approval', lines: [{ account: A.accountId, currency: 'USD', debit: '12' }, { account: A.accountId, currency: 'USD', credit: '12' }] };
  const journal = await asA<{ id: string }>('POST', '/gl/journals', body);
  const instance = await asA<{ id: string; steps: { tasks: { id: string }[] }[] }>('POST', `/gl/journals/${journal.body.id}/submit`, { comment: 'Secret of A' });
  const messages = await asA<{ items: { id: string }[] }>('GET', '/workflow/messages');
  expect([workflow.status, journal.status, instance.status, messages.status]).toEqual([200, 200, 200, 200]);
  return { journalId: journal.body.id, instanceId: instance.body.id, taskId: instance.body.steps[0]!.tasks[0]!.id, messageId: messages.body.items[0]!.id };
}

/** A's intercompany set-up between its two companies: due accounts, a draft journal and a template. */
async function intercompanyOfA() {
  const accountList = await asA<{ items: { id: string; code: string }[] }>('GET', '/gl/accounts?limit=500');
  const code = (c: string) => accountList.body.items.find((x) => x.code === c)!.id;
  expect((await asA('PUT', `/gl/intercompany-partners/${A.secretCompanyId}/accounts`, { dueFromAccount: code('1300'), dueToAccount: code('2100') })).status).toBe(200);
  const [other] = (await asA<{ id: string }[]>('GET', `/gl/intercompany-accounts/lookup?company=${A.secretCompanyId}&search=1010`)).body;
  const lines = [{ company: a.tenant.companyId, account: code('1010'), currency: 'USD', debit: '55' }, { company: A.secretCompanyId, account: other!.id, currency: 'USD', credit: '55' }];
  const journal = await asA<{ id: string }>('POST', '/gl/intercompany-journals', { partnerCompany: A.secretCompanyId, journalDate: '2026-03-03', description: 'Secret of A', lines });
  const template = await asA<{ id: string }>('POST', '/gl/intercompany-journal-templates', { code: 'ASECRET-IC', name: 'Secret of A', partnerCompany: A.secretCompanyId, lines });
  expect([journal.status, template.status]).toEqual([200, 200]);
  return { icJournalId: journal.body.id, icTemplateId: template.body.id };
}

/** A's fiscal year with periods, its journal sequence and an account: the ids B will aim at. */
async function ledgerSetupOfA() {
  const fy = await asA<{ id: string }>('POST', '/gl/fiscal-years', { code: 'AFY', name: 'A year', startDate: '2026-01-01', endDate: '2026-12-31' });
  const periods = await asA<{ id: string }[]>('POST', `/gl/fiscal-years/${fy.body.id}/periods`, { pattern: 'monthly' });
  const sequences = await asA<{ items: { id: string }[] }>('GET', '/gl/number-sequences');
  const accountList = await asA<{ items: { id: string; code: string }[] }>('GET', '/gl/accounts?limit=500');
  const code = (c: string) => accountList.body.items.find((x) => x.code === c)!.id;
  const body = { journalDate: '2026-03-03', description: 'Secret of A', lines: [{ account: code('1010'), currency: 'USD', debit: '77' }, { account: code('4000'), currency: 'USD', credit: '77' }] };
  const journal = await asA<{ id: string }>('POST', '/gl/journals/post', body);
  const draft = await asA<{ id: string }>('POST', '/gl/journals', body);
  return { fiscalYearId: fy.body.id, periodId: periods.body[1]!.id, sequenceId: sequences.body.items[0]!.id, accountId: code('1010'), journalId: journal.body.id, draftId: draft.body.id };
}
afterAll(() => t.close());

describe('the endpoint table', () => {
  it("covers every hand-written route of the modules' manifests, and the app has no route they do not declare", async () => {
    const table = endpoints.map((e) => `${e.method} ${e.route}`).sort();
    expect(new Set(table).size).toBe(table.length);
    expect(table).toEqual([...declaredRoutes(t.platform).keys()].sort());
    expect(undeclaredRoutes(knownRoutes(t.app), t.platform)).toEqual([]);
    const kit = new Set(kitRoutes(t.platform));
    const handWritten = (r: string) => isApiPath(r.split(' ')[1]!) && !kit.has(r);
    expect(knownRoutes(t.app).filter(handWritten)).toEqual(table);
    for (const e of endpoints) expect(t.app.hasRoute({ method: e.method, url: e.route }), e.route).toBe(true);
    // The OpenAPI document agrees (it names parameters {like-this}).
    const doc = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths ?? {})
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`))
      .filter(handWritten)
      .sort();
    expect(documented).toEqual(table);
  });
});

describe("B's token cannot reach A", () => {
  it.each(endpoints.map((e) => [`${e.method} ${e.route}`, e] as const))('%s: refuses A as tenant header or host (401)', async (_, endpoint) => {
    const [first] = endpoint.attacks();
    const bearer = `Bearer ${b.admin.token}`;
    const variants: Record<string, string>[] = [
      { host: b.tenant.host, authorization: bearer, token: a.tenant.tenantId },
      { host: b.tenant.host, authorization: bearer, token: a.tenant.tenantId, 'x-forwarded-host': a.tenant.host },
      { host: a.tenant.host, authorization: bearer, token: b.tenant.tenantId },
      { host: a.tenant.host, authorization: bearer, token: a.tenant.tenantId },
      { host: 'ISOA.test:8443', authorization: bearer, token: a.tenant.tenantId },
      { host: a.tenant.host, authorization: bearer },
    ];
    for (const headers of variants) {
      const res = await send<ErrorObject>(endpoint.method, first!.url, headers, first!.body);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      // The refusal comes from the tenant check (or, on a public route, from the token not being the public credential).
      const message = endpoint.access === 'public' ? 'This call takes the public credential' : 'The tenant of the request does not match your session';
      expect(res.body).toEqual({ message, statusCode: 401, serverError: 'Unauthorized' });
      expectNothingOfA(res.body, endpoint.route);
    }
  });
});

describe("B on its own host with A's ids", () => {
  let sqlBefore: Record<string, string[]>;
  let apiBefore: Awaited<ReturnType<typeof apiSnapshotOfA>>;
  beforeAll(async () => {
    sqlBefore = await sqlSnapshotOfA();
    apiBefore = await apiSnapshotOfA();
  });

  it.each(endpoints.map((e) => [`${e.method} ${e.route}`, e] as const))('%s: answers nothing of A', async (_, endpoint) => {
    for (const attack of endpoint.attacks()) {
      const { url, body } = attack;
      const res = attack.file ? await fileAsB(url) : attack.as === 'user' ? await asB(endpoint.method, url, body) : await call(t.app, b.tenant.host, endpoint.method, url, body);
      expect(attack.status, `${url} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
      if (res.status >= 400) expect(res.body).toMatchObject({ statusCode: res.status });
      expectNothingOfA(res.body, url);
      await attack.check?.(res.body);
    }
  });

  it("leaves A's data exactly as it was, read back as A", async () => {
    expect(await apiSnapshotOfA()).toEqual(apiBefore);
    expect(await sqlSnapshotOfA()).toEqual(sqlBefore);
    // A's host still leads to A, A still signs in with the old password, A's code was not spent.
    const request = await call<{ isLicenseManager: boolean }>(t.app, a.tenant.host, 'GET', '/auth/tenantrequest/GetRequest/isoa.test');
    expect(request.status).toBe(200);
    const signIn = await call(t.app, a.tenant.host, 'POST', '/auth/user/validate', { key: A.mail, value: await transformPassword(PASSWORD) });
    expect(signIn.status).toBe(200);
    const [code] = await withTenant(t.platform.database.db, { tenantId: a.tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(oneTimeCodes));
    expect(code).toMatchObject({ tries: 1, usedAt: null });
  });
});

describe('lists as B', () => {
  it("never contain A's rows", async () => {
    const users = await asB<List<UserView>>('GET', '/auth/user/getbyrole/all/*/500');
    expect(users.body.items.map((u) => u.tenant)).not.toContain(a.tenant.tenantId);
    expect(users.body.items.map((u) => u.code)).toContain(b.admin.user.activeUser.code);
    const byRole = await asB<List<UserView>>('GET', `/auth/user/getbyrole/${b.admin.user.parentRole.id}/*/500`);
    expect(byRole.body.items.map((u) => u.tenant)).toEqual([b.tenant.tenantId, b.tenant.tenantId]);
    const companiesB = await asB<List<CompanyListItem>>('GET', '/gl/GetCompanies/500');
    expect(companiesB.body.items.map((c) => c.id)).not.toContain(a.tenant.companyId);
    expect(companiesB.body.items.map((c) => c.id)).toContain(b.tenant.companyId);
    const tenantsB = await asB<List<Tenant>>('GET', '/gl/GetTenants/500');
    expect(tenantsB.body).toMatchObject({ total: 1, items: [{ id: b.tenant.tenantId }] });
    const rolesB = await asB<{ items: Role[] }>('GET', '/auth/role/getroles');
    expect(rolesB.body.items.map((r) => r.id).filter((id) => A.roleIds.includes(id))).toEqual([]);
    for (const body of [users.body, companiesB.body, tenantsB.body, rolesB.body]) expectNothingOfA(body, 'list');
  });

  it("gives a new tenant's first user that tenant, whatever tenant, company and role the body names", async () => {
    const c = await t.tenant('ISOC');
    const p = await transformPassword('First 123');
    const res = await call<UserView>(t.app, c.host, 'POST', `/auth/user/createfirst/${p}`, {
      name: 'C admin', mailAddress: 'admin@isoc.test', password: p, confirmPassword: p, tenant: a.tenant.tenantId, company: a.tenant.companyId, roleID: A.adminRoleId,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tenant: c.tenantId, company: c.companyId, role: 'Administrator' });
    expect(res.body.roleID).not.toBe(A.adminRoleId);
    const again = await createFirstUser(t.app, c.host, 'second@isoc.test', 'First 123');
    expect(again.status).toBe(409);
    const aUsers = await asA<List<UserView>>('GET', '/auth/user/getbyrole/all/*/500');
    expect(aUsers.body.items.map((u) => u.mailAddress)).not.toContain('admin@isoc.test');
  });
});

describe('the database itself (row-level security) as B', () => {
  const asTenantB = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(t.platform.database.db, { tenantId: b.tenant.tenantId, companies: 'all' }, fn);

  it("selects no row of A from any tenant table, even asking for A's ids", async () => {
    await asTenantB(async (tx) => {
      for (const table of [users, companies, roles, rolePermissions, tenants, currencies, auditLog]) {
        const rows = await tx.select().from(table);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r.tenantId === b.tenant.tenantId)).toBe(true);
      }
      // B never asked for a code: A's codes and mails are there, but not for B.
      expect(await tx.select().from(oneTimeCodes)).toEqual([]);
      expect(await tx.select().from(mailOutbox)).toEqual([]);
      expect(await tx.select().from(users).where(eq(users.userId, A.userId))).toEqual([]);
      expect(await tx.select().from(companies).where(eq(companies.tenantId, a.tenant.tenantId))).toEqual([]);
      expect(await tx.select().from(roles).where(eq(roles.roleId, A.adminRoleId))).toEqual([]);
      expect(await tx.select().from(tenants).where(eq(tenants.tenantId, a.tenant.tenantId))).toEqual([]);
    });
  });

  it('refuses to insert a row for A (WITH CHECK) and changes or deletes 0 rows of A', async () => {
    const rlsRefusal = /row-level security|row level security/i;
    const messageOf = (e: unknown) => `${String(e)} ${String((e as { cause?: unknown }).cause ?? '')}`;
    const inserts = [
      (tx: Parameters<Parameters<typeof asTenantB>[0]>[0]) => tx.insert(roles).values({ tenantId: a.tenant.tenantId, name: 'Planted by B' }),
      (tx: Parameters<Parameters<typeof asTenantB>[0]>[0]) => tx.insert(companies).values({ tenantId: a.tenant.tenantId, code: 'PLANT', description: 'Planted by B' }),
      (tx: Parameters<Parameters<typeof asTenantB>[0]>[0]) =>
        tx.insert(users).values({ tenantId: a.tenant.tenantId, companyId: a.tenant.companyId, roleId: A.adminRoleId, name: 'Planted', mailAddress: 'plant@isoa.test', passwordHash: 'x' }),
    ];
    for (const insert of inserts) {
      const error = await asTenantB(insert).then(() => undefined, (e: unknown) => e);
      expect(error).toBeDefined();
      expect(messageOf(error)).toMatch(rlsRefusal);
    }
    // Moving B's own row into A is refused by the same check.
    const moved = await asTenantB((tx) => tx.update(roles).set({ tenantId: a.tenant.tenantId }).where(eq(roles.tenantId, b.tenant.tenantId))).then(() => undefined, (e: unknown) => e);
    expect(messageOf(moved)).toMatch(rlsRefusal);

    await asTenantB(async (tx) => {
      expect(await tx.update(users).set({ name: 'Hacked' }).where(eq(users.userId, A.userId)).returning()).toEqual([]);
      expect(await tx.update(companies).set({ description: 'Hacked' }).where(eq(companies.tenantId, a.tenant.tenantId)).returning()).toEqual([]);
      expect(await tx.update(roles).set({ name: 'Hacked' }).where(eq(roles.roleId, A.viewerRoleId)).returning()).toEqual([]);
      expect(await tx.update(tenants).set({ name: 'Hacked' }).where(eq(tenants.tenantId, a.tenant.tenantId)).returning()).toEqual([]);
      expect(await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, A.viewerRoleId)).returning()).toEqual([]);
      expect(await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.tenantId, a.tenant.tenantId)).returning()).toEqual([]);
      // Every one of these statements ran as the API role with B's tenant.
      const who = rowsOf<{ role: string; tenant: string }>(await tx.execute(sql`select current_user as role, current_setting('app.tenant_id') as tenant`));
      expect(who).toEqual([{ role: 'erp_app', tenant: b.tenant.tenantId }]);
    });

    const aUsers = await asA<List<UserView>>('GET', '/auth/user/getbyrole/all/*/500');
    expect(aUsers.body.items.map((u) => u.name)).toEqual(['First Admin']);
    const aCompanies = await asA<List<CompanyListItem>>('GET', '/gl/GetCompanies/500');
    expect(aCompanies.body.items.map((c) => c.description).sort()).toEqual(['Secret of A', 'Tenant ISOA Head Office']);
    const aRoles = await asA<{ items: Role[] }>('GET', '/auth/role/getroles');
    expect(aRoles.body.items.map((r) => r.name)).toEqual(['Accountant', 'Administrator', 'Viewer']);
    const viewer = await asA<Role>('GET', `/auth/role/get/${A.viewerRoleId}`);
    expect(viewer.body.permissions!.length).toBeGreaterThan(0);
  });

  it('shows the API role nothing when no tenant is set, and refuses to set a tenant that is not a uuid', async () => {
    // SET takes no bind parameters: withTenant inlines only checked uuids and refuses anything else.
    await expect(withTenant(t.platform.database.db, { tenantId: '', companies: 'all' }, async () => 'ran')).rejects.toThrow(/not a uuid/);
    await expect(withTenant(t.platform.database.db, { tenantId: `${a.tenant.tenantId}'; reset role; --`, companies: 'all' }, async () => 'ran')).rejects.toThrow(/not a uuid/);
    const rows = await withSystem(t.platform.database.db, async (tx) => ({
      role: await tx.execute(sql`set local role erp_app`),
      users: await tx.select().from(users),
      companies: await tx.select().from(companies),
      tenants: await tx.select().from(tenants),
    }));
    expect({ ...rows, role: undefined }).toEqual({ users: [], companies: [], tenants: [], role: undefined });
  });
});

/** Payment runs of both faces (issue 16) and their own routes: B aims at A's runs and bank. */
function paymentRunEndpoints(): Endpoint[] {
  const noneOfA = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/Secret of A/);
  return [faces.payables, faces.receivables].flatMap((face): Endpoint[] => {
    const base = `/${face.service}/${face.partyWord}-payment-runs`;
    const id = () => APAR[`${face.side}.run`]!;
    const body = () => ({ bank: APAR.bank, paymentDate: '2026-03-18', upTo: '2026-03-31', description: 'x' });
    const one = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', route: string, url: (x: string) => string, payload?: () => unknown): Endpoint => ({ method, route, access: 'user', attacks: () => [{ as: 'user', url: url(id()), ...(payload ? { body: payload() } : {}), status: [404] }] });
    return [
      { method: 'GET', route: base, access: 'user', attacks: () => [{ as: 'user', url: `${base}?limit=500`, status: [200], check: noneOfA }] },
      { method: 'GET', route: `${base}/export`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/export?format=csv`, file: true, status: [200], check: noneOfA }] },
      { method: 'POST', route: base, access: 'user', attacks: () => [{ as: 'user', url: base, body: body(), status: [422] }] },
      { method: 'GET', route: `${base}/proposal`, access: 'user', attacks: () => [{ as: 'user', url: `${base}/proposal?bank=${APAR.bank}&paymentDate=2026-03-18&upTo=2026-03-31`, status: [422] }] },
      one('GET', `${base}/:id`, (x) => `${base}/${x}`),
      one('PUT', `${base}/:id`, (x) => `${base}/${x}`, body),
      one('DELETE', `${base}/:id`, (x) => `${base}/${x}`),
      one('POST', `${base}/:id/post`, (x) => `${base}/${x}/post`),
      one('POST', `${base}/:id/reverse`, (x) => `${base}/${x}/reverse`, () => ({ date: '2026-03-05' })),
      one('POST', `${base}/:id/submit`, (x) => `${base}/${x}/submit`, () => ({})),
      one('GET', `${base}/:id/bank-file`, (x) => `${base}/${x}/bank-file`),
      one('GET', `${base}/:id/remittance`, (x) => `${base}/${x}/remittance?party=${APAR[`${face.side}.party`]}`),
      one('POST', `${base}/:id/remittance/mail`, (x) => `${base}/${x}/remittance/mail`),
    ];
  });
}
