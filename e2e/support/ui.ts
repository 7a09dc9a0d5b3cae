// Helpers of the journeys that set up their data through the API and drive antd's pickers.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { authHeaders, clickInPopup, type SignedIn } from './bootstrap';

/** An API call that must answer 200, its JSON body. */
export async function apiJson<T>(request: APIRequestContext, user: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, headers: authHeaders(user), ...(data === undefined ? {} : { data }) });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Types into an antd select and picks the option matching `option`, retried while the lookup loads. */
export async function chooseOption(page: Page, combobox: Locator, typed: string, option: string | RegExp): Promise<void> {
  await expect(async () => {
    await combobox.click();
    await combobox.fill(typed);
    await clickInPopup(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first(), 3_000);
  }).toPass({ timeout: 45_000 });
}

type WorkflowView = {
  approvalType: string; name: string; description: string | null; allowSelfApproval: boolean;
  steps: { id: string; name: string; operation: string | null; rule: string; minAmount: string | null; maxAmount: string | null; deadlineHours: number | null; assignees: { kind: string; id: string }[] }[];
};

/** Deactivates a workflow (kept, with its steps as they are), so the journeys after this one run without it. */
export async function deactivateWorkflow(request: APIRequestContext, admin: SignedIn, id: string): Promise<void> {
  const view = await apiJson<WorkflowView>(request, admin, 'GET', `/workflow/workflows/${id}`);
  await apiJson(request, admin, 'PUT', `/workflow/workflows/${id}`, {
    approvalType: view.approvalType, name: view.name, description: view.description, allowSelfApproval: view.allowSelfApproval, active: false,
    steps: view.steps.map(({ id: step, name, operation, rule, minAmount, maxAmount, deadlineHours, assignees }) => ({ id: step, name, operation, rule, minAmount, maxAmount, deadlineHours, assignees: assignees.map(({ kind, id: who }) => ({ kind, id: who })) })),
  });
}

/** Makes the one active workflow of an approval type: one step running the operation, assigned to the user (others of the type deactivated). */
export async function onlyWorkflow(request: APIRequestContext, admin: SignedIn, approvalType: string, name: string, operation: string, approver: string): Promise<string> {
  const active = await apiJson<{ items: { id: string }[] }>(request, admin, 'GET', `/workflow/workflows?approvalType=${approvalType}&active=true&limit=500`);
  for (const item of active.items) await deactivateWorkflow(request, admin, item.id);
  const workflow = await apiJson<{ id: string }>(request, admin, 'POST', '/workflow/workflows', {
    approvalType, name, active: true, allowSelfApproval: false,
    steps: [{ name: 'Approver', operation, rule: 'Any', assignees: [{ kind: 'User', id: approver }] }],
  });
  return workflow.id;
}
