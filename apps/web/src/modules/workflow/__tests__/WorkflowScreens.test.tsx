// Proves the definition screens: the workflow list queries the server by filter, the editor saves the steps as the contract wants (ids kept), the chart draws every step with its condition and deadline, message templates save with a placeholder inserted, and tags save their members.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultMessageTemplates, messageEvents } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import MessageSettingPage from '../pages/MessageSettingPage';
import EscalationPage from '../pages/EscalationPage';
import WorkflowChartPage from '../pages/WorkflowChartPage';
import WorkflowPage from '../pages/WorkflowPage';
import WorkflowTagPage from '../pages/WorkflowTagPage';
import { adminUser, ids, route, stubServer, workflowView } from './workflow-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The editor renders many antd selects: slow in jsdom on a loaded machine. */
const EDITOR_TIMEOUT_MS = 45_000;

const listItem = { id: ids.workflow, approvalType: 'JournalApproval', name: 'Journals', description: null, active: true, allowSelfApproval: false, stepCount: 2, runningCount: 1, updatedAt: '2026-03-02T10:00:00.000Z' };
const typeInfo = { type: 'JournalApproval', operations: ['Validate', 'Post'], completion: ['Validate', 'Post'], linkTarget: '/journal', available: true, awaiting: null };
const definitionRoutes = [
  route('GET', '/workflow/approval-types', { body: [typeInfo] }),
  route('GET', /^\/workflow\/workflows\?/, { body: { items: [listItem], total: 1 } }),
  route('GET', `/workflow/workflows/${ids.workflow}`, { body: workflowView() }),
  route('GET', /^\/workflow\/escalations/, { body: { items: [], total: 0 } }),
  route('GET', /^\/workflow\/tags\?/, { body: { items: [], total: 0 } }),
  route('GET', /^\/workflow\/users\/lookup/, { body: [{ id: ids.me, label: 'Ada <ada@example.com>' }] }),
];

describe('workflows', () => {
  it('lists workflows from the server and searches there', async () => {
    const calls = stubServer(...definitionRoutes);
    const user = userEvent.setup();
    renderWithProviders(<WorkflowPage />, { user: adminUser, path: '/workflow' });
    const table = await screen.findByRole('table', { name: 'Workflows' });
    expect(await within(table).findByRole('link', { name: 'Journals' })).toHaveProperty('href', expect.stringContaining(`/workflow?id=${ids.workflow}`));
    expect(calls.some((c) => c.path === '/workflow/workflows?page=1&limit=20')).toBe(true);
    await user.type(screen.getByRole('searchbox', { name: 'Search workflows' }), 'journ');
    await waitFor(() => expect(calls.some((c) => c.path === '/workflow/workflows?search=journ&page=1&limit=20')).toBe(true));
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
  });

  it('saves an edited workflow with its steps in order, ids kept and thresholds as decimal strings', async () => {
    const calls = stubServer(...definitionRoutes, route('PUT', `/workflow/workflows/${ids.workflow}`, (call) => ({ body: { ...workflowView(), name: (call.body as { name: string }).name } })));
    const user = userEvent.setup();
    renderWithProviders(<WorkflowPage />, { user: adminUser, path: `/workflow?id=${ids.workflow}` });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Journal approval' } });
    await user.click(screen.getByRole('button', { name: 'Move step 2 up' }));
    fireEvent.change(screen.getAllByLabelText('Max amount (USD)')[0]!, { target: { value: '50000' } });
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as { name: string; steps: { id: string; minAmount: string | null; maxAmount: string | null }[] };
    expect(body.name).toBe('Journal approval');
    expect(body.steps.map((s) => s.id)).toEqual([ids.step2, ids.step1]);
    expect(body.steps[0]).toMatchObject({ minAmount: '10000', maxAmount: '50000' });
  }, EDITOR_TIMEOUT_MS);

  it('does not send a workflow whose step has no assignee', async () => {
    const calls = stubServer(...definitionRoutes);
    const user = userEvent.setup();
    renderWithProviders(<WorkflowPage />, { user: adminUser, path: `/workflow?id=${ids.workflow}` });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: /Add step/ }));
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('A step needs at least one user or tag')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  }, EDITOR_TIMEOUT_MS);
});

describe('workflow chart', () => {
  it('draws each step with its approvers, condition, deadline and the skip around the conditional step', async () => {
    stubServer(...definitionRoutes);
    renderWithProviders(<WorkflowChartPage />, { user: adminUser, path: `/workflow-chart?id=${ids.workflow}` });
    const chart = await screen.findByRole('img', { name: 'Chart of workflow Journals' });
    const boxes = within(chart).getAllByRole('listitem');
    expect(boxes).toHaveLength(4);
    expect(boxes[1]!.getAttribute('aria-label')).toBe('1. Finance review. Any of: Ada. Every document. Deadline 24 h. Then performs Validate');
    expect(boxes[2]!.getAttribute('aria-label')).toContain('Only when amount ≥ 10,000.00 USD');
    expect(within(chart).getByText('outside the range: skip')).toBeTruthy();
    expect(within(chart).getByText('Runs Post')).toBeTruthy();
  });
});

describe('escalation rules', () => {
  it('lists the rules of every workflow, or of the one in the address, in words', async () => {
    const rule = {
      id: '90000000-0000-4000-8000-000000000001', workflowId: ids.workflow, workflowName: 'Journals', approvalType: 'JournalApproval', stepId: ids.step1, stepName: 'Finance review',
      action: 'Escalate', target: { kind: 'Tag', id: ids.tag, label: 'CFO · Chief financial officers' }, afterHours: 4, repeatEveryHours: 8, maxTimes: 3, active: true,
      createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z',
    };
    const calls = stubServer(route('GET', /^\/workflow\/escalations/, { body: { items: [rule], total: 1 } }), ...definitionRoutes);
    renderWithProviders(<EscalationPage />, { user: adminUser, path: '/escalation' });
    const table = await screen.findByRole('table', { name: 'Escalation rules' });
    expect(await within(table).findByText('Journals (Journal Approval)')).toBeTruthy();
    expect(within(table).getByText('Escalate to CFO · Chief financial officers')).toBeTruthy();
    expect(within(table).getByText('4 h after the deadline, every 8 h, at most 3×')).toBeTruthy();
    expect(calls.some((c) => c.path === '/workflow/escalations')).toBe(true);
  });

  it('asks only for the chosen workflow when the address names one', async () => {
    const calls = stubServer(...definitionRoutes);
    renderWithProviders(<EscalationPage />, { user: adminUser, path: `/escalation?workflowId=${ids.workflow}` });
    await screen.findByRole('table', { name: 'Escalation rules' });
    await waitFor(() => expect(calls.some((c) => c.path === `/workflow/escalations?workflowId=${ids.workflow}`)).toBe(true));
  });
});

describe('message settings', () => {
  it('shows the four events and saves one with a placeholder inserted, previewed with sample values', async () => {
    const settings = messageEvents.map((event) => ({ event, ...defaultMessageTemplates[event], mail: true, inApp: true, isDefault: true, updatedAt: null }));
    const calls = stubServer(route('GET', '/workflow/message-settings', { body: settings }), route('PUT', '/workflow/message-settings/Rejected', (call) => ({ body: { ...settings[2], ...(call.body as object), isDefault: false, updatedAt: '2026-03-02T10:00:00.000Z' } })));
    const user = userEvent.setup();
    renderWithProviders(<MessageSettingPage />, { user: adminUser, path: '/message-setting' });
    const rejected = await screen.findByRole('region', { name: 'Rejected' });
    expect(screen.getAllByRole('region').filter((r) => ['Task assigned', 'Approved', 'Rejected', 'Escalated'].includes(r.getAttribute('aria-label') ?? ''))).toHaveLength(4);
    const subject = within(rejected).getByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Sent back: ');
    await user.click(within(rejected).getByLabelText('Subject'));
    const body = within(rejected).getByLabelText('Body');
    await user.clear(body);
    await user.type(body, 'See ');
    await user.click(within(rejected).getByRole('button', { name: '{link}' }));
    expect(within(rejected).getByLabelText('Preview of Rejected').textContent).toContain('See https://erp.example.com/journal?id=…');
    await user.click(within(rejected).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ subject: 'Sent back:', body: 'See {link}', mail: true, inApp: true }));
  });
});

describe('workflow tags', () => {
  it('creates a tag with a member picked from the user lookup', async () => {
    const calls = stubServer(
      ...definitionRoutes,
      route('POST', '/workflow/tags', (call) => ({ body: { id: ids.tag, ...(call.body as object), members: [], createdAt: '2026-03-02T10:00:00.000Z', updatedAt: '2026-03-02T10:00:00.000Z' } })),
    );
    const user = userEvent.setup();
    renderWithProviders(<WorkflowTagPage />, { user: adminUser, path: '/workflow-tag' });
    await user.click(await screen.findByRole('button', { name: /New tag/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await user.type(within(dialog).getByLabelText('Code'), 'AP');
    await user.type(within(dialog).getByLabelText('Name'), 'Payables approvers');
    await user.click(within(dialog).getByRole('combobox', { name: 'Members' }));
    await user.click(await screen.findByText('Ada <ada@example.com>'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'AP', name: 'Payables approvers', members: [ids.me] }));
  });
});
