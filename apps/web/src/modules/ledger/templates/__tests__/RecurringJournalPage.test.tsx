// Proves /recurring-journal: a schedule shows the dates it will generate, saves the end the user chose, Run now generates the due journals once and lists them, and a failed run is shown.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { adminUser, referenceRoutes, route, stubServer } from '../../journals/__tests__/ledger-server';
import RecurringJournalPage from '../pages/RecurringJournalPage';
import RecurringJournalsPage from '../pages/RecurringJournalsPage';
import { generated, recurringView, tids } from './templates-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const historyPath = `/gl/recurring-journals/${tids.recurring}/journals?limit=10&page=1`;

describe('recurring journal', () => {
  it('previews the next dates on the start day and stops at the occurrences asked for', async () => {
    stubServer(
      ...referenceRoutes,
      route('GET', `/gl/recurring-journals/${tids.recurring}`, { body: recurringView({ occurrences: 3, occurrencesGenerated: 0 }) }),
      route('GET', historyPath, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<RecurringJournalPage />, { user: adminUser, path: `/recurring-journal?id=${tids.recurring}` });
    const next = await screen.findByLabelText('Next journal dates');
    expect(within(next).getAllByText(/\d/).map((tag) => tag.textContent)).toEqual(['30/09/26', '30/10/26', '30/11/26']);
    expect(await screen.findByText('No journal generated yet')).toBeTruthy();
  });

  it('runs now once, reports what it generated and lists the journals', async () => {
    let ran = false;
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', `/gl/recurring-journals/${tids.recurring}`, { body: recurringView() }),
      route('GET', historyPath, () => ({ body: ran ? { items: [generated('2026-10-31', 'JV2026-000003'), generated('2026-09-30', 'JV2026-000002')], total: 2 } : { items: [], total: 0 } })),
      route('POST', `/gl/recurring-journals/${tids.recurring}/run`, () => {
        ran = true;
        return { body: { generated: [generated('2026-09-30', 'JV2026-000002'), generated('2026-10-31', 'JV2026-000003')], failure: null, schedule: recurringView({ nextDate: '2026-11-30', occurrencesGenerated: 2 }) } };
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<RecurringJournalPage />, { user: adminUser, path: `/recurring-journal?id=${tids.recurring}` });
    await user.click(await screen.findByRole('button', { name: /Run now/ }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Run now' }));
    await screen.findByText('2 journals generated');
    const table = await screen.findByRole('table', { name: 'Generated journals' });
    expect((await within(table).findByRole('link', { name: 'JV2026-000003' })).getAttribute('href')).toBe(`/journal?id=${tids.generated}`);
    expect(within(table).getAllByText('1,200.00')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByLabelText('Next journal dates')).getAllByText(/\d/)[0]!.textContent).toBe('30/11/26'));
  });

  it('shows the failure of the last run', async () => {
    stubServer(
      ...referenceRoutes,
      route('GET', `/gl/recurring-journals/${tids.recurring}`, { body: recurringView({ lastError: 'Period Sep 2026 is Closed', lastErrorAt: '2026-09-30T02:00:00.000Z' }) }),
      route('GET', historyPath, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<RecurringJournalPage />, { user: adminUser, path: `/recurring-journal?id=${tids.recurring}` });
    expect(await screen.findByText('Period Sep 2026 is Closed')).toBeTruthy();
  });

  it('saves a new schedule with the end chosen', async () => {
    const calls = stubServer(...referenceRoutes, route('POST', '/gl/recurring-journals', { body: recurringView() }), route('GET', /^\/gl\/journal-templates\/lookup/, { body: [{ id: tids.template, label: 'RENT · Monthly rent' }] }));
    // antd's option list animates in with pointer-events off; jsdom never finishes the animation.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithProviders(<RecurringJournalPage />, { user: adminUser, path: '/recurring-journal' });
    await screen.findByRole('heading', { name: 'New recurring journal' });
    await user.type(screen.getByLabelText('Code'), 'RENT-M');
    await user.type(screen.getByLabelText('Description'), 'Monthly office rent');
    await user.click(screen.getByLabelText('Template'));
    await user.click(await screen.findByTitle('RENT · Monthly rent'));
    await user.click(screen.getByRole('radio', { name: 'After' }));
    await user.type(screen.getByLabelText('Number of journals'), '12');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ code: 'RENT-M', description: 'Monthly office rent', template: tids.template, frequency: 'Monthly', interval: 1, endDate: null, occurrences: 12, mode: 'Draft', active: true });
  });
});

describe('recurring journals list', () => {
  it('lists the schedules with how often, the next date and the end, and filters by state on the server', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', /^\/gl\/recurring-journals\?/, (call) => ({
        body: call.path.includes('state=Completed')
          ? { items: [], total: 0 }
          : { items: [recurringView(), recurringView({ id: tids.template, code: 'INS-Q', frequency: 'Quarterly', interval: 2, occurrences: null, endDate: '2027-12-31', lastError: 'Period Sep 2026 is Closed' })], total: 2 },
      })),
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithProviders(<RecurringJournalsPage />, { user: adminUser, path: '/recurring-journals' });
    const table = await screen.findByRole('table', { name: 'Recurring Journals' });
    const row = (await within(table).findByRole('link', { name: 'INS-Q' })).closest('tr')!;
    expect(within(row).getByText('Every 2 quarters')).toBeTruthy();
    expect(within(row).getByText('30/09/26')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('/gl/recurring-journals?'))!.path).toBe('/gl/recurring-journals?sort=nextDate&limit=20&page=1');
    await user.click(screen.getByLabelText('State'));
    await user.click(await screen.findByTitle('Completed'));
    await screen.findByText('No results found.');
    expect(calls.some((c) => c.path === '/gl/recurring-journals?sort=nextDate&state=Completed&limit=20&page=1')).toBe(true);
  });
});
