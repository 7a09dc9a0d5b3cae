import { paymentFaces, sides } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { moduleDocument, type ModuleDocument } from '../../../platform/kit/documents';
import type { ApprovalAdapter } from '../../workflow/index';
import { paymentBinding } from './payments.document';
import { paymentReversalAdapter } from './payments.approvals';
import { describePayment } from './payments-read.service';
import { paymentRouteFacts, registerPaymentRoutes } from './payments.routes';
import { seedPaymentSequences } from './payments.seed';

/** The payment's document, its approval task saying what it is about (SPEC.md links the payment approvals to /journal). */
function paymentDocument(side: (typeof sides)[number]): ModuleDocument {
  const pf = paymentFaces[side];
  const doc = moduleDocument(paymentBinding(pf));
  if (!doc.approval) return doc;
  const adapter = doc.approval.adapter;
  return {
    ...doc,
    approval: { ...doc.approval, adapter: { ...adapter, load: async (tx, scope, id) => ({ ...(await adapter.load(tx, scope, id)), description: await describePayment(tx, scope, pf, id, false) }) } },
  };
}

/** What payments add to the ap-ar manifest: two documents, their hand-written routes, the reversal approvals, their numbers and audit labels. */
export const paymentsPart = {
  documents: sides.map(paymentDocument),
  register: registerPaymentRoutes,
  routes: paymentRouteFacts,
  approvals: Object.fromEntries(sides.map((side) => [paymentFaces[side].reversalApproval, paymentReversalAdapter(paymentFaces[side])])) as Record<string, ApprovalAdapter>,
  seed: (tx: Tx, tenantId: string, companyId: string) => seedPaymentSequences(tx, tenantId, companyId),
  auditLabels: [{ table: 'payments', key: 'id', label: `coalesce(t.number || ' · ' || t.description, t.description)` }],
  pages: sides.flatMap((side) => [paymentFaces[side].pages.payments, paymentFaces[side].pages.payment]),
};
