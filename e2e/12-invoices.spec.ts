// Proves the vendor invoice journey in Chromium (issue 15): a vendor group and a vendor set up through their screens, an invoice
// with two tax rates entered by keyboard (live line figures and tax summary), posted; the payable in the trial balance and the
// subledger tie-out; half of it credited from the posted invoice; the list with the filter's sums; the screens at 1600 and 375 px.
/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, createUserViaApi, ensureAdmin, logoutThroughUi, signInThroughUi, uniqueEmail, type SignedIn, api, chooseOption, deactivateWorkflow } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const GROUP = `G${suffix}`;
const VENDOR_NAME = `Papeterie ${suffix}`;
const TAX_HIGH = `S20${suffix}`;
const TAX_LOW = `R10${suffix}`;
const VENDOR_INVOICE_NUMBER = `INV-${suffix}`;
const SLOW = 25_000;
const SHOTS = process.env.SHOT_DIR;

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string };

async function accountId(request: APIRequestContext, user: SignedIn, code: string): Promise<string> {
  const accounts = await api<Paged<Row>>(request, user, 'GET', `/gl/accounts?search=${code}&limit=50`);
  const account = accounts.items.find((a) => a.code === code);
  expect(account, `account ${code}`).toBeDefined();
  return account!.id;
}

/** A 2026 fiscal year with open monthly periods, and two tax codes (20 % and 10 %) on the seeded tax accounts. */
async function ensureBooks(request: APIRequestContext, admin: SignedIn): Promise<void> {
  const years = await api<Paged<Row>>(request, admin, 'GET', '/gl/fiscal-years?limit=100');
  if (!years.items.some((year) => year.code === 'FY2026')) {
    const year = await api<Row>(request, admin, 'POST', '/gl/fiscal-years', { code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31' });
    await api(request, admin, 'POST', `/gl/fiscal-years/${year.id}/periods`, { pattern: 'monthly' });
  }
  const inputAccount = await accountId(request, admin, '1400');
  const outputAccount = await accountId(request, admin, '2200');
  for (const [code, rate] of [[TAX_HIGH, '20'], [TAX_LOW, '10']] as const) {
    await api(request, admin, 'POST', '/gl/taxes', { code, name: `VAT ${rate}% ${suffix}`, rate, kind: 'Both', inputAccount, outputAccount, active: true });
  }
}

/** Types into a grid picker, waits for the option the search made active, and Tabs on (which takes it and moves to the next cell). */
async function pick(page: Page, search: string, option: string | RegExp): Promise<void> {
  await page.keyboard.type(search);
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active').filter({ hasText: option })).toBeVisible();
  await page.keyboard.press('Tab');
}

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** One invoice line by keyboard, from its account cell to its tax. */
async function typeLine(page: Page, line: { account: string; text: string; quantity: string; price: string; tax: string }): Promise<void> {
  await expect.poll(() => focusedLabel(page)).toBe('Account');
  await pick(page, line.account, line.account);
  expect(await focusedLabel(page)).toBe('Line description');
  await page.keyboard.type(line.text);
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Quantity');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(line.quantity);
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Unit price');
  await page.keyboard.type(line.price);
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Discount percent');
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Tax');
  await pick(page, line.tax, line.tax);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

let invoiceUrl = '';

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  await ensureBooks(request, await apiSignIn(request, ADMIN.email, ADMIN.password));
});

test('a vendor group and a vendor are set up through their screens', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/vendor-group');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const groupDrawer = page.getByRole('dialog', { name: 'New Vendor Group' });
  await groupDrawer.getByLabel('Code', { exact: true }).fill(GROUP);
  await groupDrawer.getByLabel('Name', { exact: true }).fill(`Suppliers ${suffix}`);
  await chooseOption(page, groupDrawer.getByLabel('Control Account'), '2000', /2000/);
  await chooseOption(page, groupDrawer.getByLabel('Default Payment Term'), 'NET30', /NET30/);
  await groupDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(groupDrawer).toBeHidden({ timeout: SLOW });

  await page.goto('/vendor');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const vendorDrawer = page.getByRole('dialog', { name: 'New Vendor' });
  await vendorDrawer.getByLabel('Name', { exact: true }).fill(VENDOR_NAME);
  await chooseOption(page, vendorDrawer.getByLabel('Vendor Group'), GROUP, new RegExp(GROUP));
  await vendorDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(vendorDrawer).toBeHidden({ timeout: SLOW });
  await expect(page.getByRole('table').getByText(VENDOR_NAME)).toBeVisible({ timeout: SLOW });
});

test('a vendor invoice with two tax rates is entered by keyboard and posted', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/vendor-invoice');
  await expect(page.getByRole('table', { name: 'Invoice lines' })).toBeVisible({ timeout: SLOW });
  await chooseOption(page, page.getByLabel('Vendor', { exact: true }), VENDOR_NAME, VENDOR_NAME);
  await page.getByLabel("Vendor's Invoice Number").fill(VENDOR_INVOICE_NUMBER);
  await page.getByLabel('Description', { exact: true }).fill(`Office supplies ${suffix}`);
  // The vendor's term (NET30, from its group) gives the due date.
  await expect(page.getByRole('region', { name: 'Due dates' })).toContainText('NET30', { timeout: SLOW });

  const grid = page.getByRole('table', { name: 'Invoice lines' });
  const rows = grid.locator('tbody tr.journal-line');
  await rows.nth(0).getByLabel('Account', { exact: true }).click();
  await typeLine(page, { account: '6200', text: 'Paper and toner', quantity: '2', price: '100', tax: TAX_HIGH });
  await expect(rows.nth(0).getByTestId('line-grossMinor')).toHaveText('240.00');
  await rows.nth(1).getByLabel('Account', { exact: true }).click();
  await typeLine(page, { account: '6100', text: 'Books', quantity: '1', price: '50', tax: TAX_LOW });
  await expect(rows.nth(1).getByTestId('line-taxMinor')).toHaveText('5.00');

  await expect(page.getByTestId('total-net')).toHaveText('250.00');
  await expect(page.getByTestId('total-tax')).toHaveText('45.00');
  await expect(page.getByTestId('total-gross')).toHaveText('295.00');
  const summary = page.getByRole('table', { name: 'Tax summary' });
  await expect(summary.getByRole('row').filter({ hasText: TAX_HIGH })).toContainText('40.00');
  await expect(summary.getByRole('row').filter({ hasText: TAX_LOW })).toContainText('5.00');
  await expect(page.getByTestId('instalment')).toHaveCount(1);
  await expect(page.getByLabel('Due amount 1')).toHaveValue('295.00');
  await shot(page, 'invoice-editor-1600');

  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByRole('heading', { name: /Vendor invoice VI/ })).toBeVisible({ timeout: SLOW });
  await expect(page.getByTestId('document-gross')).toHaveText('295.00');
  invoiceUrl = page.url();
  expect(invoiceUrl).toContain('/vendor-invoice?id=');
  await shot(page, 'invoice-posted-1600');

  // The same vendor invoice number again is refused on its field, and nothing is written.
  await page.goto('/vendor-invoice');
  await expect(page.getByRole('table', { name: 'Invoice lines' })).toBeVisible({ timeout: SLOW });
  await chooseOption(page, page.getByLabel('Vendor', { exact: true }), VENDOR_NAME, VENDOR_NAME);
  await page.getByLabel("Vendor's Invoice Number").fill(VENDOR_INVOICE_NUMBER);
  await page.getByLabel('Description', { exact: true }).fill('Duplicate');
  await rows.nth(0).getByLabel('Account', { exact: true }).click();
  await typeLine(page, { account: '6200', text: 'Again', quantity: '1', price: '10', tax: TAX_LOW });
  await page.getByRole('button', { name: 'Post' }).click();
  const field = page.locator('.ant-form-item').filter({ has: page.getByLabel("Vendor's Invoice Number") });
  await expect(field.locator('.ant-form-item-explain-error')).toBeVisible({ timeout: SLOW });
});

test('the payable is in the trial balance and the subledger ties out', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/trial-balance');
  const payables = page.getByRole('row').filter({ hasText: 'Accounts Payable' }).first();
  await expect(payables).toContainText('295.00', { timeout: SLOW });
  await page.getByText(/Subledger tie-out as of/).click();
  await expect(page.getByTestId('tieout-status')).toHaveText('Ties out', { timeout: SLOW });

  // The tax report, a ledger report reached from the trial balance: input tax per code, tied to the tax account.
  await page.getByRole('button', { name: 'Tax report' }).click();
  await expect(page).toHaveURL(/\/trial-balance\/tax-report$/);
  const taxes = page.getByRole('table', { name: 'Tax per code and period' });
  await expect(taxes.getByRole('row').filter({ hasText: TAX_HIGH })).toContainText('40.00', { timeout: SLOW });
  await expect(taxes.getByRole('row').filter({ hasText: TAX_LOW })).toContainText('5.00');
  await expect(page.getByRole('table', { name: 'Tie-out to the tax accounts' }).getByRole('row').filter({ hasText: '1400' })).toContainText('Yes');
  await shot(page, 'tax-report-1600');
});

test('half of the invoice is credited from the posted invoice', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto(invoiceUrl);
  await page.getByRole('button', { name: 'Credit note' }).click();
  await expect(page).toHaveURL(/\/vendor-invoice-reversal\?invoice=/);
  await page.getByText('An amount', { exact: true }).click();
  await page.getByLabel('Amount to credit').fill('147.50');
  await page.getByRole('button', { name: 'Use this amount' }).click();
  await expect(page.getByTestId('total-gross')).toHaveText('147.50', { timeout: SLOW });
  await shot(page, 'credit-note-1600');
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByRole('heading', { name: /Vendor credit note VC/ })).toBeVisible({ timeout: SLOW });

  await page.goto(invoiceUrl);
  const open = page.locator('.ant-descriptions-item').filter({ hasText: 'Open' });
  await expect(open).toContainText('147.50', { timeout: SLOW });
  await expect(page.getByRole('table', { name: 'Credit notes' })).toContainText('147.50');

  // The printable invoice.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
});

test('the list shows the invoice with the sums of its filter, at 1600 and 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/vendor-invoices');
  await page.getByRole('searchbox', { name: 'Search vendor invoices' }).fill(VENDOR_INVOICE_NUMBER);
  const table = page.getByRole('table', { name: 'Vendor invoices' });
  await expect(table.getByRole('row').filter({ hasText: VENDOR_NAME })).toHaveCount(1, { timeout: SLOW });
  // The page comes without its total; the pager's total is the count of the filter's sums.
  await expect(page.locator('.ant-pagination-total-text')).toHaveText('1 invoice', { timeout: SLOW });
  const sums = page.getByTestId('invoice-sums');
  await expect(sums).toContainText('295.00');
  await expect(sums).toContainText('147.50');
  await shot(page, 'invoice-list-1600');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/vendor-invoices');
  await expect(page.getByRole('table', { name: 'Vendor invoices' })).toBeVisible({ timeout: SLOW });
  await shot(page, 'invoice-list-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.goto('/vendor-invoice');
  const cards = page.getByRole('list', { name: 'Invoice lines' });
  await expect(cards).toBeVisible({ timeout: SLOW });
  await cards.getByRole('listitem').nth(0).getByLabel('Unit price').fill('12.5');
  await expect(page.getByTestId('total-gross')).toHaveText('12.50');
  await shot(page, 'invoice-editor-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // The same screens serve the receivables face with its words.
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/customer-invoice');
  await expect(page.getByRole('heading', { name: 'New customer invoice' })).toBeVisible({ timeout: SLOW });
  await expect(page.getByLabel("Customer's Reference")).toBeVisible();
  await page.goto('/customer-invoices');
  await expect(page.getByRole('table', { name: 'Customer invoices' })).toBeVisible({ timeout: SLOW });
});

test('under a VendorInvoiceApproval workflow an invoice is submitted, and another user approves it through the inbox', async ({ page, request }) => {
  const approver = { name: `Vera Approver ${suffix}`, email: uniqueEmail('invoice-approver'), password: 'Approval#Pass123' };
  await createUserViaApi(request, { ...approver, roleName: 'Administrator' });
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const approverId = (await apiSignIn(request, approver.email, approver.password)).activeUser as unknown as { code: string };
  const workflow = await api<Row>(request, admin, 'POST', '/workflow/workflows', {
    approvalType: 'VendorInvoiceApproval',
    name: `Vendor invoices ${suffix}`,
    active: true,
    allowSelfApproval: false,
    steps: [{ name: 'Controller review', operation: 'Post', rule: 'Any', assignees: [{ kind: 'User', id: approverId.code }] }],
  });
  const description = `Printer repair ${suffix}`;
  try {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signInThroughUi(page, ADMIN.email, ADMIN.password);
    await page.goto('/vendor-invoice');
    await expect(page.getByRole('table', { name: 'Invoice lines' })).toBeVisible({ timeout: SLOW });
    await chooseOption(page, page.getByLabel('Vendor', { exact: true }), VENDOR_NAME, VENDOR_NAME);
    await page.getByLabel('Description', { exact: true }).fill(description);
    const rows = page.getByRole('table', { name: 'Invoice lines' }).locator('tbody tr.journal-line');
    await rows.nth(0).getByLabel('Account', { exact: true }).click();
    await typeLine(page, { account: '6200', text: 'Repair', quantity: '1', price: '80', tax: TAX_HIGH });
    await expect(page.getByTestId('total-gross')).toHaveText('96.00');
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    const approval = page.getByRole('region', { name: 'Approval' });
    await expect(approval.getByText('Awaiting approval').first()).toBeVisible({ timeout: SLOW });
    await expect(page.getByRole('button', { name: 'Post' })).toHaveCount(0);
    await shot(page, 'invoice-under-approval-1600');
    await logoutThroughUi(page);

    await signInThroughUi(page, approver.email, approver.password);
    await page.goto('/workflow-task');
    const row = page.getByRole('table', { name: 'Approval tasks' }).getByRole('row').filter({ hasText: description });
    await row.getByRole('link').click({ timeout: SLOW });
    await expect(page).toHaveURL(/\/vendor-invoice\?id=/);
    const decision = page.getByRole('region', { name: 'Approval' }).getByRole('group', { name: 'Your decision' });
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: /Vendor invoice VI/ })).toBeVisible({ timeout: SLOW });
    await expect(page.getByTestId('document-gross')).toHaveText('96.00');
  } finally {
    await deactivateWorkflow(request, admin, workflow.id);
  }
});

test('under a VendorInvoiceReversalApproval workflow a credit note is submitted, and its approver reads it and its entry on /journal through the inbox', async ({ page, request }) => {
  const approver = { name: `Rita Reviewer ${suffix}`, email: uniqueEmail('credit-approver'), password: 'Approval#Pass123' };
  await createUserViaApi(request, { ...approver, roleName: 'Administrator' });
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const approverId = (await apiSignIn(request, approver.email, approver.password)).activeUser as unknown as { code: string };
  const workflow = await api<Row>(request, admin, 'POST', '/workflow/workflows', {
    approvalType: 'VendorInvoiceReversalApproval',
    name: `Vendor credit notes ${suffix}`,
    active: true,
    allowSelfApproval: false,
    steps: [{ name: 'Controller review', operation: 'Reverse', rule: 'Any', assignees: [{ kind: 'User', id: approverId.code }] }],
  });
  const description = `Returned paper ${suffix}`;
  try {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signInThroughUi(page, ADMIN.email, ADMIN.password);
    await page.goto(invoiceUrl);
    await page.getByRole('button', { name: 'Credit note' }).click();
    await page.getByText('An amount', { exact: true }).click();
    // More than is left to credit (147.50) is refused on the amount before anything is sent.
    await page.getByLabel('Amount to credit').fill('500');
    await expect(page.getByText('At most 147.50 USD is left to credit on this invoice')).toBeVisible();
    await page.getByLabel('Amount to credit').fill('59.00');
    await page.getByRole('button', { name: 'Use this amount' }).click();
    await expect(page.getByTestId('total-gross')).toHaveText('59.00', { timeout: SLOW });
    await page.getByLabel('Description', { exact: true }).fill(description);
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page.getByRole('region', { name: 'Approval' }).getByText('Awaiting approval').first()).toBeVisible({ timeout: SLOW });
    await logoutThroughUi(page);

    await signInThroughUi(page, approver.email, approver.password);
    await page.goto('/workflow-task');
    const row = page.getByRole('table', { name: 'Approval tasks' }).getByRole('row').filter({ hasText: description });
    await row.getByRole('link').click({ timeout: SLOW });
    await expect(page).toHaveURL(/\/journal\?id=.+&approval=VendorInvoiceReversalApproval$/);
    const note = page.getByRole('region', { name: 'Vendor credit note' });
    await expect(note).toContainText(VENDOR_NAME, { timeout: SLOW });
    await expect(note).toContainText(description);
    await expect(note.getByRole('link', { name: /^VI/ })).toBeVisible();
    const entry = page.getByRole('region', { name: 'Entry' });
    await expect(entry).toContainText('(preview)', { timeout: SLOW });
    await expect(entry.getByRole('table', { name: 'Entry lines' })).toContainText(VENDOR_NAME);
    await expect(entry.getByRole('table', { name: 'Entry lines' })).toContainText('59.00');
    await shot(page, 'credit-note-task-on-journal-1600');
    const decision = page.getByRole('region', { name: 'Approval' }).getByRole('group', { name: 'Your decision' });
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect(entry).toContainText('Posted entry', { timeout: SLOW });
    await expect(page.getByRole('heading', { name: /Vendor credit note VC/ })).toBeVisible({ timeout: SLOW });
  } finally {
    await deactivateWorkflow(request, admin, workflow.id);
  }
});
