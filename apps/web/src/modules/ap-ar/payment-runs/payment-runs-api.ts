/*
 * Calls of the payment run routes of a face (the documents kit's, from contracts' ap-ar/payment-runs.ts)
 * and of its own: the proposal, the bank file, a party's remittance advice, the advices mailed.
 */
import {
  paymentRunBase,
  paymentRunDocuments,
  type BankFileFormat,
  type InstanceView,
  type PaymentRunCriteria,
  type PaymentRunFace,
  type PaymentRunInput,
  type PaymentRunProposal,
  type PaymentRunView,
  type RemittanceMailResult,
} from '@erp/contracts';
import { apiDownload, apiRequest, unwrap } from '../../../app/api';
import { saveBlob } from '../../../shared/kit/kit-api';
import { documentKey } from '../../../shared/documents';

export const runDefOf = (rf: PaymentRunFace) => paymentRunDocuments[rf.pf.face.side];
const base = (rf: PaymentRunFace) => paymentRunBase(rf);
export const runsKey = (rf: PaymentRunFace) => documentKey(runDefOf(rf));
export const runQueryKey = (rf: PaymentRunFace, id: string | undefined) => [...runsKey(rf), 'one', id] as const;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export async function fetchRun(rf: PaymentRunFace, id: string, signal?: AbortSignal): Promise<PaymentRunView> {
  return unwrap(await apiRequest<PaymentRunView>('GET', `${base(rf)}/${id}`, undefined, withSignal(signal)));
}

export async function saveRun(rf: PaymentRunFace, id: string | undefined, input: PaymentRunInput): Promise<PaymentRunView> {
  return unwrap(await (id ? apiRequest<PaymentRunView>('PUT', `${base(rf)}/${id}`, input) : apiRequest<PaymentRunView>('POST', base(rf), input)));
}

export async function deleteRun(rf: PaymentRunFace, id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `${base(rf)}/${id}`));
}

/** Posts a saved draft; keyed, so a repeated click posts once. */
export async function postRun(rf: PaymentRunFace, id: string, idempotencyKey: string): Promise<PaymentRunView> {
  return unwrap(await apiRequest<PaymentRunView>('POST', `${base(rf)}/${id}/post`, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function reverseRun(rf: PaymentRunFace, id: string, date: string, idempotencyKey: string): Promise<PaymentRunView> {
  return unwrap(await apiRequest<PaymentRunView>('POST', `${base(rf)}/${id}/reverse`, { date }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

/** Submits a draft to its approval (VendorPaymentScheduleApproval / CustomerPaymentScheduleApproval). */
export async function submitRun(rf: PaymentRunFace, id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', `${base(rf)}/${id}/submit`, {}));
}

/** Submits a posted run's reversal to its reversal approval (the engine's submissions: not a kit route). */
export async function submitRunReversal(rf: PaymentRunFace, id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', '/workflow/submissions', { approvalType: rf.reversalApproval, documentId: id }));
}

export async function fetchRunProposal(rf: PaymentRunFace, c: PaymentRunCriteria): Promise<PaymentRunProposal> {
  const params = new URLSearchParams({ bank: c.bank, paymentDate: c.paymentDate, basis: c.basis, upTo: c.upTo, ...(c.method ? { method: c.method } : {}), ...(c.partyGroup ? { partyGroup: c.partyGroup } : {}) });
  return unwrap(await apiRequest<PaymentRunProposal>('GET', `${base(rf)}/proposal?${params.toString()}`));
}

/** Saves the run's bank file (ISO 20022 XML or CSV) to the user's downloads. */
export async function downloadBankFile(rf: PaymentRunFace, id: string, format: BankFileFormat): Promise<void> {
  const file = unwrap(await apiDownload(`${base(rf)}/${id}/bank-file?format=${format}`));
  saveBlob(file.blob, file.fileName ?? `payment-run.${format}`);
}

/** Saves one party's remittance advice (PDF). */
export async function downloadRemittance(rf: PaymentRunFace, id: string, party: string): Promise<void> {
  const file = unwrap(await apiDownload(`${base(rf)}/${id}/remittance?party=${party}&download=true`));
  saveBlob(file.blob, file.fileName ?? 'remittance.pdf');
}

export async function mailRemittances(rf: PaymentRunFace, id: string): Promise<RemittanceMailResult> {
  return unwrap(await apiRequest<RemittanceMailResult>('POST', `${base(rf)}/${id}/remittance/mail`, {}));
}
