// Proves the fixed-asset journey in Chromium (issue 18): an asset class set up through its screen, an
// asset (made through the API) opened on /asset with its schedule row by row and activated there, the
// depreciation run prepared on /recurring-depreciation, posted from its editor as one entry, and the
// asset's rows then marked posted with a link to the journal.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, apiSignIn, createUserViaApi, ensureAdmin, logoutThroughUi, signInThroughUi, uniqueEmail, type SignedIn, api, chooseOption } from './support/bootstrap';

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
    const view = await api<Record<string, unknown> & { steps: { id: string; name: string; operation: string | null; rule: string; minAmount: string | null; maxAmount: string | null; deadlineHours: number | null; assignees: { kind: string; id: string }[] }[] }>(request, admin, 'GET', `/workflow/workflows/${workflow.id}`);
    await api(request, admin, 'PUT', `/workflow/workflows/${workflow.id}`, {
      approvalType: view.approvalType, name: view.name, description: view.description, allowSelfApproval: view.allowSelfApproval, active: false,
      steps: view.steps.map(({ id, name, operation, rule, minAmount, maxAmount, deadlineHours, assignees }) => ({ id, name, operation, rule, minAmount, maxAmount, deadlineHours, assignees: assignees.map(({ kind, id: who }) => ({ kind, id: who })) })),
    });
  }
});
