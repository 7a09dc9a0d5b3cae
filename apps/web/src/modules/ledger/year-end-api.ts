/* Calls of the year-end close (apps/api modules/ledger/year-end.routes.ts). */
import type { ClosingPreview, YearEndResult } from '@erp/contracts';
import { apiRequest, unwrap } from '../../app/api';

export type { ClosingPreview, YearEndResult } from '@erp/contracts';

export const yearEndKey = (fiscalYearId: string) => ['gl', 'year-end', fiscalYearId] as const;

export async function fetchClosingPreview(fiscalYearId: string, signal?: AbortSignal): Promise<ClosingPreview> {
  return unwrap(await apiRequest<ClosingPreview>('GET', `/gl/fiscal-years/${fiscalYearId}/closing-entry`, undefined, signal ? { signal } : {}));
}

/** Posts the closing entry and closes every period and the year in one transaction; the key makes a repeated click close once. */
export async function closeFiscalYear(fiscalYearId: string, idempotencyKey: string): Promise<YearEndResult> {
  return unwrap(await apiRequest<YearEndResult>('POST', `/gl/fiscal-years/${fiscalYearId}/close`, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}
