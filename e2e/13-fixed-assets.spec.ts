// Proves the fixed-asset journey in Chromium (issue 18): an asset class set up through its screen, an
// asset (made through the API) opened on /asset with its schedule row by row and activated there, the
// depreciation run prepared on /recurring-depreciation, posted from its editor as one entry, and the
// asset's rows then marked posted with a link to the journal; then a revaluation made and posted on
// /revaluation-schedule (the surplus to the reserve, the schedule regenerated on the fair value) and
// the revalued asset sold at a gain on /disposal-schedule to a customer (its customer invoice posted
// with the disposal and linked both ways, the reserve moved to retained earnings), the numbers read on the screens.
/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { ADMIN, apiSignIn, createUserViaApi, ensureAdmin, logoutThroughUi, signInThroughUi, uniqueEmail, type SignedIn, api, chooseOption, deactivateWorkflow } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const CLASS = `FA${suffix}`;
const SLOW = 25_000;

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string };

let admin: SignedIn;
let assetId = '';

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const years = await api<Paged<Row>>(request, admin, 'GET', '/gl/fiscal-years?limit=100');
  if (!years.items.some((year) => year.code === 'FY2026')) {
    const year = await api<Row>(request, admin, 'POST', '/gl/fiscal-years', { code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31' });
    await api(request, admin, 'POST', `/gl/fiscal-years/${year.id}/periods`, { pattern: 'monthly' });
  }
});

test('an asset class is set up through its screen', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/asset-class');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'New Asset Class' });
  await drawer.getByLabel('Code', { exact: true }).fill(CLASS);
  await drawer.getByLabel('Name', { exact: true }).fill(`Vans ${suffix}`);
  await drawer.getByLabel('Useful Life (months)', { exact: true }).fill('12');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden({ timeout: SLOW });
  await expect(page.getByRole('table').getByText(CLASS)).toBeVisible({ timeout: SLOW });
});

test('an asset shows its schedule row by row and is activated on its screen', async ({ page, request }) => {
  const classes = await api<Paged<Row>>(request, admin, 'GET', `/fa/asset-classes?search=${CLASS}&limit=10`);
  const asset = await api<Row>(request, admin, 'POST', '/fa/assets', { description: `Van ${suffix}`, assetClass: classes.items[0]!.id, acquisitionDate: '2026-01-15', cost: '1200' });
  assetId = asset.id;
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/asset?id=${assetId}`);
  const schedule = page.getByRole('table', { name: 'Depreciation schedule' });
  await expect(schedule.getByRole('row').filter({ hasText: '2026-01' })).toContainText('100.00', { timeout: SLOW });
  await expect(schedule.getByRole('row').filter({ hasText: '2026-01' })).toContainText('1/12 of');
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible({ timeout: SLOW });
  await expect(page.getByRole('button', { name: 'Activate' })).toBeHidden();
});

test('the depreciation run is prepared, posted as one entry, and the rows link to it', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/recurring-depreciation');
  await chooseOption(page, page.locator('#depreciation-run-class'), CLASS, new RegExp(CLASS));
  await page.getByRole('button', { name: 'Prepare the run' }).click();
  await expect(page).toHaveURL(/\/depreciation-schedule\?id=/, { timeout: SLOW });
  const lines = page.getByRole('table', { name: 'Lines of the run' });
  await expect(lines.getByRole('row').filter({ hasText: CLASS })).toBeVisible({ timeout: SLOW });
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByRole('link', { name: /^Journal / })).toBeVisible({ timeout: SLOW });
  await page.goto(`/asset?id=${assetId}`);
  const schedule = page.getByRole('table', { name: 'Depreciation schedule' });
  await expect(schedule.getByRole('row').filter({ hasText: '2026-01' }).getByRole('link', { name: 'Posted' })).toBeVisible({ timeout: SLOW });

  // A longer life from the first month not posted: the posted months stay, the rest is spread again.
  const firstOpen = schedule.getByRole('row').filter({ hasText: 'Not posted' }).first();
  const openPeriod = (await firstOpen.locator('td').first().innerText()).trim();
  await page.getByRole('button', { name: 'Change terms' }).click();
  await page.getByLabel('Life (months)').fill('24');
  await page.getByRole('button', { name: 'Regenerate from this month' }).click();
  await expect(page.getByText('The schedule is regenerated from that month')).toBeVisible({ timeout: SLOW });
  await expect(schedule.getByRole('row').filter({ hasText: '2026-01' }).getByRole('link', { name: 'Posted' })).toBeVisible();
  await expect(schedule.getByRole('row').filter({ hasText: openPeriod }).first()).toContainText('Not posted');
  await expect(page.getByText('24 months')).toBeVisible();
});

test('under a DepreciationSchedule workflow the approver reads the run and the entry it will post on /journal through the inbox', async ({ page, request }) => {
  const approver = { name: `Fay Assets ${suffix}`, email: uniqueEmail('run-approver'), password: 'Approval#Pass123' };
  await createUserViaApi(request, { ...approver, roleName: 'Administrator' });
  const approverId = (await apiSignIn(request, approver.email, approver.password)).activeUser as unknown as { code: string };
  const cls = await api<Row>(request, admin, 'POST', '/fa/asset-classes', { code: `AP${suffix}`, name: `Approved vans ${suffix}`, method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month' });
  const asset = await api<Row>(request, admin, 'POST', '/fa/assets', { description: `Approved van ${suffix}`, assetClass: cls.id, acquisitionDate: '2026-01-15', cost: '2400' });
  await api(request, admin, 'POST', `/fa/assets/${asset.id}/activate`);
  const workflow = await api<Row>(request, admin, 'POST', '/workflow/workflows', {
    approvalType: 'DepreciationSchedule', name: `Depreciation ${suffix}`, active: true, allowSelfApproval: false,
    steps: [{ name: 'Controller', operation: 'Post', rule: 'Any', assignees: [{ kind: 'User', id: approverId.code }] }],
  });
  try {
    const run = await api<Row>(request, admin, 'POST', '/fa/depreciation-runs', { period: '2026-03-31', assetClass: cls.id, description: `Run under approval ${suffix}` });
    await api(request, admin, 'POST', `/fa/depreciation-runs/${run.id}/submit`, {});
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signInThroughUi(page, approver.email, approver.password);
    await page.goto('/workflow-task');
    await page.getByRole('table', { name: 'Approval tasks' }).getByRole('row').filter({ hasText: 'Depreciation' }).first().getByRole('link').first().click({ timeout: SLOW });
    await expect(page).toHaveURL(/\/journal\?id=.+&approval=DepreciationSchedule$/);
    const facts = page.getByRole('region', { name: 'Depreciation run' });
    await expect(facts).toContainText(`AP${suffix} only`, { timeout: SLOW });
    await expect(facts).toContainText('600.00');
    await expect(page.getByRole('table', { name: 'Lines of the run' })).toContainText(`AP${suffix}`);
    const entry = page.getByRole('region', { name: 'Entry' });
    await expect(entry).toContainText('(preview)', { timeout: SLOW });
    await expect(entry.getByRole('table', { name: 'Entry lines' })).toContainText('600.00');
    const decision = page.getByRole('region', { name: 'Approval' }).getByRole('group', { name: 'Your decision' });
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect(entry).toContainText('Posted entry', { timeout: SLOW });
    await logoutThroughUi(page);
  } finally {
    await deactivateWorkflow(request, admin, workflow.id);
  }
});

type Account = Row & Record<string, unknown>;

/** An ISO date as the company's date format label reads it ('dd/mm/yy' -> 16/03/26), for typing into date pickers. */
function dateText(iso: string, label: string): string {
  const [year, month, day] = iso.split('-');
  return label.toLowerCase().replace(/yyyy|yy|mm|dd/g, (token) => (token === 'yyyy' ? year! : token === 'yy' ? year!.slice(2) : token === 'mm' ? month! : day!));
}
async function fillDate(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveValue(text);
}

/** A class (code prefix + suffix) whose posting profile names new revaluation and disposal accounts (codes ending in `digits`). */
async function revaluedClass(request: APIRequestContext, prefix: string): Promise<{ cls: Row; digits: string }> {
  const digits = String(Date.now()).slice(-6);
  const model = async (code: string) => (await api<Paged<Account>>(request, admin, 'GET', `/gl/accounts?search=${code}&limit=50`)).items.find((a) => a.code === code)!;
  const account = async (code: string, name: string, like: string) => {
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = await model(like);
    return api<Account>(request, admin, 'POST', '/gl/accounts', { ...rest, code, name, controlType: 'None', kind: 'Posting' });
  };
  const reserve = await account(`39${digits}`, `Revaluation reserve ${prefix}${suffix}`, '3100');
  const loss = await account(`69${digits}`, `Revaluation losses ${prefix}${suffix}`, '6300');
  const clearing = await account(`11${digits}`, `Asset sales clearing ${prefix}${suffix}`, '1510');
  const gain = await account(`49${digits}`, `Gain on asset sales ${prefix}${suffix}`, '4900');
  const std = async (code: string) => (await model(code)).id;
  const profile = await api<Row>(request, admin, 'POST', '/gl/posting-profiles', {
    code: `${prefix}${suffix}`, name: `Revalued ${prefix}${suffix}`, module: 'Fixed Asset', moduleDefault: false, controlAccount: await std('1500'), accumulatedDepreciationAccount: await std('1510'),
    depreciationExpenseAccount: await std('6300'), revaluationSurplusAccount: reserve.id, revaluationLossAccount: loss.id, clearingAccount: clearing.id, disposalGainAccount: gain.id, disposalLossAccount: loss.id,
  });
  const cls = await api<Row>(request, admin, 'POST', '/fa/asset-classes', { code: `${prefix}${suffix}`, name: `Revalued ${prefix}${suffix}`, method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month', postingProfile: profile.id });
  return { cls, digits };
}

test('a revaluation on its screen sends the surplus to the reserve and regenerates the schedule; the revalued asset is sold at a gain', async ({ page, request }) => {
  const { cls, digits } = await revaluedClass(request, 'RV');
  // 1200 over 12 months from January: 100 a month; January to March posted
  const asset = await api<Row & { code: string }>(request, admin, 'POST', '/fa/assets', { description: `Revalued van ${suffix}`, assetClass: cls.id, acquisitionDate: '2026-01-15', cost: '1200' });
  await api(request, admin, 'POST', `/fa/assets/${asset.id}/activate`);
  const run = await api<Row>(request, admin, 'POST', '/fa/depreciation-runs', { period: '2026-03-31', assetClass: cls.id });
  await api(request, admin, 'POST', `/fa/depreciation-runs/${run.id}/post`);
  const { dateFormat } = await api<{ dateFormat: string }>(request, admin, 'GET', '/gl/GetFullCompany');
  const group = (await api<Paged<Row>>(request, admin, 'GET', '/ar/customer-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const buyer = await api<Row & { code: string }>(request, admin, 'POST', '/ar/customers', { name: `Van buyer ${suffix}`, group: group.id });

  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/revaluation-schedule');
  await expect(page.getByRole('heading', { name: 'Asset revaluation' })).toBeVisible({ timeout: SLOW });
  await fillDate(page.getByLabel('Revaluation Date'), dateText('2026-03-31', dateFormat));
  await page.getByLabel('Description', { exact: true }).fill(`Valuer's report ${suffix}`);
  await chooseOption(page, page.locator('#revaluation-asset-0'), asset.code, new RegExp(asset.code));
  await page.getByLabel('Fair value of line 1').fill('1800');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/revaluation-schedule\?id=/, { timeout: SLOW });
  // Book value 1200 - 300 = 900; fair value 1800: +900, all to the reserve; 200 a month over the 9 months left
  const figures = page.getByRole('table', { name: 'Revaluation figures' });
  const row = figures.getByRole('row').filter({ hasText: asset.code });
  await expect(row).toContainText('900.00', { timeout: SLOW });
  await expect(row).toContainText('1,800.00');
  await expect(row).toContainText('200.00 a month, 9 months');
  const entry = page.getByRole('table', { name: 'Lines of the revaluation' });
  await expect(entry.getByRole('row').filter({ hasText: 'Revaluation surplus' })).toContainText(`39${digits}`);
  await expect(entry.getByRole('row').filter({ hasText: 'Revaluation surplus' })).toContainText('900.00');
  await expect(entry.getByRole('row').filter({ hasText: 'Accumulated depreciation eliminated' })).toContainText('300.00');
  await page.screenshot({ path: 'test-results/13-revaluation-draft.png', fullPage: true });
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByRole('link', { name: /^Journal / })).toBeVisible({ timeout: SLOW });
  await expect(page.getByText('Posted', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Change 900\.00 · reserve 900\.00 · profit or loss 0\.00/)).toBeVisible();
  await page.screenshot({ path: 'test-results/13-revaluation-posted.png', fullPage: true });

  // The asset's schedule: March posted at 100, April on 200 a month
  await page.goto(`/asset?id=${asset.id}`);
  const schedule = page.getByRole('table', { name: 'Depreciation schedule' });
  await expect(schedule.getByRole('row').filter({ hasText: '2026-03' })).toContainText('100.00', { timeout: SLOW });
  await expect(schedule.getByRole('row').filter({ hasText: '2026-04' })).toContainText('200.00');
  await expect(schedule.getByRole('row').filter({ hasText: '2026-04' })).toContainText('Not posted');

  // Sold on 30 April for 1,700: April depreciated first (200), book value 1,600, a gain of 100
  await page.goto('/disposal-schedule');
  await chooseOption(page, page.locator('#assetDisposal-asset'), asset.code, new RegExp(asset.code));
  await fillDate(page.getByLabel('Disposal Date'), dateText('2026-04-30', dateFormat));
  await page.getByLabel('Proceeds', { exact: true }).fill('1700');
  await chooseOption(page, page.locator('#assetDisposal-customer'), buyer.code, new RegExp(buyer.code));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/disposal-schedule\?id=/, { timeout: SLOW });
  const disposal = page.getByLabel('Disposal figures');
  await expect(disposal).toContainText('Gain', { timeout: SLOW });
  await expect(disposal).toContainText('1,800.00');
  await expect(disposal).toContainText('1,600.00');
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByRole('link', { name: /^Journal / })).toBeVisible({ timeout: SLOW });
  const lines = page.getByRole('table', { name: 'Lines of the disposal' });
  await expect(lines.getByRole('row').filter({ hasText: 'Gain on disposal' })).toContainText('100.00');
  await expect(lines.getByRole('row').filter({ hasText: 'Gain on disposal' })).toContainText(`49${digits}`);
  await expect(lines.getByRole('row').filter({ hasText: 'Proceeds' })).toContainText('1,700.00');
  await expect(lines.getByRole('row').filter({ hasText: 'Cost' })).toContainText('1,800.00');
  await expect(lines.getByRole('row').filter({ hasText: 'Accumulated depreciation' })).toContainText('200.00');
  await expect(disposal).toContainText('100.00');
  // IAS 16.41: the reserve (900) to retained earnings beside the gain; the customer invoice of the proceeds, linked both ways
  await expect(lines.getByRole('row').filter({ hasText: 'Revaluation reserve' })).toContainText('900.00');
  await expect(lines.getByRole('row').filter({ hasText: 'Retained earnings' })).toContainText('900.00');
  const invoiceLink = disposal.getByRole('link', { name: new RegExp(`^CI.* · ${buyer.code} · 1,700\\.00$`) });
  await expect(invoiceLink).toBeVisible();
  await page.screenshot({ path: 'test-results/13-disposal-gain.png', fullPage: true });
  await invoiceLink.click();
  await expect(page).toHaveURL(/\/customer-invoice\?id=/, { timeout: SLOW });
  await expect(page.getByRole('link', { name: /^Asset disposal DS/ })).toBeVisible({ timeout: SLOW });
  await page.screenshot({ path: 'test-results/13-disposal-invoice.png', fullPage: true });
});

test('under a RevaluationSchedule workflow the approver reads the revaluation and the entry it will post on /journal, and approving posts it', async ({ page, request }) => {
  const approver = { name: `Rae Valuer ${suffix}`, email: uniqueEmail('reval-approver'), password: 'Approval#Pass123' };
  await createUserViaApi(request, { ...approver, roleName: 'Administrator' });
  const approverId = (await apiSignIn(request, approver.email, approver.password)).activeUser as unknown as { code: string };
  const { cls, digits } = await revaluedClass(request, 'RA');
  // 2400 over 12 months from January: 200 a month; January and February posted; book value 2000, fair value 1500: a loss of 500
  const asset = await api<Row & { code: string }>(request, admin, 'POST', '/fa/assets', { description: `Approved building ${suffix}`, assetClass: cls.id, acquisitionDate: '2026-01-15', cost: '2400' });
  await api(request, admin, 'POST', `/fa/assets/${asset.id}/activate`);
  const run = await api<Row>(request, admin, 'POST', '/fa/depreciation-runs', { period: '2026-02-28', assetClass: cls.id });
  await api(request, admin, 'POST', `/fa/depreciation-runs/${run.id}/post`);
  const workflow = await api<Row>(request, admin, 'POST', '/workflow/workflows', {
    approvalType: 'RevaluationSchedule', name: `Revaluation ${suffix}`, active: true, allowSelfApproval: false,
    steps: [{ name: 'Controller', operation: 'Post', rule: 'Any', assignees: [{ kind: 'User', id: approverId.code }] }],
  });
  try {
    const revaluation = await api<Row>(request, admin, 'POST', '/fa/revaluations', { revaluationDate: '2026-02-28', description: `Impairment review ${suffix}`, lines: [{ asset: asset.id, fairValue: '1500' }] });
    await api(request, admin, 'POST', `/fa/revaluations/${revaluation.id}/submit`, {});
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signInThroughUi(page, approver.email, approver.password);
    await page.goto('/workflow-task');
    await page.getByRole('table', { name: 'Approval tasks' }).getByRole('row').filter({ hasText: new RegExp(`Impairment review ${suffix}|Asset revaluation RV`) }).first().getByRole('link').first().click({ timeout: SLOW });
    await expect(page).toHaveURL(/\/journal\?id=.+&approval=RevaluationSchedule$/);
    const facts = page.getByRole('region', { name: 'Asset revaluation' });
    await expect(facts).toContainText('-500.00', { timeout: SLOW });
    await expect(page.getByRole('table', { name: 'Assets of the revaluation' }).getByRole('row').filter({ hasText: asset.code })).toContainText('2,000.00');
    const entry = page.getByRole('region', { name: 'Entry' });
    await expect(entry).toContainText('(preview)', { timeout: SLOW });
    // no surplus in the reserve: the whole decrease is a loss in profit or loss
    await expect(entry.getByRole('table', { name: 'Entry lines' }).getByRole('row').filter({ hasText: `69${digits}` })).toContainText('500.00');
    await page.screenshot({ path: 'test-results/13-revaluation-task.png', fullPage: true });
    const decision = page.getByRole('region', { name: 'Approval' }).getByRole('group', { name: 'Your decision' });
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect(entry).toContainText('Posted entry', { timeout: SLOW });
    await logoutThroughUi(page);
  } finally {
    await deactivateWorkflow(request, admin, workflow.id);
  }
});
