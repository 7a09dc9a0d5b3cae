import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import { forbidden, notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { companies } from '../../organisation/index';
import { approvalGate, type ApprovalActor, type ApprovalAdapter } from '../../workflow/index';
import { accountingPeriods } from './periods.tables';
import { setPeriodStatus } from './periods.service';

/*
 * The ledger's approval document that is not a kit document: PeriodClosing (closing an accounting
 * period). JournalApproval comes with the journal document (`journals.document.ts` and the kit).
 * The engine performs the operation in the approval's transaction; with a workflow active, the
 * direct route refuses it (the gate below).
 */

async function periodRow(tx: Tx, scope: KitScope, id: string) {
  const [row] = await tx.select().from(accountingPeriods).where(and(eq(accountingPeriods.id, id), eq(accountingPeriods.companyId, scope.companyId)));
  if (!row) throw notFound('Accounting Period');
  return row;
}

const requirePeriodLabel = (actor: ApprovalActor) => {
  if (!actor.viaWorkflow && !actor.operations.has('EditAccountingPeriod')) throw forbidden('You are not permitted to do this (EditAccountingPeriod)');
};

const periodClosing: ApprovalAdapter = {
  load: async (tx, scope, id) => {
    const p = await periodRow(tx, scope, id);
    const [company] = await tx.select({ base: companies.baseCurrency }).from(companies).where(eq(companies.companyId, p.companyId));
    return { number: p.name, description: `Closing of period ${p.name} (${p.startDate} to ${p.endDate})`, amountMinor: 0n, currency: company?.base ?? 'USD', companyId: p.companyId, ownerUserId: null, status: p.status };
  },
  assertCanSubmit: async (_tx, actor, _id, doc) => {
    requirePeriodLabel(actor);
    if (doc.status !== 'Open') throw unprocessable(`Period ${doc.number} is ${doc.status.toLowerCase()}: only an open period is closed`);
  },
  perform: async (tx, actor, id, operation) => {
    if (operation !== 'Approve') throw unprocessable(`${operation} is not an operation of a period closing`);
    requirePeriodLabel(actor);
    const p = await periodRow(tx, actor, id);
    if (p.status !== 'Open') throw unprocessable(`Period ${p.name} is already ${p.status.toLowerCase()}`);
    await setPeriodStatus(tx, actor, id, 'Closed');
  },
  completion: ['Approve'],
};

/** The ledger's approval documents that are not kit documents (the journals' come with their definitions): its manifest gives them to the workflow engine. */
export const ledgerApprovals = { PeriodClosing: periodClosing } as const;

/** Closing or locking an open period goes through its approval while a PeriodClosing workflow is active. */
export async function refuseDirectClosing(tx: Tx, scope: KitScope, periodId: string, status: string): Promise<void> {
  if (status === 'Open') return;
  const gate = await approvalGate(tx, scope, 'PeriodClosing', periodId);
  if (!gate.workflowActive && !gate.underApproval) return;
  const p = await periodRow(tx, scope, periodId);
  if (p.status !== 'Open') return;
  if (gate.underApproval) throw unprocessable(`Period ${p.name} is under approval for closing: it closes when the approval completes`);
  throw unprocessable(`Closing period ${p.name} needs approval: submit it`);
}
