// Proves the approval inbox: rows show the document link (SPEC.md approval link target), the amount right-aligned in 2 decimals and the age; Open/Done filter the server query; the drawer approves with a comment and refuses a rejection without one.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TaskBell } from '../components/TaskBell';
import TaskInboxPage from '../pages/TaskInboxPage';
import { adminUser, ids, inboxItem, instanceView, route, stubServer } from './workflow-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const inboxRoutes = [
  route('GET', '/workflow/approval-types', { body: [] }),
  route('GET', /^\/workflow\/tasks\?/, (call) => ({ body: call.path.includes('status=Done') ? { items: [inboxItem({ status: 'Approved', taskId: '50000000-0000-4000-8000-000000000002' })], total: 1 } : { items: [inboxItem()], total: 1 } })),
  route('GET', `/workflow/tasks/${ids.task}`, { body: { task: inboxItem(), instance: instanceView(), canAct: true } }),
  route('GET', /^\/workflow\/history\?/, {
    body: { current: instanceView(), items: [{ id: '61000000-0000-4000-8000-000000000001', instanceId: ids.instance, action: 'submitted', actor: { id: ids.clerk, name: 'Carl Clerk' }, onBehalfOf: null, target: null, stepNo: null, operation: null, comment: 'Please approve', at: '2026-03-15T10:00:00.000Z' }] },
  }),
];

describe('approval inbox', () => {
  it('lists open tasks with the document link, the amount right-aligned in 2 decimals and the age', async () => {
    const calls = stubServer(...inboxRoutes);
    renderWithProviders(<TaskInboxPage />, { user: adminUser, path: '/workflow-task' });
    const amount = await screen.findByText('1,234.50 USD');
    expect(amount.closest('td')!.style.textAlign).toBe('right');
    expect(screen.getByRole('link', { name: /JV2026-000042/ }).getAttribute('href')).toBe(`/journal?id=${ids.journal}`);
    expect(screen.getByText('1 d 3 h')).toBeTruthy();
    expect(calls.some((c) => c.path === '/workflow/tasks?status=Open&page=1&limit=20')).toBe(true);
  });

  it('asks the server for done tasks on the Done tab and shows their outcome', async () => {
    const calls = stubServer(...inboxRoutes);
    const user = userEvent.setup();
    renderWithProviders(<TaskInboxPage />, { user: adminUser, path: '/workflow-task' });
    await screen.findByText('1,234.50 USD');
    await user.click(screen.getByRole('tab', { name: 'Done' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/workflow/tasks?status=Done&page=1&limit=20')).toBe(true));
    expect(await screen.findByText('Approved')).toBeTruthy();
  });

  it('approves from the drawer with the comment; a rejection needs a reason and sends nothing without one', async () => {
    const calls = stubServer(...inboxRoutes, route('POST', `/workflow/tasks/${ids.task}/approve`, { body: { instance: instanceView({ status: 'Approved' }) } }));
    const user = userEvent.setup();
    renderWithProviders(<TaskInboxPage />, { user: adminUser, path: '/workflow-task' });
    await user.click(await screen.findByText('1,234.50 USD'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('“Please approve”')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: /Reject/ }));
    expect(await within(drawer).findByText('Please give the reason for the rejection')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false);
    await user.type(within(drawer).getByRole('textbox', { name: 'Comment' }), 'Checked');
    await user.click(within(drawer).getByRole('button', { name: /Approve/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === `/workflow/tasks/${ids.task}/approve`)?.body).toEqual({ comment: 'Checked' }));
  });

  it('shows a refusal as it comes (approving your own document)', async () => {
    stubServer(...inboxRoutes, route('POST', `/workflow/tasks/${ids.task}/approve`, { status: 422, body: { statusCode: 422, message: 'You cannot approve your own document' } }));
    const user = userEvent.setup();
    renderWithProviders(<TaskInboxPage />, { user: adminUser, path: `/workflow-task?task=${ids.task}` });
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: /Approve/ }));
    expect(await within(drawer).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('You cannot approve your own document'));
  });
});

describe('the bell', () => {
  it('shows the count of open tasks and the newest, each linking to its document', async () => {
    stubServer(route('GET', '/workflow/tasks/summary', { body: { count: 3, newest: [inboxItem()], unreadMessages: 1 } }));
    const user = userEvent.setup();
    renderWithProviders(<TaskBell />, { user: adminUser });
    const bell = await screen.findByRole('button', { name: 'Notifications: 3 approval tasks' });
    await user.click(bell);
    const open = await screen.findByRole('link', { name: 'Open JV2026-000042' });
    expect(open.getAttribute('href')).toBe(`/journal?id=${ids.journal}`);
    expect(screen.getByRole('link', { name: 'All my tasks (3)' }).getAttribute('href')).toBe('/workflow-task');
    expect(screen.getByText('1 unread message')).toBeTruthy();
  });

  it('lists the in-app messages on its second tab; opening one marks it read', async () => {
    const message = { id: '62000000-0000-4000-8000-000000000001', event: 'Approved', title: 'Approved: JournalApproval JV2026-000042', body: 'JournalApproval JV2026-000042 for 1,234.50 USD was approved by Ada.', link: `/journal?id=${ids.journal}`, read: false, createdAt: '2026-03-15T11:00:00.000Z' };
    const calls = stubServer(
      route('GET', '/workflow/tasks/summary', { body: { count: 0, newest: [], unreadMessages: 1 } }),
      route('GET', '/workflow/messages?limit=10&page=1', { body: { items: [message], total: 1, unread: 1 } }),
      route('POST', `/workflow/messages/${message.id}/read`, { body: { ...message, read: true } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<TaskBell />, { user: adminUser });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Nothing waits for your approval')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Messages (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Unread: Approved: JournalApproval JV2026-000042' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/workflow/messages/${message.id}/read`)).toBe(true));
  });
});
