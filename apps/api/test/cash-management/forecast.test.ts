// Proves the cash-flow forecast (issue 17) through the database with known answers: the opening equals
// the ledger balance of the bank's GL account, an invoice due in week 2 lands in week 2 and moves by
// its party's average days late (amount-weighted over its settled history), a bill is a payment,
// a recurring journal's occurrences land on their month-end grid within their count, saved
// adjustments add to their bucket (and one in a currency no bank holds is refused), buckets hold
// across a year end, the drill-down lists a bucket's items, the XLSX export reads back, and another
// company of the tenant sees none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  faces, transformPassword, type Company, type EntityRecord, type ForecastItemsPage, type ForecastResult, type InvoiceView, type Proposal, type Side,
} from '@erp/contracts';
import { call, createTestApp, signIn, type Session, type TestApp } from '../helpers/test-app';
import { paymentWorld, type PaymentWorld } from '../ap-ar/payment-world';

let t: TestApp;
let w: PaymentWorld;
const party: Record<string, string> = {};
const F = '/cm/cashflow-forecast';

const base = (side: Side) => `/${faces[side].service}/${faces[side].partyWord}`;

async function partyOf(side: Side, code: string): Promise<string> {
  const face = faces[side];
  const group = (await w.ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items.find((g) => g.code === 'LOCAL')!;
  return (await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code, name: `Party ${code}`, group: group.id })).id;
}

async function invoice(side: Side, partyId: string, documentDate: string, dueDate: string, amount: string, currency = 'USD'): Promise<InvoiceView> {
  const account = w.acct(side === 'payables' ? '6100' : '4000');
  return w.ok<InvoiceView>('POST', `${base(side)}-invoices/post`, {
    party: partyId, documentDate, currency, description: `Invoice due ${dueDate}`, instalments: [{ dueDate, amount }], lines: [{ account, unitPrice: amount }],
  });
}

/** Pays a party's open items in full on a day (a receipt or a payment through the currency's bank). */
async function settle(side: Side, partyId: string, day: string, amount: string): Promise<void> {
  const proposal = await w.ok<Proposal>('GET', `${base(side)}-payments/proposal?party=${partyId}&currency=USD&amount=${amount}&date=${day}`);
  await w.ok('POST', `${base(side)}-payments/post`, {
    bank: w.banks.USD, party: partyId, documentDate: day, amount, description: 'Settle',
    allocations: proposal.lines.map((l) => ({ openItem: l.openItem, amount: l.amount, discount: '0', writeOff: '0' })),
  });
}

const forecast = (query: string) => w.ok<ForecastResult>('GET', `${F}?${query}`);
const usd = (r: ForecastResult) => r.currencies.find((c) => c.currency === 'USD')!;

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'FORECAST');
  // Cash: 10,000.00 into the bank's account in January.
  await w.ok('POST', '/gl/journals/post', { journalDate: '2026-01-05', description: 'Capital', lines: [{ account: w.acct('1020'), currency: 'USD', debit: '10000' }, { account: w.acct('3000'), currency: 'USD', credit: '10000' }] });
  party.onTime = await partyOf('receivables', 'ONTIME');
  party.late = await partyOf('receivables', 'LATE');
  party.vendor = await partyOf('payables', 'VEND');
  // LATE's history: 100.00 due 10 Jan paid 20 Jan (10 days late), 300.00 due 15 Jan paid 19 Jan (4 days):
  // (10 × 100 + 4 × 300) / 400 = 5.5, rounded to 6 days.
  await invoice('receivables', party.late, '2026-01-01', '2026-01-10', '100');
  await settle('receivables', party.late, '2026-01-20', '100');
  await invoice('receivables', party.late, '2026-01-02', '2026-01-15', '300');
  await settle('receivables', party.late, '2026-01-19', '300');
  // Open: ONTIME 1,000.00 and LATE 500.00 both due Wednesday 11 March (week 2 of a forecast from Monday 2 March);
  // the vendor's 700.00 due 25 March (week 4); ONTIME's 40.00 due 2 January 2027 and 60.00 due 4 January 2027.
  await invoice('receivables', party.onTime, '2026-02-01', '2026-03-11', '1000');
  await invoice('receivables', party.late, '2026-02-01', '2026-03-11', '500');
  await invoice('payables', party.vendor, '2026-02-01', '2026-03-25', '700');
  await invoice('receivables', party.onTime, '2026-12-01', '2027-01-02', '40');
  await invoice('receivables', party.onTime, '2026-12-01', '2027-01-04', '60');
  // A rent income of 250.00 into the bank on the 31st, monthly, three times from 31 March.
  const template = await w.ok<{ id: string }>('POST', '/gl/journal-templates', {
    code: 'RENTIN', name: 'Rent received', description: 'Rent received',
    lines: [{ account: w.acct('1020'), currency: 'USD', debit: '250' }, { account: w.acct('4000'), currency: 'USD', credit: '250' }],
  });
  await w.ok('POST', '/gl/recurring-journals', { code: 'RENT', description: 'Rent from tenant', template: template.id, frequency: 'Monthly', startDate: '2026-03-31', occurrences: 3 });
}, 300_000);
afterAll(() => t.close());

describe('cash-flow forecast', () => {
  it('opens with the bank account\'s ledger balance in its currency as of the start date', async () => {
    const r = await forecast('startDate=2026-03-02&granularity=Week&periods=6');
    const [ledger] = await w.query<{ balance: string }>(sql`
      select coalesce(sum(debit_minor - credit_minor), 0)::text as balance from ledger_entries
      where account_id = ${w.acct('1020')}::uuid and currency = 'USD' and entry_date <= '2026-03-02'`);
    // 10,000.00 of capital plus the 400.00 received in January.
    expect(ledger!.balance).toBe('1040000');
    expect(usd(r).opening).toBe('10400.00');
    expect(usd(r).buckets[0]!.opening).toBe('10400.00');
    expect(r.banks.map((b) => b.code)).toEqual(['EUR', 'USD']);
    expect(r.sources.filter((s) => !s.wired).map((s) => s.key)).toEqual(['salarySchedules']);
  });

  it('puts an invoice due in week 2 in week 2, a late payer\'s a week on, and a bill in week 4 as a payment', async () => {
    const r = await forecast('startDate=2026-03-02&granularity=Week&periods=6');
    const weeks = usd(r).buckets;
    expect(weeks.map((b) => [b.from, b.to])).toEqual([
      ['2026-03-02', '2026-03-08'], ['2026-03-09', '2026-03-15'], ['2026-03-16', '2026-03-22'], ['2026-03-23', '2026-03-29'], ['2026-03-30', '2026-04-05'], ['2026-04-06', '2026-04-12'],
    ]);
    expect(weeks.map((b) => b.receipts)).toEqual(['0.00', '1000.00', '500.00', '0.00', '250.00', '0.00']);
    expect(weeks.map((b) => b.payments)).toEqual(['0.00', '0.00', '0.00', '700.00', '0.00', '0.00']);
    // Closing = opening + receipts - payments + adjustments, bucket by bucket.
    expect(weeks.map((b) => b.closing)).toEqual(['10400.00', '11400.00', '11900.00', '11200.00', '11450.00', '11450.00']);
    expect(weeks.slice(1).map((b) => b.opening)).toEqual(weeks.slice(0, -1).map((b) => b.closing));
    const unshifted = await forecast('startDate=2026-03-02&granularity=Week&periods=6&shiftByLateness=false');
    expect(usd(unshifted).buckets.map((b) => b.receipts).slice(0, 3)).toEqual(['0.00', '1500.00', '0.00']);
  });

  it('drills down to a bucket\'s items with their due date, expected date and days late', async () => {
    const page = await w.ok<ForecastItemsPage>('GET', `${F}/items?startDate=2026-03-02&granularity=Week&periods=6&currency=USD&bucket=2`);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ source: 'openItems', dueDate: '2026-03-11', expectedDate: '2026-03-17', daysLate: 6, party: 'Party LATE', amount: '500.00', bank: 'USD' });
    const week2 = await w.ok<ForecastItemsPage>('GET', `${F}/items?startDate=2026-03-02&granularity=Week&periods=6&currency=USD&bucket=1`);
    expect(week2.items).toEqual([expect.objectContaining({ dueDate: '2026-03-11', expectedDate: '2026-03-11', daysLate: 0, party: 'Party ONTIME', amount: '1000.00' })]);
    const bill = await w.ok<ForecastItemsPage>('GET', `${F}/items?startDate=2026-03-02&granularity=Week&periods=6&currency=USD&bucket=3`);
    expect(bill.items.map((i) => i.amount)).toEqual(['-700.00']);
  });

  it('projects a recurring journal\'s occurrences on its month-end grid, within its count', async () => {
    const r = await forecast('startDate=2026-03-02&granularity=Month&periods=5');
    const months = usd(r).buckets;
    expect(months.map((b) => [b.from, b.to])).toEqual([['2026-03-02', '2026-03-31'], ['2026-04-01', '2026-04-30'], ['2026-05-01', '2026-05-31'], ['2026-06-01', '2026-06-30'], ['2026-07-01', '2026-07-31']]);
    // March: 1,500.00 of invoices and the rent; April and May: the rent; June: none (three occurrences only).
    expect(months.map((b) => b.receipts)).toEqual(['1750.00', '250.00', '250.00', '0.00', '0.00']);
    const may = await w.ok<ForecastItemsPage>('GET', `${F}/items?startDate=2026-03-02&granularity=Month&periods=5&currency=USD&bucket=2`);
    expect(may.items).toEqual([expect.objectContaining({ source: 'recurringJournals', expectedDate: '2026-05-31', reference: 'RENT', amount: '250.00', bank: 'USD' })]);
    const april = await w.ok<ForecastItemsPage>('GET', `${F}/items?startDate=2026-03-02&granularity=Month&periods=5&currency=USD&bucket=1`);
    expect(april.items.map((i) => i.expectedDate)).toEqual(['2026-04-30']);
  });

  it('keeps a week that spans the year end whole, and days and months on their calendar', async () => {
    const weeks = usd(await forecast('startDate=2026-12-30&granularity=Week&periods=2')).buckets;
    // What is overdue by then (1,500.00 of March invoices, the three rents not yet generated) comes in the first bucket.
    expect(weeks.map((b) => [b.from, b.to, b.receipts, b.payments])).toEqual([['2026-12-30', '2027-01-03', '2290.00', '700.00'], ['2027-01-04', '2027-01-10', '60.00', '0.00']]);
    const days = usd(await forecast('startDate=2026-12-31&granularity=Day&periods=5')).buckets;
    expect(days.map((b) => [b.from, b.receipts])).toEqual([['2026-12-31', '2250.00'], ['2027-01-01', '0.00'], ['2027-01-02', '40.00'], ['2027-01-03', '0.00'], ['2027-01-04', '60.00']]);
    const months = usd(await forecast('startDate=2026-12-31&granularity=Month&periods=2')).buckets;
    expect(months.map((b) => [b.from, b.to, b.receipts])).toEqual([['2026-12-31', '2026-12-31', '2250.00'], ['2027-01-01', '2027-01-31', '100.00']]);
  });

  it('adds a saved forecast\'s adjustments to their buckets, and refuses one in a currency its banks do not hold', async () => {
    const saved = await w.ok<EntityRecord>('POST', '/cm/cashflow-forecasts', {
      code: 'BASE', name: 'Base case', scope: 'Bank', bank: w.banks.USD, granularity: 'Week', periods: 6, startDate: '2026-03-02',
      adjustments: [{ date: '2026-03-10', currency: 'USD', amount: '-1500', description: 'Tax payment' }, { date: '2026-04-06', currency: 'usd', amount: '99.50', description: 'Grant' }],
    });
    const r = await forecast(`forecast=${saved.id}`);
    expect(r.forecast).toMatchObject({ code: 'BASE' });
    expect(r.currencies.map((c) => c.currency)).toEqual(['USD']);
    expect(usd(r).buckets.map((b) => b.adjustments)).toEqual(['0.00', '-1500.00', '0.00', '0.00', '0.00', '99.50']);
    expect(usd(r).closing).toBe('10049.50');
    const items = await w.ok<ForecastItemsPage>('GET', `${F}/items?forecast=${saved.id}&currency=USD&bucket=1`);
    expect(items.items.map((i) => [i.source, i.expectedDate, i.amount, i.description])).toEqual([['adjustments', '2026-03-10', '-1500.00', 'Tax payment'], ['openItems', '2026-03-11', '1000.00', 'Invoice due 2026-03-11']]);
    const refused = await w.api('POST', '/cm/cashflow-forecasts', { code: 'GBP', name: 'x', scope: 'Bank', bank: w.banks.USD, granularity: 'Week', periods: 4, adjustments: [{ date: '2026-03-10', currency: 'GBP', amount: '1', description: 'x' }] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('adjustments.0.currency: GBP is not held by the forecast\'s banks: use USD');
    const noBank = await w.api('POST', '/cm/cashflow-forecasts', { code: 'NOBANK', name: 'x', scope: 'Bank', granularity: 'Week', periods: 4 });
    expect(noBank.status).toBe(422);
    expect(noBank.body.message).toMatch(/^bank: Please supply bank/);
  });

  it('exports the buckets and every item as XLSX', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${F}/export?startDate=2026-03-02&granularity=Week&periods=6`, headers: { host: w.tenant.host, authorization: `Bearer ${w.admin.token}`, token: w.admin.tenantId } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const buckets = book.getWorksheet('Buckets')!;
    expect(buckets.getRow(7).values).toEqual([undefined, 'From', 'To', 'Currency', 'Opening', 'Receipts', 'Payments', 'Adjustments', 'Closing']);
    const usdRows = buckets.getRows(8, buckets.rowCount - 7)!.filter((row) => row.getCell(3).value === 'USD');
    expect(usdRows.map((row) => row.getCell(8).value)).toEqual([10400, 11400, 11900, 11200, 11450, 11450]);
    const items = book.getWorksheet('Items')!;
    expect(items.rowCount).toBe(5); // header, two receipts, the bill, the rent
    expect(String(buckets.getCell('A4').value)).toContain('Salary schedules');
  });

  it('shows another company of the tenant none of this company\'s banks, items or forecasts', async () => {
    const companies = await w.ok<Company[]>('POST', '/gl/SaveCompanies', [{ code: 'OTHER', description: 'Other company' }]);
    const p = await transformPassword('Correct horse 1');
    await w.ok('POST', `/auth/user/create/${p}`, { name: 'other', mailAddress: 'other@forecast.test', password: p, confirmPassword: p, roleID: w.admin.user.parentRole.id, company: companies[0]!.id });
    const other: Session = await signIn(t.app, w.tenant.host, 'other@forecast.test', 'Correct horse 1');
    const as = <T>(url: string) => call<T>(t.app, w.tenant.host, 'GET', url, undefined, other);
    const r = await as<ForecastResult>(`${F}?startDate=2026-03-02&granularity=Week&periods=6`);
    expect(r.status).toBe(200);
    expect(r.body.banks).toEqual([]);
    expect(r.body.currencies).toEqual([]);
    const list = await w.ok<{ items: EntityRecord[] }>('GET', '/cm/cashflow-forecasts');
    const theirs = await as<{ message: string }>(`${F}?forecast=${list.items[0]!.id}`);
    expect(theirs.status).toBe(404);
    const items = await as<ForecastItemsPage>(`${F}/items?startDate=2026-03-02&granularity=Week&periods=6&currency=USD&bucket=1`);
    expect(items.body).toEqual({ items: [], total: 0 });
  });
  it('counts a draft payment run on its payment date instead of what it pays of the items, and an on-account recurring receipt on each occurrence', async () => {
    const vendor = await partyOf('payables', 'VRUN');
    const bill = await invoice('payables', vendor, '2026-07-01', '2026-08-20', '400');
    const week = 'startDate=2026-08-03&granularity=Week&periods=4';
    const before = usd(await forecast(week)).buckets;
    // The March bill (700.00, overdue) is expected in the first week.
    expect(before.map((b) => b.payments)).toEqual(['700.00', '0.00', '400.00', '0.00']);
    // A draft run paying 300.00 of the bill by cheque on 5 August: 300.00 out in week 1, the 100.00 left on its due date.
    const [item] = await w.query<{ id: string }>(sql`select id from open_items where invoice_id = ${bill.id}::uuid`);
    await w.ok('POST', '/ap/vendor-payment-runs', {
      bank: w.banks.USD, paymentDate: '2026-08-05', method: 'Cheque', basis: 'Due date', upTo: '2026-08-31', description: 'August run',
      lines: [{ openItem: item!.id, amount: '300.00' }],
    });
    const withRun = usd(await forecast(week)).buckets;
    expect(withRun.map((b) => b.payments)).toEqual(['1000.00', '0.00', '100.00', '0.00']);
    const first = await w.ok<ForecastItemsPage>('GET', `${F}/items?${week}&currency=USD&bucket=0`);
    expect(first.items.filter((i) => i.source === 'paymentRuns')).toEqual([expect.objectContaining({ source: 'paymentRuns', expectedDate: '2026-08-05', amount: '-300.00', party: 'Party VRUN', reference: 'Draft run' })]);
    // A weekly 50.00 receipt kept on account from Tuesday 4 August, three times; one that settles open items adds nothing.
    const customer = await partyOf('receivables', 'STANDING');
    for (const [code, allocation] of [['SO1', 'OnAccount'], ['SO2', 'OldestFirst']] as const) {
      const draft = await w.ok<{ id: string }>('POST', '/ar/customer-recurring-payments', {
        code, description: `Standing order ${code}`, party: customer, bank: w.banks.USD, amount: '50.00', allocation, frequency: 'Weekly', startDate: '2026-08-04', occurrences: 3,
      });
      await w.ok('POST', `/ar/customer-recurring-payments/${draft.id}/post`);
    }
    const withStanding = usd(await forecast(week)).buckets;
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(withStanding.map((b, i) => (cents(b.receipts) - cents(withRun[i]!.receipts)) / 100)).toEqual([50, 50, 50, 0]);
    const second = await w.ok<ForecastItemsPage>('GET', `${F}/items?${week}&currency=USD&bucket=1`);
    expect(second.items).toEqual([expect.objectContaining({ source: 'recurringPayments', expectedDate: '2026-08-11', amount: '50.00', reference: 'SO1', party: 'Party STANDING' })]);
  });
});
