// A disposal's sale invoiced to a customer, and a revalued asset's reserve on disposal (issue 18):
// posting the sale posts its customer invoice through receivables (receivable = proceeds plus tax,
// the clearing account nets to zero); the asset's revaluation surplus moves to retained earnings
// outside profit or loss (IAS 16.41), unless /module-config DisposalReserveTransfer is Keep;
// reversing reverses the invoice in full and restores every balance of the trial balance exactly;
// an invoice that a credit note touched refuses the reversal and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPOSAL_RESERVE_SETTING, type AssetRevaluationView, type AssetSchedule, type DepreciationRunView, type DisposalView, type EntityRecord, type InvoiceView, type JournalView, type TrialBalance } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List = { items: EntityRecord[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
let accounts: Map<string, EntityRecord>;
const acct = (code: string) => accounts.get(code)!.id;
const lines = (j: JournalView) => j.lines.map((l) => [l.accountCode, l.debit, l.credit]);
const cents = (v: string) => Math.round(Number(v) * 100);

async function account(code: string, name: string, like: string) {
  const { id: _id, createdAt: _c, updatedAt: _u, ...model } = accounts.get(like)!;
  const a = await ok<EntityRecord>('POST', '/gl/accounts', { ...model, code, name, controlType: 'None', kind: 'Posting' });
  accounts.set(code, a);
  return a;
}
async function activeAsset(assetClass: string, cost: string, inService = '2026-01-01') {
  const a = await ok<EntityRecord>('POST', '/fa/assets', { description: `Asset ${cost}`, assetClass, acquisitionDate: inService, cost });
  await ok<AssetSchedule>('POST', `/fa/assets/${a.id}/activate`);
  return a;
}
async function runTo(period: string, assetClass: string) {
  const run = await ok<DepreciationRunView>('POST', '/fa/depreciation-runs', { period, assetClass });
  return ok<DepreciationRunView>('POST', `/fa/depreciation-runs/${run.id}/post`);
}
async function revalued(assetClass: string, fairValue: string) {
  // 1200 over 12 months from January, 100 a month; January to March posted (300), revalued on 31 March: book value 900
  const a = await activeAsset(assetClass, '1200');
  await runTo('2026-03-31', assetClass);
  const r = await ok<AssetRevaluationView>('POST', '/fa/revaluations', { revaluationDate: '2026-03-31', lines: [{ asset: a.id, fairValue }] });
  await ok<AssetRevaluationView>('POST', `/fa/revaluations/${r.id}/post`);
  return a;
}
const dispose = (asset: string, disposalDate: string, body: Record<string, unknown> = {}) => ok<DisposalView>('POST', '/fa/disposals', { asset, disposalDate, disposalType: 'Sale', ...body });
const post = (id: string) => ok<DisposalView>('POST', `/fa/disposals/${id}/post`);

/** Every account's net balance of the year in cents (debit positive), zero balances left out. */
async function trialBalance(): Promise<Record<string, number>> {
  const tb = await ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
  return Object.fromEntries(tb.rows.map((r) => [r.code, cents(r.debit) - cents(r.credit)]).filter(([, n]) => n !== 0));
}
const net = (tb: Record<string, number>, code: string) => tb[code] ?? 0;

let classId: string;
let customer: string;
let vat: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FASALE'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
  const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  await ok<EntityRecord[]>('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  await account('3900', 'Revaluation reserve', '3100');
  await account('6960', 'Revaluation losses', '6300');
  await account('1190', 'Asset sales clearing', '1510');
  await account('4950', 'Gain on disposal of assets', '4900');
  await account('6950', 'Loss on disposal of assets', '6300');
  const profile = await ok<EntityRecord>('POST', '/gl/posting-profiles', {
    code: 'FAS', name: 'Machines', module: 'Fixed Asset', moduleDefault: false, controlAccount: acct('1500'), accumulatedDepreciationAccount: acct('1510'), depreciationExpenseAccount: acct('6300'),
    revaluationSurplusAccount: acct('3900'), revaluationLossAccount: acct('6960'), disposalLossAccount: acct('6950'), disposalGainAccount: acct('4950'), clearingAccount: acct('1190'),
  });
  classId = (await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'MAC', name: 'Machines', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month', postingProfile: profile.id })).id;
  vat = (await ok<EntityRecord>('POST', '/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', inputAccount: acct('1400'), outputAccount: acct('2200') })).id;
  const group = (await api<List>('GET', `/ar/customer-groups?limit=50&filter=${encodeURIComponent(JSON.stringify({ code: 'LOCAL' }))}`)).body.items[0]!;
  customer = (await ok<EntityRecord>('POST', '/ar/customers', { code: 'BUYER', name: 'Asset buyer', group: group.id })).id;
});
afterAll(() => t.close());

describe('a sale invoiced to a customer, a revalued asset\'s reserve', () => {
  it('posts the invoice with the disposal, moves the reserve to retained earnings, and the reversal restores every balance', async () => {
    // Revalued to 1800 on 31 March: 900 to the reserve; April onwards 200 a month
    const a = await revalued(classId, '1800');
    const before = await trialBalance();
    expect(net(before, '3900')).toBe(-90000);
    // Sold 30 April for 1700 plus VAT 20% to BUYER: April depreciated first (200): cost 1800, accumulated 200, book value 1600, a gain of 100
    const draft = await dispose(a.id, '2026-04-30', { proceeds: '1700', customer, tax: vat });
    expect(draft).toMatchObject({ status: 'Draft', cost: '1800.00', accumulated: '200.00', netBookValue: '1600.00', gainLoss: '100.00', reserveTransferred: '900.00', customerCode: 'BUYER', taxCode: 'VAT20', invoiceId: null });
    const sold = await post(draft.id);
    expect(sold).toMatchObject({ status: 'Posted', gainLoss: '100.00', reserveTransferred: '900.00', invoiceNumber: 'CI2026-000001', invoiceGross: '2040.00', invoiceStatus: 'Posted' });
    // The disposal's entry balances; the reserve pair sits beside the gain, which is proceeds less book value
    const journal = await ok<JournalView>('GET', `/gl/journals/${sold.journalId}`);
    expect(lines(journal)).toEqual([['1510', '200.00', '0.00'], ['1190', '1700.00', '0.00'], ['1500', '0.00', '1800.00'], ['4950', '0.00', '100.00'], ['3900', '900.00', '0.00'], ['3100', '0.00', '900.00']]);
    expect(journal.lines.reduce((s, l) => s + cents(l.debit) - cents(l.credit), 0)).toBe(0);
    // The customer invoice: receivable = proceeds plus tax, the proceeds credited to the clearing account; it knows its source
    const invoice = await ok<InvoiceView>('GET', `/ar/customer-invoices/${sold.invoiceId}`);
    expect(invoice).toMatchObject({ status: 'Posted', partyCode: 'BUYER', totalNet: '1700.00', totalTax: '340.00', totalGross: '2040.00', remaining: '2040.00', reference: sold.number });
    expect(invoice.source).toEqual({ module: 'Fixed Asset', documentType: 'DisposalSchedule', documentId: sold.id, label: 'Asset disposal', number: sold.number, page: '/disposal-schedule' });
    expect(lines(await ok<JournalView>('GET', `/gl/journals/${invoice.journal}`))).toEqual([['1100', '2040.00', '0.00'], ['1190', '0.00', '1700.00'], ['2200', '0.00', '340.00']]);
    const after = await trialBalance();
    const delta = (code: string) => net(after, code) - net(before, code);
    expect(delta('1190')).toBe(0); // the clearing nets to zero
    expect(delta('1100')).toBe(204000); // the receivable
    expect(delta('2200')).toBe(-34000); // output tax
    expect(net(after, '3900')).toBe(0); // the asset's reserve is gone
    expect(delta('3100')).toBe(-90000); // retained earnings up by it
    expect(delta('4950')).toBe(-10000); // the gain is proceeds less book value, untouched by the reserve
    expect([delta('1500'), delta('1510'), delta('6300')]).toEqual([-180000, 0, 20000]);

    // Reverse: the invoice by its own full reversal, both entries; the trial balance as before, to the cent
    const reversed = await ok<DisposalView>('POST', `/fa/disposals/${sold.id}/reverse`, { date: '2026-04-30' });
    expect(reversed).toMatchObject({ status: 'Reversed', invoiceStatus: 'Reversed' });
    expect(await trialBalance()).toEqual(before);
    expect((await ok<InvoiceView>('GET', `/ar/customer-invoices/${sold.invoiceId}`)).remaining).toBe('0.00');
    expect((await ok<EntityRecord>('GET', `/fa/assets/${a.id}`)).status).toBe('Active');
    // Sold again (no customer): the surplus is the asset's again, so it moves again
    const again = await post((await dispose(a.id, '2026-04-30', { proceeds: '1700' })).id);
    expect(again).toMatchObject({ gainLoss: '100.00', reserveTransferred: '900.00', invoiceId: null });
    expect(net(await trialBalance(), '3900')).toBe(0);
  });

  it('refuses reversing a sale whose invoice a credit note touched: nothing changes', async () => {
    const a = await activeAsset(classId, '1200', '2026-05-01');
    const sold = await post((await dispose(a.id, '2026-05-31', { proceeds: '1000', customer })).id);
    expect(sold).toMatchObject({ reserveTransferred: '0.00', invoiceGross: '1000.00' });
    await ok('POST', '/ar/customer-credit-notes/post', { kind: 'CreditNote', invoice: sold.invoiceId, party: customer, documentDate: '2026-05-31', description: 'Discount', lines: [{ account: acct('1190'), unitPrice: '10' }] });
    const before = await trialBalance();
    const res = await api<{ message: string }>('POST', `/fa/disposals/${sold.id}/reverse`, { date: '2026-05-31' });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('has credit notes');
    expect(await trialBalance()).toEqual(before);
    expect((await ok<DisposalView>('GET', `/fa/disposals/${sold.id}`)).status).toBe('Posted');
    expect((await ok<EntityRecord>('GET', `/fa/assets/${a.id}`)).status).toBe('Disposed');
  });

  it('keeps the reserve when the company chooses Keep; refuses bad input with the error object', async () => {
    await ok('POST', '/gl/module-configs', { module: 'Fixed Asset', setting: DISPOSAL_RESERVE_SETTING, value: 'Keep' });
    const a = await revalued(classId, '1500');
    const before = await trialBalance();
    const sold = await post((await dispose(a.id, '2026-04-30', { proceeds: '1000' })).id);
    // book value at the end of April: 1500 less 1500/9 = 166.67 → 1333.33; a loss of 333.33; the reserve (600) stays
    expect(sold).toMatchObject({ gainLoss: '-333.33', reserveTransferred: '0.00' });
    expect(lines(await ok<JournalView>('GET', `/gl/journals/${sold.journalId}`)).map((l) => l[0])).not.toContain('3100');
    const after = await trialBalance();
    expect(net(after, '3900') - net(before, '3900')).toBe(0);
    expect(net(after, '3100') - net(before, '3100')).toBe(0);
    // A scrap names no customer; a customer needs proceeds; a tax code needs a customer; an unknown customer
    const b = await activeAsset(classId, '100');
    for (const body of [{ disposalType: 'Scrap', customer }, { customer }, { proceeds: '10', tax: vat }]) {
      const res = await api<{ message: string }>('POST', '/fa/disposals', { asset: b.id, disposalDate: '2026-06-30', ...body });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await api('POST', '/fa/disposals', { asset: b.id, disposalDate: '2026-06-30', proceeds: '10', customer: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ status: 422, body: { message: 'customer: No such customer in this company' } });
    const purchase = (await ok<EntityRecord>('POST', '/gl/taxes', { code: 'IN20', name: 'Input 20%', rate: '20', kind: 'Purchase', inputAccount: acct('1400') })).id;
    expect(await api('POST', '/fa/disposals', { asset: b.id, disposalDate: '2026-06-30', proceeds: '10', customer, tax: purchase })).toMatchObject({ status: 422, body: { message: 'tax: Tax IN20 applies to purchases only' } });
  });
});
