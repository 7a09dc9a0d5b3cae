// Proves the web app works under the server's Content-Security-Policy (issue 13 item 7): no violation on the sign-in page, nor on
// the signed-in screens whose antd styles are injected at run time with the page's nonce.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ensureAdmin, signInThroughUi } from './support/bootstrap';

/** Collects every CSP violation of the page: the DOM event and Chromium's console report. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}

test('the login page renders under the CSP with no violation, its styles carrying the nonce of its response', async ({ page, request }) => {
  await ensureAdmin(request);
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeDefined();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // antd's run-time styles are in the page (the button is styled) and each carries the nonce.
  const styles = await page.evaluate(() => Array.from(document.querySelectorAll('style'), (s) => s.nonce));
  expect(styles.length).toBeGreaterThan(0);
  expect(new Set(styles)).toEqual(new Set([nonce]));
  expect(await page.getByRole('button', { name: 'Sign In' }).evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  expect(violations).toEqual([]);
});

test('signed in, the home page, a journal and the trial balance render with no CSP violation', async ({ page, request }) => {
  await ensureAdmin(request);
  const violations = await watchViolations(page);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  for (const [path, ready] of [
    ['/journal', 'Difference'],
    ['/trial-balance', 'Trial Balance'],
    ['/accounts', 'Accounts'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});
