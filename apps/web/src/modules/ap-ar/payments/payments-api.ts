/*
 * Calls of the payment routes of a face (the documents kit's, from contracts' ap-ar/payments.ts) and
 * of its own: the allocation proposal, allocating what is on account, un-allocating.
 */
import { paymentDocuments, REFUND_KIND, type InstanceView, type PaymentFace, type PaymentKind, type PaymentInput, type PaymentView, type Proposal, type RefundProposal } from '@erp/contracts';
import { apiRequest, unwrap } from '../../../app/api';
import { documentBase, documentKey } from '../../../shared/documents';

/** The kind's name on the face: Receipt / Refund to the customer, Payment / Refund from the vendor. */
export const kindWord = (pf: PaymentFace, kind: PaymentKind) => {
  const words = kind === REFUND_KIND ? pf.refundNoun : pf.noun;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

export const paymentDefOf = (pf: PaymentFace) => paymentDocuments[pf.face.side];
const base = (pf: PaymentFace) => documentBase(paymentDefOf(pf));
export const paymentsKey = (pf: PaymentFace) => documentKey(paymentDefOf(pf));
export const paymentQueryKey = (pf: PaymentFace, id: string | undefined) => [...paymentsKey(pf), 'one', id] as const;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export async function fetchPayment(pf: PaymentFace, id: string, signal?: AbortSignal): Promise<PaymentView> {
  return unwrap(await apiRequest<PaymentView>('GET', `${base(pf)}/${id}`, undefined, withSignal(signal)));
}

export async function savePayment(pf: PaymentFace, id: string | undefined, input: PaymentInput): Promise<PaymentView> {
  return unwrap(await (id ? apiRequest<PaymentView>('PUT', `${base(pf)}/${id}`, input) : apiRequest<PaymentView>('POST', base(pf), input)));
}

export async function deletePayment(pf: PaymentFace, id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `${base(pf)}/${id}`));
}

/** Posts a saved draft; keyed, so a repeated click posts once. */
export async function postPayment(pf: PaymentFace, id: string, idempotencyKey: string): Promise<PaymentView> {
  return unwrap(await apiRequest<PaymentView>('POST', `${base(pf)}/${id}/post`, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function reversePayment(pf: PaymentFace, id: string, date: string, idempotencyKey: string): Promise<PaymentView> {
  return unwrap(await apiRequest<PaymentView>('POST', `${base(pf)}/${id}/reverse`, { date }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function fetchProposal(pf: PaymentFace, q: { party: string; currency: string; amount: string; date: string; reference?: string }): Promise<Proposal> {
  const params = new URLSearchParams({ party: q.party, currency: q.currency, amount: q.amount, date: q.date, ...(q.reference ? { reference: q.reference } : {}) });
  return unwrap(await apiRequest<Proposal>('GET', `${base(pf)}/proposal?${params.toString()}`));
}

/** The credits a refund can return to the party (credit notes, amounts on account), `amount` (all when empty) spread oldest first. */
export async function fetchRefundProposal(pf: PaymentFace, q: { party: string; currency: string; amount?: string | undefined }): Promise<RefundProposal> {
  const params = new URLSearchParams({ party: q.party, currency: q.currency, ...(q.amount ? { amount: q.amount } : {}) });
  return unwrap(await apiRequest<RefundProposal>('GET', `${base(pf)}/refund-proposal?${params.toString()}`));
}

export async function allocatePayment(pf: PaymentFace, id: string, allocations: PaymentInput['allocations'], idempotencyKey: string): Promise<PaymentView> {
  return unwrap(await apiRequest<PaymentView>('POST', `${base(pf)}/${id}/allocate`, { allocations }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function unallocatePayment(pf: PaymentFace, id: string, lines: number[], idempotencyKey: string): Promise<PaymentView> {
  return unwrap(await apiRequest<PaymentView>('POST', `${base(pf)}/${id}/unallocate`, { lines }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

/** Submits a draft to its payment approval (CustomerPaymentApproval / VendorPaymentApproval). */
export async function submitPayment(pf: PaymentFace, id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', `${base(pf)}/${id}/submit`, {}));
}

/** Submits a posted payment's reversal to its reversal approval (the engine's submissions: not a kit route). */
export async function submitReversal(pf: PaymentFace, id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', '/workflow/submissions', { approvalType: pf.reversalApproval, documentId: id }));
}
