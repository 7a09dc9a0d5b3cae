// Proves /journal opened from a payment approval's task (SPEC.md section 2 sends CustomerPaymentApproval, VendorPaymentApproval
// and their reversal approvals there): the registry's PaymentSubject shows the payment (party, bank, amount, its allocations to
// documents), the entry it will post as a preview, and the decision; a reversal task shows the entry reversing it beside the
// payment's posted entry; neither asks for a journal of the payment's id.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentEntry, DocumentHistory, InstanceView, PaymentView } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { StandardJournalPage } from '../../../ledger/journals/pages/JournalEditorPage';
import { adminUser, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';

afterEach(() => vi.unstubAllGlobals());

const me = adminUser.activeUser.code;
const id = '85000000-0000-4000-8000-000000000001';
const journal = '86000000-0000-4000-8000-000000000001';

function payment(patch: Partial<PaymentView> = {}): PaymentView {
  return {
    id, number: null, side: 'receivables', kind: 'Payment', status: 'Draft', bank: '81000000-0000-4000-8000-000000000001', bankCode: 'MAIN', party: '82000000-0000-4000-8000-000000000001', partyCode: 'C00042', partyName: 'Acme Retail',
    documentDate: '2026-03-02', postingDate: '2026-03-02', currency: 'USD', rate: null, method: 'Transfer', bankNumber: null, amount: '250.00', allocated: '0.00', unallocated: '250.00', reference: 'REF-9', description: 'March receipt',
    allocations: [
      { lineNo: 1, openItem: '83000000-0000-4000-8000-00000000000a', invoice: '84000000-0000-4000-8000-00000000000a', payment: null, invoiceNumber: 'CI2026-000007', itemKind: 'Invoice', dueDate: '2026-02-01', amount: '200.00', discount: '4.00', writeOff: '0.00', status: 'Draft', journalNumber: null, undoneJournalNumber: null },
    ],
    journal: null, journalNumber: null, createdAt: '2026-03-02T10:00:00.000Z', postedAt: null, ...patch,
  };
}

const line = (accountCode: string, accountName: string, debit: string, credit: string, party: string | null = null) => ({ accountCode, accountName, description: 'March receipt', currency: 'USD', debit, credit, party });
const preview: DocumentEntry = {
  posted: false, journal: null, journalNumber: null, date: '2026-03-02',
  lines: [line('1020', 'Bank', '250.00', '0.00'), line('1200', 'Trade receivables', '0.00', '50.00', 'C00042 · Acme Retail'), line('1200', 'Trade receivables', '0.00', '204.00', 'C00042 · Acme Retail'), line('4900', 'Discounts allowed', '4.00', '0.00')],
};

function running(type: InstanceView['approvalType'], operation: 'Post' | 'Reverse'): InstanceView {
  return {
    id: '60000000-0000-4000-8000-000000000010', approvalType: type, documentId: id, documentNumber: null, description: 'Customer receipt', amount: '250.00', currency: 'USD',
    workflowId: '70000000-0000-4000-8000-000000000010', workflowName: 'Receipts', status: 'Running', currentStep: 1, performed: [], submittedBy: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Carl Clerk' }, submittedAt: '2026-03-02T10:00:00.000Z', finishedAt: null,
    steps: [{ stepNo: 1, name: 'Controller', operation, rule: 'Any', deadlineHours: null, status: 'Open', tasks: [{ id: '50000000-0000-4000-8000-000000000010', assignee: { id: me, name: 'Ada' }, delegate: null, origin: 'Assigned', status: 'Open', dueAt: null, actedBy: null, actedAt: null, comment: null }] }],
  };
}
const history = (current: InstanceView): DocumentHistory => ({ current, items: [] });
const company = route('GET', '/gl/GetFullCompany', { body: { id, code: 'HO', description: 'Head Office', baseCurrency: 'USD', accountingDate: '2026-03-02', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } });
const entryRows = (region: HTMLElement) => within(within(region).getByRole('table', { name: 'Entry lines' })).getAllByRole('row').map((r) => r.textContent);

describe('/journal opened from a payment approval task', () => {
  it('shows the receipt of a CustomerPaymentApproval task: party, bank, amount, allocations, the entry it will post, the decision', async () => {
    const calls = stubServer(
      company,
      route('GET', `/ar/customer-payments/${id}`, { body: payment() }),
      route('GET', `/ar/customer-payments/${id}/entry`, { body: preview }),
      route('GET', /^\/workflow\/history\?/, { body: history(running('CustomerPaymentApproval', 'Post')) }),
      route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${id}&approval=CustomerPaymentApproval` });
    const facts = await screen.findByRole('region', { name: 'Customer receipt' });
    expect(within(facts).getByText('C00042 · Acme Retail')).toBeTruthy();
    expect(within(facts).getByText('MAIN')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'Customer receipt (not numbered until posted)' }).getAttribute('href')).toBe(`/customer-payment?id=${id}`);
    expect(facts.textContent).toContain('250.00 USD');
    const allocations = within(screen.getByRole('table', { name: 'Allocations' })).getAllByRole('row').map((r) => r.textContent);
    expect(allocations).toEqual(expect.arrayContaining([expect.stringMatching(/CI2026-000007.*200\.00.*4\.00/)]));
    const entry = screen.getByRole('region', { name: 'Entry' });
    expect(await within(entry).findByText(/\(preview\)/)).toBeTruthy();
    expect(entryRows(entry)).toEqual(expect.arrayContaining([expect.stringMatching(/1020 · Bank.*250\.00/), expect.stringMatching(/1200 · Trade receivables.*C00042 · Acme Retail.*204\.00/), expect.stringMatching(/Total.*USD.*254\.00.*254\.00/)]));
    expect(screen.queryByRole('region', { name: 'Reversal entry' })).toBeNull();
    expect(await screen.findByRole('group', { name: 'Your decision' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/gl/journals'))).toBe(false);
  });

  it('shows a VendorPaymentReversalApproval task with the entry reversing the payment beside the entry it posted', async () => {
    const posted = payment({ side: 'payables', status: 'Posted', number: 'VP2026-000003', method: 'Cheque', bankNumber: '17', partyCode: 'V00009', partyName: 'Steel Ltd', allocated: '200.00', unallocated: '50.00', journal, journalNumber: 'JV2026-000011' });
    const own: DocumentEntry = { posted: true, journal, journalNumber: 'JV2026-000011', date: '2026-03-02', lines: [line('2000', 'Trade payables', '250.00', '0.00', 'V00009 · Steel Ltd'), line('1020', 'Bank', '0.00', '250.00')] };
    const reversing: DocumentEntry = { posted: false, journal: null, journalNumber: null, date: '2026-03-09', lines: own.lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })) };
    const calls = stubServer(
      company,
      route('GET', `/ap/vendor-payments/${id}`, { body: posted }),
      route('GET', `/ap/vendor-payments/${id}/entry`, { body: own }),
      route('GET', `/ap/vendor-payments/${id}/reversal-entry`, { body: reversing }),
      route('GET', /^\/workflow\/history\?/, { body: history(running('VendorPaymentReversalApproval', 'Reverse')) }),
      route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${id}&approval=VendorPaymentReversalApproval` });
    const facts = await screen.findByRole('region', { name: 'Vendor payment' });
    expect(within(facts).getByText('V00009 · Steel Ltd')).toBeTruthy();
    expect(within(facts).getByText('Cheque 17')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Reversal of Vendor payment VP2026-000003/ })).toBeTruthy();
    const reversal = screen.getByRole('region', { name: 'Reversal entry' });
    expect(await within(reversal).findByText(/Reversal entry it will post on .* \(preview\)/)).toBeTruthy();
    expect(entryRows(reversal)).toEqual(expect.arrayContaining([expect.stringMatching(/1020 · Bank.*250\.00/)]));
    const entry = screen.getByRole('region', { name: 'Entry' });
    expect((await within(entry).findByRole('link', { name: 'JV2026-000011' })).getAttribute('href')).toBe(`/journal?id=${journal}`);
    expect(await screen.findByRole('group', { name: 'Your decision' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/gl/journals'))).toBe(false);
  });
});
