// Proves the fixed-asset reports in Chromium (issue 18): after a depreciation run, the movement
// schedule (a tab of /assets) shows the class's depreciation and ties to the general ledger, and the
// figures it shows are the trial balance's on its own screen; the register and the forecast tabs
// show the asset.
/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiSignIn, ensureAdmin, signInThroughUi, type SignedIn } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const CLASS = `RP${suffix}`;
const SLOW = 25_000;
const shown = (amount: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string };
type Tb = { rows: { code: string; debit: string; credit: string }[] };

let admin: SignedIn;
let assetCode = '';
let accumulatedBefore = 0;

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const years = await api<Paged<Row>>(request, admin, 'GET', '/gl/fiscal-years?limit=100');
  if (!years.items.some((year) => year.code === 'FY2026')) {
    const year = await api<Row>(request, admin, 'POST', '/gl/fiscal-years', { code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31' });
    await api(request, admin, 'POST', `/gl/fiscal-years/${year.id}/periods`, { pattern: 'monthly' });
  }
  const tb = await api<Tb>(request, admin, 'GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
  const row = tb.rows.find((r) => r.code === '1510');
  accumulatedBefore = row ? Number(row.credit) - Number(row.debit) : 0;
  // A class on the module's default profile (1500 cost, 1510 accumulated), an asset of 2400 over 12 months, and the run of March.
  const cls = await api<Row>(request, admin, 'POST', '/fa/asset-classes', { code: CLASS, name: `Reported ${suffix}`, method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month' });
  const asset = await api<Row & { code: string }>(request, admin, 'POST', '/fa/assets', { description: `Forklift ${suffix}`, assetClass: cls.id, acquisitionDate: '2026-01-15', cost: '2400', location: 'Warehouse', custodian: 'K. Lee' });
  assetCode = asset.code;
  await api(request, admin, 'POST', `/fa/assets/${asset.id}/activate`);
  const run = await api<Row>(request, admin, 'POST', '/fa/depreciation-runs', { period: '2026-03-31', assetClass: cls.id });
  await api(request, admin, 'POST', `/fa/depreciation-runs/${run.id}/post`, {}, { 'Idempotency-Key': `e2e-23-${suffix}` });
});

const tieRow = (page: Page, code: string) => page.getByRole('table', { name: 'Tie-out' }).getByRole('row').filter({ hasText: code });

test('the movement schedule after a run ties to the trial balance on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/assets?tab=movements');
  await expect(page.getByRole('tab', { name: 'Movement schedule' })).toHaveAttribute('aria-selected', 'true');
  const schedule = page.getByRole('table', { name: 'Movement schedule' });
  const classRow = schedule.getByRole('row').filter({ hasText: CLASS });
  // January to March: 3 x 200 on the class's accumulated depreciation
  await expect(classRow).toContainText(shown(600), { timeout: SLOW });
  await expect(page.getByText('Ties to the general ledger')).toBeVisible();
  const accumulated = accumulatedBefore + 600;
  const cells = tieRow(page, '1510').getByRole('cell');
  await expect(cells.nth(3)).toHaveText(shown(accumulated));
  await expect(cells.nth(4)).toHaveText(shown(accumulated));
  await expect(cells.nth(5)).toHaveText(shown(0));
  // amounts are right-aligned
  expect(await cells.nth(4).evaluate((el) => getComputedStyle(el).textAlign)).toMatch(/right|end/);
  await page.screenshot({ path: 'test-results/23-movement-schedule.png', fullPage: true });

  // The trial balance on its own screen: 1510's credit balance is the schedule's closing accumulated depreciation.
  await page.goto('/trial-balance?from=2026-01-01&to=2026-12-31');
  const tb = page.getByRole('table', { name: 'Trial balance' }).getByRole('row').filter({ has: page.getByRole('link', { name: /^1510 · /, exact: false }) });
  await expect(tb.getByRole('cell').nth(4)).toHaveText(shown(-accumulated), { timeout: SLOW });
  await page.screenshot({ path: 'test-results/23-trial-balance.png', fullPage: true });
});

test('the register and the forecast tabs show the asset', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/assets?tab=register');
  const reg = page.getByRole('table', { name: 'Asset register' }).getByRole('row').filter({ hasText: assetCode });
  await expect(reg).toContainText('Warehouse', { timeout: SLOW });
  await expect(reg).toContainText(shown(2400));
  await expect(reg).toContainText(shown(600));
  await expect(reg).toContainText(shown(1800));
  await page.screenshot({ path: 'test-results/23-register.png', fullPage: true });
  await page.getByRole('tab', { name: 'Depreciation forecast' }).click();
  await expect(page).toHaveURL(/tab=forecast/);
  await expect(page.getByRole('table', { name: 'Depreciation forecast' }).getByRole('row').filter({ hasText: CLASS })).toContainText(shown(200), { timeout: SLOW });
  await page.screenshot({ path: 'test-results/23-forecast.png', fullPage: true });
});
