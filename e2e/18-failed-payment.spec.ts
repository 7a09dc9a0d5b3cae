// Proves the bounced receipt journey in Chromium (issue 16): a customer receipt paying an invoice is marked failed on
// /failed-payment (bounced direct debit, with a fee): the invoice is open again in the invoice list and the fee is an
// open item of the customer; a retry from the same screen pays the invoice and the fee again, and the tie-out holds.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, apiSignIn, ensureAdmin, signInThroughUi, api, chooseOption } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const CUSTOMER = `Bounced ${suffix}`;
const SLOW = 25_000;

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string; remaining?: string | null; number?: string | null };

const world = { customer: '', invoice: '', invoiceNumber: '', receipt: '', receiptNumber: '' };

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
  const bankGroup = await api<Row>(request, admin, 'POST', '/cm/bank-groups', { code: `F${suffix}`, name: `Collections ${suffix}` });
  const bank = await api<Row>(request, admin, 'POST', '/cm/banks', { code: `D${suffix}`, name: `Direct debits ${suffix}`, bankGroup: bankGroup.id, account: account('1020'), currency: usd.id, accountNumber: 'DE89370400440532013000', bic: 'DEUTDEFF' });
  const group = (await api<Paged<Row>>(request, admin, 'GET', '/ar/customer-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  world.customer = (await api<Row>(request, admin, 'POST', '/ar/customers', { name: CUSTOMER, group: group.id })).id;
  const invoice = await api<Row>(request, admin, 'POST', '/ar/customer-invoices/post', { party: world.customer, documentDate: '2026-04-01', description: `Subscription ${suffix}`, lines: [{ account: account('4000'), unitPrice: '120.00' }] });
  Object.assign(world, { invoice: invoice.id, invoiceNumber: invoice.number });
  const items = await api<{ items: { openItem: string; invoice: string }[] }>(request, admin, 'GET', `/ar/customer-payments/open-items?party=${world.customer}`);
  const receipt = await api<Row>(request, admin, 'POST', '/ar/customer-payments/post', {
    bank: bank.id, party: world.customer, documentDate: '2026-04-10', amount: '120.00', method: 'DirectDebit', description: `Direct debit ${suffix}`,
    allocations: [{ openItem: items.items.find((i) => i.invoice === invoice.id)!.openItem, amount: '120.00' }],
  });
  Object.assign(world, { receipt: receipt.id, receiptNumber: receipt.number });
  expect((await api<Row>(request, admin, 'GET', `/ar/customer-invoices/${invoice.id}`)).remaining).toBe('0.00');
});

test('a bounced receipt is marked failed with a fee, its invoice opens again, and a retry pays it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/failed-payment');
  await page.getByRole('button', { name: 'Mark failed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark a payment failed' });
  await chooseOption(page, dialog.getByLabel('Payment', { exact: true }), world.receiptNumber, world.receiptNumber);
  await chooseOption(page, dialog.getByLabel('Reason', { exact: true }), 'Insuff', 'Insufficient funds');
  // Failed on: today (the default), after the receipt's date.
  await dialog.getByLabel('Fee', { exact: true }).fill('7.50');
  await dialog.getByLabel('Note', { exact: true }).fill(`R01 ${suffix}`);
  await page.screenshot({ path: '/tmp/ap-recur-mark-failed.png' });
  await dialog.getByRole('button', { name: 'Mark failed' }).click();
  await expect(dialog).toBeHidden({ timeout: SLOW });
  const table = page.getByRole('table', { name: 'Failed payments' });
  const row = table.getByRole('row').filter({ hasText: world.receiptNumber });
  await expect(row).toContainText('Insufficient funds', { timeout: SLOW });
  await expect(row).toContainText('Awaiting retry');
  await expect(row).toContainText('7.50');
  await page.screenshot({ path: '/tmp/ap-recur-failed-list.png' });

  // The invoice is open again in the invoice list, and the fee is a second open document of the customer.
  await page.goto('/customer-invoices');
  await page.getByRole('searchbox').fill(CUSTOMER);
  await page.getByRole('searchbox').press('Enter');
  const invoiceRow = page.getByRole('row').filter({ hasText: world.invoiceNumber });
  await expect(invoiceRow).toContainText('120.00', { timeout: SLOW });
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  expect((await api<Row>(request, admin, 'GET', `/ar/customer-invoices/${world.invoice}`)).remaining).toBe('120.00');
  const open = await api<{ items: { remaining: string }[] }>(request, admin, 'GET', `/ar/customer-payments/open-items?party=${world.customer}`);
  expect(open.items.map((i) => i.remaining).sort()).toEqual(['120.00', '7.50']);

  // Retry, collecting the fee too: the invoice and the fee are paid, the failure shows its retry.
  await page.goto('/failed-payment');
  await table.getByRole('row').filter({ hasText: world.receiptNumber }).getByRole('button', { name: /^Retry/ }).click();
  const retry = page.getByRole('dialog', { name: /^Retry/ });
  await expect(retry.getByRole('checkbox')).toBeChecked();
  await retry.getByRole('button', { name: 'Retry' }).click();
  await expect(retry).toBeHidden({ timeout: SLOW });
  await expect(table.getByRole('row').filter({ hasText: world.receiptNumber })).toContainText('Paid again', { timeout: SLOW });
  await page.screenshot({ path: '/tmp/ap-recur-retried.png' });
  expect((await api<Row>(request, admin, 'GET', `/ar/customer-invoices/${world.invoice}`)).remaining).toBe('0.00');
  const tieout = await api<{ tiesOut: boolean }>(request, admin, 'GET', '/gl/subledger-tieout?asOf=2026-12-31');
  expect(tieout.tiesOut).toBe(true);
});
