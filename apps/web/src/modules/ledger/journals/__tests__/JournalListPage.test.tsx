// Proves the journal lists ask the server for what the user filters (kind fixed per list, search, status, sort, paging), export the whole filter, and open each row in its kind's editor.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { journalListPath } from '../journals-api';
import { AdjustmentJournalsPage, JournalsPage } from '../pages/JournalListPage';
import { adminUser, gateRoute, ids, referenceRoutes, route, stubServer, type Call } from './ledger-server';

const createObjectURL = vi.fn(() => 'blob:journals');
beforeEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  createObjectURL.mockClear();
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
    // The all-kinds list opens a row in its own kind's editor (an adjustment in /adjustment-journal).
    expect(screen.getByRole('link', { name: 'JV2026-000007' }).getAttribute('href')).toBe(`/adjustment-journal?id=${ids.journal}`);
  });

  it('opens a journal of a kind users do not make (a reversal) in the editor of the list', async () => {
    stubServer(...referenceRoutes, route('GET', /^\/gl\/journals\?/, { body: { items: [{ ...item, kind: 'Reversal' }], total: 1 } }));
    renderWithProviders(<JournalsPage />, { user: adminUser, path: '/journals' });
    expect((await screen.findByRole('link', { name: 'JV2026-000007' })).getAttribute('href')).toBe(`/journal?id=${ids.journal}`);
  });

  it('exports every line of the filter on screen, not its page, as CSV or Excel', async () => {
    const calls = stubServer(...referenceRoutes, route('GET', /^\/gl\/journals\?/, { body: { items: [item], total: 1 } }), route('GET', /^\/gl\/journals\/export\?/, { body: 'csv bytes' }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithProviders(<AdjustmentJournalsPage />, { user: adminUser, path: '/adjustment-journals' });
    await screen.findByText('1,234.50');
    await user.type(screen.getByRole('searchbox', { name: 'Search journals' }), 'accrual{Enter}');
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await user.click(await screen.findByText('Excel (XLSX)'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path.startsWith('/gl/journals/export')).map((c) => c.path)).toEqual(['/gl/journals/export?kind=Adjustment&search=accrual&sort=-journalDate&format=xlsx']);
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

describe('journals under approval', () => {
  const draft = { ...item, id: '40000000-0000-4000-8000-000000000011', number: null, status: 'Draft', description: 'Submitted draft' };
  const validated = { ...item, id: '40000000-0000-4000-8000-000000000012', number: null, status: 'Validated', description: 'Validated, not submitted' };
  const posted = { ...item, description: 'Posted long ago' };
  const documentGate = (id: string, underApproval: boolean) =>
    route('GET', `/workflow/gate?approvalType=JournalApproval&documentId=${id}`, { body: { workflowActive: true, underApproval, instanceId: underApproval ? '50000000-0000-4000-8000-000000000001' : null } });
  const documentGateCalls = (calls: Call[]) => calls.filter((c) => c.path.includes('/workflow/gate?') && c.path.includes('documentId=')).map((c) => new URL(c.path, 'http://x').searchParams.get('documentId'));
  const rowOf = (id: string) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;

  it('tags the journals under a running approval "Awaiting approval" when a JournalApproval workflow is active, asking only for unposted ones', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      documentGate(draft.id, true),
      documentGate(validated.id, false),
      gateRoute('JournalApproval', true),
      route('GET', /^\/gl\/journals\?/, { body: { items: [draft, validated, posted], total: 3 } }),
    );
    renderWithProviders(<JournalsPage />, { user: adminUser, path: '/journals' });
    expect(await screen.findByText('Awaiting approval')).toBeTruthy();
    // In place of the stored Draft (the tag says what the approval card says), in its row only.
    expect(within(rowOf(draft.id)).getByText('Awaiting approval').getAttribute('title')).toBe('Stored as Draft until the approvers decide');
    expect(within(rowOf(draft.id)).queryByText('Draft')).toBeNull();
    expect(within(rowOf(validated.id)).getByText('Validated')).toBeTruthy();
    expect(within(rowOf(validated.id)).queryByText('Awaiting approval')).toBeNull();
    expect(within(rowOf(posted.id)).queryByText('Awaiting approval')).toBeNull();
    expect(screen.getAllByText('Awaiting approval')).toHaveLength(1);
    // A posted journal is under no approval: it is never asked about.
    expect(documentGateCalls(calls).sort()).toEqual([draft.id, validated.id].sort());
  });

  it('shows no approval tag and asks about no journal when no JournalApproval workflow is active', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      documentGate(draft.id, true),
      gateRoute('JournalApproval', false),
      route('GET', /^\/gl\/journals\?/, { body: { items: [draft, posted], total: 2 } }),
    );
    renderWithProviders(<AdjustmentJournalsPage />, { user: adminUser, path: '/adjustment-journals' });
    await screen.findByText('1,234.50');
    await waitFor(() => expect(calls.some((c) => c.path === '/workflow/gate?approvalType=JournalApproval')).toBe(true));
    expect(screen.queryByText('Awaiting approval')).toBeNull();
    expect(documentGateCalls(calls)).toEqual([]);
  });
});
