import { and, asc, eq } from 'drizzle-orm';
import { approvalLink, approvalLinkTargets, formatMoney, type ApprovalOperation, type ApprovalRule, type ApprovalType, type InboxItem, type InstanceView, type TaskBrief } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { userNames, type UserName } from './running-read';
import { workflowInstances, workflowInstanceSteps, workflowTasks } from './workflow.tables';

export type InstanceRow = typeof workflowInstances.$inferSelect;
export type TaskRow = typeof workflowTasks.$inferSelect;
export type InstanceStepRow = typeof workflowInstanceSteps.$inferSelect;

const ref = (names: Map<string, UserName>, id: string | null) => {
  if (!id) return null;
  return { id, name: names.get(id)?.name ?? 'Unknown user' };
};

export const amountText = (i: InstanceRow) => formatMoney(i.amountMinor, i.amountScale);

/** The document's link (SPEC.md section 2 approval link targets); null for None. */
export function linkOf(type: ApprovalType, documentId: string): { linkTarget: string | null; link: string | null } {
  return { linkTarget: approvalLinkTargets[type], link: approvalLink(type, documentId) };
}

export async function instanceRow(tx: Tx, tenantId: string, id: string, lock = false): Promise<InstanceRow> {
  const q = tx.select().from(workflowInstances).where(and(eq(workflowInstances.tenantId, tenantId), eq(workflowInstances.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Approval');
  return row;
}

function taskBrief(t: TaskRow, names: Map<string, UserName>): TaskBrief {
  return {
    id: t.id, assignee: ref(names, t.assigneeUserId)!, delegate: ref(names, t.delegateUserId), origin: t.origin as TaskBrief['origin'], status: t.status as TaskBrief['status'],
    dueAt: t.dueAt?.toISOString() ?? null, actedBy: ref(names, t.actedBy), actedAt: t.actedAt?.toISOString() ?? null, comment: t.comment,
  };
}

/** One submission with its steps and every task, as the approval screens show it. */
export async function instanceView(tx: Tx, tenantId: string, id: string): Promise<InstanceView> {
  const i = await instanceRow(tx, tenantId, id);
  const steps = await tx.select().from(workflowInstanceSteps).where(and(eq(workflowInstanceSteps.tenantId, tenantId), eq(workflowInstanceSteps.instanceId, id))).orderBy(asc(workflowInstanceSteps.stepNo));
  const tasks = await tx.select().from(workflowTasks).where(and(eq(workflowTasks.tenantId, tenantId), eq(workflowTasks.instanceId, id))).orderBy(asc(workflowTasks.createdAt), asc(workflowTasks.id));
  const names = await userNames(tx, tenantId, [i.submittedBy, ...tasks.flatMap((t) => [t.assigneeUserId, t.delegateUserId, t.actedBy])]);
  return {
    id: i.id, approvalType: i.approvalType as ApprovalType, documentId: i.documentId, documentNumber: i.documentNumber, description: i.description,
    amount: amountText(i), currency: i.currency, workflowId: i.workflowId, workflowName: i.workflowName, status: i.status as InstanceView['status'],
    currentStep: i.currentStep, performed: i.performed as ApprovalOperation[], submittedBy: ref(names, i.submittedBy)!, submittedAt: i.submittedAt.toISOString(),
    finishedAt: i.finishedAt?.toISOString() ?? null,
    steps: steps.map((s) => ({
      stepNo: s.stepNo, name: s.name, operation: s.operation as ApprovalOperation | null, rule: s.rule as ApprovalRule, deadlineHours: s.deadlineHours,
      status: s.status as InstanceView['steps'][number]['status'], tasks: tasks.filter((t) => t.stepNo === s.stepNo).map((t) => taskBrief(t, names)),
    })),
  };
}

export type InboxRow = { task: TaskRow; instance: InstanceRow; step: InstanceStepRow };

/** Inbox rows of one user: `me` holds the task for its assignee when they differ (delegation). */
export async function inboxItems(tx: Tx, tenantId: string, me: string, rows: readonly InboxRow[], now: Date): Promise<InboxItem[]> {
  const names = await userNames(tx, tenantId, rows.flatMap((r) => [r.task.assigneeUserId, r.instance.submittedBy]));
  return rows.map(({ task, instance, step }) => ({
    taskId: task.id, instanceId: instance.id, approvalType: instance.approvalType as ApprovalType, documentId: instance.documentId, documentNumber: instance.documentNumber,
    description: instance.description, amount: amountText(instance), currency: instance.currency, stepNo: step.stepNo, stepName: step.name,
    operation: step.operation as ApprovalOperation | null, status: task.status as InboxItem['status'], origin: task.origin as InboxItem['origin'],
    onBehalfOf: task.assigneeUserId === me ? null : ref(names, task.assigneeUserId), submittedBy: ref(names, instance.submittedBy)!,
    createdAt: task.createdAt.toISOString(), ageHours: Math.max(0, Math.floor((now.getTime() - task.createdAt.getTime()) / 3_600_000)),
    dueAt: task.dueAt?.toISOString() ?? null, overdue: task.status === 'Open' && task.dueAt !== null && task.dueAt.getTime() < now.getTime(),
    ...linkOf(instance.approvalType as ApprovalType, instance.documentId),
  }));
}
