// Proves the journal approval journey in Chromium: an admin sets up a JournalApproval workflow with an approver, an accountant submits a journal, the approver sees it in the bell and the inbox, opens it through the link and approves; the journal is posted and in the trial balance, and the audit trail shows each step.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiSignIn, authHeaders, createUserViaApi, ensureAdmin, logoutThroughUi, signInThroughUi, uniqueEmail, type SignedIn, api, chooseOption } from './support/bootstrap';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Approval#Pass123';
const suffix = Date.now().toString(36).slice(-5);
const APPROVER = { name: `Adele Approver ${suffix}`, email: uniqueEmail('approver'), password: PASSWORD };
const ACCOUNTANT = { name: `Carl Accountant ${suffix}`, email: uniqueEmail('accountant'), password: PASSWORD };
const WORKFLOW_NAME = `Journal approval ${suffix}`;
const AMOUNT = '777.77';
const AMOUNT_TEXT = '777.77';
const DESCRIPTION = `Consulting sale ${suffix}`;
const JOURNAL_DATE = '2026-03-10';
/** Waits on screens that load a chunk and do server work: the shared two-core machine can be slow. */
const SLOW = 25_000;

type Paged<T> = { items: T[]; total: number };
type Row = { id: string; code?: string };

/** A 2026 fiscal year with open monthly periods (the ledger set-up spec may have made it already). */
async function ensureBooks(request: APIRequestContext, admin: SignedIn): Promise<void> {
  const years = await api<Paged<Row>>(request, admin, 'GET', '/gl/fiscal-years?limit=100');
  if (years.items.some((year) => year.code === 'FY2026')) return;
  const year = await api<Row>(request, admin, 'POST', '/gl/fiscal-years', { code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  await api(request, admin, 'POST', `/gl/fiscal-years/${year.id}/periods`, { pattern: 'monthly' });
}

/** Only the workflow this spec makes may approve journals: deactivate any other active one. */
async function deactivateJournalWorkflows(request: APIRequestContext, admin: SignedIn): Promise<void> {
  const active = await api<Paged<Row>>(request, admin, 'GET', '/workflow/workflows?approvalType=JournalApproval&active=true&limit=500');
  for (const item of active.items) {
    const view = await api<{ approvalType: string; name: string; description: string | null; allowSelfApproval: boolean; steps: { id: string; name: string; operation: string | null; rule: string; minAmount: string | null; maxAmount: string | null; deadlineHours: number | null; assignees: { kind: string; id: string }[] }[] }>(request, admin, 'GET', `/workflow/workflows/${item.id}`);
    await api(request, admin, 'PUT', `/workflow/workflows/${item.id}`, {
      ...view, active: false,
      steps: view.steps.map(({ id, name, operation, rule, minAmount, maxAmount, deadlineHours, assignees }) => ({ id, name, operation, rule, minAmount, maxAmount, deadlineHours, assignees: assignees.map(({ kind, id: who }) => ({ kind, id: who })) })),
    });
  }
}

async function accountId(request: APIRequestContext, user: SignedIn, code: string): Promise<string> {
  const accounts = await api<Paged<Row>>(request, user, 'GET', `/gl/accounts?search=${code}&limit=50`);
  const account = accounts.items.find((a) => a.code === code);
  expect(account, `account ${code}`).toBeDefined();
  return account!.id;
}

type TrialBalance = { rows: { code: string; debit: string; credit: string }[] };
async function cashDebit(request: APIRequestContext, admin: SignedIn): Promise<number> {
  const tb = await api<TrialBalance>(request, admin, 'GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
  return Number(tb.rows.find((row) => row.code === '1010')?.debit ?? '0');
}

/**
 * Types into a select and clicks the option. Again from the start while the screen is still
 * settling: a form whose reference data arrives after the first keystroke is drawn anew, which
 * closes a dropdown opened before it.
 */
let journalId = '';
let cashBefore = 0;

test('an admin sets up a JournalApproval workflow with one approver and sees its chart', async ({ page, request }) => {
  await ensureAdmin(request);
  await createUserViaApi(request, { ...APPROVER, roleName: 'Accountant' });
  await createUserViaApi(request, { ...ACCOUNTANT, roleName: 'Accountant' });
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  await ensureBooks(request, admin);
  await deactivateJournalWorkflows(request, admin);

  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/workflow');
  await expect(page.getByRole('table', { name: 'Workflows' })).toBeVisible({ timeout: SLOW });
  await page.getByRole('button', { name: 'New workflow' }).click();
  await expect(page).toHaveURL(/\/workflow\?new=1$/);
  await chooseOption(page, page.getByRole('combobox', { name: 'Approval type' }), 'Journal Approval', /^Journal Approval/);
  await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Approval type' }) })).toContainText('Journal Approval');
  await page.getByLabel('Name', { exact: true }).fill(WORKFLOW_NAME);
  const step = page.getByRole('group', { name: 'Step 1' });
  await step.getByLabel('Step name').fill('Controller review');
  await step.getByLabel('Deadline (hours)').fill('48');
  await chooseOption(page, step.getByRole('combobox', { name: 'Assignees of step 1' }), APPROVER.name, APPROVER.name);
  await expect(step.locator('.ant-select-selection-item').filter({ hasText: APPROVER.name })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/workflow\?id=[0-9a-f-]{36}$/, { timeout: SLOW });
  await expect(page.getByRole('heading', { name: `Workflow: ${WORKFLOW_NAME}` })).toBeVisible();

  await page.getByRole('button', { name: 'Chart' }).click();
  const chart = page.getByRole('img', { name: `Chart of workflow ${WORKFLOW_NAME}` });
  await expect(chart).toBeVisible();
  await expect(chart.getByText('1. Controller review')).toBeVisible();
  await expect(chart.getByText('Deadline 48 h')).toBeVisible();
  await expect(chart.getByText('Runs Validate, Post')).toBeVisible();
});

test('an accountant submits a journal: it waits for approval and cannot be posted directly', async ({ page, request }) => {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  cashBefore = await cashDebit(request, admin);
  const accountant = await apiSignIn(request, ACCOUNTANT.email, ACCOUNTANT.password);
  const lines = [
    { account: await accountId(request, accountant, '1010'), currency: 'USD', debit: AMOUNT },
    { account: await accountId(request, accountant, '4000'), currency: 'USD', credit: AMOUNT },
  ];
  journalId = (await api<Row>(request, accountant, 'POST', '/gl/journals', { kind: 'Standard', journalDate: JOURNAL_DATE, description: DESCRIPTION, lines })).id;
  const direct = await request.post(`/gl/journals/${journalId}/post`, { headers: { ...authHeaders(accountant), 'Idempotency-Key': `e2e-${suffix}` } });
  expect(direct.status()).toBe(422);

  await signInThroughUi(page, ACCOUNTANT.email, ACCOUNTANT.password);
  await page.goto(`/journal?id=${journalId}`);
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  const approval = page.getByRole('region', { name: 'Approval' });
  await expect(approval.getByText('Awaiting approval').first()).toBeVisible({ timeout: SLOW });
  await expect(approval.getByText(`Submitted by ${ACCOUNTANT.name}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post' })).toHaveCount(0);
  await logoutThroughUi(page);
});

test('the approver sees the task in the bell and the inbox, opens the journal through the link and approves it', async ({ page, request }) => {
  await signInThroughUi(page, APPROVER.email, APPROVER.password);
  const bell = page.getByRole('button', { name: /^Notifications: \d+ approval tasks?$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole('list', { name: 'Newest approval tasks' }).getByRole('link').filter({ hasText: DESCRIPTION })).toBeVisible({ timeout: SLOW });
  await page.getByRole('link', { name: /^All my tasks/ }).click();

  await expect(page).toHaveURL(/\/workflow-task$/);
  const row = page.getByRole('table', { name: 'Approval tasks' }).getByRole('row').filter({ hasText: DESCRIPTION });
  const amount = row.getByText(`${AMOUNT_TEXT} USD`);
  await expect(amount).toBeVisible();
  expect(await amount.evaluate((el) => getComputedStyle(el.closest('td')!).textAlign)).toBe('right');
  await row.getByRole('link').click();

  await expect(page).toHaveURL(new RegExp(`/journal\\?id=${journalId}$`));
  const approval = page.getByRole('region', { name: 'Approval' });
  const decision = approval.getByRole('group', { name: 'Your decision' });
  await decision.getByRole('textbox', { name: 'Comment' }).fill('Matches the contract');
  await decision.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: /^Standard journal \S+/ })).toBeVisible({ timeout: SLOW });
  await expect(page.getByText('Posted', { exact: true }).first()).toBeVisible();
  await expect(approval.getByText('“Matches the contract”')).toBeVisible();

  // The journal is in the trial balance: cash went up by the amount.
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const cashAfter = await cashDebit(request, admin);
  expect(cashAfter - cashBefore).toBeCloseTo(Number(AMOUNT), 2);
  await page.goto('/trial-balance?from=2026-01-01&to=2026-12-31');
  const cash = page.getByRole('table', { name: 'Trial balance' }).getByRole('row').filter({ hasText: '1010' }).first();
  await expect(cash).toContainText(cashAfter.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
});

test('the audit trail shows each step of the approval', async ({ page, request }) => {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const history = await api<{ current: { id: string; status: string } | null; items: { action: string }[] }>(request, admin, 'GET', `/workflow/history?approvalType=JournalApproval&documentId=${journalId}`);
  expect(history.current?.status).toBe('Approved');
  expect(history.items.map((item) => item.action)).toEqual(expect.arrayContaining(['submitted', 'approved']));

  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await page.goto(`/audit-trail?entity=workflowInstance&recordId=${history.current!.id}`);
  const entries = page.getByRole('table', { name: 'Audit entries' }).locator('tbody tr.ant-table-row');
  await expect(entries).toHaveCount(history.items.length, { timeout: SLOW });
  await expect(entries.filter({ hasText: ACCOUNTANT.name })).not.toHaveCount(0);
  await expect(entries.filter({ hasText: APPROVER.name })).not.toHaveCount(0);
  // Opened, the entries show each action: the submission and the approval with its comment.
  const count = await entries.count();
  // A row opens by a click on it, away from its links (the record's label links to the record).
  for (let i = 0; i < count; i++) await entries.nth(i).locator('td').nth(1).click();
  const diffs = page.getByRole('table', { name: /^Before and after of entry/ });
  await expect(diffs).toHaveCount(count);
  await expect(diffs.filter({ hasText: 'submitted' })).toHaveCount(1);
  await expect(diffs.filter({ hasText: 'Matches the contract' })).toHaveCount(1);
});
