// Proves the fund transfer journey in Chromium (issue 17): a transfer between two banks of the company is
// entered on /fund-transfer and submitted to a FundTransfer workflow; the approver opens the task from the
// inbox on /journal, divides the transfer into two legs by date there (the Divide operation, while the task
// is open), reads the entries the legs will post, approves (Post), and each leg is booked on its own date.
/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { ADMIN, api, apiSignIn, chooseOption, createUserViaApi, ensureAdmin, logoutThroughUi, signInThroughUi, uniqueEmail, deactivateWorkflow } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const FROM = `F${suffix}`;
const TO = `T${suffix}`;
const SLOW = 25_000;
const year = new Date().getUTCFullYear();

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string };
type Transfer = { id: string; status: string; number: string | null; legs: { amount: string; outDate: string; inDate: string; viaTransit: boolean; outJournal: string | null; inJournal: string | null }[] };


test.beforeAll(async ({ request }) => {
  await ensureAdmin(request);
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  // Today's fiscal year is open: the editor's dates default to today.
  const years = await api<Paged<Row>>(request, admin, 'GET', '/gl/fiscal-years?limit=100');
  if (!years.items.some((y) => y.code === `FY${year}`)) {
    const fy = await api<Row>(request, admin, 'POST', '/gl/fiscal-years', { code: `FY${year}`, name: `Fiscal year ${year}`, startDate: `${year}-01-01`, endDate: `${year}-12-31` });
    await api(request, admin, 'POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  }
  const accounts = await api<Paged<Row>>(request, admin, 'GET', '/gl/accounts?limit=500');
  const groups = await api<Paged<Row>>(request, admin, 'GET', '/gl/account-groups?limit=100');
  const savings = await api<Row>(request, admin, 'POST', '/gl/accounts', { code: '1025', name: `Savings ${suffix}`, accountGroup: groups.items.find((g) => g.code === '10')!.id, kind: 'Posting', controlType: 'None', active: true });
  const usd = (await api<Paged<Row>>(request, admin, 'GET', '/gl/currencies?limit=200')).items.find((c) => c.code === 'USD')!;
  const group = await api<Row>(request, admin, 'POST', '/cm/bank-groups', { code: `TG${suffix}`, name: `Treasury ${suffix}` });
  await api(request, admin, 'POST', '/cm/banks', { code: FROM, name: `Operating ${suffix}`, bankGroup: group.id, account: accounts.items.find((a) => a.code === '1020')!.id, currency: usd.id, accountNumber: `OP-${suffix}` });
  await api(request, admin, 'POST', '/cm/banks', { code: TO, name: `Savings ${suffix}`, bankGroup: group.id, account: savings.id, currency: usd.id, accountNumber: `SV-${suffix}` });
});

test('a fund transfer is divided into two legs by its approver on /journal and posted through the approval', async ({ page, request }) => {
  const approver = { name: `Theo Treasurer ${suffix}`, email: uniqueEmail('transfer-approver'), password: 'Approval#Pass123' };
  await createUserViaApi(request, { ...approver, roleName: 'Administrator' });
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const approverId = (await apiSignIn(request, approver.email, approver.password)).activeUser as unknown as { code: string };
  const workflow = await api<Row>(request, admin, 'POST', '/workflow/workflows', {
    approvalType: 'FundTransfer', name: `Treasury ${suffix}`, active: true, allowSelfApproval: false,
    steps: [{ name: 'Treasurer', operation: 'Post', rule: 'Any', assignees: [{ kind: 'User', id: approverId.code }] }],
  });
  const description = `Sweep to savings ${suffix}`;
  try {
    // The clerk enters the transfer and submits it (the workflow governs: Submit, not Post).
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signInThroughUi(page, ADMIN.email, ADMIN.password);
    await page.goto('/fund-transfer');
    await chooseOption(page, page.getByLabel('From bank', { exact: true }), FROM, new RegExp(FROM));
    await chooseOption(page, page.getByLabel('To bank', { exact: true }), TO, new RegExp(TO));
    await page.getByLabel('Amount out', { exact: true }).fill('1000.00');
    await page.getByLabel('Description', { exact: true }).fill(description);
    await expect(page.getByRole('status')).toContainText('Legs total 1,000.00 of 1,000.00');
    await page.screenshot({ path: '/tmp/cm-transfer-1-editor.png', fullPage: true });
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page.getByText('This fund transfer is under approval')).toBeVisible({ timeout: SLOW });
    await page.goto('/fund-transfers');
    await expect(page.getByRole('row').filter({ hasText: description })).toBeVisible({ timeout: SLOW });
    await page.screenshot({ path: '/tmp/cm-transfer-2-list.png', fullPage: true });
    await logoutThroughUi(page);

    // The approver opens the task from the inbox: /journal shows the transfer; they divide it by date into two legs.
    await signInThroughUi(page, approver.email, approver.password);
    await page.goto('/workflow-task');
    const row = page.getByRole('table', { name: 'Approval tasks' }).getByRole('row').filter({ hasText: 'Fund transfer' }).first();
    await row.getByRole('link').first().click({ timeout: SLOW });
    await expect(page).toHaveURL(/\/journal\?id=.+&approval=FundTransfer$/);
    const id = new URL(page.url()).searchParams.get('id')!;
    const facts = page.getByRole('region', { name: 'Fund transfer' });
    await expect(facts).toContainText(FROM, { timeout: SLOW });
    await expect(facts).toContainText(TO);
    await expect(facts).toContainText('1,000.00 USD');
    const entry = page.getByRole('region', { name: 'Entry' });
    await expect(entry).toContainText('(preview)', { timeout: SLOW });
    await page.getByRole('button', { name: 'Divide by date' }).click();
    await expect(page.getByRole('textbox', { name: 'Amount of leg 2' })).toHaveValue('500.00');
    await page.getByRole('textbox', { name: 'Amount of leg 1' }).fill('400.00');
    await page.getByRole('textbox', { name: 'Amount of leg 2' }).fill('600.00');
    await page.screenshot({ path: '/tmp/cm-transfer-3-divide.png', fullPage: true });
    await page.getByRole('button', { name: 'Divide', exact: true }).click();
    // The preview now holds both legs, each its own entry: 400.00 today, 600.00 the next day.
    await expect(entry.getByRole('table', { name: 'Entry lines' })).toContainText('leg 2: out', { timeout: SLOW });
    await expect(entry.getByRole('table', { name: 'Entry lines' })).toContainText('600.00');
    await page.screenshot({ path: '/tmp/cm-transfer-4-divided.png', fullPage: true });
    const divided = await api<Transfer>(request, admin, 'GET', `/cm/fund-transfers/${id}`);
    expect(divided.legs.map((l) => l.amount)).toEqual(['400.00', '600.00']);
    expect(divided.legs[1]!.outDate > divided.legs[0]!.outDate).toBe(true);

    const decision = page.getByRole('region', { name: 'Approval' }).getByRole('group', { name: 'Your decision' });
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect(entry).toContainText('Posted entry', { timeout: SLOW });
    await page.screenshot({ path: '/tmp/cm-transfer-5-posted.png', fullPage: true });
    const posted = await api<Transfer>(request, admin, 'GET', `/cm/fund-transfers/${id}`);
    expect(posted.status).toBe('Posted');
    expect(posted.legs.every((l) => l.outJournal && l.inJournal)).toBe(true);
    expect(posted.legs[0]!.outJournal).not.toBe(posted.legs[1]!.outJournal);
    await logoutThroughUi(page);

    // The posted transfer's own screen: each leg with its entries.
    await signInThroughUi(page, ADMIN.email, ADMIN.password);
    await page.goto(`/fund-transfer?id=${id}`);
    await expect(page.getByRole('table', { name: 'Legs' })).toContainText('600.00', { timeout: SLOW });
    await expect(page.getByRole('table', { name: 'Legs' }).getByRole('link')).toHaveCount(2);
    await page.screenshot({ path: '/tmp/cm-transfer-6-transfer.png', fullPage: true });
  } finally {
    await deactivateWorkflow(request, admin, workflow.id);
  }
});
