// Invoices and credit notes under approval (issue 15): with a VendorInvoiceApproval workflow an invoice is
// submitted, refused direct posting, and posted by the approver's approval inside the approval's
// transaction (a refusal of the posting leaves the task open and the invoice a draft); a credit note goes
// through VendorInvoiceReversalApproval, whose Reverse posts it; a customer past its credit limit under the
// Approval policy is posted through CustomerInvoiceApproval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faces, type CompanyConfig, type CreditNoteView, type DocumentEntry, type EntityRecord, type Face, type InstanceView, type InvoiceView, type TaskDetail } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { approvalWorld, ok, taskOf, users, workflow, type World } from '../workflow/running-setup';

let t: TestApp;
let w: World;
const acct = (code: string) => w.books.accounts.get(code)!.id;
let vat: string;

async function party(face: Face, code: string, extra: object = {}): Promise<string> {
  const groups = await ok<{ items: EntityRecord[] }>(w, 'Admin', 'GET', `/${face.service}/${face.partyWord}-groups?limit=50`);
  const group = groups.items.find((g) => g.code === 'LOCAL')!;
  return (await ok<EntityRecord>(w, 'Admin', 'POST', `/${face.service}/${face.partyWord}s`, { code, name: code, group: group.id, ...extra })).id;
}
const invoiceBody = (face: Face, partyId: string, date = '2026-02-10') => ({
  party: partyId, documentDate: date, description: 'Under approval', lines: [{ account: acct(face.side === 'payables' ? '6100' : '4000'), quantity: '3', unitPrice: '40', tax: vat }],
});

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t, 'APAPPROVE');
  vat = (await ok<EntityRecord>(w, 'Admin', 'POST', '/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', inputAccount: acct('1400'), outputAccount: acct('2200') })).id;
});
afterAll(() => t.close());

describe('VendorInvoiceApproval', () => {
  it('posts a submitted invoice when the approver approves, inside the approval; a posting refused leaves the task open', async () => {
    const face = faces.payables;
    const vendor = await party(face, 'V-APPROVE');
    await workflow(w, { approvalType: 'VendorInvoiceApproval', name: 'Invoices', steps: [{ name: 'Bob posts', operation: 'Post', assignees: users([w.id.Bob]) }] });
    const draft = await ok<InvoiceView>(w, 'Admin', 'POST', '/ap/vendor-invoices', invoiceBody(face, vendor));
    const direct = await w.as('Admin')('POST', `/ap/vendor-invoices/${draft.id}/post`);
    expect(direct).toMatchObject({ status: 422, body: { message: 'This vendor invoice needs approval: submit it' } });
    const oneCall = await w.as('Admin')('POST', '/ap/vendor-invoices/post', invoiceBody(face, vendor));
    expect(oneCall).toMatchObject({ status: 422, body: { message: 'This vendor invoice needs approval: submit it' } });
    const instance = await ok<InstanceView>(w, 'Admin', 'POST', `/ap/vendor-invoices/${draft.id}/submit`, { comment: 'Please post' });
    expect(instance.status).toBe('Running');
    // Under approval it cannot change.
    expect((await w.as('Admin')('PUT', `/ap/vendor-invoices/${draft.id}`, invoiceBody(face, vendor))).status).toBe(422);
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${taskOf(instance, w.id.Bob)}/approve`, { comment: 'Fine' });
    const posted = await ok<InvoiceView>(w, 'Admin', 'GET', `/ap/vendor-invoices/${draft.id}`);
    expect(posted).toMatchObject({ status: 'Posted', number: 'VI2026-000001', totalGross: '144.00', remaining: '144.00' });

    // A posting the ledger refuses (its period closed after the submission) fails the approval: nothing
    // is posted, the task stays open. (A submission is measured by posting in a savepoint: refused at once.)
    const dec = w.books.periods.find((p) => p.startDate === '2026-12-01')!;
    const late = await ok<InvoiceView>(w, 'Admin', 'POST', '/ap/vendor-invoices', invoiceBody(face, vendor, '2026-12-05'));
    const lateInstance = await ok<InstanceView>(w, 'Admin', 'POST', `/ap/vendor-invoices/${late.id}/submit`);
    await ok(w, 'Admin', 'POST', `/gl/accounting-periods/${dec.id}/status`, { status: 'Closed' });
    const task = taskOf(lateInstance, w.id.Bob);
    const refused = await w.as('Bob')('POST', `/workflow/tasks/${task}/approve`, {});
    expect(refused.status).toBe(422);
    expect((await ok<InvoiceView>(w, 'Admin', 'GET', `/ap/vendor-invoices/${late.id}`)).status).toBe('Draft');
    const still = await ok<TaskDetail>(w, 'Bob', 'GET', `/workflow/tasks/${task}`);
    expect([still.instance.status, still.canAct]).toEqual(['Running', true]);
    await ok(w, 'Admin', 'POST', `/gl/accounting-periods/${dec.id}/status`, { status: 'Open' });
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${task}/approve`, {});
    expect((await ok<InvoiceView>(w, 'Admin', 'GET', `/ap/vendor-invoices/${late.id}`)).number).toBe('VI2026-000002');
  });
});

describe('VendorInvoiceReversalApproval', () => {
  it('posts a credit note through its Reverse operation', async () => {
    const face = faces.payables;
    const vendor = await party(face, 'V-CREDIT');
    await workflow(w, { approvalType: 'VendorInvoiceReversalApproval', name: 'Credit notes', steps: [{ name: 'Carol reverses', operation: 'Reverse', assignees: users([w.id.Carol]) }] });
    const credit = await ok<CreditNoteView>(w, 'Admin', 'POST', '/ap/vendor-credit-notes', { party: vendor, documentDate: '2026-03-01', description: 'Returned goods', lines: [{ account: acct('6100'), unitPrice: '12' }] });
    expect((await w.as('Admin')('POST', `/ap/vendor-credit-notes/${credit.id}/post`)).status).toBe(422);
    // Checked before it is saved: a direct Post is refused under the workflow, a submission is checked as its approval will post it.
    const body = { party: vendor, documentDate: '2026-03-01', description: 'Returned goods', lines: [{ account: acct('6100'), unitPrice: '12' }] };
    expect(await w.as('Admin')('POST', '/ap/vendor-credit-notes/check', body)).toMatchObject({ status: 422, body: { message: 'This vendor credit note needs approval: submit it' } });
    expect(await ok(w, 'Admin', 'POST', `/ap/vendor-credit-notes/check?for=submit&id=${credit.id}`, body)).toEqual({ ok: true });
    const instance = await ok<InstanceView>(w, 'Admin', 'POST', `/ap/vendor-credit-notes/${credit.id}/submit`);
    // The task links to /journal (SPEC.md): it says what it is about, the document and the entry it will post.
    const task = taskOf(instance, w.id.Carol);
    const detail = await ok<TaskDetail>(w, 'Carol', 'GET', `/workflow/tasks/${task}`);
    expect(detail.instance.description).toBe('Credit note (draft) of no invoice (standing alone), vendor V-CREDIT: Returned goods. Posts: debit 2000 12.00 USD; credit 6100 12.00 USD.');
    expect(detail.task.link).toBe(`/journal?id=${credit.id}&approval=VendorInvoiceReversalApproval`);
    // What /journal shows the approver: the entry the credit note will post (nothing written), then the one it posted.
    const preview = await ok<DocumentEntry>(w, 'Carol', 'GET', `/ap/vendor-credit-notes/${credit.id}/entry`);
    expect(preview).toMatchObject({ posted: false, journal: null, journalNumber: null, date: '2026-03-01' });
    expect(preview.lines.map((l) => [l.accountCode, l.debit, l.credit, l.party])).toEqual([['2000', '12.00', '0.00', 'V-CREDIT · V-CREDIT'], ['6100', '0.00', '12.00', null]]);
    await ok(w, 'Carol', 'POST', `/workflow/tasks/${task}/approve`, {});
    const posted = await ok<CreditNoteView>(w, 'Admin', 'GET', `/ap/vendor-credit-notes/${credit.id}`);
    expect(posted).toMatchObject({ status: 'Posted', number: 'VC2026-000001', remaining: '12.00' });
    const entry = await ok<DocumentEntry>(w, 'Carol', 'GET', `/ap/vendor-credit-notes/${credit.id}/entry`);
    expect(entry).toMatchObject({ posted: true, journal: posted.journal, journalNumber: posted.journalNumber });
    expect(entry.lines.map((l) => [l.accountCode, l.debit, l.credit, l.party])).toEqual(preview.lines.map((l) => [l.accountCode, l.debit, l.credit, l.party]));
  });

  it('previews a full reversal as the entry of its invoice turned over', async () => {
    const face = faces.payables;
    const vendor = await party(face, 'V-REVERSE');
    const invoice = await ok<InvoiceView>(w, 'Admin', 'POST', '/ap/vendor-invoices', invoiceBody(face, vendor));
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${taskOf(await ok<InstanceView>(w, 'Admin', 'POST', `/ap/vendor-invoices/${invoice.id}/submit`), w.id.Bob)}/approve`, {});
    const reversal = await ok<CreditNoteView>(w, 'Admin', 'POST', '/ap/vendor-credit-notes', { kind: 'Reversal', party: vendor, invoice: invoice.id, documentDate: '2026-03-02', description: 'Wrong vendor', lines: [] });
    const posted = await ok<DocumentEntry>(w, 'Admin', 'GET', `/ap/vendor-invoices/${invoice.id}/entry`);
    expect(posted.posted).toBe(true);
    const preview = await ok<DocumentEntry>(w, 'Admin', 'GET', `/ap/vendor-credit-notes/${reversal.id}/entry`);
    expect(preview.posted).toBe(false);
    expect(preview.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual(posted.lines.map((l) => [l.accountCode, l.credit, l.debit]));
    expect(preview.lines.map((l) => l.accountCode).sort()).toEqual(['1400', '2000', '6100']);
  });
});

describe('CustomerInvoiceApproval and the credit limit', () => {
  it('posts an invoice past the credit limit only through the approval, under the Approval policy', async () => {
    const face = faces.receivables;
    const customer = await party(face, 'C-LIMIT', { creditLimit: '100' });
    const config = await ok<CompanyConfig>(w, 'Admin', 'GET', '/gl/company-config');
    await ok(w, 'Admin', 'PUT', '/gl/company-config', { ...config, creditLimitPolicy: 'Approval' });
    const draft = await ok<InvoiceView>(w, 'Admin', 'POST', '/ar/customer-invoices', invoiceBody(face, customer));
    const direct = await w.as('Admin')('POST', `/ar/customer-invoices/${draft.id}/post`);
    expect(direct.status).toBe(422);
    expect(direct.body.message).toMatch(/past its credit limit of 100\.00: the invoice needs approval/);
    await workflow(w, { approvalType: 'CustomerInvoiceApproval', name: 'Over the limit', steps: [{ name: 'Dan posts', operation: 'Post', assignees: users([w.id.Dan]) }] });
    const instance = await ok<InstanceView>(w, 'Admin', 'POST', `/ar/customer-invoices/${draft.id}/submit`);
    await ok(w, 'Dan', 'POST', `/workflow/tasks/${taskOf(instance, w.id.Dan)}/approve`, {});
    expect((await ok<InvoiceView>(w, 'Admin', 'GET', `/ar/customer-invoices/${draft.id}`)).status).toBe('Posted');
  });
});
