// Proves the journal life cycle and the posting rules through the API: Draft -> Validated -> Posted -> Reversed, multi-currency, refusals, idempotency, trial balance and drill-down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorObject, JournalView } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks, post, type Books } from './helpers';

type TB = { balanced: boolean; rows: { code: string; opening: string; debit: string; credit: string; closing: string }[]; totals: { debit: string; credit: string; closing: string } };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
const acct = (code: string) => books.accounts.get(code)!;
const tb = async (from = '2026-01-01', to = '2026-12-31') => (await api<TB>('GET', `/gl/trial-balance?from=${from}&to=${to}`)).body;
const closing = async (code: string) => (await tb()).rows.find((r) => r.code === code)?.closing ?? '0.00';

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'JRNL'));
  books = await openBooks(t, tenant, admin);
});
afterAll(() => t.close());

describe('journal life cycle', () => {
  let draft: JournalView;
  it('creates a draft, validates it without writing, posts it with the next number', async () => {
    draft = (await api<JournalView>('POST', '/gl/journals', { journalDate: '2026-02-10', description: 'Owner capital', lines: [line(acct('1010'), 'debit', '5000'), line(acct('3000'), 'credit', '5000')] })).body;
    expect(draft).toMatchObject({ status: 'Draft', number: null, kind: 'Standard' });
    expect(draft.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['1010', '5000.00', '0.00'], ['3000', '0.00', '5000.00']]);
    const validated = await api<JournalView>('POST', `/gl/journals/${draft.id}/validate`);
    expect(validated.body).toMatchObject({ status: 'Validated', number: null });
    expect(await closing('1010')).toBe('0.00');
    const posted = await api<JournalView>('POST', `/gl/journals/${draft.id}/post`);
    expect(posted.body).toMatchObject({ status: 'Posted', number: 'JV2026-000001', period: 'Feb 2026', totalDebit: '5000.00', totalCredit: '5000.00' });
    expect(await closing('1010')).toBe('5000.00');
    expect(await closing('3000')).toBe('-5000.00');
  });

  it('refuses editing, deleting or posting again a posted journal', async () => {
    const body = { journalDate: '2026-02-10', description: 'x', lines: [line(acct('1010'), 'debit', '1'), line(acct('3000'), 'credit', '1')] };
    expect((await api<ErrorObject>('PUT', `/gl/journals/${draft.id}`, body)).body.message).toBe('A posted journal cannot be edited');
    expect((await api<ErrorObject>('DELETE', `/gl/journals/${draft.id}`)).body.message).toBe('A posted journal cannot be deleted: reverse it');
    expect((await api<ErrorObject>('POST', `/gl/journals/${draft.id}/post`)).body).toEqual({ message: 'Journal JV2026-000001 is already posted', statusCode: 409, serverError: 'Conflict' });
  });

  it('reverses a posted journal once, restoring the balances', async () => {
    const reversal = await api<JournalView>('POST', `/gl/journals/${draft.id}/reverse`, { date: '2026-03-01' });
    expect(reversal.body).toMatchObject({ kind: 'Reversal', status: 'Posted', number: 'JV2026-000002', reversalOf: draft.id });
    expect(reversal.body.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['1010', '0.00', '5000.00'], ['3000', '5000.00', '0.00']]);
    expect((await api<JournalView>('GET', `/gl/journals/${draft.id}`)).body).toMatchObject({ status: 'Reversed', reversedBy: reversal.body.id });
    expect(await closing('1010')).toBe('0.00');
    expect((await api<ErrorObject>('POST', `/gl/journals/${draft.id}/reverse`, { date: '2026-03-02' })).body.message).toBe('Journal JV2026-000001 is already reversed');
  });

  it('edits and deletes a draft', async () => {
    const d = (await api<JournalView>('POST', '/gl/journals', { journalDate: '2026-02-11', description: 'Typo', lines: [line(acct('6100'), 'debit', '10'), line(acct('1010'), 'credit', '10')] })).body;
    const edited = await api<JournalView>('PUT', `/gl/journals/${d.id}`, { journalDate: '2026-02-12', description: 'Rent', lines: [line(acct('6100'), 'debit', '12.5'), line(acct('1010'), 'credit', '12.5')] });
    expect(edited.body).toMatchObject({ journalDate: '2026-02-12', description: 'Rent', status: 'Draft' });
    expect(edited.body.lines[0]!.debit).toBe('12.50');
    expect((await api<{ message: string }>('DELETE', `/gl/journals/${d.id}`)).body.message).toBe('Journal deleted');
    expect((await api('GET', `/gl/journals/${d.id}`)).status).toBe(404);
  });
});

describe('posting rules', () => {
  it('converts foreign lines at the rate of the date and closes each currency on the exchange account', async () => {
    const res = await post(t, tenant, admin, { journalDate: '2026-07-15', description: 'EUR sale', lines: [line(acct('1300'), 'debit', '100', 'EUR'), line(acct('4000'), 'credit', '120')] });
    expect(res.status).toBe(200);
    const eur = res.body.lines.find((l) => l.currency === 'EUR' && !l.generated)!;
    expect(eur).toMatchObject({ rate: '1.2', debit: '100.00', baseDebit: '120.00' });
    expect(res.body.lines.filter((l) => l.generated === 'exchange').map((l) => [l.accountCode, l.currency, l.debit, l.credit])).toEqual([['2950', 'EUR', '0.00', '100.00'], ['2950', 'USD', '120.00', '0.00']]);
    const eurTb = (await api<TB>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31&currency=EUR')).body;
    expect(eurTb.rows.find((r) => r.code === '1300')!.closing).toBe('100.00');
    expect((await tb()).balanced).toBe(true);
  });

  it.each([
    ['a header account', () => [line(acct('1000'), 'debit', '1'), line(acct('4000'), 'credit', '1')], 'Line 1: account 1000 is a header account'],
    ['a control account from the ledger', () => [line(acct('1100'), 'debit', '1'), line(acct('4000'), 'credit', '1')], 'Line 1: account 1100 is a Receivables control account: only its subledger posts to it'],
    ['an unbalanced entry', () => [line(acct('1010'), 'debit', '10'), line(acct('4000'), 'credit', '9.99')], 'The journal does not balance: debits and credits differ by 1 minor units of USD'],
    ['an unknown currency', () => [line(acct('1010'), 'debit', '1', 'XYZ'), line(acct('4000'), 'credit', '1')], 'Line 1: currency XYZ is unknown or inactive'],
    ['too many decimals', () => [line(acct('1010'), 'debit', '1.001'), line(acct('4000'), 'credit', '1.001')], 'Line 1: 1.001 has more than 2 decimals'],
    ['a missing rate', () => [line(acct('1010'), 'debit', '1', 'GBP'), line(acct('4000'), 'credit', '1.3')], 'Line 1: there is no GBP exchange rate on 2026-07-15'],
  ])('refuses %s with a clear message and writes nothing', async (_, lines, message) => {
    const before = (await api<{ total: number }>('GET', '/gl/journals?limit=1')).body.total;
    const res = await post(t, tenant, admin, { journalDate: '2026-07-15', description: 'bad', lines: lines() });
    expect(res.body.message).toBe(message);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await api<{ total: number }>('GET', '/gl/journals?limit=1')).body.total).toBe(before);
  });

  it('refuses an account that needs a dimension, then posts with it', async () => {
    const group = (await api<{ id: string }>('POST', '/gl/dimension-groups', { code: 'CC', name: 'Cost centre' })).body;
    await api('POST', '/gl/dimensions', { code: 'OPS', name: 'Operations', dimensionGroup: group.id });
    const rent = acct('6100');
    await api('PUT', `/gl/accounts/${rent.id}`, { ...Object.fromEntries(Object.entries(rent).filter(([k]) => !['id', 'createdAt', 'updatedAt'].includes(k))), requiredDimensions: ['CC'] });
    const missing = await post(t, tenant, admin, { journalDate: '2026-07-16', description: 'rent', lines: [line(rent, 'debit', '50'), line(acct('1010'), 'credit', '50')] });
    expect(missing.body.message).toBe('Line 1: account 6100 needs a CC dimension');
    const wrong = await post(t, tenant, admin, { journalDate: '2026-07-16', description: 'rent', lines: [line(rent, 'debit', '50', 'USD', { dimensions: { CC: 'NOPE' } }), line(acct('1010'), 'credit', '50')] });
    expect(wrong.body.message).toBe('Unknown or inactive dimension CC NOPE');
    const ok = await post(t, tenant, admin, { journalDate: '2026-07-16', description: 'rent', lines: [line(rent, 'debit', '50', 'USD', { dimensions: { CC: 'OPS' } }), line(acct('1010'), 'credit', '50')] });
    expect(ok.body.lines[0]!.dimensions).toEqual({ CC: 'OPS' });
    const byDim = (await api<TB>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31&dimension=CC%3DOPS')).body;
    expect(byDim.rows.map((r) => [r.code, r.closing])).toEqual([['6100', '50.00']]);
  });

  it('tags lines with the active tax codes of the company, kept from draft to posted, and refuses any other', async () => {
    const vat = (await api<{ id: string }>('POST', '/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', active: true })).body;
    const old = (await api<{ id: string }>('POST', '/gl/taxes', { code: 'OLD5', name: 'Old 5%', rate: '5', kind: 'Both', active: false })).body;
    const body = (tax: string) => ({ journalDate: '2026-07-17', description: 'taxed', lines: [line(acct('6200'), 'debit', '120', 'USD', { tax }), line(acct('1010'), 'credit', '120')] });
    const unknown = await post(t, tenant, admin, body('00000000-0000-4000-8000-000000000001'));
    expect([unknown.status, unknown.body.message]).toEqual([422, 'Line 1: the tax code does not exist in this company']);
    const inactive = await post(t, tenant, admin, body(old.id));
    expect([inactive.status, inactive.body.message]).toEqual([422, 'Line 1: tax OLD5 is inactive']);
    const posted = await post(t, tenant, admin, body(vat.id));
    expect(posted.status).toBe(200);
    expect(posted.body.lines.map((l) => l.tax)).toEqual([vat.id, null]);
    expect((await api<JournalView>('GET', `/gl/journals/${posted.body.id}`)).body.lines.map((l) => l.tax)).toEqual([vat.id, null]);
    const draft = (await api<JournalView>('POST', '/gl/journals', body(vat.id))).body;
    const fromDraft = (await api<JournalView>('POST', `/gl/journals/${draft.id}/post`)).body;
    expect(fromDraft.lines.map((l) => l.tax)).toEqual([vat.id, null]);
  });

  it('refuses posting to a closed period, and to a period with no fiscal year', async () => {
    const aug = books.periods.find((p) => p.name === 'Aug 2026')!;
    await api('POST', `/gl/accounting-periods/${aug.id}/status`, { status: 'Closed' });
    const closed = await post(t, tenant, admin, { journalDate: '2026-08-03', description: 'late', lines: [line(acct('1010'), 'debit', '1'), line(acct('4000'), 'credit', '1')] });
    expect(closed.body).toEqual({ message: 'Period Aug 2026 is closed: it takes no posting', statusCode: 422, serverError: 'BusinessRule' });
    await api('POST', `/gl/accounting-periods/${aug.id}/status`, { status: 'Open' });
    const nowhere = await post(t, tenant, admin, { journalDate: '2031-01-01', description: 'future', lines: [line(acct('1010'), 'debit', '1'), line(acct('4000'), 'credit', '1')] });
    expect(nowhere.body.message).toBe('There is no regular period on 2031-01-01: define the fiscal year and its periods');
  });
});

describe('idempotency', () => {
  it('posts once for a key used twice, and refuses the key with another body', async () => {
    const body = { journalDate: '2026-09-01', description: 'Once', lines: [line(acct('6400'), 'debit', '3'), line(acct('1010'), 'credit', '3')] };
    const first = await post(t, tenant, admin, body, 'pay-0001');
    const second = await post(t, tenant, admin, body, 'pay-0001');
    expect(second.body).toEqual(first.body);
    expect((await api<{ total: number }>('GET', '/gl/journals?search=Once')).body.total).toBe(1);
    const other = await post(t, tenant, admin, { ...body, description: 'Other' }, 'pay-0001');
    expect(other).toEqual({ status: 409, body: { message: 'This Idempotency-Key was used for another request', statusCode: 409, serverError: 'Conflict' } });
  });
});

describe('trial balance and drill-down', () => {
  it('nets to zero, subtotals by class, and drills down with a running balance across pages', async () => {
    for (let i = 1; i <= 5; i++) {
      await post(t, tenant, admin, { journalDate: `2026-10-0${i}`, description: `Sale ${i}`, lines: [line(acct('1010'), 'debit', `${i}0`), line(acct('4100'), 'credit', `${i}0`)] });
    }
    const all = await tb();
    expect(all.balanced).toBe(true);
    expect(all.totals.debit).toBe(all.totals.credit);
    const oct = (await api<TB>('GET', '/gl/trial-balance?from=2026-10-01&to=2026-10-31')).body;
    expect(oct.rows.find((r) => r.code === '4100')).toMatchObject({ debit: '0.00', credit: '150.00', closing: '-150.00' });
    const first = await api<{ opening: string; items: { balance: string; debit: string }[]; nextCursor?: string }>('GET', `/gl/accounts/${acct('1010').id}/transactions?from=2026-10-02&to=2026-12-31&limit=2`);
    const before = Number(first.body.opening);
    expect(first.body.items.map((i) => i.debit)).toEqual(['20.00', '30.00']);
    expect(first.body.items.map((i) => Number(i.balance))).toEqual([before + 20, before + 50]);
    const second = await api<{ items: { balance: string }[]; nextCursor?: string }>('GET', `/gl/accounts/${acct('1010').id}/transactions?from=2026-10-02&to=2026-12-31&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((i) => Number(i.balance))).toEqual([before + 90, before + 140]);
    expect(second.body.nextCursor).toBeUndefined();
  });

  it('is exact to the day when a range starts or ends inside a period, and agrees with the drill-down', async () => {
    const sale = (date: string, amount: string) => post(t, tenant, admin, { journalDate: date, description: `Day sale ${date}`, lines: [line(acct('1400'), 'debit', amount), line(acct('4900'), 'credit', amount)] });
    for (const [date, amount] of [['2026-11-03', '1.00'], ['2026-11-14', '10.00'], ['2026-11-15', '100.00'], ['2026-11-28', '1000.00'], ['2026-12-02', '10000.00']] as const) expect((await sale(date, amount)).status).toBe(200);
    const row = async (from: string, to: string, currency = '') => (await api<TB>('GET', `/gl/trial-balance?from=${from}&to=${to}${currency}`)).body.rows.find((r) => r.code === '4900');
    // Inside one month on both ends; across a month end; whole months; one day.
    expect(await row('2026-11-14', '2026-11-27')).toMatchObject({ opening: '-1.00', credit: '110.00', closing: '-111.00' });
    expect(await row('2026-11-15', '2026-12-05')).toMatchObject({ opening: '-11.00', credit: '11100.00', closing: '-11111.00' });
    expect(await row('2026-11-01', '2026-12-31')).toMatchObject({ opening: '0.00', credit: '11111.00', closing: '-11111.00' });
    expect(await row('2026-11-15', '2026-11-15')).toMatchObject({ opening: '-11.00', credit: '100.00', closing: '-111.00' });
    expect(await row('2026-11-15', '2026-11-15', '&currency=USD')).toMatchObject({ opening: '-11.00', credit: '100.00', closing: '-111.00' });
    // Every cut nets to zero, and the drill-down of the same range opens and closes where the report does.
    for (const [from, to] of [['2026-11-14', '2026-11-27'], ['2026-11-04', '2026-12-01'], ['2026-02-17', '2026-11-15']] as const) {
      const report = (await api<TB>('GET', `/gl/trial-balance?from=${from}&to=${to}`)).body;
      expect(report.balanced).toBe(true);
      const cash = report.rows.find((r) => r.code === '1400')!;
      const drill = (await api<{ opening: string; items: { balance: string }[] }>('GET', `/gl/accounts/${acct('1400').id}/transactions?from=${from}&to=${to}&limit=500`)).body;
      expect([drill.opening, drill.items.at(-1)?.balance ?? drill.opening]).toEqual([cash.opening, cash.closing]);
    }
  });
});

describe('checking a journal before anything is saved (POST /gl/journals/check)', () => {
  const body = (debit: string, credit: string, journalDate = '2026-02-11') => ({ journalDate, description: 'Checked only', lines: [line(acct('1010'), 'debit', debit), line(acct('3000'), 'credit', credit)] });
  const count = async () => (await api<{ total: number }>('GET', '/gl/journals?limit=1')).body.total;

  it('answers ok for a journal that would post, and writes nothing: no draft, no number, no balance', async () => {
    const [journals, cash] = [await count(), await closing('1010')];
    expect(await api('POST', '/gl/journals/check', body('10', '10'))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await count()).toBe(journals);
    expect(await closing('1010')).toBe(cash);
    // The number the check would have taken is still the next one.
    const numbers = (await api<{ items: { number: string | null }[] }>('GET', '/gl/journals?limit=500')).body.items.map((j) => j.number).filter((n): n is string => n !== null).sort();
    const posted = (await post(t, tenant, admin, { journalDate: '2026-02-11', description: 'After the check', lines: [line(acct('1010'), 'debit', '1'), line(acct('3000'), 'credit', '1')] })).body;
    expect(Number(posted.number!.slice(-6))).toBe(Number(numbers[numbers.length - 1]!.slice(-6)) + 1);
  });

  it('answers what posting would refuse, and still writes nothing', async () => {
    const journals = await count();
    const unbalanced = await api<ErrorObject>('POST', '/gl/journals/check', body('10', '9.99'));
    expect(unbalanced).toMatchObject({ status: 422, body: { serverError: 'BusinessRule' } });
    const noPeriod = await api<ErrorObject>('POST', '/gl/journals/check', body('10', '10', '2031-01-01'));
    expect(noPeriod.status).toBe(422);
    const bad = await api<ErrorObject>('POST', '/gl/journals/check', { ...body('10', '10'), description: '' });
    expect(bad.status).toBe(400);
    expect(await count()).toBe(journals);
  });
});
