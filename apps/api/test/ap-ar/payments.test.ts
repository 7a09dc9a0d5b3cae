// Payments and receipts (issue 16): allocation to several invoices with partial amounts, a credit note
// against an invoice, an over-payment kept on account and allocated later, un-allocation and reversal,
// the early-payment discount, the tolerance write-off and the realised exchange gain or loss, each
// posted in one entry through the port and profiles; the proposal (reference, amount, oldest first).
// After each: the open items' remaining equal their amounts less their allocations and credits, and
// equal the party balances; the tie-out holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faces, paymentFaces, sides, type EntityRecord, type InvoiceView, type PaymentView, type Proposal, type Side } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectInvariants, paymentWorld, type PaymentWorld } from './payment-world';

let t: TestApp;
let w: PaymentWorld;
const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => w.api<T>(method, url, body);
const ok = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => w.ok<T>(method, url, body);
const acct = (code: string) => w.acct(code);
const sql1 = <T>(q: ReturnType<typeof sql>) => w.query<T>(q);
const banks = { get USD() { return w.banks.USD!; }, get EUR() { return w.banks.EUR!; } };

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'PAYMENTS');
});
afterAll(() => t.close());

let partyNo = 0;
async function newParty(side: Side): Promise<string> {
  const face = faces[side];
  const group = (await ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items.find((g) => g.code === 'LOCAL')!;
  partyNo += 1;
  return (await ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code: `PAY${partyNo}`, name: `Party ${partyNo}`, group: group.id })).id;
}

async function invoice(side: Side, party: string, amount: string, date: string, extra: object = {}): Promise<InvoiceView> {
  const face = faces[side];
  return ok<InvoiceView>('POST', `/${face.service}/${face.partyWord}-invoices/post`, {
    party, documentDate: date, description: `Invoice ${amount}`, lines: [{ account: acct(side === 'payables' ? '6100' : '4000'), quantity: '1', unitPrice: amount }], ...extra,
  });
}
async function creditNote(side: Side, party: string, amount: string, date: string): Promise<InvoiceView> {
  const face = faces[side];
  const draft = await ok<InvoiceView>('POST', `/${face.service}/${face.partyWord}-credit-notes`, { party, documentDate: date, description: `Credit ${amount}`, lines: [{ account: acct(side === 'payables' ? '6100' : '4000'), quantity: '1', unitPrice: amount }] });
  return ok<InvoiceView>('POST', `/${face.service}/${face.partyWord}-credit-notes/${draft.id}/post`);
}
const itemOf = async (invoiceId: string) => (await sql1<{ id: string; remaining: string }>(sql`select id, remaining_minor::text as remaining from open_items where invoice_id = ${invoiceId}::uuid order by line`))[0]!;
const paymentsOf = (side: Side) => `/${faces[side].service}/${faces[side].partyWord}-payments`;

/** The entry's lines of a journal: account code, debit, credit, base debit, base credit, party named. */
async function entryOf(journalId: string) {
  return sql1<{ code: string; debit: string; credit: string; base_debit: string; base_credit: string; party: boolean }>(
    sql`select a.code, l.debit_minor::text as debit, l.credit_minor::text as credit, l.base_debit_minor::text as base_debit, l.base_credit_minor::text as base_credit, l.party_id is not null as party
      from ledger_entries l join accounts a on a.id = l.account_id where l.journal_id = ${journalId}::uuid order by l.line_no`,
  );
}

const invariants = () => expectInvariants(w);

describe.each(sides)('%s payments', (side) => {
  const pf = paymentFaces[side];
  const face = faces[side];
  const bankDebit = pf.bankSide === 'debit';

  it('allocates one payment to two invoices, one in part, in one entry: bank against the control account with the party', async () => {
    const party = await newParty(side);
    const a = await invoice(side, party, '100.00', '2026-01-10');
    const b = await invoice(side, party, '200.00', '2026-02-10');
    const [ia, ib] = [await itemOf(a.id), await itemOf(b.id)];
    const paid = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, {
      bank: banks.USD, party, documentDate: '2026-03-01', amount: '250.00', method: 'Transfer', description: 'Two invoices',
      allocations: [{ openItem: ia.id, amount: '100.00' }, { openItem: ib.id, amount: '150.00' }],
    });
    expect(paid).toMatchObject({ status: 'Posted', number: `${side === 'payables' ? 'VP' : 'CP'}2026-000001`, amount: '250.00', allocated: '250.00', unallocated: '0.00', bankNumber: side === 'payables' ? '10' : null });
    expect([(await itemOf(a.id)).remaining, (await itemOf(b.id)).remaining]).toEqual(['0', '5000']);
    const lines = await entryOf(paid.journal!);
    expect(lines.map((l) => [l.code, l.debit, l.credit, l.party])).toEqual([
      ['1020', bankDebit ? '25000' : '0', bankDebit ? '0' : '25000', false],
      [face.control === 'Payables' ? '2000' : '1100', bankDebit ? '0' : '25000', bankDebit ? '25000' : '0', true],
    ]);
    const view = await ok<InvoiceView>('GET', `/${face.service}/${face.partyWord}-invoices/${b.id}`);
    expect(view.remaining).toBe('50.00');
    await invariants();
  });

  it('keeps an over-payment on account, allocates it later, un-allocates and reverses, each an entry; the items reopen', async () => {
    const party = await newParty(side);
    const a = await invoice(side, party, '80.00', '2026-01-15');
    const ia = await itemOf(a.id);
    const paid = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, { bank: banks.USD, party, documentDate: '2026-03-02', amount: '300.00', description: 'Over', allocations: [{ openItem: ia.id, amount: '80.00' }] });
    expect(paid).toMatchObject({ allocated: '80.00', unallocated: '220.00' });
    const c = await invoice(side, party, '120.00', '2026-03-10');
    const ic = await itemOf(c.id);
    // More than is on account is refused.
    const tooMuch = await api('POST', `${paymentsOf(side)}/${paid.id}/allocate`, { allocations: [{ openItem: ic.id, amount: '120.00' }, { openItem: ia.id, amount: '1.00' }] });
    expect(tooMuch.status).toBe(422);
    const later = await ok<PaymentView>('POST', `${paymentsOf(side)}/${paid.id}/allocate`, { date: '2026-03-20', allocations: [{ openItem: ic.id, amount: '120.00' }] });
    expect(later).toMatchObject({ allocated: '200.00', unallocated: '100.00' });
    expect((await itemOf(c.id)).remaining).toBe('0');
    await invariants();
    const undone = await ok<PaymentView>('POST', `${paymentsOf(side)}/${paid.id}/unallocate`, { date: '2026-03-25', lines: [2] });
    expect(undone).toMatchObject({ allocated: '80.00', unallocated: '220.00' });
    expect(undone.allocations.map((x) => [x.lineNo, x.status])).toEqual([[1, 'Active'], [2, 'Undone']]);
    expect((await itemOf(c.id)).remaining).toBe('12000');
    await invariants();
    const reversed = await ok<PaymentView>('POST', `${paymentsOf(side)}/${paid.id}/reverse`, { date: '2026-03-31' });
    expect(reversed).toMatchObject({ status: 'Reversed', unallocated: '0.00' });
    expect((await itemOf(a.id)).remaining).toBe('8000');
    const audit = await sql1<{ n: number }>(sql`select count(*)::int as n from audit_log where record_id = ${paid.id}`);
    expect(audit[0]!.n).toBeGreaterThanOrEqual(3);
    await invariants();
  });

  it('settles an invoice with a credit note in the same payment, and refuses more than an item has left', async () => {
    const party = await newParty(side);
    const a = await invoice(side, party, '100.00', '2026-04-01');
    const cn = await creditNote(side, party, '30.00', '2026-04-05');
    const [ia, icn] = [await itemOf(a.id), await itemOf(cn.id)];
    const over = await api('POST', `${paymentsOf(side)}/post`, { bank: banks.USD, party, documentDate: '2026-04-10', amount: '80.00', description: 'Too much', allocations: [{ openItem: ia.id, amount: '101.00' }] });
    expect(over.status).toBe(422);
    expect(over.body.message).toMatch(/^allocations\.0\.amount: invoice .* has 100\.00 left/);
    const paid = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, { bank: banks.USD, party, documentDate: '2026-04-10', amount: '70.00', description: 'Net of credit', allocations: [{ openItem: ia.id, amount: '100.00' }, { openItem: icn.id, amount: '30.00' }] });
    expect(paid).toMatchObject({ allocated: '70.00', unallocated: '0.00' });
    expect([(await itemOf(a.id)).remaining, (await itemOf(cn.id)).remaining]).toEqual(['0', '0']);
    // The direct post answers its lines from memory (not read back): the same view as reading the payment.
    expect(paid.allocations.map((x) => x.itemKind)).toEqual(['Invoice', 'CreditNote']);
    expect(paid).toEqual(await ok<PaymentView>('GET', `${paymentsOf(side)}/${paid.id}`));
    await invariants();
  });

  it('takes the early-payment discount by its date through the profile, refuses it after; writes off a remainder within the tolerance', async () => {
    const party = await newParty(side);
    const instalments = [{ dueDate: '2026-05-31', amount: '100.00', discountDate: '2026-05-10', discountAmount: '2.00' }];
    const a = await invoice(side, party, '100.00', '2026-05-01', { instalments });
    const b = await invoice(side, party, '100.00', '2026-05-01', { instalments });
    const [ia, ib] = [await itemOf(a.id), await itemOf(b.id)];
    const late = await api('POST', `${paymentsOf(side)}/post`, { bank: banks.USD, party, documentDate: '2026-05-11', amount: '98.00', description: 'Late', allocations: [{ openItem: ia.id, amount: '98.00', discount: '2.00' }] });
    expect(late.status).toBe(422);
    expect(late.body.message).toContain('offers no discount on 2026-05-11 (its discount date was 2026-05-10)');
    const paid = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, { bank: banks.USD, party, documentDate: '2026-05-09', amount: '98.00', description: 'On time', allocations: [{ openItem: ia.id, amount: '98.00', discount: '2.00' }] });
    expect((await itemOf(a.id)).remaining).toBe('0');
    const lines = await entryOf(paid.journal!);
    const discountCode = side === 'payables' ? '4900' : '6900';
    expect(lines.find((l) => l.code === discountCode)).toMatchObject(bankDebit ? { debit: '200', credit: '0' } : { debit: '0', credit: '200' });
    const tooMuch = await api('POST', `${paymentsOf(side)}/post`, { bank: banks.USD, party, documentDate: '2026-05-20', amount: '99.90', description: 'Short', allocations: [{ openItem: ib.id, amount: '99.90', writeOff: '0.10' }] });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toContain('more than the write-off tolerance of 0.05');
    const short = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, { bank: banks.USD, party, documentDate: '2026-05-20', amount: '99.97', description: 'Short', allocations: [{ openItem: ib.id, amount: '99.97', writeOff: '0.03' }] });
    expect((await itemOf(b.id)).remaining).toBe('0');
    expect((await entryOf(short.journal!)).find((l) => l.code === '6900')).toMatchObject(bankDebit ? { debit: '3' } : { credit: '3' });
    // Discount and write-off lines answered from memory read the same as stored.
    expect(paid).toEqual(await ok<PaymentView>('GET', `${paymentsOf(side)}/${paid.id}`));
    expect(short).toEqual(await ok<PaymentView>('GET', `${paymentsOf(side)}/${short.id}`));
    await invariants();
  });

  it('posts the realised exchange gain or loss when the payment’s rate differs from the invoice’s', async () => {
    const party = await newParty(side);
    // EUR 100 at 1.1 (February) is 110.00 in base; paid in July at 1.2: the bank moves 120.00.
    const a = await invoice(side, party, '100.00', '2026-02-01', { currency: 'EUR' });
    const ia = await itemOf(a.id);
    const paid = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, { bank: banks.EUR, party, documentDate: '2026-07-01', amount: '100.00', description: 'EUR', allocations: [{ openItem: ia.id, amount: '100.00' }] });
    expect(paid).toMatchObject({ currency: 'EUR', rate: '1.2' });
    const lines = await entryOf(paid.journal!);
    const control = face.control === 'Payables' ? '2000' : '1100';
    expect(lines.find((l) => l.code === control)).toMatchObject(bankDebit ? { credit: '10000', base_credit: '11000' } : { debit: '10000', base_debit: '11000' });
    // A receipt worth more than the invoice in base is a gain; a payment costing more is a loss.
    if (bankDebit) expect(lines.find((l) => l.code === '4910')).toMatchObject({ debit: '0', credit: '0', base_credit: '1000' });
    else expect(lines.find((l) => l.code === '7100')).toMatchObject({ debit: '0', credit: '0', base_debit: '1000' });
    await invariants();
    // Reversed: the party's base balance is what the invoice put there again.
    await ok('POST', `${paymentsOf(side)}/${paid.id}/reverse`, { date: '2026-07-02' });
    expect((await itemOf(a.id)).remaining).toBe('10000');
    await invariants();
  });

  it('proposes: a reference match first, then an amount match, then the oldest due; credits used as far as needed', async () => {
    const party = await newParty(side);
    const old = await invoice(side, party, '50.00', '2026-01-05');
    const mid = await invoice(side, party, '70.00', '2026-01-06');
    const ref = await invoice(side, party, '40.00', '2026-01-07', { reference: 'PO-77' });
    const q = (amount: string, reference = '') => ok<Proposal>('GET', `${paymentsOf(side)}/proposal?party=${party}&currency=USD&amount=${amount}&date=2026-02-01${reference ? `&reference=${reference}` : ''}`);
    const oldest = await q('60.00');
    expect(oldest.lines.map((l) => [l.invoice, l.amount])).toEqual([[old.id, '50.00'], [mid.id, '10.00']]);
    const byAmount = await q('70.00');
    expect(byAmount.lines.map((l) => [l.invoice, l.amount, l.matched])).toEqual([[mid.id, '70.00', 'amount']]);
    const byRef = await q('45.00', 'PO-77');
    expect(byRef.lines.map((l) => [l.invoice, l.amount, l.matched])).toEqual([[ref.id, '40.00', 'reference'], [old.id, '5.00', null]]);
    const over = await q('200.00');
    expect(over).toMatchObject({ openItems: 3, unallocated: '40.00' });
    const cn = await creditNote(side, party, '20.00', '2026-01-08');
    const withCredit = await q('150.00');
    expect(withCredit.lines.map((l) => [l.invoice, l.amount])).toEqual([[cn.id, '10.00'], [old.id, '50.00'], [mid.id, '70.00'], [ref.id, '40.00']]);
    expect(withCredit.unallocated).toBe('0.00');
    // The proposal posts as proposed.
    const paid = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, { bank: banks.USD, party, documentDate: '2026-02-01', amount: '150.00', description: 'Proposed', allocations: withCredit.lines.map((l) => ({ openItem: l.openItem, amount: l.amount, discount: l.discount })) });
    expect(paid).toMatchObject({ allocated: '150.00', unallocated: '0.00' });
    await invariants();
  });
});

describe('a draft names its own open items', () => {
  it('refuses an open item that is not the party’s (or does not exist) when the draft is saved, naming the line', async () => {
    const side: Side = 'receivables';
    const [p1, p2] = [await newParty(side), await newParty(side)];
    const other = await invoice(side, p2, '10.00', '2026-01-10');
    const item = await itemOf(other.id);
    for (const openItem of [item.id, '00000000-0000-4000-8000-000000000099']) {
      const res = await api('POST', paymentsOf(side), { bank: banks.USD, party: p1, documentDate: '2026-03-01', amount: '10.00', description: 'Wrong item', allocations: [{ openItem, amount: '10.00' }] });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("allocations.0.openItem: the open item is not one of this customer's in USD");
    }
  });
});
