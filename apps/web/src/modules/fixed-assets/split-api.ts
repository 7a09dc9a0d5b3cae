/* Calls of the asset splits (the documents kit's routes under /fa/splits). */
import { splitDocument, type InstanceView, type SplitInput, type SplitView } from '@erp/contracts';
import { apiRequest, unwrap } from '../../app/api';
import { documentBase, documentKey } from '../../shared/documents';

const splits = documentBase(splitDocument);
export const splitsKey = documentKey(splitDocument);
export const splitKey = (id: string | undefined) => [...splitsKey, 'one', id] as const;

export async function fetchSplit(id: string, signal?: AbortSignal): Promise<SplitView> {
  return unwrap(await apiRequest<SplitView>('GET', `${splits}/${id}`, undefined, signal ? { signal } : {}));
}
export async function saveSplit(id: string | undefined, input: SplitInput): Promise<SplitView> {
  return unwrap(await (id ? apiRequest<SplitView>('PUT', `${splits}/${id}`, input) : apiRequest<SplitView>('POST', splits, input)));
}
export async function deleteSplit(id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `${splits}/${id}`));
}
export async function splitAction(id: string, action: 'post' | 'reverse', idempotencyKey: string, date?: string): Promise<SplitView> {
  return unwrap(await apiRequest<SplitView>('POST', `${splits}/${id}/${action}`, action === 'reverse' ? { date } : undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}
export async function submitSplit(id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', `${splits}/${id}/submit`, {}));
}
