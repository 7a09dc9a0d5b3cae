import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ApprovalType, WorkflowListItem, WorkflowView, workflowInputSchema, workflowListQuerySchema } from '@erp/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/client';
import { containsPattern } from '../../platform/db/search';
import { conflict, notFound, unprocessable } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import { completionOf } from './approval-registry';
import { baseCurrencyOf } from './definition-refs';
import { loadSteps, planSteps, rulesForAnyStep, stepViews, writeSteps } from './workflow-steps';
import { workflowInstances, workflowSteps, workflows } from './workflow.tables';

/*
 * Workflows (/workflow): one per approval type and company may be active; each has ordered steps.
 * Every write is audited with the workflow as it was and as it became.
 */

export type WorkflowData = z.output<typeof workflowInputSchema>;
export type WorkflowListFilter = z.output<typeof workflowListQuerySchema>;
type WorkflowRow = typeof workflows.$inferSelect;

async function loadRow(tx: Tx, scope: KitScope, id: string, lock = false): Promise<WorkflowRow> {
  const q = tx.select().from(workflows).where(and(eq(workflows.id, id), eq(workflows.companyId, scope.companyId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Workflow');
  return row;
}

async function toView(tx: Tx, row: WorkflowRow): Promise<WorkflowView> {
  const currency = await baseCurrencyOf(tx, row.companyId);
  const steps = (await loadSteps(tx, [row.id])).get(row.id) ?? [];
  return {
    id: row.id, approvalType: row.approvalType as ApprovalType, name: row.name, description: row.description, active: row.active, allowSelfApproval: row.allowSelfApproval,
    currency: currency.code, steps: await stepViews(tx, steps, currency.scale), completion: [...completionOf(row.approvalType as ApprovalType)],
    createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getWorkflow(tx: Tx, scope: KitScope, id: string): Promise<WorkflowView> {
  return toView(tx, await loadRow(tx, scope, id));
}

/** One active workflow per approval type and company: a second one is refused, naming the first. */
async function refuseSecondActive(tx: Tx, scope: KitScope, input: WorkflowData, exceptId?: string): Promise<void> {
  if (!input.active) return;
  const conditions = [eq(workflows.companyId, scope.companyId), eq(workflows.approvalType, input.approvalType), eq(workflows.active, true)];
  if (exceptId) conditions.push(ne(workflows.id, exceptId));
  const [other] = await tx.select({ name: workflows.name }).from(workflows).where(and(...conditions));
  if (other) throw conflict(`Workflow ${other.name} is already active for ${input.approvalType} in this company: deactivate it first, or save this one inactive`);
}

function refuseNone(input: WorkflowData): void {
  if (input.approvalType === 'None') throw unprocessable('Approval type None needs no approval: it takes no workflow');
}

export async function createWorkflow(tx: Tx, scope: KitScope, input: WorkflowData): Promise<WorkflowView> {
  refuseNone(input);
  await refuseSecondActive(tx, scope, input);
  const plans = await planSteps(tx, input.approvalType, input.steps, await baseCurrencyOf(tx, scope.companyId), null);
  const [row] = await tx
    .insert(workflows)
    .values({ tenantId: scope.tenantId, companyId: scope.companyId, approvalType: input.approvalType, name: input.name, description: input.description, active: input.active, allowSelfApproval: input.allowSelfApproval, createdBy: scope.userId })
    .returning();
  await writeSteps(tx, scope.tenantId, row!.id, plans);
  const after = await toView(tx, row!);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'workflow', recordId: row!.id, action: 'create', after }]);
  return after;
}

/** Replaces the header and steps; steps the input names by id keep their identity and escalation rules. */
export async function editWorkflow(tx: Tx, scope: KitScope, id: string, input: WorkflowData): Promise<WorkflowView> {
  refuseNone(input);
  const row = await loadRow(tx, scope, id, true);
  const before = await toView(tx, row);
  await refuseSecondActive(tx, scope, input, id);
  const known = new Set(before.steps.map((s) => s.id));
  const plans = await planSteps(tx, input.approvalType, input.steps, await baseCurrencyOf(tx, scope.companyId), known);
  if (plans.every((p) => p.deadlineHours === null) && (await rulesForAnyStep(tx, id)) > 0) {
    throw unprocessable('Escalation rules of this workflow act on every step with a deadline: keep at least one deadline, or delete those rules first');
  }
  const [updated] = await tx
    .update(workflows)
    .set({ approvalType: input.approvalType, name: input.name, description: input.description, active: input.active, allowSelfApproval: input.allowSelfApproval, updatedAt: sql`now()` })
    .where(eq(workflows.id, id))
    .returning();
  await writeSteps(tx, scope.tenantId, id, plans);
  const after = await toView(tx, updated!);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'workflow', recordId: id, action: 'edit', before, after }]);
  return after;
}

async function runningCounts(tx: Tx, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: workflowInstances.workflowId, n: count() })
    .from(workflowInstances)
    .where(and(inArray(workflowInstances.workflowId, [...ids]), eq(workflowInstances.status, 'Running')))
    .groupBy(workflowInstances.workflowId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

/** A workflow a submission still runs on stays (the instance keeps its own snapshot, but its history names it): deactivate it instead. */
export async function deleteWorkflow(tx: Tx, scope: KitScope, id: string): Promise<void> {
  const row = await loadRow(tx, scope, id, true);
  const running = (await runningCounts(tx, [id])).get(id) ?? 0;
  if (running > 0) {
    const what = running === 1 ? 'a submission is' : `${running} submissions are`;
    throw conflict(`Workflow ${row.name} cannot be deleted while ${what} under way on it: deactivate it instead`);
  }
  const before = await toView(tx, row);
  await tx.delete(workflows).where(eq(workflows.id, id));
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'workflow', recordId: id, action: 'delete', before }]);
}

function listWhere(scope: KitScope, q: WorkflowListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(workflows.companyId, scope.companyId)];
  if (q.approvalType) conditions.push(eq(workflows.approvalType, q.approvalType));
  if (q.active) conditions.push(eq(workflows.active, q.active === 'true'));
  if (q.search?.trim()) {
    const p = containsPattern(q.search.trim());
    conditions.push(or(ilike(workflows.name, p), ilike(workflows.description, p), ilike(workflows.approvalType, p)));
  }
  return and(...conditions);
}

/** The sort key's column first (descending with a leading '-'), then approval type and name, then id: a stable order for pages. */
function listOrder(sort: WorkflowListFilter['sort']): SQL[] {
  const columns = { approvalType: workflows.approvalType, name: workflows.name, active: workflows.active, updatedAt: workflows.updatedAt } as const;
  const spec = sort ?? 'approvalType';
  const column = columns[spec.replace(/^-/, '') as keyof typeof columns];
  return [spec.startsWith('-') ? desc(column) : asc(column), asc(workflows.approvalType), asc(workflows.name), asc(workflows.id)];
}

/** The company's workflows (by approval type and name unless sorted otherwise), a page at a time. */
export async function listWorkflows(tx: Tx, scope: KitScope, q: WorkflowListFilter): Promise<{ items: WorkflowListItem[]; total: number }> {
  const where = listWhere(scope, q);
  const rows = await tx.select().from(workflows).where(where).orderBy(...listOrder(q.sort)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(workflows).where(where);
  const ids = rows.map((r) => r.id);
  const stepRows = ids.length === 0 ? [] : await tx.select({ id: workflowSteps.workflowId, n: count() }).from(workflowSteps).where(inArray(workflowSteps.workflowId, ids)).groupBy(workflowSteps.workflowId);
  const steps = new Map(stepRows.map((r) => [r.id, r.n]));
  const running = await runningCounts(tx, ids);
  return {
    items: rows.map((r) => ({
      id: r.id, approvalType: r.approvalType as ApprovalType, name: r.name, description: r.description, active: r.active, allowSelfApproval: r.allowSelfApproval,
      stepCount: steps.get(r.id) ?? 0, runningCount: running.get(r.id) ?? 0, updatedAt: r.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
