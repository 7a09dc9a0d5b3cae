import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ApprovalType, EscalationAction, EscalationRuleView, escalationRuleInputSchema } from '@erp/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/client';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import { assigneeViews, checkAssignees, toStoredAssignee } from './definition-refs';
import { escalationRules, workflowSteps, workflows } from './workflow.tables';

/*
 * Escalation rules (/escalation): what happens when a task of a workflow's step passes its
 * deadline. They belong to a workflow (its company, its page and labels); a rule naming no step
 * acts on every step of the workflow that has a deadline.
 */

export type EscalationRuleData = z.output<typeof escalationRuleInputSchema>;
export type EscalationListQuery = { workflowId?: string; limit: number; page: number };

const ruleColumns = {
  rule: escalationRules,
  workflowName: workflows.name,
  approvalType: workflows.approvalType,
  stepName: workflowSteps.name,
};
type RuleJoin = { rule: typeof escalationRules.$inferSelect; workflowName: string; approvalType: string; stepName: string | null };

function selectRules(tx: Tx, where: SQL | undefined) {
  return tx
    .select(ruleColumns)
    .from(escalationRules)
    .innerJoin(workflows, eq(workflows.id, escalationRules.workflowId))
    .leftJoin(workflowSteps, eq(workflowSteps.id, escalationRules.stepId))
    .where(where);
}

async function toViews(tx: Tx, rows: readonly RuleJoin[]): Promise<EscalationRuleView[]> {
  const targets = await assigneeViews(tx, rows.map(({ rule }) => ({ userId: rule.targetUserId, tagId: rule.targetTagId })));
  return rows.map(({ rule: r, workflowName, approvalType, stepName }, i) => ({
    id: r.id, workflowId: r.workflowId, workflowName, approvalType: approvalType as ApprovalType, stepId: r.stepId, stepName,
    action: r.action as EscalationAction, target: r.targetUserId || r.targetTagId ? targets[i]! : null,
    afterHours: r.afterHours, repeatEveryHours: r.repeatEveryHours, maxTimes: r.maxTimes, active: r.active,
    createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function getEscalationRule(tx: Tx, scope: KitScope, id: string): Promise<EscalationRuleView> {
  const rows = await selectRules(tx, and(eq(escalationRules.id, id), eq(escalationRules.companyId, scope.companyId)));
  if (!rows[0]) throw notFound('Escalation rule');
  return (await toViews(tx, rows))[0]!;
}

/** The workflow is the company's; the step (if named) is one of its steps with a deadline, or (if none) some step has one. */
async function checkRule(tx: Tx, scope: KitScope, input: EscalationRuleData): Promise<void> {
  const [workflow] = await tx.select({ id: workflows.id, name: workflows.name }).from(workflows).where(and(eq(workflows.id, input.workflowId), eq(workflows.companyId, scope.companyId)));
  if (!workflow) throw notFound('Workflow');
  const steps = await tx.select({ id: workflowSteps.id, stepNo: workflowSteps.stepNo, name: workflowSteps.name, deadlineHours: workflowSteps.deadlineHours }).from(workflowSteps).where(eq(workflowSteps.workflowId, workflow.id));
  if (input.stepId !== null) {
    const step = steps.find((s) => s.id === input.stepId);
    if (!step) throw unprocessable(`The step is not a step of workflow ${workflow.name}`);
    if (step.deadlineHours === null) throw unprocessable(`Step ${step.stepNo} (${step.name}) has no deadline: give it one so the rule has something to act on`);
  } else if (steps.every((s) => s.deadlineHours === null)) {
    throw unprocessable(`No step of workflow ${workflow.name} has a deadline: give one a deadline so the rule has something to act on`);
  }
  if (input.target) await checkAssignees(tx, [input.target], 'The escalation target');
}

function storedColumns(input: EscalationRuleData) {
  const target = input.target ? toStoredAssignee(input.target) : { userId: null, tagId: null };
  return {
    workflowId: input.workflowId, stepId: input.stepId, action: input.action, targetUserId: target.userId, targetTagId: target.tagId,
    afterHours: input.afterHours, repeatEveryHours: input.repeatEveryHours, maxTimes: input.maxTimes, active: input.active,
  };
}

export async function createEscalationRule(tx: Tx, scope: KitScope, input: EscalationRuleData): Promise<EscalationRuleView> {
  await checkRule(tx, scope, input);
  const [row] = await tx.insert(escalationRules).values({ tenantId: scope.tenantId, companyId: scope.companyId, ...storedColumns(input) }).returning({ id: escalationRules.id });
  const after = await getEscalationRule(tx, scope, row!.id);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'escalationRule', recordId: row!.id, action: 'create', after }]);
  return after;
}

export async function editEscalationRule(tx: Tx, scope: KitScope, id: string, input: EscalationRuleData): Promise<EscalationRuleView> {
  const before = await getEscalationRule(tx, scope, id);
  await checkRule(tx, scope, input);
  await tx.update(escalationRules).set({ ...storedColumns(input), updatedAt: sql`now()` }).where(eq(escalationRules.id, id));
  const after = await getEscalationRule(tx, scope, id);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'escalationRule', recordId: id, action: 'edit', before, after }]);
  return after;
}

export async function deleteEscalationRule(tx: Tx, scope: KitScope, id: string): Promise<void> {
  const before = await getEscalationRule(tx, scope, id);
  await tx.delete(escalationRules).where(eq(escalationRules.id, id));
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'escalationRule', recordId: id, action: 'delete', before }]);
}

/** The company's rules (of one workflow, if named), by workflow, then step order. */
export async function listEscalationRules(tx: Tx, scope: KitScope, q: EscalationListQuery): Promise<{ items: EscalationRuleView[]; total: number }> {
  const where = and(eq(escalationRules.companyId, scope.companyId), q.workflowId ? eq(escalationRules.workflowId, q.workflowId) : undefined);
  const rows = await selectRules(tx, where)
    .orderBy(asc(workflows.name), asc(workflowSteps.stepNo), asc(escalationRules.createdAt), asc(escalationRules.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(escalationRules).where(where);
  return { items: await toViews(tx, rows), total: total?.n ?? 0 };
}
