// Proves the forgot-password flow: a one-time code mailed through SMTP, verification, a new password that works while the old one fails, and logout back to /login.
/// <reference lib="dom" />
// (DOM types: the page.evaluate callbacks below run in the browser.)
import { expect, test } from '@playwright/test';
import { createUserViaApi, logoutThroughUi, signInThroughUi, uniqueEmail } from './support/bootstrap';
import { oneTimeCodeFor } from './support/mail';

test('forgot password with the mailed code, new password works, old one fails, logout', async ({ page, request }) => {
  const user = { name: 'Paul Passwordless', email: uniqueEmail('paul'), password: 'Old#Pass123' };
  const newPassword = 'New#Pass456';
  await createUserViaApi(request, user);
  const banner = page.getByTestId('notification-banner');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The form of this page: the sign-in page's own "Email address" stays on screen until this page's code has loaded.
  await page.getByRole('form', { name: 'Forgot Password' }).getByLabel('Email address').fill(user.email);
  const requestedAt = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(banner).toHaveAttribute('data-kind', 'success');
  await expect(banner.getByTestId('notification-body')).toHaveText('If the address belongs to an active user, a code has been sent to it');

  // The code arrives by mail (the server delivers to the run's SMTP sink).
  const code = await oneTimeCodeFor(user.email, requestedAt);
  const codeBoxes = page.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
  await expect(codeBoxes).toHaveCount(6);
  for (const [index, digit] of [...code].entries()) await codeBoxes.nth(index).fill(digit);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/new-password$/);
  await page.getByRole('textbox', { name: 'New Password' }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(banner).toHaveAttribute('data-kind', 'error');
  await expect(banner.getByTestId('notification-body')).toHaveText('Password and confirm password must be the same');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(banner).toHaveAttribute('data-kind', 'success');

  // The old password no longer signs in: the server's message in the banner, header Error.
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(banner).toHaveAttribute('data-kind', 'error');
  await expect(banner.getByRole('alert')).toContainText('Error');
  await expect(banner.getByTestId('notification-body')).toHaveText('Invalid email address or password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('form', { name: 'Sign in' })).toHaveAttribute('data-state', 'failure');

  // The new one does.
  await signInThroughUi(page, user.email, newPassword);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();

  // Logout goes back to /login and keeps only the has-active-user flag.
  await logoutThroughUi(page);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['hasActiveUser']);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});
