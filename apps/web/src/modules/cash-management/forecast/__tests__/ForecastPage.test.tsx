// Proves the forecast chart's drill-down (issue 17): a bar of the chart opens the drill-down a row of the buckets'
// table opens, for the bar's period (the items request names that bucket and currency, the drawer that period);
// the bars and closing points are buttons named by series, period and amount, one Tab stop that the arrows move,
// and Enter opens the focused one's period.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ForecastItemsPage, ForecastResult } from '@erp/contracts';
import { forecastSources } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { adminUser, referenceRoutes, route, stubServer, type Call } from '../../../ledger/journals/__tests__/ledger-server';
import { ForecastPage } from '../ForecastPage';

afterEach(() => vi.unstubAllGlobals());

const bank = '95000000-0000-4000-8000-000000000001';
const bucket = (index: number, from: string, to: string, opening: string, receipts: string, payments: string, adjustments: string, closing: string) => ({ index, from, to, opening, receipts, payments, adjustments, closing });
const result: ForecastResult = {
  forecast: null, startDate: '2026-03-02', endDate: '2026-03-22', granularity: 'Week', scope: 'All banks', shiftByLateness: true,
  banks: [{ id: bank, code: 'MAIN', name: 'Main account', currency: 'USD', scale: 2, account: '1020' }],
  sources: forecastSources.map((s) => ({ ...s })),
  currencies: [{
    currency: 'USD', opening: '1000.00', closing: '1634.56',
    buckets: [
      bucket(0, '2026-03-02', '2026-03-08', '1000.00', '0.00', '0.00', '0.00', '1000.00'),
      bucket(1, '2026-03-09', '2026-03-15', '1000.00', '1234.56', '100.00', '0.00', '2134.56'),
      bucket(2, '2026-03-16', '2026-03-22', '2134.56', '0.10', '0.00', '-500.00', '1634.66'),
    ],
  }],
};
const itemsOf: Record<string, ForecastItemsPage> = {
  1: { items: [{ source: 'openItems', expectedDate: '2026-03-11', dueDate: '2026-03-11', daysLate: 0, bank: 'MAIN', party: 'Acme Ltd', reference: 'SI2026-000007', description: 'Due in week 2', amount: '1234.56' }], total: 1 },
  2: { items: [{ source: 'adjustments', expectedDate: '2026-03-20', dueDate: '2026-03-20', daysLate: 0, bank: null, party: null, reference: null, description: 'Tax instalment', amount: '-500.00' }], total: 1 },
};

function serve(): Call[] {
  return stubServer(
    ...referenceRoutes,
    route('GET', '/cm/cashflow-forecasts?limit=100', { body: { items: [], total: 0 } }),
    route('GET', /^\/cm\/cashflow-forecast\/items\?/, (call) => ({ body: itemsOf[new URL(call.path, 'http://x').searchParams.get('bucket')!] ?? { items: [], total: 0 } })),
    route('GET', /^\/cm\/cashflow-forecast\?/, { body: result }),
  );
}

/** The open drill-down, titled with its currency and period (jsdom gives antd's title a shared test id: read the title, not the dialog's name). */
async function drillDown(title: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog.closest('.ant-drawer')?.classList.contains('ant-drawer-open')).toBe(true));
  await within(dialog).findByText(title);
  return dialog;
}

const itemCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/cm/cashflow-forecast/items?')).map((c) => new URL(c.path, 'http://x').searchParams);

describe('forecast chart drill-down', () => {
  it('a click on a bar opens the drill-down of its period, as a row of the table does', async () => {
    const calls = serve();
    renderWithProviders(<ForecastPage />, { user: adminUser, path: '/cashflow-forecast' });
    const chart = await screen.findByRole('figure', { name: 'Cash-flow chart USD' });
    // Every bar and closing point is a button naming its series, period and amount (exactly: 0.10 + 0 adjustment in, 500.00 out).
    const names = within(chart).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Closing cash 02/03/26 – 08/03/26: 1,000.00, open the period\'s items',
      'Receipts 09/03/26 – 15/03/26: 1,234.56, open the period\'s items',
      'Payments 09/03/26 – 15/03/26: 100.00, open the period\'s items',
      'Closing cash 09/03/26 – 15/03/26: 2,134.56, open the period\'s items',
      'Receipts 16/03/26 – 22/03/26: 0.10, open the period\'s items',
      'Payments 16/03/26 – 22/03/26: 500.00, open the period\'s items',
      'Closing cash 16/03/26 – 22/03/26: 1,634.66, open the period\'s items',
    ]);
    await userEvent.click(within(chart).getByRole('button', { name: /^Receipts 09\/03\/26 – 15\/03\/26/ }));
    const drawer = await drillDown('USD · 09/03/26 – 15/03/26');
    const items = within(drawer).getByRole('table', { name: 'Bucket items' });
    expect(await within(items).findByText('Acme Ltd')).toBeTruthy();
    expect(within(items).getByText('1,234.56')).toBeTruthy();
    const [first] = itemCalls(calls);
    expect(first?.get('currency')).toBe('USD');
    expect(first?.get('bucket')).toBe('1');
    expect(first?.get('page')).toBe('1');

    // The same drill-down as the table's row of that period.
    await userEvent.click(within(drawer).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(drawer.closest('.ant-drawer')?.classList.contains('ant-drawer-open')).toBe(false));
    const rows = within(screen.getByRole('table', { name: 'Buckets USD' })).getAllByRole('row');
    await userEvent.click(within(rows[2]!).getByText('09/03/26 – 15/03/26'));
    expect(await drillDown('USD · 09/03/26 – 15/03/26')).toBeTruthy();
    // Both asked for the same items: the bar's and the row's requests are one request.
    await waitFor(() => expect(itemCalls(calls).length).toBeGreaterThan(1));
    expect(new Set(itemCalls(calls).map((p) => p.toString()))).toEqual(new Set([first!.toString()]));
  });

  it('keyboard: one Tab stop, the arrows move between bars and points, Enter opens the focused one\'s period', async () => {
    const calls = serve();
    renderWithProviders(<ForecastPage />, { user: adminUser, path: '/cashflow-forecast' });
    const chart = await screen.findByRole('figure', { name: 'Cash-flow chart USD' });
    const buttons = within(chart).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1', '-1', '-1']);
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[6]);
    fireEvent.keyDown(buttons[6]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons[5]);
    await waitFor(() => expect(buttons[5]!.getAttribute('tabindex')).toBe('0'));
    expect(buttons.filter((b) => b.getAttribute('tabindex') === '0')).toHaveLength(1);
    fireEvent.keyDown(buttons[5]!, { key: 'Enter' });
    const drawer = await drillDown('USD · 16/03/26 – 22/03/26');
    expect(await within(drawer).findByText('Tax instalment')).toBeTruthy();
    expect(itemCalls(calls).map((p) => [p.get('currency'), p.get('bucket')])).toEqual([['USD', '2']]);
  });
});
