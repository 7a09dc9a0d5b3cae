/* Calls of the fixed-asset routes: an asset's schedule and activation, the depreciation runs (the documents kit's routes). */
import { assetRevaluationDocument, depreciationRunDocument, disposalDocument, type AssetRevaluationInput, type AssetRevaluationView, type AssetSchedule, type AssetTermsChange, type AssetUsageInput, type CapitalisableLine, type CapitalisationInput, type CapitalisationView, type InvoiceAssetsInput, type InvoiceAssetsResult, type InvoiceCapitaliseInput, type AssetStockIssueView, type DepreciationRunInput, type DepreciationRunView, type DisposalInput, type DisposalView, type InstanceView, type MaintenanceCompletionInput, type MaintenanceHistory } from '@erp/contracts';
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

/* The disposals (the documents kit's routes under /fa/disposals). */
const disposals = documentBase(disposalDocument);
export const disposalsKey = documentKey(disposalDocument);
export const disposalKey = (id: string | undefined) => [...disposalsKey, 'one', id] as const;
export async function fetchDisposal(id: string, signal?: AbortSignal): Promise<DisposalView> {
  return unwrap(await apiRequest<DisposalView>('GET', `${disposals}/${id}`, undefined, withSignal(signal)));
}
export async function saveDisposal(id: string | undefined, input: DisposalInput): Promise<DisposalView> {
  return unwrap(await (id ? apiRequest<DisposalView>('PUT', `${disposals}/${id}`, input) : apiRequest<DisposalView>('POST', disposals, input)));
}
export async function deleteDisposal(id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `${disposals}/${id}`));
}
export async function disposalAction(id: string, action: 'post' | 'reverse', idempotencyKey: string, date?: string): Promise<DisposalView> {
  return unwrap(await apiRequest<DisposalView>('POST', `${disposals}/${id}/${action}`, action === 'reverse' ? { date } : undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}
export async function submitDisposal(id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', `${disposals}/${id}/submit`, {}));
}

/* The revaluations (the documents kit's routes under /fa/revaluations). */
const revaluations = documentBase(assetRevaluationDocument);
export const revaluationsKey = documentKey(assetRevaluationDocument);
export const revaluationKey = (id: string | undefined) => [...revaluationsKey, 'one', id] as const;
export async function fetchRevaluation(id: string, signal?: AbortSignal): Promise<AssetRevaluationView> {
  return unwrap(await apiRequest<AssetRevaluationView>('GET', `${revaluations}/${id}`, undefined, withSignal(signal)));
}
export async function saveRevaluation(id: string | undefined, input: AssetRevaluationInput): Promise<AssetRevaluationView> {
  return unwrap(await (id ? apiRequest<AssetRevaluationView>('PUT', `${revaluations}/${id}`, input) : apiRequest<AssetRevaluationView>('POST', revaluations, input)));
}
export async function deleteRevaluation(id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `${revaluations}/${id}`));
}
export async function revaluationAction(id: string, action: 'post' | 'reverse', idempotencyKey: string, date?: string): Promise<AssetRevaluationView> {
  return unwrap(await apiRequest<AssetRevaluationView>('POST', `${revaluations}/${id}/${action}`, action === 'reverse' ? { date } : undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}
export async function submitRevaluation(id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', `${revaluations}/${id}/submit`, {}));
}

/* Capitalisation (by hand or from a vendor invoice line) and its reversal; maintenance completions. */
export const capitalisationsKey = (id: string | undefined) => ['fa', 'capitalisations', id] as const;
export async function fetchCapitalisations(assetId: string, signal?: AbortSignal): Promise<CapitalisationView[]> {
  return unwrap(await apiRequest<CapitalisationView[]>('GET', `/fa/assets/${assetId}/capitalisations`, undefined, withSignal(signal)));
}
export async function capitalise(assetId: string, input: CapitalisationInput): Promise<CapitalisationView> {
  return unwrap(await apiRequest<CapitalisationView>('POST', `/fa/assets/${assetId}/capitalise`, input));
}
export async function reverseCapitalisation(id: string, date: string): Promise<CapitalisationView> {
  return unwrap(await apiRequest<CapitalisationView>('POST', `/fa/capitalisations/${id}/reverse`, { date }));
}
export async function fetchCapitalisableLines(search: string, signal?: AbortSignal): Promise<CapitalisableLine[]> {
  return unwrap(await apiRequest<CapitalisableLine[]>('GET', `/fa/capitalisable-invoice-lines?limit=50${search ? `&search=${encodeURIComponent(search)}` : ''}`, undefined, withSignal(signal)));
}
export const maintenanceKey = (id: string | undefined) => ['fa', 'maintenance', id] as const;
export async function fetchMaintenanceHistory(id: string, signal?: AbortSignal): Promise<MaintenanceHistory> {
  return unwrap(await apiRequest<MaintenanceHistory>('GET', `/fa/maintenance-schedules/${id}/completions`, undefined, withSignal(signal)));
}
export async function completeMaintenance(id: string, input: MaintenanceCompletionInput): Promise<MaintenanceHistory> {
  return unwrap(await apiRequest<MaintenanceHistory>('POST', `/fa/maintenance-schedules/${id}/complete`, input));
}
export const invoiceLinesKey = (invoice: string) => ['fa', 'capitalisable-lines', 'invoice', invoice] as const;
/** Every line of one posted vendor invoice on a clearing account, also those capitalised in full. */
export async function fetchInvoiceCapitalisableLines(invoice: string, signal?: AbortSignal): Promise<CapitalisableLine[]> {
  return unwrap(await apiRequest<CapitalisableLine[]>('GET', `/fa/capitalisable-invoice-lines?limit=200&all=true&vendorInvoice=${invoice}`, undefined, withSignal(signal)));
}
export async function capitaliseInvoiceLines(input: InvoiceCapitaliseInput): Promise<CapitalisationView[]> {
  return unwrap(await apiRequest<CapitalisationView[]>('POST', '/fa/vendor-invoice-capitalisations', input));
}
export async function assetsFromInvoice(input: InvoiceAssetsInput): Promise<InvoiceAssetsResult> {
  return unwrap(await apiRequest<InvoiceAssetsResult>('POST', '/fa/vendor-invoice-assets', input));
}

/* Asset stock's issues and their undo. */
export const stockIssuesKey = (stock: string | null) => ['fa', 'asset-stock-issues', stock] as const;
export async function fetchStockIssues(stock: string, signal?: AbortSignal): Promise<AssetStockIssueView[]> {
  return unwrap(await apiRequest<AssetStockIssueView[]>('GET', `/fa/asset-stocks/${stock}/issues`, undefined, withSignal(signal)));
}
export async function undoStockIssue(issue: string, date: string): Promise<AssetStockIssueView> {
  return unwrap(await apiRequest<AssetStockIssueView>('POST', `/fa/asset-stock-issues/${issue}/undo`, { date }));
}
