// Proves recurring journals through the API and the real database: create, edit, delete and list (search, sort, state, pages) with refusals as the error object; the schedule's calendar (frequency, interval, next date, end date, count, month-end clamping) generating drafts or posted journals; "run now"; the scheduled job's work at a controlled clock, repeated, run twice at once and re-run after a crash, never making an occurrence twice; a posting that fails recorded with nothing half-written; the generated-journal history; operation labels; CSV/XLSX export and import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  readCsv,
  transformPassword,
  type ErrorObject,
  type GeneratedJournal,
  type ImportResult,
  type JournalTemplateView,
  type JournalView,
  type RecurringJournalView,
  type RecurringRunResult,
  type Role,
} from '@erp/contracts';
import { withTenant } from '../../src/platform/db/tenancy';
import { journals, recurringJournalRuns } from '../../src/modules/ledger/index';
import type { Platform } from '../../src/platform/platform';
import { runDueRecurringJournals } from '../../src/modules/ledger/index';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks, type Books } from './helpers';

type List<T> = { items: T[]; total: number };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Ledger = { t: TestApp; tenant: TestTenant; admin: Session; books: Books };

const BASE = '/gl/recurring-journals';
const TEMPLATES = '/gl/journal-templates';

/** Moves the platform clock to noon (UTC) of a calendar day: the day the job and "run now" count as today. */
function setToday(t: TestApp, day: string): void {
  t.clock.advanceMinutes((Date.parse(`${day}T12:00:00Z`) - t.clock.now().getTime()) / 60_000);
}

async function ledgerOf(code: string): Promise<Ledger> {
  const t = await createTestApp();
  const { tenant, admin } = await adminOf(t, code);
  return { t, tenant, admin, books: await openBooks(t, tenant, admin) };
}

const apiOf = (l: Ledger, who: Session = l.admin) => <T>(method: Method, url: string, body?: unknown) => call<T>(l.t.app, l.tenant.host, method, url, body, who);
const acctOf = (l: Ledger, code: string) => l.books.accounts.get(code)!;

async function templateOf(l: Ledger, body: object): Promise<JournalTemplateView> {
  const res = await apiOf(l)<JournalTemplateView & ErrorObject>('POST', TEMPLATES, body);
  expect(res.status, res.body.message).toBe(200);
  return res.body;
}

async function scheduleOf(l: Ledger, body: object): Promise<RecurringJournalView> {
  const res = await apiOf(l)<RecurringJournalView & ErrorObject>('POST', BASE, body);
  expect(res.status, res.body.message).toBe(200);
  return res.body;
}

async function runNow(l: Ledger, id: string, upTo?: string): Promise<RecurringRunResult> {
  const res = await apiOf(l)<RecurringRunResult & ErrorObject>('POST', `${BASE}/${id}/run`, upTo === undefined ? undefined : { upTo });
  expect(res.status, res.body.message).toBe(200);
  return res.body;
}

/** The journals a schedule made, read in SQL: one row per journal, so an occurrence made twice shows twice. */
async function madeBy(l: Ledger, recurringId: string) {
  return withTenant(l.t.platform.database.db, { tenantId: l.tenant.tenantId, companies: 'all' }, (tx) =>
    tx.select({ date: journals.journalDate, status: journals.status, number: journals.number }).from(journals).where(eq(journals.recurringId, recurringId)).orderBy(journals.journalDate, journals.number),
  );
}

async function claimedBy(l: Ledger, recurringId: string): Promise<string[]> {
  const rows = await withTenant(l.t.platform.database.db, { tenantId: l.tenant.tenantId, companies: 'all' }, (tx) =>
    tx.select({ date: recurringJournalRuns.occurrenceDate }).from(recurringJournalRuns).where(eq(recurringJournalRuns.recurringId, recurringId)).orderBy(recurringJournalRuns.occurrenceDate),
  );
  return rows.map((r) => r.date);
}

/** Every posted number of the company, in order: gapless when it runs 1..n. */
async function postedNumbers(l: Ledger): Promise<number[]> {
  const rows = await withTenant(l.t.platform.database.db, { tenantId: l.tenant.tenantId, companies: 'all' }, (tx) => tx.select({ number: journals.number }).from(journals).where(eq(journals.companyId, l.tenant.companyId)));
  return rows.flatMap((r) => (r.number === null ? [] : [Number(/(\d+)$/.exec(r.number)![1])])).sort((x, y) => x - y);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const days = (from: number, to: number, month: string) => Array.from({ length: to - from + 1 }, (_, i) => `${month}-${String(from + i).padStart(2, '0')}`);

let l: Ledger;
let viewer: Session;
let nobody: Session;
let rentTpl: JournalTemplateView;
let accrualTpl: JournalTemplateView;
const api = <T>(method: Method, url: string, body?: unknown) => apiOf(l)<T>(method, url, body);
const acct = (code: string) => acctOf(l, code);
const view = async (id: string) => (await api<RecurringJournalView>('GET', `${BASE}/${id}`)).body;
const history = async (id: string, query = '') => (await api<List<GeneratedJournal>>('GET', `${BASE}/${id}/journals${query}`)).body;
const download = async (url: string, who: Session = l.admin) => {
  const res = await l.t.app.inject({ method: 'GET', url, headers: { host: l.tenant.host, authorization: `Bearer ${who.token}`, token: who.tenantId } });
  return { status: res.statusCode, text: res.body, raw: res.rawPayload, type: String(res.headers['content-type']) };
};
const csvFile = (text: string, extra: object = {}) => ({ fileName: 'recurring.csv', contentBase64: Buffer.from(text).toString('base64'), dryRun: false, mode: 'all', ...extra });
const byCode = async (code: string) => (await api<List<RecurringJournalView>>('GET', `${BASE}?search=${code}&limit=500`)).body.items.find((i) => i.code === code)!;

async function userWithRole(roleID: string, mail: string): Promise<Session> {
  const p = await transformPassword('Recurring horse 1');
  const created = await api('POST', `/auth/user/create/${p}`, { name: mail.split('@')[0], mailAddress: mail, password: p, confirmPassword: p, roleID });
  expect(created.status).toBe(200);
  return signIn(l.t.app, l.tenant.host, mail, 'Recurring horse 1');
}

beforeAll(async () => {
  l = await ledgerOf('RECJ');
  const roles = (await api<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items;
  viewer = await userWithRole(roles.find((r) => r.name === 'Viewer')!.id, 'viewer@recj.test');
  const empty = await api<Role>('POST', '/auth/role', { name: 'Nobody', description: 'No page, no operation' });
  nobody = await userWithRole(empty.body.id, 'nobody@recj.test');
  rentTpl = await templateOf(l, { code: 'RENT', name: 'Monthly rent', lines: [line(acct('6100'), 'debit', '1200', 'USD', { description: 'Rent' }), line(acct('1010'), 'credit', '1200')] });
  accrualTpl = await templateOf(l, { code: 'ACCRUAL', name: 'Utilities accrual', kind: 'Adjustment', lines: [{ account: acct('6200').id, currency: 'USD' }, { account: acct('2100').id, currency: 'USD' }] });
});
afterAll(() => l.t.close());

describe('the schedule record', () => {
  let rent: RecurringJournalView;

  it('creates a schedule that starts at its start date, drafts by default', async () => {
    rent = await scheduleOf(l, { code: 'R-RENT', description: 'Office rent', template: rentTpl.id, frequency: 'Monthly', startDate: '2026-01-31', mode: 'Post' });
    expect(rent).toMatchObject({
      code: 'R-RENT', description: 'Office rent', template: rentTpl.id, templateCode: 'RENT', templateName: 'Monthly rent', frequency: 'Monthly', interval: 1, startDate: '2026-01-31',
      nextDate: '2026-01-31', endDate: null, occurrences: null, mode: 'Post', active: true, state: 'Active', occurrencesGenerated: 0,
      lastRunAt: null, lastOccurrenceDate: null, lastJournalId: null, lastError: null, lastErrorAt: null,
    });
    expect(await view(rent.id)).toEqual(rent);
    const late = await scheduleOf(l, { code: 'R-LATE', description: 'Starts later', template: rentTpl.id, frequency: 'Monthly', startDate: '2026-01-01', nextDate: '2026-03-01' });
    expect(late).toMatchObject({ nextDate: '2026-03-01', mode: 'Draft', interval: 1, state: 'Active' });
    const accrual = await scheduleOf(l, { code: 'R-ACCR', description: 'Weekly utilities', template: accrualTpl.id, frequency: 'Weekly', startDate: '2026-02-02' });
    expect(accrual).toMatchObject({ templateCode: 'ACCRUAL', mode: 'Draft', nextDate: '2026-02-02' });
  });

  it('refuses invalid input with the error object, and saves nothing', async () => {
    const body = (extra: object) => ({ code: 'X', description: 'x', template: rentTpl.id, frequency: 'Monthly', startDate: '2026-01-01', ...extra });
    const refusal = async (extra: object) => (await api<ErrorObject>('POST', BASE, body(extra))).body;
    const invalid = (message: string) => ({ message, statusCode: 400, serverError: 'ValidationError' });
    expect(await refusal({ code: '' })).toEqual(invalid('code: Please supply a code'));
    expect(await refusal({ description: ' ' })).toEqual(invalid('description: Please supply a description'));
    expect(await refusal({ template: 'rent' })).toEqual(invalid('template: Please choose a template'));
    expect(await refusal({ frequency: 'Hourly' })).toMatchObject({ statusCode: 400, serverError: 'ValidationError', message: expect.stringMatching(/^frequency: /) });
    expect(await refusal({ interval: 0 })).toEqual(invalid('interval: The interval is at least 1'));
    expect(await refusal({ startDate: '1 January' })).toEqual(invalid('startDate: Please supply the start date'));
    expect(await refusal({ endDate: '2025-12-31' })).toEqual(invalid('endDate: The end date is before the start date'));
    expect(await refusal({ endDate: '2026-12-31', occurrences: 3 })).toEqual(invalid('occurrences: Choose an end date or a number of occurrences, not both'));
    expect(await refusal({ occurrences: 0 })).toEqual(invalid('occurrences: At least one occurrence'));
    expect(await refusal({ nextDate: '2025-12-01' })).toEqual(invalid('nextDate: The next date is before the start date'));
    expect(await refusal({ mode: 'Later' })).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^mode: /) });
    const rule = (message: string) => ({ message, statusCode: 422, serverError: 'BusinessRule' });
    expect(await refusal({ nextDate: '2026-07-01', endDate: '2026-06-30' })).toEqual(rule('The next date is after the end date'));
    expect(await refusal({ template: '00000000-0000-4000-8000-000000000000' })).toEqual(rule('The template does not exist in this company'));
    expect(await refusal({ template: accrualTpl.id, mode: 'Post' })).toEqual(
      rule('Journal template ACCRUAL leaves line 1, 2 without an amount: a schedule that posts needs every amount (or generate drafts)'),
    );
    const old = await templateOf(l, { code: 'OLD', name: 'Retired', active: false, lines: [line(acct('6200'), 'debit', '5'), line(acct('1010'), 'credit', '5')] });
    expect(await refusal({ template: old.id })).toEqual(rule('Journal template OLD is inactive'));
    expect(await refusal({ code: 'r-rent' })).toEqual({ message: 'A recurring journal with code r-rent already exists', statusCode: 409, serverError: 'Conflict' });
    expect((await api<List<RecurringJournalView>>('GET', `${BASE}?limit=100`)).body.items.map((i) => i.code)).toEqual(['R-ACCR', 'R-LATE', 'R-RENT']);
  });

  it('lists with search over code, description and template, sort, state and server-side pages', async () => {
    await scheduleOf(l, { code: 'R-OFF', description: 'Paused', template: rentTpl.id, frequency: 'Quarterly', startDate: '2026-05-01', active: false });
    const done = await scheduleOf(l, { code: 'R-DONE', description: 'Once only', template: rentTpl.id, frequency: 'Daily', startDate: '2026-01-05', occurrences: 1 });
    expect((await runNow(l, done.id, '2026-12-31')).schedule).toMatchObject({ state: 'Completed', nextDate: null, occurrencesGenerated: 1 });
    const codes = async (query: string) => {
      const body = (await api<List<RecurringJournalView>>('GET', `${BASE}?${query}`)).body;
      return { codes: body.items.map((i) => i.code), total: body.total };
    };
    expect(await codes('')).toEqual({ codes: ['R-ACCR', 'R-DONE', 'R-LATE', 'R-OFF', 'R-RENT'], total: 5 });
    expect(await codes('sort=-code')).toEqual({ codes: ['R-RENT', 'R-OFF', 'R-LATE', 'R-DONE', 'R-ACCR'], total: 5 });
    // Completed schedules have no next date: last in either direction.
    expect(await codes('sort=nextDate')).toEqual({ codes: ['R-RENT', 'R-ACCR', 'R-LATE', 'R-OFF', 'R-DONE'], total: 5 });
    expect(await codes('sort=-nextDate')).toEqual({ codes: ['R-OFF', 'R-LATE', 'R-ACCR', 'R-RENT', 'R-DONE'], total: 5 });
    expect(await codes('sort=-lastRunAt')).toMatchObject({ codes: ['R-DONE', expect.any(String), expect.any(String), expect.any(String), expect.any(String)] });
    expect(await codes('limit=2&page=3')).toEqual({ codes: ['R-RENT'], total: 5 });
    expect(await codes('limit=2&page=1&sort=-code')).toEqual({ codes: ['R-RENT', 'R-OFF'], total: 5 });
    expect(await codes('search=paused')).toEqual({ codes: ['R-OFF'], total: 1 });
    expect(await codes('search=utilities')).toEqual({ codes: ['R-ACCR'], total: 1 });
    expect(await codes('search=accrual')).toEqual({ codes: ['R-ACCR'], total: 1 });
    expect(await codes('search=monthly%20rent')).toEqual({ codes: ['R-DONE', 'R-LATE', 'R-OFF', 'R-RENT'], total: 4 });
    expect(await codes('search=%25')).toEqual({ codes: [], total: 0 });
    expect(await codes('state=Completed')).toEqual({ codes: ['R-DONE'], total: 1 });
    expect(await codes('state=Inactive')).toEqual({ codes: ['R-OFF'], total: 1 });
    expect(await codes('state=Active')).toEqual({ codes: ['R-ACCR', 'R-LATE', 'R-RENT'], total: 3 });
    expect((await api<ErrorObject>('GET', `${BASE}?sort=amount`)).status).toBe(400);
    expect((await api<ErrorObject>('GET', `${BASE}?limit=0`)).status).toBe(400);
  });

  it('edits a schedule: without a next date it carries on from where it is; a start moved later moves it', async () => {
    const late = await byCode('R-LATE');
    const body = { code: 'R-LATE', description: 'Starts later, every two months', template: rentTpl.id, frequency: 'Monthly', interval: 2, startDate: '2026-01-01' };
    const edited = await api<RecurringJournalView>('PUT', `${BASE}/${late.id}`, body);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ description: 'Starts later, every two months', interval: 2, nextDate: '2026-03-01', state: 'Active' });
    expect((await api<RecurringJournalView>('PUT', `${BASE}/${late.id}`, { ...body, startDate: '2026-04-01' })).body.nextDate).toBe('2026-04-01');
    expect((await api<RecurringJournalView>('PUT', `${BASE}/${late.id}`, { ...body, startDate: '2026-01-01', nextDate: '2026-05-01' })).body.nextDate).toBe('2026-05-01');
    // An end before the next date completes the schedule; no number of occurrences left does too.
    expect((await api<RecurringJournalView>('PUT', `${BASE}/${late.id}`, { ...body, endDate: '2026-04-30' })).body).toMatchObject({ state: 'Completed', nextDate: null });
    expect((await api<RecurringJournalView>('PUT', `${BASE}/${late.id}`, { ...body, nextDate: '2026-05-01' })).body).toMatchObject({ state: 'Active', nextDate: '2026-05-01' });
    expect((await api<ErrorObject>('PUT', `${BASE}/${late.id}`, { ...body, code: 'r-rent' })).body).toEqual({ message: 'A recurring journal with code r-rent already exists', statusCode: 409, serverError: 'Conflict' });
    expect((await api<ErrorObject>('PUT', `${BASE}/00000000-0000-4000-8000-000000000000`, body)).body).toEqual({ message: 'Recurring journal was not found', statusCode: 404, serverError: 'NotFound' });
    expect((await api<ErrorObject>('PUT', `${BASE}/${late.id}`, { ...body, interval: 100 })).status).toBe(400);
    expect(await view(late.id)).toMatchObject({ code: 'R-LATE', interval: 2, nextDate: '2026-05-01' });
  });

  it('deletes a schedule that generated nothing; one that did stays, to deactivate', async () => {
    const off = await byCode('R-OFF');
    expect((await api('DELETE', `${BASE}/${off.id}`)).body).toEqual({ message: 'Recurring journal deleted' });
    expect((await api<ErrorObject>('GET', `${BASE}/${off.id}`)).body).toEqual({ message: 'Recurring journal was not found', statusCode: 404, serverError: 'NotFound' });
    expect((await api<ErrorObject>('DELETE', `${BASE}/${off.id}`)).status).toBe(404);
    const done = await byCode('R-DONE');
    expect((await api<ErrorObject>('DELETE', `${BASE}/${done.id}`)).body).toEqual({ message: 'Recurring journal R-DONE has generated 1 journal(s): deactivate it instead', statusCode: 409, serverError: 'Conflict' });
    expect(await madeBy(l, done.id)).toEqual([{ date: '2026-01-05', status: 'Draft', number: null }]);
  });
});

describe('run now: the calendar of a schedule', () => {
  it('generates each due occurrence as a draft, month ends clamped without drift, and nothing twice', async () => {
    const monthEnd = await scheduleOf(l, { code: 'M-END', description: 'Month-end charge', template: rentTpl.id, frequency: 'Monthly', startDate: '2026-01-31' });
    const run = await runNow(l, monthEnd.id, '2026-05-15');
    expect(run.failure).toBeNull();
    expect(run.generated.map((g) => [g.occurrenceDate, g.status, g.number, g.total])).toEqual([
      ['2026-01-31', 'Draft', null, null], ['2026-02-28', 'Draft', null, null], ['2026-03-31', 'Draft', null, null], ['2026-04-30', 'Draft', null, null],
    ]);
    expect(run.schedule).toMatchObject({ nextDate: '2026-05-31', occurrencesGenerated: 4, lastOccurrenceDate: '2026-04-30', lastJournalId: run.generated[3]!.journalId, state: 'Active', lastError: null });
    const feb = (await api<JournalView>('GET', `/gl/journals/${run.generated[1]!.journalId}`)).body;
    expect(feb).toMatchObject({ status: 'Draft', kind: 'Standard', number: null, journalDate: '2026-02-28', description: 'Month-end charge', reference: 'M-END 2026-02-28' });
    expect(feb.lines.map((x) => [x.accountCode, x.debit, x.credit, x.description])).toEqual([['6100', '1200.00', '0.00', 'Rent'], ['1010', '0.00', '1200.00', null]]);

    // The same run again, and a run up to a day before the next date, make nothing.
    expect((await runNow(l, monthEnd.id, '2026-05-15')).generated).toEqual([]);
    expect((await runNow(l, monthEnd.id, '2026-05-30')).generated).toEqual([]);
    expect((await runNow(l, monthEnd.id, '2026-05-31')).generated.map((g) => g.occurrenceDate)).toEqual(['2026-05-31']);
    expect((await madeBy(l, monthEnd.id)).map((j) => j.date)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('answers the occurrences this run made, not others made before, when the next date was moved back', async () => {
    const body = { code: 'BACK', description: 'Moved back', template: rentTpl.id, frequency: 'Monthly', startDate: '2026-01-31', nextDate: '2026-03-31' };
    const back = await scheduleOf(l, body);
    expect((await runNow(l, back.id, '2026-03-31')).generated.map((g) => g.occurrenceDate)).toEqual(['2026-03-31']);
    expect((await api('PUT', `${BASE}/${back.id}`, { ...body, nextDate: '2026-01-31' })).status).toBe(200);
    const run = await runNow(l, back.id, '2026-04-30');
    expect(run.generated.map((g) => [g.occurrenceDate, g.status])).toEqual([['2026-01-31', 'Draft'], ['2026-02-28', 'Draft'], ['2026-04-30', 'Draft']]);
    expect(run.schedule).toMatchObject({ nextDate: '2026-05-31', occurrencesGenerated: 4 });
    expect((await madeBy(l, back.id)).map((j) => j.date)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('posts each occurrence when configured: numbered, in the trial balance', async () => {
    const rent = await byCode('R-RENT');
    const run = await runNow(l, rent.id, '2026-03-31');
    expect(run.generated.map((g) => [g.occurrenceDate, g.status, g.number, g.total])).toEqual([
      ['2026-01-31', 'Posted', 'JV2026-000001', '1200.00'], ['2026-02-28', 'Posted', 'JV2026-000002', '1200.00'], ['2026-03-31', 'Posted', 'JV2026-000003', '1200.00'],
    ]);
    expect(run.schedule).toMatchObject({ nextDate: '2026-04-30', occurrencesGenerated: 3 });
    const tb = (await api<{ rows: { code: string; debit: string; credit: string }[] }>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31')).body;
    expect(tb.rows.filter((r) => ['6100', '1010'].includes(r.code)).map((r) => [r.code, r.debit, r.credit])).toEqual([['1010', '0.00', '3600.00'], ['6100', '3600.00', '0.00']]);
  });

  it('stops at the end date or after the number of occurrences, then is completed', async () => {
    const fortnight = await scheduleOf(l, { code: 'W-END', description: 'Fortnightly', template: rentTpl.id, frequency: 'Weekly', interval: 2, startDate: '2026-03-02', endDate: '2026-04-01' });
    const run = await runNow(l, fortnight.id, '2026-12-31');
    expect(run.generated.map((g) => g.occurrenceDate)).toEqual(['2026-03-02', '2026-03-16', '2026-03-30']);
    expect(run.schedule).toMatchObject({ state: 'Completed', nextDate: null, occurrencesGenerated: 3, lastOccurrenceDate: '2026-03-30' });
    expect((await api<ErrorObject>('POST', `${BASE}/${fortnight.id}/run`, { upTo: '2026-12-31' })).body).toEqual({
      message: 'Recurring journal W-END is completed: it has no occurrence left', statusCode: 422, serverError: 'BusinessRule',
    });
    // Moving the end later carries on from the occurrence after the last one made.
    const reopened = await api<RecurringJournalView>('PUT', `${BASE}/${fortnight.id}`, { code: 'W-END', description: 'Fortnightly', template: rentTpl.id, frequency: 'Weekly', interval: 2, startDate: '2026-03-02', endDate: '2026-04-30' });
    expect(reopened.body).toMatchObject({ state: 'Active', nextDate: '2026-04-13' });
    expect((await runNow(l, fortnight.id, '2026-12-31')).generated.map((g) => g.occurrenceDate)).toEqual(['2026-04-13', '2026-04-27']);

    const thrice = await scheduleOf(l, { code: 'D-3', description: 'Three days', template: rentTpl.id, frequency: 'Daily', startDate: '2026-06-29', occurrences: 3 });
    const daily = await runNow(l, thrice.id, '2026-12-31');
    expect(daily.generated.map((g) => g.occurrenceDate)).toEqual(['2026-06-29', '2026-06-30', '2026-07-01']);
    expect(daily.schedule).toMatchObject({ state: 'Completed', nextDate: null, occurrencesGenerated: 3 });
  });

  it('keeps quarterly and yearly dates on the start day, clamped to short months and leap years', async () => {
    // Run now goes no further than the last open period: open the years the calendar is run into.
    for (const year of [2027, 2028]) {
      const fy = await apiOf(l)<{ id: string }>('POST', '/gl/fiscal-years', { code: `FY${year}`, name: String(year), startDate: `${year}-01-01`, endDate: `${year}-12-31` });
      expect((await apiOf(l)('POST', `/gl/fiscal-years/${fy.body.id}/periods`, { pattern: 'monthly' })).status).toBe(200);
    }
    const quarterly = await scheduleOf(l, { code: 'Q-END', description: 'Quarterly', template: rentTpl.id, frequency: 'Quarterly', startDate: '2026-11-30' });
    expect((await runNow(l, quarterly.id, '2027-08-30')).generated.map((g) => g.occurrenceDate)).toEqual(['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30']);
    const leap = await scheduleOf(l, { code: 'Y-LEAP', description: 'Leap day', template: rentTpl.id, frequency: 'Yearly', startDate: '2024-02-29' });
    const yearly = await runNow(l, leap.id, '2028-03-01');
    expect(yearly.generated.map((g) => g.occurrenceDate)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    expect(yearly.schedule.nextDate).toBe('2029-02-28');
  });

  it('runs up to today by the platform clock when no date is given', async () => {
    setToday(l.t, '2026-08-15');
    const daily = await scheduleOf(l, { code: 'D-NOW', description: 'Daily', template: rentTpl.id, frequency: 'Daily', startDate: '2026-08-13' });
    const run = await runNow(l, daily.id);
    expect(run.generated.map((g) => g.occurrenceDate)).toEqual(['2026-08-13', '2026-08-14', '2026-08-15']);
    expect(run.schedule.nextDate).toBe('2026-08-16');
    expect(run.schedule.lastRunAt!.slice(0, 10)).toBe('2026-08-15');
    expect((await runNow(l, daily.id)).generated).toEqual([]);
  });

  it('refuses to run an inactive schedule, or one that does not exist', async () => {
    const paused = await scheduleOf(l, { code: 'PAUSED', description: 'Paused', template: rentTpl.id, frequency: 'Monthly', startDate: '2026-01-01', active: false });
    expect((await api<ErrorObject>('POST', `${BASE}/${paused.id}/run`, { upTo: '2026-12-31' })).body).toEqual({ message: 'Recurring journal PAUSED is inactive: activate it to run it', statusCode: 422, serverError: 'BusinessRule' });
    expect(await madeBy(l, paused.id)).toEqual([]);
    expect((await api<ErrorObject>('POST', `${BASE}/00000000-0000-4000-8000-000000000000/run`, {})).body).toEqual({ message: 'Recurring journal was not found', statusCode: 404, serverError: 'NotFound' });
    expect((await api<ErrorObject>('POST', `${BASE}/${paused.id}/run`, { upTo: 'today' })).body).toEqual({ message: 'upTo: The date is not a date', statusCode: 400, serverError: 'ValidationError' });
  });
});

describe('a run whose posting fails', () => {
  it('records the failure on the schedule, writes nothing of that occurrence, and carries on once the period opens', async () => {
    const oct = l.books.periods.find((p) => p.name === 'Oct 2026')!;
    const schedule = await scheduleOf(l, { code: 'P-FAIL', description: 'Service fee', template: rentTpl.id, frequency: 'Monthly', startDate: '2026-09-10', mode: 'Post' });
    expect((await api('POST', `/gl/accounting-periods/${oct.id}/status`, { status: 'Closed' })).status).toBe(200);
    const numbersBefore = await postedNumbers(l);
    const failure = { occurrenceDate: '2026-10-10', message: 'Period Oct 2026 is closed: it takes no posting' };

    const first = await runNow(l, schedule.id, '2026-11-30');
    expect(first.generated.map((g) => [g.occurrenceDate, g.status])).toEqual([['2026-09-10', 'Posted']]);
    expect(first.failure).toEqual(failure);
    expect(first.schedule).toMatchObject({ nextDate: '2026-10-10', occurrencesGenerated: 1, lastOccurrenceDate: '2026-09-10', lastError: failure.message, state: 'Active' });
    expect(first.schedule.lastErrorAt).not.toBeNull();
    expect(await madeBy(l, schedule.id)).toEqual([{ date: '2026-09-10', status: 'Posted', number: expect.any(String) }]);
    expect(await claimedBy(l, schedule.id)).toEqual(['2026-09-10']);

    // Again while the period is still closed: the same failure, nothing more.
    const second = await runNow(l, schedule.id, '2026-11-30');
    expect([second.generated, second.failure]).toEqual([[], failure]);
    expect(await madeBy(l, schedule.id)).toHaveLength(1);
    expect(await claimedBy(l, schedule.id)).toEqual(['2026-09-10']);

    expect((await api('POST', `/gl/accounting-periods/${oct.id}/status`, { status: 'Open' })).status).toBe(200);
    const third = await runNow(l, schedule.id, '2026-11-30');
    expect(third.generated.map((g) => g.occurrenceDate)).toEqual(['2026-10-10', '2026-11-10']);
    expect(third.failure).toBeNull();
    expect(third.schedule).toMatchObject({ lastError: null, lastErrorAt: null, nextDate: '2026-12-10', occurrencesGenerated: 3 });
    expect((await madeBy(l, schedule.id)).map((j) => j.date)).toEqual(['2026-09-10', '2026-10-10', '2026-11-10']);
    // The failed attempts took no number: the three journals follow on without a gap.
    expect(await postedNumbers(l)).toEqual(range(numbersBefore.length + 3));
  });

  it('records a template that can no longer make the journal (made inactive), nothing written; its amounts cannot be blanked', async () => {
    const fee = await templateOf(l, { code: 'FEE', name: 'Bank fee', lines: [line(acct('6200'), 'debit', '15'), line(acct('1010'), 'credit', '15')] });
    const schedule = await scheduleOf(l, { code: 'P-FEE', description: 'Bank fee', template: fee.id, frequency: 'Monthly', startDate: '2026-02-01', mode: 'Post' });
    const feeBody = (extra: object) => ({ code: 'FEE', name: 'Bank fee', lines: [{ account: acct('6200').id, currency: 'USD' }, line(acct('1010'), 'credit', '15')], ...extra });
    expect((await api<ErrorObject>('PUT', `${TEMPLATES}/${fee.id}`, feeBody({}))).body).toEqual({
      message: 'Line 1: recurring journal P-FEE posts from this template, so every line needs an amount', statusCode: 422, serverError: 'BusinessRule',
    });
    expect((await api('PUT', `${TEMPLATES}/${fee.id}`, feeBody({ active: false, lines: [line(acct('6200'), 'debit', '15'), line(acct('1010'), 'credit', '15')] }))).status).toBe(200);
    const inactive = await runNow(l, schedule.id, '2026-03-31');
    expect(inactive.failure).toEqual({ occurrenceDate: '2026-02-01', message: 'Journal template FEE is inactive' });
    expect(inactive.schedule).toMatchObject({ nextDate: '2026-02-01', occurrencesGenerated: 0, lastError: 'Journal template FEE is inactive' });
    expect(await madeBy(l, schedule.id)).toEqual([]);
    expect(await claimedBy(l, schedule.id)).toEqual([]);
    // The trail has the failure once, however often the run is retried.
    expect((await runNow(l, schedule.id, '2026-03-31')).failure).toEqual(inactive.failure);
    const trail = (await api<{ items: { action: string; after: { lastError?: string } | null }[] }>('GET', `/admin/audit-trail?entity=recurringJournal&recordId=${schedule.id}`)).body.items;
    expect(trail.filter((e) => e.after?.lastError).map((e) => e.after!.lastError)).toEqual(['Journal template FEE is inactive']);
    // Active again, the schedule catches up.
    expect((await api('PUT', `${TEMPLATES}/${fee.id}`, feeBody({ lines: [line(acct('6200'), 'debit', '15'), line(acct('1010'), 'credit', '15')] }))).status).toBe(200);
    const fixed = await runNow(l, schedule.id, '2026-03-31');
    expect(fixed.generated.map((g) => [g.occurrenceDate, g.status, g.total])).toEqual([['2026-02-01', 'Posted', '15.00'], ['2026-03-01', 'Posted', '15.00']]);
    expect(fixed.schedule).toMatchObject({ lastError: null, nextDate: '2026-04-01', occurrencesGenerated: 2 });
  });
});

describe('the journals a schedule generated', () => {
  it('lists each occurrence newest first, in pages, with its journal; a draft deleted since shows as Deleted and is not made again', async () => {
    const monthEnd = await byCode('M-END');
    const all = await history(monthEnd.id);
    expect(all.total).toBe(5);
    expect(all.items.map((g) => g.occurrenceDate)).toEqual(['2026-05-31', '2026-04-30', '2026-03-31', '2026-02-28', '2026-01-31']);
    expect((await history(monthEnd.id, '?limit=2&page=2')).items.map((g) => g.occurrenceDate)).toEqual(['2026-03-31', '2026-02-28']);
    const feb = all.items.find((g) => g.occurrenceDate === '2026-02-28')!;
    expect((await api('DELETE', `/gl/journals/${feb.journalId}`)).status).toBe(200);
    expect((await history(monthEnd.id, '?limit=2&page=2')).items.map((g) => [g.occurrenceDate, g.status, g.journalId])).toEqual([['2026-03-31', 'Draft', expect.any(String)], ['2026-02-28', 'Deleted', null]]);

    // The next date moved back to the start: every occurrence is already claimed, so nothing is made again.
    const body = { code: 'M-END', description: 'Month-end charge', template: rentTpl.id, frequency: 'Monthly', startDate: '2026-01-31', nextDate: '2026-01-31' };
    expect((await api<RecurringJournalView>('PUT', `${BASE}/${monthEnd.id}`, body)).body.nextDate).toBe('2026-01-31');
    const rerun = await runNow(l, monthEnd.id, '2026-05-31');
    expect(rerun.generated).toEqual([]);
    expect(rerun.schedule).toMatchObject({ nextDate: '2026-06-30', occurrencesGenerated: 5 });
    expect((await madeBy(l, monthEnd.id)).map((j) => j.date)).toEqual(['2026-01-31', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect((await api<ErrorObject>('DELETE', `${BASE}/${monthEnd.id}`)).body.message).toBe('Recurring journal M-END has generated 4 journal(s): deactivate it instead');

    const posted = await history((await byCode('R-RENT')).id);
    expect(posted.items.map((g) => [g.occurrenceDate, g.number, g.status, g.total])).toEqual([
      ['2026-03-31', 'JV2026-000003', 'Posted', '1200.00'], ['2026-02-28', 'JV2026-000002', 'Posted', '1200.00'], ['2026-01-31', 'JV2026-000001', 'Posted', '1200.00'],
    ]);
    expect((await api<ErrorObject>('GET', `${BASE}/00000000-0000-4000-8000-000000000000/journals`)).status).toBe(404);
  });
});

describe('operation labels', () => {
  it('lets a viewer read, and refuses each change without its label; no page, no list', async () => {
    const v = apiOf(l, viewer);
    const rent = await byCode('R-RENT');
    const before = await view(rent.id);
    expect((await v<List<unknown>>('GET', BASE)).status).toBe(200);
    expect((await v('GET', `${BASE}/${rent.id}`)).status).toBe(200);
    expect((await v('GET', `${BASE}/${rent.id}/journals`)).status).toBe(200);
    const body = { code: 'VIEW', description: 'x', template: rentTpl.id, frequency: 'Monthly', startDate: '2026-01-01' };
    const refusals: [Method, string, unknown, string][] = [
      ['POST', BASE, body, 'SaveRecurringJournal'],
      ['PUT', `${BASE}/${rent.id}`, { ...body, code: 'R-RENT' }, 'EditRecurringJournal'],
      ['DELETE', `${BASE}/${rent.id}`, undefined, 'DeleteRecurringJournal'],
      ['POST', `${BASE}/${rent.id}/run`, { upTo: '2026-12-31' }, 'EditRecurringJournal'],
      ['POST', `${BASE}/import`, csvFile('Code,Description,Template,Frequency,Start date\r\n'), 'ImportRecurringJournal'],
    ];
    for (const [method, url, payload, label] of refusals) {
      expect((await v<ErrorObject>(method, url, payload)).body, url).toEqual({ message: `You are not permitted to do this (${label})`, statusCode: 403, serverError: 'Forbidden' });
    }
    expect((await download(`${BASE}/export`, viewer)).status).toBe(403);
    expect((await apiOf(l, nobody)<ErrorObject>('GET', BASE)).body).toEqual({ message: 'You are not permitted to do this', statusCode: 403, serverError: 'Forbidden' });
    expect((await apiOf(l, nobody)<ErrorObject>('GET', `${BASE}/${rent.id}/journals`)).status).toBe(403);
    expect(await view(rent.id)).toEqual(before);
    expect(await madeBy(l, rent.id)).toHaveLength(3);
  });
});

describe('export and import', () => {
  const HEADERS = ['Code', 'Description', 'Template', 'Frequency', 'Interval', 'Start date', 'Next date', 'End date', 'Occurrences', 'Mode', 'Active', 'State', 'Generated', 'Last run', 'Last error'];

  it('exports one row per schedule with its run state, as CSV and XLSX; the search narrows it', async () => {
    const csv = await download(`${BASE}/export`);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const table = readCsv(csv.text);
    expect(table.headers).toEqual(HEADERS);
    expect(table.rows.map((r) => r[0])).toEqual(['BACK', 'D-3', 'D-NOW', 'M-END', 'P-FAIL', 'P-FEE', 'PAUSED', 'Q-END', 'R-ACCR', 'R-DONE', 'R-LATE', 'R-RENT', 'W-END', 'Y-LEAP']);
    expect(table.rows.find((r) => r[0] === 'W-END')!.slice(0, 13)).toEqual(['W-END', 'Fortnightly', 'RENT', 'Weekly', '2', '2026-03-02', '', '2026-04-30', '', 'Draft', 'Yes', 'Completed', '5']);
    expect(table.rows.find((r) => r[0] === 'PAUSED')!.slice(9, 13)).toEqual(['Draft', 'No', 'Inactive', '0']);
    expect(readCsv((await download(`${BASE}/export?search=fortnightly`)).text).rows.map((r) => r[0])).toEqual(['W-END']);
    expect(readCsv((await download(`${BASE}/export?state=Completed`)).text).rows.map((r) => r[0])).toEqual(['D-3', 'R-DONE', 'W-END']);
    const xlsx = await download(`${BASE}/export?format=xlsx`);
    expect(xlsx.type).toContain('spreadsheetml');
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
  });

  it('reads its own export back: a preview writes nothing, an import edits known codes and creates new ones', async () => {
    const schedules = async () => (await api<List<RecurringJournalView>>('GET', `${BASE}?limit=100`)).body.items;
    const before = await schedules();
    const exported = (await download(`${BASE}/export`)).text;
    const edited = exported.replace('Starts later, every two months', 'Imported description').replace(/^Q-END,Quarterly/m, 'Q-NEW,Quarterly copy');
    const preview = await api<ImportResult>('POST', `${BASE}/import`, csvFile(edited, { dryRun: true }));
    expect(preview.body).toMatchObject({ rows: 14, valid: 14, written: 0, errors: [] });
    expect(preview.body.preview.map((p) => p.code)).toContain('Q-NEW');
    expect(await schedules()).toEqual(before);

    const done = await api<ImportResult>('POST', `${BASE}/import`, csvFile(edited));
    expect(done.body).toMatchObject({ rows: 14, valid: 14, written: 14, errors: [] });
    const after = await schedules();
    expect(after.map((s) => s.code)).toEqual([...before.map((s) => s.code), 'Q-NEW'].sort());
    const pick = (s: RecurringJournalView) => [s.code, s.description, s.template, s.frequency, s.interval, s.startDate, s.nextDate, s.endDate, s.occurrences, s.mode, s.active, s.state, s.occurrencesGenerated];
    // Every schedule as it was (the run columns are not read back), but the one whose description changed.
    expect(after.filter((s) => s.code !== 'Q-NEW').map(pick)).toEqual(before.map((s) => pick(s.code === 'R-LATE' ? { ...s, description: 'Imported description' } : s)));
    const copy = after.find((s) => s.code === 'Q-NEW')!;
    expect(copy).toMatchObject({ description: 'Quarterly copy', templateCode: 'RENT', frequency: 'Quarterly', startDate: '2026-11-30', nextDate: '2027-11-30', occurrencesGenerated: 0, state: 'Active' });
    expect(await madeBy(l, copy.id)).toEqual([]);
  });

  it('reports each bad row and cell; all-or-nothing writes nothing, valid-only writes the good rows', async () => {
    const file = [
      'Code,Description,Template,Frequency,Interval,Start date,End date,Occurrences,Mode',
      'I-OK,Fine,rent,Monthly,1,2026-01-15,,,Draft',
      'I-TPL,No such template,NOPE,Monthly,1,2026-01-15,,,Draft',
      'I-FREQ,Hourly,RENT,Hourly,1,2026-01-15,,,Draft',
      'I-OK,Twice,RENT,Monthly,1,2026-01-15,,,Draft',
      'I-END,Ends before,RENT,Monthly,1,2026-01-15,2026-01-01,,Draft',
      'I-POST,Blank amounts,ACCRUAL,Monthly,1,2026-01-15,,,Post',
    ].join('\r\n');
    const all = await api<ImportResult>('POST', `${BASE}/import`, csvFile(file));
    expect(all.body).toMatchObject({ rows: 6, written: 0 });
    expect(all.body.errors).toEqual([
      { row: 3, field: 'Template', message: 'No journal template with code NOPE' },
      { row: 4, field: 'Frequency', message: expect.any(String) },
      { row: 5, field: 'Code', message: 'Duplicate of row 2' },
      { row: 6, field: 'End date', message: 'The end date is before the start date' },
      { row: 7, field: 'Code', message: 'Journal template ACCRUAL leaves line 1, 2 without an amount: a schedule that posts needs every amount (or generate drafts)' },
    ]);
    expect((await api<List<unknown>>('GET', `${BASE}?search=I-`)).body.total).toBe(0);
    const valid = await api<ImportResult>('POST', `${BASE}/import`, csvFile(file, { mode: 'valid' }));
    expect(valid.body).toMatchObject({ rows: 6, written: 1 });
    expect((await api<List<RecurringJournalView>>('GET', `${BASE}?search=I-`)).body.items.map((i) => [i.code, i.templateCode, i.nextDate])).toEqual([['I-OK', 'RENT', '2026-01-15']]);
    const missing = await api<ImportResult>('POST', `${BASE}/import`, csvFile('Code,Description,Frequency,Colour\r\nX,Y,Monthly,red\r\n'));
    expect(missing.body.errors).toEqual([
      { row: 1, field: 'Colour', message: 'Unknown column Colour' },
      { row: 1, field: 'Template', message: 'The column Template is missing' },
      { row: 1, field: 'Start date', message: 'The column Start date is missing' },
    ]);
  });
});

/**
 * The job's work (what `ledger.recurring-journals` runs, at the platform's time) in an app of its
 * own: it sweeps every tenant, so its totals are exact only where no other test leaves schedules.
 */
describe('the scheduled job', () => {
  let j: Ledger;
  let jRent: RecurringJournalView;
  let jWeek: RecurringJournalView;
  let jDay: RecurringJournalView;
  let jCrash: RecurringJournalView;
  const job = () => runDueRecurringJournals(j.t.platform, j.t.platform.now());
  const dates = async (id: string) => (await madeBy(j, id)).map((x) => x.date);

  beforeAll(async () => {
    j = await ledgerOf('RJOB');
    const tpl = await templateOf(j, { code: 'RENT', name: 'Rent', lines: [line(acctOf(j, '6100'), 'debit', '100'), line(acctOf(j, '1010'), 'credit', '100')] });
    jRent = await scheduleOf(j, { code: 'J-RENT', description: 'Rent', template: tpl.id, frequency: 'Monthly', startDate: '2026-01-31', mode: 'Post' });
    jWeek = await scheduleOf(j, { code: 'J-WEEK', description: 'Weekly', template: tpl.id, frequency: 'Weekly', startDate: '2026-03-02', endDate: '2026-04-30' });
    await scheduleOf(j, { code: 'J-OFF', description: 'Off', template: tpl.id, frequency: 'Daily', startDate: '2026-01-01', active: false });
    jDay = await scheduleOf(j, { code: 'J-DAY', description: 'Daily', template: tpl.id, frequency: 'Daily', startDate: '2026-06-01', occurrences: 30, mode: 'Post' });
    jCrash = await scheduleOf(j, { code: 'J-CRASH', description: 'Crashes', template: tpl.id, frequency: 'Monthly', startDate: '2026-07-05', mode: 'Post' });
  });
  afterAll(() => j.t.close());

  it('generates every occurrence due up to today, once; the same run again finds nothing to do', async () => {
    setToday(j.t, '2026-04-15');
    expect(await job()).toEqual({ tenants: 1, schedules: 2, generated: 10, failed: 0 });
    expect(await dates(jRent.id)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(await dates(jWeek.id)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06', '2026-04-13']);
    expect((await madeBy(j, jWeek.id)).every((x) => x.status === 'Draft' && x.number === null)).toBe(true);
    expect((await madeBy(j, jRent.id)).map((x) => x.number)).toEqual(['JV2026-000001', 'JV2026-000002', 'JV2026-000003']);
    expect(await job()).toEqual({ tenants: 0, schedules: 0, generated: 0, failed: 0 });

    setToday(j.t, '2026-05-01');
    expect(await job()).toEqual({ tenants: 1, schedules: 2, generated: 3, failed: 0 });
    expect((await dates(jWeek.id)).slice(-2)).toEqual(['2026-04-20', '2026-04-27']);
    expect(await apiOf(j)<RecurringJournalView>('GET', `${BASE}/${jWeek.id}`).then((r) => r.body)).toMatchObject({ state: 'Completed', occurrencesGenerated: 9 });
  });

  it('run twice at once, and beside a run now, makes each occurrence once with gapless numbers', async () => {
    setToday(j.t, '2026-06-30');
    const [one, two, now] = await Promise.all([job(), job(), runNow(j, jRent.id, '2026-06-30')]);
    expect(one.generated + two.generated + now.generated.length).toBe(32);
    expect(one.failed + two.failed).toBe(0);
    expect(await dates(jDay.id)).toEqual(days(1, 30, '2026-06'));
    expect((await dates(jRent.id)).slice(-2)).toEqual(['2026-05-31', '2026-06-30']);
    expect(await claimedBy(j, jDay.id)).toEqual(days(1, 30, '2026-06'));
    expect(await postedNumbers(j)).toEqual(range(4 + 32));
    expect(await job()).toEqual({ tenants: 0, schedules: 0, generated: 0, failed: 0 });
  });

  it('a run that crashes inside an occurrence leaves the ones before it; run again, each occurrence is made once', async () => {
    setToday(j.t, '2026-11-20');
    // The clock fails from its third reading on: inside J-CRASH's third occurrence's transaction, after its journal is
    // posted; then inside J-RENT's first. The job goes on past a broken schedule and fails at the end.
    let readings = 0;
    const crashing: Platform = {
      ...j.t.platform,
      now: () => {
        readings++;
        if (readings > 2) throw new Error('simulated crash');
        return j.t.platform.now();
      },
    };
    await expect(runDueRecurringJournals(crashing, j.t.platform.now())).rejects.toThrow('2 recurring journal(s) could not be run');
    expect(await dates(jCrash.id)).toEqual(['2026-07-05', '2026-08-05']);
    expect((await dates(jRent.id)).slice(-1)).toEqual(['2026-06-30']);
    expect(await claimedBy(j, jCrash.id)).toEqual(['2026-07-05', '2026-08-05']);
    const afterCrash = (await apiOf(j)<RecurringJournalView>('GET', `${BASE}/${jCrash.id}`)).body;
    expect(afterCrash).toMatchObject({ nextDate: '2026-09-05', occurrencesGenerated: 2, lastOccurrenceDate: '2026-08-05' });
    const numbersAfterCrash = await postedNumbers(j);
    expect(numbersAfterCrash).toEqual(range(36 + 2));

    // The job picks up where the crash left off: J-CRASH's 3 left, and J-RENT's July to October.
    expect(await job()).toEqual({ tenants: 1, schedules: 2, generated: 7, failed: 0 });
    expect(await dates(jCrash.id)).toEqual(['2026-07-05', '2026-08-05', '2026-09-05', '2026-10-05', '2026-11-05']);
    expect(await claimedBy(j, jCrash.id)).toEqual(['2026-07-05', '2026-08-05', '2026-09-05', '2026-10-05', '2026-11-05']);
    // The crashed attempt's number was rolled back with it: no gap, no number twice.
    expect(await postedNumbers(j)).toEqual(range(38 + 7));
    expect(await job()).toEqual({ tenants: 0, schedules: 0, generated: 0, failed: 0 });
  });

  it('records a posting that fails on its schedule, goes on with the others, and fails again the same way until fixed', async () => {
    const dec = j.books.periods.find((p) => p.name === 'Dec 2026')!;
    expect((await apiOf(j)('POST', `/gl/accounting-periods/${dec.id}/status`, { status: 'Closed' })).status).toBe(200);
    setToday(j.t, '2027-01-04');
    const numbers = (await postedNumbers(j)).length;
    expect(await job()).toEqual({ tenants: 1, schedules: 2, generated: 1, failed: 2 });
    expect(await dates(jRent.id)).toContain('2026-11-30');
    expect(await dates(jRent.id)).not.toContain('2026-12-31');
    expect(await dates(jCrash.id)).not.toContain('2026-12-05');
    const get = async (id: string) => (await apiOf(j)<RecurringJournalView>('GET', `${BASE}/${id}`)).body;
    expect(await get(jRent.id)).toMatchObject({ nextDate: '2026-12-31', lastError: 'Period Dec 2026 is closed: it takes no posting' });
    expect(await get(jCrash.id)).toMatchObject({ nextDate: '2026-12-05', lastError: 'Period Dec 2026 is closed: it takes no posting' });
    expect(await job()).toEqual({ tenants: 1, schedules: 2, generated: 0, failed: 2 });
    expect(await postedNumbers(j)).toEqual(range(numbers + 1));

    expect((await apiOf(j)('POST', `/gl/accounting-periods/${dec.id}/status`, { status: 'Open' })).status).toBe(200);
    expect(await job()).toEqual({ tenants: 1, schedules: 2, generated: 2, failed: 0 });
    expect(await get(jRent.id)).toMatchObject({ nextDate: '2027-01-31', lastError: null });
    expect(await get(jCrash.id)).toMatchObject({ nextDate: '2027-01-05', lastError: null, occurrencesGenerated: 6 });
    expect(await postedNumbers(j)).toEqual(range(numbers + 3));
  });
});
