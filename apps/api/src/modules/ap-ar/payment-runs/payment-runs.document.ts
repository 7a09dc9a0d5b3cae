import {
  paymentRunDocuments,
  paymentRunInputSchema,
  paymentRunLabel,
  paymentRunListItemSchema,
  paymentRunListQuerySchema,
  paymentRunViewSchema,
  stateOf,
  type PaymentRunAction,
  type PaymentRunFace,
  type PaymentRunInput,
  type PaymentRunKind,
  type PaymentRunListFilter,
  type PaymentRunListItem,
  type PaymentRunStatus,
  type PaymentRunView,
} from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { unprocessable } from '../../../platform/http/errors';
import type { DocumentBinding } from '../../../platform/kit/documents';
import type { KitScope } from '../../../platform/kit/registry';
import { approvalGate } from '../../workflow/index';
import { createRun, deleteRun, editRun, exportRuns, listRuns, postRun, reverseRun, runAmount, storedRun, viewRun } from './payment-runs.service';
import { paymentRuns } from './payment-runs.tables';
import { paymentRunTrail } from './payment-runs.trail';

/*
 * The payment run of a face as a document of the kit: routes under /ap/vendor-payment-runs and
 * /ar/customer-payment-runs, the labels of /vendor-payment-schedules and /customer-payment-schedules
 * (SaveVendorPaymentSchedule, EditVendorPaymentSchedule...), the approval adapter of
 * VendorPaymentScheduleApproval / CustomerPaymentScheduleApproval (Post), the audit and the
 * idempotency of posting and reversal (the trail of a draft: `payment-runs.trail.ts`).
 */

const today = () => new Date().toISOString().slice(0, 10);

/** A direct reversal is refused while a reversal workflow governs the face's runs, or one runs on this run. */
export async function refuseDirectRunReversal(tx: Tx, scope: KitScope, rf: PaymentRunFace, id: string): Promise<void> {
  const gate = await approvalGate(tx, scope, rf.reversalApproval, id);
  if (gate.underApproval) throw unprocessable(`This ${paymentRunLabel(rf).toLowerCase()} is under ${rf.reversalApproval}: it is reversed when the approval completes`);
  if (gate.workflowActive) throw unprocessable(`Reversing a ${paymentRunLabel(rf).toLowerCase()} needs approval: submit it to ${rf.reversalApproval}`);
}

export function paymentRunBinding(rf: PaymentRunFace): DocumentBinding<PaymentRunStatus, PaymentRunAction, PaymentRunKind, PaymentRunInput, PaymentRunView, PaymentRunListItem, PaymentRunListFilter> {
  const def = paymentRunDocuments[rf.pf.face.side];
  return {
    def,
    table: paymentRuns,
    schemas: { input: paymentRunInputSchema, view: paymentRunViewSchema, listItem: paymentRunListItemSchema, listQuery: paymentRunListQuerySchema },
    kindOfInput: () => 'Run',
    header: async (tx, scope, id, write) => {
      const h = await storedRun(tx, scope, rf, id, write);
      return {
        id: h.id, companyId: h.companyId, kind: 'Run', status: stateOf(def, h.status), number: h.number, description: h.description, createdBy: h.createdBy,
        baseCurrency: h.baseCurrency, totalBaseMinor: await runAmount(tx, scope, rf, id),
      };
    },
    list: (tx, scope, q) => listRuns(tx, scope, rf, q),
    exportTable: (tx, scope, filter) => exportRuns(tx, scope, rf, filter),
    exportName: () => `${rf.pf.face.partyWord}-payment-runs`,
    view: (tx, scope, id) => viewRun(tx, scope, rf, id),
    create: (tx, actor, input) => createRun(tx, actor, rf, input),
    edit: (tx, actor, h, input) => editRun(tx, actor, rf, h.id, input),
    remove: (tx, actor, h) => deleteRun(tx, actor, h.id),
    actions: {
      post: async (tx, actor, h) => {
        await postRun(tx, actor, rf, h.id);
        return h.id;
      },
      reverse: async (tx, actor, h, body) => {
        await refuseDirectRunReversal(tx, actor, rf, h.id);
        await reverseRun(tx, actor, rf, h.id, body.date ?? today());
        return h.id;
      },
    },
    auditedByAction: [],
    // A run has up to tens of thousands of lines: its trail says what changed compactly.
    trail: paymentRunTrail(rf),
    approvalAmount: (tx, scope, id) => runAmount(tx, scope, rf, id),
  };
}
