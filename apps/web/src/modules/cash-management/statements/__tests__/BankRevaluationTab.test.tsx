// Proves the Revaluation tab of /bank-reconciliations (issue 17): the parties' revaluation screen on the
// banks' routes: Preview shows each foreign-currency bank balance valued again (the bank as holder) and
// posts nothing; Post revaluation posts that day and shows the entry and its reversal.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RevaluationView } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { BankReconciliationsPage } from '../BankReconciliationsPage';
import { adminUser, referenceRoutes, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const bank = '82000000-0000-4000-8000-000000000009';
const account = '87000000-0000-4000-8000-000000000009';
const view = (patch: Partial<RevaluationView> = {}): RevaluationView => ({
  id: null, date: '2026-03-31', reversalDate: '2026-04-01', currency: null, baseCurrency: 'USD', journal: null, journalNumber: null, reversalJournal: null, reversalNumber: null,
  gain: '40.00', loss: '0.00', net: '40.00', createdAt: null,
  lines: [{ holder: bank, holderCode: 'EUR', holderName: 'Euro account', account, accountCode: '1020', currency: 'EUR', balance: '800.00', carryingBase: '880.00', rate: '1.15', revaluedBase: '920.00', difference: '40.00' }],
  ...patch,
});

describe('bank revaluation tab', () => {
  it('previews the bank balances valued again, then posts and shows the entry and its reversal', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', /^\/cm\/bank-revaluations\?/, { body: { items: [], total: 0 } }),
      route('POST', '/cm/bank-revaluations/check', { body: view() }),
      route('POST', '/cm/bank-revaluations', { body: view({ id: '88000000-0000-4000-8000-000000000009', journal: '89000000-0000-4000-8000-000000000003', journalNumber: 'JV2026-000020', reversalJournal: '89000000-0000-4000-8000-000000000004', reversalNumber: 'JV2026-000021', createdAt: '2026-04-02T09:00:00.000Z' }) }),
    );
    renderWithProviders(<BankReconciliationsPage />, { user: adminUser, path: '/bank-reconciliations?view=revaluation' });
    expect(await screen.findByRole('heading', { name: 'Bank revaluation' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: 'Revalued balances' });
    expect(within(table).getByRole('columnheader', { name: 'Bank' })).toBeTruthy();
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['EUR · Euro account', '1020', 'EUR', '800.00', '880.00', '1.15', '920.00', '40.00']);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/cm/bank-revaluations')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Post revaluation' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('link', { name: 'JV2026-000020' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'JV2026-000021' })).toBeTruthy();
  });
});
