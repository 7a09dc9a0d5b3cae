/* Calls of a statement's reconciliation (/cm/reconciliations/:id, issue 17). */
import type { BankReconciliation, LineEntryBody, LineEntryResult, ManualMatchBody, ReconciliationReport } from '@erp/contracts';
import { apiDownload, apiRequest, unwrap } from '../../../app/api';
import { saveBlob } from '../../../shared/kit/kit-api';
import { newIdempotencyKey } from '../../ledger/journals/idempotency-key';

const base = (id: string) => `/cm/reconciliations/${id}`;
export const reconciliationKey = (id: string | undefined) => ['cm', 'reconciliation', id] as const;
export const reportKey = (id: string | undefined) => ['cm', 'reconciliation', id, 'report'] as const;

export async function fetchReconciliation(id: string, signal?: AbortSignal): Promise<BankReconciliation> {
  return unwrap(await apiRequest<BankReconciliation>('GET', base(id), undefined, signal ? { signal } : {}));
}
export async function fetchReport(id: string, signal?: AbortSignal): Promise<ReconciliationReport> {
  return unwrap(await apiRequest<ReconciliationReport>('GET', `${base(id)}/report`, undefined, signal ? { signal } : {}));
}
export async function runRules(id: string): Promise<{ proposed: number }> {
  return unwrap(await apiRequest<{ proposed: number }>('POST', `${base(id)}/run`));
}
export async function decide(id: string, matchId: string, decision: 'accept' | 'reject'): Promise<void> {
  unwrap(await apiRequest('POST', `${base(id)}/matches/${matchId}/${decision}`, undefined, decision === 'accept' ? { headers: { 'Idempotency-Key': newIdempotencyKey() } } : {}));
}
export async function matchByHand(id: string, body: ManualMatchBody): Promise<void> {
  unwrap(await apiRequest('POST', `${base(id)}/matches`, body));
}
export async function createEntry(id: string, body: LineEntryBody): Promise<LineEntryResult> {
  return unwrap(await apiRequest<LineEntryResult>('POST', `${base(id)}/entries`, body, { headers: { 'Idempotency-Key': newIdempotencyKey() } }));
}
export async function closeReconciliation(id: string): Promise<void> {
  unwrap(await apiRequest('POST', `${base(id)}/close`));
}
export async function undoReconciliation(id: string, reason: string): Promise<void> {
  unwrap(await apiRequest('POST', `${base(id)}/undo`, { reason }));
}
export async function downloadReport(id: string, format: 'pdf' | 'xlsx'): Promise<void> {
  const file = unwrap(await apiDownload(`${base(id)}/report/file?format=${format}`));
  saveBlob(file.blob, file.fileName ?? `bank-reconciliation.${format}`);
}
