/* Calls of the fixed-asset routes: an asset's schedule and activation, the depreciation runs (the documents kit's routes). */
import { depreciationRunDocument, type AssetSchedule, type AssetTermsChange, type AssetUsageInput, type DepreciationRunInput, type DepreciationRunView, type InstanceView } from '@erp/contracts';
import { apiRequest, unwrap } from '../../app/api';
import { documentBase, documentKey } from '../../shared/documents';

const runs = documentBase(depreciationRunDocument);
export const runsKey = documentKey(depreciationRunDocument);
export const runKey = (id: string | undefined) => [...runsKey, 'one', id] as const;
export const scheduleKey = (id: string | undefined) => ['fa', 'asset-schedule', id] as const;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export async function fetchSchedule(id: string, signal?: AbortSignal): Promise<AssetSchedule> {
  return unwrap(await apiRequest<AssetSchedule>('GET', `/fa/assets/${id}/schedule`, undefined, withSignal(signal)));
}
export async function activateAsset(id: string): Promise<AssetSchedule> {
  return unwrap(await apiRequest<AssetSchedule>('POST', `/fa/assets/${id}/activate`));
}
export async function fetchRun(id: string, signal?: AbortSignal): Promise<DepreciationRunView> {
  return unwrap(await apiRequest<DepreciationRunView>('GET', `${runs}/${id}`, undefined, withSignal(signal)));
}
export async function saveRun(id: string | undefined, input: DepreciationRunInput): Promise<DepreciationRunView> {
  return unwrap(await (id ? apiRequest<DepreciationRunView>('PUT', `${runs}/${id}`, input) : apiRequest<DepreciationRunView>('POST', runs, input)));
}
export async function deleteRun(id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `${runs}/${id}`));
}
export async function runAction(id: string, action: 'post' | 'reverse', idempotencyKey: string, date?: string): Promise<DepreciationRunView> {
  return unwrap(await apiRequest<DepreciationRunView>('POST', `${runs}/${id}/${action}`, action === 'reverse' ? { date } : undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}
export async function submitRun(id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', `${runs}/${id}/submit`, {}));
}
export async function changeTerms(id: string, change: AssetTermsChange): Promise<AssetSchedule> {
  return unwrap(await apiRequest<AssetSchedule>('POST', `/fa/assets/${id}/change-terms`, change));
}
export async function recordUsage(id: string, input: AssetUsageInput): Promise<AssetSchedule> {
  return unwrap(await apiRequest<AssetSchedule>('POST', `/fa/assets/${id}/usage`, input));
}
