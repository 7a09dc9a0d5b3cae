// Proves shell behaviour: a long server error is cut at 200 characters with See more opening the Error Message drawer, the banner stays clear of the top bar and page title, the sidebar folds at 767px and keeps sidebarState, and local storage holds only its three keys.
/// <reference lib="dom" />
// (DOM types: the page.evaluate callbacks below run in the browser.)
import { expect, test } from '@playwright/test';
import { ADMIN, createUserViaApi, ensureAdmin, signInThroughUi } from './support/bootstrap';

const ALLOWED_LOCAL_KEYS = ['hasActiveUser', 'sidebarState', 'user'];

test('a server error over 200 characters is cut, and See more shows it whole in the Error Message drawer', async ({ page, request }) => {
  // A real long message: the server names the address of a duplicate user, and addresses may be 254 characters long.
  const email = `${'long'.repeat(45)}.${Date.now().toString(36)}@e2e.example.com`;
  await createUserViaApi(request, { name: 'Lou Longaddress', email, password: 'Long#Pass123' });
  const message = `A user with the email address ${email} already exists`;
  expect(message.length).toBeGreaterThan(200);

  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/role');
  await page.getByRole('button', { name: 'New User' }).click();
  const drawer = page.getByRole('dialog', { name: 'New User' });
  await drawer.getByLabel('Full Name').fill('Lou Again');
  await drawer.getByLabel('Email', { exact: true }).fill(email);
  await drawer.getByLabel('Password', { exact: true }).fill('Long#Pass123');
  await drawer.getByLabel('Confirm Password').fill('Long#Pass123');
  await drawer.getByRole('button', { name: 'Create User' }).click();

  const banner = page.getByTestId('notification-banner');
  await expect(banner).toHaveAttribute('data-kind', 'error');
  await expect(banner.getByRole('alert')).toContainText('Error');
  await expect(banner.getByTestId('notification-body')).toHaveText(`${message.slice(0, 200)}…`);
  // It covers neither the top bar (breadcrumb, search box) nor the page title.
  const bannerBox = (await banner.boundingBox())!;
  const titleBox = (await page.getByRole('heading', { name: 'Users and Roles' }).boundingBox())!;
  const topBarBox = (await page.locator('.erp-topbar').boundingBox())!;
  expect(bannerBox.y).toBeGreaterThan(topBarBox.y + topBarBox.height);
  expect(bannerBox.y).toBeGreaterThan(titleBox.y + titleBox.height);
  await banner.getByRole('button', { name: 'See more' }).click();
  const errorDrawer = page.getByRole('dialog', { name: 'Error Message' });
  await expect(errorDrawer).toBeVisible();
  await expect(errorDrawer.getByText(message, { exact: true })).toBeVisible();
  await errorDrawer.getByRole('button', { name: 'Close' }).click();
  await expect(errorDrawer).toBeHidden();

  // Closable by hand.
  await banner.getByRole('button', { name: 'Close notification' }).click();
  await expect(banner).toBeHidden();
});

test('the sidebar folds below a desktop (1023px or less, so 767px too) and otherwise keeps the saved sidebarState', async ({ page, request }) => {
  await ensureAdmin(request);
  await page.setViewportSize({ width: 1200, height: 800 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  const sidebar = page.getByTestId('sidebar');
  const saved = () => page.evaluate(() => localStorage.getItem('sidebarState'));

  await expect(sidebar).toHaveAttribute('data-state', 'wide');
  await page.getByRole('button', { name: 'Fold sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'fold');
  expect(await saved()).toBe('fold');
  await page.getByRole('button', { name: 'Unfold sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'wide');
  expect(await saved()).toBe('wide');

  // Narrow windows force it folded without changing what is saved; wide ones restore the saved state.
  await page.setViewportSize({ width: 700, height: 800 });
  await expect(sidebar).toHaveAttribute('data-state', 'fold');
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(sidebar).toHaveAttribute('data-state', 'wide');
  await page.setViewportSize({ width: 767, height: 800 });
  await expect(sidebar).toHaveAttribute('data-state', 'fold');
  // Below a desktop (docs/breakpoints.md) it starts as the icon rail too: at 768 px a wide sidebar took 240 of the 768 px.
  await page.setViewportSize({ width: 768, height: 800 });
  await expect(sidebar).toHaveAttribute('data-state', 'fold');
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(sidebar).toHaveAttribute('data-state', 'wide');
  expect(await saved()).toBe('wide');

  // Saved folded, it stays folded at any width, also after a reload.
  await page.getByRole('button', { name: 'Fold sidebar' }).click();
  expect(await saved()).toBe('fold');
  await page.setViewportSize({ width: 700, height: 800 });
  await expect(sidebar).toHaveAttribute('data-state', 'fold');
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(sidebar).toHaveAttribute('data-state', 'fold');
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'fold');

  // Starting narrow, the sidebar starts folded even when saved wide.
  await page.evaluate(() => localStorage.setItem('sidebarState', 'wide'));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'fold');
});

test('local storage holds only the signed-in user, the has-active-user flag and sidebarState', async ({ page, request }) => {
  await ensureAdmin(request);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  const localKeys = () => page.evaluate(() => Object.keys(localStorage).sort());

  expect(await localKeys()).toEqual(['hasActiveUser', 'user']);
  await page.getByRole('button', { name: 'Fold sidebar' }).click();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Admin' }).click();
  await page.goto('/role');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  expect(await localKeys()).toEqual(ALLOWED_LOCAL_KEYS);

  // The signed-in user record: its token and the user, nothing typed in a form.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>);
  expect(stored).toMatchObject({ mailAddress: ADMIN.email, name: ADMIN.name });
  expect(JSON.stringify(stored)).not.toContain(ADMIN.password);
});
