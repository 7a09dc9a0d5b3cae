// Proves the /failed-payment screen (issue 16): the failures list with their reasons, amounts and outcome
// (filters sent to the list route), Retry of a failure collecting its fee, and a refusal of "Mark failed" shown on
// the field it names.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FailedPaymentListItem } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import FailedPaymentPage from '../FailedPaymentPage';
import { failedListQuery } from '../failed-payments-api';
import { adminUser, referenceRoutes, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const id = 'a0000000-0000-4000-8000-000000000001';
const payment = 'a1000000-0000-4000-8000-000000000001';

function row(patch: Partial<FailedPaymentListItem> = {}): FailedPaymentListItem {
  return {
    id, side: 'receivables', status: 'Failed', outcome: 'AwaitingRetry', payment, paymentNumber: 'CP2026-000007', party: 'a2000000-0000-4000-8000-000000000001', partyCode: 'C1', partyName: 'Acme',
    bankCode: 'MAIN', method: 'DirectDebit', currency: 'USD', amount: '160.00', reason: 'InsufficientFunds', note: 'R01', failedDate: '2026-03-05', fee: '15.00',
    feeInvoice: 'a3000000-0000-4000-8000-000000000001', feeInvoiceNumber: 'CI2026-000009', feeJournalNumber: null, attempt: 1, retryOf: null, retryPayment: null, retryNumber: null,
    retryStatus: null, createdAt: '2026-03-05T10:00:00.000Z', ...patch,
  };
}

describe('failed payments screen', () => {
  it('sends only the filters that are set', () => {
    expect(failedListQuery({ side: 'receivables', search: undefined, page: 2, limit: 20 }).toString()).toBe('side=receivables&page=2&limit=20');
  });

  it('lists failures with reason, fee and outcome, and retries one collecting its fee', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', /^\/ar\/failed-payments\?/, { body: { items: [row(), row({ id: 'a0000000-0000-4000-8000-000000000002', paymentNumber: 'CP2026-000003', status: 'Retried', outcome: 'RetryPosted', retryPayment: payment, retryNumber: 'CP2026-000004', fee: '0.00', reason: 'AccountClosed' })], total: 2 } }),
      route('POST', `/ar/failed-payments/${id}/retry`, { body: { ...row({ status: 'Retried', outcome: 'RetryPosted' }), items: [] } }),
    );
    renderWithProviders(<FailedPaymentPage />, { user: adminUser, path: '/failed-payment' });
    const table = await screen.findByRole('table', { name: 'Failed payments' });
    const first = (await within(table).findByText('CP2026-000007')).closest('tr')!;
    expect(within(first).getByText('Insufficient funds')).toBeTruthy();
    expect(within(first).getByText('Awaiting retry')).toBeTruthy();
    expect(within(first).getByText('160.00 USD')).toBeTruthy();
    const second = within(table).getByText('CP2026-000003').closest('tr')!;
    expect(within(second).getByText('Paid again')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'CP2026-000004' })).toBeTruthy();
    expect(calls[calls.length - 1]!.path).toContain('sort=-failedDate');
    await userEvent.click(within(first).getByRole('button', { name: /^Retry/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.find((c) => c.path === `/ar/failed-payments/${id}/retry`)?.body).toMatchObject({ includeFee: true }));
  });

  it('shows a refusal of Mark failed on the field it names', async () => {
    stubServer(
      ...referenceRoutes,
      route('GET', /^\/ar\/failed-payments\?/, { body: { items: [], total: 0 } }),
      route('GET', /^\/ar\/failed-payments\/payments\?/, { body: { items: [{ id: payment, number: 'CP2026-000007', partyCode: 'C1', partyName: 'Acme', documentDate: '2026-03-01', currency: 'USD', amount: '160.00', method: 'DirectDebit' }] } }),
      route('POST', '/ar/failed-payments', { status: 422, body: { message: 'fee: 1.234 has more decimals than USD has (2)', statusCode: 422 } }),
    );
    renderWithProviders(<FailedPaymentPage />, { user: adminUser, path: '/failed-payment' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark failed' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Payment'));
    await userEvent.click(await screen.findByText(/CP2026-000007 · C1 Acme/));
    await userEvent.click(within(dialog).getByLabelText('Reason'));
    await userEvent.click(await screen.findByText('Insufficient funds'));
    await userEvent.type(within(dialog).getByLabelText('Fee'), '1.234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await within(dialog).findByText('1.234 has more decimals than USD has (2)')).toBeTruthy();
  });
});
