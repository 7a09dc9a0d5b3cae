// Proves /journal opened from a task whose document is not a journal (SPEC.md section 2 sends the reversal approvals there): the link's approval type picks the module's screen from the registry, which shows the credit note (party, invoice it credits, lines, amounts), the entry it will post as a preview, and the approver's decision, and never asks for a journal of that id; a type no module shows yet is described from its task, with its decision.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditNoteView, DocumentEntry, DocumentHistory, InstanceView } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { StandardJournalPage } from '../pages/JournalEditorPage';
import { adminUser, route, stubServer } from './ledger-server';

afterEach(() => vi.unstubAllGlobals());

const me = adminUser.activeUser.code;
const clerk = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Carl Clerk' };
const noteId = '31000000-0000-4000-8000-000000000001';
const invoiceId = '31000000-0000-4000-8000-000000000002';

const note: CreditNoteView = {
  id: noteId, number: null, side: 'payables', status: 'Draft', kind: 'CreditNote', party: '32000000-0000-4000-8000-000000000001', partyCode: 'V00007', partyName: 'Acme Supplies',
  documentDate: '2026-03-01', postingDate: '2026-03-01', currency: 'EUR', rate: null, partyDocumentNumber: null, reference: 'VI2026-000003', description: 'Returned chairs', dimensions: {},
  totalNet: '100.00', totalTax: '20.00', totalGross: '120.00', remaining: null,
  lines: [{ lineNo: 1, account: null, accountCode: '6100', description: 'Chairs', quantity: '2', unitPrice: '50', discountPercent: '0', tax: null, taxCode: 'VAT20', taxInclusive: false, dimensions: {}, net: '100.00', taxAmount: '20.00', gross: '120.00' }],
  instalments: [], taxSummary: [], journal: null, journalNumber: null, createdAt: '2026-03-01T09:00:00.000Z', postedAt: null, source: null,
  invoice: invoiceId, invoiceNumber: 'VI2026-000003', applied: '0.00',
};

const preview: DocumentEntry = {
  posted: false, journal: null, journalNumber: null, date: '2026-03-01',
  lines: [
    { accountCode: '2000', accountName: 'Trade payables', description: 'Returned chairs', currency: 'EUR', debit: '120.00', credit: '0.00', party: 'V00007 · Acme Supplies' },
    { accountCode: '6100', accountName: 'Purchases', description: 'Chairs', currency: 'EUR', debit: '0.00', credit: '100.00', party: null },
    { accountCode: '1400', accountName: 'Input VAT', description: 'Input tax VAT20', currency: 'EUR', debit: '0.00', credit: '20.00', party: null },
  ],
};

function running(type: InstanceView['approvalType'], documentId: string, description: string): InstanceView {
  return {
    id: '60000000-0000-4000-8000-000000000009', approvalType: type, documentId, documentNumber: null, description, amount: '120.00', currency: 'EUR',
    workflowId: '70000000-0000-4000-8000-000000000009', workflowName: 'Credits', status: 'Running', currentStep: 1, performed: [], submittedBy: clerk, submittedAt: '2026-03-01T10:00:00.000Z', finishedAt: null,
    steps: [{ stepNo: 1, name: 'Controller', operation: 'Reverse', rule: 'Any', deadlineHours: null, status: 'Open', tasks: [{ id: '50000000-0000-4000-8000-000000000009', assignee: { id: me, name: 'Ada' }, delegate: null, origin: 'Assigned', status: 'Open', dueAt: null, actedBy: null, actedAt: null, comment: null }] }],
  };
}
const history = (current: InstanceView): DocumentHistory => ({ current, items: [] });
const company = route('GET', '/gl/GetFullCompany', { body: { id: noteId, code: 'HO', description: 'Head Office', baseCurrency: 'EUR', accountingDate: '2026-03-01', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } });

describe('/journal opened from a task of another approval type', () => {
  it('shows the credit note of a VendorInvoiceReversalApproval task with the entry it will post and the decision', async () => {
    const calls = stubServer(
      company,
      route('GET', `/ap/vendor-credit-notes/${noteId}`, { body: note }),
      route('GET', `/ap/vendor-credit-notes/${noteId}/entry`, { body: preview }),
      route('GET', /^\/workflow\/history\?/, { body: history(running('VendorInvoiceReversalApproval', noteId, 'Credit note (draft)')) }),
      route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${noteId}&approval=VendorInvoiceReversalApproval` });
    const facts = await screen.findByRole('region', { name: 'Vendor credit note' });
    expect(within(facts).getByText('V00007 · Acme Supplies')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'VI2026-000003' }).getAttribute('href')).toBe(`/vendor-invoice?id=${invoiceId}`);
    expect(within(facts).getByText('Returned chairs')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Invoice lines' }).textContent).toContain('Chairs');
    const entry = screen.getByRole('region', { name: 'Entry' });
    expect(await within(entry).findByText(/\(preview\)/)).toBeTruthy();
    const rows = within(within(entry).getByRole('table', { name: 'Entry lines' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(expect.arrayContaining([expect.stringMatching(/2000 · Trade payables.*V00007 · Acme Supplies.*120\.00/), expect.stringMatching(/Total.*EUR.*120\.00.*120\.00/)]));
    expect(await screen.findByRole('group', { name: 'Your decision' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/gl/journals'))).toBe(false);
  });

  it('says why an entry cannot be previewed (what posting would refuse)', async () => {
    stubServer(
      company,
      route('GET', `/ap/vendor-credit-notes/${noteId}`, { body: note }),
      route('GET', `/ap/vendor-credit-notes/${noteId}/entry`, { status: 422, body: { message: 'No open period on 2026-03-01', statusCode: 422 } }),
      route('GET', /^\/workflow\/history\?/, { body: history(running('VendorInvoiceReversalApproval', noteId, 'Credit note (draft)')) }),
      route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${noteId}&approval=VendorInvoiceReversalApproval` });
    expect(await screen.findByText('Posting it would be refused: No open period on 2026-03-01')).toBeTruthy();
  });

  it('describes a document no module shows yet from its task, with the decision', async () => {
    const periodId = '40000000-0000-4000-8000-000000000003';
    const calls = stubServer(company, route('GET', /^\/workflow\/history\?/, { body: history(running('PeriodClosing', periodId, 'Close Mar 2026')) }));
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${periodId}&approval=PeriodClosing` });
    const facts = await screen.findByRole('region', { name: 'Task document' });
    expect(within(facts).getByText('Close Mar 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Period Closing/ })).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Your decision' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/gl/journals'))).toBe(false);
  });
});
