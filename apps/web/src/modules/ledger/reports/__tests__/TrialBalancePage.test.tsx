// Proves the trial balance renders grouped by class and group with the server's subtotals, a totals row and the balance badge, links each account to its drill-down, and exports what it shows.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { adminUser, referenceRoutes, route, stubServer } from '../../journals/__tests__/ledger-server';
import TrialBalancePage from '../pages/TrialBalancePage';
import { trialBalanceRows } from '../trial-balance-rows';
import { tbFixture } from './trial-balance-fixture';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Each body row's cells as text, e.g. ['Total 10 · Current Assets', '100.00', '1,300.30', '200.20', '1,200.10']. */
const bodyRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell').map((td) => td.textContent?.trim() ?? ''));

describe('trial balance grouping', () => {
  it('opens each class and group with a heading and closes them with subtotals, then one totals row', () => {
    expect(trialBalanceRows(tbFixture).map((r) => (r.kind === 'account' ? `  ${r.row.code}` : `${r.kind} ${r.code}`))).toEqual([
      'class 1', 'group 10', '  1010', '  1300', 'groupTotal 10', 'group 11', '  1500', 'groupTotal 11', 'classTotal 1',
      'class 3', 'group 30', '  3000', 'groupTotal 30', 'classTotal 3',
      'total ',
    ]);
  });

  it('renders the fixture with right-aligned locale amounts, subtotals, totals, the badge and drill-down links', async () => {
    const calls = stubServer(...referenceRoutes, route('GET', /^\/gl\/trial-balance\?/, { body: tbFixture }));
    renderWithProviders(<TrialBalancePage />, { user: adminUser, path: '/trial-balance?from=2026-01-01&to=2026-12-31' });
    await screen.findByText('Total 10 · Current Assets');
    expect(calls.find((c) => c.path.startsWith('/gl/trial-balance'))!.path).toBe('/gl/trial-balance?from=2026-01-01&to=2026-12-31');
    const rows = bodyRows();
    expect(rows[0]).toEqual(['1 · Assets']);
    expect(rows[2]).toEqual(['1010 · Petty Cash', '100.00', '1,000.10', '200.20', '899.90']);
    expect(rows[4]).toEqual(['Total 10 · Current Assets', '100.00', '1,300.30', '200.20', '1,200.10']);
    expect(rows[8]).toEqual(['Total 1 · Assets', '100.00', '1,300.30', '200.20', '1,200.10']);
    expect(rows[13]).toEqual(['Total 3 · Equity', '-100.00', '0.00', '1,100.10', '-1,200.10']);
    expect(rows[14]).toEqual(['Total', '0.00', '1,300.30', '1,300.30', '0.00']);
    const amountCell = within(screen.getByRole('table')).getByText('899.90').closest('td')!;
    expect(amountCell.style.textAlign).toBe('right');
    expect(screen.getByTestId('tb-balance').textContent).toBe('Balanced');
    expect(screen.getByRole('link', { name: '1010 · Petty Cash' }).getAttribute('href')).toBe(
      '/transaction-history?account=a0000000-0000-4000-8000-000000001010&from=2026-01-01&to=2026-12-31',
    );
  });

  it("writes amounts and dates as the company's locale and date format say, not the browser's", async () => {
    const company = { id: 'c0000000-0000-4000-8000-000000000001', code: 'DE', description: 'Berlin', baseCurrency: 'USD', accountingDate: '2026-01-15', dateFormat: 'dd.mm.yyyy', locale: 'de-DE', status: 'Active', createdAt: '', updatedAt: '' };
    stubServer(route('GET', '/gl/GetFullCompany', { body: company }), ...referenceRoutes, route('GET', /^\/gl\/trial-balance\?/, { body: tbFixture }));
    renderWithProviders(<TrialBalancePage />, { user: adminUser, path: '/trial-balance?from=2026-01-01&to=2026-12-31' });
    await screen.findByText('Total 10 · Current Assets');
    await waitFor(() => expect(bodyRows()[2]).toEqual(['1010 · Petty Cash', '100,00', '1.000,10', '200,20', '899,90']));
    expect(bodyRows()[14]).toEqual(['Total', '0,00', '1.300,30', '1.300,30', '0,00']);
    expect(screen.getByText(/^01\.01\.2026 – 31\.12\.2026/)).toBeTruthy();
  });

  it('shows Not balanced when the server says so', async () => {
    stubServer(...referenceRoutes, route('GET', /^\/gl\/trial-balance\?/, { body: { ...tbFixture, balanced: false } }));
    renderWithProviders(<TrialBalancePage />, { user: adminUser, path: '/trial-balance' });
    await waitFor(() => expect(screen.getByTestId('tb-balance').textContent).toBe('Not balanced'));
  });
});

describe('subledger tie-out panel', () => {
  it('asks for the tie-out only when opened, as of the last day of the range, and marks a difference', async () => {
    const tieout = {
      asOf: '2026-12-31', baseCurrency: 'USD', tiesOut: false,
      rows: [
        { account: 'a-1100', accountCode: '1100', accountName: 'Accounts Receivable', controlType: 'Receivables', module: 'Account Receivable', partyType: 'Customer', ledgerBalance: '1250.00', partyBalance: '1250.00', difference: '0.00', parties: 3, tiesOut: true },
        { account: 'a-2000', accountCode: '2000', accountName: 'Accounts Payable', controlType: 'Payables', module: 'Account Payable', partyType: 'Vendor', ledgerBalance: '-900.00', partyBalance: '-893.00', difference: '-7.00', parties: 2, tiesOut: false },
      ],
    };
    const calls = stubServer(...referenceRoutes, route('GET', /^\/gl\/trial-balance\?/, { body: tbFixture }), route('GET', /^\/gl\/subledger-tieout\?/, { body: tieout }));
    renderWithProviders(<TrialBalancePage />, { user: adminUser, path: '/trial-balance?from=2026-01-01&to=2026-12-31' });
    await screen.findByText('Total 10 · Current Assets');
    expect(calls.some((c) => c.path.startsWith('/gl/subledger-tieout'))).toBe(false);
    fireEvent.click(screen.getByText(/^Subledger tie-out as of 31\/12\/(20)?26$/));
    await screen.findByText('2000 · Accounts Payable');
    expect(calls.find((c) => c.path.startsWith('/gl/subledger-tieout'))!.path).toBe('/gl/subledger-tieout?asOf=2026-12-31');
    expect(screen.getByTestId('tieout-status').textContent).toBe('Differences');
    const payables = screen.getByText('2000 · Accounts Payable').closest('tr')!;
    expect(within(payables).getAllByRole('cell').map((td) => td.textContent)).toEqual(['2000 · Accounts Payable', 'Account Payable', '-900.00', '-893.00', '-7.00', '2', 'Difference']);
    expect(within(payables).getByText('-7.00').closest('td')!.style.textAlign).toBe('right');
  });
});
