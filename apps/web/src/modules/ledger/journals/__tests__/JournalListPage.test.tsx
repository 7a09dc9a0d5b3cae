// Proves the journal lists ask the server for what the user filters (kind fixed per list, search, status, sort, paging) and open each row in its kind's editor.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { journalListPath } from '../journals-api';
import { AdjustmentJournalsPage, JournalsPage } from '../pages/JournalListPage';
import { adminUser, ids, referenceRoutes, route, stubServer } from './ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = { id: ids.journal, number: 'JV2026-000007', kind: 'Adjustment', status: 'Posted', journalDate: '2026-03-15', description: 'Accrual', reference: 'R-1', total: '1234.50', baseCurrency: 'USD', reversalOf: null, reversedBy: null };

describe('journal lists', () => {
  it('builds the list query from the filters, empty parts left out', () => {
    expect(journalListPath({ kind: 'Adjustment', status: undefined, from: '2026-01-01', to: undefined, search: ' rent ', sort: '-journalDate', page: 2, pageSize: 20 })).toBe(
      '/gl/journals?kind=Adjustment&from=2026-01-01&search=rent&sort=-journalDate&limit=20&page=2',
    );
  });

  it('searches on the server and shows the base total right-aligned in the locale', async () => {
    const calls = stubServer(...referenceRoutes, route('GET', /^\/gl\/journals\?/, { body: { items: [item], total: 1 } }));
    const user = userEvent.setup();
    renderWithProviders(<JournalsPage />, { user: adminUser, path: '/journals' });
    const total = await screen.findByText('1,234.50');
    expect(total.closest('td')!.style.textAlign).toBe('right');
    expect(calls.some((c) => c.path === '/gl/journals?sort=-journalDate&limit=20&page=1')).toBe(true);
    await user.type(screen.getByRole('searchbox', { name: 'Search journals' }), 'accrual{Enter}');
    await waitFor(() => expect(calls.some((c) => c.path === '/gl/journals?search=accrual&sort=-journalDate&limit=20&page=1')).toBe(true));
    expect(screen.getByRole('link', { name: 'JV2026-000007' }).getAttribute('href')).toBe(`/journal?id=${ids.journal}`);
  });

  it('keeps an adjustment list to its kind and opens rows in the adjustment editor', async () => {
    const calls = stubServer(...referenceRoutes, route('GET', /^\/gl\/journals\?/, { body: { items: [item], total: 1 } }));
    renderWithProviders(<AdjustmentJournalsPage />, { user: adminUser, path: '/adjustment-journals' });
    await screen.findByText('1,234.50');
    expect(calls.find((c) => c.path.startsWith('/gl/journals?'))!.path).toBe('/gl/journals?kind=Adjustment&sort=-journalDate&limit=20&page=1');
    expect(screen.getByRole('link', { name: 'JV2026-000007' }).getAttribute('href')).toBe(`/adjustment-journal?id=${ids.journal}`);
    expect(screen.getByRole('button', { name: /New adjustment journal/ })).toBeTruthy();
  });
});
