// Proves the payment screen (issue 16): a draft receipt's allocations come from the proposal and stay
// editable, Post saves and posts the draft with the lines as edited; with a CustomerPaymentApproval
// workflow it offers Submit for approval instead of Post; a posted receipt shows its allocations,
// un-allocates a line and reverses on a date. A refund draft proposes the customer's credits (a credit
// note, a receipt on account) and posts them as its lines; a posted refund offers neither Undo nor allocation.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentView, Proposal, RefundProposal } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { CustomerPaymentPage } from '../PaymentPages';
import { adminUser, gateRoute, referenceRoutes, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const id = '80000000-0000-4000-8000-000000000001';
const bank = '81000000-0000-4000-8000-000000000001';
const party = '82000000-0000-4000-8000-000000000001';
const itemA = '83000000-0000-4000-8000-00000000000a';
const itemB = '83000000-0000-4000-8000-00000000000b';

function view(patch: Partial<PaymentView> = {}): PaymentView {
  return {
    id, number: null, side: 'receivables', kind: 'Payment', status: 'Draft', bank, bankCode: 'MAIN', party, partyCode: 'C1', partyName: 'Acme', documentDate: '2026-03-01', postingDate: '2026-03-01',
    currency: 'USD', rate: null, method: 'Transfer', bankNumber: null, amount: '250.00', allocated: '0.00', unallocated: '250.00', reference: null, description: 'Receipt', allocations: [],
    journal: null, journalNumber: null, createdAt: '2026-03-01T10:00:00.000Z', postedAt: null, ...patch,
  };
}
const proposal: Proposal = {
  currency: 'USD', amount: '250.00', openItems: 2, unallocated: '0.00',
  lines: [
    { openItem: itemA, invoice: '84000000-0000-4000-8000-00000000000a', invoiceNumber: 'CI2026-000001', itemKind: 'Invoice', dueDate: '2026-02-01', remaining: '100.00', discountAvailable: '0.00', amount: '100.00', discount: '0.00', matched: null },
    { openItem: itemB, invoice: '84000000-0000-4000-8000-00000000000b', invoiceNumber: 'CI2026-000002', itemKind: 'Invoice', dueDate: '2026-03-01', remaining: '200.00', discountAvailable: '0.00', amount: '150.00', discount: '0.00', matched: null },
  ],
};
const common = [
  ...referenceRoutes,
  route('GET', `/cm/banks/${bank}`, { body: { id: bank, code: 'MAIN', currency: 'c2' } }),
  route('GET', '/gl/currencies/c2', { body: { id: 'c2', code: 'USD' } }),
  route('GET', /^\/ar\/customer-payments\/proposal\?/, { body: proposal }),
  route('GET', /lookup/, { body: [] }),
];

describe('customer payment screen', () => {
  it('proposes the allocation, lets a line be changed, and posts the draft with the lines as edited', async () => {
    const calls = stubServer(
      ...common,
      gateRoute('CustomerPaymentApproval', false),
      route('GET', `/ar/customer-payments/${id}`, { body: view() }),
      route('PUT', `/ar/customer-payments/${id}`, (call) => ({ body: view({ allocations: [] , description: String((call.body as { description: string }).description) }) })),
      route('POST', `/ar/customer-payments/${id}/post`, { body: view({ status: 'Posted', number: 'CP2026-000001' }) }),
    );
    renderWithProviders(<CustomerPaymentPage />, { user: adminUser, path: `/customer-payment?id=${id}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Propose allocation' }));
    const second = await screen.findByRole('textbox', { name: 'Amount of CI2026-000002' });
    expect((second as HTMLInputElement).value).toBe('150.00');
    await userEvent.clear(second);
    await userEvent.type(second, '140.00');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/ar/customer-payments/${id}/post`)).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { allocations: unknown[] }).allocations).toEqual([{ openItem: itemA, amount: '100.00' }, { openItem: itemB, amount: '140.00' }]);
    expect(calls.find((c) => c.path.startsWith('/ar/customer-payments/proposal'))!.path).toContain(`party=${party}&currency=USD&amount=250.00&date=2026-03-01`);
  });

  it('offers Submit for approval instead of Post while a CustomerPaymentApproval workflow is active', async () => {
    stubServer(...common, gateRoute('CustomerPaymentApproval', true), route('GET', `/ar/customer-payments/${id}`, { body: view() }));
    renderWithProviders(<CustomerPaymentPage />, { user: adminUser, path: `/customer-payment?id=${id}` });
    expect(await screen.findByRole('button', { name: 'Submit for approval' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
  });

  it('makes a refund: proposes the customer’s credits and posts them as the refund’s lines', async () => {
    const receipt = '86000000-0000-4000-8000-000000000001';
    const credits: RefundProposal = {
      currency: 'USD', available: '70.00', amount: '70.00',
      lines: [
        { itemKind: 'CreditNote', openItem: itemA, payment: null, number: 'CC2026-000001', date: '2026-02-01', remaining: '40.00', amount: '40.00' },
        { itemKind: 'OnAccount', openItem: null, payment: receipt, number: 'CP2026-000004', date: '2026-02-10', remaining: '30.00', amount: '30.00' },
      ],
    };
    const draft = view({ kind: 'Refund', amount: '', allocated: '0.00', unallocated: '0.00', description: 'Refund' });
    const calls = stubServer(
      ...common,
      gateRoute('CustomerPaymentApproval', false),
      route('GET', /^\/ar\/customer-payments\/refund-proposal\?/, { body: credits }),
      route('GET', `/ar/customer-payments/${id}`, { body: draft }),
      route('PUT', `/ar/customer-payments/${id}`, { body: draft }),
      route('POST', `/ar/customer-payments/${id}/post`, { body: view({ kind: 'Refund', status: 'Posted', number: 'CP2026-000005' }) }),
    );
    renderWithProviders(<CustomerPaymentPage />, { user: adminUser, path: `/customer-payment?id=${id}` });
    expect(await screen.findByText('Refund to the customer (draft)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Propose credits' }));
    expect(await screen.findByText('CP2026-000004')).toBeTruthy();
    expect(screen.getByText('on account')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('70.00');
    expect(screen.queryByRole('textbox', { name: 'Discount of CC2026-000001' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/ar/customer-payments/${id}/post`)).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!.body as { kind: string; amount: string; allocations: unknown[]; onAccount: unknown[] };
    expect(put).toMatchObject({ kind: 'Refund', amount: '70.00', allocations: [{ openItem: itemA, amount: '40.00' }], onAccount: [{ payment: receipt, amount: '30.00' }] });
    expect(calls.find((c) => c.path.startsWith('/ar/customer-payments/refund-proposal'))!.path).toBe(`/ar/customer-payments/refund-proposal?party=${party}&currency=USD`);
  });

  it('shows a posted refund without Undo or allocation, offering its reversal', async () => {
    const posted = view({
      kind: 'Refund', status: 'Posted', number: 'CP2026-000005', amount: '30.00', allocated: '30.00', unallocated: '0.00', journal: '85000000-0000-4000-8000-000000000002', journalNumber: 'JV2026-000010',
      allocations: [{ lineNo: 1, openItem: null, invoice: null, payment: '86000000-0000-4000-8000-000000000001', invoiceNumber: 'CP2026-000004', itemKind: 'OnAccount', dueDate: '2026-02-10', amount: '30.00', discount: '0.00', writeOff: '0.00', status: 'Active', journalNumber: 'JV2026-000010', undoneJournalNumber: null }],
    });
    stubServer(...common, gateRoute('CustomerPaymentReversalApproval', false), route('GET', `/ar/customer-payments/${id}`, { body: posted }));
    renderWithProviders(<CustomerPaymentPage />, { user: adminUser, path: `/customer-payment?id=${id}` });
    expect(await screen.findByText('CP2026-000004')).toBeTruthy();
    expect(screen.getByText('Credits returned')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Allocate what is on account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reverse' })).toBeTruthy();
  });

  it('shows a posted receipt’s allocations and undoes one', async () => {
    const posted = view({
      status: 'Posted', number: 'CP2026-000001', allocated: '250.00', unallocated: '0.00', journal: '85000000-0000-4000-8000-000000000001', journalNumber: 'JV2026-000009',
      allocations: [{ lineNo: 1, openItem: itemA, invoice: proposal.lines[0]!.invoice, payment: null, invoiceNumber: 'CI2026-000001', itemKind: 'Invoice', dueDate: '2026-02-01', amount: '100.00', discount: '0.00', writeOff: '0.00', status: 'Active', journalNumber: 'JV2026-000009', undoneJournalNumber: null }],
    });
    const calls = stubServer(...common, gateRoute('CustomerPaymentReversalApproval', false), route('GET', `/ar/customer-payments/${id}`, { body: posted }), route('POST', `/ar/customer-payments/${id}/unallocate`, { body: posted }));
    renderWithProviders(<CustomerPaymentPage />, { user: adminUser, path: `/customer-payment?id=${id}` });
    expect(await screen.findByText('CI2026-000001')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'JV2026-000009' }).getAttribute('href')).toBe('/journal?id=85000000-0000-4000-8000-000000000001');
    expect(screen.getByRole('button', { name: 'Reverse' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.find((c) => c.path === `/ar/customer-payments/${id}/unallocate`)?.body).toEqual({ lines: [1] }));
  });
});
