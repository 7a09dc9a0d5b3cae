// Payment runs under approval (issue 16): with a VendorPaymentScheduleApproval workflow a run is refused
// direct posting, submitted, and posted by the approver's Post inside the approval (its task links to
// /vendor-payment-schedule and says what the run pays); CustomerPaymentScheduleApproval likewise (our
// choice). With a VendorPaymentScheduleReversalApproval workflow a posted run is refused direct reversal,
// submitted, and reversed by the approver's Reverse (the task links to /journal), its invoices reopened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faces, type EntityRecord, type Face, type InstanceView, type InvoiceView, type PaymentRunView, type TaskDetail } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { approvalWorld, ok, taskOf, users, workflow, type World } from '../workflow/running-setup';

let t: TestApp;
let w: World;
let bank: string;
const acct = (code: string) => w.books.accounts.get(code)!.id;

async function party(face: Face, code: string, extra: object = {}): Promise<string> {
  const groups = await ok<{ items: EntityRecord[] }>(w, 'Admin', 'GET', `/${face.service}/${face.partyWord}-groups?limit=50`);
  return (await ok<EntityRecord>(w, 'Admin', 'POST', `/${face.service}/${face.partyWord}s`, { code, name: code, group: groups.items.find((g) => g.code === 'LOCAL')!.id, ...extra })).id;
}
async function openItem(face: Face, partyId: string, amount: string): Promise<{ invoice: string; item: string }> {
  const inv = await ok<InvoiceView>(w, 'Admin', 'POST', `/${face.service}/${face.partyWord}-invoices/post`, { party: partyId, documentDate: '2026-02-10', description: 'To pay', lines: [{ account: acct(face.side === 'payables' ? '6100' : '4000'), unitPrice: amount }], instalments: [{ dueDate: '2026-03-01', amount }] });
  const items = await ok<{ items: { openItem: string; invoice: string }[] }>(w, 'Admin', 'GET', `/${face.service}/${face.partyWord}-payments/open-items?party=${partyId}`);
  return { invoice: inv.id, item: items.items.find((i) => i.invoice === inv.id)!.openItem };
}
const runBody = (item: string, amount: string, method: string) => ({ bank, paymentDate: '2026-03-05', method, upTo: '2026-03-31', description: 'Under approval', lines: [{ openItem: item, amount }] });

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t, 'RUNAPPROVE');
  const usd = (await ok<{ items: EntityRecord[] }>(w, 'Admin', 'GET', '/gl/currencies?limit=100')).items.find((c) => c.code === 'USD')!;
  const group = await ok<EntityRecord>(w, 'Admin', 'POST', '/cm/bank-groups', { code: 'OPS', name: 'Operating' });
  bank = (await ok<EntityRecord>(w, 'Admin', 'POST', '/cm/banks', { code: 'MAIN', name: 'Main', bankGroup: group.id, account: acct('1020'), currency: usd.id, accountNumber: 'NL91ABNA0417164300' })).id;
});
afterAll(() => t.close());

describe('VendorPaymentScheduleApproval and its reversal approval', () => {
  it('posts a submitted run when the approver approves (Post); reverses a posted run through VendorPaymentScheduleReversalApproval (Reverse)', async () => {
    const face = faces.payables;
    const vendor = await party(face, 'V-RUN', { iban: 'DE89370400440532013000' });
    const { invoice, item } = await openItem(face, vendor, '120.00');
    await workflow(w, { approvalType: 'VendorPaymentScheduleApproval', name: 'Runs', steps: [{ name: 'Bob posts', operation: 'Post', assignees: users([w.id.Bob]) }] });
    const draft = await ok<PaymentRunView>(w, 'Admin', 'POST', '/ap/vendor-payment-runs', runBody(item, '120.00', 'Transfer'));
    expect(await w.as('Admin')('POST', `/ap/vendor-payment-runs/${draft.id}/post`)).toMatchObject({ status: 422, body: { message: 'This vendor payment run needs approval: submit it' } });
    const instance = await ok<InstanceView>(w, 'Admin', 'POST', `/ap/vendor-payment-runs/${draft.id}/submit`, { comment: 'Please pay' });
    const task = taskOf(instance, w.id.Bob);
    const detail = await ok<TaskDetail>(w, 'Bob', 'GET', `/workflow/tasks/${task}`);
    expect(JSON.stringify(detail)).toContain('Vendor payment run (draft): 120.00 USD from bank MAIN on 2026-03-05 by Transfer, 1 item of 1 vendor. Under approval');
    expect(detail.task.link).toBe(`/vendor-payment-schedule?id=${draft.id}`);
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${task}/approve`, { comment: 'Pay' });
    const posted = await ok<PaymentRunView>(w, 'Admin', 'GET', `/ap/vendor-payment-runs/${draft.id}`);
    expect(posted).toMatchObject({ status: 'Posted', number: 'VPR2026-000001' });
    expect((await ok<InvoiceView>(w, 'Admin', 'GET', `/ap/vendor-invoices/${invoice}`)).remaining).toBe('0.00');

    await workflow(w, { approvalType: 'VendorPaymentScheduleReversalApproval', name: 'Run reversals', steps: [{ name: 'Carol reverses', operation: 'Reverse', assignees: users([w.id.Carol]) }] });
    expect(await w.as('Admin')('POST', `/ap/vendor-payment-runs/${draft.id}/reverse`, { date: '2026-03-06' })).toMatchObject({ status: 422, body: { message: 'Reversing a vendor payment run needs approval: submit it to VendorPaymentScheduleReversalApproval' } });
    const reversal = await ok<InstanceView>(w, 'Admin', 'POST', '/workflow/submissions', { approvalType: 'VendorPaymentScheduleReversalApproval', documentId: draft.id, comment: 'Paid twice' });
    const reverseTask = taskOf(reversal, w.id.Carol);
    const reverseDetail = await ok<TaskDetail>(w, 'Carol', 'GET', `/workflow/tasks/${reverseTask}`);
    expect(reverseDetail.task.link).toBe(`/journal?id=${draft.id}&approval=VendorPaymentScheduleReversalApproval`);
    expect(JSON.stringify(reverseDetail)).toContain(`Vendor payment run ${posted.number}: 120.00 USD from bank MAIN`);
    await ok(w, 'Carol', 'POST', `/workflow/tasks/${reverseTask}/approve`, { comment: 'Reverse it' });
    expect((await ok<PaymentRunView>(w, 'Admin', 'GET', `/ap/vendor-payment-runs/${draft.id}`)).status).toBe('Reversed');
    expect((await ok<InvoiceView>(w, 'Admin', 'GET', `/ap/vendor-invoices/${invoice}`)).remaining).toBe('120.00');
  });
});

describe('CustomerPaymentScheduleApproval', () => {
  it('posts a submitted customer run when the approver approves (Post, our choice as the vendor type)', async () => {
    const face = faces.receivables;
    const customer = await party(face, 'C-RUN');
    const { item } = await openItem(face, customer, '40.00');
    await workflow(w, { approvalType: 'CustomerPaymentScheduleApproval', name: 'Collections', steps: [{ name: 'Bob posts', operation: 'Post', assignees: users([w.id.Bob]) }] });
    const draft = await ok<PaymentRunView>(w, 'Admin', 'POST', '/ar/customer-payment-runs', runBody(item, '40.00', 'Cheque'));
    const instance = await ok<InstanceView>(w, 'Admin', 'POST', `/ar/customer-payment-runs/${draft.id}/submit`, {});
    const task = taskOf(instance, w.id.Bob);
    expect((await ok<TaskDetail>(w, 'Bob', 'GET', `/workflow/tasks/${task}`)).task.link).toBe(`/customer-payment-schedule?id=${draft.id}`);
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${task}/approve`, {});
    expect(await ok<PaymentRunView>(w, 'Admin', 'GET', `/ar/customer-payment-runs/${draft.id}`)).toMatchObject({ status: 'Posted', number: 'CPR2026-000001', total: '40.00' });
  });
});
