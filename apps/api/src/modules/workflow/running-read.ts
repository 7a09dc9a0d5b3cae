import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { ApprovalType } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { users } from '../auth/index';
import { currencies } from '../organisation/index';
import { workflowActors, workflows, workflowStepAssignees, workflowSteps, workflowTagMembers } from './workflow.tables';

/*
 * The running engine's own reads of the definitions: the active workflow of a type and company
 * with its steps and assignees, tag members, an actor's delegate on a date, user names.
 */

export type RunStep = typeof workflowSteps.$inferSelect & { assignees: { userId: string | null; tagId: string | null }[] };
export type ActiveWorkflow = typeof workflows.$inferSelect & { steps: RunStep[] };

/** One indexed query (the partial unique index of active workflows): the ledger's gate calls it on every direct post. */
export async function activeWorkflowRow(tx: Tx, tenantId: string, companyId: string, type: ApprovalType) {
  const [row] = await tx
    .select()
    .from(workflows)
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.companyId, companyId), eq(workflows.approvalType, type), eq(workflows.active, true)))
    .limit(1);
  return row;
}

export async function activeWorkflow(tx: Tx, tenantId: string, companyId: string, type: ApprovalType): Promise<ActiveWorkflow | undefined> {
  const row = await activeWorkflowRow(tx, tenantId, companyId, type);
  if (!row) return undefined;
  const steps = await tx.select().from(workflowSteps).where(and(eq(workflowSteps.tenantId, tenantId), eq(workflowSteps.workflowId, row.id))).orderBy(asc(workflowSteps.stepNo));
  const assignees = steps.length === 0 ? [] : await tx
    .select()
    .from(workflowStepAssignees)
    .where(and(eq(workflowStepAssignees.tenantId, tenantId), inArray(workflowStepAssignees.stepId, steps.map((s) => s.id))))
    .orderBy(asc(workflowStepAssignees.position));
  return { ...row, steps: steps.map((s) => ({ ...s, assignees: assignees.filter((a) => a.stepId === s.id).map((a) => ({ userId: a.userId, tagId: a.tagId })) })) };
}

/** Active users of the tags, in a stable order. */
export async function activeTagMembers(tx: Tx, tenantId: string, tagIds: readonly string[]): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const rows = await tx
    .select({ userId: workflowTagMembers.userId })
    .from(workflowTagMembers)
    .innerJoin(users, and(eq(users.tenantId, workflowTagMembers.tenantId), eq(users.userId, workflowTagMembers.userId)))
    .where(and(eq(workflowTagMembers.tenantId, tenantId), inArray(workflowTagMembers.tagId, [...tagIds]), eq(users.status, 'Active')))
    .orderBy(asc(users.name), asc(users.userId));
  return [...new Set(rows.map((r) => r.userId))];
}

/** The user each actor delegates to on `date` (YYYY-MM-DD), when a delegation covers it. */
export async function delegatesOn(tx: Tx, tenantId: string, userIds: readonly string[], date: string): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: workflowActors.userId, delegate: workflowActors.delegateUserId })
    .from(workflowActors)
    .where(and(eq(workflowActors.tenantId, tenantId), inArray(workflowActors.userId, [...userIds]), lte(workflowActors.delegateFrom, date), gte(workflowActors.delegateTo, date)));
  return new Map(rows.filter((r) => r.delegate !== null).map((r) => [r.userId, r.delegate!]));
}

/** The actors who delegate to `userId` on `date`: their tasks are the delegate's too. */
export async function delegatorsOf(tx: Tx, tenantId: string, userId: string, date: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: workflowActors.userId })
    .from(workflowActors)
    .where(and(eq(workflowActors.tenantId, tenantId), eq(workflowActors.delegateUserId, userId), lte(workflowActors.delegateFrom, date), gte(workflowActors.delegateTo, date)));
  return rows.map((r) => r.userId);
}

export type UserName = { id: string; name: string; mailAddress: string };

export async function userNames(tx: Tx, tenantId: string, ids: readonly (string | null | undefined)[]): Promise<Map<string, UserName>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.userId, name: users.name, mailAddress: users.mailAddress }).from(users).where(and(eq(users.tenantId, tenantId), inArray(users.userId, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Decimals of a currency (its minor unit); 2 when the code is unknown. */
export async function scaleOf(tx: Tx, tenantId: string, code: string): Promise<number> {
  const [row] = await tx.select({ minorUnit: currencies.minorUnit }).from(currencies).where(and(eq(currencies.tenantId, tenantId), eq(currencies.code, code)));
  return row?.minorUnit ?? 2;
}

/** The calendar date (UTC) of an instant: delegations run by whole days. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
