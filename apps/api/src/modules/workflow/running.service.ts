import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ApprovalOperation, ApprovalType, InstanceView, SubmissionInput } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/actor';
import { users } from '../auth/index';
import { adapterOf, completionOf, type ApprovalActor, type ApprovalAdapter } from './approval-registry';
import { activeTagMembers, activeWorkflow, dayOf, delegatesOn, delegatorsOf, scaleOf } from './running-read';
import { notify, record, type HistoryEntry, type Run } from './running-record';
import { instanceRow, instanceView, type InstanceRow, type InstanceStepRow, type TaskRow } from './running-views';
import { stepApplies } from './workflow-steps';
import { workflowInstances, workflowInstanceSteps, workflowStepAssignees, workflowTasks } from './workflow.tables';

/*
 * The running engine: a submission starts the active workflow of its type and company (the steps
 * whose thresholds take the amount), each step gives its actors tasks, the last approval performs
 * the document's operations in the approval's own transaction. Everything here runs in the
 * caller's tenant transaction: when an operation fails, the approval rolls back with it.
 */

/** The signed-in user acting: the platform's actor (the workflow module's name for it). */
export type Me = Actor;

const HOUR_MS = 3_600_000;

/** The engine's actor for a document's module: the instance's company, the acting user. */
const actorFor = (me: Me, companyId: string, viaWorkflow: boolean): ApprovalActor => ({ tenantId: me.tenantId, companyId, userId: me.userId, operations: me.operations, viaWorkflow });

/** A submission of a document: starts its workflow, or performs its operations at once when none applies. */
export async function submit(tx: Tx, run: Run, me: Me, input: SubmissionInput): Promise<InstanceView> {
  const type = input.approvalType as ApprovalType;
  const adapter = adapterOf(type);
  const doc = await adapter.load(tx, me, input.documentId);
  await adapter.assertCanSubmit?.(tx, actorFor(me, doc.companyId, false), input.documentId, doc);
  const [running] = await tx
    .select({ id: workflowInstances.id })
    .from(workflowInstances)
    .where(and(eq(workflowInstances.approvalType, type), eq(workflowInstances.documentId, input.documentId), eq(workflowInstances.status, 'Running')));
  if (running) throw conflict(`${doc.number ?? doc.description} is already under approval: wait for it, or cancel that submission first`);

  const workflow = await activeWorkflow(tx, run.tenantId, doc.companyId, type);
  const steps = (workflow?.steps ?? []).filter((s) => stepApplies(s, doc.amountMinor));
  const [instance] = await tx
    .insert(workflowInstances)
    .values({
      tenantId: run.tenantId, companyId: doc.companyId, approvalType: type, documentId: input.documentId, documentNumber: doc.number, description: doc.description,
      amountMinor: doc.amountMinor, currency: doc.currency, amountScale: await scaleOf(tx, run.tenantId, doc.currency),
      workflowId: workflow?.id ?? null, workflowName: workflow?.name ?? null, allowSelfApproval: workflow?.allowSelfApproval ?? false,
      ownerUserId: doc.ownerUserId, submittedBy: me.userId, status: 'Running', submittedAt: run.now,
    })
    .returning();
  await record(tx, run, instance!, [{ action: 'submitted', actor: me.userId, comment: input.comment ?? null }]);

  if (steps.length === 0) {
    await finish(tx, run, adapter, actorFor(me, doc.companyId, false), instance!);
    return instanceView(tx, run.tenantId, instance!.id);
  }
  await tx.insert(workflowInstanceSteps).values(
    steps.map((s, i) => ({ tenantId: run.tenantId, instanceId: instance!.id, stepNo: i + 1, stepId: s.id, name: s.name, operation: s.operation, rule: s.rule, deadlineHours: s.deadlineHours, status: 'Waiting' })),
  );
  await openStep(tx, run, instance!, 1, steps[0]!.assignees);
  return instanceView(tx, run.tenantId, instance!.id);
}

/** Users of a step's assignees (tags expanded to their active members), active only, each once. */
async function actorsOf(tx: Tx, tenantId: string, assignees: readonly { userId: string | null; tagId: string | null }[]): Promise<string[]> {
  const direct = assignees.flatMap((a) => (a.userId ? [a.userId] : []));
  const activeDirect = direct.length === 0 ? [] : (await tx.select({ id: users.userId }).from(users).where(and(inArray(users.userId, direct), eq(users.status, 'Active')))).map((r) => r.id);
  const fromTags = await activeTagMembers(tx, tenantId, assignees.flatMap((a) => (a.tagId ? [a.tagId] : [])));
  return [...new Set([...direct.filter((id) => activeDirect.includes(id)), ...fromTags])];
}

/**
 * Creates tasks for users of one slot each (an escalation adds to an existing slot). A user who
 * delegates today gets the task with the delegate on it: both see it, either acts.
 */
export async function createTasks(tx: Tx, run: Run, instance: InstanceRow, stepNo: number, userIds: readonly string[], origin: 'Assigned' | 'Escalated', dueAt: Date | null, slotId?: string): Promise<TaskRow[]> {
  if (userIds.length === 0) return [];
  const delegates = await delegatesOn(tx, run.tenantId, userIds, dayOf(run.now));
  const rows = await tx
    .insert(workflowTasks)
    .values(userIds.map((userId) => ({
      tenantId: run.tenantId, instanceId: instance.id, stepNo, slotId: slotId ?? randomUUID(), assigneeUserId: userId, delegateUserId: delegates.get(userId) ?? null,
      origin, status: 'Open', dueAt, createdAt: run.now,
    })))
    .returning();
  const delegated: HistoryEntry[] = rows.filter((t) => t.delegateUserId).map((t) => ({ action: 'delegated', actor: t.assigneeUserId, target: t.delegateUserId, stepNo }));
  await record(tx, run, instance, delegated);
  return rows;
}

/** Opens a step: its tasks, their deadline, the assigned message. A step nobody can take is refused. */
async function openStep(tx: Tx, run: Run, instance: InstanceRow, stepNo: number, assignees: readonly { userId: string | null; tagId: string | null }[]): Promise<void> {
  const [step] = await tx
    .update(workflowInstanceSteps)
    .set({ status: 'Open', openedAt: run.now })
    .where(and(eq(workflowInstanceSteps.instanceId, instance.id), eq(workflowInstanceSteps.stepNo, stepNo)))
    .returning();
  const actors = await actorsOf(tx, run.tenantId, assignees);
  if (actors.length === 0) throw unprocessable(`Step ${stepNo} (${step!.name}) of workflow ${instance.workflowName} has no active user to approve it: add users to its tags or assignees`);
  const owners = [instance.submittedBy, instance.ownerUserId];
  if (!instance.allowSelfApproval && actors.every((a) => owners.includes(a))) {
    throw unprocessable(`Step ${stepNo} (${step!.name}) of workflow ${instance.workflowName} has no approver but the document's own author, who may not approve it: add another approver, or allow self-approval`);
  }
  await tx.update(workflowInstances).set({ currentStep: stepNo }).where(eq(workflowInstances.id, instance.id));
  const dueAt = step!.deadlineHours ? new Date(run.now.getTime() + step!.deadlineHours * HOUR_MS) : null;
  const tasks = await createTasks(tx, run, instance, stepNo, actors, 'Assigned', dueAt);
  await notify(tx, run, instance, { event: 'TaskAssigned', recipients: tasks.flatMap((t) => [t.assigneeUserId, ...(t.delegateUserId ? [t.delegateUserId] : [])]), actor: instance.submittedBy });
}

/** The definition's assignees of an instance step (a kept step keeps its id when the workflow is edited). */
async function assigneesOfStep(tx: Tx, step: InstanceStepRow) {
  if (!step.stepId) return [];
  return tx.select({ userId: workflowStepAssignees.userId, tagId: workflowStepAssignees.tagId }).from(workflowStepAssignees).where(eq(workflowStepAssignees.stepId, step.stepId)).orderBy(asc(workflowStepAssignees.position));
}

/** Runs the operations not done yet (those of `upTo`, or all of the completion) and records each. */
async function perform(tx: Tx, run: Run, adapter: ApprovalAdapter, actor: ApprovalActor, instance: InstanceRow, operations: readonly ApprovalOperation[], stepNo: number | null): Promise<ApprovalOperation[]> {
  const performed = [...(instance.performed as ApprovalOperation[])];
  for (const operation of operations) {
    if (performed.includes(operation)) continue;
    await adapter.perform(tx, actor, instance.documentId, operation);
    performed.push(operation);
    await record(tx, run, instance, [{ action: 'performed', actor: actor.userId, stepNo, operation }]);
  }
  await tx.update(workflowInstances).set({ performed }).where(eq(workflowInstances.id, instance.id));
  instance.performed = performed;
  return performed;
}

/** The approval is complete: whatever completion operation is left runs now, the instance is Approved. */
async function finish(tx: Tx, run: Run, adapter: ApprovalAdapter, actor: ApprovalActor, instance: InstanceRow): Promise<void> {
  await perform(tx, run, adapter, actor, instance, completionOf(instance.approvalType as ApprovalType), null);
  // The operations may have numbered the document (a posted journal): the approval shows it from now on.
  instance.documentNumber = (await adapter.load(tx, actor, instance.documentId)).number ?? instance.documentNumber;
  await tx.update(workflowInstances).set({ status: 'Approved', currentStep: null, finishedAt: run.now, documentNumber: instance.documentNumber }).where(eq(workflowInstances.id, instance.id));
  await record(tx, run, instance, [{ action: 'completed', actor: actor.userId }]);
  if (instance.workflowId) await notify(tx, run, instance, { event: 'Approved', recipients: [instance.submittedBy, ...(instance.ownerUserId ? [instance.ownerUserId] : [])], actor: actor.userId });
}

/** May `me` act on the task: its assignee, its delegate, or today's delegate of its assignee. */
async function holds(tx: Tx, run: Run, me: Me, task: TaskRow): Promise<boolean> {
  if (task.assigneeUserId === me.userId || task.delegateUserId === me.userId) return true;
  return (await delegatorsOf(tx, run.tenantId, me.userId, dayOf(run.now))).includes(task.assigneeUserId);
}

/** A task of the tenant that `me` holds or acted on; anything else is 404 (it is not theirs). */
export async function visibleTask(tx: Tx, run: Run, me: Me, id: string): Promise<TaskRow> {
  const [task] = await tx.select().from(workflowTasks).where(eq(workflowTasks.id, id));
  if (!task || !(task.actedBy === me.userId || (await holds(tx, run, me, task)))) throw notFound('Task');
  return task;
}

/** Why `me` may not approve: null when they may. */
export function selfApprovalRefusal(instance: InstanceRow, me: Me): string | null {
  if (instance.allowSelfApproval) return null;
  if (me.userId === instance.submittedBy || me.userId === instance.ownerUserId) return 'You cannot approve your own document: another approver must';
  return null;
}

/**
 * The task to act on, with its instance locked first: every writer of an instance's tasks (approve,
 * reject, cancel, the escalation job) takes the instance row before any task row, so two approvers
 * of one step queue up instead of deadlocking, and the second finds the step settled.
 */
async function openTaskOf(tx: Tx, run: Run, me: Me, taskId: string): Promise<{ task: TaskRow; instance: InstanceRow }> {
  const seen = await visibleTask(tx, run, me, taskId);
  const instance = await instanceRow(tx, run.tenantId, seen.instanceId, true);
  const [task] = await tx.select().from(workflowTasks).where(eq(workflowTasks.id, taskId)).for('update');
  if (task!.status !== 'Open' || !(await holds(tx, run, me, task!))) throw conflict(`This task is already ${task!.status === 'Open' ? 'handled' : task!.status.toLowerCase()}: there is nothing left to do`);
  if (instance.status !== 'Running') throw conflict(`This approval is already ${instance.status.toLowerCase()}`);
  return { task: task!, instance };
}

const actedAs = (me: Me, task: TaskRow) => (task.assigneeUserId === me.userId ? null : task.assigneeUserId);

/** Approves a task; completing its step opens the next one, or completes the approval with its operations. */
export async function approve(tx: Tx, run: Run, me: Me, taskId: string, comment: string | null): Promise<InstanceView> {
  const { task, instance } = await openTaskOf(tx, run, me, taskId);
  const refusal = selfApprovalRefusal(instance, me);
  if (refusal) throw unprocessable(refusal);
  await tx.update(workflowTasks).set({ status: 'Approved', actedBy: me.userId, actedAt: run.now, comment }).where(eq(workflowTasks.id, task.id));
  await record(tx, run, instance, [{ action: 'approved', actor: me.userId, onBehalfOf: actedAs(me, task), stepNo: task.stepNo, comment }]);
  // Another task of the same slot (the escalated one, or the original) has nothing left to do.
  await tx.update(workflowTasks).set({ status: 'Closed' }).where(and(eq(workflowTasks.instanceId, instance.id), eq(workflowTasks.slotId, task.slotId), eq(workflowTasks.status, 'Open')));

  const [step] = await tx.select().from(workflowInstanceSteps).where(and(eq(workflowInstanceSteps.instanceId, instance.id), eq(workflowInstanceSteps.stepNo, task.stepNo))).for('update');
  const tasks = await tx.select({ slotId: workflowTasks.slotId, status: workflowTasks.status }).from(workflowTasks).where(and(eq(workflowTasks.instanceId, instance.id), eq(workflowTasks.stepNo, task.stepNo)));
  const slots = new Set(tasks.map((t) => t.slotId));
  const approvedSlots = new Set(tasks.filter((t) => t.status === 'Approved').map((t) => t.slotId));
  const stepDone = step!.rule === 'Any' || approvedSlots.size === slots.size;
  if (stepDone) {
    await tx.update(workflowTasks).set({ status: 'Closed' }).where(and(eq(workflowTasks.instanceId, instance.id), eq(workflowTasks.stepNo, task.stepNo), eq(workflowTasks.status, 'Open')));
    await tx.update(workflowInstanceSteps).set({ status: 'Approved', finishedAt: run.now }).where(and(eq(workflowInstanceSteps.instanceId, instance.id), eq(workflowInstanceSteps.stepNo, task.stepNo)));
    const adapter = adapterOf(instance.approvalType as ApprovalType);
    const actor = actorFor(me, instance.companyId, true);
    if (step!.operation) await perform(tx, run, adapter, actor, instance, [step!.operation as ApprovalOperation], step!.stepNo);
    const [next] = await tx
      .select()
      .from(workflowInstanceSteps)
      .where(and(eq(workflowInstanceSteps.instanceId, instance.id), eq(workflowInstanceSteps.status, 'Waiting')))
      .orderBy(asc(workflowInstanceSteps.stepNo))
      .limit(1);
    if (next) await openStep(tx, run, instance, next.stepNo, await assigneesOfStep(tx, next));
    else await finish(tx, run, adapter, actor, instance);
  }
  return instanceView(tx, run.tenantId, instance.id);
}

/** Closes every open task and every step not finished of an instance. */
async function closeRest(tx: Tx, instance: InstanceRow, stepStatus: 'Rejected' | 'Cancelled', at: Date, stepNo: number | null): Promise<void> {
  await tx.update(workflowTasks).set({ status: 'Closed' }).where(and(eq(workflowTasks.instanceId, instance.id), eq(workflowTasks.status, 'Open')));
  if (stepNo !== null) {
    await tx.update(workflowInstanceSteps).set({ status: stepStatus, finishedAt: at }).where(and(eq(workflowInstanceSteps.instanceId, instance.id), eq(workflowInstanceSteps.stepNo, stepNo)));
  }
  await tx
    .update(workflowInstanceSteps)
    .set({ status: 'Cancelled', finishedAt: at })
    .where(and(eq(workflowInstanceSteps.instanceId, instance.id), inArray(workflowInstanceSteps.status, ['Waiting', 'Open'])));
}

/** Rejects a task: the approval ends, the document goes back to its draft state; a new submission starts anew. */
export async function reject(tx: Tx, run: Run, me: Me, taskId: string, comment: string): Promise<InstanceView> {
  const { task, instance } = await openTaskOf(tx, run, me, taskId);
  await tx.update(workflowTasks).set({ status: 'Rejected', actedBy: me.userId, actedAt: run.now, comment }).where(eq(workflowTasks.id, task.id));
  await closeRest(tx, instance, 'Rejected', run.now, task.stepNo);
  await tx.update(workflowInstances).set({ status: 'Rejected', currentStep: null, finishedAt: run.now }).where(eq(workflowInstances.id, instance.id));
  await adapterOf(instance.approvalType as ApprovalType).rejected?.(tx, actorFor(me, instance.companyId, true), instance.documentId);
  await record(tx, run, instance, [{ action: 'rejected', actor: me.userId, onBehalfOf: actedAs(me, task), stepNo: task.stepNo, comment }]);
  await notify(tx, run, instance, { event: 'Rejected', recipients: [instance.submittedBy, ...(instance.ownerUserId ? [instance.ownerUserId] : [])], actor: me.userId, comment });
  return instanceView(tx, run.tenantId, instance.id);
}

/** The submitter (or the document's owner) withdraws a running approval. */
export async function cancel(tx: Tx, run: Run, me: Me, instanceId: string): Promise<InstanceView> {
  const instance = await instanceRow(tx, run.tenantId, instanceId, true);
  if (me.userId !== instance.submittedBy && me.userId !== instance.ownerUserId) {
    if (instance.companyId !== me.companyId) throw notFound('Approval');
    throw forbidden('Only the submitter or the owner of the document may cancel its approval');
  }
  if (instance.status !== 'Running') throw conflict(`This approval is already ${instance.status.toLowerCase()}`);
  await closeRest(tx, instance, 'Cancelled', run.now, null);
  await tx.update(workflowInstances).set({ status: 'Cancelled', currentStep: null, finishedAt: run.now }).where(eq(workflowInstances.id, instance.id));
  await record(tx, run, instance, [{ action: 'cancelled', actor: me.userId }]);
  return instanceView(tx, run.tenantId, instance.id);
}
