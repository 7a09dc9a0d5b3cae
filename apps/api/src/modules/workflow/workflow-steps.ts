import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { formatMoney, parseMoney, type ApprovalOperation, type ApprovalRule, type ApprovalType, type WorkflowStepView, type workflowStepInputSchema } from '@erp/contracts';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { badRequest, unprocessable } from '../../platform/http/errors';
import { completionOf } from './approval-registry';
import { assigneeViews, checkAssignees, toStoredAssignee, type StoredAssignee } from './definition-refs';
import { escalationRules, workflowStepAssignees, workflowSteps } from './workflow.tables';

/*
 * A workflow's ordered steps: checked input to stored rows and back. Thresholds are exact decimals
 * of the company's base currency, stored as bigint minor units; a step keeps its id (and with it
 * its escalation rules) when the edited input names it.
 */

export type StepInput = z.output<typeof workflowStepInputSchema>;

/** A step as stored, with its assignees in order. */
export type StoredStep = {
  id: string;
  stepNo: number;
  name: string;
  operation: ApprovalOperation | null;
  rule: ApprovalRule;
  minAmountMinor: bigint | null;
  maxAmountMinor: bigint | null;
  deadlineHours: number | null;
  assignees: StoredAssignee[];
};

type StepPlan = Omit<StoredStep, 'id'> & { id: string | null };

function thresholdMinor(text: string | null, scale: number, currency: string, where: string): bigint | null {
  if (text === null) return null;
  try {
    return parseMoney(text, scale);
  } catch {
    throw badRequest(`${where}: ${text} has more decimals than ${currency} has (${scale})`);
  }
}

/** Each step's operation must be one the type's approval performs, each once, in the type's order. */
function checkOperations(type: ApprovalType, steps: readonly StepInput[]): void {
  const completion = completionOf(type);
  let last = -1;
  steps.forEach((s, i) => {
    if (s.operation === null) return;
    const at = completion.indexOf(s.operation);
    if (at < 0) throw unprocessable(`Step ${i + 1}: an approval of ${type} performs ${completion.join(', ')}, not ${s.operation}`);
    if (at <= last) throw unprocessable(`Step ${i + 1}: ${s.operation} must come before ${completion[last]} and only once (the order is ${completion.join(', ')})`);
    last = at;
  });
}

/** Checks the input steps; `known`: the ids of the edited workflow's steps (null for a new workflow, whose ids are ignored). */
export async function planSteps(tx: Tx, type: ApprovalType, steps: readonly StepInput[], currency: { code: string; scale: number }, known: ReadonlySet<string> | null): Promise<StepPlan[]> {
  checkOperations(type, steps);
  const ids = new Set<string>();
  const plans: StepPlan[] = [];
  for (const [i, s] of steps.entries()) {
    const where = `Step ${i + 1}`;
    const id = known && s.id ? s.id : null;
    if (id && !known!.has(id)) throw unprocessable(`${where}: the step id is not a step of this workflow`);
    if (id && ids.has(id)) throw unprocessable(`${where}: the step id is given twice`);
    if (id) ids.add(id);
    const minAmountMinor = thresholdMinor(s.minAmount, currency.scale, currency.code, `${where} minimum amount`);
    const maxAmountMinor = thresholdMinor(s.maxAmount, currency.scale, currency.code, `${where} maximum amount`);
    if (minAmountMinor !== null && maxAmountMinor !== null && minAmountMinor > maxAmountMinor) throw unprocessable(`${where}: the minimum amount is above the maximum`);
    await checkAssignees(tx, s.assignees, where);
    plans.push({ id, stepNo: i + 1, name: s.name, operation: s.operation, rule: s.rule, minAmountMinor, maxAmountMinor, deadlineHours: s.deadlineHours, assignees: s.assignees.map(toStoredAssignee) });
  }
  return plans;
}

/** A kept step whose deadline goes away would leave its escalation rules with nothing to act on. */
async function refuseDeadlineRemoval(tx: Tx, plans: readonly StepPlan[]): Promise<void> {
  const undated = plans.filter((p) => p.id !== null && p.deadlineHours === null);
  if (undated.length === 0) return;
  const [rule] = await tx.select({ stepId: escalationRules.stepId }).from(escalationRules).where(inArray(escalationRules.stepId, undated.map((p) => p.id!))).limit(1);
  if (!rule) return;
  const step = undated.find((p) => p.id === rule.stepId)!;
  throw unprocessable(`Step ${step.stepNo} (${step.name}) has escalation rules: keep its deadline, or delete those rules first`);
}

const stepColumns = (p: StepPlan) => ({
  stepNo: p.stepNo, name: p.name, operation: p.operation, rule: p.rule, minAmountMinor: p.minAmountMinor, maxAmountMinor: p.maxAmountMinor, deadlineHours: p.deadlineHours,
});

/** Writes the planned steps of a workflow: removes the steps the plan drops, updates kept ones, inserts new ones. */
export async function writeSteps(tx: Tx, tenantId: string, workflowId: string, plans: readonly StepPlan[]): Promise<void> {
  await refuseDeadlineRemoval(tx, plans);
  const kept = plans.flatMap((p) => (p.id ? [p.id] : []));
  const dropped = and(eq(workflowSteps.workflowId, workflowId), kept.length > 0 ? notInArray(workflowSteps.id, kept) : undefined);
  await tx.delete(workflowSteps).where(dropped);
  for (const p of plans) {
    let stepId = p.id;
    if (stepId) {
      await tx.update(workflowSteps).set(stepColumns(p)).where(eq(workflowSteps.id, stepId));
      await tx.delete(workflowStepAssignees).where(eq(workflowStepAssignees.stepId, stepId));
    } else {
      const [row] = await tx.insert(workflowSteps).values({ tenantId, workflowId, ...stepColumns(p) }).returning({ id: workflowSteps.id });
      stepId = row!.id;
    }
    await tx.insert(workflowStepAssignees).values(p.assignees.map((a, i) => ({ tenantId, stepId: stepId!, position: i + 1, ...a })));
  }
}

/** The stored steps of some workflows, in order, keyed by workflow. */
export async function loadSteps(tx: Tx, workflowIds: readonly string[]): Promise<Map<string, StoredStep[]>> {
  const bySteps = new Map<string, StoredStep[]>();
  if (workflowIds.length === 0) return bySteps;
  const rows = await tx.select().from(workflowSteps).where(inArray(workflowSteps.workflowId, [...workflowIds])).orderBy(asc(workflowSteps.workflowId), asc(workflowSteps.stepNo));
  const assignees = rows.length === 0 ? [] : await tx.select().from(workflowStepAssignees).where(inArray(workflowStepAssignees.stepId, rows.map((r) => r.id))).orderBy(asc(workflowStepAssignees.position));
  for (const r of rows) {
    const step: StoredStep = {
      id: r.id, stepNo: r.stepNo, name: r.name, operation: r.operation as ApprovalOperation | null, rule: r.rule as ApprovalRule,
      minAmountMinor: r.minAmountMinor, maxAmountMinor: r.maxAmountMinor, deadlineHours: r.deadlineHours,
      assignees: assignees.filter((a) => a.stepId === r.id).map((a) => ({ userId: a.userId, tagId: a.tagId })),
    };
    bySteps.set(r.workflowId, [...(bySteps.get(r.workflowId) ?? []), step]);
  }
  return bySteps;
}

export async function stepViews(tx: Tx, steps: readonly StoredStep[], scale: number): Promise<WorkflowStepView[]> {
  const amount = (v: bigint | null) => (v === null ? null : formatMoney(v, scale));
  return Promise.all(
    steps.map(async (s) => ({
      id: s.id, stepNo: s.stepNo, name: s.name, operation: s.operation, rule: s.rule,
      minAmount: amount(s.minAmountMinor), maxAmount: amount(s.maxAmountMinor), deadlineHours: s.deadlineHours,
      assignees: await assigneeViews(tx, s.assignees),
    })),
  );
}

/** Does a step apply to a document of this amount (minor units of the base currency)? Bounds are inclusive. */
export function stepApplies(step: Pick<StoredStep, 'minAmountMinor' | 'maxAmountMinor'>, amountMinor: bigint): boolean {
  if (step.minAmountMinor !== null && amountMinor < step.minAmountMinor) return false;
  if (step.maxAmountMinor !== null && amountMinor > step.maxAmountMinor) return false;
  return true;
}

/** Escalation rules that name no step (every step with a deadline) need at least one such step. */
export async function rulesForAnyStep(tx: Tx, workflowId: string): Promise<number> {
  const rows = await tx.select({ id: escalationRules.id }).from(escalationRules).where(and(eq(escalationRules.workflowId, workflowId), isNull(escalationRules.stepId)));
  return rows.length;
}
