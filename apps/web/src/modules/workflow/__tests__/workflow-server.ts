// A fetch stub and sample records for the workflow screens' tests: every call is recorded and answered by the first matching route (404 otherwise).
import { vi } from 'vitest';
import { fullPermissions, type InboxItem, type InstanceView, type SignedInUser, type WorkflowView } from '@erp/contracts';
import { sampleUser } from '../../../test/fixtures';

export type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body: unknown };
export type Route = (call: Call) => Answer | undefined;

export function stubServer(...routes: Route[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method: init?.method ?? 'GET', path: String(input), body };
      calls.push(call);
      const answer = routes.map((r) => r(call)).find((found) => found !== undefined) ?? { status: 404, body: { message: 'Not found', statusCode: 404 } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export const route =
  (method: string, path: string | RegExp, answer: Answer | ((call: Call) => Answer)): Route =>
  (call) => {
    const matches = call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path));
    if (!matches) return undefined;
    return typeof answer === 'function' ? answer(call) : answer;
  };

export const ids = {
  me: '00000000-0000-4000-8000-000000000001',
  clerk: '00000000-0000-4000-8000-0000000000c1',
  journal: '40000000-0000-4000-8000-000000000001',
  task: '50000000-0000-4000-8000-000000000001',
  instance: '60000000-0000-4000-8000-000000000001',
  workflow: '70000000-0000-4000-8000-000000000001',
  step1: '70000000-0000-4000-8000-0000000000a1',
  step2: '70000000-0000-4000-8000-0000000000b2',
  tag: '80000000-0000-4000-8000-000000000001',
};

export const adminUser: SignedInUser = sampleUser({ parentRole: { id: sampleUser().parentRole.id, name: 'Administrator', permissions: fullPermissions() } });

export function inboxItem(patch: Partial<InboxItem> = {}): InboxItem {
  return {
    taskId: ids.task, instanceId: ids.instance, approvalType: 'JournalApproval', documentId: ids.journal, documentNumber: 'JV2026-000042', description: 'Office rent March',
    amount: '1234.5', currency: 'USD', stepNo: 1, stepName: 'Finance review', operation: null, status: 'Open', origin: 'Assigned', onBehalfOf: null,
    submittedBy: { id: ids.clerk, name: 'Carl Clerk' }, createdAt: '2026-03-15T10:00:00.000Z', ageHours: 27, dueAt: null, overdue: false,
    linkTarget: '/journal', link: `/journal?id=${ids.journal}`,
    ...patch,
  };
}

export function instanceView(patch: Partial<InstanceView> = {}): InstanceView {
  return {
    id: ids.instance, approvalType: 'JournalApproval', documentId: ids.journal, documentNumber: 'JV2026-000042', description: 'Office rent March', amount: '1234.5', currency: 'USD',
    workflowId: ids.workflow, workflowName: 'Journals over 1,000', status: 'Running', currentStep: 1, performed: [],
    submittedBy: { id: ids.clerk, name: 'Carl Clerk' }, submittedAt: '2026-03-15T10:00:00.000Z', finishedAt: null,
    steps: [
      {
        stepNo: 1, name: 'Finance review', operation: null, rule: 'Any', deadlineHours: 24, status: 'Open',
        tasks: [{ id: ids.task, assignee: { id: ids.me, name: 'Ada' }, delegate: null, origin: 'Assigned', status: 'Open', dueAt: null, actedBy: null, actedAt: null, comment: null }],
      },
    ],
    ...patch,
  };
}

export function workflowView(patch: Partial<WorkflowView> = {}): WorkflowView {
  return {
    id: ids.workflow, approvalType: 'JournalApproval', name: 'Journals', description: null, active: true, allowSelfApproval: false, currency: 'USD',
    steps: [
      { id: ids.step1, stepNo: 1, name: 'Finance review', operation: 'Validate', rule: 'Any', minAmount: null, maxAmount: null, deadlineHours: 24, assignees: [{ kind: 'User', id: ids.me, label: 'Ada' }] },
      { id: ids.step2, stepNo: 2, name: 'CFO sign-off', operation: null, rule: 'All', minAmount: '10000', maxAmount: null, deadlineHours: null, assignees: [{ kind: 'Tag', id: ids.tag, label: 'CFO · Chief financial officers' }] },
    ],
    completion: ['Validate', 'Post'],
    createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-02T10:00:00.000Z',
    ...patch,
  };
}
