// Proves a fresh install leads to first-user setup (agreement, section 5 messages in order), sign-in, and navigation by sidebar, search and breadcrumbs.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, ensureAdmin, signInThroughUi, tenantIsEmpty } from './support/bootstrap';

const MODULE_SLUGS = ['admin', 'general-ledger', 'account-payable', 'account-receivable', 'fixed-asset', 'cash-management', 'payroll', 'inventory'];

/** The search box's active result (the combobox points at it with aria-activedescendant). */
function activeSearchOption(page: Page): Locator {
  return page.locator('xpath=//*[@role="option"][@id=//*[@role="combobox"][@aria-label="Search pages"]/@aria-activedescendant]');
}

/** The error banner shows exactly this message. */
async function expectErrorBanner(page: Page, message: string): Promise<void> {
  const banner = page.getByTestId('notification-banner');
  await expect(banner).toHaveAttribute('data-kind', 'error');
  await expect(banner.getByTestId('notification-body')).toHaveText(message);
}

test('fresh install: a protected route goes to first-user setup with the agreement; the first user is created and signs in', async ({ page, request }) => {
  // The files run in order on a fresh database: this one first, so the tenant has no user yet.
  expect(await tenantIsEmpty(request)).toBe(true);
  // The bare root on a fresh install leads to first-user setup (SPEC.md section 2).
  await page.goto('/');
  await expect(page).toHaveURL(/\/user-setup$/);
  await expect(page.getByRole('heading', { name: 'Create User' })).toBeVisible();

  const agreement = page.getByRole('dialog', { name: 'End User License Agreement' });
  await expect(agreement).toBeVisible();
  await expect(agreement.getByTestId('agreement-text')).not.toBeEmpty();
  await expect(agreement.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await agreement.getByRole('button', { name: 'Accept' }).click();
  await expect(agreement).toBeHidden();

  // Signed out, the setup form has no Company, Role or Status selectors.
  await expect(page.getByLabel('Company')).toHaveCount(0);
  await expect(page.getByLabel('Role')).toHaveCount(0);

  // SPEC.md section 5: each check in order, the first failure stops the save.
  const createUser = page.getByRole('button', { name: 'Create User' });
  await createUser.click();
  await expectErrorBanner(page, 'Please supply valid email address');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await createUser.click();
  await expectErrorBanner(page, 'Please supply name');
  await page.getByLabel('Full Name').fill(ADMIN.name);
  await createUser.click();
  await expectErrorBanner(page, 'Please supply password');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await createUser.click();
  await expectErrorBanner(page, 'Please supply confirm password');
  await page.getByLabel('Confirm Password').fill(`${ADMIN.password}-other`);
  await createUser.click();
  await expectErrorBanner(page, 'Password and confirm password must be the same');

  await page.getByLabel('Confirm Password').fill(ADMIN.password);
  await createUser.click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await tenantIsEmpty(request)).toBe(false);

  // With a user in the tenant, /user-setup leads to the login screen.
  await page.goto('/user-setup');
  await expect(page).toHaveURL(/\/login$/);

  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();
  for (const slug of MODULE_SLUGS) await expect(page.getByTestId(`module-tile-${slug}`)).toBeVisible();
});

test('the bare root / serves the web app, which sends a signed-out visitor to /login', async ({ page, request }) => {
  await ensureAdmin(request);
  const response = await page.goto('/');
  expect(response?.status(), 'GET / with Accept: text/html').toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

test('navigation by sidebar, search box and breadcrumbs', async ({ page, request }) => {
  await ensureAdmin(request);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });

  // Sidebar: open the General Ledger module, its Journals group, click a page.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('menuitem', { name: 'General Ledger' }).click();
  await expect(menu.getByText('Journals', { exact: true }).first()).toBeVisible();
  await menu.getByRole('link', { name: 'Journal Template', exact: true }).click();
  await expect(page).toHaveURL(/\/journal-template$/);
  await expect(page.getByRole('heading', { name: 'Journal Templates' })).toBeVisible();
  await expect(breadcrumb.getByRole('link', { name: 'General Ledger' })).toHaveAttribute('href', '/view-all/general-ledger');
  await expect(breadcrumb.getByText('Journal Template')).toHaveAttribute('aria-current', 'page');
  // A page whose module is not built yet says so, under its own breadcrumb.
  await page.goto('/staff');
  await expect(page.getByTestId('not-available-title')).toHaveText(/: Staff is not available yet$/);
  await expect(breadcrumb.getByText('Staff', { exact: true })).toHaveAttribute('aria-current', 'page');

  // Search: one letter finds pages; pick one with the keyboard.
  const search = page.getByRole('combobox', { name: 'Search pages' });
  await search.fill('j');
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await search.press('ArrowDown');
  await expect(activeSearchOption(page)).toHaveAccessibleName('Journal Template (General Ledger)');
  await search.press('ArrowDown');
  await expect(activeSearchOption(page)).toHaveAccessibleName('Journals (General Ledger)');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/journals$/);
  // Journals has a screen of its own now: the breadcrumb says where the search led.
  await expect(breadcrumb.getByText('Journals', { exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(search).toHaveValue('');
  await search.fill('zzqx-nothing');
  await expect(page.getByText('No results found.')).toBeVisible();
  await search.clear();

  // Breadcrumbs: the module crumb leads to its /view-all page.
  await breadcrumb.getByRole('link', { name: 'General Ledger' }).click();
  await expect(page).toHaveURL(/\/view-all\/general-ledger$/);
  await expect(page.getByRole('heading', { name: 'General Ledger' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Journals' }).getByRole('link', { name: 'Journal Template', exact: true })).toBeVisible();
});
