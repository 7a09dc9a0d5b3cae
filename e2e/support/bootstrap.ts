// Seeds what a spec needs through the public API, so every spec file can run on its own.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { transformPassword } from '../../packages/contracts/src/auth/password';

/** The first user of the e2e tenant; the first-user spec creates it through the UI with these values. */
export const ADMIN = { name: 'Ada Administrator', email: 'admin@e2e.example.com', password: 'Admin#Pass123' } as const;

/** The fixed public credential of SPEC.md section 6 (the server's PUBLIC_TOKEN default). */
export const PUBLIC_AUTH = { Authorization: 'Bearer erp-public' } as const;

/** The part of the signed-in user record the helpers use. */
export type SignedIn = { token: string; activeUser: { tenant: { id: string } } };
export type RoleItem = { id: string; name: string; isSystem: boolean };

/** A mail address no earlier test of this run has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@e2e.example.com`;
}

/** GET /auth/user/isempty: true while the tenant has no user (the server answers 1 then, 0 otherwise). */
export async function tenantIsEmpty(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/auth/user/isempty', { headers: PUBLIC_AUTH });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) !== 0;
}

/** Makes sure the first user (ADMIN) exists: created through POST /auth/user/createfirst when the tenant is empty. */
export async function ensureAdmin(request: APIRequestContext): Promise<void> {
  if (!(await tenantIsEmpty(request))) return;
  const hex = await transformPassword(ADMIN.password);
  const response = await request.post(`/auth/user/createfirst/${hex}`, {
    headers: PUBLIC_AUTH,
    data: { name: ADMIN.name, mailAddress: ADMIN.email, password: hex, confirmPassword: hex, key: ADMIN.email, value: hex, userStatus: 'Active', state: 'New' },
  });
  // 409: another caller created the first user in between, which is just as good.
  expect([200, 409], await response.text()).toContain(response.status());
}

/** POST /auth/user/validate with the transformed password. */
export async function apiSignIn(request: APIRequestContext, email: string, password: string): Promise<SignedIn> {
  const response = await request.post('/auth/user/validate', { headers: PUBLIC_AUTH, data: { key: email, value: await transformPassword(password) } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SignedIn;
}

/** The headers of an authenticated call (SPEC.md section 7): the bearer token and the tenant in `token`. */
export function authHeaders(user: SignedIn): Record<string, string> {
  return { Authorization: `Bearer ${user.token}`, token: user.activeUser.tenant.id };
}

export async function rolesOf(request: APIRequestContext, admin: SignedIn): Promise<RoleItem[]> {
  const response = await request.get('/auth/role/getroles', { headers: authHeaders(admin) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: RoleItem[] }).items;
}

/** Creates a user through POST /auth/user/create/{password} as the admin; the role defaults to the built-in Viewer. */
export async function createUserViaApi(
  request: APIRequestContext,
  user: { name: string; email: string; password: string; roleName?: string },
): Promise<void> {
  await ensureAdmin(request);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const roleName = user.roleName ?? 'Viewer';
  const role = (await rolesOf(request, admin)).find((candidate) => candidate.name === roleName);
  expect(role, `role ${roleName}`).toBeDefined();
  const hex = await transformPassword(user.password);
  const response = await request.post(`/auth/user/create/${hex}`, {
    headers: authHeaders(admin),
    data: { name: user.name, mailAddress: user.email, password: hex, confirmPassword: hex, roleID: role!.id, status: 'Active', state: 'New' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the login screen and waits for /home. */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Logout from the user menu: back on /login. */
export async function logoutThroughUi(page: Page): Promise<void> {
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  // The user menu is a popup that animates in; on a long (scrollable) page a click during that can
  // scroll the page and miss the item, so open and click again until the logout happens.
  await expect(async () => {
    if (!(await logout.isVisible())) await page.getByRole('button', { name: 'User menu' }).click({ timeout: 2_000 });
    await clickInPopup(logout, 2_000);
    await expect(page).toHaveURL(/\/login$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Clicks an item of a just-opened popup (dropdown, select list) once it sits fully in the viewport. */
export async function clickInPopup(item: Locator, timeout?: number): Promise<void> {
  await expect(item).toBeInViewport({ ratio: 1, timeout });
  await item.click({ timeout });
}

/** An API call as the user that must answer 200: its JSON body (a refusal fails the test with the server's answer). */
export async function api<T>(request: APIRequestContext, user: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await request.fetch(url, { method, headers: { ...authHeaders(user), ...headers }, ...(data === undefined ? {} : { data }) });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * Types into an antd select and clicks the option the search shows, retrying while the options load,
 * until the select shows the option as chosen (a click that lands while the list still moves under a
 * loaded machine can miss and close the list with nothing chosen).
 */
export async function chooseOption(page: Page, combobox: Locator, typed: string, option: string | RegExp): Promise<void> {
  const select = combobox.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    await combobox.click();
    await combobox.fill(typed);
    await clickInPopup(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first(), 3_000);
    await expect(select).toContainText(option, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
}

type WorkflowView = {
  approvalType: string; name: string; description: string | null; allowSelfApproval: boolean;
  steps: { id: string; name: string; operation: string | null; rule: string; minAmount: string | null; maxAmount: string | null; deadlineHours: number | null; assignees: { kind: string; id: string }[] }[];
};

/** Deactivates a workflow (kept, with its steps as they are), so the journeys after this one run without it. */
export async function deactivateWorkflow(request: APIRequestContext, admin: SignedIn, id: string): Promise<void> {
  const view = await api<WorkflowView>(request, admin, 'GET', `/workflow/workflows/${id}`);
  await api(request, admin, 'PUT', `/workflow/workflows/${id}`, {
    approvalType: view.approvalType, name: view.name, description: view.description, allowSelfApproval: view.allowSelfApproval, active: false,
    steps: view.steps.map(({ id: step, name, operation, rule, minAmount, maxAmount, deadlineHours, assignees }) => ({ id: step, name, operation, rule, minAmount, maxAmount, deadlineHours, assignees: assignees.map(({ kind, id: who }) => ({ kind, id: who })) })),
  });
}

/** Makes the one active workflow of an approval type: one step running the operation, assigned to the user (others of the type deactivated). */
export async function onlyWorkflow(request: APIRequestContext, admin: SignedIn, approvalType: string, name: string, operation: string, approver: string): Promise<string> {
  const active = await api<{ items: { id: string }[] }>(request, admin, 'GET', `/workflow/workflows?approvalType=${approvalType}&active=true&limit=500`);
  for (const item of active.items) await deactivateWorkflow(request, admin, item.id);
  const workflow = await api<{ id: string }>(request, admin, 'POST', '/workflow/workflows', {
    approvalType, name, active: true, allowSelfApproval: false,
    steps: [{ name: 'Approver', operation, rule: 'Any', assignees: [{ kind: 'User', id: approver }] }],
  });
  return workflow.id;
}
