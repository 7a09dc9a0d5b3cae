// Proves the recurring receipt journey in Chromium (issue 16): a customer's monthly receipt is set up on
// /customer-recurring-payment (party, bank, amount, oldest items first, posted), activated, and run now: the receipt
// made pays the customer's invoice, shows in the schedule's payments, and the schedule moves to its next month.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, apiSignIn, ensureAdmin, signInThroughUi, api, chooseOption } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const CUSTOMER = `Tenant ${suffix}`;
const BANK = `R${suffix}`;
const SLOW = 25_000;

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string; remaining?: string | null; number?: string | null };

const world = { invoice: '' };

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const years = await api<Paged<Row>>(request, admin, 'GET', '/gl/fiscal-years?limit=100');
  if (!years.items.some((year) => year.code === 'FY2026')) {
    const year = await api<Row>(request, admin, 'POST', '/gl/fiscal-years', { code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31' });
    await api(request, admin, 'POST', `/gl/fiscal-years/${year.id}/periods`, { pattern: 'monthly' });
  }
  const accounts = await api<Paged<Row>>(request, admin, 'GET', '/gl/accounts?limit=500');
  const account = (code: string) => accounts.items.find((a) => a.code === code)!.id;
  const usd = (await api<Paged<Row>>(request, admin, 'GET', '/gl/currencies?limit=200')).items.find((c) => c.code === 'USD')!;
  const bankGroup = await api<Row>(request, admin, 'POST', '/cm/bank-groups', { code: `Q${suffix}`, name: `Rents ${suffix}` });
  await api<Row>(request, admin, 'POST', '/cm/banks', { code: BANK, name: `Rent account ${suffix}`, bankGroup: bankGroup.id, account: account('1020'), currency: usd.id, accountNumber: 'DE89370400440532013000', bic: 'DEUTDEFF' });
  const group = (await api<Paged<Row>>(request, admin, 'GET', '/ar/customer-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const customer = await api<Row>(request, admin, 'POST', '/ar/customers', { name: CUSTOMER, group: group.id });
  world.invoice = (await api<Row>(request, admin, 'POST', '/ar/customer-invoices/post', { party: customer.id, documentDate: '2026-11-01', description: `Rent ${suffix}`, lines: [{ account: account('4000'), unitPrice: '250.00' }] })).id;
});

test('a monthly receipt is set up, activated and run now: it pays the oldest invoice once', async ({ page, request }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/customer-recurring-payment');
  const field = (name: string) => page.locator(`#customerRecurringPayment-${name}`);
  await field('code').fill(`RENT${suffix}`);
  await field('description').fill(`Monthly rent ${suffix}`);
  await chooseOption(page, field('party'), CUSTOMER, CUSTOMER);
  await chooseOption(page, field('bank'), BANK, new RegExp(BANK));
  await field('amount').fill('250.00');
  await chooseOption(page, field('allocation'), 'Oldest', 'OldestFirst');
  await chooseOption(page, field('mode'), 'Post', 'Post');
  await field('occurrences').fill('12');
  await page.screenshot({ path: '/tmp/ap-recur-recurring-new.png' });
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/customer-recurring-payment\?id=/, { timeout: SLOW });
  await expect(page.getByRole('button', { name: 'Run now' })).toBeVisible({ timeout: SLOW });
  await page.getByRole('button', { name: 'Run now' }).click();
  const made = page.getByRole('table', { name: 'Payments made' });
  await expect(made.getByRole('row').filter({ hasText: 'Posted' })).toHaveCount(1, { timeout: SLOW });
  await expect(made).toContainText('CP2026-');
  await expect(page.getByText(/1 made/)).toBeVisible();
  await page.screenshot({ path: '/tmp/ap-recur-recurring-run.png' });
  // Run again: nothing more is due, nothing is paid twice.
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(/Nothing was due/)).toBeVisible({ timeout: SLOW });
  await expect(made.getByRole('row').filter({ hasText: 'Posted' })).toHaveCount(1);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  expect((await api<Row>(request, admin, 'GET', `/ar/customer-invoices/${world.invoice}`)).remaining).toBe('0.00');
  await page.goto('/customer-recurring-payments');
  await expect(page.getByRole('row').filter({ hasText: `RENT${suffix}` })).toContainText('Active', { timeout: SLOW });
  await page.screenshot({ path: '/tmp/ap-recur-recurring-list.png' });
});
