import { sql, type SQL } from 'drizzle-orm';
import { parseMoney, type ApprovalType, type InstanceView, type SubmissionInput } from '@erp/contracts';
import { rowsOf, type Tx } from '../../platform/db/client';
import { userContext, withTenant } from '../../platform/db/tenancy';
import type { Platform } from '../../platform/platform';
import { deliverMails, newRun } from './running-record';
import { submit, type Me } from './running.service';
import { workflowInstances, workflowTasks, workflows } from './workflow.tables';
import { baseCurrencyOf } from './definition-refs';
import { activeWorkflow, dayOf, delegatorsOf } from './running-read';
import { stepApplies } from './workflow-steps';

/*
 * What a document's module asks the engine: does an active workflow govern its documents (its
 * direct operations are then refused), is this document under approval (it may not change), and
 * the submission of a document from the module's own route.
 */

export type ApprovalGate = { workflowActive: boolean; underApproval: boolean; instanceId: string | null };

/**
 * One statement on two indexes (the partial unique index of active workflows, the partial unique
 * index of running instances); it runs on every direct post, so it is kept to one round trip. It
 * also names the running instance (at most one per document), for the screens that offer to cancel it.
 */
export async function approvalGate(tx: Tx, scope: { tenantId: string; companyId: string }, type: ApprovalType, documentId?: string): Promise<ApprovalGate> {
  const running = documentId
    ? sql`(select i.id::text from ${workflowInstances} i where i.tenant_id = ${scope.tenantId} and i.approval_type = ${type} and i.document_id = ${documentId} and i.status = 'Running' limit 1)`
    : sql`null::text`;
  const [row] = rowsOf<{ active: boolean; running: string | null }>(
    await tx.execute(sql`select ${workflowActiveSql(scope, type)} as active, ${running} as running`),
  );
  const instanceId = row?.running ?? null;
  return { workflowActive: row?.active === true, underApproval: instanceId !== null, instanceId };
}

/**
 * "An active workflow governs this company's documents of this type" as a boolean SQL expression,
 * for a module that asks it inside a read of its own (one round trip fewer on a hot path).
 */
export function workflowActiveSql(scope: { tenantId: string; companyId: string }, type: ApprovalType): SQL {
  return sql`exists (select 1 from ${workflows} w where w.tenant_id = ${scope.tenantId} and w.company_id = ${scope.companyId} and w.approval_type = ${type} and w.active)`;
}

/**
 * Whether a step of the company's active workflow of a type applies to a document of an amount in
 * base currency (a decimal string): false when submitting it would perform its operations at once
 * ("No approval needed"), so the editor can say so on its button before the user submits.
 */
export async function stepsApplyTo(tx: Tx, scope: { tenantId: string; companyId: string }, type: ApprovalType, amount: string): Promise<boolean> {
  const workflow = await activeWorkflow(tx, scope.tenantId, scope.companyId, type);
  if (!workflow) return false;
  const { scale } = await baseCurrencyOf(tx, scope.companyId);
  // The editor's amount is at the currency's scale or finer: the thresholds compare whole minor units.
  const [whole, fraction = ''] = amount.split('.');
  const amountMinor = parseMoney(fraction ? `${whole}.${fraction.slice(0, scale)}` : whole!, scale);
  return workflow.steps.some((s) => stepApplies(s, amountMinor));
}

/**
 * Whether a user holds an open task of the running approval of a document (its assignee, its
 * delegate, or today's delegate of its assignee): the approver who may act on the document while
 * the task is open with the workflow's authority (a fund transfer's Divide).
 */
export async function holdsOpenTask(tx: Tx, scope: { tenantId: string; userId: string }, type: ApprovalType, documentId: string, now = new Date()): Promise<boolean> {
  const delegators = await delegatorsOf(tx, scope.tenantId, scope.userId, dayOf(now));
  const holders = [scope.userId, ...delegators];
  const [row] = rowsOf<{ held: boolean }>(
    await tx.execute(sql`select exists (
      select 1 from ${workflowTasks} t join ${workflowInstances} i on i.tenant_id = t.tenant_id and i.id = t.instance_id
      where t.tenant_id = ${scope.tenantId} and i.approval_type = ${type} and i.document_id = ${documentId} and i.status = 'Running' and t.status = 'Open'
        and (t.assignee_user_id in (${sql.join(holders.map((h) => sql`${h}::uuid`), sql`, `)}) or t.delegate_user_id = ${scope.userId}::uuid)
    ) as held`),
  );
  return row?.held === true;
}

/** Submits a document in its own transaction and delivers the mails once it has committed. */
export async function submitDocument(platform: Platform, me: Me, input: SubmissionInput): Promise<InstanceView> {
  const run = newRun(platform, me.tenantId);
  const view = await withTenant(platform.database.db, userContext(me), (tx) => submit(tx, run, me, input));
  await deliverMails(run);
  return view;
}
