import { formatMoney, paymentRunLabel, type PaymentRunFace } from '@erp/contracts';
import { forbidden, unprocessable } from '../../../platform/http/errors';
import type { Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import type { ApprovalActor, ApprovalAdapter } from '../../workflow/index';
import { currencyFacts } from '../invoices/invoice-facts';
import { reverseRun, runAmount, runBank, runLinesInOrder, storedRun } from './payment-runs.service';

/*
 * The reversal approval of a face's payment runs (VendorPaymentScheduleReversalApproval,
 * CustomerPaymentScheduleReversalApproval): its subject is the posted run itself and its one
 * operation, Reverse (our choice: SPEC.md names none), reverses every payment of the run in the
 * approval's transaction, on the day the approval completes. The task links to /journal.
 */

const today = () => new Date().toISOString().slice(0, 10);

/** What a run's task says: the run, its bank, date, parties, payments and total. */
export async function describeRun(tx: Tx, scope: KitScope, rf: PaymentRunFace, id: string): Promise<string> {
  const h = await storedRun(tx, scope, rf, id, false);
  const bank = await runBank(tx, scope, h.bankId);
  const { scales } = await currencyFacts(tx, scope);
  const lines = await runLinesInOrder(tx, scope, rf, h);
  const parties = new Set(lines.map((l) => l.id)).size;
  const payments = [...new Set(lines.map((l) => l.payment_number).filter(Boolean))];
  const state = h.status === 'Draft' ? ' (draft)' : '';
  return `${paymentRunLabel(rf)} ${h.number ?? ''}${state}: ${formatMoney(h.totalMinor, scales[h.currency] ?? 2)} ${h.currency} from bank ${bank.code} on ${h.paymentDate} by ${h.method}, ${lines.length} item${lines.length === 1 ? '' : 's'} of ${parties} ${rf.pf.face.partyWord}${parties === 1 ? '' : 's'}${payments.length ? `; payments ${payments.join(', ')}` : ''}. ${h.description}`.replace('  ', ' ');
}

export function paymentRunReversalAdapter(rf: PaymentRunFace): ApprovalAdapter {
  const label = `Edit${rf.label}`;
  const requireLabel = (actor: ApprovalActor) => {
    if (!actor.viaWorkflow && !actor.operations.has(label)) throw forbidden(`You are not permitted to do this (${label})`);
  };
  return {
    load: async (tx, scope, id) => {
      const h = await storedRun(tx, scope, rf, id, false);
      return { number: h.number, description: await describeRun(tx, scope, rf, id), amountMinor: await runAmount(tx, scope, rf, id), currency: h.baseCurrency, companyId: h.companyId, ownerUserId: h.createdBy, status: h.status };
    },
    assertCanSubmit: async (_tx, actor, _id, doc) => {
      requireLabel(actor);
      if (doc.status !== 'Posted') throw unprocessable(`${paymentRunLabel(rf)} ${doc.number ?? ''} is ${doc.status.toLowerCase()}: only a posted run is reversed`);
    },
    perform: async (tx, actor, id, operation) => {
      if (operation !== 'Reverse') throw unprocessable(`${operation} is not an operation of a ${rf.reversalApproval}`);
      requireLabel(actor);
      const h = await storedRun(tx, actor, rf, id, true);
      if (h.status === 'Reversed') return;
      await reverseRun(tx, actor, rf, id, today());
    },
    operationsDone: (doc) => (doc.status === 'Reversed' ? ['Reverse'] : []),
    completion: ['Reverse'],
  };
}
