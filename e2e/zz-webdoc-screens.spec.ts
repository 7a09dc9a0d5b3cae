// Temporary (not committed): screenshots of the journal lists and editor on the documents kit at three widths.
import { expect, test } from '@playwright/test';
import { ADMIN, apiSignIn, authHeaders, ensureAdmin, signInThroughUi } from './support/bootstrap';

test('journal screens at 1600, 768 and 375 px', async ({ page, request }) => {
  test.setTimeout(240_000);
  await ensureAdmin(request);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const accounts = (await (await request.get('/gl/accounts/lookup?limit=20&filter=' + encodeURIComponent(JSON.stringify({ kind: 'Posting', controlType: 'None', active: true })), { headers: authHeaders(admin) })).json()) as { id: string }[];
  const draft = await request.post('/gl/journals', {
    headers: authHeaders(admin),
    data: { kind: 'Standard', journalDate: '2026-03-16', description: 'Screenshot draft', lines: [{ account: accounts[0]!.id, currency: 'USD', debit: '1250.00' }, { account: accounts[1]!.id, currency: 'USD', credit: '1250.00' }] },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const { id } = (await draft.json()) as { id: string };
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  for (const width of [1600, 768, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 1000 });
    await page.goto('/journals');
    await expect(page.getByRole('table', { name: 'Journals' })).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `test-results/webdoc-journals-${width}.png`, fullPage: true });
    await page.goto(`/journal?id=${id}`);
    await expect(page.getByRole('table', { name: 'Journal lines' })).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `test-results/webdoc-journal-draft-${width}.png`, fullPage: true });
    await page.goto('/journal');
    await expect(page.getByRole('table', { name: 'Journal lines' })).toBeVisible();
    const debit = page.getByRole('table', { name: 'Journal lines' }).getByLabel('Debit').first();
    await debit.fill('10');
    await page.getByRole('table', { name: 'Journal lines' }).getByLabel('Credit').nth(1).fill('9.99');
    await page.getByRole('button', { name: /Save draft/ }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `test-results/webdoc-journal-new-${width}.png`, fullPage: true });
    await page.goto('/intercompany-journals');
    await expect(page.getByRole('table', { name: 'Intercompany Journals' })).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `test-results/webdoc-ic-list-${width}.png`, fullPage: true });
  }
});
