// Proves a customer refund in Chromium (issue 16: "a credit balance can be refunded to the party"): a customer
// with a receipt kept on account and an open credit note is paid back from the bank through the payment screen's
// Refund kind: "New refund" on the list, the credits proposed, posted in one entry; the receipt has nothing left on
// account, the credit note is settled, the list tells the refund apart, the statement reads "Refund", and the
// tie-out holds. Screenshots of the draft, the posted refund and the list are kept.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, api, apiSignIn, chooseOption, ensureAdmin, signInThroughUi } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const CUSTOMER = `Credit holder ${suffix}`;
const BANK = `R${suffix}`;
const SLOW = 25_000;

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string; number?: string | null; remaining?: string | null; unallocated?: string };

const world = { customer: '', bank: '', receipt: '', receiptNumber: '', creditNote: '', creditNumber: '' };

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
  const bankGroup = await api<Row>(request, admin, 'POST', '/cm/bank-groups', { code: `RG${suffix}`, name: `Refunds ${suffix}` });
  world.bank = (await api<Row>(request, admin, 'POST', '/cm/banks', { code: BANK, name: `Refund account ${suffix}`, bankGroup: bankGroup.id, account: account('1020'), currency: usd.id, accountNumber: 'DE89370400440532013000', bic: 'DEUTDEFF' })).id;
  const group = (await api<Paged<Row>>(request, admin, 'GET', '/ar/customer-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  world.customer = (await api<Row>(request, admin, 'POST', '/ar/customers', { name: CUSTOMER, group: group.id })).id;
  // A receipt of 120.00 with nothing to pay (all on account), and a credit note of 30.00 standing alone.
  const receipt = await api<Row>(request, admin, 'POST', '/ar/customer-payments/post', { bank: world.bank, party: world.customer, documentDate: '2026-03-05', amount: '120.00', description: `Paid twice ${suffix}` });
  world.receipt = receipt.id;
  world.receiptNumber = receipt.number!;
  const draft = await api<Row>(request, admin, 'POST', '/ar/customer-credit-notes', { party: world.customer, documentDate: '2026-03-02', description: `Goodwill ${suffix}`, lines: [{ account: account('4000'), unitPrice: '30.00' }] });
  const credit = await api<Row>(request, admin, 'POST', `/ar/customer-credit-notes/${draft.id}/post`);
  world.creditNote = credit.id;
  world.creditNumber = credit.number!;
});

test('a customer with a receipt on account and a credit note is refunded from the bank through the payment screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/customer-payments');
  await page.getByRole('button', { name: 'New refund' }).click();
  await expect(page).toHaveURL(/\/customer-payment\?kind=Refund$/);
  await expect(page.getByText('New refund to the customer')).toBeVisible({ timeout: SLOW });
  await chooseOption(page, page.getByLabel('Bank', { exact: true }), BANK, new RegExp(BANK));
  await chooseOption(page, page.getByLabel('Customer', { exact: true }), CUSTOMER, CUSTOMER);
  await page.getByLabel('Description', { exact: true }).fill(`Refund ${suffix}`);
  // No amount typed: the whole credit is proposed, oldest first (the credit note of 2 March, then the receipt of 5 March).
  await page.getByRole('button', { name: 'Propose credits' }).click();
  const lines = page.getByRole('table');
  await expect(lines.getByRole('row')).toHaveCount(3, { timeout: SLOW });
  await expect(lines.getByRole('row').nth(1)).toContainText(world.creditNumber);
  await expect(lines.getByRole('row').nth(2)).toContainText(world.receiptNumber);
  await expect(lines.getByRole('row').nth(2)).toContainText('on account');
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('150.00');
  // Refund less of the receipt: 20.00 of its 120.00 stays on account.
  await lines.getByRole('textbox', { name: `Amount of ${world.receiptNumber}` }).fill('100.00');
  await page.getByLabel('Amount', { exact: true }).fill('130.00');
  await page.screenshot({ path: test.info().outputPath('refund-draft.png'), fullPage: true });
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText(/Refund to the customer CP2026-/)).toBeVisible({ timeout: SLOW });
  await expect(page.getByText('Credits returned')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('refund-posted.png'), fullPage: true });

  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  expect((await api<Row>(request, admin, 'GET', `/ar/customer-payments/${world.receipt}`)).unallocated).toBe('20.00');
  expect((await api<Row>(request, admin, 'GET', `/ar/customer-credit-notes/${world.creditNote}`)).remaining).toBe('0.00');
  const tieout = await api<{ tiesOut: boolean }>(request, admin, 'GET', '/gl/subledger-tieout?asOf=2026-12-31');
  expect(tieout.tiesOut).toBe(true);

  // The list tells the refund from the receipt, and filters by kind.
  await page.goto('/customer-payments');
  const list = page.getByRole('table');
  const refundRow = list.getByRole('row').filter({ hasText: CUSTOMER }).filter({ hasText: 'Refund' });
  await expect(refundRow).toHaveCount(1, { timeout: SLOW });
  await expect(refundRow).toContainText('130.00');
  await expect(list.getByRole('row').filter({ hasText: world.receiptNumber })).toContainText('Receipt');
  await page.screenshot({ path: test.info().outputPath('refund-list.png'), fullPage: true });

  // The statement: the credit note and the receipt lowered the balance, the refund brings it back to the 20.00 still on account.
  await page.goto(`/customer-statement?view=statement&party=${world.customer}&from=2026-01-01&to=2026-12-31`);
  const usd = page.getByRole('table', { name: 'Statement USD' });
  await expect(usd.getByRole('row').filter({ hasText: 'Refund' })).toHaveCount(1, { timeout: SLOW });
  await expect(usd.getByRole('row').filter({ hasText: 'Closing balance' })).toContainText('-20.00');
  await page.screenshot({ path: test.info().outputPath('refund-statement.png'), fullPage: true });
});
