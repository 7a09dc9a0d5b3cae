// Proves the intercompany list on the documents kit: the filters its route takes (status and search, no kind or dates), its columns, rows opening in the intercompany editor, and its import/export buttons.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { adminUser, referenceRoutes, route, stubServer } from '../../journals/__tests__/ledger-server';
import IntercompanyJournalsPage from '../pages/IntercompanyJournalsPage';

afterEach(() => vi.unstubAllGlobals());

const item = {
  id: '80000000-0000-4000-8000-000000000001', status: 'Posted', journalDate: '2026-03-15', description: 'Shared rent', reference: null, partnerCode: 'SUB', partnerName: 'Subsidiary',
  number: 'JV2026-000009', partnerNumber: 'JV2026-000003', total: '500.00', baseCurrency: 'USD', createdAt: '2026-03-15T10:00:00.000Z',
};

describe('intercompany journals list', () => {
  it('lists on the server with the route filters only and links rows to the intercompany editor', async () => {
    const calls = stubServer(...referenceRoutes, route('GET', /^\/gl\/intercompany-journals\?/, { body: { items: [item], total: 1 } }));
    renderWithProviders(<IntercompanyJournalsPage />, { user: adminUser, path: '/intercompany-journals' });
    const link = await screen.findByRole('link', { name: 'JV2026-000009' });
    expect(link.getAttribute('href')).toBe(`/intercompany-journal?id=${item.id}`);
    expect(calls.some((c) => c.path === '/gl/intercompany-journals?sort=-journalDate&limit=20&page=1')).toBe(true);
    expect(screen.getByText('500.00 USD')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search intercompany journals' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Kind' })).toBeNull();
    expect(screen.queryByLabelText('Date range')).toBeNull();
    expect(screen.getByRole('button', { name: /Import/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /New intercompany journal/ })).toBeTruthy();
  });
});
