// Refunds (issue 16: "a credit balance can be refunded to the party"): a payment of kind Refund through
// the payments engine. A customer's receipt kept on account or open credit note is paid back from our
// bank; a vendor's payment on account or open credit note is paid back to us. Each posts ONE entry (the
// control account with the party against the bank, the other way from a receipt or payment), with the
// realised exchange difference when the credits' rates differ; reversing it restores the credits. The
// refusals (more than the credit, a party on hold, a wrong currency, an invoice, another tenant's
// payment...) change nothing. After each: open items, payments on account, party balances and the
// tie-out agree (expectInvariants), the ageing and the statement read the refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  faces,
  paymentFaces,
  sides,
  type AgeingReport,
  type EntityRecord,
  type InvoiceView,
  type PartyStatement,
  type PaymentListItem,
  type PaymentView,
  type RefundProposal,
  type Side,
} from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectInvariants, paymentWorld, type PaymentWorld } from './payment-world';

let t: TestApp;
let w: PaymentWorld;
let other: PaymentWorld;
const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => w.api<T>(method, url, body);
const ok = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => w.ok<T>(method, url, body);
const acct = (code: string) => w.acct(code);
const sql1 = <T>(q: ReturnType<typeof sql>) => w.query<T>(q);

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'REFUNDS');
  other = await paymentWorld(t, 'REFUNDS2');
});
afterAll(() => t.close());

let partyNo = 0;
async function newParty(side: Side, world = w): Promise<string> {
  const face = faces[side];
  const group = (await world.ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items.find((g) => g.code === 'LOCAL')!;
  partyNo += 1;
  return (await world.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code: `RF${partyNo}`, name: `Party ${partyNo}`, group: group.id })).id;
}
const lineAccount = (side: Side) => acct(side === 'payables' ? '6100' : '4000');
async function invoice(side: Side, party: string, amount: string, date: string, extra: object = {}): Promise<InvoiceView> {
  const face = faces[side];
  return ok<InvoiceView>('POST', `/${face.service}/${face.partyWord}-invoices/post`, { party, documentDate: date, description: `Invoice ${amount}`, lines: [{ account: lineAccount(side), quantity: '1', unitPrice: amount }], ...extra });
}
async function creditNote(side: Side, party: string, amount: string, date: string, extra: object = {}): Promise<InvoiceView> {
  const face = faces[side];
  const draft = await ok<InvoiceView>('POST', `/${face.service}/${face.partyWord}-credit-notes`, { party, documentDate: date, description: `Credit ${amount}`, lines: [{ account: lineAccount(side), quantity: '1', unitPrice: amount }], ...extra });
  return ok<InvoiceView>('POST', `/${face.service}/${face.partyWord}-credit-notes/${draft.id}/post`);
}
const itemOf = async (invoiceId: string) => (await sql1<{ id: string; remaining: string }>(sql`select id, remaining_minor::text as remaining from open_items where invoice_id = ${invoiceId}::uuid order by line`))[0]!;
const paymentsOf = (side: Side) => `/${faces[side].service}/${faces[side].partyWord}-payments`;
const unallocatedOf = async (side: Side, id: string) => (await ok<PaymentView>('GET', `${paymentsOf(side)}/${id}`)).unallocated;
async function entryOf(journalId: string) {
  return sql1<{ code: string; debit: string; credit: string; base_debit: string; base_credit: string; party: boolean }>(
    sql`select a.code, l.debit_minor::text as debit, l.credit_minor::text as credit, l.base_debit_minor::text as base_debit, l.base_credit_minor::text as base_credit, l.party_id is not null as party
      from ledger_entries l join accounts a on a.id = l.account_id where l.journal_id = ${journalId}::uuid order by l.line_no`,
  );
}
/** What the company's books hold: journals, payments and allocations (a refusal changes none of them). */
const footprint = async () => (await sql1<{ n: string }>(sql`select (select count(*) from journals)::text || '/' || (select count(*) from payments)::text || '/' || (select count(*) from payment_allocations)::text
  || '/' || (select coalesce(sum(unallocated_minor), 0) from payments)::text || '/' || (select coalesce(sum(remaining_minor), 0) from open_items)::text as n`))[0]!.n;
const invariants = () => expectInvariants(w);

describe.each(sides)('%s refunds', (side) => {
  const pf = paymentFaces[side];
  const face = faces[side];
  const control = face.control === 'Payables' ? '2000' : '1100';
  // A refund moves the bank the other way from the face's payment: a customer refund credits the bank, a vendor's debits it.
  const refundDebitsBank = pf.bankSide === 'credit';
  const bankLine = (minor: string) => (refundDebitsBank ? { debit: minor, credit: '0' } : { debit: '0', credit: minor });
  const controlLine = (minor: string) => (refundDebitsBank ? { debit: '0', credit: minor } : { debit: minor, credit: '0' });

  it('refunds part of a payment kept on account: bank against the control account with the party; reversal puts it back on account', async () => {
    const party = await newParty(side);
    const inv = await invoice(side, party, '100.00', '2026-03-01');
    const paid = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, {
      bank: w.banks.USD, party, documentDate: '2026-03-10', amount: '150.00', description: 'Over-payment', allocations: [{ openItem: (await itemOf(inv.id)).id, amount: '100.00' }],
    });
    expect(paid.unallocated).toBe('50.00');
    const proposal = await ok<RefundProposal>('GET', `${paymentsOf(side)}/refund-proposal?party=${party}&currency=USD&amount=30`);
    expect(proposal).toMatchObject({ available: '50.00', amount: '30.00', lines: [{ itemKind: 'OnAccount', payment: paid.id, openItem: null, number: paid.number, remaining: '50.00', amount: '30.00' }] });
    const refund = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, {
      kind: 'Refund', bank: w.banks.USD, party, documentDate: '2026-04-01', amount: '30.00', method: 'Transfer', description: 'Refund of the over-payment', onAccount: [{ payment: paid.id, amount: '30.00' }],
    });
    expect(refund).toMatchObject({ kind: 'Refund', status: 'Posted', amount: '30.00', allocated: '30.00', unallocated: '0.00' });
    expect(refund.allocations).toEqual([expect.objectContaining({ lineNo: 1, itemKind: 'OnAccount', payment: paid.id, openItem: null, invoiceNumber: paid.number, amount: '30.00', status: 'Active' })]);
    // Money leaving the bank by transfer takes the bank's next transfer number: a customer refund does, a vendor's refund (money in) does not.
    expect(refund.bankNumber === null).toBe(side === 'payables');
    expect(await unallocatedOf(side, paid.id)).toBe('20.00');
    const lines = await entryOf(refund.journal!);
    expect(lines.map((l) => [l.code, l.debit, l.credit, l.party])).toEqual([
      ['1020', bankLine('3000').debit, bankLine('3000').credit, false],
      [control, controlLine('3000').debit, controlLine('3000').credit, true],
    ]);
    await invariants();
    // The ageing as of each day: 50.00 on account before the refund, 20.00 after it (signed as owed: a credit).
    const aged = async (asOf: string) => (await ok<AgeingReport>('GET', `/${face.service}/${face.partyWord}-ageing?asOf=${asOf}&party=${party}`)).rows.map((r) => [r.total, r.baseTotal]);
    expect(await aged('2026-03-31')).toEqual([['-50.00', '-50.00']]);
    expect(await aged('2026-04-01')).toEqual([['-20.00', '-20.00']]);
    // The lists tell a refund from a payment.
    const list = await ok<{ items: PaymentListItem[] }>('GET', `${paymentsOf(side)}?party=${party}&limit=10`);
    expect(list.items.map((i) => [i.number, i.kind]).sort()).toEqual([[paid.number, 'Payment'], [refund.number, 'Refund']].sort());
    expect((await ok<{ items: PaymentListItem[] }>('GET', `${paymentsOf(side)}?party=${party}&kind=Refund`)).items.map((i) => i.id)).toEqual([refund.id]);
    // The receipt or payment whose amount was refunded is not reversed while the refund stands; nothing changes.
    const before = await footprint();
    const blocked = await api('POST', `${paymentsOf(side)}/${paid.id}/reverse`, { date: '2026-04-02' });
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toBe(`Refund ${refund.number} returned part of this ${pf.noun}'s amount on account: reverse the refund first`);
    expect(await footprint()).toBe(before);
    // A refund is neither allocated nor un-allocated.
    expect((await api('POST', `${paymentsOf(side)}/${refund.id}/unallocate`, { lines: [1] })).body.message).toMatch(/^Refund .* returns exactly its credits/);
    expect((await api('POST', `${paymentsOf(side)}/${refund.id}/allocate`, { allocations: [{ openItem: (await itemOf(inv.id)).id, amount: '1.00' }] })).body.message).toMatch(/^Refund .* returns exactly its credits/);
    // Neither the refund nor the payment it drew on is marked failed (a failure reverses the payment).
    const failed = (payment: string) => api('POST', '/ar/failed-payments', { side, payment, reason: 'Other', failedDate: '2026-04-02' });
    expect((await failed(refund.id)).body.message).toMatch(/is a refund: a returned refund is reversed \(its credits come back\), not marked failed$/);
    expect((await failed(paid.id)).body.message).toBe(`Refund ${refund.number} returned part of this ${pf.noun}'s amount on account: reverse the refund first`);
    expect(await footprint()).toBe(before);
    // Reversed: the amount is back on account, and the payment can then be reversed.
    await ok('POST', `${paymentsOf(side)}/${refund.id}/reverse`, { date: '2026-04-05' });
    expect(await unallocatedOf(side, paid.id)).toBe('50.00');
    expect((await ok<PaymentView>('GET', `${paymentsOf(side)}/${refund.id}`)).allocations[0]).toMatchObject({ status: 'Reversed' });
    expect(await aged('2026-04-01')).toEqual([['-20.00', '-20.00']]);
    expect(await aged('2026-04-05')).toEqual([['-50.00', '-50.00']]);
    await invariants();
    await ok('POST', `${paymentsOf(side)}/${paid.id}/reverse`, { date: '2026-04-06' });
    expect((await itemOf(inv.id)).remaining).toBe('10000');
    await invariants();
  });

  it('refunds an open credit note through a saved draft; the statement reads "Refund" and the ageing has nothing left', async () => {
    const party = await newParty(side);
    const cn = await creditNote(side, party, '40.00', '2026-05-02');
    const item = await itemOf(cn.id);
    expect(item.remaining).toBe('-4000');
    const proposal = await ok<RefundProposal>('GET', `${paymentsOf(side)}/refund-proposal?party=${party}&currency=USD`);
    expect(proposal).toMatchObject({ available: '40.00', amount: '40.00', lines: [{ itemKind: 'CreditNote', openItem: item.id, payment: null, number: cn.number, amount: '40.00' }] });
    const draft = await ok<PaymentView>('POST', paymentsOf(side), {
      kind: 'Refund', bank: w.banks.USD, party, documentDate: '2026-05-20', amount: '40.00', method: 'Cheque', description: 'Credit note refunded', allocations: [{ openItem: item.id, amount: '40.00' }],
    });
    expect(draft).toMatchObject({ kind: 'Refund', status: 'Draft', allocated: '40.00', unallocated: '0.00' });
    const refund = await ok<PaymentView>('POST', `${paymentsOf(side)}/${draft.id}/post`);
    expect(refund).toMatchObject({ kind: 'Refund', status: 'Posted' });
    expect((await itemOf(cn.id)).remaining).toBe('0');
    const lines = await entryOf(refund.journal!);
    expect(lines.map((l) => [l.code, l.debit, l.credit, l.party])).toEqual([
      ['1020', bankLine('4000').debit, bankLine('4000').credit, false],
      [control, controlLine('4000').debit, controlLine('4000').credit, true],
    ]);
    await invariants();
    const statement = await ok<PartyStatement>('GET', `/${face.service}/${face.partyWord}-statement?party=${party}&from=2026-05-01&to=2026-05-31`);
    const section = statement.sections[0]!;
    expect(section.lines.map((l) => [l.kind, l.documentNumber, l.balance])).toEqual([['Credit note', cn.number, '-40.00'], ['Refund', refund.number, '0.00']]);
    expect(section.closing).toBe('0.00');
    const ageing = await ok<AgeingReport>('GET', `/${face.service}/${face.partyWord}-ageing?asOf=2026-05-31&party=${party}`);
    expect(ageing.rows).toEqual([]);
    // Before the refund the credit note was owed back (negative).
    const before = await ok<AgeingReport>('GET', `/${face.service}/${face.partyWord}-ageing?asOf=2026-05-19&party=${party}`);
    expect(before.rows).toHaveLength(1);
    // Reversed: the credit note is open again.
    await ok('POST', `${paymentsOf(side)}/${refund.id}/reverse`, { date: '2026-05-25' });
    expect((await itemOf(cn.id)).remaining).toBe('-4000');
    await invariants();
  });

  it('refunds a credit note and an amount on account together in EUR at another rate: the realised difference in the same entry', async () => {
    const party = await newParty(side);
    // EUR at 1.1 before June, 1.2 from June: a credit of EUR 100 from February (110.00 in base) and EUR 50 on account from March (55.00).
    const cn = await creditNote(side, party, '100.00', '2026-02-01', { currency: 'EUR' });
    const paid = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, { bank: w.banks.EUR, party, documentDate: '2026-03-01', amount: '50.00', description: 'On account' });
    expect(paid).toMatchObject({ rate: '1.1', unallocated: '50.00' });
    const proposal = await ok<RefundProposal>('GET', `${paymentsOf(side)}/refund-proposal?party=${party}&currency=EUR`);
    expect(proposal.lines.map((l) => [l.itemKind, l.amount])).toEqual([['CreditNote', '100.00'], ['OnAccount', '50.00']]);
    const refund = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, {
      kind: 'Refund', bank: w.banks.EUR, party, documentDate: '2026-07-01', amount: '150.00', description: 'EUR refund',
      allocations: [{ openItem: (await itemOf(cn.id)).id, amount: '100.00' }], onAccount: [{ payment: paid.id, amount: '50.00' }],
    });
    expect(refund).toMatchObject({ rate: '1.2', allocated: '150.00', unallocated: '0.00' });
    const lines = await entryOf(refund.journal!);
    // The bank moves EUR 150 at 1.2 = 180.00; the credits carried 110.00 + 55.00 = 165.00: 15.00 realised.
    expect(lines.find((l) => l.code === '1020')).toMatchObject(refundDebitsBank ? { debit: '15000', base_debit: '18000' } : { credit: '15000', base_credit: '18000' });
    const controls = lines.filter((l) => l.code === control);
    expect(controls.reduce((s, l) => s + BigInt(refundDebitsBank ? l.base_credit : l.base_debit), 0n)).toBe(16500n);
    // Paying back a customer more base than the credit carried is a loss; a vendor paying us back more is a gain.
    if (refundDebitsBank) expect(lines.find((l) => l.code === '4910')).toMatchObject({ debit: '0', credit: '0', base_credit: '1500' });
    else expect(lines.find((l) => l.code === '7100')).toMatchObject({ debit: '0', credit: '0', base_debit: '1500' });
    await invariants();
    await ok('POST', `${paymentsOf(side)}/${refund.id}/reverse`, { date: '2026-07-02' });
    expect((await itemOf(cn.id)).remaining).toBe('-10000');
    expect(await unallocatedOf(side, paid.id)).toBe('50.00');
    await invariants();
  });

  it('refuses more than the credit, a party on hold, a wrong currency, an invoice, a plain payment returning amounts on account: nothing changes', async () => {
    const party = await newParty(side);
    const inv = await invoice(side, party, '80.00', '2026-03-01');
    const cn = await creditNote(side, party, '25.00', '2026-03-02');
    const paid = await ok<PaymentView>('POST', `${paymentsOf(side)}/post`, { bank: w.banks.USD, party, documentDate: '2026-03-05', amount: '10.00', description: 'On account' });
    const cnItem = (await itemOf(cn.id)).id;
    const refund = (extra: object) => ({ kind: 'Refund', bank: w.banks.USD, party, documentDate: '2026-03-20', description: 'Refused', ...extra });
    const before = await footprint();
    const refused: [object, string][] = [
      // More than the credit: beyond a line's credit, beyond what the lines return, nothing named.
      [refund({ amount: '30.00', allocations: [{ openItem: cnItem, amount: '30.00' }] }), `allocations.0.amount: credit note ${cn.number} has 25.00 left: the allocation settles 30.00`],
      [refund({ amount: '20.00', onAccount: [{ payment: paid.id, amount: '20.00' }] }), `onAccount.0.amount: ${pf.noun} ${paid.number} has 10.00 on account: the refund returns 20.00`],
      [refund({ amount: '40.00', allocations: [{ openItem: cnItem, amount: '25.00' }], onAccount: [{ payment: paid.id, amount: '10.00' }] }), 'amount: the refund of 40.00 is more than the credits its lines return (35.00): a refund never returns more than the credit available'],
      [refund({ amount: '5.00' }), `allocations: a refund returns the ${face.partyWord}'s credits: name its open credit notes or its ${pf.noun}s on account`],
      // An invoice is owed, not a credit.
      [refund({ amount: '5.00', allocations: [{ openItem: (await itemOf(inv.id)).id, amount: '5.00' }] }), `allocations.0.openItem: a refund returns credits: invoice ${inv.number} is owed, settle it with a ${pf.noun}`],
      // Wrong currency: the EUR bank's refund names USD credits.
      [refund({ bank: w.banks.EUR, amount: '10.00', onAccount: [{ payment: paid.id, amount: '10.00' }] }), `onAccount.0.payment: the payment is not one of this ${face.partyWord}'s ${pf.noun}s in EUR`],
      [refund({ bank: w.banks.EUR, amount: '10.00', allocations: [{ openItem: cnItem, amount: '10.00' }] }), `allocations.0.openItem: the open item is not one of this ${face.partyWord}'s in EUR`],
      // A payment returns no amounts on account.
      [{ ...refund({ amount: '10.00', onAccount: [{ payment: paid.id, amount: '10.00' }] }), kind: 'Payment' }, `onAccount: a ${pf.noun} returns no amounts on account: make it a refund`],
    ];
    for (const [body, message] of refused) {
      const res = await api('POST', `${paymentsOf(side)}/post`, body);
      expect(res.status, message).toBe(422);
      expect(res.body.message).toBe(message);
    }
    const tooMuch = await api('GET', `${paymentsOf(side)}/refund-proposal?party=${party}&currency=USD&amount=35.01`);
    expect(tooMuch).toMatchObject({ status: 422, body: { message: `amount: the ${face.partyWord} has 35.00 USD of credit to refund, not 35.01` } });
    expect(await footprint()).toBe(before);
    // On hold: refused at posting, the draft left as it was.
    const draft = await ok<PaymentView>('POST', paymentsOf(side), refund({ amount: '10.00', onAccount: [{ payment: paid.id, amount: '10.00' }] }));
    const record = await ok<EntityRecord>('GET', `/${face.service}/${face.partyWord}s/${party}`);
    await ok('PUT', `/${face.service}/${face.partyWord}s/${party}`, { ...record, onHold: true });
    const held = await footprint();
    const onHold = await api('POST', `${paymentsOf(side)}/${draft.id}/post`);
    expect(onHold.status).toBe(422);
    expect(onHold.body.message).toMatch(/is on hold/);
    expect(await footprint()).toBe(held);
    await ok('PUT', `/${face.service}/${face.partyWord}s/${party}`, { ...record, onHold: false });
    expect(await ok<PaymentView>('POST', `${paymentsOf(side)}/${draft.id}/post`)).toMatchObject({ status: 'Posted', kind: 'Refund' });
    expect(await unallocatedOf(side, paid.id)).toBe('0.00');
    // Nothing more on account: a second refund of it is refused.
    const again = await api('POST', `${paymentsOf(side)}/post`, refund({ amount: '1.00', onAccount: [{ payment: paid.id, amount: '1.00' }] }));
    expect(again.body.message).toBe(`onAccount.0.payment: ${pf.noun} ${paid.number} has nothing on account`);
    await invariants();
  });
});

describe('refunds are tenant-isolated', () => {
  it("refuses another tenant's payment or credit note as a refund's line, and proposes none of its credits", async () => {
    const side: Side = 'receivables';
    const theirs = await newParty(side, other);
    const theirPayment = await other.ok<PaymentView>('POST', `${paymentsOf(side)}/post`, { bank: other.banks.USD, party: theirs, documentDate: '2026-03-05', amount: '10.00', description: 'Theirs on account' });
    const mine = await newParty(side);
    const before = await footprint();
    const res = await api('POST', `${paymentsOf(side)}/post`, { kind: 'Refund', bank: w.banks.USD, party: mine, documentDate: '2026-03-20', amount: '10.00', description: 'Not mine', onAccount: [{ payment: theirPayment.id, amount: '10.00' }] });
    expect(res).toMatchObject({ status: 422, body: { message: "onAccount.0.payment: the payment is not one of this customer's receipts in USD" } });
    const draft = await other.ok<InvoiceView>('POST', '/ar/customer-credit-notes', { party: theirs, documentDate: '2026-03-02', description: 'Their credit', lines: [{ account: other.acct('4000'), quantity: '1', unitPrice: '5.00' }] });
    await other.ok('POST', `/ar/customer-credit-notes/${draft.id}/post`);
    const [theirItem] = await other.query<{ id: string }>(sql`select id from open_items where invoice_id = ${draft.id}::uuid`);
    const viaItem = await api('POST', `${paymentsOf(side)}/post`, { kind: 'Refund', bank: w.banks.USD, party: mine, documentDate: '2026-03-20', amount: '5.00', description: 'Not mine', allocations: [{ openItem: theirItem!.id, amount: '5.00' }] });
    expect(viaItem).toMatchObject({ status: 422, body: { message: "allocations.0.openItem: the open item is not one of this customer's in USD" } });
    expect(await footprint()).toBe(before);
    expect((await other.ok<PaymentView>('GET', `${paymentsOf(side)}/${theirPayment.id}`)).unallocated).toBe('10.00');
    const proposal = await api<RefundProposal>('GET', `${paymentsOf(side)}/refund-proposal?party=${theirs}&currency=USD`);
    expect(proposal).toMatchObject({ status: 200, body: { available: '0.00', lines: [] } });
  });
});
