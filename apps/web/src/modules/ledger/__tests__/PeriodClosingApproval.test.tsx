// Proves the periods table under a PeriodClosing workflow: without one, an open period offers Close and Lock and closing sends its status; with one, Close and Lock of an open period become Submit closing for approval (POST /workflow/submissions of the period), a period under approval is tagged "Closing under approval" and offers nothing to submit, and a closed period keeps Open and Lock.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { adminUser, route, stubServer, type Call, type Route } from '../../../shared/kit/__tests__/kit-server';
import { PeriodsPanel } from '../components/PeriodsPanel';
import type { AccountingPeriod, PeriodStatus } from '../setup-api';

const fiscalYear = { id: '30000000-0000-4000-8000-000000002026', code: 'FY2026', startDate: '2026-01-01', endDate: '2026-12-31' };
const path = `/gl/fiscal-years/${fiscalYear.id}/periods`;

function period(periodNo: number, name: string, month: string, status: PeriodStatus): AccountingPeriod {
  return { id: `40000000-0000-4000-8000-${String(periodNo).padStart(12, '0')}`, fiscalYear: fiscalYear.id, periodNo, name, startDate: `2026-${month}-01`, endDate: `2026-${month}-28`, type: 'Regular', status, updatedAt: '2026-01-01T00:00:00.000Z' };
}
const jan = period(1, 'Jan 2026', '01', 'Open');
const feb = period(2, 'Feb 2026', '02', 'Open');
const mar = period(3, 'Mar 2026', '03', 'Closed');

/** GET /workflow/gate of PeriodClosing: `active` for the company; the periods in `running` are under approval. */
const gate = (active: boolean, running: () => readonly string[]): Route =>
  route('GET', /^\/workflow\/gate\?approvalType=PeriodClosing/, (call) => {
    const documentId = new URL(call.path, 'http://x').searchParams.get('documentId');
    const under = documentId !== null && running().includes(documentId);
    return { body: { workflowActive: active, underApproval: under, instanceId: under ? '60000000-0000-4000-8000-000000000001' : null } };
  });

function server(...routes: Route[]): Call[] {
  return stubServer(
    route('GET', '/gl/GetFullCompany', { body: { id: fiscalYear.id, code: 'HO', description: 'Head Office', baseCurrency: 'USD', accountingDate: '2026-01-15', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } }),
    route('GET', path, { body: [jan, feb, mar] }),
    ...routes,
  );
}

const table = () => screen.getByRole('table', { name: 'Periods of FY2026' });
const rowOf = (name: string) => within(table()).getAllByRole('row').find((row) => within(row).queryByText(name) !== null)!;

afterEach(() => vi.unstubAllGlobals());

describe('period closing by approval', () => {
  it('without a workflow offers Close and Lock and closes the period directly', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server(gate(false, () => []), route('POST', `/gl/accounting-periods/${jan.id}/status`, { body: { ...jan, status: 'Closed' } }));
    renderWithProviders(<PeriodsPanel fiscalYear={fiscalYear} />, { user: adminUser });
    await user.click(await screen.findByRole('button', { name: 'Close Jan 2026' }));
    expect(screen.getByRole('button', { name: 'Lock Jan 2026' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit closing/ })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: `/gl/accounting-periods/${jan.id}/status`, body: { status: 'Closed' } }));
    expect(calls.some((c) => c.path.includes('documentId='))).toBe(false);
  });

  it('with an active workflow submits the closing of an open period and tags the periods under approval', async () => {
    const user = userEvent.setup({ delay: null });
    const running = [feb.id];
    const calls = server(
      gate(true, () => running),
      route('POST', '/workflow/submissions', (call) => {
        running.push((call.body as { documentId: string }).documentId);
        return { body: { id: '60000000-0000-4000-8000-000000000002', status: 'Running' } };
      }),
    );
    renderWithProviders(<PeriodsPanel fiscalYear={fiscalYear} />, { user: adminUser });
    const submit = await screen.findByRole('button', { name: 'Submit closing of Jan 2026 for approval' });
    expect(within(rowOf('Feb 2026')).getByText('Closing under approval')).toBeTruthy();
    expect(within(rowOf('Jan 2026')).queryByText('Closing under approval')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit closing of Feb 2026 for approval' })).toBeNull();
    for (const name of ['Close Jan 2026', 'Lock Jan 2026', 'Close Feb 2026', 'Lock Feb 2026']) expect(screen.queryByRole('button', { name })).toBeNull();
    // A closed period is not closed by approval: it keeps Open and Lock.
    expect(screen.getByRole('button', { name: 'Open Mar 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lock Mar 2026' })).toBeTruthy();

    await user.click(submit);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/workflow/submissions', body: { approvalType: 'PeriodClosing', documentId: jan.id } }));
    await waitFor(() => expect(within(rowOf('Jan 2026')).getByText('Closing under approval')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Submit closing of Jan 2026 for approval' })).toBeNull();
    expect(screen.getByTestId('notification-body').textContent).toBe('The closing of Jan 2026 is submitted for approval');
    expect(calls.some((c) => c.method === 'POST' && c.path.includes('/status'))).toBe(false);
  });
});
