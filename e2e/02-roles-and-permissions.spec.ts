// Proves an administrator can build a role with limited permissions and give it to a new user, who then sees only the permitted menu and is refused by the server on a forbidden call.
/// <reference lib="dom" />
// (DOM types: the page.evaluate callbacks below run in the browser.)
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, clickInPopup, ensureAdmin, logoutThroughUi, signInThroughUi, uniqueEmail } from './support/bootstrap';

const FORBIDDEN_SAVE_USER = 'You are not permitted to do this (SaveUser)';

async function expectSuccessBanner(page: Page): Promise<void> {
  const banner = page.getByTestId('notification-banner');
  await expect(banner).toHaveAttribute('data-kind', 'success');
  await expect(banner.getByTestId('notification-body')).toHaveText('Operation Successful');
  await banner.getByRole('button', { name: 'Close notification' }).click();
  await expect(banner).toBeHidden();
}

test('a role with limited permissions limits the menu, and the server refuses what it does not grant', async ({ page, request }) => {
  const suffix = Date.now().toString(36);
  const roleName = `Period Clerk ${suffix}`;
  const clerk = { name: `Clara Clerk ${suffix}`, email: uniqueEmail('clerk'), password: 'Clerk#Pass123' };

  await ensureAdmin(request);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);

  // Roles tab: a new role.
  await page.goto('/role');
  await expect(page.getByRole('heading', { name: 'Users and Roles' })).toBeVisible();
  await page.getByRole('tab', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'New Role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'New Role' });
  await roleDialog.getByLabel('Role Name').fill(roleName);
  await roleDialog.getByLabel('Description').fill('Fiscal years only, and the users and roles page without operations');
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(roleDialog).toBeHidden();
  await expectSuccessBanner(page);

  // The permission editor opens on the new role: Admin > Security > Role with no operation, and
  // the whole General Ledger > Periods group.
  await expect(page.getByText(`Permissions of ${roleName}`)).toBeVisible();
  const adminModule = page.getByRole('group', { name: 'Admin', exact: true });
  const rolePage = adminModule.getByRole('group', { name: 'Security', exact: true }).getByRole('group', { name: 'Role', exact: true });
  await rolePage.getByRole('checkbox', { name: 'Role', exact: true }).check();
  // Granting a page grants none of its operation labels.
  for (const entity of ['Role', 'User']) {
    for (const verb of ['Save', 'Edit', 'Delete', 'Import', 'Export']) {
      await expect(rolePage.getByRole('checkbox', { name: `${verb}${entity}`, exact: true })).not.toBeChecked();
    }
  }
  await expect(adminModule.getByText(/^1 of \d+ pages$/)).toBeVisible();

  await page.getByRole('button', { name: 'Expand General Ledger' }).click();
  const ledgerModule = page.getByRole('group', { name: 'General Ledger', exact: true });
  const periods = ledgerModule.getByRole('group', { name: 'Periods', exact: true });
  await periods.getByRole('checkbox', { name: 'Periods', exact: true }).check();
  await expect(periods.getByRole('group', { name: 'Fiscal Year' }).getByRole('checkbox', { name: 'Fiscal Year' })).toBeChecked();
  await expect(periods.getByRole('group', { name: 'Accounting Period' }).getByRole('checkbox', { name: 'Accounting Period' })).toBeChecked();
  await page.getByRole('button', { name: 'Save Permissions' }).click();
  await expectSuccessBanner(page);
  await expect(page.getByRole('button', { name: 'Save Permissions' })).toBeDisabled();

  // Users tab: a new user takes the role chosen in the role filter.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('combobox', { name: 'Filter by role' }).click();
  await clickInPopup(page.getByTitle(roleName, { exact: true }));
  await page.getByRole('button', { name: 'New User' }).click();
  const userDrawer = page.getByRole('dialog', { name: 'New User' });
  await userDrawer.getByLabel('Full Name').fill(clerk.name);
  await userDrawer.getByLabel('Email', { exact: true }).fill(clerk.email);
  await userDrawer.getByLabel('Password', { exact: true }).fill(clerk.password);
  await userDrawer.getByLabel('Confirm Password').fill(clerk.password);
  await expect(userDrawer.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await expect(userDrawer.getByTitle(roleName, { exact: true })).toBeVisible();
  await userDrawer.getByRole('button', { name: 'Create User' }).click();
  await expect(userDrawer).toBeHidden();
  await expectSuccessBanner(page);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: clerk.email })).toContainText(roleName);

  await logoutThroughUi(page);

  // The clerk sees only Admin (its Security group) and General Ledger (its Periods group).
  await signInThroughUi(page, clerk.email, clerk.password);
  await expect(page.getByTestId('module-tile-admin')).toBeVisible();
  await expect(page.getByTestId('module-tile-general-ledger')).toBeVisible();
  for (const slug of ['account-payable', 'account-receivable', 'fixed-asset', 'cash-management', 'payroll', 'inventory']) {
    await expect(page.getByTestId(`module-tile-${slug}`)).toHaveCount(0);
  }
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Admin', 'General Ledger']);
  await menu.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(menu.getByText('Security', { exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Role', exact: true })).toBeVisible();
  await expect(menu.getByText('Organisation', { exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Organisation Structure' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'General Ledger' }).click();
  await expect(menu.getByText('Periods', { exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Fiscal Year' })).toBeVisible();
  await expect(menu.getByText('Journals', { exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Journals' })).toHaveCount(0);

  // The menu hiding a page is not the check: the server refuses an operation the role lacks.
  const refused = await page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('user') ?? 'null') as { token: string; activeUser: { tenant: { id: string } } } | null;
    if (!stored) throw new Error('no signed-in user in local storage');
    const response = await fetch(`/auth/user/create/${'ab'.repeat(32)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stored.token}`, token: stored.activeUser.tenant.id, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Mallory', mailAddress: 'mallory@e2e.example.com', password: 'ab'.repeat(32), confirmPassword: 'ab'.repeat(32), state: 'New' }),
    });
    return { status: response.status, body: (await response.json()) as { message?: string; statusCode?: number } };
  });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ message: FORBIDDEN_SAVE_USER, statusCode: 403 });

  // The screen offers only what the server accepts: /role is granted, creating a user is not, so there is no New User button.
  await menu.getByRole('link', { name: 'Role', exact: true }).click();
  await expect(page).toHaveURL(/\/role$/);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: clerk.email })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New User' })).toHaveCount(0);

  // A page the role does not hold is refused once, in the shell, instead of a screen of refused calls.
  const refusedCalls: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refusedCalls.push(response.url());
  });
  await page.goto('/workflow');
  await expect(page.getByTestId('no-access-title')).toHaveText('Your role does not open Workflow');
  await page.goto('/journals');
  await expect(page.getByTestId('no-access-title')).toHaveText('Your role does not open Journals');
  expect(refusedCalls).toEqual([]);
});
