// Proves the Revaluation tab of /vendor-statement (issue 16): Preview shows each open foreign-currency
// balance valued again and the difference without posting; Post revaluation posts that day and shows
// the entry and its reversal; a refusal is shown as the server said it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RevaluationView } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { VendorAgeingPage } from '../AgeingPage';
import { adminUser, referenceRoutes, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const party = '82000000-0000-4000-8000-000000000001';
const account = '87000000-0000-4000-8000-000000000001';
const view = (patch: Partial<RevaluationView> = {}): RevaluationView => ({
  id: null, date: '2026-03-31', reversalDate: '2026-04-01', currency: null, baseCurrency: 'USD', journal: null, journalNumber: null, reversalJournal: null, reversalNumber: null,
  gain: '0.00', loss: '30.00', net: '-30.00', createdAt: null,
  lines: [{ holder: party, holderCode: 'V1', holderName: 'Euro supplies', account, accountCode: '2100', currency: 'EUR', balance: '-600.00', carryingBase: '-660.00', rate: '1.15', revaluedBase: '-690.00', difference: '-30.00' }],
  ...patch,
});

describe('vendor revaluation', () => {
  it('previews the balances valued again, then posts the revaluation and shows its entry and reversal', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', /^\/ap\/vendor-revaluations\?/, { body: { items: [], total: 0 } }),
      route('POST', '/ap/vendor-revaluations/check', { body: view() }),
      route('POST', '/ap/vendor-revaluations', { body: view({ id: '88000000-0000-4000-8000-000000000001', journal: '89000000-0000-4000-8000-000000000001', journalNumber: 'JV2026-000010', reversalJournal: '89000000-0000-4000-8000-000000000002', reversalNumber: 'JV2026-000011', createdAt: '2026-04-02T09:00:00.000Z' }) }),
    );
    renderWithProviders(<VendorAgeingPage />, { user: adminUser, path: '/vendor-statement?view=revaluation' });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: 'Revalued balances' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['V1 · Euro supplies', '2100', 'EUR', '-600.00', '-660.00', '1.15', '-690.00', '-30.00']);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/ap/vendor-revaluations')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Post revaluation' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('link', { name: 'JV2026-000010' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'JV2026-000011' })).toBeTruthy();
    const posted = calls.find((c) => c.method === 'POST' && c.path === '/ap/vendor-revaluations')!;
    expect(posted.body).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('shows a refusal as the server words it', async () => {
    stubServer(
      ...referenceRoutes,
      route('GET', /^\/ap\/vendor-revaluations\?/, { body: { items: [], total: 0 } }),
      route('POST', '/ap/vendor-revaluations/check', { status: 422, body: { message: 'date: 2026-03-15 is not the last day of a regular accounting period', statusCode: 422 } }),
    );
    renderWithProviders(<VendorAgeingPage />, { user: adminUser, path: '/vendor-statement?view=revaluation' });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByText(/is not the last day of a regular accounting period/)).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Post revaluation' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
