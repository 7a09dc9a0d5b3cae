// Proves in Chromium that the company's locale and date format drive the screens (amounts and dates on the trial balance and the chart), that the chart shows balances and a search for '66' shows header 6600 open with 6610 under it, and that the account import reads values in any case and marks the rows it updates. Screenshots at 1600, 768 and 375 px go to test-results/screens.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiSignIn, ensureAdmin, signInThroughUi, type SignedIn, api, deactivateWorkflow } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

type Row = { id: string; code: string } & Record<string, unknown>;
type Paged<T> = { items: T[] };
type Company = { id: string; code: string; description: string; dateFormat: string; locale: string };

const WIDTHS = [1600, 768, 375] as const;
const SHOTS = 'test-results/screens';
const AMOUNT = '1234.50';

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 1000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1600, height: 1000 });
}

let admin: SignedIn;
let company: Company;

test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  company = await api<Company>(request, admin, 'GET', '/gl/GetFullCompany');
});

test.afterAll(async ({ request }) => {
  // The other specs read amounts and dates as the company had them.
  await api(request, admin, 'POST', '/gl/SaveCompanies', [{ id: company.id, code: company.code, description: company.description, dateFormat: company.dateFormat, locale: company.locale }]);
});

test('the account import reads values in any case, marks updates, and counts created and updated apart', async ({ page }) => {
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const csv = ['Code,Name,Account Group,Parent Account,Kind,Active', '6600,Office Costs,51,,HEADER,TRUE', '6610,Stationery,51,6600,posting,yes', '1010,Petty Cash,10,1000,Posting,Yes'].join('\r\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const rows = page.getByRole('table', { name: 'Rows of the file' });
  await expect(rows).toBeVisible();
  const action = (code: string) => rows.locator('tr', { hasText: code }).locator('td').nth(1);
  await expect(action('1010')).toHaveText('Update');
  // 6600 and 6610 are new on a fresh database; a rerun finds them and updates them.
  await expect(action('6610')).toHaveText(/New|Update/);
  await expect(page.getByRole('table', { name: 'Import errors' })).toHaveCount(0);
  await shoot(page, 'import-preview');
  await page.getByRole('button', { name: 'Import all' }).click();
  await expect(page.getByText(/accounts? created, \d+ updated/)).toBeVisible();
  await shoot(page, 'import-done');
});

test("the chart shows balances in the company's locale and a search for 66 opens 6600 to show 6610", async ({ page, request }) => {
  const years = await api<Paged<Row>>(request, admin, 'GET', '/gl/fiscal-years?limit=100');
  if (!years.items.some((year) => year.code === 'FY2026')) {
    const year = await api<Row>(request, admin, 'POST', '/gl/fiscal-years', { code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31' });
    await api(request, admin, 'POST', `/gl/fiscal-years/${year.id}/periods`, { pattern: 'monthly' });
  }
  // No approval workflow for this spec's journal: deactivate any an earlier spec left active.
  for (const item of (await api<Paged<Row>>(request, admin, 'GET', '/workflow/workflows?approvalType=JournalApproval&active=true&limit=500')).items) {
    await deactivateWorkflow(request, admin, item.id);
  }
  const account = async (code: string) => (await api<Paged<Row>>(request, admin, 'GET', `/gl/accounts?search=${code}&limit=50`)).items.find((a) => a.code === code)!.id;
  const before = await api<{ balances: { account: string; balance: string }[] }>(request, admin, 'GET', '/gl/chart-balances');
  const stationery = await account('6610');
  const journal = await api<Row>(request, admin, 'POST', '/gl/journals', {
    kind: 'Standard', journalDate: '2026-03-02', description: `Stationery ${Date.now().toString(36)}`,
    lines: [{ account: stationery, currency: 'USD', debit: AMOUNT }, { account: await account('1020'), currency: 'USD', credit: AMOUNT }],
  });
  await api(request, admin, 'POST', `/gl/journals/${journal.id}/post`, undefined, { 'Idempotency-Key': `e2e-chart-${journal.id}` });
  const balance = Number(before.balances.find((b) => b.account === stationery)?.balance ?? '0') + Number(AMOUNT);
  await api(request, admin, 'POST', '/gl/SaveCompanies', [{ id: company.id, code: company.code, description: company.description, dateFormat: 'dd.mm.yyyy', locale: 'de-DE' }]);
  const german = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(balance);

  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/chart-of-accounts');
  const tree = page.getByRole('tree', { name: 'Chart of accounts' });
  await expect(tree.getByText('6610 Stationery')).toBeVisible();
  await expect(page.getByTestId('balance-account:' + stationery)).toHaveText(german);
  await page.getByLabel('Search the chart').fill('66');
  await expect(tree.getByText('6600 Office Costs')).toBeVisible();
  await expect(tree.getByText('6610 Stationery')).toBeVisible();
  await shoot(page, 'chart-search-66');

  await page.goto('/trial-balance?from=2026-01-01&to=2026-12-31');
  await expect(page.getByText('01.01.2026 – 31.12.2026', { exact: false })).toBeVisible();
  await expect(page.getByRole('row', { name: /6610 · Stationery/ }).getByText(german).first()).toBeVisible();
  await shoot(page, 'trial-balance-de');
});
