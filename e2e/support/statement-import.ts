// The Import drawer of /bank-reconciliations (issue 17), as the statement import and the reconciliation journeys use it.
import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './bootstrap';

/**
 * Opens the Import drawer on /bank-reconciliations, picks the bank, chooses the file through the file input and asks for
 * the preview: the drawer once its checks answer (passed or failed).
 */
export async function openImport(page: Page, bank: string, name: string, file: Buffer): Promise<Locator> {
  await page.getByRole('button', { name: 'Import statement' }).click();
  const drawer = page.getByRole('dialog', { name: 'Import statement' });
  await chooseOption(page, drawer.getByLabel('Bank', { exact: true }), bank, bank);
  await drawer.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: file });
  await expect(drawer.getByText(name)).toBeVisible();
  // A click that only closes the bank's dropdown starts nothing: click until the preview answers.
  await expect(async () => {
    await drawer.getByRole('button', { name: 'Preview' }).click();
    await expect(drawer.getByRole('alert').filter({ hasText: /checks passed|fails its checks/ })).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  return drawer;
}
