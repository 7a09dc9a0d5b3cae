// Proves the bank reconciliation journey in Chromium (issue 17): a CAMT.053 statement imported through the Import drawer of
// /bank-reconciliations (the file chosen in the file chooser) for a bank whose book has a deposit and a cheque, opened from
// the list; on /bank-reconciliation the rules propose both with their reasons, the user
// accepts them, books the bank's fee line as an entry, closes the reconciliation and downloads its report.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, apiSignIn, clickInPopup, ensureAdmin, signInThroughUi, api } from './support/bootstrap';
import { openImport } from './support/statement-import';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const IBAN = 'DE89370400440532013000';
type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string };

const entry = (amount: string, side: 'CRDT' | 'DBIT', date: string, reference: string, text: string) => `
      <Ntry><Amt Ccy="USD">${amount}</Amt><CdtDbtInd>${side}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt>
        <NtryDtls><TxDtls><Refs><EndToEndId>${reference}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="USD">${amount}</Amt></TxAmt></AmtDtls>
          <RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
const balance = (code: string, amount: string, date: string) => `
      <Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
const camt = () => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>E2E-${suffix}</MsgId><CreDtTm>2026-04-01T08:00:00Z</CreDtTm></GrpHdr>
  <Stmt><Id>REC-${suffix}</Id><CreDtTm>2026-04-01T08:00:00Z</CreDtTm><FrToDt><FrDtTm>2026-03-01T00:00:00Z</FrDtTm><ToDtTm>2026-03-31T23:59:59Z</ToDtTm></FrToDt>
    <Acct><Id><IBAN>${IBAN}</IBAN></Id><Ccy>USD</Ccy></Acct>
    ${balance('OPBD', '0.00', '2026-03-01')}${balance('CLBD', '738.00', '2026-03-31')}
    ${entry('1000.00', 'CRDT', '2026-03-03', `DEP-${suffix}-1`, 'Customer deposit')}
    ${entry('250.00', 'DBIT', '2026-03-04', `CHQ-${suffix}-2`, 'Cheque presented')}
    ${entry('12.00', 'DBIT', '2026-03-31', `FEE-${suffix}-3`, 'Account maintenance fee')}
  </Stmt></BkToCstmrStmt></Document>`;

const BANK = `R${suffix}`;

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
  // A bank account of its own for this run: its GL account is a new posting account, so earlier runs' lines stay out.
  const cash = await api<Row & { accountGroup: string }>(request, admin, 'GET', `/gl/accounts/${account('1020')}`);
  const gl = await api<Row>(request, admin, 'POST', '/gl/accounts', { code: `1020${suffix}`, name: `Bank ${suffix}`, accountGroup: cash.accountGroup, kind: 'Posting', controlType: 'None' });
  const usd = (await api<Paged<Row>>(request, admin, 'GET', '/gl/currencies?limit=200')).items.find((c) => c.code === 'USD')!;
  const group = await api<Row>(request, admin, 'POST', '/cm/bank-groups', { code: `R${suffix}`, name: `Reconciled ${suffix}` });
  await api<Row>(request, admin, 'POST', '/cm/banks', { code: BANK, name: `Reconciled account ${suffix}`, bankGroup: group.id, account: gl.id, currency: usd.id, accountNumber: IBAN, bic: 'DEUTDEFF' });
  for (const [date, amount, reference, other] of [['2026-03-02', '1000.00', `DEP-${suffix}-1`, '4100'], ['2026-03-03', '-250.00', `CHQ-${suffix}-2`, '6100']] as const) {
    const inflow = !amount.startsWith('-');
    const value = amount.replace('-', '');
    await api(request, admin, 'POST', '/gl/journals/post', {
      journalDate: date, description: `Book ${reference}`, reference,
      lines: [{ account: gl.id, currency: 'USD', [inflow ? 'debit' : 'credit']: value }, { account: account(other), currency: 'USD', [inflow ? 'credit' : 'debit']: value }],
    });
  }
});

test('the rules propose the deposit and the cheque, the fee becomes an entry, the reconciliation closes and reports', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 1100 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  // The statement comes in through the screen: the bank, the file from the file chooser, its preview, Import.
  await page.goto('/bank-reconciliations');
  await expect(page.getByRole('heading', { name: 'Bank Reconciliations' })).toBeVisible({ timeout: 30_000 });
  const fileName = `march-${suffix}.xml`;
  const importer = await openImport(page, BANK, fileName, Buffer.from(camt()));
  await expect(importer.getByText('CAMT.053: 1 statement, checks passed')).toBeVisible();
  await expect(importer.getByText(`REC-${suffix} → ${BANK}`)).toBeVisible();
  await expect(importer.getByRole('table', { name: `Lines of REC-${suffix}` }).locator('tbody tr.ant-table-row')).toHaveCount(3);
  await page.screenshot({ path: '/tmp/cm-recon-import.png' });
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer).toBeHidden({ timeout: 20_000 });
  const listed = page.getByRole('table', { name: 'Bank statements' }).getByRole('row').filter({ hasText: `REC-${suffix}` });
  await expect(listed).toContainText('738.00', { timeout: 20_000 });
  await listed.getByRole('link', { name: `REC-${suffix}` }).click();
  await expect(page).toHaveURL(/\/bank-reconciliation\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Bank reconciliation REC-${suffix}` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Run rules' }).click();
  const proposals = page.locator('.ant-card').filter({ hasText: 'Proposals (2)' });
  await expect(proposals).toBeVisible({ timeout: 20_000 });
  await expect(proposals.getByText('Reference and amount')).toHaveCount(2);
  await expect(proposals.getByText(`reference: DEP-${suffix}`, { exact: false })).toBeVisible();
  await page.screenshot({ path: '/tmp/cm-recon-proposals.png', fullPage: true });
  const proposalCard = page.locator('.ant-card').filter({ hasText: /Proposals \(\d+\)/ });
  for (let i = 0; i < 2; i++) {
    await proposalCard.getByRole('button', { name: 'Accept' }).first().click();
    await expect(page.locator('.ant-card').filter({ hasText: `Proposals (${1 - i})` })).toBeVisible({ timeout: 20_000 });
  }
  const lines = page.locator('.ant-card').filter({ hasText: 'Statement lines to match (1)' });
  await expect(lines.getByText('-12.00')).toBeVisible();
  await lines.getByRole('button', { name: 'Create entry' }).hover();
  await clickInPopup(page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: 'Bank fee' }), 10_000);
  await expect(page.locator('.ant-card').filter({ hasText: 'Matched (3)' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('.ant-tag').filter({ hasText: 'Closed' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.screenshot({ path: '/tmp/cm-recon-closed.png', fullPage: true });
  await page.getByRole('button', { name: 'Report' }).hover();
  const download = page.waitForEvent('download');
  await clickInPopup(page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: 'Report (PDF)' }), 10_000);
  const file = await download;
  expect(file.suggestedFilename()).toBe(`bank-reconciliation-REC-${suffix}.pdf`);
  // The bank's matching rules: none of its own yet (the defaults run), a rule added in the drawer.
  await page.getByRole('button', { name: 'Rules' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `Matching rules of ${BANK}` });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'New' }).click();
  const form = page.locator('.ant-drawer').filter({ hasText: 'Sequence' }).last();
  await form.getByLabel('Sequence').fill('10');
  await form.getByLabel('Description').fill('Reference first');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('Reference first')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: '/tmp/cm-recon-rules.png', fullPage: true });
});
