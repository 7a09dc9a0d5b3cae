import { sql } from 'drizzle-orm';
import type { ApprovalType, InstanceView, SubmissionInput } from '@erp/contracts';
import { rowsOf, type Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenancy';
import type { Platform } from '../../platform/platform';
import { deliverMails, newRun } from './running-record';
import { submit, type Me } from './running.service';
import { workflowInstances, workflows } from './workflow.tables';

/*
 * What a document's module asks the engine: does an active workflow govern its documents (its
 * direct operations are then refused), is this document under approval (it may not change), and
 * the submission of a document from the module's own route.
 */

export type ApprovalGate = { workflowActive: boolean; underApproval: boolean };

/**
 * One statement on two indexes (the partial unique index of active workflows, the partial unique
 * index of running instances); it runs on every direct post, so it is kept to one round trip.
 */
export async function approvalGate(tx: Tx, scope: { tenantId: string; companyId: string }, type: ApprovalType, documentId?: string): Promise<ApprovalGate> {
  const running = documentId
    ? sql`exists (select 1 from ${workflowInstances} i where i.tenant_id = ${scope.tenantId} and i.approval_type = ${type} and i.document_id = ${documentId} and i.status = 'Running')`
    : sql`false`;
  const [row] = rowsOf<{ active: boolean; running: boolean }>(
    await tx.execute(sql`select exists (select 1 from ${workflows} w where w.tenant_id = ${scope.tenantId} and w.company_id = ${scope.companyId} and w.approval_type = ${type} and w.active) as active, ${running} as running`),
  );
  return { workflowActive: row?.active === true, underApproval: row?.running === true };
}

/** Submits a document in its own transaction and delivers the mails once it has committed. */
export async function submitDocument(platform: Platform, me: Me, input: SubmissionInput): Promise<InstanceView> {
  const run = newRun(platform, me.tenantId);
  const view = await withTenant(platform.database.db, { tenantId: me.tenantId, userId: me.userId }, (tx) => submit(tx, run, me, input));
  await deliverMails(run);
  return view;
}
