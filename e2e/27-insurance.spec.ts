// Proves insurance schedules in Chromium (issue 18): an insurer (made on /insurance-company's API),
// a policy made on /insurance-schedule over an asset with its insured value and a quarterly premium
// whose instalments sum to it (the remainder on the last), activated, its first instalment marked
// paid with a reference; the list /insurance-schedules finds it by insurer and status.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, api, apiSignIn, chooseOption, clickInPopup, ensureAdmin, signInThroughUi, type SignedIn } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const SLOW = 25_000;
const SHOTS = 'test-results/27-insurance';

type Row = { id: string; code?: string };
type Policy = { id: string; status: string; premium: string; instalments: { instalmentNo: number; amount: string; paidDate: string | null; reference: string | null }[] };

let admin: SignedIn;
let asset: Row;

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const cls = await api<Row>(request, admin, 'POST', '/fa/asset-classes', { code: `IN${suffix}`, name: `Insured vans ${suffix}`, method: 'Straight line', lifeMonths: 48, residualKind: 'Amount', convention: 'Full month' });
  asset = await api<Row>(request, admin, 'POST', '/fa/assets', { description: `Insured van ${suffix}`, assetClass: cls.id, acquisitionDate: '2026-01-15', cost: '24000' });
  await api(request, admin, 'POST', '/fa/insurance-companies', { code: `INS${suffix}`, name: `Safe Cover ${suffix}`, mail: 'claims@e2e.example.com' });
});

test('a policy is made over an asset, activated, and its first instalment marked paid', async ({ page, request }) => {
  await page.setViewportSize({ width: 1600, height: 1100 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/insurance-schedule');
  await chooseOption(page, page.locator('#insuranceSchedule-insurer'), `INS${suffix}`, new RegExp(`INS${suffix}`));
  await page.locator('#insuranceSchedule-policyNumber').fill(`POL-${suffix}`);
  await page.locator('#insuranceSchedule-coverType').fill('Motor, all risks');
  await page.locator('#insuranceSchedule-premium').fill('1000.01');
  await page.locator('#insuranceSchedule-premiumFrequency').click();
  await clickInPopup(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Quarterly' }).first());
  await page.locator('#insuranceSchedule-remindTo').fill('fleet@e2e.example.com');
  await chooseOption(page, page.locator('#insured-asset-0'), asset.code!, new RegExp(asset.code!));
  await page.getByLabel('Insured value of line 1').fill('23500');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/insurance-schedule\?id=/, { timeout: SLOW });
  const instalments = page.getByRole('table', { name: 'Premium instalments' });
  await expect(instalments.getByRole('row')).toHaveCount(5, { timeout: SLOW });
  await expect(instalments.getByRole('row').nth(1)).toContainText('250.00');
  await expect(instalments.getByRole('row').nth(4)).toContainText('250.01');
  await page.screenshot({ path: `${SHOTS}/1-draft.png`, fullPage: true });

  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('The policy is active')).toBeVisible({ timeout: SLOW });
  await instalments.getByRole('row').nth(1).getByRole('button', { name: 'Mark paid' }).click();
  const paying = page.getByRole('form', { name: 'Pay instalment 1' });
  await paying.getByLabel('Payment reference').fill(`TRF-${suffix}`);
  await paying.getByRole('button', { name: 'Confirm paid' }).click();
  await expect(page.getByText('Instalment 1 is marked paid')).toBeVisible({ timeout: SLOW });
  await expect(instalments.getByRole('row').nth(1)).toContainText(`TRF-${suffix}`);
  // unpaid: the three instalments left
  await expect(page.getByText(/^750\.01$/).first()).toBeVisible({ timeout: SLOW });
  await page.screenshot({ path: `${SHOTS}/2-active-paid.png`, fullPage: true });

  const id = new URL(page.url()).searchParams.get('id')!;
  const policy = await api<Policy>(request, admin, 'GET', `/fa/insurance-schedules/${id}`);
  expect(policy).toMatchObject({ status: 'Active', premium: '1000.01' });
  expect(policy.instalments.map((i) => i.amount)).toEqual(['250.00', '250.00', '250.00', '250.01']);
  expect(policy.instalments[0]).toMatchObject({ reference: `TRF-${suffix}`, paidDate: expect.any(String) });

  await page.goto('/insurance-schedules');
  await page.getByRole('searchbox', { name: 'Search insurance schedules' }).fill(`POL-${suffix}`);
  const list = page.getByRole('table', { name: 'Insurance schedules' });
  await expect(list.getByRole('row').filter({ hasText: `POL-${suffix}` })).toContainText('Active', { timeout: SLOW });
  await expect(list.getByRole('row').filter({ hasText: `POL-${suffix}` })).toContainText(/23,?500\.00/);
  await page.screenshot({ path: `${SHOTS}/3-list.png`, fullPage: true });
});
