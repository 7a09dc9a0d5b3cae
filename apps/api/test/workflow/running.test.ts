// Proves the running engine through the API and the database: a submission with no workflow runs the operations at once; a workflow's steps give tasks to their users and tags, thresholds add or skip steps, the first approval validates and the last posts the journal in the approval's own transaction (a failed post leaves the task open and nothing posted); rejection sends the journal back to draft and a resubmission starts anew; self-approval is refused; delegation; the journal and period gates; period closing by approval; inbox, bell, history and messages; tenant isolation of tasks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DocumentHistory, Inbox, InstanceView, MessageList, MessageView, RecurringRunResult, TaskDetail, TaskSummary, TagView, TaskActionResult, WorkflowView } from '@erp/contracts';
import { withTenant } from '../../src/platform/db/tenancy';
import { mailOutbox } from '../../src/platform/mail/mail.tables';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { approvalWorld, draft, journalOf, ok, submitJournal, taskOf, users, workflow, type World } from './running-setup';

let t: TestApp;
let w: World;
let tag: TagView;
let journalFlow: WorkflowView;

const history = (documentId: string, who: 'Admin' | 'Alice' = 'Alice', type = 'JournalApproval') => ok<DocumentHistory>(w, who, 'GET', `/workflow/history?approvalType=${type}&documentId=${documentId}`);
const actions = (h: DocumentHistory) => h.items.map((i) => (i.operation ? `${i.action} ${i.operation}` : i.actor ? `${i.action} by ${i.actor.name}` : i.action));
const approveAs = (who: 'Alice' | 'Bob' | 'Carol' | 'Dan' | 'Erin' | 'Admin', taskId: string, comment?: string) => w.as(who)<TaskActionResult>('POST', `/workflow/tasks/${taskId}/approve`, comment ? { comment } : undefined);
const journalBody = (step2: object = {}) => ({
  approvalType: 'JournalApproval', name: 'Journal approval', description: 'A check, and finance above 1,000',
  steps: [
    { name: 'Check', operation: 'Validate', deadlineHours: 24, assignees: users([w.id.Bob]) },
    { name: 'Finance', operation: 'Post', minAmount: '1000', assignees: [{ kind: 'Tag', id: tag.id }], ...step2 },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t, 'WFRUN');
});
afterAll(() => t.close());

describe('without a workflow', () => {
  it('performs Validate and Post at once for a user whose role allows it', async () => {
    const id = await draft(w, 'Alice', '100');
    const submitted = await submitJournal(w, 'Alice', id, 'Month-end accrual');
    expect(submitted.status, submitted.body.message).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'Approved', workflowId: null, performed: ['Validate', 'Post'], steps: [], currentStep: null, amount: '100.00', currency: 'USD', submittedBy: { id: w.id.Alice, name: 'Alice' } });
    expect(submitted.body.finishedAt).not.toBeNull();
    const journal = await journalOf(w, id);
    expect(journal.status).toBe('Posted');
    expect(journal.number).not.toBeNull();
    expect(actions(await history(id))).toEqual(['submitted by Alice', 'performed Validate', 'performed Post', 'completed by Alice']);
  });

  it("refuses a user whose role does not allow it, a posted journal, and types whose module is not built yet", async () => {
    const id = await draft(w, 'Alice', '100');
    expect(await submitJournal(w, 'Viewer', id)).toMatchObject({ status: 403, body: { message: 'You are not permitted to do this (EditJournal or EditOpeningBalanceJournal or EditAdjustmentJournal or EditIntercompanyJournal or EditRecurringJournal)' } });
    expect((await journalOf(w, id)).status).toBe('Draft');
    expect((await submitJournal(w, 'Alice', id)).status).toBe(200);
    expect(await submitJournal(w, 'Alice', id)).toMatchObject({ status: 422, body: { message: expect.stringContaining('is already posted') } });
    const salary = await w.as('Alice')('POST', '/workflow/submissions', { approvalType: 'SalarySchedule', documentId: id });
    expect(salary).toMatchObject({ status: 422, body: { statusCode: 422, message: 'SalarySchedule documents come with the Payroll module, which does not register them yet: they cannot be submitted' } });
    expect((await w.as('Alice')('POST', '/workflow/submissions', { approvalType: 'JournalApproval', documentId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await w.as('Alice')('POST', '/workflow/submissions', { approvalType: 'JournalApproval' })).status).toBe(400);
  });
});

describe('with a JournalApproval workflow', () => {
  beforeAll(async () => {
    tag = await ok<TagView>(w, 'Admin', 'POST', '/workflow/tags', { code: 'FIN', name: 'Finance', members: [w.id.Carol, w.id.Dan] });
    journalFlow = await workflow(w, journalBody());
  });

  it('closes the direct routes: validate, post and create-and-post answer 422', async () => {
    const id = await draft(w, 'Alice', '100');
    const refusal = { status: 422, body: { message: 'This journal needs approval: submit it', statusCode: 422, serverError: 'BusinessRule' } };
    expect(await w.as('Alice')('POST', `/gl/journals/${id}/validate`)).toMatchObject(refusal);
    expect(await w.as('Alice')('POST', `/gl/journals/${id}/post`)).toMatchObject(refusal);
    const lines = [{ account: w.books.accounts.get('1010')!.id, currency: 'USD', debit: '5' }, { account: w.books.accounts.get('4000')!.id, currency: 'USD', credit: '5' }];
    expect(await w.as('Admin')('POST', '/gl/journals/post', { journalDate: '2026-03-10', description: 'Direct', lines })).toMatchObject(refusal);
    expect((await journalOf(w, id)).status).toBe('Draft');
  });

  it('keeps a recurring journal in Post mode from bypassing it: the occurrence is made as a draft to submit', async () => {
    const cash = w.books.accounts.get('1010')!.id;
    const rent = w.books.accounts.get('6100')!.id;
    const template = await ok<{ id: string }>(w, 'Admin', 'POST', '/gl/journal-templates', { code: 'WF-RENT', name: 'Rent', lines: [{ account: rent, currency: 'USD', debit: '300' }, { account: cash, currency: 'USD', credit: '300' }] });
    const schedule = await ok<{ id: string }>(w, 'Admin', 'POST', '/gl/recurring-journals', { code: 'WF-R', description: 'Rent under approval', template: template.id, frequency: 'Monthly', startDate: '2026-03-15', mode: 'Post' });
    const run = await ok<RecurringRunResult>(w, 'Admin', 'POST', `/gl/recurring-journals/${schedule.id}/run`, { upTo: '2026-03-15' });
    expect(run.generated.map((g) => g.status)).toEqual(['Draft']);
    const made = await journalOf(w, run.generated[0]!.journalId!);
    expect([made.status, made.number]).toEqual(['Draft', null]);
  });

  it('runs the steps: the first approval validates, the last posts; inbox, bell, messages and mail follow', async () => {
    const id = await draft(w, 'Alice', '5000');
    const submitted = await submitJournal(w, 'Alice', id, 'Please approve');
    expect(submitted.status, submitted.body.message).toBe(200);
    const instance = submitted.body;
    expect(instance).toMatchObject({ status: 'Running', workflowId: journalFlow.id, workflowName: 'Journal approval', currentStep: 1, performed: [], amount: '5000.00' });
    expect(instance.steps.map((s) => [s.stepNo, s.name, s.status, s.tasks.map((x) => x.assignee.name)])).toEqual([[1, 'Check', 'Open', ['Bob']], [2, 'Finance', 'Waiting', []]]);
    expect(instance.steps[0]!.tasks[0]!.dueAt).not.toBeNull();

    // The journal under approval keeps still; a second submission is refused.
    const lines = [{ account: w.books.accounts.get('1010')!.id, currency: 'USD', debit: '1' }, { account: w.books.accounts.get('4000')!.id, currency: 'USD', credit: '1' }];
    expect(await w.as('Alice')('PUT', `/gl/journals/${id}`, { journalDate: '2026-03-10', description: 'Changed', lines })).toMatchObject({ status: 422, body: { message: expect.stringContaining('under approval') } });
    expect(await w.as('Alice')('DELETE', `/gl/journals/${id}`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('under approval') } });
    expect(await w.as('Alice')('POST', `/gl/journals/${id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('under approval') } });
    expect(await submitJournal(w, 'Alice', id)).toMatchObject({ status: 409, body: { statusCode: 409 } });

    // Bob's inbox and bell.
    const bell = await ok<TaskSummary>(w, 'Bob', 'GET', '/workflow/tasks/summary');
    expect(bell.count).toBe(1);
    expect(bell.unreadMessages).toBe(1);
    const bobTask = taskOf(instance, w.id.Bob);
    expect(bell.newest[0]).toMatchObject({
      taskId: bobTask, instanceId: instance.id, approvalType: 'JournalApproval', documentId: id, description: 'Sale of 5000', amount: '5000.00', currency: 'USD', stepNo: 1, stepName: 'Check',
      operation: 'Validate', status: 'Open', origin: 'Assigned', onBehalfOf: null, submittedBy: { id: w.id.Alice, name: 'Alice' }, ageHours: 0, overdue: false, linkTarget: '/journal', link: `/journal?id=${id}`,
    });
    const inbox = await ok<Inbox>(w, 'Bob', 'GET', '/workflow/tasks?search=5000');
    expect(inbox.items.map((i) => i.taskId)).toEqual([bobTask]);
    expect((await ok<Inbox>(w, 'Bob', 'GET', '/workflow/tasks?search=nothing-like-it')).total).toBe(0);
    expect((await ok<Inbox>(w, 'Carol', 'GET', '/workflow/tasks')).total).toBe(0);
    const messages = await ok<MessageList>(w, 'Bob', 'GET', '/workflow/messages');
    expect(messages.items[0]).toMatchObject({ event: 'TaskAssigned', title: 'Approval needed: JournalApproval Sale of 5000', link: `/journal?id=${id}`, read: false });
    expect(messages.items[0]!.body).toBe(`Alice submitted JournalApproval Sale of 5000 for 5000.00 USD. Please approve or reject it: /journal?id=${id}`);
    expect(await ok<MessageView>(w, 'Bob', 'POST', `/workflow/messages/${messages.items[0]!.id}/read`)).toMatchObject({ read: true });
    expect((await ok<MessageList>(w, 'Bob', 'GET', '/workflow/messages?unread=true')).items).toEqual([]);
    expect((await w.as('Carol')('POST', `/workflow/messages/${messages.items[0]!.id}/read`)).status).toBe(404);
    const mails = await withTenant(t.platform.database.db, { tenantId: w.tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, `bob@${w.tenant.host}`)));
    expect(mails.map((m) => m.subject)).toContain('Approval needed: JournalApproval Sale of 5000');

    // A task that is not yours is 404, to see or to act on.
    expect((await w.as('Carol')('GET', `/workflow/tasks/${bobTask}`)).status).toBe(404);
    expect((await approveAs('Carol', bobTask)).status).toBe(404);
    const detail = await ok<TaskDetail>(w, 'Bob', 'GET', `/workflow/tasks/${bobTask}`);
    expect(detail).toMatchObject({ canAct: true, task: { taskId: bobTask }, instance: { id: instance.id } });

    // Step 1 validates; step 2 (above 1,000) goes to the Finance tag: Carol and Dan.
    const first = await approveAs('Bob', bobTask, 'Checked');
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.instance).toMatchObject({ status: 'Running', currentStep: 2, performed: ['Validate'] });
    expect((await journalOf(w, id)).status).toBe('Validated');
    expect(await approveAs('Bob', bobTask)).toMatchObject({ status: 409, body: { statusCode: 409 } });
    const step2 = first.body.instance.steps[1]!;
    expect(step2.tasks.map((x) => x.assignee.name).sort()).toEqual(['Carol', 'Dan']);

    const last = await approveAs('Carol', taskOf(first.body.instance, w.id.Carol));
    expect(last.status, last.body.message).toBe(200);
    expect(last.body.instance).toMatchObject({ status: 'Approved', currentStep: null, performed: ['Validate', 'Post'] });
    expect(last.body.instance.steps.map((s) => s.status)).toEqual(['Approved', 'Approved']);
    expect(last.body.instance.steps[1]!.tasks.map((x) => [x.assignee.name, x.status]).sort()).toEqual([['Carol', 'Approved'], ['Dan', 'Closed']]);
    const journal = await journalOf(w, id);
    expect(journal.status).toBe('Posted');
    expect(journal.totalDebit).toBe('5000.00');
    expect((await approveAs('Dan', step2.tasks.find((x) => x.assignee.name === 'Dan')!.id)).status).toBe(409);
    expect((await ok<Inbox>(w, 'Dan', 'GET', '/workflow/tasks')).total).toBe(0);
    expect((await ok<Inbox>(w, 'Bob', 'GET', '/workflow/tasks?status=Done')).items.map((i) => [i.taskId, i.status])).toEqual([[bobTask, 'Approved']]);

    const h = await history(id);
    expect(actions(h)).toEqual(['submitted by Alice', 'approved by Bob', 'performed Validate', 'approved by Carol', 'performed Post', 'completed by Carol']);
    expect(h.items[0]!.comment).toBe('Please approve');
    expect(h.items[1]).toMatchObject({ comment: 'Checked', stepNo: 1, at: expect.any(String) });
    expect(h.current?.id).toBe(instance.id);
    const approved = (await ok<MessageList>(w, 'Alice', 'GET', '/workflow/messages')).items.find((m) => m.event === 'Approved');
    // Posting numbered the journal: the approval and its message name it by its number from then on.
    expect(approved?.title).toBe(`Approved: JournalApproval ${journal.number}`);
    expect(h.current?.documentNumber).toBe(journal.number);
  });

  it('two approvers of one step at once: one completes it, the other finds it settled; the journal posts once', async () => {
    const id = await draft(w, 'Alice', '1200');
    const atFinance = (await approveAs('Bob', taskOf((await submitJournal(w, 'Alice', id)).body, w.id.Bob))).body.instance;
    const results = await Promise.all([approveAs('Carol', taskOf(atFinance, w.id.Carol)), approveAs('Dan', taskOf(atFinance, w.id.Dan))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const journal = await journalOf(w, id);
    expect(journal.status).toBe('Posted');
    expect(actions(await history(id)).filter((a) => a === 'performed Post')).toHaveLength(1);
  });

  it('skips a step whose threshold does not take the amount', async () => {
    const id = await draft(w, 'Alice', '999.99');
    const instance = (await submitJournal(w, 'Alice', id)).body;
    expect(instance.steps.map((s) => s.name)).toEqual(['Check']);
    const done = await approveAs('Bob', taskOf(instance, w.id.Bob));
    expect(done.body.instance).toMatchObject({ status: 'Approved', performed: ['Validate', 'Post'] });
    expect((await journalOf(w, id)).status).toBe('Posted');
  });

  it('rejection needs a comment and sends the journal back to draft; a resubmission starts anew', async () => {
    const id = await draft(w, 'Alice', '2000');
    const first = (await submitJournal(w, 'Alice', id)).body;
    const validated = (await approveAs('Bob', taskOf(first, w.id.Bob))).body.instance;
    expect((await journalOf(w, id)).status).toBe('Validated');
    const carolTask = taskOf(validated, w.id.Carol);
    // The company's own template for rejections: in-app only, no mail.
    await ok(w, 'Admin', 'PUT', '/workflow/message-settings/Rejected', { subject: 'Sent back: {documentNumber}', body: '{actor} says: {comment} ({amount}) {link}', mail: false, inApp: true });
    expect(await w.as('Carol')('POST', `/workflow/tasks/${carolTask}/reject`, {})).toMatchObject({ status: 400 });
    expect(await w.as('Carol')('POST', `/workflow/tasks/${carolTask}/reject`, { comment: '  ' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('Please give the reason for the rejection') } });
    const rejected = await w.as('Carol')<TaskActionResult>('POST', `/workflow/tasks/${carolTask}/reject`, { comment: 'Wrong account' });
    expect(rejected.status, rejected.body.message).toBe(200);
    expect(rejected.body.instance).toMatchObject({ status: 'Rejected', currentStep: null });
    expect(rejected.body.instance.steps.map((s) => s.status)).toEqual(['Approved', 'Rejected']);
    expect((await journalOf(w, id)).status).toBe('Draft');
    const message = (await ok<MessageList>(w, 'Alice', 'GET', '/workflow/messages')).items.find((m) => m.event === 'Rejected');
    expect(message).toMatchObject({ title: 'Sent back: Sale of 2000', body: `Carol says: Wrong account (2000.00 USD) /journal?id=${id}`, link: `/journal?id=${id}` });
    const mails = await withTenant(t.platform.database.db, { tenantId: w.tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, `alice@${w.tenant.host}`)));
    expect(mails.map((m) => m.subject)).not.toContain('Sent back: Sale of 2000');
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Approved: JournalApproval JV/));

    // Alice corrects it and submits again: a new approval from the first step.
    const lines = [{ account: w.books.accounts.get('1010')!.id, currency: 'USD', debit: '2000' }, { account: w.books.accounts.get('4010')?.id ?? w.books.accounts.get('4000')!.id, currency: 'USD', credit: '2000' }];
    expect((await w.as('Alice')('PUT', `/gl/journals/${id}`, { journalDate: '2026-03-10', description: 'Sale of 2000, corrected', lines })).status).toBe(200);
    const second = (await submitJournal(w, 'Alice', id)).body;
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ status: 'Running', currentStep: 1, description: 'Sale of 2000, corrected' });
    const h = await history(id);
    expect(h.current?.id).toBe(second.id);
    expect(actions(h)).toEqual(['submitted by Alice', 'approved by Bob', 'performed Validate', 'rejected by Carol', 'submitted by Alice']);

    // Only the submitter (or the owner) cancels.
    expect((await w.as('Bob')('POST', `/workflow/instances/${second.id}/cancel`)).status).toBe(403);
    const cancelled = await ok<InstanceView>(w, 'Alice', 'POST', `/workflow/instances/${second.id}/cancel`);
    expect(cancelled).toMatchObject({ status: 'Cancelled', currentStep: null });
    expect(cancelled.steps[0]!.tasks.map((x) => x.status)).toEqual(['Closed']);
    expect((await w.as('Alice')('POST', `/workflow/instances/${second.id}/cancel`)).status).toBe(409);
    expect((await ok<Inbox>(w, 'Bob', 'GET', '/workflow/tasks')).total).toBe(0);
    expect(actions(await history(id)).at(-1)).toBe('cancelled by Alice');
  });

  it('refuses self-approval unless the workflow allows it', async () => {
    // Bob wrote it and is the only one to check it: the submission itself is refused, whoever submits it.
    const own = await draft(w, 'Bob', '300');
    const alone = { status: 422, body: { message: "Step 1 (Check) of workflow Journal approval has no approver but the document's own author, who may not approve it: add another approver, or allow self-approval" } };
    expect(await submitJournal(w, 'Bob', own)).toMatchObject(alone);
    expect(await submitJournal(w, 'Alice', own)).toMatchObject(alone);
    expect((await history(own)).items).toEqual([]);

    // Carol wrote a large one: at the Finance step she may not approve it; Dan may.
    const id = await draft(w, 'Carol', '1500');
    const checked = (await approveAs('Bob', taskOf((await submitJournal(w, 'Carol', id)).body, w.id.Bob))).body.instance;
    const carolTask = taskOf(checked, w.id.Carol);
    expect(await approveAs('Carol', carolTask)).toMatchObject({ status: 422, body: { message: 'You cannot approve your own document: another approver must' } });
    expect((await ok<TaskDetail>(w, 'Carol', 'GET', `/workflow/tasks/${carolTask}`)).canAct).toBe(false);
    expect((await journalOf(w, id)).status).toBe('Validated');
    const byDan = await approveAs('Dan', taskOf(checked, w.id.Dan));
    expect(byDan.body.instance).toMatchObject({ status: 'Approved', documentNumber: (await journalOf(w, id)).number });

    const allowing = { ...journalBody(), allowSelfApproval: true, steps: journalBody().steps.map((s, i) => ({ ...s, id: journalFlow.steps[i]!.id })) };
    await ok(w, 'Admin', 'PUT', `/workflow/workflows/${journalFlow.id}`, allowing);
    const again = (await submitJournal(w, 'Bob', own)).body;
    const done = await approveAs('Bob', taskOf(again, w.id.Bob));
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.instance.status).toBe('Approved');
    await ok(w, 'Admin', 'PUT', `/workflow/workflows/${journalFlow.id}`, { ...allowing, allowSelfApproval: false });
  });

  it('an operation that fails rolls the approval back: the task stays open and nothing is posted', async () => {
    const id = await draft(w, 'Alice', '3000', '2026-04-15');
    const validated = (await approveAs('Bob', taskOf((await submitJournal(w, 'Alice', id)).body, w.id.Bob))).body.instance;
    const carolTask = taskOf(validated, w.id.Carol);
    const april = w.books.periods.find((p) => p.startDate === '2026-04-01')!;
    await ok(w, 'Admin', 'POST', `/gl/accounting-periods/${april.id}/status`, { status: 'Closed' });

    const failed = await approveAs('Carol', carolTask, 'Fine by me');
    expect(failed).toMatchObject({ status: 422, body: { statusCode: 422, message: expect.stringContaining('is closed: it takes no posting') } });
    const detail = await ok<TaskDetail>(w, 'Carol', 'GET', `/workflow/tasks/${carolTask}`);
    expect(detail).toMatchObject({ canAct: true, task: { status: 'Open' }, instance: { status: 'Running', currentStep: 2, performed: ['Validate'] } });
    const journal = await journalOf(w, id);
    expect(journal).toMatchObject({ status: 'Validated', number: null, postedAt: null });
    expect(actions(await history(id))).toEqual(['submitted by Alice', 'approved by Bob', 'performed Validate']);

    await ok(w, 'Admin', 'POST', `/gl/accounting-periods/${april.id}/status`, { status: 'Open' });
    const done = await approveAs('Carol', carolTask, 'Fine by me');
    expect(done.status, done.body.message).toBe(200);
    expect((await journalOf(w, id)).status).toBe('Posted');
  });

  it("delegation: the delegate gets the task, acts on the assignee's behalf, and the history says so", async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    await ok(w, 'Admin', 'PUT', `/workflow/actors/${w.id.Bob}`, { tags: [], delegateUserId: w.id.Erin, delegateFrom: today, delegateTo: '2099-12-31' });
    const id = await draft(w, 'Alice', '250');
    const instance = (await submitJournal(w, 'Alice', id)).body;
    expect(instance.steps[0]!.tasks[0]).toMatchObject({ assignee: { name: 'Bob' }, delegate: { id: w.id.Erin, name: 'Erin' } });
    const erinInbox = await ok<Inbox>(w, 'Erin', 'GET', '/workflow/tasks');
    expect(erinInbox.items.map((i) => [i.documentId, i.onBehalfOf?.name])).toEqual([[id, 'Bob']]);
    expect((await ok<Inbox>(w, 'Bob', 'GET', '/workflow/tasks')).total).toBe(1);
    expect((await ok<MessageList>(w, 'Erin', 'GET', '/workflow/messages')).items[0]?.event).toBe('TaskAssigned');
    const done = await approveAs('Erin', erinInbox.items[0]!.taskId, 'For Bob');
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.instance.steps[0]!.tasks[0]).toMatchObject({ status: 'Approved', actedBy: { name: 'Erin' }, comment: 'For Bob' });
    const h = await history(id);
    expect(h.items.map((i) => [i.action, i.actor?.name ?? null, i.onBehalfOf?.name ?? null, i.target?.name ?? null])).toEqual([
      ['submitted', 'Alice', null, null], ['delegated', 'Bob', null, 'Erin'], ['approved', 'Erin', 'Bob', null], ['performed', 'Erin', null, null], ['performed', 'Erin', null, null], ['completed', 'Erin', null, null],
    ]);

    // A delegation that starts after the task was given still hands it over.
    await ok(w, 'Admin', 'PUT', `/workflow/actors/${w.id.Bob}`, { tags: [], delegateUserId: null, delegateFrom: null, delegateTo: null });
    const later = (await submitJournal(w, 'Alice', await draft(w, 'Alice', '260'))).body;
    expect(later.steps[0]!.tasks[0]!.delegate).toBeNull();
    expect((await ok<Inbox>(w, 'Erin', 'GET', '/workflow/tasks')).total).toBe(0);
    await ok(w, 'Admin', 'PUT', `/workflow/actors/${w.id.Bob}`, { tags: [], delegateUserId: w.id.Erin, delegateFrom: today, delegateTo: today });
    const handed = await ok<Inbox>(w, 'Erin', 'GET', '/workflow/tasks');
    expect(handed.items.map((i) => i.instanceId)).toEqual([later.id]);
    expect((await approveAs('Erin', handed.items[0]!.taskId)).status).toBe(200);
    await ok(w, 'Admin', 'PUT', `/workflow/actors/${w.id.Bob}`, { tags: [], delegateUserId: null, delegateFrom: null, delegateTo: null });
    expect((await ok<Inbox>(w, 'Erin', 'GET', '/workflow/tasks?status=Done')).total).toBe(2);
  });

  it("keeps a tenant's tasks, history and messages from another tenant", async () => {
    const id = await draft(w, 'Alice', '75');
    const instance = (await submitJournal(w, 'Alice', id)).body;
    const task = taskOf(instance, w.id.Bob);
    const other: { tenant: TestTenant; admin: Session } = await adminOf(t, 'WFRUNB');
    const asOther = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T>(t.app, other.tenant.host, method, url, body, other.admin);
    expect((await asOther('GET', `/workflow/tasks/${task}`)).status).toBe(404);
    expect((await asOther('POST', `/workflow/tasks/${task}/approve`, {})).status).toBe(404);
    expect((await asOther('POST', `/workflow/tasks/${task}/reject`, { comment: 'no' })).status).toBe(404);
    expect((await asOther('POST', `/workflow/instances/${instance.id}/cancel`)).status).toBe(404);
    expect((await asOther('POST', `/gl/journals/${id}/submit`, {})).status).toBe(404);
    expect((await asOther<Inbox>('GET', '/workflow/tasks')).body).toEqual({ items: [], total: 0 });
    expect((await asOther<DocumentHistory>('GET', `/workflow/history?approvalType=JournalApproval&documentId=${id}`)).body).toEqual({ current: null, items: [] });
    expect((await asOther<MessageList>('GET', '/workflow/messages')).body).toEqual({ items: [], total: 0, unread: 0 });
    expect((await ok<TaskDetail>(w, 'Bob', 'GET', `/workflow/tasks/${task}`)).task.status).toBe('Open');
    await ok(w, 'Alice', 'POST', `/workflow/instances/${instance.id}/cancel`);
  });
});

describe('period closing by approval', () => {
  it('refuses closing or locking an open period directly; the last approval closes it', async () => {
    await workflow(w, { approvalType: 'PeriodClosing', name: 'Period closing', steps: [{ name: 'Controller', assignees: users([w.id.Bob]) }] });
    const may = w.books.periods.find((p) => p.startDate === '2026-05-01')!;
    expect(await w.as('Admin')('POST', `/gl/accounting-periods/${may.id}/status`, { status: 'Closed' })).toMatchObject({ status: 422, body: { message: `Closing period ${may.name} needs approval: submit it` } });
    expect((await w.as('Admin')('POST', `/gl/accounting-periods/${may.id}/status`, { status: 'Locked' })).status).toBe(422);
    expect((await w.as('Viewer')('POST', '/workflow/submissions', { approvalType: 'PeriodClosing', documentId: may.id })).status).toBe(403);

    const instance = await ok<InstanceView>(w, 'Alice', 'POST', '/workflow/submissions', { approvalType: 'PeriodClosing', documentId: may.id, comment: 'May is done' });
    expect(instance).toMatchObject({ status: 'Running', documentNumber: may.name, currentStep: 1 });
    expect((await w.as('Admin')('POST', `/gl/accounting-periods/${may.id}/status`, { status: 'Closed' })).body.message).toContain('under approval');
    const task = await ok<TaskSummary>(w, 'Bob', 'GET', '/workflow/tasks/summary');
    expect(task.newest[0]).toMatchObject({ approvalType: 'PeriodClosing', documentId: may.id, linkTarget: '/journal', link: `/journal?id=${may.id}&approval=PeriodClosing` });
    const done = await approveAs('Bob', task.newest[0]!.taskId);
    expect(done.body.instance).toMatchObject({ status: 'Approved', performed: ['Approve'] });
    const periods = await ok<{ id: string; status: string }[]>(w, 'Admin', 'GET', `/gl/fiscal-years/${(await fiscalYearOf(may.id))}/periods`);
    expect(periods.find((p) => p.id === may.id)?.status).toBe('Closed');
    // Reopening is no closing: it stays direct.
    expect((await w.as('Admin')('POST', `/gl/accounting-periods/${may.id}/status`, { status: 'Open' })).status).toBe(200);
    expect(actions(await history(may.id, 'Alice', 'PeriodClosing'))).toEqual(['submitted by Alice', 'approved by Bob', 'performed Approve', 'completed by Bob']);
  });
});

async function fiscalYearOf(periodId: string): Promise<string> {
  const journalList = await ok<{ items: { id: string }[] }>(w, 'Admin', 'GET', '/gl/fiscal-years?limit=10');
  for (const fy of journalList.items) {
    const periods = await ok<{ id: string }[]>(w, 'Admin', 'GET', `/gl/fiscal-years/${fy.id}/periods`);
    if (periods.some((p) => p.id === periodId)) return fy.id;
  }
  throw new Error('no fiscal year holds the period');
}
