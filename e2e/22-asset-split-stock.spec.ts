// Proves the asset split and asset stock screens in Chromium (issue 18): an active asset of quantity
// 3 and cost 100.00 split into three parts on /splitting-schedule (33.33, 33.33 and 33.34: the last
// part takes the remainder), posted as one entry with the new assets linked; then a stock item
// issued into service on /asset-stock (2 × 12.345 = 24.69), its quantity lowered, and the issue
// undone (the quantity back, the asset cancelled); then a posted vendor invoice's clearing line
// capitalised from its own screen (/vendor-invoice) into a new draft asset.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, api, apiSignIn, chooseOption, ensureAdmin, signInThroughUi, type SignedIn } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const SLOW = 25_000;
const now = new Date();
const year = now.getUTCFullYear();
const firstOfMonth = `${year}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string } & Record<string, unknown>;

let admin: SignedIn;
let classId = '';
let assetDescription = '';
let stockId = '';
let clearingId = '';

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const years = await api<Paged<Row>>(request, admin, 'GET', '/gl/fiscal-years?limit=100');
  if (!years.items.some((y) => y.code === `FY${year}`)) {
    const fy = await api<Row>(request, admin, 'POST', '/gl/fiscal-years', { code: `FY${year}`, name: `Fiscal year ${year}`, startDate: `${year}-01-01`, endDate: `${year}-12-31` });
    await api(request, admin, 'POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  }
  // A clearing account for the stock and a posting profile naming it.
  const accounts = (await api<Paged<Row>>(request, admin, 'GET', '/gl/accounts?limit=500')).items;
  const byCode = (code: string) => accounts.find((a) => a.code === code);
  let clearing = byCode('1195');
  if (!clearing) {
    const { id: _id, createdAt: _c, updatedAt: _u, ...model } = byCode('1510')!;
    clearing = await api<Row>(request, admin, 'POST', '/gl/accounts', { ...model, code: '1195', name: 'Asset stock clearing', controlType: 'None', kind: 'Posting' });
  }
  clearingId = clearing.id;
  const profile = await api<Row>(request, admin, 'POST', '/gl/posting-profiles', {
    code: `FS${suffix}`, name: `Split and stock ${suffix}`, module: 'Fixed Asset', moduleDefault: false,
    controlAccount: byCode('1500')!.id, accumulatedDepreciationAccount: byCode('1510')!.id, depreciationExpenseAccount: byCode('6300')!.id, clearingAccount: clearing.id,
  });
  // Next month: an asset in service this month depreciates from the next, so nothing of this month waits to be posted.
  const cls = await api<Row>(request, admin, 'POST', '/fa/asset-classes', { code: `SP${suffix}`, name: `Laptops ${suffix}`, method: 'Straight line', lifeMonths: 24, residualKind: 'Amount', convention: 'Next month', postingProfile: profile.id });
  classId = cls.id;
});

test('an asset is split into three parts on /splitting-schedule, to the cent, and posted', async ({ page, request }) => {
  assetDescription = `Laptop pool ${suffix}`;
  const asset = await api<Row>(request, admin, 'POST', '/fa/assets', { description: assetDescription, assetClass: classId, acquisitionDate: firstOfMonth, cost: '100', quantity: '3' });
  await api(request, admin, 'POST', `/fa/assets/${asset.id}/activate`);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/splitting-schedule');
  await chooseOption(page, page.getByLabel('Asset', { exact: true }), suffix, new RegExp(`Laptop pool ${suffix}`));
  await page.getByRole('button', { name: 'Add part' }).click();
  for (const n of [1, 2, 3]) await page.getByLabel(`Quantity of part ${n}`).fill('1');
  await page.getByLabel('Description of part 3').fill(`Spare laptop ${suffix}`);
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();
  await expect(page).toHaveURL(/\/splitting-schedule\?id=[0-9a-f-]{36}$/, { timeout: SLOW });
  const parts = page.getByRole('table', { name: 'Parts of the split' });
  await expect(parts.getByRole('row').nth(3)).toContainText('33.34', { timeout: SLOW });
  await expect(parts.getByRole('row').nth(1)).toContainText('33.33');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('link', { name: /^Journal / })).toBeVisible({ timeout: SLOW });
  const lines = page.getByRole('table', { name: 'Lines of the split' });
  await expect(lines.getByRole('row').filter({ hasText: '100.00' })).toHaveCount(1);
  await expect(parts.getByRole('link')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/22-asset-split.png', fullPage: true });
  // the original is Split; the third part is an active asset of its own
  const original = await api<Row>(request, admin, 'GET', `/fa/assets/${asset.id}`);
  expect(original.status).toBe('Split');
  const spare = await api<Paged<Row>>(request, admin, 'GET', `/fa/assets?search=${encodeURIComponent(`Spare laptop ${suffix}`)}&limit=5`);
  expect(spare.items.map((a) => [a.cost, a.status, a.quantity])).toEqual([['33.34', 'Active', '1']]);
  await page.goto('/splitting-schedules');
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: String(original.code) }).first()).toContainText('Posted', { timeout: SLOW });
});

test('a stock item is issued into service on /asset-stock', async ({ page, request }) => {
  const stock = await api<Row>(request, admin, 'POST', '/fa/asset-stocks', { code: `ST${suffix}`, description: `Docking stations ${suffix}`, assetClass: classId, quantity: '5', unitCost: '12.345', location: 'Store room', acquisitionDate: firstOfMonth });
  stockId = stock.id;
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/asset-stocks');
  await expect(page.getByRole('table').getByText(`ST${suffix}`)).toBeVisible({ timeout: SLOW });
  await page.goto(`/asset-stock?id=${stockId}`);
  await expect(page.getByTestId('stock-quantity')).toHaveText('5', { timeout: SLOW });
  await page.getByLabel('Quantity to issue').fill('2');
  await page.getByRole('button', { name: 'Issue into service' }).click();
  const issues = page.getByRole('table', { name: 'Issues from stock' });
  const issued = issues.getByRole('row').filter({ hasText: '2.0000' });
  await expect(issued).toContainText('24.69', { timeout: SLOW });
  await expect(issued).toContainText('Active');
  await expect(page.getByTestId('stock-quantity')).toHaveText('3', { timeout: SLOW });
  // more than is held: refused, nothing changes
  await page.getByLabel('Quantity to issue').fill('4');
  await page.getByRole('button', { name: 'Issue into service' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'holds 3.0000' }).first()).toBeVisible({ timeout: SLOW });
  await expect(page.getByTestId('stock-quantity')).toHaveText('3');
  await page.screenshot({ path: 'test-results/22-asset-stock.png', fullPage: true });
  // the issue undone: its entry reversed, the quantity back, the asset cancelled
  await issued.getByRole('button', { name: 'Undo issue' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Undo issue' }).click();
  await expect(page.getByTestId('stock-quantity')).toHaveText('5', { timeout: SLOW });
  await expect(issued).toContainText('Undone', { timeout: SLOW });
  await expect(issued).toContainText('Cancelled');
  await expect(issued.getByRole('link', { name: 'reversal' })).toBeVisible();
  await page.screenshot({ path: 'test-results/22-asset-stock-undone.png', fullPage: true });
});

test("a posted vendor invoice's clearing line is capitalised from its own screen into a new draft asset", async ({ page, request }) => {
  const local = (await api<Paged<Row>>(request, admin, 'GET', '/ap/vendor-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const vendor = await api<Row>(request, admin, 'POST', '/ap/vendors', { name: `Trailers ${suffix}`, group: local.id });
  const inv = await api<Row & { number: string }>(request, admin, 'POST', '/ap/vendor-invoices/post', {
    party: vendor.id, documentDate: firstOfMonth, description: `Trailer ${suffix}`, lines: [{ account: clearingId, unitPrice: '900.00', description: `Trailer ${suffix}` }],
  });
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/vendor-invoice?id=${inv.id}`);
  const lines = page.getByRole('table', { name: 'Capitalisable lines' });
  const row = lines.getByRole('row').filter({ hasText: `Trailer ${suffix}` });
  await expect(row).toContainText('900.00', { timeout: SLOW });
  await row.getByLabel('Pick line 1').check();
  await row.getByLabel('Amount of line 1').fill('600');
  await page.getByText('New draft assets', { exact: true }).click();
  await chooseOption(page, row.locator('#capitalise-class-1'), `SP${suffix}`, new RegExp(`SP${suffix}`));
  await page.screenshot({ path: 'test-results/22-invoice-capitalise.png', fullPage: true });
  await page.getByRole('button', { name: 'Make 1 draft asset' }).click();
  await expect(page.getByText(/^Done:/)).toBeVisible({ timeout: SLOW });
  // per line: 600.00 capitalised, 300.00 left
  await expect(row).toContainText('600.00', { timeout: SLOW });
  await expect(row).toContainText('300.00');
  await page.screenshot({ path: 'test-results/22-invoice-capitalised.png', fullPage: true });
  const made = await api<Paged<Row>>(request, admin, 'GET', `/fa/assets?search=${encodeURIComponent(`Trailer ${suffix}`)}&limit=5`);
  expect(made.items.map((a) => [a.cost, a.status])).toEqual([['600', 'Draft']]);
});
