/* Calls of the statement routes (issue 17): the /bank-reconciliations list and export, preview and import of a file, a bank's CSV/XLSX mapping. */
import type { StatementImportResult, StatementList, StatementListQuery, StatementMapping, StatementMappingResult } from '@erp/contracts';
import { apiDownload, apiRequest, apiUpload, unwrap } from '../../../app/api';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The query string of a request: only the values that are set. */
export function statementParams(q: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
}

export const statementsKey = ['cash-management', 'bank-statements'] as const;

export async function fetchStatements(q: StatementListQuery, signal?: AbortSignal): Promise<StatementList> {
  return unwrap(await apiRequest<StatementList>('GET', `/cm/bank-statements?${statementParams(q)}`, undefined, withSignal(signal)));
}

export async function downloadStatements(q: Omit<StatementListQuery, 'limit' | 'page'>, format: 'csv' | 'xlsx') {
  return unwrap(await apiDownload(`/cm/bank-statements/export?${statementParams({ ...q, format })}`));
}

export type UploadTarget = { bank: string; file: File };
export type ImportChoice = { importAnyway: boolean; reason: string };

export async function previewStatementFile({ bank, file }: UploadTarget): Promise<StatementImportResult> {
  return unwrap(await apiUpload<StatementImportResult>(`/cm/bank-statements/preview?${statementParams({ bank, fileName: file.name })}`, file));
}

export async function importStatementFile({ bank, file }: UploadTarget, choice: ImportChoice): Promise<StatementImportResult> {
  const q = statementParams({ bank, fileName: file.name, ...(choice.importAnyway ? { importAnyway: 'true', reason: choice.reason } : {}) });
  return unwrap(await apiUpload<StatementImportResult>(`/cm/bank-statements/import?${q}`, file));
}

export async function fetchMapping(bankId: string, signal?: AbortSignal): Promise<StatementMappingResult> {
  return unwrap(await apiRequest<StatementMappingResult>('GET', `/cm/statement-mappings/${bankId}`, undefined, withSignal(signal)));
}

export async function saveMapping(bankId: string, mapping: StatementMapping): Promise<StatementMappingResult> {
  return unwrap(await apiRequest<StatementMappingResult>('PUT', `/cm/statement-mappings/${bankId}`, mapping));
}
