// Proves the journal journey in Chromium: a three-line multi-currency journal entered by keyboard only (Tab through the cells, Enter adds a line) and posted; the trial balance shows it and balances; the drill-down leads from the account to the journal; the journal is reversed on a date from /journal-reversal, linked both ways, and the trial balance closes back to where it was.
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, authHeaders, clickInPopup, ensureAdmin, signInThroughUi, type SignedIn } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const JOURNAL_DATE = '2026-03-16';
const REVERSAL_DATE = '2026-04-20';
const RANGE = 'from=2026-01-01&to=2026-12-31';
const DESCRIPTION = `Paris office costs ${Date.now().toString(36)}`;

type Tb = { rows: { code: string; debit: string; credit: string; closing: string }[]; balanced: boolean };
type Company = { baseCurrency: string; dateFormat: string };
type Listed = { items: { id: string; code: string; startDate: string; endDate: string }[] };

/** An ISO date as the company's date format label reads it ('dd/mm/yy' -> 16/03/26), for typing into date pickers. */
function dateText(iso: string, label: string): string {
  const [year, month, day] = iso.split('-');
  return label.toLowerCase().replace(/yyyy|yy|mm|dd/g, (token) => (token === 'yyyy' ? year! : token === 'yy' ? year!.slice(2) : token === 'mm' ? month! : day!));
}

/** '1000' -> '1,000.00' as the screens show amounts (the browser's locale, en-US in this Chromium). */
const shown = (amount: string) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount));

async function get<T>(request: APIRequestContext, user: SignedIn, path: string): Promise<T> {
  const response = await request.get(path, { headers: authHeaders(user) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** A 2026 fiscal year with open periods (an earlier spec of the run may have made it already). */
async function ensureFiscalYear2026(request: APIRequestContext, user: SignedIn): Promise<void> {
  const years = await get<Listed>(request, user, '/gl/fiscal-years?limit=100');
  let year = years.items.find((fy) => fy.startDate <= JOURNAL_DATE && fy.endDate >= REVERSAL_DATE);
  if (!year) {
    const created = await request.post('/gl/fiscal-years', { headers: authHeaders(user), data: { code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31' } });
    expect(created.status(), await created.text()).toBe(200);
    year = (await created.json()) as Listed['items'][number];
  }
  const periods = await get<unknown[]>(request, user, `/gl/fiscal-years/${year.id}/periods`);
  if (periods.length > 0) return;
  const generated = await request.post(`/gl/fiscal-years/${year.id}/periods`, { headers: authHeaders(user), data: { pattern: 'monthly' } });
  expect(generated.status(), await generated.text()).toBe(200);
}

/** Closing balance per account code in the base currency over 2026, from the API (the baseline the screens are checked against). */
async function closings(request: APIRequestContext, user: SignedIn): Promise<Map<string, number>> {
  const tb = await get<Tb>(request, user, `/gl/trial-balance?${RANGE}`);
  return new Map(tb.rows.map((row) => [row.code, Number(row.closing)]));
}

/** Types into a grid picker, waits for the option the search finds, and Tabs on (which picks it and moves to the next cell). */
async function pick(page: Page, search: string, option: string | RegExp): Promise<void> {
  await page.keyboard.type(search);
  // The previous picker's list may still be fading out: look for the option this search made active.
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active').filter({ hasText: option })).toBeVisible();
  await page.keyboard.press('Tab');
}

/** The focused element's accessible label, to check where Tab has taken the focus. */
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** Types one line, starting in its account cell; ends on the line's last cell and presses Enter there when `more`. */
async function typeLine(page: Page, line: { account: string; accountLabel: RegExp; text: string; currency: string; rate: string; side: 'debit' | 'credit'; amount: string }, more: boolean, dimensions: boolean): Promise<void> {
  await expect.poll(() => focusedLabel(page)).toBe('Account');
  await pick(page, line.account, line.accountLabel);
  expect(await focusedLabel(page)).toBe('Line description');
  await page.keyboard.type(line.text);
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Currency');
  await pick(page, line.currency, line.currency);
  expect(await focusedLabel(page)).toBe('Rate');
  if (line.rate) await page.keyboard.type(line.rate);
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Debit');
  if (line.side === 'debit') await page.keyboard.type(line.amount);
  await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe('Credit');
  if (line.side === 'credit') await page.keyboard.type(line.amount);
  if (!more) return;
  // Enter on the line's last cell (the dimensions, when the tenant defines dimensions) adds a line below.
  if (dimensions) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
}

const tbRow = (page: Page, label: string): Locator => page.getByRole('table', { name: 'Trial balance' }).getByRole('row').filter({ has: page.getByRole('link', { name: label, exact: true }) });

/** Debit, credit and closing cells of an account's trial balance row. */
async function expectTbRow(page: Page, label: string, amounts: { debit: number; credit: number; closing: number }): Promise<void> {
  const cells = tbRow(page, label).getByRole('cell');
  await expect(cells.nth(2)).toHaveText(shown(String(amounts.debit)));
  await expect(cells.nth(3)).toHaveText(shown(String(amounts.credit)));
  await expect(cells.nth(4)).toHaveText(shown(String(amounts.closing)));
}

/** The account rows of the exported workbook (header on row 6): code -> [opening, debit, credit, closing] as numbers. */
async function xlsxAccounts(path: string): Promise<Map<string, number[]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(6).values).toEqual([undefined, 'Account', 'Name', 'Opening', 'Debit', 'Credit', 'Closing']);
  const accounts = new Map<string, number[]>();
  sheet.eachRow((row, rowNo) => {
    const code = row.getCell(1).text;
    if (rowNo > 6 && /^\d+$/.test(code) && typeof row.getCell(3).value === 'number') accounts.set(code, [3, 4, 5, 6].map((c) => Number(row.getCell(c).value)));
  });
  return accounts;
}

let journalNumber = '';
let before = new Map<string, number>();
let beforeSides = new Map<string, { debit: number; credit: number }>();

test('enters a multi-currency journal by keyboard and posts it', async ({ page, request }) => {
  await ensureAdmin(request);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  await ensureFiscalYear2026(request, admin);
  const company = await get<Company>(request, admin, '/gl/GetFullCompany');
  const base = company.baseCurrency;
  expect(base).not.toBe('EUR');
  before = await closings(request, admin);
  const tb = await get<Tb>(request, admin, `/gl/trial-balance?${RANGE}`);
  beforeSides = new Map(tb.rows.map((row) => [row.code, { debit: Number(row.debit), credit: Number(row.credit) }]));

  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/journal');
  await expect(page.getByRole('heading', { name: 'New journal' })).toBeVisible();
  const date = page.getByLabel('Date', { exact: true });
  await date.click();
  await date.fill(dateText(JOURNAL_DATE, company.dateFormat));
  await date.press('Enter');
  await page.getByLabel('Description', { exact: true }).fill(DESCRIPTION);

  const grid = page.getByRole('table', { name: 'Journal lines' });
  const rows = grid.locator('tbody tr.journal-line');
  await expect(rows).toHaveCount(2);
  const dimensions = await rows.first().getByLabel('Dimensions').isEnabled().catch(() => false);
  await rows.first().getByLabel('Account').focus();
  // 800.00 EUR at 1.25 is 1,000.00 in base; 250.50 of base; the credit takes both.
  await typeLine(page, { account: '6100', accountLabel: /^6100 · Rent/, text: 'Paris office rent', currency: 'EUR', rate: '1.25', side: 'debit', amount: '800' }, true, dimensions);
  await typeLine(page, { account: '6200', accountLabel: /^6200 · Utilities/, text: 'Power', currency: base, rate: '', side: 'debit', amount: '250.50' }, true, dimensions);
  // Enter on line 2 moved into a third line, the grid had only two.
  await expect(rows).toHaveCount(3);
  await typeLine(page, { account: '1010', accountLabel: /^1010 · Petty Cash/, text: 'Paid from petty cash', currency: base, rate: '', side: 'credit', amount: '1250.50' }, false, dimensions);

  // The running totals: with its rate typed, the EUR line counts in base at 1,000.00; the difference is zero.
  await expect(page.getByTestId(`totals-${base}`).getByTestId('total-debit')).toContainText('1,250.50');
  await expect(page.getByTestId(`totals-${base}`).getByTestId('total-difference')).toContainText('0.00');

  // Post from the keyboard too: the button takes the focus and Enter presses it.
  await page.getByRole('button', { name: 'Post' }).focus();
  await page.keyboard.press('Enter');
  const banner = page.getByTestId('notification-banner');
  await expect(banner).toHaveAttribute('data-kind', 'success');
  await expect(banner.getByTestId('notification-body')).toContainText(/Journal .+ posted/);
  await expect(page).toHaveURL(/\/journal\?id=[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { name: /^Standard journal / });
  await expect(heading).toBeVisible();
  journalNumber = ((await heading.textContent()) ?? '').replace('Standard journal', '').trim();
  expect(journalNumber).not.toBe('');
  await expect(page.getByText('Posted', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/06-posted-journal.png', fullPage: true });
});

test('shows the journal in the trial balance, balanced, and drills down from the account to the journal', async ({ page, request }) => {
  await ensureAdmin(request);
  expect(journalNumber).not.toBe('');
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/trial-balance?${RANGE}`);
  const side = (code: string) => beforeSides.get(code) ?? { debit: 0, credit: 0 };
  const was = (code: string) => before.get(code) ?? 0;
  await expectTbRow(page, '6100 · Rent', { debit: side('6100').debit + 1000, credit: side('6100').credit, closing: was('6100') + 1000 });
  await expectTbRow(page, '6200 · Utilities', { debit: side('6200').debit + 250.5, credit: side('6200').credit, closing: was('6200') + 250.5 });
  await expectTbRow(page, '1010 · Petty Cash', { debit: side('1010').debit, credit: side('1010').credit + 1250.5, closing: was('1010') - 1250.5 });
  await expect(page.getByTestId('tb-balance')).toHaveText('Balanced');
  await page.screenshot({ path: 'test-results/06-trial-balance.png', fullPage: true });

  // The same report as a workbook the server builds: numeric cells, the same balances.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await clickInPopup(page.getByRole('menuitem', { name: 'Excel (XLSX)' }));
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = await xlsxAccounts(await download.path());
  const cents = (values: number[] | undefined) => values?.slice(1).map((n) => Math.round(n * 100));
  expect(cents(workbook.get('6100'))).toEqual(cents([0, side('6100').debit + 1000, side('6100').credit, was('6100') + 1000]));
  expect(cents(workbook.get('1010'))).toEqual(cents([0, side('1010').debit, side('1010').credit + 1250.5, was('1010') - 1250.5]));

  await page.getByRole('link', { name: '6100 · Rent', exact: true }).click();
  await expect(page).toHaveURL(/\/transaction-history\?account=[0-9a-f-]{36}&from=2026-01-01&to=2026-12-31$/);
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  const line = page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ has: page.getByRole('link', { name: journalNumber, exact: true }) });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Paris office rent');
  await expect(line).toContainText('1,000.00');
  await page.screenshot({ path: 'test-results/06-transaction-history.png', fullPage: true });
  await line.getByRole('link', { name: journalNumber, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Standard journal ${journalNumber}` })).toBeVisible();
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
});

test('reverses the journal on a date from /journal-reversal, linked both ways, and the trial balance closes back where it was', async ({ page, request }) => {
  await ensureAdmin(request);
  expect(journalNumber).not.toBe('');
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const company = await get<Company>(request, admin, '/gl/GetFullCompany');
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/journal-reversal');
  await expect(page.getByRole('heading', { name: 'Journal Reversal' })).toBeVisible();

  // Pick the posted journal by its number, then the date, from the keyboard.
  await page.getByLabel('Posted journal').click();
  await page.keyboard.type(journalNumber);
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active').filter({ hasText: journalNumber })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/journal-reversal\?id=[0-9a-f-]{36}$/);
  await expect(page.locator('.ant-descriptions-item').filter({ hasText: 'Description' })).toContainText(DESCRIPTION);
  const date = page.getByLabel('Reversal date');
  await date.click();
  await date.fill(dateText(REVERSAL_DATE, company.dateFormat));
  await date.press('Enter');
  await expect(date).toHaveValue(dateText(REVERSAL_DATE, company.dateFormat));
  await page.getByRole('button', { name: 'Reverse', exact: true }).click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: `Reverse journal ${journalNumber}?` });
  await expect(confirm).toContainText(dateText(REVERSAL_DATE, company.dateFormat));
  await clickInPopup(confirm.getByRole('button', { name: 'Reverse', exact: true }));
  await expect(page.getByTestId('notification-body')).toContainText(/Reversed by journal .+ on 2026-04-20/);

  // The original is Reversed and names its reversal; the reversals list pairs them; the reversal names the original.
  const linked = page.getByRole('alert').filter({ hasText: `Journal ${journalNumber} is reversed by` });
  await expect(linked.getByRole('link')).not.toHaveText('journal');
  const reversalNumber = (await linked.getByRole('link').textContent()) ?? '';
  // The page's own button (the confirmation's, in a popup outside the app root, may still be fading out).
  await expect(page.locator('#root').getByRole('button', { name: 'Reverse', exact: true })).toBeDisabled();
  const pair = page.getByRole('table', { name: 'Reversals' }).getByRole('row').filter({ has: page.getByRole('link', { name: reversalNumber, exact: true }) });
  await expect(pair.getByRole('link', { name: journalNumber, exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/06-journal-reversal.png', fullPage: true });
  await linked.getByRole('link').click();
  await expect(page.getByRole('heading', { name: `Reversal journal ${reversalNumber}` })).toBeVisible();
  await expect(page.locator('.ant-descriptions-item').filter({ hasText: 'Reversal of' }).getByRole('link')).toHaveText(journalNumber);
  await page.locator('.ant-descriptions-item').filter({ hasText: 'Reversal of' }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: `Standard journal ${journalNumber}` })).toBeVisible();
  await expect(page.locator('.ant-descriptions-item').filter({ hasText: 'Reversed by' }).getByRole('link')).toHaveText(reversalNumber);
  await expect(page.getByRole('button', { name: 'Reverse' })).toHaveCount(0);

  await page.goto(`/trial-balance?${RANGE}`);
  const side = (code: string) => beforeSides.get(code) ?? { debit: 0, credit: 0 };
  const was = (code: string) => before.get(code) ?? 0;
  // Both journals count in the period totals; the closing balances are back where they were.
  await expectTbRow(page, '6100 · Rent', { debit: side('6100').debit + 1000, credit: side('6100').credit + 1000, closing: was('6100') });
  await expectTbRow(page, '6200 · Utilities', { debit: side('6200').debit + 250.5, credit: side('6200').credit + 250.5, closing: was('6200') });
  await expectTbRow(page, '1010 · Petty Cash', { debit: side('1010').debit + 1250.5, credit: side('1010').credit + 1250.5, closing: was('1010') });
  await expect(page.getByTestId('tb-balance')).toHaveText('Balanced');
  await page.screenshot({ path: 'test-results/06-trial-balance-restored.png', fullPage: true });
});
