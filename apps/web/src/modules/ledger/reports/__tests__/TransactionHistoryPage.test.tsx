// Proves the drill-down: opening balance first, running balances as the server gives them, 'Load more' by keyset cursor, a closing balance once all lines are in, each line opening its journal, and the export of the whole range.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { adminUser, referenceRoutes, route, stubServer } from '../../journals/__tests__/ledger-server';
import TransactionHistoryPage from '../pages/TransactionHistoryPage';

const createObjectURL = vi.fn(() => 'blob:transactions');
beforeEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  createObjectURL.mockClear();
});

const account = 'a0000000-0000-4000-8000-000000001010';
const line = (n: number, debit: string, credit: string, balance: string) => ({
  journal: `b0000000-0000-4000-8000-00000000000${n}`, number: `JV2026-00000${n}`, lineNo: 1, date: `2026-0${n}-10`, description: `Line ${n}`, currency: 'USD', debit, credit, balance,
});
const base = `/gl/accounts/${account}/transactions?from=2026-01-01&to=2026-12-31&limit=100`;

describe('transaction history', () => {
  it('pages by cursor and keeps the running balance', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', base, { body: { account: { id: account, code: '1010', name: 'Petty Cash' }, currency: 'USD', opening: '100.00', items: [line(1, '50.00', '0.00', '150.00')], nextCursor: 'CUR1' } }),
      route('GET', `${base}&cursor=CUR1`, { body: { account: { id: account, code: '1010', name: 'Petty Cash' }, currency: 'USD', items: [line(2, '0.00', '20.25', '129.75')] } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<TransactionHistoryPage />, { user: adminUser, path: `/transaction-history?account=${account}&from=2026-01-01&to=2026-12-31` });
    await screen.findByRole('link', { name: 'JV2026-000001' });
    const table = () => within(screen.getByRole('table', { name: 'Transactions' }));
    expect(table().getByText('Opening balance')).toBeTruthy();
    expect(table().queryByText('Closing balance')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'JV2026-000002' });
    expect(calls.map((c) => c.path)).toContain(`${base}&cursor=CUR1`);
    const closing = table().getByText('Closing balance').closest('tr')!;
    expect(closing.textContent).toContain('129.75');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('link', { name: 'JV2026-000002' }).getAttribute('href')).toBe('/journal?id=b0000000-0000-4000-8000-000000000002');
    await waitFor(() => expect(screen.getAllByText('1010 · Petty Cash').length).toBeGreaterThan(0));
  });

  it('exports every line of the account and range, not the lines loaded so far', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', base, { body: { account: { id: account, code: '1010', name: 'Petty Cash' }, currency: 'USD', opening: '100.00', items: [line(1, '50.00', '0.00', '150.00')], nextCursor: 'CUR1' } }),
      route('GET', /\/transactions\/export\?/, { body: 'csv bytes' }),
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithProviders(<TransactionHistoryPage />, { user: adminUser, path: `/transaction-history?account=${account}&from=2026-01-01&to=2026-12-31` });
    await screen.findByRole('link', { name: 'JV2026-000001' });
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await user.click(await screen.findByText('CSV'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path.includes('/export')).map((c) => c.path)).toEqual([`/gl/accounts/${account}/transactions/export?from=2026-01-01&to=2026-12-31&format=csv`]);
  });
});
