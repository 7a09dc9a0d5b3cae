// Payments under approval (issue 16): with a CustomerPaymentApproval workflow a receipt is refused
// direct posting, submitted, and posted by the approver's Post inside the approval; its task says what
// it is about (the /journal link target). With a VendorPaymentReversalApproval workflow a posted payment
// is refused direct reversal, submitted (through the engine's submissions) and reversed by the approver's
// Reverse, its invoice reopened. Without workflows, a role with the Edit label posts and reverses directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faces, type DocumentEntry, type EntityRecord, type Face, type InstanceView, type InvoiceView, type PaymentView, type TaskDetail } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { approvalWorld, ok, taskOf, users, workflow, type World } from '../workflow/running-setup';

let t: TestApp;
let w: World;
let bank: string;
const acct = (code: string) => w.books.accounts.get(code)!.id;

async function party(face: Face, code: string): Promise<string> {
  const groups = await ok<{ items: EntityRecord[] }>(w, 'Admin', 'GET', `/${face.service}/${face.partyWord}-groups?limit=50`);
  return (await ok<EntityRecord>(w, 'Admin', 'POST', `/${face.service}/${face.partyWord}s`, { code, name: code, group: groups.items.find((g) => g.code === 'LOCAL')!.id })).id;
}
async function openItem(face: Face, partyId: string, amount: string): Promise<{ invoice: string; item: string }> {
  const inv = await ok<InvoiceView>(w, 'Admin', 'POST', `/${face.service}/${face.partyWord}-invoices/post`, { party: partyId, documentDate: '2026-02-10', description: 'To pay', lines: [{ account: acct(face.side === 'payables' ? '6100' : '4000'), unitPrice: amount }] });
  const items = await ok<{ items: { openItem: string; invoice: string }[] }>(w, 'Admin', 'GET', `/${face.service}/${face.partyWord}-payments/open-items?party=${partyId}`);
  return { invoice: inv.id, item: items.items.find((i) => i.invoice === inv.id)!.openItem };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t, 'PAYAPPROVE');
  const usd = (await ok<{ items: EntityRecord[] }>(w, 'Admin', 'GET', '/gl/currencies?limit=100')).items.find((c) => c.code === 'USD')!;
  const group = await ok<EntityRecord>(w, 'Admin', 'POST', '/cm/bank-groups', { code: 'OPS', name: 'Operating' });
  bank = (await ok<EntityRecord>(w, 'Admin', 'POST', '/cm/banks', { code: 'MAIN', name: 'Main', bankGroup: group.id, account: acct('1020'), currency: usd.id, accountNumber: '0123456789' })).id;
});
afterAll(() => t.close());

describe('CustomerPaymentApproval', () => {
  it('posts a submitted receipt when the approver approves (Post), inside the approval; the task names the receipt', async () => {
    const face = faces.receivables;
    const customer = await party(face, 'C-APPROVE');
    const { item } = await openItem(face, customer, '120.00');
    // Without a workflow, a role with EditCustomerPayment posts directly.
    const direct = await ok<PaymentView>(w, 'Admin', 'POST', '/ar/customer-payments/post', { bank, party: customer, documentDate: '2026-03-01', amount: '20.00', description: 'Direct', allocations: [{ openItem: item, amount: '20.00' }] });
    expect(direct.status).toBe('Posted');
    await workflow(w, { approvalType: 'CustomerPaymentApproval', name: 'Receipts', steps: [{ name: 'Bob posts', operation: 'Post', assignees: users([w.id.Bob]) }] });
    const body = { bank, party: customer, documentDate: '2026-03-02', amount: '100.00', description: 'Under approval', allocations: [{ openItem: item, amount: '100.00' }] };
    const draft = await ok<PaymentView>(w, 'Admin', 'POST', '/ar/customer-payments', body);
    expect(await w.as('Admin')('POST', `/ar/customer-payments/${draft.id}/post`)).toMatchObject({ status: 422, body: { message: 'This customer receipt needs approval: submit it' } });
    expect(await w.as('Admin')('POST', '/ar/customer-payments/post', body)).toMatchObject({ status: 422, body: { message: 'This customer receipt needs approval: submit it' } });
    const instance = await ok<InstanceView>(w, 'Admin', 'POST', `/ar/customer-payments/${draft.id}/submit`, { comment: 'Please post' });
    const task = taskOf(instance, w.id.Bob);
    const detail = await ok<TaskDetail>(w, 'Bob', 'GET', `/workflow/tasks/${task}`);
    expect(JSON.stringify(detail)).toContain('Customer receipt (draft): C-APPROVE C-APPROVE, 100.00 USD from bank MAIN on 2026-03-02');
    expect(detail.task.link).toBe(`/journal?id=${draft.id}&approval=CustomerPaymentApproval`);
    // What /journal shows Bob: the entry posting will write (staged and rolled back: no number taken, the item still open).
    const preview = await ok<DocumentEntry>(w, 'Bob', 'GET', `/ar/customer-payments/${draft.id}/entry`);
    expect(preview).toMatchObject({ posted: false, journal: null, journalNumber: null, date: '2026-03-02' });
    const rows = (e: DocumentEntry) => e.lines.map((l) => [l.accountCode, l.debit, l.credit, l.party]);
    expect(rows(preview)).toEqual([['1020', '100.00', '0.00', null], [expect.any(String), '0.00', '100.00', 'C-APPROVE · C-APPROVE']]);
    expect((await ok<{ items: { openItem: string; remaining: string }[] }>(w, 'Admin', 'GET', `/ar/customer-payments/open-items?party=${customer}`)).items.find((i) => i.openItem === item)).toMatchObject({ remaining: '100.00' });
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${task}/approve`, { comment: 'Fine' });
    const posted = await ok<PaymentView>(w, 'Admin', 'GET', `/ar/customer-payments/${draft.id}`);
    expect(posted).toMatchObject({ status: 'Posted', number: 'CP2026-000002', allocated: '100.00', unallocated: '0.00' });
    const entry = await ok<DocumentEntry>(w, 'Bob', 'GET', `/ar/customer-payments/${draft.id}/entry`);
    expect(entry).toMatchObject({ posted: true, journal: posted.journal, date: '2026-03-02' });
    expect(entry.journalNumber).toBeTruthy();
    expect(rows(entry)).toEqual(rows(preview));
  });

  it('takes a refund to the customer through the same approval (our choice): refused direct posting, posted by the approver', async () => {
    const face = faces.receivables;
    const customer = await party(face, 'C-REFUND');
    // A receipt of 30.00 with nothing to pay stays on account (the workflow of the test above governs receipts: Bob posts it).
    const onAccount = await ok<PaymentView>(w, 'Admin', 'POST', '/ar/customer-payments', { bank, party: customer, documentDate: '2026-03-03', amount: '30.00', description: 'On account' });
    const first = await ok<InstanceView>(w, 'Admin', 'POST', `/ar/customer-payments/${onAccount.id}/submit`, {});
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${taskOf(first, w.id.Bob)}/approve`, {});
    expect(await ok<PaymentView>(w, 'Admin', 'GET', `/ar/customer-payments/${onAccount.id}`)).toMatchObject({ status: 'Posted', unallocated: '30.00' });
    const body = { kind: 'Refund', bank, party: customer, documentDate: '2026-03-04', amount: '30.00', description: 'Refund', onAccount: [{ payment: onAccount.id, amount: '30.00' }] };
    expect(await w.as('Admin')('POST', '/ar/customer-payments/post', body)).toMatchObject({ status: 422, body: { message: 'This customer receipt needs approval: submit it' } });
    const draft = await ok<PaymentView>(w, 'Admin', 'POST', '/ar/customer-payments', body);
    const instance = await ok<InstanceView>(w, 'Admin', 'POST', `/ar/customer-payments/${draft.id}/submit`, {});
    const task = taskOf(instance, w.id.Bob);
    const detail = await ok<TaskDetail>(w, 'Bob', 'GET', `/workflow/tasks/${task}`);
    expect(JSON.stringify(detail)).toContain('Refund to the customer (draft): C-REFUND C-REFUND, 30.00 USD through bank MAIN on 2026-03-04');
    // The entry it will post: the bank credited, the customer's control account debited.
    const preview = await ok<DocumentEntry>(w, 'Bob', 'GET', `/ar/customer-payments/${draft.id}/entry`);
    expect(preview.lines.map((l) => [l.accountCode, l.debit, l.credit, l.party])).toEqual([['1020', '0.00', '30.00', null], [expect.any(String), '30.00', '0.00', 'C-REFUND · C-REFUND']]);
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${task}/approve`, {});
    expect(await ok<PaymentView>(w, 'Admin', 'GET', `/ar/customer-payments/${draft.id}`)).toMatchObject({ kind: 'Refund', status: 'Posted', allocated: '30.00' });
    expect((await ok<PaymentView>(w, 'Admin', 'GET', `/ar/customer-payments/${onAccount.id}`)).unallocated).toBe('0.00');
  });
});

describe('VendorPaymentReversalApproval', () => {
  it('reverses a posted payment when the approver approves (Reverse); direct reversal is refused while the workflow is active', async () => {
    const face = faces.payables;
    const vendor = await party(face, 'V-REVERSE');
    const { invoice, item } = await openItem(face, vendor, '75.00');
    const paid = await ok<PaymentView>(w, 'Admin', 'POST', '/ap/vendor-payments/post', { bank, party: vendor, documentDate: '2026-03-05', amount: '75.00', method: 'Cheque', description: 'To reverse', allocations: [{ openItem: item, amount: '75.00' }] });
    expect(paid).toMatchObject({ status: 'Posted', bankNumber: '1' });
    await workflow(w, { approvalType: 'VendorPaymentReversalApproval', name: 'Payment reversals', steps: [{ name: 'Carol reverses', operation: 'Reverse', assignees: users([w.id.Carol]) }] });
    expect(await w.as('Admin')('POST', `/ap/vendor-payments/${paid.id}/reverse`, { date: '2026-03-06' })).toMatchObject({ status: 422, body: { message: 'Reversing a vendor payment needs approval: submit it to VendorPaymentReversalApproval' } });
    const instance = await ok<InstanceView>(w, 'Admin', 'POST', '/workflow/submissions', { approvalType: 'VendorPaymentReversalApproval', documentId: paid.id, comment: 'Wrong vendor' });
    const task = taskOf(instance, w.id.Carol);
    const detail = await ok<TaskDetail>(w, 'Carol', 'GET', `/workflow/tasks/${task}`);
    expect(JSON.stringify(detail)).toContain(`Reversal of vendor payment ${paid.number}: V-REVERSE`);
    expect(detail.task.link).toBe(`/journal?id=${paid.id}&approval=VendorPaymentReversalApproval`);
    // What /journal shows Carol: the payment's entry turned over (staged and rolled back: still posted), then the reversal as posted.
    const rows = (e: DocumentEntry) => e.lines.map((l) => [l.accountCode, l.debit, l.credit, l.party]);
    const own = await ok<DocumentEntry>(w, 'Carol', 'GET', `/ap/vendor-payments/${paid.id}/entry`);
    expect(own.posted).toBe(true);
    const preview = await ok<DocumentEntry>(w, 'Carol', 'GET', `/ap/vendor-payments/${paid.id}/reversal-entry`);
    expect(preview).toMatchObject({ posted: false, journal: null });
    expect(rows(preview)).toEqual(own.lines.map((l) => [l.accountCode, l.credit, l.debit, l.party]));
    expect(rows(preview)).toContainEqual(['1020', '75.00', '0.00', null]);
    expect((await ok<PaymentView>(w, 'Admin', 'GET', `/ap/vendor-payments/${paid.id}`)).status).toBe('Posted');
    await ok(w, 'Carol', 'POST', `/workflow/tasks/${task}/approve`, { comment: 'Reverse it' });
    const reversal = await ok<DocumentEntry>(w, 'Carol', 'GET', `/ap/vendor-payments/${paid.id}/reversal-entry`);
    expect(reversal.posted).toBe(true);
    expect(reversal.journal).toBeTruthy();
    expect(rows(reversal)).toEqual(rows(preview));
    expect((await ok<PaymentView>(w, 'Admin', 'GET', `/ap/vendor-payments/${paid.id}`)).status).toBe('Reversed');
    expect((await ok<InvoiceView>(w, 'Admin', 'GET', `/ap/vendor-invoices/${invoice}`)).remaining).toBe('75.00');
  });
});
