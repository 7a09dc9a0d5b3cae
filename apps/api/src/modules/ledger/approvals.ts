import { and, eq, sql } from 'drizzle-orm';
import type { JournalKind } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import { forbidden, notFound, unprocessable } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import { companies } from '../organisation/index';
import { approvalGate, workflowActiveSql, type ApprovalActor, type ApprovalAdapter, type ApprovalDocument } from '../workflow/index';
import { accountingPeriods } from './periods.tables';
import { journals } from './journals.tables';
import { draftRequest, labelOfKind, postJournal, validateJournal, type Actor } from './journals.service';
import { setPeriodStatus } from './periods.service';
import { stageEntry } from './posting.service';
import type { PostingGate } from './posting-context';

/*
 * The ledger's approval documents: JournalApproval (Validate, then Post; every journal kind the
 * journal screen makes) and PeriodClosing (closing an accounting period). The engine performs
 * their operations in the approval's transaction; with a workflow active, the direct routes
 * refuse those operations (the gates below).
 */

/** The journal kinds that go through JournalApproval: those the journal screen makes and posts. */
const APPROVED_KINDS: readonly JournalKind[] = ['Standard', 'OpeningBalance', 'Adjustment'];

const editLabel = (kind: string) => `Edit${labelOfKind[kind as JournalKind]}`;

/** An approver completing a step acts with the workflow's authority: the module grants the operation's label. */
function journalActor(actor: ApprovalActor, kind: string): Actor {
  if (!actor.viaWorkflow) return actor;
  return { ...actor, operations: new Set([...actor.operations, editLabel(kind)]) };
}

async function journalHeader(tx: Tx, scope: KitScope, id: string) {
  const [row] = await tx.select().from(journals).where(and(eq(journals.id, id), eq(journals.companyId, scope.companyId)));
  if (!row) throw notFound('Journal');
  return row;
}

/**
 * The amount in base currency the thresholds compare: the entry is staged in a savepoint that is
 * rolled back (conversion, rounding, balance), so a journal that could not post is refused at once.
 */
async function baseTotal(tx: Tx, scope: KitScope, header: typeof journals.$inferSelect): Promise<bigint> {
  class Measured extends Error {
    constructor(readonly total: bigint) {
      super('measured');
    }
  }
  const request = await draftRequest(tx, header);
  try {
    await tx.transaction(async (sp) => {
      const staged = await stageEntry(sp, scope, request, header.id);
      throw new Measured(staged.totalBaseMinor);
    });
  } catch (e) {
    if (e instanceof Measured) return e.total;
    throw e;
  }
  return 0n;
}

const journalApproval: ApprovalAdapter = {
  load: async (tx, scope, id): Promise<ApprovalDocument> => {
    const h = await journalHeader(tx, scope, id);
    const posted = h.status === 'Posted' || h.status === 'Reversed';
    return {
      number: h.number, description: h.description, amountMinor: posted ? h.totalBaseMinor : await baseTotal(tx, scope, h), currency: h.baseCurrency,
      companyId: h.companyId, ownerUserId: h.createdBy, status: h.status,
    };
  },
  assertCanSubmit: async (tx, actor, id, doc) => {
    const h = await journalHeader(tx, actor, id);
    if (!actor.operations.has(editLabel(h.kind))) throw forbidden(`You are not permitted to do this (${editLabel(h.kind)})`);
    if (!APPROVED_KINDS.includes(h.kind as JournalKind)) throw unprocessable(`A ${h.kind.toLowerCase()} journal is not approved through the journal workflow`);
    if (doc.status !== 'Draft' && doc.status !== 'Validated') throw unprocessable(`Journal ${h.number ?? h.description} is already ${doc.status.toLowerCase()}: there is nothing to approve`);
  },
  perform: async (tx, actor, id, operation) => {
    const h = await journalHeader(tx, actor, id);
    const as = journalActor(actor, h.kind);
    if (!as.operations.has(editLabel(h.kind))) throw forbidden(`You are not permitted to do this (${editLabel(h.kind)})`);
    if (operation === 'Validate') {
      // A journal validated before its submission needs no second validation.
      if (h.status === 'Draft') await validateJournal(tx, as, id);
      return;
    }
    if (operation === 'Post') {
      await postJournal(tx, as, id);
      return;
    }
    throw unprocessable(`${operation} is not an operation of a journal approval`);
  },
  operationsDone: (doc) => (doc.status === 'Validated' ? ['Validate'] : []),
  rejected: async (tx, actor, id) => {
    const h = await journalHeader(tx, actor, id);
    if (h.status !== 'Validated') return;
    await tx.update(journals).set({ status: 'Draft', updatedAt: sql`now()` }).where(eq(journals.id, id));
    await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'journal', recordId: id, action: 'edit', before: { status: 'Validated' }, after: { status: 'Draft', reason: 'approval rejected' } }]);
  },
  completion: ['Validate', 'Post'],
};

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

/** The ledger's approval documents: its manifest gives them to the workflow engine. */
export const ledgerApprovals = { JournalApproval: journalApproval, PeriodClosing: periodClosing } as const;

/** Validate and post of a journal, directly: refused while a JournalApproval workflow is active or the journal is under approval. */
export async function refuseDirectPosting(tx: Tx, scope: KitScope, journalId?: string): Promise<void> {
  const gate = await approvalGate(tx, scope, 'JournalApproval', journalId);
  if (gate.underApproval) throw unprocessable('This journal is under approval: it is validated and posted when its approval completes');
  if (gate.workflowActive) throw unprocessable('This journal needs approval: submit it');
}

/**
 * The same gate for a new journal posted directly (it cannot be under approval yet), as a
 * condition of the posting's own first read: one round trip fewer on every direct post.
 */
export function directPostingGate(scope: KitScope): PostingGate {
  return { refuseWhen: workflowActiveSql(scope, 'JournalApproval'), refusal: 'This journal needs approval: submit it' };
}

/** A journal under approval keeps its content until the approval ends (approve, reject or cancel). */
export async function refuseChangeUnderApproval(tx: Tx, scope: KitScope, journalId: string): Promise<void> {
  const gate = await approvalGate(tx, scope, 'JournalApproval', journalId);
  if (gate.underApproval) throw unprocessable('This journal is under approval: it cannot be changed or deleted until the approval ends (cancel it to change the journal)');
}

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
