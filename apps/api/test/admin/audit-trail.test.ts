// Proves the audit trail screen's API: every write of a journey appears with who, before, after and the changed fields; filters, keyset pages and the export agree; only /role holders read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformPassword, type AuditEntry, type AuditTrailPage, type Company, type EntityRecord, type JournalView, type ErrorObject, type Role, type UserView } from '@erp/contracts';
import { parseXlsx } from '../../src/platform/kit/tabular-files';
import type { Tx } from '../../src/platform/db/client';
import { withTenant } from '../../src/platform/db/tenancy';
import { listAuditTrail, selectRecordLabels } from '../../src/modules/admin/index';
import { readCsv } from '@erp/contracts';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks } from '../ledger/helpers';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let clerk: Session;
let branch: Company;

const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, as: Session = admin) => call<T>(t.app, tenant.host, method, url, body, as);
const trail = async (query: string, as: Session = admin) => {
  const res = await api<AuditTrailPage>('GET', `/admin/audit-trail?${query}`, undefined, as);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** Every entry of a filter, page by page through the cursors. */
async function walk(query: string, limit: number): Promise<{ items: AuditEntry[]; pages: number }> {
  const items: AuditEntry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await trail(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  return { items, pages };
}
async function download(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/admin/audit-trail/export?${query}`, headers: { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId } });
  return res;
}
async function newUser(mail: string, roleName: string): Promise<Session> {
  const roles = (await api<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items;
  const p = await transformPassword('Pass word 1');
  const created = await api<UserView>('POST', `/auth/user/create/${p}`, { name: `${roleName} ${mail.split('@')[0]}`, mailAddress: mail, password: p, confirmPassword: p, roleID: roles.find((r) => r.name === roleName)!.id });
  expect(created.status).toBe(200);
  return signIn(t.app, tenant.host, mail, 'Pass word 1');
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'AUDIT'));
  const saved = await api<Company[]>('POST', '/gl/SaveCompanies', [{ code: 'NORTH', description: 'Northern branch' }]);
  branch = saved.body[0]!;
  await api('POST', '/gl/SaveCompanies', [{ id: branch.id, code: 'NORTH', description: 'Northern branch (renamed)' }]);
  clerk = await newUser('viewer@audit.test', 'Viewer');
});
afterAll(() => t.close());

describe('the audit trail', () => {
  it('shows an edit with who did it, before and after, and exactly the fields that changed', async () => {
    const page = await trail(`entity=company&recordId=${branch.id}`);
    expect(page.items.map((e) => e.action)).toEqual(['edit', 'create']);
    const [edit, create] = page.items as [AuditEntry, AuditEntry];
    expect(edit.user).toEqual({ id: admin.user.activeUser.code, name: 'First Admin', mailAddress: admin.user.mailAddress });
    expect(edit.before).toMatchObject({ description: 'Northern branch', code: 'NORTH' });
    expect(edit.after).toMatchObject({ description: 'Northern branch (renamed)', code: 'NORTH' });
    expect(edit.changedFields.sort()).toEqual(['description', 'updatedAt']);
    // A creation changes every field it sets; it has nothing before.
    expect(create.before).toBeNull();
    const set = Object.entries(create.after as object).filter(([, v]) => v !== null).map(([k]) => k);
    expect(create.changedFields.sort()).toEqual(set.sort());
    expect(create.changedFields).toEqual(expect.arrayContaining(['code', 'description']));
    expect(Date.parse(edit.at)).toBeGreaterThanOrEqual(Date.parse(create.at));
    expect(BigInt(edit.id)).toBeGreaterThan(BigInt(create.id));
  });

  it('records each step of a journal, newest first: created, edited, validated, posted, reversed', async () => {
    const books = await openBooks(t, tenant, admin);
    const cash = books.accounts.get('1010')!;
    const sales = books.accounts.get('4000')!;
    const body = (amount: string) => ({ journalDate: '2026-03-03', description: 'Audited sale', lines: [line(cash, 'debit', amount), line(sales, 'credit', amount)] });
    const draft = await api<{ id: string }>('POST', '/gl/journals', body('100'));
    expect((await api('PUT', `/gl/journals/${draft.body.id}`, body('120'))).status).toBe(200);
    expect((await api('POST', `/gl/journals/${draft.body.id}/validate`)).status).toBe(200);
    expect((await api('POST', `/gl/journals/${draft.body.id}/post`)).status).toBe(200);
    expect((await api('POST', `/gl/journals/${draft.body.id}/reverse`, { date: '2026-03-04' })).status).toBe(200);

    const steps = (await trail(`entity=journal&recordId=${draft.body.id}`)).items;
    expect(steps.map((e) => [e.action, (e.after as { status?: string } | null)?.status ?? null])).toEqual([
      ['edit', 'Reversed'], ['edit', 'Posted'], ['edit', 'Validated'], ['edit', null], ['create', null],
    ]);
    const amended = steps[3]!;
    // The ledger records the header before and the input after: the lines are what changed.
    expect(amended.changedFields).toEqual(['lines']);
    expect(amended.before).toMatchObject({ status: 'Draft', description: 'Audited sale' });
    expect(JSON.stringify(amended.after)).toContain('"120"');
    expect(steps.every((e) => e.user?.id === admin.user.activeUser.code)).toBe(true);
    // Its number finds every step, though no recorded value holds it before it was posted.
    const posted = await api<{ number: string }>('GET', `/gl/journals/${draft.body.id}`);
    const byNumber = (await trail(`entity=journal&search=${encodeURIComponent(posted.body.number)}`)).items;
    expect(byNumber.map((e) => e.id)).toEqual(expect.arrayContaining(steps.map((e) => e.id)));
    expect(byNumber.filter((e) => e.recordId === draft.body.id)).toHaveLength(steps.length);
  });

  it('walks every entry once through keyset pages, newest first', async () => {
    for (const name of ['Auditor', 'Cashier', 'Clerk', 'Controller', 'Treasurer']) expect((await api('POST', '/auth/role', { name })).status).toBe(200);
    const all = await walk('', 200);
    const paged = await walk('', 3);
    expect(all.pages).toBe(1);
    expect(paged.pages).toBe(Math.ceil(all.items.length / 3));
    expect(paged.items.map((e) => e.id)).toEqual(all.items.map((e) => e.id));
    const ids = all.items.map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(new Set(ids).size).toBe(ids.length);
    // The default page is the spec's list size.
    const first = await trail('');
    expect(first.items).toHaveLength(Math.min(20, all.items.length));
    expect(all.items.length).toBeGreaterThan(20);
  });

  it('filters by user, action, dates and search text, each agreeing with the whole trail', async () => {
    const all = (await walk('', 200)).items;
    const byClerk = (await trail(`userId=${clerk.user.activeUser.code}&limit=200`)).items;
    expect(byClerk.map((e) => [e.entity, e.action])).toEqual([['user', 'sign-in']]);
    expect(byClerk).toEqual(all.filter((e) => e.user?.id === clerk.user.activeUser.code));

    const signIns = (await trail('action=sign-in&limit=200')).items;
    expect(signIns.map((e) => e.user?.mailAddress).sort()).toEqual([admin.user.mailAddress, clerk.user.mailAddress].sort());

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await trail(`from=${day(-1)}&to=${day(1)}&limit=200`)).items).toHaveLength(all.length);
    expect((await trail(`from=${day(1)}&limit=200`)).items).toEqual([]);
    expect((await trail(`to=${day(-1)}&limit=200`)).items).toEqual([]);
    // Instants with an offset: up to the clerk's sign-in, inclusive.
    const signedIn = byClerk[0]!.at;
    const upTo = (await trail(`to=${encodeURIComponent(signedIn)}&limit=200`)).items;
    expect(upTo.map((e) => e.id)).toEqual(all.filter((e) => e.at <= signedIn).map((e) => e.id));
    expect(upTo.map((e) => e.id)).toContain(byClerk[0]!.id);

    // Search reaches the recorded values and the user's name and mail; % is taken literally.
    const renamed = (await trail(`search=${encodeURIComponent('branch (renamed')}`)).items;
    expect(renamed.map((e) => [e.entity, e.recordId, e.action])).toEqual([['company', branch.id, 'edit']]);
    expect((await trail(`search=${encodeURIComponent('viewer@audit')}&limit=200`)).items.map((e) => e.id)).toEqual(
      all.filter((e) => e.user?.mailAddress === 'viewer@audit.test' || JSON.stringify(e.after ?? '').includes('viewer@audit')).map((e) => e.id),
    );
    expect((await trail('search=%25%25%25')).items).toEqual([]);
  });

  it('lists the entity names that have entries, once each, sorted', async () => {
    const all = (await walk('', 200)).items;
    const res = await api<{ items: string[] }>('GET', '/admin/audit-trail/entities');
    expect(res.body.items).toEqual([...new Set(all.map((e) => e.entity))].sort());
    expect(res.body.items).toEqual(expect.arrayContaining(['company', 'journal', 'tenant', 'user']));
  });

  it('exports the filtered entries as CSV and XLSX, the same rows as the list', async () => {
    const listed = (await trail(`entity=company&recordId=${branch.id}`)).items;
    const csv = await download(`entity=company&recordId=${branch.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers['x-export-truncated']).toBe('false');
    expect(csv.headers['x-export-row-limit']).toBe('10000');
    const table = readCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(table.headers).toEqual(['Time (UTC)', 'User', 'User mail', 'Entity', 'Record', 'Record label', 'Action', 'Changed fields', 'Before', 'After']);
    expect(table.rows.map((r) => [r[0], r[1], r[3], r[4], r[5], r[6]])).toEqual(listed.map((e) => [e.at, 'First Admin', 'company', branch.id, 'NORTH', e.action]));
    expect(JSON.parse(table.rows[0]![9]!)).toEqual(listed[0]!.after);
    expect(table.rows[0]![7]!.split(', ').sort()).toEqual(['description', 'updatedAt']);

    const xlsx = await download(`entity=company&recordId=${branch.id}&format=xlsx`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = await parseXlsx(xlsx.rawPayload);
    expect(sheet).toEqual({ headers: table.headers, rows: table.rows });
  });

  it('refuses bad filters with the error object', async () => {
    const badCursor = await api<ErrorObject>('GET', '/admin/audit-trail?cursor=abc');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.statusCode).toBe(400);
    expect((await api('GET', '/admin/audit-trail?userId=nobody')).status).toBe(400);
    expect((await api('GET', '/admin/audit-trail?from=31-03-2026')).status).toBe(400);
    expect((await api('GET', '/admin/audit-trail/export?format=pdf')).status).toBe(400);
  });

  it('is read by roles holding /role (Administrator, Viewer), refused to the others, and needs a session', async () => {
    expect((await api('GET', '/admin/audit-trail', undefined, clerk)).status).toBe(200);
    const accountant = await newUser('accountant@audit.test', 'Accountant');
    for (const url of ['/admin/audit-trail', '/admin/audit-trail/entities', '/admin/audit-trail/export']) {
      const res = await api<ErrorObject>('GET', url, undefined, accountant);
      expect(res.body).toEqual({ message: 'You are not permitted to do this', statusCode: 403, serverError: 'Forbidden' });
    }
    expect((await call(t.app, tenant.host, 'GET', '/admin/audit-trail')).status).toBe(401);
  });
});

/** The transaction as the service sees it, counting the statements it sends (queries built by select, raw execute). */
function counted(tx: Tx): { tx: Tx; statements: () => number } {
  let statements = 0;
  const proxy = new Proxy(tx, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if ((key === 'select' || key === 'execute') && typeof value === 'function') {
        return (...args: unknown[]) => {
          statements += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
  return { tx: proxy, statements: () => statements };
}

describe('the audit trail names its records', () => {
  it('labels each record and the ids inside before and after: journal, account, company, user, role', async () => {
    const accounts = (await api<{ items: EntityRecord[] }>('GET', '/gl/accounts?limit=500')).body.items;
    const cash = accounts.find((a) => a.code === '1010')!;
    const sales = accounts.find((a) => a.code === '4000')!;

    const journals = (await trail('entity=journal&limit=200')).items;
    const created = journals.find((e) => e.action === 'create' && (e.after as { description?: string }).description === 'Audited sale')!;
    const journal = (await api<JournalView>('GET', `/gl/journals/${created.recordId}`)).body;
    expect(journal.number).toBeTruthy();
    // The live record's label on every step of its history, newest number included.
    for (const e of journals.filter((x) => x.recordId === created.recordId)) expect(e.recordLabel).toBe(`${journal.number} · Audited sale`);
    const page = await trail(`entity=journal&recordId=${created.recordId}&limit=200`);
    // The accounts inside the journal lines resolve to code and name.
    expect(page.labels[cash.id]).toBe(`1010 · ${String(cash.name)}`);
    expect(page.labels[sales.id]).toBe(`4000 · ${String(sales.name)}`);

    const company = await trail(`entity=company&recordId=${branch.id}`);
    expect(company.items.map((e) => e.recordLabel)).toEqual(['NORTH', 'NORTH']);

    const signIns = (await trail(`action=sign-in&userId=${clerk.user.activeUser.code}`)).items;
    expect(signIns.map((e) => e.recordLabel)).toEqual(['Viewer viewer']);

    const roles = (await trail('entity=role&action=create&limit=200')).items;
    expect(roles.map((e) => e.recordLabel)).toEqual(expect.arrayContaining(['Auditor', 'Cashier', 'Treasurer']));

    // A user's creation records its company and role by id: the page names both.
    const userCreated = await trail(`entity=user&action=create&recordId=${clerk.user.activeUser.code}`);
    const after = userCreated.items[0]!.after as { companyId: string; roleId: string };
    expect(userCreated.items[0]!.recordLabel).toBe('Viewer viewer');
    expect(userCreated.labels[after.roleId]).toBe('Viewer');
    expect(userCreated.labels[after.companyId]).toBeTruthy();
  });

  it('names a page of 50 entries with one label statement: two statements in all, whatever the page size', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `Desk ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) expect((await api('POST', '/auth/role', { name })).status).toBe(200);

    const { page, statements } = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, async (raw) => {
      const c = counted(raw);
      const result = await listAuditTrail(c.tx, tenant.tenantId, t.platform.auditLabels, { entity: 'role', action: 'create', limit: 50 });
      return { page: result, statements: c.statements() };
    });
    expect(page.items).toHaveLength(50);
    expect(statements).toBe(2);
    // The labels come from the live rows (the map holds only what the database resolved).
    expect(page.items.map((e) => page.labels[e.recordId]).sort()).toEqual(names);
    expect(page.items.map((e) => e.recordLabel).sort()).toEqual(names);
  });

  it("never names another tenant's records: B's trail shows nothing of A, and A's ids resolve to nothing as B", async () => {
    const { tenant: other, admin: otherAdmin } = await adminOf(t, 'AUDITB');
    const aIds = new Set((await walk('', 200)).items.flatMap((e) => [e.recordId, ...e.recordId.split(':')]));
    const bPage = (await call<AuditTrailPage>(t.app, other.host, 'GET', '/admin/audit-trail?limit=200', undefined, otherAdmin)).body;
    expect(bPage.items.length).toBeGreaterThan(0);
    expect(bPage.items.filter((e) => aIds.has(e.recordId))).toEqual([]);
    expect(Object.keys(bPage.labels).filter((id) => aIds.has(id))).toEqual([]);
    expect(JSON.stringify(bPage)).not.toContain('NORTH');
    expect(JSON.stringify(bPage)).not.toContain('Audited sale');

    const probe = [branch.id, admin.user.activeUser.code, clerk.user.activeUser.code, tenant.tenantId];
    const asB = await withTenant(t.platform.database.db, { tenantId: other.tenantId, companies: 'all' }, (tx) => selectRecordLabels(tx, other.tenantId, t.platform.auditLabels, probe));
    expect([...asB]).toEqual([]);
    // Even naming A as the tenant, B's session (RLS) reads none of A's rows.
    const asBNamingA = await withTenant(t.platform.database.db, { tenantId: other.tenantId, companies: 'all' }, (tx) => selectRecordLabels(tx, tenant.tenantId, t.platform.auditLabels, probe));
    expect([...asBNamingA]).toEqual([]);
    const asA = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => selectRecordLabels(tx, tenant.tenantId, t.platform.auditLabels, probe));
    expect(asA.get(branch.id)).toBe('NORTH');
    expect(asA.get(clerk.user.activeUser.code)).toBe('Viewer viewer');
  });
});
