/*
 * Calls of the fund transfer routes (the documents kit's, from contracts' cash-management/fund-transfers.ts)
 * and of its own Divide.
 */
import { fundTransferDocument, type FundTransferInput, type FundTransferLegInput, type FundTransferReceiver, type FundTransferView, type InstanceView } from '@erp/contracts';
import { apiRequest, unwrap } from '../../../app/api';
import { documentBase, documentKey } from '../../../shared/documents';

const base = documentBase(fundTransferDocument);
export const fundTransfersKey = documentKey(fundTransferDocument);
export const fundTransferQueryKey = (id: string | undefined) => [...fundTransfersKey, 'one', id] as const;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export async function fetchFundTransfer(id: string, signal?: AbortSignal): Promise<FundTransferView> {
  return unwrap(await apiRequest<FundTransferView>('GET', `${base}/${id}`, undefined, withSignal(signal)));
}

export async function saveFundTransfer(id: string | undefined, input: FundTransferInput): Promise<FundTransferView> {
  return unwrap(await (id ? apiRequest<FundTransferView>('PUT', `${base}/${id}`, input) : apiRequest<FundTransferView>('POST', base, input)));
}

export async function deleteFundTransfer(id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `${base}/${id}`));
}

/** Posts a saved draft; keyed, so a repeated click posts once. */
export async function postFundTransfer(id: string, idempotencyKey: string): Promise<FundTransferView> {
  return unwrap(await apiRequest<FundTransferView>('POST', `${base}/${id}/post`, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function reverseFundTransfer(id: string, date: string, idempotencyKey: string): Promise<FundTransferView> {
  return unwrap(await apiRequest<FundTransferView>('POST', `${base}/${id}/reverse`, { date }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

/** Divide a draft into legs (its editor, or the approver holding the open FundTransfer task). */
export async function divideFundTransfer(id: string, legs: FundTransferLegInput[]): Promise<FundTransferView> {
  return unwrap(await apiRequest<FundTransferView>('POST', `${base}/${id}/divide`, { legs }));
}

/** Submits a draft to the FundTransfer approval. */
export async function submitFundTransfer(id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', `${base}/${id}/submit`, {}));
}

/** The other companies of the tenant and their banks: where an intercompany transfer may go. */
export async function fetchReceivers(signal?: AbortSignal): Promise<FundTransferReceiver[]> {
  return unwrap(await apiRequest<FundTransferReceiver[]>('GET', `${base}/receivers`, undefined, withSignal(signal)));
}
