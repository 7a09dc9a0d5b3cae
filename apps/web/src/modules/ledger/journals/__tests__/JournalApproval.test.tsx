// Proves the journal screen's approval part: with an active JournalApproval workflow the editor offers Submit for approval instead of Validate and Post (without one, Validate and Post and no Submit); Submit for approval sends the journal's submit route, its submitter may withdraw it, a journal under approval is read-only and offers no edit actions but its approver's decision, and the approval history shows who did what.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentHistory, InstanceView } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { StandardJournalPage } from '../pages/JournalEditorPage';
import { adminUser, draftView, gateRoute, ids, referenceRoutes, route, stubServer } from './ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const me = adminUser.activeUser.code;
const clerk = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Carl Clerk' };
const taskId = '50000000-0000-4000-8000-000000000001';

function running(): InstanceView {
  return {
    id: '60000000-0000-4000-8000-000000000001', approvalType: 'JournalApproval', documentId: ids.journal, documentNumber: null, description: 'Office rent', amount: '4.20', currency: 'USD',
    workflowId: '70000000-0000-4000-8000-000000000001', workflowName: 'Journals', status: 'Running', currentStep: 1, performed: [], submittedBy: clerk,
    submittedAt: '2026-03-15T10:00:00.000Z', finishedAt: null,
    steps: [{ stepNo: 1, name: 'Finance review', operation: null, rule: 'Any', deadlineHours: null, status: 'Open', tasks: [{ id: taskId, assignee: { id: me, name: 'Ada' }, delegate: null, origin: 'Assigned', status: 'Open', dueAt: null, actedBy: null, actedAt: null, comment: null }] }],
  };
}

const history = (current: InstanceView | null): DocumentHistory => ({
  current,
  items: current ? [{ id: '61000000-0000-4000-8000-000000000001', instanceId: current.id, action: 'submitted', actor: clerk, onBehalfOf: null, target: null, stepNo: null, operation: null, comment: null, at: '2026-03-15T10:00:00.000Z' }] : [],
});

const governed = gateRoute('JournalApproval', true);

describe('journal approval', () => {
  it('without a workflow offers Validate and Post and no Submit for approval', async () => {
    stubServer(...referenceRoutes, gateRoute('JournalApproval', false), route('GET', `/gl/journals/${ids.journal}`, { body: draftView() }), route('GET', /^\/workflow\/history\?/, { body: history(null) }));
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${ids.journal}` });
    expect(await screen.findByRole('button', { name: /Post/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Validate/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit for approval/ })).toBeNull();
  });

  it('with an active workflow offers Submit for approval instead of Validate and Post, also on a new journal', async () => {
    stubServer(...referenceRoutes, governed);
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: '/journal' });
    expect(await screen.findByRole('button', { name: /Submit for approval/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Save draft/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Post/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Validate/ })).toBeNull();
  });

  it('submits a saved journal for approval through its submit route', async () => {
    let submitted = false;
    const calls = stubServer(
      ...referenceRoutes,
      governed,
      route('GET', `/gl/journals/${ids.journal}`, { body: draftView() }),
      route('GET', /^\/workflow\/history\?/, () => ({ body: history(submitted ? running() : null) })),
      route('POST', `/gl/journals/${ids.journal}/submit`, () => {
        submitted = true;
        return { body: running() };
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${ids.journal}` });
    await user.click(await screen.findByRole('button', { name: /Submit for approval/ }));
    expect(screen.queryByRole('button', { name: /Validate/ })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/gl/journals/${ids.journal}/submit`)).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/submit'))!.body).toEqual({});
    const card = await screen.findByRole('region', { name: 'Approval' });
    expect(await within(card).findByText('Awaiting approval')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Post/ })).toBeNull());
  });

  it('lets its submitter withdraw a running submission', async () => {
    let withdrawn = false;
    const mine = { ...running(), submittedBy: { id: me, name: 'Ada' }, steps: running().steps.map((step) => ({ ...step, tasks: step.tasks.map((t) => ({ ...t, assignee: clerk })) })) };
    const calls = stubServer(
      ...referenceRoutes,
      governed,
      route('GET', `/gl/journals/${ids.journal}`, { body: draftView() }),
      route('GET', /^\/workflow\/history\?/, () => ({ body: history(withdrawn ? { ...mine, status: 'Cancelled', currentStep: null } : mine) })),
      route('POST', `/workflow/instances/${mine.id}/cancel`, () => {
        withdrawn = true;
        return { body: { ...mine, status: 'Cancelled' } };
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${ids.journal}` });
    const card = await screen.findByRole('region', { name: 'Approval' });
    expect(within(card).queryByRole('group', { name: 'Your decision' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: /Withdraw/ }));
    // The confirmation's own Withdraw button (the popup renders after the card's).
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Withdraw/ })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: /Withdraw/ }).at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/workflow/instances/${mine.id}/cancel`)).toBe(true));
    expect(await screen.findByRole('button', { name: /Submit for approval/ })).toBeTruthy();
  });

  it('under approval offers its approver the decision instead of the edit actions, the journal read-only and legible, with the history', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      governed,
      route('GET', `/gl/journals/${ids.journal}`, { body: draftView() }),
      route('GET', /^\/workflow\/history\?/, { body: history(running()) }),
      route('POST', `/workflow/tasks/${taskId}/approve`, { body: { instance: { ...running(), status: 'Approved' } } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${ids.journal}` });
    const card = await screen.findByRole('region', { name: 'Approval' });
    expect(within(card).getByText('Carl Clerk')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save draft/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Submit for approval/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Post/ })).toBeNull();
    // The approver reads the journal (issue 14 edge 11): its lines as text at full contrast, no greyed inputs,
    // and the state says what the approval card says.
    expect(screen.queryAllByLabelText('Debit')).toHaveLength(0);
    expect(screen.getAllByText('4.20').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Awaiting approval').length).toBeGreaterThan(0);
    expect(screen.queryByText('Draft')).toBeNull();
    expect(screen.getByText('Office rent', { selector: '.ant-descriptions-item-content' })).toBeTruthy();
    const decision = within(card).getByRole('group', { name: 'Your decision' });
    await user.type(within(decision).getByRole('textbox', { name: 'Comment' }), 'Fine');
    await user.click(within(decision).getByRole('button', { name: /Approve/ }));
    await waitFor(() => expect(calls.find((c) => c.path === `/workflow/tasks/${taskId}/approve`)?.body).toEqual({ comment: 'Fine' }));
  });
});
