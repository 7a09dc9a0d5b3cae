// Proves bad input gets a 400 naming its field and writes nothing (issue 13 item 5): a NUL character anywhere, prototype names in a list's filter or sort, dates outside 1900-2199 (the year 0000 among them), a rate of zero, amounts padded with spaces; and "run now" stops at the last open period and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EntityRecord, ErrorObject, JournalTemplateView, RecurringJournalView, RecurringRunResult } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { withSystem } from '../../src/platform/db/tenancy';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks, type Books } from '../ledger/helpers';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
let currencies: EntityRecord[];

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'BAD'));
  // "Today" for run now: a fixed day inside the open 2026.
  t.clock.advanceMinutes((Date.parse('2026-03-15T12:00:00Z') - t.clock.now().getTime()) / 60_000);
  books = await openBooks(t, tenant, admin);
  currencies = (await api<{ items: EntityRecord[] }>('GET', '/gl/currencies?limit=100')).body.items;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = <T = ErrorObject>(method: Method, url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
const acct = (code: string) => books.accounts.get(code)!;
const currency = (code: string) => currencies.find((c) => c.code === code)!.id;
const refused = (message: string) => ({ status: 400, body: { message, statusCode: 400, serverError: expect.any(String) } });
const auditRows = async () => (await withSystem(t.platform.database.db, async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from audit_log`))))[0]!.n;
const journal = (over: object = {}, first: object = {}) => ({
  journalDate: '2026-03-10', description: 'Rent', lines: [{ ...line(acct('6100'), 'debit', '100.00'), ...first }, line(acct('1010'), 'credit', '100.00')], ...over,
});
const rate = (over: object) => ({ fromCurrency: currency('GBP'), toCurrency: currency('USD'), rateType: 'Spot', effectiveDate: '2026-02-01', rate: '1.3', ...over });

describe('bad input', () => {
  it('refuses a NUL character in any string field, nested or not, body, query or path, naming it', async () => {
    const before = await auditRows();
    expect(await api('POST', '/auth/role', { name: 'a\u0000b' })).toEqual(refused('name: must not contain a NUL character (\\u0000)'));
    expect(await api('POST', '/gl/journals', journal({}, { description: 'x\u0000' }))).toEqual(refused('lines[0].description: must not contain a NUL character (\\u0000)'));
    expect(await api('GET', `/gl/accounts?search=${encodeURIComponent('a\u0000')}`)).toEqual(refused('search: must not contain a NUL character (\\u0000) (in the querystring)'));
    expect(await api('POST', '/gl/account-classes', { code: 'NUL', name: 'N', category: 'Asset', balanceSide: 'Debit', ['x\u0000']: 1 })).toEqual(refused('x\\u0000: must not contain a NUL character (\\u0000)'));
    expect(await auditRows()).toBe(before);
  });

  it('refuses prototype names and other unknown fields in a list filter or sort, and values of the wrong type', async () => {
    const list = (query: string) => api('GET', `/gl/accounts?${query}`);
    expect(await list(`filter=${encodeURIComponent('{"__proto__":{"x":1}}')}`)).toEqual(refused('filter: unknown field "__proto__"'));
    expect(await list(`filter=${encodeURIComponent('{"constructor":null}')}`)).toEqual(refused('filter: unknown field "constructor"'));
    expect(await list('sort=__proto__')).toEqual(refused('sort: cannot sort by "__proto__"'));
    expect(await list('sort=toString')).toEqual(refused('sort: cannot sort by "toString"'));
    expect(await list('sort=-hasOwnProperty')).toEqual(refused('sort: cannot sort by "hasOwnProperty"'));
    expect(await list(`filter=${encodeURIComponent('{"active":"maybe"}')}`)).toEqual(refused('filter.active: Active must be yes or no'));
    expect(await list(`filter=${encodeURIComponent('{"code":{"x":1}}')}`)).toEqual(refused('filter.code: must be a single value'));
    expect(await api('GET', `/gl/exchange-rates?filter=${encodeURIComponent('{"effectiveDate":"0000-01-01"}')}`)).toEqual(refused('filter.effectiveDate: Effective Date must be a date between 1900-01-01 and 2199-12-31'));
    // What is right still works: a filter on an own field, a sort on one.
    const ok = await api<{ items: EntityRecord[] }>('GET', `/gl/accounts?sort=-code&filter=${encodeURIComponent('{"active":true}')}&limit=500`);
    expect(ok.status).toBe(200);
    expect(ok.body.items.length).toBe(books.accounts.size);
  });

  it('refuses the year 0000 and any date outside 1900-01-01..2199-12-31 on journals, exchange rates, templates and recurring journals', async () => {
    const before = await auditRows();
    const range = 'must be a date between 1900-01-01 and 2199-12-31';
    for (const day of ['0000-01-01', '1899-12-31', '2200-01-01']) {
      expect(await api('POST', '/gl/journals', journal({ journalDate: day }))).toEqual(refused(`journalDate: ${range}`));
      expect(await api('POST', '/gl/journals/post', journal({ journalDate: day }))).toEqual(refused(`journalDate: ${range}`));
      expect(await api('POST', '/gl/exchange-rates', rate({ effectiveDate: day }))).toEqual(refused(`effectiveDate: Effective Date ${range}`));
      expect(await api('POST', '/gl/fiscal-years', { code: 'FYX', name: 'X', startDate: day, endDate: '2030-12-31' })).toEqual(refused(`startDate: Start Date ${range}`));
      expect(await api('GET', `/gl/trial-balance?from=${day}&to=2026-12-31`)).toEqual(refused(`from: ${range}`));
    }
    const template = await api<JournalTemplateView>('POST', '/gl/journal-templates', { code: 'T-BAD', name: 'Rent', lines: [line(acct('6100'), 'debit', '100'), line(acct('1010'), 'credit', '100')] });
    expect(template.status).toBe(200);
    expect(await api('POST', `/gl/journal-templates/${template.body.id}/journal`, { journalDate: '0000-01-01' })).toEqual(refused(`journalDate: ${range}`));
    const schedule = { code: 'R-BAD', description: 'Rent', template: template.body.id, frequency: 'Monthly', startDate: '0000-01-01' };
    expect(await api('POST', '/gl/recurring-journals', schedule)).toEqual(refused(`startDate: ${range}`));
    expect(await api('POST', '/gl/recurring-journals', { ...schedule, startDate: '2026-01-31', endDate: '9999-12-31' })).toEqual(refused(`endDate: ${range}`));
    expect(await auditRows()).toBe(before + 1);
  });

  it('refuses an exchange rate of zero and amounts or rates padded with spaces', async () => {
    const before = await auditRows();
    expect(await api('POST', '/gl/exchange-rates', rate({ rate: '0' }))).toEqual(refused('rate: Rate must be more than zero'));
    expect(await api('POST', '/gl/exchange-rates', rate({ rate: '0.00000000' }))).toEqual(refused('rate: Rate must be more than zero'));
    expect(await api('POST', '/gl/exchange-rates', rate({ rate: ' 1.3' }))).toEqual(refused('rate: Rate must not begin or end with a space'));
    expect(await api('POST', '/gl/journals', journal({}, { currency: 'EUR', rate: '0' }))).toEqual(refused('lines[0].rate: must be a rate of more than zero'));
    expect(await api('POST', '/gl/journals', journal({}, { debit: ' 100.00' }))).toEqual(refused('lines[0].debit: must not begin or end with a space'));
    expect(await api('POST', '/gl/journals', journal({}, { debit: '100.00 ' }))).toEqual(refused('lines[0].debit: must not begin or end with a space'));
    expect(await api('POST', '/gl/journals', journal({}, { currency: 'EUR', rate: '1.1 ' }))).toEqual(refused('lines[0].rate: must not begin or end with a space'));
    expect(await auditRows()).toBe(before);
    expect((await api('POST', '/gl/exchange-rates', rate({ rate: '1.3' }))).status).toBe(200);
  });

  it('runs a recurring journal no further than the last open period, and says so', async () => {
    const template = await api<JournalTemplateView>('POST', '/gl/journal-templates', { code: 'T-FAR', name: 'Rent', lines: [line(acct('6100'), 'debit', '100'), line(acct('1010'), 'credit', '100')] });
    const schedule = await api<RecurringJournalView>('POST', '/gl/recurring-journals', { code: 'R-FAR', description: 'Rent', template: template.body.id, frequency: 'Monthly', startDate: '2026-01-31' });
    const run = await api<RecurringRunResult>('POST', `/gl/recurring-journals/${schedule.body.id}/run`, { upTo: '2060-01-01' });
    expect(run.status).toBe(200);
    expect(run.body.generated.map((g) => g.occurrenceDate)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31']);
    expect(run.body.ranUpTo).toBe('2026-12-31');
    expect(run.body.notice).toBe('Ran up to 2026-12-31, the end of the last open period; occurrences after it wait until their period is open (asked for 2060-01-01)');
    expect(run.body.schedule.nextDate).toBe('2027-01-31');
    // Within the open periods, the date asked for is the date run to.
    const near = await api<RecurringJournalView>('POST', '/gl/recurring-journals', { code: 'R-NEAR', description: 'Rent', template: template.body.id, frequency: 'Monthly', startDate: '2026-01-31' });
    const within = await api<RecurringRunResult>('POST', `/gl/recurring-journals/${near.body.id}/run`, { upTo: '2026-04-30' });
    expect(within.body).toMatchObject({ ranUpTo: '2026-04-30', notice: null });
    expect(within.body.generated).toHaveLength(4);
  });
});
