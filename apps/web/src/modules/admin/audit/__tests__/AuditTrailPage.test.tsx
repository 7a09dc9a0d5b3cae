// Proves the audit trail screen: the address drives the list call, a row opens before and after side by side with the changed fields marked, and older pages follow the cursor.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditTrailPage as Page } from '@erp/contracts';
import { NotificationProvider } from '../../../../app/notifications/NotificationProvider';
import { SessionProvider } from '../../../../app/session/SessionProvider';
import { route, signedInUser, stubFetch, type Call } from '../../__tests__/render-admin';
import AuditTrailPage from '../AuditTrailPage';
import { stubWideScreen } from '../../../../test/wide-screen';

const branch = 'c0ffee00-0000-4000-8000-000000000001';
const ada = { id: signedInUser.activeUser.code, name: 'Ada Admin', mailAddress: 'ada@example.com' };
const south = 'c0ffee00-0000-4000-8000-000000000002';
const west = 'c0ffee00-0000-4000-8000-000000000003';
const cash = 'c0ffee00-0000-4000-8000-000000000004';
const unknown = 'c0ffee00-0000-4000-8000-0000000000ff';
const lines = [{ account: cash, debit: '100' }];
const edit: AuditEntry = {
  id: '12', at: new Date().toISOString(), user: ada, entity: 'company', recordId: branch, recordLabel: 'NORTH', action: 'edit',
  before: { code: 'NORTH', description: 'Northern branch', partnerCompany: south, lines, template: unknown },
  after: { code: 'NORTH', description: 'Northern branch (renamed)', partnerCompany: west, lines, template: unknown },
  changedFields: ['description', 'partnerCompany'],
};
/** A record nothing names any more: the page shows its id. */
const create: AuditEntry = {
  id: '7', at: new Date().toISOString(), user: ada, entity: 'company', recordId: branch, recordLabel: null, action: 'create',
  before: null, after: { code: 'NORTH', description: 'Northern branch' }, changedFields: ['code', 'description'],
};
/** The ids the API named on the first page (set-based, with the page). */
const labels = { [branch]: 'NORTH', [south]: 'SOUTH', [west]: 'WEST', [cash]: '1010 · Cash at bank' };

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function stubServer(): Call[] {
  return stubFetch(
    route('GET', /^\/admin\/audit-trail\?/, (call): { body: Page } => (call.path.includes('cursor=12') ? { body: { items: [create], labels: {} } } : { body: { items: [edit], labels, nextCursor: '12' } })),
    route('GET', '/admin/audit-trail/entities', { body: { items: ['company', 'journal', 'user'] } }),
    route('GET', /^\/auth\/user\/getbyrole\//, { body: { items: [], total: 0 } }),
    route('GET', '/gl/GetFullCompany', { status: 404, body: { message: 'Company not found' } }),
  );
}

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider initialUser={signedInUser}>
        <NotificationProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="/audit-trail" element={<><AuditTrailPage /><Address /></>} />
            </Routes>
          </MemoryRouter>
        </NotificationProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/admin/audit-trail?')).map((c) => new URL(c.path, 'http://x').searchParams);

// A wide screen: the record and changed-fields columns show from the md and lg breakpoints.
beforeEach(stubWideScreen);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AuditTrailPage', () => {
  it("asks for the record's history the address names and shows readable rows", async () => {
    const calls = stubServer();
    renderAt(`/audit-trail?entity=company&recordId=${branch}`);
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    await within(table).findByText('Edited');
    const [first] = listCalls(calls);
    expect(first?.get('entity')).toBe('company');
    expect(first?.get('recordId')).toBe(branch);
    expect(first?.get('limit')).toBe('20');
    expect(within(table).getByText('Company')).toBeTruthy();
    // The record reads as its label, the id in its tooltip.
    const record = within(table).getByTitle("Only this record's history");
    expect(record.textContent).toBe('NORTH');
    expect(within(table).queryByText(branch)).toBeNull();
    fireEvent.mouseEnter(record);
    expect((await screen.findByRole('tooltip')).textContent).toBe(branch);
    expect(within(table).getByText('Ada Admin')).toBeTruthy();
    expect(within(table).getByText(/^Today \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
    expect((screen.getByLabelText('Record id') as HTMLInputElement).value).toBe(branch);
  });

  it('opens a row into before and after side by side, the changed field marked', async () => {
    stubServer();
    renderAt('/audit-trail');
    fireEvent.click(await screen.findByText('Edited'));
    const diff = await screen.findByRole('table', { name: 'Before and after of entry 12' });
    const rows = within(diff).getAllByRole('row').slice(1);
    expect(rows.map((row) => [row.getAttribute('data-changed'), ...within(row).getAllByRole('cell').map((c) => c.textContent)])).toEqual([
      ['false', 'NORTH', 'NORTH'],
      ['true', 'Northern branch', 'Northern branch (renamed)'],
      // Known ids read as their labels, also inside nested values; an id the page does not name stays as it is.
      ['true', 'SOUTH', 'WEST'],
      ['false', ...[1, 2].map(() => JSON.stringify([{ account: '1010 · Cash at bank', debit: '100' }], null, 2))],
      ['false', unknown, unknown],
    ]);
    expect(within(rows[1]!).getByText('changed')).toBeTruthy();
    expect(within(rows[2]!).getByText('SOUTH').getAttribute('data-record-id')).toBe(south);
    fireEvent.click(within(diff.parentElement!).getByRole('switch', { name: 'Changed fields only' }));
    await waitFor(() => expect(within(diff).getAllByRole('row')).toHaveLength(3));
  });

  it('loads older entries from the cursor and narrows to a user or record when clicked', async () => {
    const calls = stubServer();
    renderAt('/audit-trail');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByText('Created');
    expect(listCalls(calls).at(-1)?.get('cursor')).toBe('12');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('2 entries shown')).toBeTruthy();
    // The older entry's record has no label: its id shows.
    expect(screen.getAllByTitle("Only this record's history").map((b) => b.textContent)).toEqual(['NORTH', branch]);

    fireEvent.click(screen.getAllByTitle('Only entries by Ada Admin')[0]!);
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe(`/audit-trail?userId=${ada.id}`));
    fireEvent.click((await screen.findAllByTitle("Only this record's history"))[0]!);
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe(`/audit-trail?entity=company&recordId=${branch}&userId=${ada.id}`));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('recordId')).toBe(branch));
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });
});
