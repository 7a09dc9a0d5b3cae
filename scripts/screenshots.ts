/*
 * Screenshots of the main screens at 375px and 1600px for a human look (npx tsx scripts/screenshots.ts).
 * Runs against a started server (BASE_URL, default http://localhost:3100). On an empty tenant it
 * shoots the first-user setup with its agreement and then creates the first user through the UI.
 * PNGs go to screenshots/ (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3100';
const EMAIL = process.env.ADMIN_EMAIL ?? 'admin@example.com';
const PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin#Pass123';
const OUT_DIR = 'screenshots';
/** The widths to shoot: 375 and 1600 by default; SCREENSHOT_WIDTHS=320,768,2560 for the other breakpoints. */
const WIDTHS: readonly number[] = process.env.SCREENSHOT_WIDTHS?.split(',').map(Number) ?? [375, 1600];
/** SCREENSHOT_ONLY=shell, ledger or journals shoots one set (the first-user setup still runs on an empty tenant). */
const ONLY = process.env.SCREENSHOT_ONLY;
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function tenantIsEmpty(): Promise<boolean> {
  const response = await fetch(`${BASE_URL}/auth/user/isempty`, { headers: { Authorization: 'Bearer erp-public' } });
  if (!response.ok) throw new Error(`isempty answered ${response.status}`);
  return (await response.json()) !== 0;
}

async function shot(page: Page, name: string, width: number, fullPage = true): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A blank page means the app failed to start (e.g. the server predates the build): fail loudly.
  await page.locator('#root > *').first().waitFor({ timeout: 10_000 });
  await page.waitForTimeout(600);
  const path = `${OUT_DIR}/${name}-${width}.png`;
  // Drawers and modals are fixed to the viewport: shoot those without fullPage.
  await page.screenshot({ path, fullPage });
  console.log(`wrote ${path}`);
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 1000 } });
  return context.newPage();
}

async function shootSetupAndCreateUser(browser: Browser): Promise<void> {
  for (const width of WIDTHS) {
    const page = await newPage(browser, width);
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('dialog', { name: 'End User License Agreement' }).waitFor();
    await shot(page, 'user-setup-agreement', width);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByLabel('Full Name').fill('Ada Administrator');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await shot(page, 'user-setup-form', width);
    if (width === WIDTHS.at(-1)) {
      await page.getByRole('button', { name: 'Create User' }).click();
      await page.waitForURL('**/login');
    }
    await page.context().close();
  }
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/home');
}

async function shootSignedIn(browser: Browser, width: number): Promise<void> {
  const page = await newPage(browser, width);
  await page.goto(`${BASE_URL}/login`);
  await shot(page, 'login', width);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await shot(page, 'login-required', width);
  await signIn(page);
  await shot(page, 'home', width);
  await page.goto(`${BASE_URL}/view-all/general-ledger`);
  await shot(page, 'view-all-general-ledger', width);
  await page.goto(`${BASE_URL}/journals`);
  await shot(page, 'not-available-journals', width);
  await page.getByRole('button', { name: width < 768 ? 'Unfold sidebar' : 'Fold sidebar' }).click();
  await page.waitForTimeout(700);
  await shot(page, width < 768 ? 'sidebar-open' : 'sidebar-folded', width);
  await page.goto(`${BASE_URL}/no-such-page`);
  await shot(page, 'not-found', width);
  await page.goto(`${BASE_URL}/home`);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await shot(page, 'home-dark', width);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await page.context().close();
}

/** An accounts file with two bad rows (an unknown group, a missing name) among good ones. */
const ACCOUNTS_CSV = [
  'Code,Name,Account Group,Parent Account,Kind,Control,Allowed Currencies,Required Dimension Groups,Active,Description',
  '1050,Cash in Transit,10,1000,Posting,None,USD;EUR,,Yes,Transfers between banks',
  '1060,Foreign Bank,99,,Posting,Bank,,,Yes,',
  '1070,,10,,Posting,None,,,Yes,',
  '1090,Undeposited Funds,10,1000,Posting,None,,,Yes,',
].join('\r\n');

/** The kit's screens on the ledger set-up data (issue 4): the accounts list, its drawer, an import preview, the chart. */
async function shootLedger(browser: Browser, width: number): Promise<void> {
  const page = await newPage(browser, width);
  await signIn(page);
  await page.goto(`${BASE_URL}/accounts`);
  await page.getByRole('button', { name: 'Edit 1020' }).waitFor();
  await shot(page, 'accounts-list', width);
  await page.getByRole('button', { name: 'Edit 1020' }).click();
  await page.getByRole('dialog', { name: 'Edit Account' }).waitFor();
  await shot(page, 'account-drawer', width, false);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Import' }).click();
  await page.locator('input[type=file]').setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(ACCOUNTS_CSV) });
  await page.getByRole('table', { name: 'Import errors' }).waitFor();
  await page.setViewportSize({ width, height: 1400 });
  await shot(page, 'import-preview-errors', width, false);
  await page.getByRole('button', { name: 'Close' }).click();
  await page.setViewportSize({ width, height: width < 768 ? 812 : 1000 });
  await page.goto(`${BASE_URL}/chart-of-accounts`);
  const node = page.getByRole('tree').getByText('1020 Bank - Operating Account');
  // Below 992px the chosen node's details open in a bottom drawer: shoot the tree, then the drawer.
  if (width < 992) {
    await node.waitFor();
    await shot(page, 'chart-of-accounts', width);
    await node.click();
    await shot(page, 'chart-node-details', width, false);
  } else {
    await node.click();
    await shot(page, 'chart-of-accounts', width);
  }
  await page.context().close();
}

type Listed = { items: { id: string; code: string }[] };

/** The API as the admin: sign-in headers from the login call (the password travels transformed, as the screen sends it). */
async function apiAuth(): Promise<Record<string, string>> {
  const { transformPassword } = await import('@erp/contracts');
  const signed = (await (await fetch(`${BASE_URL}/auth/user/validate`, { method: 'POST', headers: { Authorization: 'Bearer erp-public', 'content-type': 'application/json' }, body: JSON.stringify({ key: EMAIL, value: await transformPassword(PASSWORD) }) })).json()) as { token: string; activeUser: { tenant: { id: string } } };
  return { Authorization: `Bearer ${signed.token}`, token: signed.activeUser.tenant.id, 'content-type': 'application/json' };
}

/** A 2026 year with open months and a few posted journals (once per tenant), for the journal screens. */
async function seedJournals(auth: Record<string, string>): Promise<{ journalId: string; cashId: string }> {
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${BASE_URL}${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const accounts = new Map((await api<Listed>('GET', '/gl/accounts?limit=500')).items.map((a) => [a.code, a.id]));
  const years = await api<Listed>('GET', '/gl/fiscal-years?limit=100');
  if (!years.items.some((y) => y.code === 'FY2026')) {
    const year = await api<{ id: string }>('POST', '/gl/fiscal-years', { code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31' });
    await api('POST', `/gl/fiscal-years/${year.id}/periods`, { pattern: 'monthly' });
  }
  const taxes = await api<Listed>('GET', '/gl/taxes?limit=100');
  const vat = taxes.items.find((t) => t.code === 'VAT20') ?? (await api<{ id: string; code: string }>('POST', '/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', active: true }));
  const listed = await api<{ items: { id: string; description: string }[] }>('GET', '/gl/journals?limit=100');
  const line = (code: string, side: 'debit' | 'credit', amount: string, description?: string, tax?: string) => ({ account: accounts.get(code)!, currency: 'USD', [side]: amount, description, tax });
  const wanted = [
    { journalDate: '2026-03-02', description: 'March rent, head office', lines: [line('6100', 'debit', '12500.00', 'Rent March'), line('1010', 'credit', '12500.00')] },
    { journalDate: '2026-03-09', description: 'Office supplies and utilities', lines: [line('6200', 'debit', '1840.35', 'Paper and toner', vat.id), line('6400', 'debit', '265.10'), line('1010', 'credit', '2105.45')] },
    { journalDate: '2026-03-16', description: 'Consulting revenue received', lines: [line('1010', 'debit', '48000.00'), line('4000', 'credit', '48000.00')] },
    { journalDate: '2026-03-20', description: 'Owner capital contribution', lines: [line('1010', 'debit', '250000.00'), line('3000', 'credit', '250000.00')] },
  ];
  for (const j of wanted) if (!listed.items.some((i) => i.description === j.description)) await api('POST', '/gl/journals/post', j);
  const again = await api<{ items: { id: string; description: string }[] }>('GET', '/gl/journals?limit=100');
  return { journalId: again.items.find((i) => i.description === 'Office supplies and utilities')!.id, cashId: accounts.get('1010')! };
}

/** The journal screens on seeded journals: the list, a posted journal, a new journal, the trial balance and a drill-down. */
async function shootJournals(browser: Browser, width: number, seeded: { journalId: string; cashId: string }): Promise<void> {
  const page = await newPage(browser, width);
  await signIn(page);
  const visit = async (path: string, name: string, ready: string) => {
    await page.goto(`${BASE_URL}${path}`);
    // A screen that never shows what it should is shot all the same (and said): that is what to look at.
    await page.getByText(ready).first().waitFor({ timeout: 10_000 }).catch(() => console.log(`${name}-${width}: "${ready}" never showed`));
    await shot(page, name, width);
  };
  await visit('/journals', 'journals-list', 'Office supplies and utilities');
  await visit(`/journal?id=${seeded.journalId}`, 'journal-posted', 'Office supplies and utilities');
  await visit('/journal', 'journal-new', 'Difference');
  await visit('/trial-balance?from=2026-01-01&to=2026-12-31', 'trial-balance', 'Balanced');
  await visit(`/transaction-history?account=${seeded.cashId}&from=2026-01-01&to=2026-12-31`, 'transaction-history', 'Consulting revenue received');
  await visit('/recurring-journals', 'recurring-journals', 'Recurring');
  await visit('/intercompany-journals', 'intercompany-journals', 'Intercompany');
  await page.context().close();
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: LAUNCH_ARGS });
  try {
    if (await tenantIsEmpty()) await shootSetupAndCreateUser(browser);
    else console.log('tenant already has a user: skipping the setup screenshots');
    if (!ONLY || ONLY === 'shell') for (const width of WIDTHS) await shootSignedIn(browser, width);
    if (!ONLY || ONLY === 'ledger') for (const width of WIDTHS) await shootLedger(browser, width);
    if (!ONLY || ONLY === 'journals') {
      const seeded = await seedJournals(await apiAuth());
      for (const width of WIDTHS) await shootJournals(browser, width, seeded);
    }
  } finally {
    await browser.close();
  }
}

await main();
