// Proves the ledger set-up journey in Chromium: define fiscal year 2026 and generate its 14 periods, change a period's status with confirmation, add an account under a group of the chart tree, import 200 accounts from XLSX (two bad rows: both errors shown, nothing written; fixed: all written), and export them to XLSX unchanged.
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, authHeaders, clickInPopup, ensureAdmin, signInThroughUi } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IMPORT_COLUMNS = ['Code', 'Name', 'Account Group', 'Kind', 'Control'] as const;

type AccountRow = Record<(typeof IMPORT_COLUMNS)[number], string>;

/** 200 posting accounts under group 51 (Operating Expenses), codes 80001..80200, no code of the seeded chart. */
const imported: AccountRow[] = Array.from({ length: 200 }, (_, i) => ({
  Code: String(80_001 + i),
  Name: `Imported expense ${String(i + 1).padStart(3, '0')}`,
  'Account Group': '51',
  Kind: 'Posting',
  Control: 'None',
}));
/** Two bad rows (file rows 51 and 121, after the header): a group code that does not exist and a missing name. */
const BAD_GROUP_INDEX = 49;
const NO_NAME_INDEX = 119;
const withBadRows = imported.map((row, i) => (i === BAD_GROUP_INDEX ? { ...row, 'Account Group': '99' } : i === NO_NAME_INDEX ? { ...row, Name: '' } : row));

async function xlsxOf(rows: readonly AccountRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Accounts');
  sheet.addRow([...IMPORT_COLUMNS]);
  for (const row of rows) sheet.addRow(IMPORT_COLUMNS.map((column) => row[column]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of the first sheet of an XLSX file, by header, as text. */
async function readXlsx(path: string): Promise<Record<string, string>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => (headers[column] = cell.text));
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, rowNo) => {
    if (rowNo === 1) return;
    const values: Record<string, string> = {};
    headers.forEach((header, column) => (values[header] = row.getCell(column).text));
    rows.push(values);
  });
  return rows;
}

/** An ISO date as the company's date format label reads it ('dd/mm/yy' -> 01/01/26), for typing into date pickers. */
function dateText(iso: string, label: string): string {
  const [year, month, day] = iso.split('-');
  return label.toLowerCase().replace(/yyyy|yy|mm|dd/g, (token) => (token === 'yyyy' ? year! : token === 'yy' ? year!.slice(2) : token === 'mm' ? month! : day!));
}

async function companyDateFormat(request: APIRequestContext): Promise<string> {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const response = await request.get('/gl/GetFullCompany', { headers: authHeaders(admin) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { dateFormat: string }).dateFormat;
}

async function accountTotal(request: APIRequestContext): Promise<number> {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const response = await request.get('/gl/accounts?limit=1', { headers: authHeaders(admin) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

async function fillDate(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveValue(text);
}

async function expectSuccess(page: Page): Promise<void> {
  const banner = page.getByTestId('notification-banner');
  await expect(banner).toHaveAttribute('data-kind', 'success');
  await expect(banner.getByTestId('notification-body')).toHaveText('Operation Successful');
  await banner.getByRole('button', { name: 'Close notification' }).click();
}

/** Confirms (or cancels) the open Popconfirm after checking what it says. */
async function answerConfirm(page: Page, text: string | RegExp, button: string): Promise<void> {
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: text });
  await expect(confirm).toBeVisible();
  await clickInPopup(confirm.getByRole('button', { name: button, exact: true }));
  await expect(confirm).toBeHidden();
}

test('defines fiscal year 2026, generates its 14 periods and changes a period status with confirmation', async ({ page, request }) => {
  await ensureAdmin(request);
  const format = await companyDateFormat(request);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/fiscal-year');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'New Fiscal Year' });
  await drawer.getByLabel('Code').fill('FY2026');
  await drawer.getByLabel('Name').fill('Fiscal year 2026');
  await fillDate(drawer.getByLabel('Start Date'), dateText('2026-01-01', format));
  await fillDate(drawer.getByLabel('End Date'), dateText('2026-12-31', format));
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expectSuccess(page);
  await expect(drawer).toBeHidden();

  const year = page.getByRole('table', { name: 'Fiscal Years' }).getByRole('row').filter({ hasText: 'FY2026' });
  await year.getByRole('button', { name: 'Expand row' }).click();
  await page.getByRole('button', { name: 'Generate periods' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate periods · FY2026' });
  await expect(dialog.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Generate periods' }).click();
  await expectSuccess(page);
  await expect(dialog).toBeHidden();

  const periods = page.getByRole('table', { name: 'Periods of FY2026' });
  const rows = periods.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(14);
  await expect(rows.locator('td:nth-child(2)')).toHaveText(['Opening', ...MONTHS.map((month) => `${month} 2026`), 'Adjustment']);
  await expect(rows.locator('td:nth-child(5)')).toHaveText(['Opening', ...MONTHS.map(() => 'Regular'), 'Adjustment']);
  await expect(rows.locator('td:nth-child(6)')).toHaveText(Array.from({ length: 14 }, () => 'Open'));
  await expect(rows.nth(1).locator('td:nth-child(3)')).toHaveText(dateText('2026-01-01', format));
  await expect(rows.nth(12).locator('td:nth-child(4)')).toHaveText(dateText('2026-12-31', format));

  // Close January and open it again, each confirmed; Lock says it is final (cancelled: the year stays open for postings).
  const january = rows.filter({ hasText: 'Jan 2026' });
  await january.getByRole('button', { name: 'Close Jan 2026' }).click();
  await answerConfirm(page, 'Close Jan 2026?', 'Close');
  await expect(january.locator('td:nth-child(6)')).toHaveText('Closed');
  await expectSuccess(page);
  await january.getByRole('button', { name: 'Open Jan 2026' }).click();
  await answerConfirm(page, 'Open Jan 2026 again?', 'Open');
  await expect(january.locator('td:nth-child(6)')).toHaveText('Open');
  await rows.filter({ hasText: 'Dec 2026' }).getByRole('button', { name: 'Lock Dec 2026' }).click();
  await answerConfirm(page, 'Locking is final: a locked period can never be opened again.', 'Cancel');
  await expect(rows.filter({ hasText: 'Dec 2026' }).locator('td:nth-child(6)')).toHaveText('Open');

  // The child page lists the same periods for the year.
  await page.locator('.ant-table-expanded-row').getByRole('button', { name: 'Accounting periods' }).click();
  await expect(page).toHaveURL(/\/accounting-period\?fiscalYear=[0-9a-f-]{36}$/);
  await expect(page.getByRole('combobox', { name: 'Fiscal year' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('FY2026 · Fiscal year 2026');
  await expect(page.getByRole('table', { name: 'Periods of FY2026' }).locator('tbody tr.ant-table-row')).toHaveCount(14);
});

test('adds an account under a group of the chart of accounts tree', async ({ page, request }) => {
  await ensureAdmin(request);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/chart-of-accounts');
  const tree = page.getByRole('tree', { name: 'Chart of accounts' });
  await page.getByLabel('Search the chart').fill('Operating Expenses');
  await tree.getByRole('button', { name: 'Add account under Operating Expenses' }).click();
  const drawer = page.getByRole('dialog', { name: 'New Account' });
  await expect(drawer.getByText('51 · Operating Expenses')).toBeVisible();
  await drawer.getByLabel('Code').fill('6950');
  await drawer.getByLabel('Name').fill('Staff Training');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expectSuccess(page);
  await expect(drawer).toBeHidden();
  await page.getByLabel('Search the chart').fill('Staff Training');
  await expect(tree.getByText('6950 Staff Training')).toBeVisible();
  // Saved, the new account is the chosen node: its details show where it sits.
  await expect(page.getByLabel('Path')).toHaveText('Expenses~Operating Expenses~6950 Staff Training');
});

test('imports 200 accounts from XLSX: with two bad rows nothing is written and both errors show; fixed, all 200 are written', async ({ page, request }) => {
  await ensureAdmin(request);
  const before = await accountTotal(request);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/accounts');
  const total = page.locator('.ant-pagination-total-text');
  await expect(total).toHaveText(`${before} accounts`);

  await page.getByRole('button', { name: 'Import' }).click();
  let dialog = page.getByRole('dialog', { name: 'Import Accounts' });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'accounts.xlsx', mimeType: XLSX_TYPE, buffer: await xlsxOf(withBadRows) });
  const errors = dialog.getByRole('table', { name: 'Import errors' });
  await expect(errors).toBeVisible();
  // Both bad rows and only they (the unknown group also reads as a missing group: two messages on row 51).
  const errorRows = [...new Set(await errors.locator('tbody tr.ant-table-row td:first-child').allTextContents())];
  expect(errorRows).toEqual([String(BAD_GROUP_INDEX + 2), String(NO_NAME_INDEX + 2)]);
  await expect(errors.getByRole('row').filter({ hasText: 'No Account Group with code 99' })).toContainText(String(BAD_GROUP_INDEX + 2));
  await expect(errors.getByRole('row').filter({ hasText: 'Please supply name' })).toContainText(String(NO_NAME_INDEX + 2));
  await expect(dialog.getByRole('table', { name: 'Rows of the file' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import all' })).toBeDisabled();
  // Closed without importing (the dialog's close button: the preview offers no Cancel).
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await accountTotal(request)).toBe(before);
  await expect(total).toHaveText(`${before} accounts`);

  await page.getByRole('button', { name: 'Import' }).click();
  dialog = page.getByRole('dialog', { name: 'Import Accounts' });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'accounts.xlsx', mimeType: XLSX_TYPE, buffer: await xlsxOf(imported) });
  const importAll = dialog.getByRole('button', { name: 'Import all' });
  await expect(importAll).toBeEnabled();
  await expect(dialog.getByRole('table', { name: 'Import errors' })).toHaveCount(0);
  await importAll.click();
  await expect(dialog.getByText('200 accounts created, 0 updated')).toBeVisible({ timeout: 30_000 });
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(await accountTotal(request)).toBe(before + 200);
  await expect(total).toHaveText(`${before + 200} accounts`);
});

test('exports the accounts to XLSX with the 200 imported rows as they were imported', async ({ page, request }) => {
  await ensureAdmin(request);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/accounts');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await clickInPopup(page.getByRole('menuitem', { name: 'Excel (XLSX)' }));
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('accounts.xlsx');
  const rows = await readXlsx(await download.path());

  const codes = new Set(imported.map((row) => row.Code));
  const exported = rows.filter((row) => codes.has(row.Code ?? '')).map((row) => Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, row[column]])));
  expect(exported).toEqual(imported);
  // The whole list, not one page: the seeded chart and the tree's account are in the file too.
  expect(rows.length).toBe(await accountTotal(request));
  expect(rows.some((row) => row.Code === '6950' && row.Name === 'Staff Training')).toBe(true);
});

test('previews the next journal number of a sequence for a date, with its segments beside it', async ({ page, request }) => {
  await ensureAdmin(request);
  const format = await companyDateFormat(request);
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/number-sequence');
  await page.getByRole('table', { name: 'Number Sequences' }).getByRole('row').filter({ hasText: 'Journal Vouchers' }).getByRole('button', { name: 'Expand row' }).click();
  const segments = page.getByRole('table', { name: 'Number Segments' });
  await expect(segments.locator('tbody tr.ant-table-row td:nth-child(3)')).toHaveText(['Prefix', 'Year', 'Text', 'Counter']);
  await fillDate(page.getByLabel('Preview date'), dateText('2031-06-15', format));
  // Nothing was posted in 2031: the counter starts at 1 in that year.
  await expect(page.getByLabel('Next number')).toHaveText('JV2031-000001');
});
