// Proves that every path that posts a journal leaves its posting in the audit trail (issue 13 item 9): create-and-post (small, large, replayed), a posted draft, an approval
// (with and without a workflow), a recurring run (run now and the scheduled job), a reversal (the new journal and the original's change to Reversed),
// both legs of an intercompany journal, a year-end close and a trial-balance import. Each is found by searching its number, with who posted it and an
// `after` that says Posted, exactly once; ten concurrent create-and-post calls (grouped into shared transactions on PostgreSQL) each leave exactly one
// row, written in the same transaction as the journal it records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  transformPassword,
  type AuditEntry,
  type AuditTrailPage,
  type Company,
  type EntityRecord,
  type ErrorObject,
  type InstanceView,
  type IntercompanyJournalView,
  type JournalView,
  type RecurringJournalView,
  type RecurringRunResult,
  type Role,
  type TaskActionResult,
  type UserView,
} from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { withTenant } from '../../src/platform/db/tenancy';
import { runDueRecurringJournals } from '../../src/modules/ledger/index';
import { testDbKind } from '../helpers/databases';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks, post, type Books } from '../ledger/helpers';
import { taskOf, users } from '../workflow/running-setup';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Posting = { id: string; number: string | null };
type Closed = { fiscalYear: { code: string; status: string }; journal: JournalView | null };
type TbImport = { journal: JournalView | null; errors: unknown[] };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
let adminId: string;

const as = (who: Session) => <T>(method: Method, url: string, body?: unknown) => call<T & ErrorObject>(t.app, tenant.host, method, url, body, who);
const api = <T>(method: Method, url: string, body?: unknown) => as(admin)<T>(method, url, body);
async function ok<T>(method: Method, url: string, body?: unknown, who: Session = admin): Promise<T> {
  const res = await as(who)<T>(method, url, body);
  expect(res.status, `${method} ${url}: ${res.body?.message}`).toBe(200);
  return res.body;
}
const acct = (code: string) => books.accounts.get(code)!;
const sale = (date: string, description: string, amount: string) => ({ journalDate: date, description, lines: [line(acct('1010'), 'debit', amount), line(acct('4000'), 'credit', amount)] });
const statusOf = (e: AuditEntry) => (e.after as { status?: string } | null)?.status ?? null;

/** A user of the tenant with a built-in role (in another company when given), signed in. */
async function newUser(mail: string, roleName: string, company?: string): Promise<Session> {
  const roles = (await api<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items;
  const p = await transformPassword('Audit horse 1');
  const roleID = roleName === 'Admin' ? admin.user.parentRole.id : roles.find((r) => r.name === roleName)!.id;
  await ok<UserView>('POST', `/auth/user/create/${p}`, { name: mail.split('@')[0], mailAddress: mail, password: p, confirmPassword: p, roleID, ...(company ? { company } : {}) });
  return signIn(t.app, tenant.host, mail, 'Audit horse 1');
}

/** What searching the trail for the journal's number finds of that journal (numbers repeat across companies and prefix longer ones: the record says which). */
async function trailOf(j: Posting, who: Session = admin): Promise<AuditEntry[]> {
  expect(j.number, 'a posted journal has its number').toMatch(/^JV\d{4}-\d{6}$/);
  const page = await ok<AuditTrailPage>('GET', `/admin/audit-trail?search=${encodeURIComponent(j.number!)}&limit=200`, undefined, who);
  expect(page.nextCursor, 'one page holds every row the number finds').toBeUndefined();
  return page.items.filter((e) => e.recordId === j.id);
}

/** The journal's one posting row, found by its number: who posted it, what it posted (`after` says Posted). */
async function postingOf(j: Posting, by: string, after: object = {}, who: Session = admin): Promise<AuditEntry> {
  const rows = (await trailOf(j, who)).filter((e) => statusOf(e) === 'Posted');
  expect(rows, `the posting of ${j.number}`).toHaveLength(1);
  const [row] = rows as [AuditEntry];
  expect(row).toMatchObject({ entity: 'journal', recordId: j.id, user: { id: by }, after: { status: 'Posted', ...after } });
  expect(row.recordLabel).toContain(j.number);
  return row;
}

const journalOf = (id: string) => ok<JournalView>('GET', `/gl/journals/${id}`);
const GL = (documentType: string, documentId?: string) => ({ module: 'General Ledger', documentType, ...(documentId ? { documentId } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'AUDPOST'));
  adminId = admin.user.activeUser.code;
  books = await openBooks(t, tenant, admin);
});
afterAll(() => t.close());

describe('every posting path leaves its audit row, found by the journal number', () => {
  it('create-and-post (POST /gl/journals/post)', async () => {
    const res = await post(t, tenant, admin, sale('2026-02-02', 'Cash sale posted at once', '125.50'));
    expect(res.status, res.body.message).toBe(200);
    const row = await postingOf(res.body, adminId, { kind: 'Standard', journalDate: '2026-02-02', description: 'Cash sale posted at once', totalBase: '12550', lines: 2, source: GL('Journal') });
    // Created and posted in one step: the posting is its only row, a creation.
    expect((await trailOf(res.body)).map((e) => [e.action, statusOf(e)])).toEqual([['create', 'Posted']]);
    expect(row.action).toBe('create');
    // Replayed with its Idempotency-Key, the call answers the same journal and records nothing more.
    const keyed = await post(t, tenant, admin, sale('2026-02-02', 'Keyed sale', '10'), 'audit-keyed-1');
    const replayed = await post(t, tenant, admin, sale('2026-02-02', 'Keyed sale', '10'), 'audit-keyed-1');
    expect([keyed.status, replayed.body.id]).toEqual([200, keyed.body.id]);
    expect((await trailOf(keyed.body)).map((e) => [e.action, statusOf(e)])).toEqual([['create', 'Posted']]);
  });

  it('create-and-post of a large journal (the bulk path: written unnumbered, numbered by its last statement)', async () => {
    // 60 pairs: 120 lines, past NUMBER_WITH_LINES_MAX.
    const lines = Array.from({ length: 60 }, () => [line(acct('6300'), 'debit', '1.00'), line(acct('1010'), 'credit', '1.00')]).flat();
    const res = await post(t, tenant, admin, { journalDate: '2026-02-04', description: 'Large journal', lines });
    expect([res.status, res.body.status, res.body.lines?.length]).toEqual([200, 'Posted', 120]);
    await postingOf(res.body, adminId, { lines: 120, totalBase: '6000' });
    expect(await trailOf(res.body)).toHaveLength(1);
  });

  it('a draft posted (POST /gl/journals/{id}/post)', async () => {
    const draft = await ok<JournalView>('POST', '/gl/journals', sale('2026-02-03', 'Draft then posted', '80'));
    const posted = await ok<JournalView>('POST', `/gl/journals/${draft.id}/post`);
    expect(posted.status).toBe('Posted');
    await postingOf(posted, adminId, { totalBase: '8000' });
    expect((await trailOf(posted)).map((e) => [e.action, statusOf(e)])).toEqual([['edit', 'Posted'], ['create', null]]);
  });

  it('a recurring journal in Post mode: run now, and the scheduled job (as the user who authorised the schedule)', async () => {
    const template = await ok<{ id: string }>('POST', '/gl/journal-templates', { code: 'AUD-RENT', name: 'Rent', lines: [line(acct('6100'), 'debit', '300'), line(acct('1010'), 'credit', '300')] });
    const schedule = await ok<RecurringJournalView>('POST', '/gl/recurring-journals', { code: 'AUD-R', description: 'Rent by schedule', template: template.id, frequency: 'Monthly', startDate: '2026-03-15', occurrences: 1, mode: 'Post' });
    const run = await ok<RecurringRunResult>('POST', `/gl/recurring-journals/${schedule.id}/run`, { upTo: '2026-03-15' });
    expect(run.generated.map((g) => g.status)).toEqual(['Posted']);
    const made = { id: run.generated[0]!.journalId!, number: run.generated[0]!.number };
    await postingOf(made, adminId, { kind: 'Standard', journalDate: '2026-03-15', reference: 'AUD-R 2026-03-15', source: GL('RecurringJournal', schedule.id) });
    expect((await trailOf(made)).map((e) => [e.action, statusOf(e)])).toEqual([['create', 'Posted']]);
    // A schedule in Draft mode writes its draft itself, and records it.
    const drafting = await ok<RecurringJournalView>('POST', '/gl/recurring-journals', { code: 'AUD-D', description: 'Rent to check', template: template.id, frequency: 'Monthly', startDate: '2026-03-16', occurrences: 1 });
    const drafted = (await ok<RecurringRunResult>('POST', `/gl/recurring-journals/${drafting.id}/run`, { upTo: '2026-03-16' })).generated[0]!;
    expect(drafted.status).toBe('Draft');
    const draftRows = (await ok<AuditTrailPage>('GET', `/admin/audit-trail?entity=journal&recordId=${drafted.journalId}`)).items;
    expect(draftRows).toMatchObject([{ action: 'create', user: { id: adminId }, after: { status: 'Draft', recurringId: drafting.id, occurrenceDate: '2026-03-16' } }]);

    const nightly = await ok<RecurringJournalView>('POST', '/gl/recurring-journals', { code: 'AUD-N', description: 'Fee by the job', template: template.id, frequency: 'Monthly', startDate: '2026-03-20', occurrences: 1, mode: 'Post' });
    const summary = await runDueRecurringJournals(t.platform, new Date('2026-03-20T12:00:00Z'));
    expect(summary.failed).toBe(0);
    const ran = await ok<RecurringJournalView>('GET', `/gl/recurring-journals/${nightly.id}`);
    expect(ran.lastJournalId).not.toBeNull();
    const byJob = await journalOf(ran.lastJournalId!);
    expect(byJob.status).toBe('Posted');
    await postingOf(byJob, adminId, { journalDate: '2026-03-20', source: GL('RecurringJournal', nightly.id) });
  });

  it('a reversal (POST /gl/journals/{id}/reverse): the reversal journal posted, the original changed to Reversed', async () => {
    const original = await post(t, tenant, admin, sale('2026-04-01', 'Sale to reverse', '42'));
    expect(original.status, original.body.message).toBe(200);
    const reversal = await ok<JournalView>('POST', `/gl/journals/${original.body.id}/reverse`, { date: '2026-04-02' });
    expect(reversal).toMatchObject({ kind: 'Reversal', status: 'Posted', reversalOf: original.body.id });
    await postingOf(reversal, adminId, { kind: 'Reversal', journalDate: '2026-04-02', reversalOf: original.body.id, totalBase: '4200', source: GL('Journal') });
    const ofOriginal = await trailOf(original.body);
    expect(ofOriginal.map((e) => [e.action, statusOf(e)])).toEqual([['edit', 'Reversed'], ['create', 'Posted']]);
    expect(ofOriginal[0]).toMatchObject({ user: { id: adminId }, after: { status: 'Reversed', reversedBy: reversal.id } });
    // The reversal names the original in its description, so the original's number finds both journals' rows.
    const byOriginalNumber = (await ok<AuditTrailPage>('GET', `/admin/audit-trail?search=${original.body.number}&limit=200`)).items;
    expect(byOriginalNumber.filter((e) => e.recordId === reversal.id).map(statusOf)).toEqual(['Posted']);
  });

  it('both legs of an intercompany journal, each found by its own company\'s number', async () => {
    const [subCompany] = await ok<Company[]>('POST', '/gl/SaveCompanies', [{ code: 'SUB', description: 'Subsidiary' }]);
    const subId = subCompany!.id;
    const sub = await newUser('admin@sub.audpost.test', 'Admin', subId);
    const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' }, sub);
    await ok('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' }, sub);
    const ids = new Map<string, string>();
    for (const [who, company, partner] of [[admin, 'HQ', 'SUB'], [sub, 'SUB', 'HQ']] as const) {
      const groups = (await ok<{ items: EntityRecord[] }>('GET', '/gl/account-groups?limit=100', undefined, who)).items;
      const group = (code: string) => groups.find((g) => g.code === code)!.id;
      await ok('POST', '/gl/accounts', { code: '1700', name: `Due from ${partner}`, accountGroup: group('10'), kind: 'Posting', controlType: 'None', active: true }, who);
      await ok('POST', '/gl/accounts', { code: '2700', name: `Due to ${partner}`, accountGroup: group('20'), kind: 'Posting', controlType: 'None', active: true }, who);
      for (const a of (await ok<{ items: EntityRecord[] }>('GET', '/gl/accounts?limit=500', undefined, who)).items) ids.set(`${company}:${String(a.code)}`, a.id);
    }
    await ok('PUT', `/gl/intercompany-partners/${subId}/accounts`, { dueFromAccount: ids.get('HQ:1700'), dueToAccount: ids.get('HQ:2700') });
    await ok('PUT', `/gl/intercompany-partners/${tenant.companyId}/accounts`, { dueFromAccount: ids.get('SUB:1700'), dueToAccount: ids.get('SUB:2700') }, sub);
    const draft = await ok<IntercompanyJournalView>('POST', '/gl/intercompany-journals', {
      partnerCompany: subId, journalDate: '2026-05-10', description: 'Rent paid for SUB', reference: 'IC-AUD',
      lines: [{ company: subId, account: ids.get('SUB:6100'), currency: 'USD', debit: '1000' }, { company: tenant.companyId, account: ids.get('HQ:1010'), currency: 'USD', credit: '1000' }],
    });
    const posted = await ok<IntercompanyJournalView>('POST', `/gl/intercompany-journals/${draft.id}/post`);
    expect(posted.legs.map((l) => [l.company.code, l.journal.status])).toEqual([['HQ', 'Posted'], ['SUB', 'Posted']]);
    // Each leg is found by its number by a user of its own company (the company policy hides the
    // other company's journal, so its number labels nothing for HQ's user).
    for (const leg of posted.legs) await postingOf(leg.journal, adminId, { kind: 'Intercompany', journalDate: '2026-05-10', totalBase: '100000', source: GL('IntercompanyJournal', draft.id) }, leg.company.code === 'SUB' ? sub : admin);
    const subLeg = posted.legs[1]!.journal;
    expect(subLeg.number).toBe('JV2026-000001');
    expect((await trailOf(subLeg, admin)).filter((e) => statusOf(e) === 'Posted')).toEqual([]);
  });

  it('a year-end close: the closing journal', async () => {
    const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2025', name: '2025', startDate: '2025-01-01', endDate: '2025-12-31' });
    await ok('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
    const sold = await post(t, tenant, admin, sale('2025-06-30', 'Sales of 2025', '700'));
    expect(sold.status, sold.body.message).toBe(200);
    await postingOf(sold.body, adminId, { journalDate: '2025-06-30' });
    const closed = await ok<Closed>('POST', `/gl/fiscal-years/${fy.id}/close`);
    expect(closed.fiscalYear.status).toBe('Closed');
    expect(closed.journal).toMatchObject({ kind: 'Adjustment', status: 'Posted', journalDate: '2025-12-31' });
    await postingOf(closed.journal!, adminId, { kind: 'Adjustment', journalDate: '2025-12-31', totalBase: '70000', source: GL('FiscalYearClose', fy.id) });
  });

  it('a trial-balance import posted (POST /gl/trial-balance/import with post: true)', async () => {
    const csv = 'Account,Debit,Credit\n1010,2500,\n3000,,2500\n';
    const res = await api<TbImport>('POST', '/gl/trial-balance/import', { fileName: 'opening.csv', contentBase64: Buffer.from(csv).toString('base64'), journalDate: '2026-01-01', dryRun: false, post: true });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.journal).toMatchObject({ kind: 'OpeningBalance', status: 'Posted' });
    await postingOf(res.body.journal!, adminId, { kind: 'OpeningBalance', journalDate: '2026-01-01', totalBase: '250000', reference: 'opening.csv' });
  });

  it('ten concurrent create-and-post calls (the grouped path): exactly one row each, written in its journal\'s own transaction', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(t, tenant, admin, sale('2026-06-10', `Grouped sale ${i}`, `${i + 1}`))));
    expect(results.map((r) => [r.status, r.body.status])).toEqual(Array(10).fill([200, 'Posted']));
    for (const [i, r] of results.entries()) {
      await postingOf(r.body, adminId, { description: `Grouped sale ${i}`, totalBase: `${(i + 1) * 100}` });
      expect(await trailOf(r.body)).toHaveLength(1);
    }
    const ids = results.map((r) => r.body.id);
    const written = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) =>
      rowsOf<{ id: string; journal_tx: string; audit_tx: string }>(await tx.execute(sql`
        select j.id::text as id, j.xmin::text as journal_tx, a.xmin::text as audit_tx
        from journals j join audit_log a on a.tenant_id = j.tenant_id and a.entity = 'journal' and a.record_id = j.id::text
        where j.id = any(${`{${ids.join(',')}}`}::uuid[])`)),
    );
    expect(written.map((w) => w.id).sort()).toEqual([...ids].sort());
    expect(written.filter((w) => w.journal_tx !== w.audit_tx)).toEqual([]);
    // On PostgreSQL the calls share group commits (fewer transactions than journals), and still one row each.
    if (testDbKind() === 'postgres') expect(new Set(written.map((w) => w.journal_tx)).size).toBeLessThan(10);
  });

  // Last: an active JournalApproval workflow closes the direct posting routes above.
  it('approval: submitted with no workflow (posted at once), and through a JournalApproval workflow (posted by the approver)', async () => {
    const first = await ok<JournalView>('POST', '/gl/journals', sale('2026-07-01', 'Approved at once', '60'));
    const done = await ok<InstanceView>('POST', `/gl/journals/${first.id}/submit`);
    expect(done).toMatchObject({ status: 'Approved', performed: ['Validate', 'Post'] });
    await postingOf(await journalOf(first.id), adminId, { totalBase: '6000' });

    const approver = await newUser('approver@audpost.test', 'Accountant');
    const approverId = approver.user.activeUser.code;
    await ok('POST', '/workflow/workflows', { approvalType: 'JournalApproval', name: 'Journal approval', steps: [{ name: 'Approve', assignees: users([approverId]) }] });
    const second = await ok<JournalView>('POST', '/gl/journals', sale('2026-07-02', 'Approved by the approver', '90'));
    const submitted = await ok<InstanceView>('POST', `/gl/journals/${second.id}/submit`);
    expect(submitted.status).toBe('Running');
    expect((await journalOf(second.id)).status).toBe('Draft');
    const approved = await ok<TaskActionResult>('POST', `/workflow/tasks/${taskOf(submitted, approverId)}/approve`, undefined, approver);
    expect(approved.instance).toMatchObject({ status: 'Approved', performed: ['Validate', 'Post'] });
    const posted = await journalOf(second.id);
    expect(posted.status).toBe('Posted');
    await postingOf(posted, approverId, { totalBase: '9000' });
    expect((await trailOf(posted)).map((e) => [e.action, statusOf(e)])).toEqual([['edit', 'Posted'], ['edit', 'Validated'], ['create', null]]);
  });
});
