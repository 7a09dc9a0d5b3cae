// Proves the banks' revaluation in Chromium (issue 17): a euro bank holding 1,000.00 EUR booked at 1.10 is valued again at
// a period end's rate of 1.25 on the Revaluation tab of /bank-reconciliations: the preview shows the bank's balance, what it
// carried, what it is worth and the gain of 150.00; posting it shows the entry and its reversal on the next day.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, api, apiSignIn, ensureAdmin, signInThroughUi } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const BANK = `E${suffix}`;
const SLOW = 25_000;
const shots = process.env.E2E_SHOTS ?? '/tmp';

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string };
const world = { dateFormat: 'mm/dd/yyyy' };

/** An ISO date as the company's date format label reads it ('dd/mm/yy' -> 16/03/26), for typing into date pickers. */
const dateText = (iso: string, label: string) => {
  const [year, month, day] = iso.split('-');
  return label.toLowerCase().replace(/yyyy|yy|mm|dd/g, (token) => (token === 'yyyy' ? year! : token === 'yy' ? year!.slice(2) : token === 'mm' ? month! : day!));
};

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  world.dateFormat = (await api<{ dateFormat: string }>(request, admin, 'GET', '/gl/GetFullCompany')).dateFormat;
  const years = await api<Paged<Row>>(request, admin, 'GET', '/gl/fiscal-years?limit=100');
  if (!years.items.some((year) => year.code === 'FY2026')) {
    const year = await api<Row>(request, admin, 'POST', '/gl/fiscal-years', { code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31' });
    await api(request, admin, 'POST', `/gl/fiscal-years/${year.id}/periods`, { pattern: 'monthly' });
  }
  const groups = await api<Paged<Row>>(request, admin, 'GET', '/gl/account-groups?limit=100');
  const accounts = await api<Paged<Row>>(request, admin, 'GET', '/gl/accounts?limit=500');
  const euroAccount = await api<Row>(request, admin, 'POST', '/gl/accounts', { code: '1027', name: `Euro bank ${suffix}`, accountGroup: groups.items.find((g) => g.code === '10')!.id, kind: 'Posting', controlType: 'None', active: true });
  const currencies = (await api<Paged<Row>>(request, admin, 'GET', '/gl/currencies?limit=200')).items;
  const id = (code: string) => currencies.find((c) => c.code === code)!.id;
  const group = await api<Row>(request, admin, 'POST', '/cm/bank-groups', { code: `RV${suffix}`, name: `Euro banks ${suffix}` });
  await api(request, admin, 'POST', '/cm/banks', { code: BANK, name: `Euro account ${suffix}`, bankGroup: group.id, account: euroAccount.id, currency: id('EUR'), accountNumber: `EU-${suffix}` });
  // 1,000.00 EUR of capital paid in on 2 November at 1.10 (1,100.00 USD); the rate at the end of November is 1.25.
  await api(request, admin, 'POST', '/gl/journals/post', {
    journalDate: '2026-11-02', description: `Euro capital ${suffix}`,
    lines: [{ account: euroAccount.id, currency: 'EUR', rate: '1.1', debit: '1000' }, { account: accounts.items.find((a) => a.code === '3000')!.id, currency: 'EUR', rate: '1.1', credit: '1000' }],
  });
  await api(request, admin, 'POST', '/gl/exchange-rates', { fromCurrency: id('EUR'), toCurrency: id('USD'), rateType: 'Spot', effectiveDate: '2026-11-30', rate: '1.25' });
});

test('a euro bank is revalued at a period end on the Revaluation tab of /bank-reconciliations', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/bank-reconciliations');
  await page.getByRole('tab', { name: 'Revaluation' }).click();
  await expect(page).toHaveURL(/view=revaluation/);
  await expect(page.getByRole('heading', { name: 'Bank revaluation' })).toBeVisible({ timeout: SLOW });
  const date = page.getByLabel('Period end');
  await date.click();
  await date.fill(dateText('2026-11-30', world.dateFormat));
  await date.press('Enter');
  await page.getByLabel('Currency').fill('EUR');
  await page.getByRole('button', { name: 'Preview' }).click();
  const row = page.getByRole('table', { name: 'Revalued balances' }).getByRole('row').filter({ hasText: BANK });
  await expect(row).toBeVisible({ timeout: SLOW });
  await expect(row.getByRole('cell')).toHaveText([`${BANK} · Euro account ${suffix}`, '1027', 'EUR', '1,000.00', '1,100.00', '1.25', '1,250.00', '150.00']);
  await page.screenshot({ path: `${shots}/26-bank-revaluation-preview.png`, fullPage: true });
  await page.getByRole('button', { name: 'Post revaluation' }).click();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText(/Revalued on .* reversed on/)).toBeVisible({ timeout: SLOW });
  const made = page.getByRole('table', { name: 'Revaluations made' }).getByRole('row').filter({ hasText: 'EUR' });
  await expect(made).toHaveCount(1, { timeout: SLOW });
  await expect(made.getByRole('link')).toHaveCount(2);
  await page.screenshot({ path: `${shots}/26-bank-revaluation-posted.png`, fullPage: true });
});
