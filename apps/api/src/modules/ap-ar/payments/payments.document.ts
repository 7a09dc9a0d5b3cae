import {
  PAYMENT_KIND,
  paymentDocuments,
  paymentInputSchema,
  REFUND_KIND,
  paymentListItemSchema,
  paymentListQuerySchema,
  paymentViewSchema,
  stateOf,
  type PaymentAction,
  type PaymentFace,
  type PaymentInput,
  type PaymentKind,
  type PaymentListFilter,
  type PaymentListItem,
  type PaymentStatus,
  type PaymentView,
} from '@erp/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { unprocessable } from '../../../platform/http/errors';
import type { DocumentBinding, DocumentHeader } from '../../../platform/kit/documents';
import type { KitScope } from '../../../platform/kit/registry';
import { postingTx } from '../../ledger/index';
import { approvalGate } from '../../workflow/index';
import { paymentEntry } from './payment-entry.service';
import { exportPayments, listPayments, viewPayment } from './payments-read.service';
import { deletePayment, insertPayment, insertPaymentHeaders, paymentBase, postPayment, replacePayment, reversePayment, storedPayment, type MadePayment } from './payments.service';
import { payments } from './payments.tables';

/*
 * The payment of a face as a document of the kit (contracts' paymentDocumentOf): the kit gives the
 * routes under /ap/vendor-payments and /ar/customer-payments, the labels, the state checks, the
 * approval adapter of CustomerPaymentApproval / VendorPaymentApproval (Post), the audit and the
 * idempotency of posting and reversal; the binding says how a payment is stored, posted and reversed.
 */

const today = () => new Date().toISOString().slice(0, 10);

/** A direct reversal is refused while a reversal workflow governs payments of the face, or one runs on this payment. */
export async function refuseDirectReversal(tx: Tx, scope: KitScope, pf: PaymentFace, id: string): Promise<void> {
  const gate = await approvalGate(tx, scope, pf.reversalApproval, id);
  if (gate.underApproval) throw unprocessable(`This ${pf.face.partyWord} ${pf.noun} is under ${pf.reversalApproval}: it is reversed when the approval completes`);
  if (gate.workflowActive) throw unprocessable(`Reversing a ${pf.face.partyWord} ${pf.noun} needs approval: submit it to ${pf.reversalApproval}`);
}

export function paymentBinding(pf: PaymentFace): DocumentBinding<PaymentStatus, PaymentAction, PaymentKind, PaymentInput, PaymentView, PaymentListItem, PaymentListFilter> {
  const def = paymentDocuments[pf.face.side];
  const header = async (tx: Tx, scope: KitScope, id: string, write: boolean): Promise<DocumentHeader<PaymentStatus, PaymentKind>> => {
    const h = await storedPayment(tx, scope, pf, id, write);
    return { id: h.id, companyId: h.companyId, kind: h.kind, status: stateOf(def, h.status), number: h.number, description: h.description, createdBy: h.createdBy, baseCurrency: h.baseCurrency, totalBaseMinor: h.totalBaseMinor };
  };
  return {
    def,
    table: payments,
    schemas: { input: paymentInputSchema, view: paymentViewSchema, listItem: paymentListItemSchema, listQuery: paymentListQuerySchema },
    kindOfInput: (body) => ((body as { kind?: unknown } | null)?.kind === REFUND_KIND ? REFUND_KIND : PAYMENT_KIND),
    header,
    list: (tx, scope, q) => listPayments(tx, scope, pf, q),
    exportTable: (tx, scope, filter) => exportPayments(tx, scope, pf, filter),
    exportName: () => `${pf.face.partyWord}-${pf.noun}s`,
    view: (tx, scope, id) => viewPayment(tx, scope, pf, id),
    create: (tx, actor, input) => insertPayment(tx, actor, pf, input),
    edit: (tx, actor, h, input) => replacePayment(tx, actor, pf, h.id, input),
    remove: (tx, actor, h) => deletePayment(tx, actor, h.id),
    actions: {
      post: async (tx, actor, h) => {
        await postPayment(tx, actor, pf, h.id);
        return h.id;
      },
      reverse: async (tx, actor, h, body) => {
        await refuseDirectReversal(tx, actor, pf, h.id);
        await reversePayment(tx, actor, pf, h.id, body.date ?? today());
        return h.id;
      },
    },
    auditedByAction: [],
    approvalAmount: (tx, scope, id) => paymentBase(tx, scope, pf, id),
    entry: (tx, scope, id) => paymentEntry(tx, scope, pf, id),
    // Create and post in one call (POST …/post, and …/check); a refusal writes nothing.
    direct: {
      tx: postingTx,
      lines: (input) => input.allocations.length + (input.onAccount?.length ?? 0) + 3,
      run: async (tx, actor, input, gate) => {
        if (gate) {
          const [row] = rowsOf<{ refused: boolean }>(await tx.execute(sql`select (${gate.refuseWhen}) as refused`));
          if (row?.refused) throw unprocessable(gate.refusal);
        }
        const [{ id, allocations, returns }] = (await insertPaymentHeaders(tx, actor, pf, [input], false)) as [MadePayment];
        const written = await postPayment(tx, actor, pf, id, allocations, returns);
        await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: def.name, recordId: id, action: 'create', after: { ...input, allocations: input.allocations.length, onAccount: input.onAccount?.length ?? 0, status: 'Posted' } }]);
        return viewPayment(tx, actor, pf, id, written);
      },
    },
  };
}
