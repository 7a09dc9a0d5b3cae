// Proves the customer receipt journey in Chromium (issue 16): a receipt from a bank that covers one invoice and part of
// another, its allocation proposed (oldest first) and posted from the payment screen; the invoices' open amounts fall by
// what it settled, one allocation is undone from the posted receipt (the invoice reopens), and the tie-out holds.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, apiSignIn, createUserViaApi, ensureAdmin, logoutThroughUi, signInThroughUi, uniqueEmail, api, chooseOption, deactivateWorkflow } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const CUSTOMER = `Receipts ${suffix}`;
const BANK = `B${suffix}`;
const SLOW = 25_000;

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string; remaining?: string | null; number?: string | null };

const invoiceIds: string[] = [];
const world = { customer: '', bank: '', sales: '' };

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
  const bankGroup = await api<Row>(request, admin, 'POST', '/cm/bank-groups', { code: `G${suffix}`, name: `Operating ${suffix}` });
  world.bank = (await api<Row>(request, admin, 'POST', '/cm/banks', { code: BANK, name: `Main account ${suffix}`, bankGroup: bankGroup.id, account: account('1020'), currency: usd.id, accountNumber: 'DE89370400440532013000', bic: 'DEUTDEFF' })).id;
  const group = (await api<Paged<Row>>(request, admin, 'GET', '/ar/customer-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const customer = await api<Row>(request, admin, 'POST', '/ar/customers', { name: CUSTOMER, group: group.id });
  world.customer = customer.id;
  world.sales = account('4000');
  for (const [date, price] of [['2026-01-10', '100.00'], ['2026-02-10', '80.00']] as const) {
    const inv = await api<Row>(request, admin, 'POST', '/ar/customer-invoices/post', { party: customer.id, documentDate: date, description: `Invoice ${price}`, lines: [{ account: account('4000'), unitPrice: price }] });
    invoiceIds.push(inv.id);
  }
});

test('a receipt against two invoices, one in part, is proposed, posted and one allocation undone', async ({ page, request }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/customer-payment');
  await chooseOption(page, page.getByLabel('Bank', { exact: true }), BANK, new RegExp(BANK));
  await chooseOption(page, page.getByLabel('Customer', { exact: true }), CUSTOMER, CUSTOMER);
  await page.getByLabel('Amount', { exact: true }).fill('150.00');
  await page.getByLabel('Description', { exact: true }).fill(`Receipt ${suffix}`);
  await page.getByRole('button', { name: 'Propose allocation' }).click();
  const lines = page.getByRole('table');
  await expect(lines.getByRole('row')).toHaveCount(3, { timeout: SLOW });
  const amounts = lines.getByRole('textbox', { name: /^Amount of / });
  await expect(amounts.nth(0)).toHaveValue('100.00');
  await expect(amounts.nth(1)).toHaveValue('50.00');
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText(/^Receipt CP2026-/)).toBeVisible({ timeout: SLOW });
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(2);

  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const open = async () => Promise.all(invoiceIds.map(async (id) => (await api<Row>(request, admin, 'GET', `/ar/customer-invoices/${id}`)).remaining));
  expect(await open()).toEqual(['0.00', '30.00']);

  // Undo the first allocation: the first invoice reopens, its 100.00 goes back on account.
  await page.getByRole('button', { name: 'Undo' }).first().click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(1, { timeout: SLOW });
  expect(await open()).toEqual(['100.00', '30.00']);
  const tieout = await api<{ tiesOut: boolean }>(request, admin, 'GET', '/gl/subledger-tieout?asOf=2026-12-31');
  expect(tieout.tiesOut).toBe(true);

  // The customer's statement for the year: 180.00 invoiced, 150.00 received, the undone 100.00 back on the
  // first invoice; closing 30.00 owed (the 100.00 on account nets it), with the same figure on the PDF button's file.
  await page.goto(`/customer-statement?view=statement&party=${world.customer}&from=2026-01-01&to=2026-12-31`);
  const usd = page.getByRole('table', { name: 'Statement USD' });
  await expect(usd.getByRole('row').filter({ hasText: 'Closing balance' })).toContainText('30.00', { timeout: SLOW });
  await expect(usd.getByRole('row').filter({ hasText: 'Opening balance' })).toContainText('0.00');
  await expect(usd.getByRole('row').filter({ hasText: /^.*Invoice CI2026-/ })).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('customer-statement.png'), fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^customer-statement-.*-2026-01-01-2026-12-31\.pdf$/);
});

test('under a CustomerPaymentApproval workflow the approver reads the receipt, its allocations and the entry it will post on /journal through the inbox', async ({ page, request }) => {
  const approver = { name: `Paula Payments ${suffix}`, email: uniqueEmail('receipt-approver'), password: 'Approval#Pass123' };
  await createUserViaApi(request, { ...approver, roleName: 'Administrator' });
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const approverId = (await apiSignIn(request, approver.email, approver.password)).activeUser as unknown as { code: string };
  const invoice = await api<Row & { number: string }>(request, admin, 'POST', '/ar/customer-invoices/post', { party: world.customer, documentDate: '2026-03-01', description: 'Invoice for approval', lines: [{ account: world.sales, unitPrice: '70.00' }] });
  const items = await api<{ items: { openItem: string; invoice: string }[] }>(request, admin, 'GET', `/ar/customer-payments/open-items?party=${world.customer}`);
  const item = items.items.find((i) => i.invoice === invoice.id)!.openItem;
  const workflow = await api<Row>(request, admin, 'POST', '/workflow/workflows', {
    approvalType: 'CustomerPaymentApproval', name: `Receipts ${suffix}`, active: true, allowSelfApproval: false,
    steps: [{ name: 'Treasurer', operation: 'Post', rule: 'Any', assignees: [{ kind: 'User', id: approverId.code }] }],
  });
  const description = `Receipt under approval ${suffix}`;
  try {
    const draft = await api<Row>(request, admin, 'POST', '/ar/customer-payments', { bank: world.bank, party: world.customer, documentDate: '2026-03-05', amount: '70.00', description, allocations: [{ openItem: item, amount: '70.00' }] });
    await api(request, admin, 'POST', `/ar/customer-payments/${draft.id}/submit`, {});
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signInThroughUi(page, approver.email, approver.password);
    await page.goto('/workflow-task');
    const row = page.getByRole('table', { name: 'Approval tasks' }).getByRole('row').filter({ hasText: CUSTOMER });
    await row.getByRole('link').first().click({ timeout: SLOW });
    await expect(page).toHaveURL(/\/journal\?id=.+&approval=CustomerPaymentApproval$/);
    const receipt = page.getByRole('region', { name: 'Customer receipt' });
    await expect(receipt).toContainText(CUSTOMER, { timeout: SLOW });
    await expect(receipt).toContainText(BANK);
    await expect(receipt).toContainText(description);
    await expect(page.getByRole('table', { name: 'Allocations' })).toContainText(invoice.number);
    const entry = page.getByRole('region', { name: 'Entry' });
    await expect(entry).toContainText('(preview)', { timeout: SLOW });
    await expect(entry.getByRole('table', { name: 'Entry lines' })).toContainText('1020');
    await expect(entry.getByRole('table', { name: 'Entry lines' })).toContainText('70.00');
    const decision = page.getByRole('region', { name: 'Approval' }).getByRole('group', { name: 'Your decision' });
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect(entry).toContainText('Posted entry', { timeout: SLOW });
    await logoutThroughUi(page);
  } finally {
    await deactivateWorkflow(request, admin, workflow.id);
  }
});
