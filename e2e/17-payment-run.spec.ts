// Proves the vendor payment run journey in Chromium (issue 16): under a VendorPaymentScheduleApproval workflow a run of
// one vendor group is created on /vendor-payment-schedule, its open invoices proposed, one line excluded, and the run
// submitted (it cannot be posted directly); the approver opens the task from the inbox (its link is
// /vendor-payment-schedule, SPEC.md section 2) and approves, which posts the run (one payment per vendor); its ISO 20022
// pain.001 credit transfer file is downloaded from the screen: two transactions, the exact control sum, valid against
// the pain.001.001.03 schema (Debian's xmllint, when installed).
/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, api, apiSignIn, chooseOption, createUserViaApi, deactivateWorkflow, ensureAdmin, logoutThroughUi, onlyWorkflow, signInThroughUi, uniqueEmail } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const GROUP = `RUN${suffix}`;
const BANK = `R${suffix}`;
const SLOW = 25_000;
const XSD = '/work/shared/samples/iso20022/pain.001.001.03.xsd';

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string; number?: string | null; controlAccount?: string; remaining?: string };

const invoices: { id: string; number: string }[] = [];
const APPROVER = { name: `Tess Treasurer ${suffix}`, email: uniqueEmail('run-approver'), password: 'Approval#Pass123' };
const DESCRIPTION = `March run ${suffix}`;
const world = { workflow: '' };

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
  const bankGroup = await api<Row>(request, admin, 'POST', '/cm/bank-groups', { code: `G${suffix}`, name: `Payments ${suffix}` });
  await api<Row>(request, admin, 'POST', '/cm/banks', { code: BANK, name: `Run account ${suffix}`, bankGroup: bankGroup.id, account: account('1020'), currency: usd.id, accountNumber: 'NL91ABNA0417164300', bic: 'ABNANL2A' });
  const local = (await api<Paged<Row>>(request, admin, 'GET', '/ap/vendor-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const group = await api<Row>(request, admin, 'POST', '/ap/vendor-groups', { code: GROUP, name: `Run vendors ${suffix}`, controlAccount: local.controlAccount });
  const alpha = await api<Row>(request, admin, 'POST', '/ap/vendors', { name: `Alpha ${suffix}`, group: group.id, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
  const beta = await api<Row>(request, admin, 'POST', '/ap/vendors', { name: `Beta ${suffix}`, group: group.id, iban: 'GB82WEST12345698765432' });
  for (const [vendor, price, due] of [[alpha.id, '100.00', '2026-03-10'], [beta.id, '50.00', '2026-03-12'], [alpha.id, '30.00', '2026-03-15']] as const) {
    const inv = await api<Row & { number: string }>(request, admin, 'POST', '/ap/vendor-invoices/post', {
      party: vendor, documentDate: '2026-03-01', description: `Run invoice ${price}`, lines: [{ account: account('6100'), unitPrice: price }], instalments: [{ dueDate: due, amount: price }],
    });
    invoices.push({ id: inv.id, number: inv.number });
  }
  // Runs of this company wait for the treasurer's approval; its one step posts the run.
  await createUserViaApi(request, { ...APPROVER, roleName: 'Administrator' });
  const approver = (await apiSignIn(request, APPROVER.email, APPROVER.password)).activeUser as unknown as { code: string };
  world.workflow = await onlyWorkflow(request, admin, 'VendorPaymentScheduleApproval', `Payment runs ${suffix}`, 'Post', approver.code);
});

test.afterAll(async ({ request }) => {
  if (world.workflow) await deactivateWorkflow(request, await apiSignIn(request, ADMIN.email, ADMIN.password), world.workflow);
});

test('a vendor payment run is proposed, one line excluded, approved, and its pain.001 downloaded', async ({ page, request }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/vendor-payment-schedule');
  await chooseOption(page, page.getByLabel('Bank', { exact: true }), BANK, new RegExp(BANK));
  await chooseOption(page, page.getByLabel('Vendor group', { exact: true }), GROUP, new RegExp(GROUP));
  await page.getByLabel('Description', { exact: true }).fill(DESCRIPTION);
  await page.getByRole('button', { name: 'Propose' }).click();
  const lines = page.getByRole('table');
  await expect(lines.getByRole('row')).toHaveCount(4, { timeout: SLOW });
  await expect(page.getByTestId('run-total')).toHaveText('180.00');
  // The third invoice (Alpha's 30.00) waits for the next run.
  await lines.getByRole('checkbox', { name: `Pay ${invoices[2]!.number}` }).uncheck();
  await expect(page.getByTestId('run-total')).toHaveText('150.00');
  await page.screenshot({ path: '/tmp/ap-runs-draft.png', fullPage: true });
  // Under the workflow the run is submitted, not posted: it waits, locked, for the approver.
  await expect(page.getByRole('button', { name: 'Post' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page).toHaveURL(/\/vendor-payment-schedule\?id=[0-9a-f-]{36}$/, { timeout: SLOW });
  await expect(page.getByText('This run is under approval (VendorPaymentScheduleApproval): it is posted when the approval completes')).toBeVisible({ timeout: SLOW });
  const runId = new URL(page.url()).searchParams.get('id')!;
  await logoutThroughUi(page);

  // The approver opens the task from the inbox: its link is the run's own screen, which offers the decision.
  await signInThroughUi(page, APPROVER.email, APPROVER.password);
  await page.goto('/workflow-task');
  const task = page.getByRole('table', { name: 'Approval tasks' }).getByRole('row').filter({ hasText: DESCRIPTION });
  await task.getByRole('link').first().click({ timeout: SLOW });
  await expect(page).toHaveURL(new RegExp(`/vendor-payment-schedule\\?id=${runId}$`));
  await expect(page.getByTestId('run-total')).toHaveText('150.00', { timeout: SLOW });
  // What is under approval reads but does not change on the screen: criteria, lines and Propose are disabled.
  await expect(page.getByRole('checkbox', { name: `Pay ${invoices[0]!.number}` })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: `Amount of ${invoices[0]!.number}` })).toBeDisabled();
  await expect(page.getByLabel('Description', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Propose' })).toBeDisabled();
  const decision = page.getByRole('region', { name: 'Approval' }).getByRole('group', { name: 'Your decision' });
  await decision.getByRole('textbox', { name: 'Comment' }).fill('Due this week');
  await page.screenshot({ path: '/tmp/ap-runs-approval.png', fullPage: true });
  await decision.getByRole('button', { name: 'Approve' }).click();

  // Approving posted the run: numbered, Posted, one payment per vendor.
  await expect(page.getByText(/Vendor payment run VPR2026-/)).toBeVisible({ timeout: SLOW });
  await expect(page.locator('.ant-descriptions-item').filter({ hasText: 'Status' })).toContainText('Posted');
  await expect(page.getByRole('link', { name: /^VP2026-/ })).toHaveCount(2);
  await page.screenshot({ path: '/tmp/ap-runs-posted.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download pain.001.001.03' }).click();
  const file = await (await download).path();
  const xml = readFileSync(file, 'utf8');
  expect((await download).suggestedFilename()).toMatch(/^vendor-payment-run-VPR2026-\d+\.pain\.001\.001\.03\.xml$/);
  expect(xml.match(/<CdtTrfTxInf>/g)).toHaveLength(2);
  expect(xml.match(/<NbOfTxs>\d+<\/NbOfTxs>/g)).toEqual(['<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>2</NbOfTxs>']);
  expect(xml.match(/<CtrlSum>[\d.]+<\/CtrlSum>/g)).toEqual(['<CtrlSum>150.00</CtrlSum>', '<CtrlSum>150.00</CtrlSum>']);
  expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
  let xmllint = true;
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
  } catch {
    xmllint = false;
    console.warn('xmllint is not installed: the pain.001 file is not validated against its schema');
  }
  if (xmllint) execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });

  // The run is listed on /vendor-payment-schedules, posted, with its total.
  const number = (await page.getByText(/Vendor payment run VPR2026-\d+/).textContent())!.replace('Vendor payment run ', '').trim();
  await page.goto('/vendor-payment-schedules');
  const listed = page.getByRole('row').filter({ hasText: number });
  await expect(listed).toContainText('150.00', { timeout: SLOW });
  await expect(listed).toContainText('Posted');
  await page.screenshot({ path: '/tmp/ap-runs-list.png', fullPage: true });

  // The excluded invoice is still open; the two paid are settled.
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const open = await Promise.all(invoices.map(async (i) => (await api<Row>(request, admin, 'GET', `/ap/vendor-invoices/${i.id}`)).remaining));
  expect(open).toEqual(['0.00', '0.00', '30.00']);
});
