// Proves the workflow definition routes through the API and the database: approval types; workflows with ordered steps naming users and tags, thresholds and deadlines, one active per type; tags with members; actors with delegation; escalation rules; message settings; list search, sort and pages; refusals as the error object; labels and pages; audited writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  transformPassword,
  type ActorView,
  type ApprovalTypeInfo,
  type AuditTrailPage,
  type ErrorObject,
  type EscalationRuleView,
  type MessageSettingView,
  type Role,
  type TagView,
  type UserLookupItem,
  type UserView,
  type WorkflowListItem,
  type WorkflowView,
} from '@erp/contracts';
import { withTenant } from '../../src/platform/db/tenancy';
import { workflowInstances } from '../../src/modules/workflow/workflow.tables';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List<T> = { items: T[]; total: number };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let viewer: Session;
let nobody: Session;
/** User ids by first name. */
const U = {} as Record<'Admin' | 'Alice' | 'Bob' | 'Carol' | 'Dan' | 'Viewer' | 'Nobody', string>;
const as = (who: Session) => <T>(method: Method, url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, who);
const api = <T>(method: Method, url: string, body?: unknown) => as(admin)<T>(method, url, body);
const error = (message: string, statusCode: number, serverError: string): ErrorObject => ({ message, statusCode, serverError });
const invalid = (message: string) => error(message, 400, 'ValidationError');

async function ok<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const res = await api<T & ErrorObject>(method, url, body);
  expect(res.status, res.body.message).toBe(200);
  return res.body;
}

async function user(name: string, roleID: string): Promise<string> {
  const p = await transformPassword('Workflow horse 1');
  const mail = `${name.toLowerCase()}@wfdef.test`;
  const created = await api<UserView>('POST', `/auth/user/create/${p}`, { name, mailAddress: mail, password: p, confirmPassword: p, roleID });
  expect(created.status).toBe(200);
  return created.body.code;
}
const signInAs = (name: string) => signIn(t.app, tenant.host, `${name.toLowerCase()}@wfdef.test`, 'Workflow horse 1');

const userStep = (name: string, ids: string[], extra: object = {}) => ({ name, assignees: ids.map((id) => ({ kind: 'User', id })), ...extra });
const journalWorkflow = (extra: object = {}) => ({
  approvalType: 'JournalApproval', name: 'Journal approval', description: 'Two levels above 10,000',
  steps: [
    { name: 'Accountant check', operation: 'Validate', deadlineHours: 24, assignees: [{ kind: 'User', id: U.Alice }] },
    { name: 'Finance manager', operation: 'Post', rule: 'All', minAmount: '10000', deadlineHours: 48, assignees: [{ kind: 'Tag', id: TAG.finance }, { kind: 'User', id: U.Bob }] },
  ],
  ...extra,
});
const TAG = {} as Record<'finance' | 'audit' | 'spare', string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'WFDEF'));
  U.Admin = admin.user.activeUser.code;
  const roles = (await api<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items;
  const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
  U.Alice = await user('Alice', roleId('Accountant'));
  U.Bob = await user('Bob', roleId('Accountant'));
  U.Carol = await user('Carol', roleId('Accountant'));
  U.Dan = await user('Dan', roleId('Accountant'));
  U.Viewer = await user('Viewer', roleId('Viewer'));
  const empty = await api<Role>('POST', '/auth/role', { name: 'Nobody', description: 'No page, no operation' });
  U.Nobody = await user('Nobody', empty.body.id);
  viewer = await signInAs('Viewer');
  nobody = await signInAs('Nobody');
  // Dan has left: he can be neither an assignee nor a delegate.
  const dan = await api('POST', '/auth/user/edit', { code: U.Dan, name: 'Dan', mailAddress: 'dan@wfdef.test', status: 'Disabled', reason: 'Left' });
  expect(dan.status).toBe(200);
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('documents every definition route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    const routes = [
      'GET /workflow/approval-types', 'GET /workflow/workflows', 'GET /workflow/workflows/{id}', 'POST /workflow/workflows', 'PUT /workflow/workflows/{id}', 'DELETE /workflow/workflows/{id}',
      'GET /workflow/tags', 'GET /workflow/tags/{id}', 'POST /workflow/tags', 'PUT /workflow/tags/{id}', 'DELETE /workflow/tags/{id}',
      'GET /workflow/actors', 'PUT /workflow/actors/{userId}', 'GET /workflow/users/lookup',
      'GET /workflow/escalations', 'POST /workflow/escalations', 'PUT /workflow/escalations/{id}', 'DELETE /workflow/escalations/{id}',
      'GET /workflow/message-settings', 'PUT /workflow/message-settings/{event}',
    ];
    expect(documented).toEqual(expect.arrayContaining(routes));
  });
});

describe('approval types', () => {
  it('lists every type of SPEC.md section 4 with its operations, completion and link target, to any signed-in user whose role holds a page', async () => {
    expect((await as(nobody)<ErrorObject>('GET', '/workflow/approval-types')).status).toBe(403);
    const res = await as(viewer)<ApprovalTypeInfo[]>('GET', '/workflow/approval-types');
    expect(res.status).toBe(200);
    const byType = new Map(res.body.map((i) => [i.type, i]));
    expect(res.body).toHaveLength(27);
    expect(byType.get('JournalApproval')).toMatchObject({ operations: ['Validate', 'Post'], completion: ['Validate', 'Post'], linkTarget: '/journal' });
    expect(byType.get('FundTransfer')).toMatchObject({ operations: ['Divide', 'Post'], completion: ['Post'] });
    expect(byType.get('StockTransferApproval')).toMatchObject({ operations: ['Approve', 'Release', 'Receive', 'Return', 'Cancel'], completion: ['Approve'], linkTarget: '/stock-transfer' });
    expect(byType.get('VendorInvoiceApproval')).toMatchObject({ operations: ['Post', 'Reverse'], linkTarget: '/vendor-invoice' });
    expect(byType.get('SalarySchedule')).toMatchObject({ operations: ['Approve', 'Reject'], available: false, awaiting: 'Payroll' });
    expect(byType.get('None')).toMatchObject({ linkTarget: null, awaiting: null });
  });
});

describe('tags', () => {
  it('creates tags with their members and reads them back', async () => {
    const finance = await ok<TagView>('POST', '/workflow/tags', { code: 'FIN', name: 'Finance managers', members: [U.Carol, U.Bob, U.Carol] });
    expect(finance).toMatchObject({ code: 'FIN', name: 'Finance managers' });
    expect(finance.members.map((m) => [m.name, m.mailAddress])).toEqual([['Bob', 'bob@wfdef.test'], ['Carol', 'carol@wfdef.test']]);
    expect(await ok<TagView>('GET', `/workflow/tags/${finance.id}`)).toEqual(finance);
    TAG.finance = finance.id;
    TAG.audit = (await ok<TagView>('POST', '/workflow/tags', { code: 'AUD', name: 'Internal audit' })).id;
    TAG.spare = (await ok<TagView>('POST', '/workflow/tags', { code: 'SPARE', name: 'Spare approvers', members: [U.Alice] })).id;
  });

  it('edits a tag, replacing its members', async () => {
    const edited = await ok<TagView>('PUT', `/workflow/tags/${TAG.audit}`, { code: 'AUDIT', name: 'Internal audit team', members: [U.Alice] });
    expect(edited).toMatchObject({ code: 'AUDIT', name: 'Internal audit team', members: [{ id: U.Alice, name: 'Alice' }] });
  });

  it('refuses a taken code, an unknown member and invalid input with the error object', async () => {
    expect((await api('POST', '/workflow/tags', { code: 'fin', name: 'Copy' })).body).toEqual(error('A tag with code fin already exists', 409, 'Conflict'));
    expect((await api('PUT', `/workflow/tags/${TAG.audit}`, { code: 'SPARE', name: 'x' })).body).toEqual(error('A tag with code SPARE already exists', 409, 'Conflict'));
    expect((await api('POST', '/workflow/tags', { code: 'X', name: 'x', members: ['00000000-0000-4000-8000-000000000000'] })).body).toEqual(error('A member of the tag was not found', 404, 'NotFound'));
    expect((await api('POST', '/workflow/tags', { code: ' ', name: 'x' })).body).toEqual(invalid('code: Please supply the tag code'));
    expect((await api('POST', '/workflow/tags', { code: 'X', name: '', members: [] })).body).toEqual(invalid('name: Please supply the tag name'));
    expect((await api('GET', '/workflow/tags/not-a-uuid')).status).toBe(400);
    expect((await api('GET', '/workflow/tags/00000000-0000-4000-8000-000000000000')).body).toEqual(error('Tag was not found', 404, 'NotFound'));
  });

  it('searches tags by code and name, a page at a time', async () => {
    expect((await ok<List<TagView>>('GET', '/workflow/tags')).items.map((x) => x.code)).toEqual(['AUDIT', 'FIN', 'SPARE']);
    expect((await ok<List<TagView>>('GET', '/workflow/tags?search=approv')).items.map((x) => x.code)).toEqual(['SPARE']);
    const page2 = await ok<List<TagView>>('GET', '/workflow/tags?limit=2&page=2');
    expect([page2.total, page2.items.map((x) => x.code)]).toEqual([3, ['SPARE']]);
  });
});

describe('workflows', () => {
  let journal: WorkflowView;

  it('creates a workflow with ordered steps naming users and tags, thresholds and deadlines', async () => {
    journal = await ok<WorkflowView>('POST', '/workflow/workflows', journalWorkflow());
    expect(journal).toMatchObject({ approvalType: 'JournalApproval', name: 'Journal approval', active: true, allowSelfApproval: false, currency: 'USD', completion: ['Validate', 'Post'] });
    expect(journal.steps.map((s) => [s.stepNo, s.name, s.operation, s.rule, s.minAmount, s.maxAmount, s.deadlineHours])).toEqual([
      [1, 'Accountant check', 'Validate', 'Any', null, null, 24],
      [2, 'Finance manager', 'Post', 'All', '10000.00', null, 48],
    ]);
    expect(journal.steps[1]!.assignees).toEqual([{ kind: 'Tag', id: TAG.finance, label: 'FIN · Finance managers' }, { kind: 'User', id: U.Bob, label: 'Bob' }]);
    expect(await ok<WorkflowView>('GET', `/workflow/workflows/${journal.id}`)).toEqual(journal);
  });

  it('keeps one active workflow per approval type and company', async () => {
    const second = await api('POST', '/workflow/workflows', journalWorkflow({ name: 'Another' }));
    expect(second.body).toEqual(error('Workflow Journal approval is already active for JournalApproval in this company: deactivate it first, or save this one inactive', 409, 'Conflict'));
    const inactive = await ok<WorkflowView>('POST', '/workflow/workflows', journalWorkflow({ name: 'Journal approval (draft)', active: false }));
    expect(inactive.active).toBe(false);
    const activate = await api('PUT', `/workflow/workflows/${inactive.id}`, journalWorkflow({ name: 'Journal approval (draft)', active: true }));
    expect(activate.status).toBe(409);
    expect((await ok<{ message: string }>('DELETE', `/workflow/workflows/${inactive.id}`))).toEqual({ message: 'Workflow deleted' });
  });

  it('edits a workflow: steps named by id keep their identity, new steps get one, dropped steps go', async () => {
    const [check, manager] = journal.steps;
    const edited = await ok<WorkflowView>('PUT', `/workflow/workflows/${journal.id}`, {
      ...journalWorkflow({ name: 'Journal approval v2', allowSelfApproval: true }),
      steps: [
        { id: check!.id, name: 'Accountant check', operation: 'Validate', deadlineHours: 12, assignees: [{ kind: 'User', id: U.Alice }, { kind: 'Tag', id: TAG.audit }] },
        userStep('Controller', [U.Carol], { minAmount: '5000', maxAmount: '9999.99' }),
        { id: manager!.id, name: 'Finance manager', operation: 'Post', minAmount: '10000', deadlineHours: 48, assignees: [{ kind: 'Tag', id: TAG.finance }] },
      ],
    });
    expect(edited).toMatchObject({ name: 'Journal approval v2', allowSelfApproval: true });
    expect(edited.steps.map((s) => [s.stepNo, s.name, s.minAmount, s.maxAmount, s.deadlineHours])).toEqual([
      [1, 'Accountant check', null, null, 12],
      [2, 'Controller', '5000.00', '9999.99', null],
      [3, 'Finance manager', '10000.00', null, 48],
    ]);
    expect(edited.steps[0]!.id).toBe(check!.id);
    expect(edited.steps[2]!.id).toBe(manager!.id);
    expect([check!.id, manager!.id]).not.toContain(edited.steps[1]!.id);
    const dropped = await ok<WorkflowView>('PUT', `/workflow/workflows/${journal.id}`, {
      ...journalWorkflow({ name: 'Journal approval' }),
      steps: [{ id: check!.id, name: 'Accountant check', operation: 'Validate', deadlineHours: 24, assignees: [{ kind: 'User', id: U.Alice }] }, { id: edited.steps[2]!.id, name: 'Finance manager', operation: 'Post', rule: 'All', minAmount: '10000', deadlineHours: 48, assignees: [{ kind: 'Tag', id: TAG.finance }, { kind: 'User', id: U.Bob }] }],
    });
    expect(dropped.steps.map((s) => s.id)).toEqual([check!.id, manager!.id]);
    journal = dropped;
  });

  it('refuses invalid workflows with clear messages', async () => {
    const refusal = async (body: object) => (await api<ErrorObject>('POST', '/workflow/workflows', { active: false, ...body })).body;
    expect(await refusal(journalWorkflow({ steps: [] }))).toEqual(invalid('steps: A workflow needs at least one step'));
    expect(await refusal(journalWorkflow({ name: ' ' }))).toEqual(invalid('name: Please supply the workflow name'));
    expect(await refusal(journalWorkflow({ approvalType: 'Holiday' }))).toMatchObject({ statusCode: 400, serverError: 'ValidationError', message: expect.stringMatching(/^approvalType: /) as unknown });
    expect(await refusal(journalWorkflow({ steps: [userStep('', [U.Alice])] }))).toEqual(invalid('steps[0].name: Please supply the step name'));
    expect(await refusal(journalWorkflow({ steps: [userStep('S', [])] }))).toEqual(invalid('steps[0].assignees: A step needs at least one user or tag'));
    expect(await refusal(journalWorkflow({ steps: [userStep('S', [U.Alice], { minAmount: '500', maxAmount: '100' })] }))).toEqual(invalid('steps[0].minAmount: The minimum amount is above the maximum'));
    expect(await refusal(journalWorkflow({ steps: [userStep('S', [U.Alice], { minAmount: '1.23456' })] }))).toEqual(invalid('steps[0].minAmount: must be an amount of at most 4 decimals'));
    expect(await refusal(journalWorkflow({ steps: [userStep('S', [U.Alice], { deadlineHours: 0 })] }))).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^steps\[0\]\.deadlineHours: /) as unknown });
    expect(await refusal(journalWorkflow({ steps: [userStep('S', [U.Alice], { minAmount: '1.234' })] }))).toEqual(error('Step 1 minimum amount: 1.234 has more decimals than USD has (2)', 400, 'BadRequest'));
    expect(await refusal(journalWorkflow({ steps: [userStep('S', [U.Alice], { operation: 'Reverse' })] }))).toEqual(error('Step 1: an approval of JournalApproval performs Validate, Post, not Reverse', 422, 'BusinessRule'));
    expect(await refusal(journalWorkflow({ steps: [userStep('A', [U.Alice], { operation: 'Post' }), userStep('B', [U.Bob], { operation: 'Validate' })] }))).toEqual(
      error('Step 2: Validate must come before Post and only once (the order is Validate, Post)', 422, 'BusinessRule'),
    );
    expect(await refusal(journalWorkflow({ steps: [userStep('S', [U.Alice, U.Alice])] }))).toEqual(error('Step 1 names the same user twice', 422, 'BusinessRule'));
    expect(await refusal(journalWorkflow({ steps: [userStep('S', [U.Dan])] }))).toEqual(error('Step 1: Dan is disabled; choose an active user', 422, 'BusinessRule'));
    expect(await refusal(journalWorkflow({ steps: [userStep('S', ['00000000-0000-4000-8000-000000000000'])] }))).toEqual(error('Step 1: the user was not found', 404, 'NotFound'));
    expect(await refusal(journalWorkflow({ steps: [{ name: 'S', assignees: [{ kind: 'Tag', id: U.Alice }] }] }))).toEqual(error('Step 1: the tag was not found', 404, 'NotFound'));
    expect(await refusal(journalWorkflow({ approvalType: 'None', steps: [userStep('S', [U.Alice])] }))).toEqual(error('Approval type None needs no approval: it takes no workflow', 422, 'BusinessRule'));
    const stranger = await api('PUT', `/workflow/workflows/${journal.id}`, { ...journalWorkflow(), steps: [{ id: '00000000-0000-4000-8000-000000000000', ...userStep('S', [U.Alice]) }] });
    expect(stranger.body).toEqual(error('Step 1: the step id is not a step of this workflow', 422, 'BusinessRule'));
    expect((await api('GET', '/workflow/workflows/00000000-0000-4000-8000-000000000000')).body).toEqual(error('Workflow was not found', 404, 'NotFound'));
    // Nothing of the refused attempts was written.
    expect((await ok<List<WorkflowListItem>>('GET', '/workflow/workflows')).total).toBe(1);
  });

  it('lists workflows: filter by type and state, search, sort and pages', async () => {
    await ok('POST', '/workflow/workflows', { approvalType: 'PeriodClosing', name: 'Period closing', steps: [userStep('Controller', [U.Carol])] });
    await ok('POST', '/workflow/workflows', { approvalType: 'FundTransfer', name: 'Treasury transfers', description: 'Cash moves', active: false, steps: [userStep('Treasurer', [U.Bob], { operation: 'Post' })] });
    await ok('POST', '/workflow/workflows', { approvalType: 'StockTransferApproval', name: 'Stock moves', steps: [userStep('Warehouse', [U.Alice]), userStep('Manager', [U.Bob])] });
    const list = (query = '') => ok<List<WorkflowListItem>>('GET', `/workflow/workflows${query}`);
    const all = await list();
    expect(all.total).toBe(4);
    expect(all.items.map((w) => [w.approvalType, w.name, w.stepCount, w.runningCount])).toEqual([
      ['FundTransfer', 'Treasury transfers', 1, 0],
      ['JournalApproval', 'Journal approval', 2, 0],
      ['PeriodClosing', 'Period closing', 1, 0],
      ['StockTransferApproval', 'Stock moves', 2, 0],
    ]);
    expect((await list('?sort=-name')).items.map((w) => w.name)).toEqual(['Treasury transfers', 'Stock moves', 'Period closing', 'Journal approval']);
    expect((await list('?sort=active')).items.map((w) => w.name)[0]).toBe('Treasury transfers');
    expect((await list('?active=false')).items.map((w) => w.name)).toEqual(['Treasury transfers']);
    expect((await list('?approvalType=PeriodClosing')).items.map((w) => w.name)).toEqual(['Period closing']);
    expect((await list('?search=cash')).items.map((w) => w.name)).toEqual(['Treasury transfers']);
    expect((await list('?search=STOCKTRANSFER')).items.map((w) => w.name)).toEqual(['Stock moves']);
    const page = await list('?limit=3&page=2');
    expect([page.total, page.items.map((w) => w.name)]).toEqual([4, ['Stock moves']]);
    expect((await api('GET', '/workflow/workflows?sort=colour')).status).toBe(400);
    expect((await api('GET', '/workflow/workflows?limit=0')).body).toMatchObject({ statusCode: 400, serverError: 'ValidationError' });
  });

  it('refuses to delete a workflow a submission runs on, and deletes it once none does', async () => {
    const temp = await ok<WorkflowView>('POST', '/workflow/workflows', { approvalType: 'AdjustmentJournal', name: 'Adjustments', steps: [userStep('Check', [U.Alice])] });
    const [running] = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) =>
      tx.insert(workflowInstances).values({
        tenantId: tenant.tenantId, companyId: tenant.companyId, approvalType: 'AdjustmentJournal', documentId: '00000000-0000-4000-8000-0000000000a1', description: 'Adjustment',
        amountMinor: 100n, currency: 'USD', amountScale: 2, workflowId: temp.id, workflowName: temp.name, submittedBy: U.Alice, submittedAt: new Date(),
      }).returning(),
    );
    expect((await ok<List<WorkflowListItem>>('GET', '/workflow/workflows?search=Adjustments')).items[0]!.runningCount).toBe(1);
    expect((await api('DELETE', `/workflow/workflows/${temp.id}`)).body).toEqual(error('Workflow Adjustments cannot be deleted while a submission is under way on it: deactivate it instead', 409, 'Conflict'));
    await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => tx.update(workflowInstances).set({ status: 'Approved', finishedAt: new Date() }).where(eq(workflowInstances.id, running!.id)));
    expect(await ok('DELETE', `/workflow/workflows/${temp.id}`)).toEqual({ message: 'Workflow deleted' });
    expect((await api('GET', `/workflow/workflows/${temp.id}`)).status).toBe(404);
  });

  it('audits every write with the workflow as it was and became', async () => {
    const trail = await ok<AuditTrailPage>('GET', `/admin/audit-trail?entity=workflow&recordId=${journal.id}`);
    expect(trail.items.map((e) => e.action)).toEqual(['edit', 'edit', 'create']);
    expect(trail.items[1]!.after).toMatchObject({ name: 'Journal approval v2' });
    expect(trail.items[1]!.before).toMatchObject({ name: 'Journal approval' });
  });

  it('refuses to delete a tag while a step or escalation rule names it', async () => {
    expect((await api('DELETE', `/workflow/tags/${TAG.finance}`)).body).toEqual(error('Tag FIN is an assignee of step Finance manager of workflow Journal approval: remove it there first', 409, 'Conflict'));
    expect(await ok('DELETE', `/workflow/tags/${TAG.audit}`)).toEqual({ message: 'Tag deleted' });
    expect((await api('GET', `/workflow/tags/${TAG.audit}`)).status).toBe(404);
  });
});

describe('escalation rules', () => {
  let wf: WorkflowView;
  let rule: EscalationRuleView;
  beforeAll(async () => {
    const list = await ok<List<WorkflowListItem>>('GET', '/workflow/workflows?approvalType=JournalApproval');
    wf = await ok<WorkflowView>('GET', `/workflow/workflows/${list.items[0]!.id}`);
  });

  it('creates, lists and edits rules for steps with a deadline', async () => {
    rule = await ok<EscalationRuleView>('POST', '/workflow/escalations', { workflowId: wf.id, stepId: wf.steps[1]!.id, action: 'Escalate', target: { kind: 'Tag', id: TAG.spare }, afterHours: 2, repeatEveryHours: 24, maxTimes: 3 });
    expect(rule).toMatchObject({
      workflowId: wf.id, workflowName: 'Journal approval', approvalType: 'JournalApproval', stepId: wf.steps[1]!.id, stepName: 'Finance manager', action: 'Escalate',
      target: { kind: 'Tag', id: TAG.spare, label: 'SPARE · Spare approvers' }, afterHours: 2, repeatEveryHours: 24, maxTimes: 3, active: true,
    });
    const remind = await ok<EscalationRuleView>('POST', '/workflow/escalations', { workflowId: wf.id, action: 'Remind' });
    expect(remind).toMatchObject({ stepId: null, stepName: null, target: null, afterHours: 0, repeatEveryHours: null, maxTimes: 1 });
    const listed = await ok<List<EscalationRuleView>>('GET', `/workflow/escalations?workflowId=${wf.id}`);
    expect(listed.total).toBe(2);
    expect(listed.items.map((r) => r.id).sort()).toEqual([rule.id, remind.id].sort());
    const edited = await ok<EscalationRuleView>('PUT', `/workflow/escalations/${rule.id}`, { workflowId: wf.id, stepId: wf.steps[0]!.id, action: 'Escalate', target: { kind: 'User', id: U.Carol }, afterHours: 4 });
    expect(edited).toMatchObject({ stepName: 'Accountant check', target: { kind: 'User', id: U.Carol, label: 'Carol' }, afterHours: 4, repeatEveryHours: null, maxTimes: 1 });
    rule = edited;
    expect(await ok('DELETE', `/workflow/escalations/${remind.id}`)).toEqual({ message: 'Escalation rule deleted' });
    expect((await ok<List<EscalationRuleView>>('GET', '/workflow/escalations')).items.map((r) => r.id)).toEqual([rule.id]);
  });

  it('refuses rules with nothing to act on or no target, with clear messages', async () => {
    const refusal = async (body: object) => (await api<ErrorObject>('POST', '/workflow/escalations', body)).body;
    expect(await refusal({ workflowId: wf.id, action: 'Escalate' })).toEqual(invalid('target: Escalate needs a user or tag to escalate to; Remind takes none'));
    expect(await refusal({ workflowId: wf.id, action: 'Remind', target: { kind: 'User', id: U.Bob } })).toEqual(invalid('target: Escalate needs a user or tag to escalate to; Remind takes none'));
    expect(await refusal({ action: 'Remind' })).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^workflowId: /) as unknown });
    expect(await refusal({ workflowId: '00000000-0000-4000-8000-000000000000', action: 'Remind' })).toEqual(error('Workflow was not found', 404, 'NotFound'));
    const period = (await ok<List<WorkflowListItem>>('GET', '/workflow/workflows?approvalType=PeriodClosing')).items[0]!;
    expect(await refusal({ workflowId: period.id, action: 'Remind' })).toEqual(error('No step of workflow Period closing has a deadline: give one a deadline so the rule has something to act on', 422, 'BusinessRule'));
    const periodView = await ok<WorkflowView>('GET', `/workflow/workflows/${period.id}`);
    expect(await refusal({ workflowId: period.id, stepId: periodView.steps[0]!.id, action: 'Remind' })).toEqual(error('Step 1 (Controller) has no deadline: give it one so the rule has something to act on', 422, 'BusinessRule'));
    expect(await refusal({ workflowId: wf.id, stepId: periodView.steps[0]!.id, action: 'Remind' })).toEqual(error('The step is not a step of workflow Journal approval', 422, 'BusinessRule'));
    expect(await refusal({ workflowId: wf.id, action: 'Escalate', target: { kind: 'User', id: U.Dan } })).toEqual(error('The escalation target: Dan is disabled; choose an active user', 422, 'BusinessRule'));
  });

  it("keeps a rule's step deadline while the rule stands, and the tag it targets", async () => {
    const steps = wf.steps.map((s) => ({ id: s.id, name: s.name, operation: s.operation, rule: s.rule, minAmount: s.minAmount, deadlineHours: s.deadlineHours, assignees: s.assignees.map(({ kind, id }) => ({ kind, id })) }));
    const body = { approvalType: 'JournalApproval', name: wf.name, steps: [{ ...steps[0]!, deadlineHours: null }, steps[1]!] };
    expect((await api('PUT', `/workflow/workflows/${wf.id}`, body)).body).toEqual(error('Step 1 (Accountant check) has escalation rules: keep its deadline, or delete those rules first', 422, 'BusinessRule'));
    const targeted = await ok<EscalationRuleView>('POST', '/workflow/escalations', { workflowId: wf.id, stepId: wf.steps[1]!.id, action: 'Escalate', target: { kind: 'Tag', id: TAG.spare } });
    expect((await api('DELETE', `/workflow/tags/${TAG.spare}`)).body).toEqual(error('Tag SPARE is the target of an escalation rule of workflow Journal approval: change that rule first', 409, 'Conflict'));
    expect(await ok('DELETE', `/workflow/escalations/${targeted.id}`)).toEqual({ message: 'Escalation rule deleted' });
    expect((await ok<List<EscalationRuleView>>('GET', '/workflow/escalations')).items.map((r) => r.id)).toEqual([rule.id]);
    expect((await api('DELETE', `/workflow/escalations/${targeted.id}`)).body).toEqual(error('Escalation rule was not found', 404, 'NotFound'));
  });
});

describe('actors', () => {
  it('lists every user of the tenant with tags and delegation; searches; pages', async () => {
    const all = await ok<List<ActorView>>('GET', '/workflow/actors?limit=100');
    expect(all.items.map((a) => a.name)).toEqual(['Alice', 'Bob', 'Carol', 'Dan', 'First Admin', 'Nobody', 'Viewer']);
    expect(all.items.find((a) => a.name === 'Bob')).toMatchObject({ tags: [{ id: TAG.finance, code: 'FIN' }], delegate: null, delegating: false, status: 'Active' });
    expect(all.items.find((a) => a.name === 'Dan')!.status).toBe('Disabled');
    expect((await ok<List<ActorView>>('GET', '/workflow/actors?search=carol@')).items.map((a) => a.name)).toEqual(['Carol']);
    const page = await ok<List<ActorView>>('GET', '/workflow/actors?limit=2&page=2');
    expect([page.total, page.items.map((a) => a.name)]).toEqual([7, ['Carol', 'Dan']]);
  });

  it("sets a user's tags and a delegate for a date range", async () => {
    const today = t.platform.now().toISOString().slice(0, 10);
    const later = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    const bob = await ok<ActorView>('PUT', `/workflow/actors/${U.Bob}`, { tags: [TAG.spare, TAG.finance], delegateUserId: U.Carol, delegateFrom: today, delegateTo: later });
    expect(bob).toMatchObject({ userId: U.Bob, delegate: { id: U.Carol, name: 'Carol' }, delegateFrom: today, delegateTo: later, delegating: true });
    expect(bob.tags.map((x) => x.code)).toEqual(['FIN', 'SPARE']);
    expect((await ok<TagView>('GET', `/workflow/tags/${TAG.spare}`)).members.map((m) => m.name)).toEqual(['Alice', 'Bob']);
    const future = await ok<ActorView>('PUT', `/workflow/actors/${U.Bob}`, { tags: [TAG.finance], delegateUserId: U.Carol, delegateFrom: later, delegateTo: later });
    expect(future).toMatchObject({ delegating: false, delegateFrom: later });
    const cleared = await ok<ActorView>('PUT', `/workflow/actors/${U.Bob}`, { tags: [TAG.finance], delegateFrom: today, delegateTo: later });
    expect(cleared).toMatchObject({ delegate: null, delegateFrom: null, delegateTo: null, delegating: false });
    const trail = await ok<AuditTrailPage>('GET', `/admin/audit-trail?entity=workflowActor&recordId=${U.Bob}`);
    expect(trail.items.map((e) => e.action)).toEqual(['edit', 'edit', 'edit']);
  });

  it('refuses a delegation without dates, ending before it starts, to oneself or to an inactive user', async () => {
    const put = async (userId: string, body: object) => (await api<ErrorObject>('PUT', `/workflow/actors/${userId}`, body)).body;
    expect(await put(U.Alice, { delegateUserId: U.Bob })).toEqual(invalid('delegateFrom: A delegation needs its from and to dates'));
    expect(await put(U.Alice, { delegateUserId: U.Bob, delegateFrom: '2026-05-10', delegateTo: '2026-05-01' })).toEqual(invalid('delegateTo: The delegation ends before it starts'));
    expect(await put(U.Alice, { delegateUserId: U.Bob, delegateFrom: '2026-05-10', delegateTo: '2026-13-01' })).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^delegateTo: /) as unknown });
    expect(await put(U.Alice, { delegateUserId: U.Alice, delegateFrom: '2026-05-01', delegateTo: '2026-05-10' })).toEqual(error('A user cannot delegate to themselves', 422, 'BusinessRule'));
    expect(await put(U.Alice, { delegateUserId: U.Dan, delegateFrom: '2026-05-01', delegateTo: '2026-05-10' })).toEqual(error('Dan is disabled: choose an active user as delegate', 422, 'BusinessRule'));
    expect(await put(U.Alice, { tags: ['00000000-0000-4000-8000-000000000000'] })).toEqual(error('Tag was not found', 404, 'NotFound'));
    expect(await put('00000000-0000-4000-8000-000000000000', {})).toEqual(error('User was not found', 404, 'NotFound'));
  });

  it('looks up active users for pickers, to any signed-in user whose role holds a page', async () => {
    expect((await as(nobody)<ErrorObject>('GET', '/workflow/users/lookup?search=a&limit=3')).status).toBe(403);
    const res = await as(viewer)<UserLookupItem[]>('GET', '/workflow/users/lookup?search=a&limit=3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: U.Alice, label: 'Alice (alice@wfdef.test)' },
      { id: U.Carol, label: 'Carol (carol@wfdef.test)' },
      { id: U.Admin, label: `First Admin (${admin.user.mailAddress})` },
    ]);
    expect((await api<UserLookupItem[]>('GET', '/workflow/users/lookup?search=dan')).body).toEqual([]);
  });
});

describe('message settings', () => {
  it('answers the four events with the built-in defaults until saved', async () => {
    const settings = await ok<MessageSettingView[]>('GET', '/workflow/message-settings');
    expect(settings.map((s) => [s.event, s.isDefault, s.mail, s.inApp, s.updatedAt])).toEqual([
      ['TaskAssigned', true, true, true, null], ['Approved', true, true, true, null], ['Rejected', true, true, true, null], ['Escalated', true, true, true, null],
    ]);
    expect(settings[0]!.subject).toBe('Approval needed: {approvalType} {documentNumber}');
  });

  it('saves an event template, then edits it', async () => {
    const saved = await ok<MessageSettingView>('PUT', '/workflow/message-settings/Rejected', { subject: 'Sent back: {documentNumber}', body: '{actor} rejected {documentNumber} ({amount}): {comment} {link}', mail: false });
    expect(saved).toMatchObject({ event: 'Rejected', subject: 'Sent back: {documentNumber}', mail: false, inApp: true, isDefault: false });
    const edited = await ok<MessageSettingView>('PUT', '/workflow/message-settings/Rejected', { subject: 'Rejected: {documentNumber}', body: 'See {link}', inApp: false });
    expect(edited).toMatchObject({ subject: 'Rejected: {documentNumber}', mail: true, inApp: false, isDefault: false });
    const settings = await ok<MessageSettingView[]>('GET', '/workflow/message-settings');
    expect(settings.map((s) => s.isDefault)).toEqual([true, true, false, true]);
    expect(settings[2]).toEqual(edited);
    const trail = await ok<AuditTrailPage>('GET', '/admin/audit-trail?entity=messageSetting');
    expect(trail.items.map((e) => e.action)).toEqual(['edit', 'create']);
  });

  it('refuses an unknown placeholder, an unknown event and empty text', async () => {
    expect((await api('PUT', '/workflow/message-settings/Approved', { subject: 'Done {number}', body: 'x' })).body).toEqual(
      error('The subject uses {number}, which is not a placeholder: use {documentNumber}, {amount}, {actor}, {link}, {approvalType}, {comment}', 422, 'BusinessRule'),
    );
    expect((await api('PUT', '/workflow/message-settings/Approved', { subject: 'Done', body: '' })).body).toEqual(invalid('body: Please supply the body'));
    expect((await api('PUT', '/workflow/message-settings/Holiday', { subject: 'x', body: 'y' })).body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^event: /) as unknown });
  });
});

describe('permissions', () => {
  it('refuses each write without its label, and each page without the page', async () => {
    const v = as(viewer);
    const wf = (await ok<List<WorkflowListItem>>('GET', '/workflow/workflows')).items[0]!;
    const rule = (await ok<List<EscalationRuleView>>('GET', '/workflow/escalations')).items[0]!;
    for (const url of ['/workflow/workflows', `/workflow/workflows/${wf.id}`, '/workflow/tags', `/workflow/tags/${TAG.finance}`, '/workflow/actors', '/workflow/escalations', '/workflow/message-settings']) {
      expect((await v(`GET`, url)).status, url).toBe(200);
      expect((await as(nobody)<ErrorObject>('GET', url)).body, url).toEqual(error('You are not permitted to do this', 403, 'Forbidden'));
    }
    const tagBody = { code: 'VIEW', name: 'Viewer tag' };
    const ruleBody = { workflowId: rule.workflowId, stepId: rule.stepId, action: 'Remind' };
    const refusals: [Method, string, unknown, string][] = [
      ['POST', '/workflow/workflows', journalWorkflow({ active: false }), 'SaveWorkflow'],
      ['PUT', `/workflow/workflows/${wf.id}`, journalWorkflow({ active: false }), 'EditWorkflow'],
      ['DELETE', `/workflow/workflows/${wf.id}`, undefined, 'DeleteWorkflow'],
      ['POST', '/workflow/tags', tagBody, 'SaveTag'],
      ['PUT', `/workflow/tags/${TAG.finance}`, tagBody, 'EditTag'],
      ['DELETE', `/workflow/tags/${TAG.finance}`, undefined, 'DeleteTag'],
      ['PUT', `/workflow/actors/${U.Viewer}`, { tags: [TAG.finance] }, 'SaveActor'],
      ['POST', '/workflow/escalations', ruleBody, 'SaveWorkflow'],
      ['PUT', `/workflow/escalations/${rule.id}`, ruleBody, 'EditWorkflow'],
      ['DELETE', `/workflow/escalations/${rule.id}`, undefined, 'DeleteWorkflow'],
      ['PUT', '/workflow/message-settings/Approved', { subject: 'x', body: 'y' }, 'EditMessageConfig'],
    ];
    for (const [method, url, body, label] of refusals) {
      expect((await v<ErrorObject>(method, url, body)).body, `${method} ${url}`).toEqual(error(`You are not permitted to do this (${label})`, 403, 'Forbidden'));
    }
    // Nothing changed.
    expect((await ok<WorkflowView>('GET', `/workflow/workflows/${wf.id}`)).name).toBe(wf.name);
    expect((await ok<TagView>('GET', `/workflow/tags/${TAG.finance}`)).code).toBe('FIN');
    expect((await ok<List<EscalationRuleView>>('GET', '/workflow/escalations')).total).toBe(1);
    expect((await ok<MessageSettingView[]>('GET', '/workflow/message-settings'))[1]!.isDefault).toBe(true);
  });
});
