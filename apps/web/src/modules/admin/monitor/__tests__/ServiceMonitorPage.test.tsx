// Proves the service monitor screen: a card per part with its status, the queue table, the failures, and a refresh that asks again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, route, stubFetch } from '../../__tests__/render-admin';
import ServiceMonitorPage from '../ServiceMonitorPage';
import { monitorSample } from './monitor-sample';

afterEach(() => vi.unstubAllGlobals());

describe('ServiceMonitorPage', () => {
  it('shows each part with its status and figures, the queues and the last failures', async () => {
    const calls = stubFetch(route('GET', '/admin/service-monitor', { body: monitorSample() }));
    renderAdmin(<ServiceMonitorPage />);
    const api = await screen.findByRole('region', { name: 'API: OK' });
    expect(within(api).getByText('1 h 2 min')).toBeTruthy();
    expect(within(api).getByText('150.0 MB resident, heap 60.0 MB of 80.0 MB')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Database: OK' })).getByText('PostgreSQL')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Job queue: Not running' })).getByText('Not running in this server')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Mail: Warning' })).getByText('SMTP server')).toBeTruthy();
    // The heading sums up the worst part (the mail's warning).
    expect(screen.getAllByText('Warning')).toHaveLength(2);

    const queues = screen.getByRole('table', { name: 'Queues' });
    const queueRows = within(queues).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(queueRows.map((cells) => [cells[0], cells[1], cells[2], cells[3], cells[4], cells[6], cells[7]])).toEqual([
      ['ledger.recurring-journals', 'Every 5 minutes', '3', '1', '2', '12.5 ms', 'Failed'],
      ['mail.deliver', 'On demand', '0', '0', '0', '—', '—'],
    ]);
    const failures = screen.getByRole('table', { name: 'Last failures' });
    const rows = within(failures).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1).map((c) => c.textContent))).toEqual([
      ['Mail', 'Mail to ann@example.com: Your code', 'connect ECONNREFUSED 127.0.0.1:25'],
      ['Job queue', 'ledger.recurring-journals', 'No open period for 2026-03-10'],
    ]);

    const before = calls.filter((c) => c.path === '/admin/service-monitor').length;
    const refresh = screen.getByRole('button', { name: /Refresh/ });
    // A button that is loading ignores clicks: wait until the first answer has settled.
    await waitFor(() => expect(refresh.className).not.toContain('ant-btn-loading'));
    fireEvent.click(refresh);
    await waitFor(() => expect(calls.filter((c) => c.path === '/admin/service-monitor').length).toBe(before + 1));
  });

  it('shows the error object when the monitor cannot be read', async () => {
    stubFetch(route('GET', '/admin/service-monitor', { status: 403, body: { message: 'You are not permitted to do this', statusCode: 403 } }));
    renderAdmin(<ServiceMonitorPage />);
    expect(await screen.findByText('You are not permitted to do this')).toBeTruthy();
  });
});
