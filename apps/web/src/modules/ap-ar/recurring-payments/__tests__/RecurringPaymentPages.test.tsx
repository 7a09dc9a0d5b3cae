// Proves the recurring payment screen (issue 16): the save body is the header as typed; a draft schedule offers
// Activate (or Submit for approval under a RecurringCustomerPaymentApproval workflow); an active one offers Stop and
// Run now, whose call names the date and whose result lists the payments made.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecurringPaymentRunResult, RecurringPaymentView } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { CustomerRecurringPaymentPage, inputOf } from '../RecurringPaymentEditorPage';
import { adminUser, gateRoute, referenceRoutes, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const id = '90000000-0000-4000-8000-000000000001';
const bank = '91000000-0000-4000-8000-000000000001';
const party = '92000000-0000-4000-8000-000000000001';
const payment = '93000000-0000-4000-8000-000000000001';

function view(patch: Partial<RecurringPaymentView> = {}): RecurringPaymentView {
  return {
    id, side: 'receivables', kind: 'Schedule', status: 'Draft', code: 'RENT', description: 'Rent received', party, partyCode: 'C1', partyName: 'Acme', bank, bankCode: 'MAIN', currency: 'USD',
    amount: '100.00', method: 'Transfer', allocation: 'OldestFirst', reference: null, frequency: 'Monthly', interval: 1, startDate: '2026-01-31', nextDate: '2026-01-31', endDate: null,
    occurrences: 3, mode: 'Post', occurrencesGenerated: 0, lastRunAt: null, lastOccurrenceDate: null, lastError: null, lastErrorAt: null,
    createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z', ...patch,
  };
}
const common = [
  ...referenceRoutes,
  route('GET', /lookup/, { body: [] }),
  route('GET', /^\/workflow\//, { body: { current: null, history: [], items: [], total: 0 } }),
  route('GET', /^\/admin\/audit/, { body: { items: [], total: 0 } }),
  route('GET', new RegExp(`/ar/customer-recurring-payments/${id}/payments`), { body: { items: [], total: 0 } }),
];

describe('recurring payment screen', () => {
  it('sends the header as typed: the end as a date or a count, empty text left out', () => {
    expect(inputOf({ code: ' RENT ', description: 'Rent', party, bank, amount: '100.00', method: 'Cheque', allocation: 'OldestFirst', reference: '', frequency: 'Weekly', interval: '2', startDate: '2026-01-01', endDate: null, occurrences: '4', mode: 'Post' }))
      .toEqual({ kind: 'Schedule', code: 'RENT', description: 'Rent', party, bank, amount: '100.00', method: 'Cheque', allocation: 'OldestFirst', reference: undefined, frequency: 'Weekly', interval: 2, startDate: '2026-01-01', endDate: null, occurrences: 4, mode: 'Post' });
  });

  it('offers Activate on a draft with no workflow, and Submit for approval under a RecurringCustomerPaymentApproval workflow', async () => {
    const calls = stubServer(gateRoute('RecurringCustomerPaymentApproval', false), route('GET', `/ar/customer-recurring-payments/${id}`, { body: view() }),
      route('POST', `/ar/customer-recurring-payments/${id}/post`, { body: view({ status: 'Active' }) }), ...common);
    const first = renderWithProviders(<CustomerRecurringPaymentPage />, { user: adminUser, path: `/customer-recurring-payment?id=${id}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/ar/customer-recurring-payments/${id}/post`)).toBe(true));
    first.unmount();
    vi.unstubAllGlobals();
    stubServer(gateRoute('RecurringCustomerPaymentApproval', true), route('GET', `/ar/customer-recurring-payments/${id}`, { body: view() }), ...common);
    renderWithProviders(<CustomerRecurringPaymentPage />, { user: adminUser, path: `/customer-recurring-payment?id=${id}` });
    expect(await screen.findByRole('button', { name: 'Submit for approval' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
  });

  it('runs an active schedule now up to the date and lists what it made', async () => {
    const active = view({ status: 'Active' });
    const result: RecurringPaymentRunResult = {
      made: [{ occurrenceDate: '2026-01-31', payment, number: 'CP2026-000001', status: 'Posted', amount: '100.00', createdAt: '2026-01-31T10:00:00.000Z' }],
      failure: null, schedule: view({ status: 'Active', nextDate: '2026-02-28', occurrencesGenerated: 1 }), ranUpTo: '2026-01-31',
    };
    const calls = stubServer(gateRoute('RecurringCustomerPaymentApproval', false), route('GET', `/ar/customer-recurring-payments/${id}`, { body: active }),
      route('POST', `/ar/customer-recurring-payments/${id}/run`, { body: result }), ...common);
    renderWithProviders(<CustomerRecurringPaymentPage />, { user: adminUser, path: `/customer-recurring-payment?id=${id}` });
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(calls.find((c) => c.path === `/ar/customer-recurring-payments/${id}/run`)?.body).toMatchObject({ upTo: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown as string }));
    expect(await screen.findByText(/1 receipt\(s\) made/)).toBeTruthy();
  });
});
