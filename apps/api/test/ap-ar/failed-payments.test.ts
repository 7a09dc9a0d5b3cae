// Failed payments (issue 16): a posted customer receipt that bounced is reversed through the payments'
// code (its allocations undone, the invoices open again), the fee charged to the customer as an open
// item through posting profiles; a vendor transfer returned bears its fee as bank charges; a retry
// pays the reopened items (and the fee) again, and may fail in turn; a refused step changes nothing;
// each entry balances and the open items, party balances and control accounts tie out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faces, type EntityRecord, type FailablePayment, type FailedPaymentList, type FailedPaymentView, type InvoiceView, type PaymentView, type Side } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectInvariants, paymentWorld, type PaymentWorld } from './payment-world';

let t: TestApp;
let w: PaymentWorld;
const BASE = '/ar/failed-payments';

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'FAILPAY');
});
afterAll(() => t.close());

let partyNo = 0;
async function newParty(side: Side): Promise<string> {
  const face = faces[side];
  const group = (await w.ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items.find((g) => g.code === 'LOCAL')!;
  partyNo += 1;
  return (await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code: `FP${partyNo}`, name: `Party ${partyNo}`, group: group.id })).id;
}
async function invoice(side: Side, party: string, amount: string, date: string): Promise<InvoiceView> {
  const face = faces[side];
  return w.ok<InvoiceView>('POST', `/${face.service}/${face.partyWord}-invoices/post`, {
    party, documentDate: date, description: `Invoice ${amount}`, lines: [{ account: w.acct(side === 'payables' ? '6100' : '4000'), quantity: '1', unitPrice: amount }],
  });
}
const items = (invoiceId: string) => w.query<{ id: string; remaining: string }>(sql`select id, remaining_minor::text as remaining from open_items where invoice_id = ${invoiceId}::uuid order by line`);
const remaining = async (invoiceId: string) => (await items(invoiceId))[0]!.remaining;
const pay = (side: Side, body: object) => w.ok<PaymentView>('POST', `/${faces[side].service}/${faces[side].partyWord}-payments/post`, { bank: w.banks.USD, method: 'Transfer', description: 'Pay', ...body });
const entryOf = (journalId: string) =>
  w.query<{ code: string; debit: string; credit: string; party: boolean }>(sql`select a.code, l.debit_minor::text as debit, l.credit_minor::text as credit, l.party_id is not null as party
    from ledger_entries l join accounts a on a.id = l.account_id where l.journal_id = ${journalId}::uuid order by l.line_no`);
const counts = async () => (await w.query<{ f: number; p: number; j: number; i: number }>(sql`select (select count(*)::int from failed_payments) as f, (select count(*)::int from payments) as p,
  (select count(*)::int from journals) as j, (select count(*)::int from invoices) as i`))[0];

describe('failed payments', () => {
  let receipt: PaymentView;
  let a: InvoiceView;
  let b: InvoiceView;
  let failure: FailedPaymentView;

  it('marks a bounced receipt failed: reversed, both invoices open again, the fee an open item on the customer', async () => {
    const party = await newParty('receivables');
    a = await invoice('receivables', party, '100.00', '2026-02-01');
    b = await invoice('receivables', party, '60.00', '2026-02-10');
    receipt = await pay('receivables', { party, documentDate: '2026-03-01', amount: '160.00', method: 'DirectDebit', allocations: [{ openItem: (await items(a.id))[0]!.id, amount: '100.00' }, { openItem: (await items(b.id))[0]!.id, amount: '60.00' }] });
    expect([await remaining(a.id), await remaining(b.id)]).toEqual(['0', '0']);
    const failable = await w.ok<{ items: FailablePayment[] }>('GET', `${BASE}/payments?side=receivables&search=${receipt.number}`);
    expect(failable.items.map((p) => p.id)).toEqual([receipt.id]);
    failure = await w.ok<FailedPaymentView>('POST', BASE, { side: 'receivables', payment: receipt.id, reason: 'InsufficientFunds', note: 'R01 returned', failedDate: '2026-03-05', fee: '15.00' });
    expect(failure).toMatchObject({ status: 'Failed', outcome: 'AwaitingRetry', paymentNumber: receipt.number, fee: '15.00', attempt: 1, amount: '160.00', reason: 'InsufficientFunds' });
    expect(failure.items.map((i) => [i.invoiceNumber, i.amount, i.remaining])).toEqual([[a.number, '100.00', '100.00'], [b.number, '60.00', '60.00']]);
    expect([await remaining(a.id), await remaining(b.id)]).toEqual(['10000', '6000']);
    expect((await w.ok<PaymentView>('GET', `/ar/customer-payments/${receipt.id}`)).status).toBe('Reversed');
    // The fee: a customer invoice whose entry debits the receivables control with the customer and credits bank charges (6400).
    const fee = await w.ok<InvoiceView>('GET', `/ar/customer-invoices/${failure.feeInvoice}`);
    expect(fee).toMatchObject({ status: 'Posted', party, currency: 'USD' });
    expect(await remaining(fee.id)).toBe('1500');
    const feeEntry = await entryOf(fee.journal!);
    expect(feeEntry.map((l) => [l.code, l.debit, l.credit, l.party])).toEqual([['1100', '1500', '0', true], ['6400', '0', '1500', false]]);
    // The reversal is dated the day it failed.
    const reversal = await w.query<{ d: string }>(sql`select j.journal_date::text as d from journals j where j.reversal_of = ${receipt.journal}::uuid`);
    expect(reversal).toEqual([{ d: '2026-03-05' }]);
    await expectInvariants(w);
  });

  it('refuses what it cannot do and changes nothing', async () => {
    const before = await counts();
    expect((await w.api('POST', BASE, { side: 'receivables', payment: receipt.id, reason: 'Other', failedDate: '2026-03-06' })).status).toBe(422);
    const party = await newParty('receivables');
    const draft = await w.ok<PaymentView>('POST', '/ar/customer-payments', { bank: w.banks.USD, party, documentDate: '2026-03-01', amount: '5.00', description: 'Draft' });
    const refused = await w.api('POST', BASE, { side: 'receivables', payment: draft.id, reason: 'Other', failedDate: '2026-03-06' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^payment: .*draft/);
    const posted = await pay('receivables', { party, documentDate: '2026-03-10', amount: '5.00' });
    const early = await w.api('POST', BASE, { side: 'receivables', payment: posted.id, reason: 'Other', failedDate: '2026-03-01', fee: '1.00' });
    expect(early.status).toBe(422);
    expect(early.body.message).toMatch(/^failedDate:/);
    expect((await w.api('POST', BASE, { side: 'payables', payment: posted.id, reason: 'Other', failedDate: '2026-03-11' })).status).toBe(422);
    expect((await w.api('POST', BASE, { side: 'receivables', payment: posted.id, reason: 'Nonsense', failedDate: '2026-03-11' })).status).toBe(400);
    expect((await w.api('POST', `${BASE}/${failure.id}/retry`, { includeFee: 'yes' })).status).toBe(400);
    const after = await counts();
    expect(after).toEqual({ ...before, p: before!.p + 2, j: before!.j + 1 });
    expect((await w.ok<PaymentView>('GET', `/ar/customer-payments/${posted.id}`)).status).toBe('Posted');
  });

  it('retries: a new receipt pays the reopened invoices and the fee; retrying again is refused', async () => {
    const retried = await w.ok<FailedPaymentView>('POST', `${BASE}/${failure.id}/retry`, { date: '2026-03-20', includeFee: true });
    expect(retried).toMatchObject({ status: 'Retried', outcome: 'RetryPosted', retryStatus: 'Posted' });
    const again = await w.ok<PaymentView>('GET', `/ar/customer-payments/${retried.retryPayment}`);
    expect(again).toMatchObject({ amount: '175.00', allocated: '175.00', unallocated: '0.00', method: 'DirectDebit', documentDate: '2026-03-20' });
    expect([await remaining(a.id), await remaining(b.id), await remaining(failure.feeInvoice!)]).toEqual(['0', '0', '0']);
    expect((await w.api('POST', `${BASE}/${failure.id}/retry`, {})).status).toBe(409);
    await expectInvariants(w);
  });

  it('a retry that bounces too is a second attempt; the first shows its retry failed', async () => {
    const retried = await w.ok<FailedPaymentView>('GET', `${BASE}/${failure.id}`);
    const second = await w.ok<FailedPaymentView>('POST', BASE, { side: 'receivables', payment: retried.retryPayment, reason: 'AccountClosed', failedDate: '2026-03-25' });
    expect(second).toMatchObject({ attempt: 2, retryOf: failure.id, fee: '0.00', feeInvoice: null });
    expect(second.items).toHaveLength(3);
    expect((await w.ok<FailedPaymentView>('GET', `${BASE}/${failure.id}`)).outcome).toBe('RetryFailed');
    expect([await remaining(a.id), await remaining(b.id), await remaining(failure.feeInvoice!)]).toEqual(['10000', '6000', '1500']);
    const list = await w.ok<FailedPaymentList>('GET', `${BASE}?side=receivables&status=Failed&sort=-failedDate`);
    expect(list.items.map((f) => f.id)).toEqual([second.id]);
    const search = await w.ok<FailedPaymentList>('GET', `${BASE}?search=R01`);
    expect(search.items.map((f) => f.id)).toEqual([failure.id]);
    const csv = await t.app.inject({ method: 'GET', url: `${BASE}/export?format=csv&side=receivables`, headers: { host: w.tenant.host, authorization: `Bearer ${w.admin.token}`, token: w.admin.tenantId } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').filter((l) => l.trim()).length).toBe(3);
    expect(csv.body).toContain('Insufficient funds');
    await expectInvariants(w);
  });

  it('a returned vendor transfer reopens the invoice and bears its fee as bank charges, in one balanced entry', async () => {
    const vendor = await newParty('payables');
    const bill = await invoice('payables', vendor, '80.00', '2026-04-01');
    const paid = await pay('payables', { party: vendor, documentDate: '2026-04-10', amount: '80.00', allocations: [{ openItem: (await items(bill.id))[0]!.id, amount: '80.00' }] });
    const failed = await w.ok<FailedPaymentView>('POST', BASE, { side: 'payables', payment: paid.id, reason: 'InvalidAccount', failedDate: '2026-04-12', fee: '2.50' });
    expect(failed).toMatchObject({ side: 'payables', feeInvoice: null, fee: '2.50' });
    expect(failed.feeJournalNumber).not.toBeNull();
    expect(await remaining(bill.id)).toBe('8000');
    const [fee] = await w.query<{ id: string }>(sql`select fee_journal_id as id from failed_payments where id = ${failed.id}::uuid`);
    expect((await entryOf(fee!.id)).map((l) => [l.code, l.debit, l.credit])).toEqual([['6400', '250', '0'], ['1020', '0', '250']]);
    await w.ok('POST', `${BASE}/${failed.id}/retry`, { date: '2026-04-15' });
    expect(await remaining(bill.id)).toBe('0');
    await expectInvariants(w);
  });
});
