// Proves statement import in Chromium (issue 17): on /bank-reconciliations a finance user picks the bank and an MT940 file,
// reads its preview (balances, checks, lines) and imports it; the statement shows in the list with its lines unreconciled. A
// CAMT file whose balances do not add up is refused with its reason and imported only by the explicit choice to import it
// anyway with a reason, which the list then marks.
/// <reference lib="dom" />
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, apiSignIn, ensureAdmin, signInThroughUi, api } from './support/bootstrap';
import { openImport } from './support/statement-import';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const ING = `ING${suffix}`;
const ABN = `ABN${suffix}`;
const SLOW = 25_000;
/** ../shared/samples/bank beside the repository (found upwards: a worktree sits deeper than the main checkout). */
const SAMPLES = ((): string => {
  for (let dir = process.cwd(); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared/samples/bank/expected.json'))) return join(dir, 'shared/samples/bank');
  }
  throw new Error('shared/samples/bank not found above the repository');
})();
const sample = (name: string): Buffer => readFileSync(join(SAMPLES, name));

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string };

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const accounts = await api<Paged<Row>>(request, admin, 'GET', '/gl/accounts?limit=500');
  const eur = (await api<Paged<Row>>(request, admin, 'GET', '/gl/currencies?limit=200')).items.find((c) => c.code === 'EUR')!;
  const group = await api<Row>(request, admin, 'POST', '/cm/bank-groups', { code: `S${suffix}`, name: `Statements ${suffix}` });
  const bank = (code: string, accountNumber: string) =>
    api(request, admin, 'POST', '/cm/banks', { code, name: `${code} current account`, bankGroup: group.id, account: accounts.items.find((a) => a.code === '1020')!.id, currency: eur.id, accountNumber });
  // The samples' IBANs fail their checksum: the banks hold the national numbers they end with.
  await bank(ING, '0574908765');
  await bank(ABN, '574908765');
});

test('an MT940 statement is previewed with its checks and lines, then imported and listed', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/bank-reconciliations');
  await expect(page.getByRole('heading', { name: 'Bank Reconciliations' })).toBeVisible({ timeout: SLOW });
  const drawer = await openImport(page, ING, 'test-ing.940', sample('mt940_oca_ing_eur.940'));
  await expect(drawer.getByText('MT940: 1 statement, checks passed')).toBeVisible({ timeout: SLOW });
  await expect(drawer.getByText('Balance: Passed')).toBeVisible();
  await expect(drawer.getByText('Opening 662.23 + lines -97.88 = closing 564.35')).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Lines of P140220000000001' }).getByRole('row')).toHaveCount(9);
  await page.screenshot({ path: '/tmp/cm-import-preview.png' });
  await drawer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(drawer).toBeHidden({ timeout: SLOW });
  const row = page.getByRole('table', { name: 'Bank statements' }).getByRole('row').filter({ hasText: 'P140220000000001' });
  await expect(row).toContainText(ING, { timeout: SLOW });
  await expect(row).toContainText('662.23');
  await expect(row).toContainText('564.35');
  await expect(row.getByRole('link', { name: 'P140220000000001' })).toHaveAttribute('href', /\/bank-reconciliation\?id=/);
  await page.screenshot({ path: '/tmp/cm-import-list.png' });
});

test('a CAMT file whose balances do not add up is refused, and imported only anyway with a reason', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/bank-reconciliations');
  const drawer = await openImport(page, ABN, 'test-camt053.xml', sample('camt053_oca_abnamro_eur.xml'));
  await expect(drawer.getByText('The file fails its checks: nothing will be imported unless you import it anyway')).toBeVisible({ timeout: SLOW });
  await expect(drawer.getByText('Opening 15568.27 + lines -12.99 = 15555.28, not the closing 15121.12 (a difference of -434.16)')).toBeVisible();
  // Both samples' IBANs end with 0574908765, which both banks hold: the statement goes to the bank chosen.
  await expect(drawer.getByText(`1234Test/1 → ${ABN}`)).toBeVisible();
  await expect(drawer.getByText('Continuity: Passed')).toBeVisible();
  const importAnyway = drawer.getByRole('button', { name: 'Import anyway' });
  await expect(importAnyway).toBeDisabled();
  await drawer.getByRole('checkbox', { name: 'Import anyway, despite the failed checks' }).check();
  await expect(importAnyway).toBeDisabled();
  await drawer.getByLabel('Reason').fill('Bank confirmed the closing by phone');
  await page.screenshot({ path: '/tmp/cm-import-refused.png' });
  await importAnyway.click();
  await expect(drawer).toBeHidden({ timeout: SLOW });
  const row = page.getByRole('table', { name: 'Bank statements' }).getByRole('row').filter({ hasText: '1234Test/1' });
  await expect(row).toContainText('Imported anyway', { timeout: SLOW });
});
