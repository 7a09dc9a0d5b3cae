import type { PaymentFace } from '@erp/contracts';
import { forbidden, unprocessable } from '../../../platform/http/errors';
import type { ApprovalActor, ApprovalAdapter } from '../../workflow/index';
import { describePayment } from './payments-read.service';
import { reversePayment, storedPayment } from './payments.service';

/*
 * The reversal approval of a face's payments (CustomerPaymentReversalApproval, VendorPaymentReversalApproval),
 * an approval document that is not a kit document: its subject is the posted payment itself and its
 * one operation, Reverse (our choice: SPEC.md names none), reverses it in the approval's transaction,
 * on the day the approval completes. The task links to /journal, whose description names the payment
 * and the entry it reverses.
 */

const today = () => new Date().toISOString().slice(0, 10);

export function paymentReversalAdapter(pf: PaymentFace): ApprovalAdapter {
  const label = `Edit${pf.label}`;
  const requireLabel = (actor: ApprovalActor) => {
    if (!actor.viaWorkflow && !actor.operations.has(label)) throw forbidden(`You are not permitted to do this (${label})`);
  };
  return {
    load: async (tx, scope, id) => {
      const h = await storedPayment(tx, scope, pf, id, false);
      return { number: h.number, description: await describePayment(tx, scope, pf, id, true), amountMinor: h.totalBaseMinor, currency: h.baseCurrency, companyId: h.companyId, ownerUserId: h.createdBy, status: h.status };
    },
    assertCanSubmit: async (_tx, actor, _id, doc) => {
      requireLabel(actor);
      if (doc.status !== 'Posted') throw unprocessable(`${pf.face.partyLabel} ${pf.noun} ${doc.number ?? ''} is ${doc.status.toLowerCase()}: only a posted ${pf.noun} is reversed`);
    },
    perform: async (tx, actor, id, operation) => {
      if (operation !== 'Reverse') throw unprocessable(`${operation} is not an operation of a ${pf.reversalApproval}`);
      requireLabel(actor);
      const h = await storedPayment(tx, actor, pf, id, true);
      if (h.status === 'Reversed') return;
      await reversePayment(tx, actor, pf, id, today());
    },
    operationsDone: (doc) => (doc.status === 'Reversed' ? ['Reverse'] : []),
    completion: ['Reverse'],
  };
}
