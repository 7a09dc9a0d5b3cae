import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { withSystem, withTenant } from '../../platform/db/tenancy';
import { tenantHosts } from '../../platform/db/tenancy.tables';
import type { Platform } from '../../platform/platform';
import { tenants } from '../organisation/index';
import { activeTagMembers } from './running-read';
import { deliverMails, newRun, notify, record, type Run } from './running-record';
import { createTasks } from './running.service';
import { users } from '../auth/index';
import { escalationRules, escalationRuns, workflowInstances, workflowInstanceSteps, workflowTasks } from './workflow.tables';

/*
 * The escalation job: every open task past its step's deadline meets the escalation rules of its
 * workflow (the rules of its step, and those naming no step). Escalate gives the rule's user or
 * tag a task in the same slot (either settles it); Remind sends the assignee a reminder. Each
 * action is claimed in workflow_escalation_runs first (task, rule, run number): a second run of
 * the job at the same time finds every action claimed and does nothing.
 */

export const ESCALATION_JOB = 'workflow.escalations';
/** Every five minutes (UTC): an overdue task waits at most that long for its escalation. */
export const ESCALATION_JOB_CRON = '*/5 * * * *';
const HOUR_MS = 3_600_000;

export type EscalationSummary = { tenants: number; escalated: number; reminded: number };
type Rule = typeof escalationRules.$inferSelect;

/** How many actions a rule owes a task by `now`: the first at deadline + afterHours, then every repeatEveryHours, at most maxTimes. */
export function actionsDue(rule: Pick<Rule, 'afterHours' | 'repeatEveryHours' | 'maxTimes'>, dueAt: Date, now: Date): number {
  const first = dueAt.getTime() + rule.afterHours * HOUR_MS;
  if (now.getTime() < first) return 0;
  const repeats = rule.repeatEveryHours ? Math.floor((now.getTime() - first) / (rule.repeatEveryHours * HOUR_MS)) : 0;
  return Math.min(rule.maxTimes, 1 + repeats);
}

async function targetsOf(tx: Tx, tenantId: string, rule: Rule): Promise<string[]> {
  if (rule.targetTagId) return activeTagMembers(tx, tenantId, [rule.targetTagId]);
  if (!rule.targetUserId) return [];
  const [user] = await tx.select({ id: users.userId }).from(users).where(and(eq(users.userId, rule.targetUserId), eq(users.status, 'Active')));
  return user ? [user.id] : [];
}

/** One tenant's overdue tasks, in one transaction. */
async function escalateTenant(tx: Tx, run: Run): Promise<Omit<EscalationSummary, 'tenants'>> {
  const done = { escalated: 0, reminded: 0 };
  const overdue = await tx
    .select({ task: workflowTasks, instance: workflowInstances, stepId: workflowInstanceSteps.stepId })
    .from(workflowTasks)
    .innerJoin(workflowInstances, and(eq(workflowInstances.tenantId, workflowTasks.tenantId), eq(workflowInstances.id, workflowTasks.instanceId)))
    .innerJoin(workflowInstanceSteps, and(eq(workflowInstanceSteps.tenantId, workflowTasks.tenantId), eq(workflowInstanceSteps.instanceId, workflowTasks.instanceId), eq(workflowInstanceSteps.stepNo, workflowTasks.stepNo)))
    .where(and(eq(workflowTasks.status, 'Open'), eq(workflowTasks.origin, 'Assigned'), isNotNull(workflowTasks.dueAt), lte(workflowTasks.dueAt, run.now), eq(workflowInstances.status, 'Running'), isNotNull(workflowInstances.workflowId)));
  if (overdue.length === 0) return done;
  const workflowIds = [...new Set(overdue.map((o) => o.instance.workflowId!))];
  const rules = await tx.select().from(escalationRules).where(and(inArray(escalationRules.workflowId, workflowIds), eq(escalationRules.active, true)));
  for (const { task: seen, instance: listed, stepId } of overdue) {
    // The instance first, then the task (the order approvals take): an approval that settled the task meanwhile wins.
    const [instance] = await tx.select().from(workflowInstances).where(eq(workflowInstances.id, listed.id)).for('update');
    const [task] = await tx.select().from(workflowTasks).where(eq(workflowTasks.id, seen.id)).for('update');
    if (instance?.status !== 'Running' || task?.status !== 'Open') continue;
    const applicable = rules.filter((r) => r.workflowId === instance.workflowId && (r.stepId === null || r.stepId === stepId));
    for (const rule of applicable) {
      const due = actionsDue(rule, task.dueAt!, run.now);
      for (let runNo = 1; runNo <= due; runNo++) {
        const claimed = await tx.insert(escalationRuns).values({ tenantId: run.tenantId, taskId: task.id, ruleId: rule.id, runNo, at: run.now }).onConflictDoNothing().returning({ runNo: escalationRuns.runNo });
        if (claimed.length === 0) continue;
        if (rule.action === 'Remind') {
          await record(tx, run, instance, [{ action: 'reminded', actor: null, target: task.assigneeUserId, stepNo: task.stepNo }]);
          await notify(tx, run, instance, { event: 'TaskAssigned', recipients: [task.assigneeUserId, ...(task.delegateUserId ? [task.delegateUserId] : [])], actor: instance.submittedBy, titlePrefix: 'Reminder: ' });
          done.reminded++;
          continue;
        }
        const already = (await tx.select({ id: workflowTasks.assigneeUserId }).from(workflowTasks).where(and(eq(workflowTasks.instanceId, instance.id), eq(workflowTasks.slotId, task.slotId)))).map((r) => r.id);
        const targets = (await targetsOf(tx, run.tenantId, rule)).filter((id) => !already.includes(id));
        const created = await createTasks(tx, run, instance, task.stepNo, targets, 'Escalated', null, task.slotId);
        await record(tx, run, instance, created.map((c) => ({ action: 'escalated' as const, actor: null, onBehalfOf: task.assigneeUserId, target: c.assigneeUserId, stepNo: task.stepNo })));
        await notify(tx, run, instance, { event: 'Escalated', recipients: created.flatMap((c) => [c.assigneeUserId, ...(c.delegateUserId ? [c.delegateUserId] : [])]), actor: task.assigneeUserId });
        done.escalated += created.length;
      }
    }
  }
  return done;
}

/**
 * The work of the job `workflow.escalations` at `asOf`: every active tenant, each in its own
 * transaction (a tenant failing is logged; the others go on and the job then fails).
 */
export async function runEscalations(platform: Platform, asOf: Date): Promise<EscalationSummary> {
  const tenantIds = (await withSystem(platform.database.db, (tx) => tx.selectDistinct({ id: tenantHosts.tenantId }).from(tenantHosts))).map((r) => r.id);
  const summary: EscalationSummary = { tenants: 0, escalated: 0, reminded: 0 };
  let broken = 0;
  for (const tenantId of tenantIds) {
    const run: Run = { ...newRun(platform, tenantId), now: asOf };
    try {
      // A job for the whole tenant: every company's running approvals.
      const done = await withTenant(platform.database.db, { tenantId, companies: 'all' }, async (tx) => {
        const [tenant] = await tx.select({ status: tenants.status }).from(tenants).where(eq(tenants.tenantId, tenantId));
        if (tenant?.status !== 'Active') return { escalated: 0, reminded: 0 };
        return escalateTenant(tx, run);
      });
      if (done.escalated + done.reminded > 0) summary.tenants++;
      summary.escalated += done.escalated;
      summary.reminded += done.reminded;
      await deliverMails(run);
    } catch (e) {
      broken++;
      platform.log.error({ err: e, tenantId }, 'workflow escalations could not be run');
    }
  }
  if (broken > 0) throw new Error(`Escalations of ${broken} tenant(s) could not be run`);
  return summary;
}
