// Proves the escalation job with the test clock: nothing happens before a step's deadline; past it, Escalate gives the rule's user a task in the same slot (either settles it) and Remind reminds the assignee, as often as the rule says and never twice for the same run (idempotent); the history and messages say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DocumentHistory, EscalationRuleView, Inbox, InstanceView, MessageList, TaskActionResult, WorkflowView } from '@erp/contracts';
import { withTenant } from '../../src/platform/db/tenancy';
import { actionsDue, ESCALATION_JOB, runEscalations } from '../../src/modules/workflow/index';
import { workflowTasks } from '../../src/modules/workflow/workflow.tables';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { approvalWorld, draft, journalOf, ok, signInAgain, submitJournal, taskOf, users, workflow, type World } from './running-setup';

let t: TestApp;
let w: World;
let flow: WorkflowView;

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t, 'WFESC');
  flow = await workflow(w, { approvalType: 'JournalApproval', name: 'Checked journals', steps: [{ name: 'Check', deadlineHours: 24, assignees: users([w.id.Bob]) }] });
  await ok<EscalationRuleView>(w, 'Admin', 'POST', '/workflow/escalations', { workflowId: flow.id, stepId: flow.steps[0]!.id, action: 'Escalate', target: { kind: 'User', id: w.id.Carol }, afterHours: 1 });
  await ok<EscalationRuleView>(w, 'Admin', 'POST', '/workflow/escalations', { workflowId: flow.id, stepId: null, action: 'Remind', afterHours: 0, repeatEveryHours: 12, maxTimes: 2 });
});
afterAll(() => t.close());

const tasksOf = (instanceId: string) => withTenant(t.platform.database.db, { tenantId: w.tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(workflowTasks).where(eq(workflowTasks.instanceId, instanceId)));

describe('actionsDue', () => {
  it('counts the first action at the deadline plus the delay, then one per repeat, at most maxTimes', () => {
    const due = new Date('2026-03-01T00:00:00Z');
    const at = (hours: number) => new Date(due.getTime() + hours * 3_600_000);
    const rule = { afterHours: 2, repeatEveryHours: 12, maxTimes: 3 };
    expect([0, 1.9, 2, 13.9, 14, 26, 100].map((h) => actionsDue(rule, due, at(h)))).toEqual([0, 0, 1, 1, 2, 3, 3]);
    expect(actionsDue({ afterHours: 0, repeatEveryHours: null, maxTimes: 5 }, due, at(1000))).toBe(1);
  });
});

describe('the escalation job', () => {
  it('escalates and reminds after the deadline, once per run, and the escalated task settles the step', async () => {
    const id = await draft(w, 'Alice', '400');
    const instance = (await submitJournal(w, 'Alice', id)).body as InstanceView;
    const bobTask = taskOf(instance, w.id.Bob);

    // Before the deadline: nothing to do.
    expect(await runEscalations(t.platform, t.clock.now())).toEqual({ tenants: 0, escalated: 0, reminded: 0 });
    t.clock.advanceMinutes(23 * 60);
    expect(await runEscalations(t.platform, t.clock.now())).toEqual({ tenants: 0, escalated: 0, reminded: 0 });

    // 24h30 after the submission: past the deadline, before the escalation's extra hour: a reminder only.
    t.clock.advanceMinutes(90);
    await t.platform.jobs.runNow(ESCALATION_JOB);
    expect((await tasksOf(instance.id)).map((x) => x.assigneeUserId)).toEqual([w.id.Bob]);
    // 25h30: the escalation; the reminder is not sent again.
    t.clock.advanceMinutes(60);
    expect(await runEscalations(t.platform, t.clock.now())).toEqual({ tenants: 1, escalated: 1, reminded: 0 });
    // Idempotent: the same time again does nothing.
    expect(await runEscalations(t.platform, t.clock.now())).toEqual({ tenants: 0, escalated: 0, reminded: 0 });
    const tasks = await tasksOf(instance.id);
    expect(tasks.map((x) => [x.assigneeUserId, x.origin, x.status]).sort()).toEqual([[w.id.Bob, 'Assigned', 'Open'], [w.id.Carol, 'Escalated', 'Open']].sort());
    expect(new Set(tasks.map((x) => x.slotId)).size).toBe(1);

    // 12h later the second (and last) reminder; never a third.
    t.clock.advanceMinutes(12 * 60);
    expect(await runEscalations(t.platform, t.clock.now())).toEqual({ tenants: 1, escalated: 0, reminded: 1 });
    t.clock.advanceMinutes(48 * 60);
    expect(await runEscalations(t.platform, t.clock.now())).toEqual({ tenants: 0, escalated: 0, reminded: 0 });

    await signInAgain(w);
    const bobMessages = await ok<MessageList>(w, 'Bob', 'GET', '/workflow/messages');
    expect(bobMessages.items.filter((m) => m.title.startsWith('Reminder: ')).length).toBe(2);
    const carolInbox = await ok<Inbox>(w, 'Carol', 'GET', '/workflow/tasks');
    expect(carolInbox.items.map((i) => [i.documentId, i.origin, i.overdue])).toEqual([[id, 'Escalated', false]]);
    const bobInbox = await ok<Inbox>(w, 'Bob', 'GET', '/workflow/tasks');
    expect(bobInbox.items.map((i) => [i.taskId, i.overdue])).toEqual([[bobTask, true]]);
    expect(bobInbox.items[0]!.ageHours).toBeGreaterThanOrEqual(85);
    const escalated = (await ok<MessageList>(w, 'Carol', 'GET', '/workflow/messages')).items.find((m) => m.event === 'Escalated');
    expect(escalated?.body).toContain('is overdue with Bob and was escalated to you');

    const done = await ok<TaskActionResult>(w, 'Carol', 'POST', `/workflow/tasks/${carolInbox.items[0]!.taskId}/approve`, { comment: 'Bob is away' });
    expect(done.instance.status).toBe('Approved');
    expect(done.instance.steps[0]!.tasks.map((x) => [x.assignee.name, x.status]).sort()).toEqual([['Bob', 'Closed'], ['Carol', 'Approved']]);
    expect((await journalOf(w, id)).status).toBe('Posted');
    const h = await ok<DocumentHistory>(w, 'Alice', 'GET', `/workflow/history?approvalType=JournalApproval&documentId=${id}`);
    expect(h.items.map((i) => [i.action, i.actor?.name ?? null, i.target?.name ?? null])).toEqual([
      ['submitted', 'Alice', null], ['reminded', null, 'Bob'], ['escalated', null, 'Carol'], ['reminded', null, 'Bob'], ['approved', 'Carol', null], ['performed', 'Carol', null], ['performed', 'Carol', null], ['completed', 'Carol', null],
    ]);
    // Nothing open is left to escalate.
    t.clock.advanceMinutes(24 * 60);
    expect(await runEscalations(t.platform, t.clock.now())).toEqual({ tenants: 0, escalated: 0, reminded: 0 });
  });

  it('escalates to a tag: each active member gets a task of the slot, and any of them settles it', async () => {
    const tag = await ok<{ id: string }>(w, 'Admin', 'POST', '/workflow/tags', { code: 'STANDBY', name: 'Standby', members: [w.id.Dan, w.id.Erin] });
    const closing = await workflow(w, { approvalType: 'PeriodClosing', name: 'Closing', steps: [{ name: 'Controller', deadlineHours: 1, assignees: users([w.id.Bob]) }] });
    await ok(w, 'Admin', 'POST', '/workflow/escalations', { workflowId: closing.id, stepId: null, action: 'Escalate', target: { kind: 'Tag', id: tag.id } });
    const june = w.books.periods.find((p) => p.startDate === '2026-06-01')!;
    const instance = await ok<InstanceView>(w, 'Alice', 'POST', '/workflow/submissions', { approvalType: 'PeriodClosing', documentId: june.id });
    t.clock.advanceMinutes(61);
    expect(await runEscalations(t.platform, t.clock.now())).toEqual({ tenants: 1, escalated: 2, reminded: 0 });
    const tasks = await tasksOf(instance.id);
    expect(tasks.map((x) => [x.assigneeUserId, x.origin]).sort()).toEqual([[w.id.Bob, 'Assigned'], [w.id.Dan, 'Escalated'], [w.id.Erin, 'Escalated']].sort());
    const erinTask = tasks.find((x) => x.assigneeUserId === w.id.Erin)!;
    const done = await ok<TaskActionResult>(w, 'Erin', 'POST', `/workflow/tasks/${erinTask.id}/approve`, {});
    expect(done.instance).toMatchObject({ status: 'Approved', performed: ['Approve'] });
    expect((await tasksOf(instance.id)).map((x) => x.status).sort()).toEqual(['Approved', 'Closed', 'Closed']);
    const periods = await ok<{ id: string; status: string }[]>(w, 'Admin', 'GET', `/gl/fiscal-years/${(await fiscalYears())[0]}/periods`);
    expect(periods.find((p) => p.id === june.id)?.status).toBe('Closed');
  });
});

const fiscalYears = async () => (await ok<{ items: { id: string }[] }>(w, 'Admin', 'GET', '/gl/fiscal-years?limit=10')).items.map((f) => f.id);
