/* Calls of /ar/failed-payments (contracts' ap-ar/failed-payments.ts): the list, its export, the payments that may fail, mark failed, retry. */
import type { FailablePayment, FailedPaymentFilter, FailedPaymentList, FailedPaymentView, MarkFailedInput, RetryInput, Side } from '@erp/contracts';
import { apiDownload, apiRequest, saveBlob, unwrap } from '../../../shared/documents/shell-adapter';

const BASE = '/ar/failed-payments';
export const failedPaymentsKey = ['ar', 'failed-payments'] as const;

export type FailedListState = FailedPaymentFilter & { page: number; limit: number };

/** The list's query string: only what is set. */
export function failedListQuery(state: FailedPaymentFilter & { page?: number; limit?: number }): URLSearchParams {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) if (value !== undefined && value !== '') q.set(key, String(value));
  return q;
}

export async function fetchFailures(state: FailedListState, signal?: AbortSignal): Promise<FailedPaymentList> {
  return unwrap(await apiRequest<FailedPaymentList>('GET', `${BASE}?${failedListQuery(state).toString()}`, undefined, signal ? { signal } : {}));
}

export async function downloadFailures(filter: FailedPaymentFilter, format: 'csv' | 'xlsx'): Promise<void> {
  const q = failedListQuery(filter);
  q.set('format', format);
  const file = unwrap(await apiDownload(`${BASE}/export?${q.toString()}`));
  saveBlob(file.blob, file.fileName ?? `failed-payments.${format}`);
}

export async function fetchFailable(side: Side, search: string, signal?: AbortSignal): Promise<FailablePayment[]> {
  const q = failedListQuery({ side, search: search.trim() || undefined, limit: 20 });
  return unwrap(await apiRequest<{ items: FailablePayment[] }>('GET', `${BASE}/payments?${q.toString()}`, undefined, signal ? { signal } : {})).items;
}

export async function markFailed(input: MarkFailedInput, idempotencyKey: string): Promise<FailedPaymentView> {
  return unwrap(await apiRequest<FailedPaymentView>('POST', BASE, input, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function retryFailure(id: string, input: RetryInput, idempotencyKey: string): Promise<FailedPaymentView> {
  return unwrap(await apiRequest<FailedPaymentView>('POST', `${BASE}/${id}/retry`, input, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function fetchFailure(id: string, signal?: AbortSignal): Promise<FailedPaymentView> {
  return unwrap(await apiRequest<FailedPaymentView>('GET', `${BASE}/${id}`, undefined, signal ? { signal } : {}));
}
