/*
 * Calls of the trial balance and its drill-down (apps/api modules/ledger/trial-balance.routes.ts).
 * Amounts arrive as decimal strings at the currency's scale and stay strings.
 */
import type { SubledgerTieout, TbImportRequest, TbImportResult, TransactionPage, TrialBalance, TrialBalanceExportFormat } from '@erp/contracts';
import { apiDownload, apiRequest, unwrap } from '../../../app/api';
import { saveBlob } from '../../../shared/kit/kit-api';

export { trialBalanceExportFormats } from '@erp/contracts';
export type { Amounts, Subtotal, TbImportRequest, TbImportResult, TransactionLine, TransactionPage, TrialBalance, TrialBalanceExportFormat, TrialBalanceRow } from '@erp/contracts';

export type TrialBalanceFilter = {
  from: string;
  to: string;
  /** A transaction currency; empty: the base currency. */
  currency: string;
  /** 'GROUP=CODE'; empty: every dimension. */
  dimension: string;
  fromAccount: string;
  toAccount: string;
  includeZero: boolean;
};

export const reportsKey = ['gl', 'reports'] as const;

export function trialBalancePath(f: TrialBalanceFilter): string {
  const params = new URLSearchParams({ from: f.from, to: f.to });
  if (f.currency) params.set('currency', f.currency);
  if (f.dimension) params.set('dimension', f.dimension);
  if (f.fromAccount.trim()) params.set('fromAccount', f.fromAccount.trim());
  if (f.toAccount.trim()) params.set('toAccount', f.toAccount.trim());
  if (f.includeZero) params.set('includeZero', 'true');
  return `/gl/trial-balance?${params.toString()}`;
}

export async function fetchTrialBalance(filter: TrialBalanceFilter, signal?: AbortSignal): Promise<TrialBalance> {
  return unwrap(await apiRequest<TrialBalance>('GET', trialBalancePath(filter), undefined, signal ? { signal } : {}));
}

/** Each control account beside the sum of its parties as of a day (GET /gl/subledger-tieout). */
export async function fetchSubledgerTieout(asOf: string, signal?: AbortSignal): Promise<SubledgerTieout> {
  return unwrap(await apiRequest<SubledgerTieout>('GET', `/gl/subledger-tieout?asOf=${asOf}`, undefined, signal ? { signal } : {}));
}

export const TRANSACTION_PAGE_SIZE = 100;

export function transactionsPath(account: string, from: string, to: string, cursor?: string): string {
  const params = new URLSearchParams({ from, to, limit: String(TRANSACTION_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return `/gl/accounts/${account}/transactions?${params.toString()}`;
}

export async function fetchTransactions(account: string, from: string, to: string, cursor: string | undefined, signal?: AbortSignal): Promise<TransactionPage> {
  return unwrap(await apiRequest<TransactionPage>('GET', transactionsPath(account, from, to, cursor), undefined, signal ? { signal } : {}));
}

/** Downloads one account's lines over the range (opening, running and closing balance) as CSV or XLSX. */
export async function downloadTransactions(account: string, from: string, to: string, format: 'csv' | 'xlsx'): Promise<void> {
  const query = new URLSearchParams({ from, to, format });
  const file = unwrap(await apiDownload(`/gl/accounts/${account}/transactions/export?${query.toString()}`));
  saveBlob(file.blob, file.fileName ?? `transactions.${format}`);
}

export type FiscalYearRange = { code: string; startDate: string; endDate: string };

/** The company's fiscal years (the trial balance's presets and as-of start). */
export async function fetchFiscalYears(signal?: AbortSignal): Promise<FiscalYearRange[]> {
  const list = unwrap(await apiRequest<{ items: FiscalYearRange[] }>('GET', '/gl/fiscal-years?limit=100', undefined, signal ? { signal } : {}));
  return list.items;
}


/** GET /gl/trial-balance/export with the report's own filters and the file format. */
export function trialBalanceExportPath(filter: TrialBalanceFilter, format: TrialBalanceExportFormat): string {
  return trialBalancePath(filter).replace('/gl/trial-balance?', '/gl/trial-balance/export?') + `&format=${format}`;
}

/** Downloads the trial balance as the server builds it (XLSX with numeric cells and subtotals, PDF or CSV). */
export async function downloadTrialBalance(filter: TrialBalanceFilter, format: TrialBalanceExportFormat): Promise<void> {
  const file = unwrap(await apiDownload(trialBalanceExportPath(filter, format)));
  saveBlob(file.blob, file.fileName ?? `trial-balance-${filter.from}-${filter.to}.${format}`);
}

/** POST /gl/trial-balance/import: a preview (dryRun, nothing written) or the opening-balance journal, draft or posted. */
export async function importTrialBalance(request: TbImportRequest): Promise<TbImportResult> {
  return unwrap(await apiRequest<TbImportResult>('POST', '/gl/trial-balance/import', request));
}
