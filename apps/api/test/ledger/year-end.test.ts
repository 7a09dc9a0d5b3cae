// Proves the year-end close: revenue and expense accounts of the year net to zero per currency and dimension, retained earnings moves by the net income, the trial balance still nets to zero, the closed year refuses postings, and the next year's balance-sheet openings are unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRecord, ErrorObject, JournalView } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks, post, type Books } from './helpers';

type Row = { code: string; classCode: string; opening: string; debit: string; credit: string; closing: string };
type TB = { balanced: boolean; rows: Row[]; totals: { opening: string; debit: string; credit: string; closing: string } };
type Preview = { netIncome: string; retainedEarnings: { code: string } | null; period: { name: string } | null; date: string; blockers: string[]; closingJournal: string | null; lines: { accountCode: string; currency: string; dimensions: Record<string, string>; debit: string; credit: string; baseDebit: string; baseCredit: string }[] };
type Closed = { fiscalYear: { code: string; status: string }; journal: JournalView | null; netIncome: string; periodsClosed: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
let fy2026: string;
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId, ...headers }, ...(body === undefined ? {} : { payload: body as object }) }).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) as T }));
const acct = (code: string) => books.accounts.get(code)!;
const tb = async (query: string) => (await call<TB>(t.app, tenant.host, 'GET', `/gl/trial-balance?${query}`, undefined, admin)).body;
const row = (report: TB, code: string) => report.rows.find((r) => r.code === code);
const isPl = (r: Row) => r.classCode === '4' || r.classCode === '5';
const journal = (date: string, description: string, lines: object[]) => post(t, tenant, admin, { journalDate: date, description, lines });

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'YEND'));
  books = await openBooks(t, tenant, admin);
  fy2026 = (await call<{ items: EntityRecord[] }>(t.app, tenant.host, 'GET', '/gl/fiscal-years', undefined, admin)).body.items[0]!.id;
  const group = (await api<{ id: string }>('POST', '/gl/dimension-groups', { code: 'CC', name: 'Cost centre' })).body;
  await api('POST', '/gl/dimensions', { code: 'OPS', name: 'Operations', dimensionGroup: group.id });
  await api('POST', '/gl/dimensions', { code: 'ADM', name: 'Administration', dimensionGroup: group.id });
  const results = [
    await journal('2026-02-01', 'Capital', [line(acct('1010'), 'debit', '10000'), line(acct('3000'), 'credit', '10000')]),
    await journal('2026-03-10', 'Cash sales', [line(acct('1010'), 'debit', '1500'), line(acct('4000'), 'credit', '1500')]),
    // EUR services at two rates (1.1 then 1.2): 150 EUR carried at 175 USD.
    await journal('2026-02-15', 'EUR services', [line(acct('1300'), 'debit', '50', 'EUR'), line(acct('4100'), 'credit', '50', 'EUR')]),
    await journal('2026-07-15', 'EUR services', [line(acct('1300'), 'debit', '100', 'EUR'), line(acct('4100'), 'credit', '100', 'EUR')]),
    // EUR income and its refund at different rates: no EUR left on 4900, but 1.00 USD of base.
    await journal('2026-02-20', 'EUR fee', [line(acct('1300'), 'debit', '10', 'EUR'), line(acct('4900'), 'credit', '10', 'EUR')]),
    await journal('2026-07-20', 'EUR fee refunded', [line(acct('1300'), 'credit', '10', 'EUR'), line(acct('4900'), 'debit', '10', 'EUR')]),
    await journal('2026-04-01', 'Rent', [line(acct('6100'), 'debit', '400', 'USD', { dimensions: { CC: 'OPS' } }), line(acct('6100'), 'debit', '100', 'USD', { dimensions: { CC: 'ADM' } }), line(acct('1010'), 'credit', '500')]),
  ];
  for (const r of results) expect(r.status, r.body.message).toBe(200);
});
afterAll(() => t.close());

describe('year-end close', () => {
  let before: TB;

  it('previews the closing entry: every revenue and expense balance to retained earnings, net income 1174.00', async () => {
    before = await tb('from=2026-01-01&to=2026-12-31');
    expect(before.balanced).toBe(true);
    const preview = (await api<Preview>('GET', `/gl/fiscal-years/${fy2026}/closing-entry`)).body;
    expect(preview).toMatchObject({ netIncome: '1174.00', retainedEarnings: { code: '3100' }, period: { name: 'Adjustment' }, date: '2026-12-31', blockers: [], closingJournal: null });
    const lines = preview.lines.map((l) => [l.accountCode, l.currency, l.dimensions.CC ?? '', l.debit, l.credit, l.baseDebit, l.baseCredit]);
    expect(lines).toEqual(expect.arrayContaining([
      ['4000', 'USD', '', '1500.00', '0.00', '1500.00', '0.00'],
      ['4100', 'EUR', '', '150.00', '0.00', '175.00', '0.00'],
      ['4900', 'EUR', '', '0.00', '0.00', '0.00', '1.00'],
      ['6100', 'USD', 'OPS', '0.00', '400.00', '0.00', '400.00'],
      ['6100', 'USD', 'ADM', '0.00', '100.00', '0.00', '100.00'],
      ['3100', 'EUR', '', '0.00', '150.00', '0.00', '174.00'],
      ['3100', 'USD', 'OPS', '400.00', '0.00', '400.00', '0.00'],
    ]));
    expect(lines.filter((l) => l[0] !== '3100' && !['4000', '4100', '4900', '6100'].includes(l[0]!))).toEqual([]);
  });

  it('refuses while a draft journal remains in the year, and says so', async () => {
    const draft = (await api<JournalView>('POST', '/gl/journals', { journalDate: '2026-11-30', description: 'Accrual to check', lines: [line(acct('6200'), 'debit', '5'), line(acct('2100'), 'credit', '5')] })).body;
    const refused = await api<ErrorObject>('POST', `/gl/fiscal-years/${fy2026}/close`);
    expect(refused).toEqual({ status: 422, body: { statusCode: 422, serverError: 'BusinessRule', message: '1 draft journal remains in fiscal year FY2026: post or delete it first (2026-11-30 Accrual to check)' } });
    expect((await api<Preview>('GET', `/gl/fiscal-years/${fy2026}/closing-entry`)).body.blockers).toEqual([refused.body.message]);
    expect(row(await tb('from=2026-01-01&to=2026-12-31'), '3100')).toBeUndefined();
    await api('DELETE', `/gl/journals/${draft.id}`);
  });

  it('posts the closing entry into the adjustment period and closes every period and the year', async () => {
    const closed = await api<Closed>('POST', `/gl/fiscal-years/${fy2026}/close`, undefined, { 'idempotency-key': 'close-fy2026' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ fiscalYear: { code: 'FY2026', status: 'Closed' }, netIncome: '1174.00', periodsClosed: 14, journal: { kind: 'Adjustment', status: 'Posted', period: 'Adjustment', journalDate: '2026-12-31' } });
    expect(closed.body.journal!.lines.every((l) => l.generated === null)).toBe(true);
    const periods = (await api<{ status: string }[]>('GET', `/gl/fiscal-years/${fy2026}/periods`)).body;
    expect(new Set(periods.map((p) => p.status))).toEqual(new Set(['Closed']));
    expect((await api<EntityRecord>('GET', `/gl/fiscal-years/${fy2026}`)).body.status).toBe('Closed');
    // The same key replays the first answer; without it a second close is refused.
    expect((await api<Closed>('POST', `/gl/fiscal-years/${fy2026}/close`, undefined, { 'idempotency-key': 'close-fy2026' })).body).toEqual(closed.body);
    expect((await api<ErrorObject>('POST', `/gl/fiscal-years/${fy2026}/close`)).body).toEqual({ statusCode: 409, serverError: 'Conflict', message: 'Fiscal year FY2026 is already closed' });
    expect((await api<Preview>('GET', `/gl/fiscal-years/${fy2026}/closing-entry`)).body).toMatchObject({ closingJournal: closed.body.journal!.id, blockers: ['Fiscal year FY2026 is already closed'] });
  });

  it('leaves every revenue and expense account at zero, retained earnings moved by the net income, and the trial balance at zero', async () => {
    const after = await tb('from=2026-01-01&to=2026-12-31');
    expect(after.balanced).toBe(true);
    expect(after.totals.closing).toBe('0.00');
    expect(after.rows.filter(isPl).map((r) => [r.code, r.closing])).toEqual(after.rows.filter(isPl).map((r) => [r.code, '0.00']));
    expect(row(after, '3100')!.closing).toBe('-1174.00');
    // Balance-sheet accounts other than retained earnings are untouched.
    for (const r of before.rows.filter((x) => !isPl(x) && x.code !== '3100')) expect(row(after, r.code)!.closing, r.code).toBe(r.closing);
    const eur = await tb('from=2026-01-01&to=2026-12-31&currency=EUR');
    expect([row(eur, '4100')!.closing, row(eur, '4900')!.closing, row(eur, '3100')!.closing]).toEqual(['0.00', '0.00', '-150.00']);
    const ops = await tb('from=2026-01-01&to=2026-12-31&dimension=CC%3DOPS');
    expect([row(ops, '6100')!.closing, row(ops, '3100')!.closing]).toEqual(['0.00', '400.00']);
  });

  it('refuses any posting into the closed year', async () => {
    const standard = await journal('2026-08-01', 'Late', [line(acct('6200'), 'debit', '5'), line(acct('1010'), 'credit', '5')]);
    expect([standard.status, standard.body.message]).toEqual([422, 'Period Aug 2026 is closed: it takes no posting']);
    const adjustment = await post(t, tenant, admin, { kind: 'Adjustment', journalDate: '2026-12-31', description: 'Late', lines: [line(acct('6200'), 'debit', '5'), line(acct('1010'), 'credit', '5')] });
    expect([adjustment.status, adjustment.body.message]).toEqual([422, 'Period Adjustment is closed: it takes no posting']);
  });

  it('carries balance-sheet balances into the next year and starts revenue and expenses from zero', async () => {
    const fy = (await api<{ id: string }>('POST', '/gl/fiscal-years', { code: 'FY2027', name: '2027', startDate: '2027-01-01', endDate: '2027-12-31' })).body;
    await api('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
    const next = await tb('from=2027-01-01&to=2027-12-31');
    expect(next.balanced).toBe(true);
    expect(next.rows.filter(isPl)).toEqual([]);
    for (const r of before.rows.filter((x) => !isPl(x) && x.code !== '3100')) expect(row(next, r.code)!.opening, r.code).toBe(r.closing);
    expect(row(next, '3100')!.opening).toBe('-1174.00');
  });

  it('closes years in order, and a year without revenue or expenses without a journal', async () => {
    const fy2028 = (await api<{ id: string }>('POST', '/gl/fiscal-years', { code: 'FY2028', name: '2028', startDate: '2028-01-01', endDate: '2028-12-31' })).body;
    await api('POST', `/gl/fiscal-years/${fy2028.id}/periods`, { pattern: 'monthly' });
    expect((await api<ErrorObject>('POST', `/gl/fiscal-years/${fy2028.id}/close`)).body.message).toBe('Close the earlier fiscal year FY2027 first');
    const fy2027 = (await call<{ items: EntityRecord[] }>(t.app, tenant.host, 'GET', '/gl/fiscal-years?search=FY2027', undefined, admin)).body.items[0]!;
    const closed = await api<Closed>('POST', `/gl/fiscal-years/${fy2027.id}/close`);
    expect(closed.body).toMatchObject({ journal: null, netIncome: '0.00', periodsClosed: 14 });
  });
});
