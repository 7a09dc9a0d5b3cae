import { paymentRunFaces, sides } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { moduleDocument, type ModuleDocument } from '../../../platform/kit/documents';
import type { ApprovalAdapter } from '../../workflow/index';
import { describeRun, paymentRunReversalAdapter } from './payment-runs.approvals';
import { paymentRunBinding } from './payment-runs.document';
import { paymentRunRouteFacts, registerPaymentRunRoutes } from './payment-runs.routes';
import { seedPaymentRunSequences } from './payment-runs.seed';

/** The run's document, its approval task saying what it is about (the run, its bank, parties, payments and total). */
function paymentRunDocument(side: (typeof sides)[number]): ModuleDocument {
  const rf = paymentRunFaces[side];
  const doc = moduleDocument(paymentRunBinding(rf));
  if (!doc.approval) return doc;
  const adapter = doc.approval.adapter;
  return {
    ...doc,
    approval: { ...doc.approval, adapter: { ...adapter, load: async (tx, scope, id) => ({ ...(await adapter.load(tx, scope, id)), description: await describeRun(tx, scope, rf, id) }) } },
  };
}

/** What payment runs add to the ap-ar manifest: two documents, their hand-written routes, the reversal approvals, their numbers and audit labels. */
export const paymentRunsPart = {
  documents: sides.map(paymentRunDocument),
  register: registerPaymentRunRoutes,
  routes: paymentRunRouteFacts,
  approvals: Object.fromEntries(sides.map((side) => [paymentRunFaces[side].reversalApproval, paymentRunReversalAdapter(paymentRunFaces[side])])) as Record<string, ApprovalAdapter>,
  seed: (tx: Tx, tenantId: string, companyId: string) => seedPaymentRunSequences(tx, tenantId, companyId),
  auditLabels: [{ table: 'payment_runs', key: 'id', label: `coalesce(t.number || ' · ' || t.description, t.description)` }],
  pages: sides.flatMap((side) => [paymentRunFaces[side].pages.runs, paymentRunFaces[side].pages.run]),
};
