// Proves maintenance and capitalisation in Chromium (issue 18): a recurring maintenance schedule of an
// active asset, listed on /maintenance-schedules, completed on /maintenance-schedule as Capitalised
// from a posted vendor invoice's line on the class's clearing account: the schedule moves by its
// interval, the asset's cost rises and its schedule (shown on the same screen and on /asset) is
// regenerated at the higher cost; the asset's screen lists the capitalisation with its entry.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, api, apiSignIn, chooseOption, ensureAdmin, signInThroughUi, type SignedIn } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const SLOW = 25_000;
const SHOTS = 'test-results/24-asset-maintenance';

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string; number?: string };

let admin: SignedIn;
let assetId = '';
let scheduleId = '';
let invoiceNumber = '';

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const years = await api<Paged<Row>>(request, admin, 'GET', '/gl/fiscal-years?limit=100');
  if (!years.items.some((year) => year.code === 'FY2026')) {
    const year = await api<Row>(request, admin, 'POST', '/gl/fiscal-years', { code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31' });
    await api(request, admin, 'POST', `/gl/fiscal-years/${year.id}/periods`, { pattern: 'monthly' });
  }
  // A clearing account for assets received and not yet capitalised, on the class's posting profile.
  const accounts = await api<Paged<Record<string, unknown> & { id: string; code: string }>>(request, admin, 'GET', '/gl/accounts?limit=500');
  const code = (c: string) => accounts.items.find((a) => a.code === c);
  let clearing = code('1190');
  if (!clearing) {
    const { id: _id, createdAt: _c, updatedAt: _u, ...model } = code('1510')!;
    clearing = await api<Record<string, unknown> & { id: string; code: string }>(request, admin, 'POST', '/gl/accounts', { ...model, code: '1190', name: 'Assets received not capitalised', controlType: 'None', kind: 'Posting' });
  }
  const profile = await api<Row>(request, admin, 'POST', '/gl/posting-profiles', {
    code: `MT${suffix}`, name: `Maintained vans ${suffix}`, module: 'Fixed Asset', moduleDefault: false,
    controlAccount: code('1500')!.id, accumulatedDepreciationAccount: code('1510')!.id, depreciationExpenseAccount: code('6300')!.id, clearingAccount: clearing.id,
  });
  const cls = await api<Row>(request, admin, 'POST', '/fa/asset-classes', { code: `MT${suffix}`, name: `Maintained vans ${suffix}`, method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month', postingProfile: profile.id });
  const asset = await api<Row>(request, admin, 'POST', '/fa/assets', { description: `Maintained van ${suffix}`, assetClass: cls.id, acquisitionDate: '2026-01-15', cost: '1200' });
  await api(request, admin, 'POST', `/fa/assets/${asset.id}/activate`);
  assetId = asset.id;
  // The garage's posted invoice: the overhaul on the clearing account.
  const group = (await api<Paged<Row>>(request, admin, 'GET', '/ap/vendor-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const vendor = await api<Row>(request, admin, 'POST', '/ap/vendors', { code: `GAR${suffix}`, name: `Garage ${suffix}`, group: group.id });
  const invoice = await api<Row>(request, admin, 'POST', '/ap/vendor-invoices/post', { party: vendor.id, documentDate: '2026-11-02', partyDocumentNumber: `G-${suffix}`, description: `Gearbox overhaul ${suffix}`, lines: [{ account: clearing.id, unitPrice: '360', description: `Gearbox ${suffix}` }] });
  invoiceNumber = invoice.number!;
  const schedule = await api<Row>(request, admin, 'POST', '/fa/maintenance-schedules', {
    code: `MS${suffix}`, asset: asset.id, description: `Gearbox overhaul ${suffix}`, vendor: vendor.id, estimatedCost: '300', nextDate: '2026-11-30', intervalMonths: 6, reminderDays: 10, remindTo: 'fleet@e2e.example.com',
  });
  scheduleId = schedule.id;
});

test('a maintenance schedule is listed, completed as capitalised from the vendor invoice, and the asset is depreciated at the higher cost', async ({ page, request }) => {
  await page.setViewportSize({ width: 1600, height: 1100 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/maintenance-schedules');
  await expect(page.getByRole('table').getByText(`MS${suffix}`)).toBeVisible({ timeout: SLOW });
  await page.screenshot({ path: `${SHOTS}/1-list.png`, fullPage: true });

  await page.goto(`/maintenance-schedule?id=${scheduleId}`);
  const schedule = page.getByRole('table', { name: 'Depreciation schedule' });
  await expect(schedule.getByRole('row').filter({ hasText: '2026-11' })).toContainText('100.00', { timeout: SLOW });
  const form = page.getByRole('form', { name: 'Complete the occurrence' });
  await form.getByLabel('Actual cost').fill('360');
  await form.getByLabel('Capitalised').check();
  await chooseOption(page, form.getByRole('combobox', { name: 'Vendor invoice line' }), invoiceNumber, new RegExp(`${invoiceNumber}.*line 1`));
  await page.screenshot({ path: `${SHOTS}/2-completing.png`, fullPage: true });
  await form.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText("Completed: capitalised, the asset's schedule is regenerated")).toBeVisible({ timeout: SLOW });
  const done = page.getByRole('table', { name: 'Completed occurrences' });
  await expect(done.getByRole('row').filter({ hasText: 'Capitalised' })).toContainText(`${invoiceNumber} line 1`, { timeout: SLOW });
  // the next occurrence six months on (30 May 2027, the company's date format); the cost 1,560: ten months of
  // 100 posted or not stay, November and December take the 560 left (280 each)
  await expect(page.getByText('30/05/27')).toBeVisible({ timeout: SLOW });
  await expect(page.getByText(/1,?560\.00/).first()).toBeVisible({ timeout: SLOW });
  await expect(schedule.getByRole('row').filter({ hasText: '2026-11' })).toContainText('280.00', { timeout: SLOW });
  await expect(schedule.getByRole('row').filter({ hasText: '2026-10' })).toContainText('100.00');
  await page.screenshot({ path: `${SHOTS}/3-completed.png`, fullPage: true });
  expect(await api(request, admin, 'GET', `/fa/maintenance-schedules/${scheduleId}/completions`)).toMatchObject({ status: 'Active', nextDate: '2027-05-30', completions: [{ occurrenceDate: '2026-11-30', actualCost: '360.00', treatment: 'Capitalised' }] });

  await page.goto(`/asset?id=${assetId}`);
  const caps = page.getByRole('table', { name: 'Capitalisations' });
  await expect(caps.getByRole('row').filter({ hasText: 'Maintenance' })).toContainText(/360\.00/, { timeout: SLOW });
  await expect(caps.getByRole('row').filter({ hasText: 'Maintenance' })).toContainText(`${invoiceNumber} line 1`);
  await expect(page.getByRole('table', { name: 'Depreciation schedule' }).getByRole('row').filter({ hasText: '2026-12' })).toContainText('280.00');
  await page.screenshot({ path: `${SHOTS}/4-asset.png`, fullPage: true });
});
