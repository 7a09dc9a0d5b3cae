/* Calls of the year-end close (apps/api modules/ledger/year-end.routes.ts). */
import type { JournalView } from '@erp/contracts';
import { apiRequest, unwrap } from '../../app/api';

type AccountRef = { id: string; code: string; name: string };

export type ClosingPreview = {
  fiscalYear: { id: string; code: string; name: string; startDate: string; endDate: string; status: string };
  /** The adjustment period the closing entry posts into. */
  period: { id: string; name: string; status: string } | null;
  date: string;
  baseCurrency: string;
  retainedEarnings: AccountRef | null;
  netIncome: string;
  lines: {
    lineNo: number;
    account: string;
    accountCode: string;
    accountName: string;
    currency: string;
    dimensions: Record<string, string>;
    rate: string;
    debit: string;
    credit: string;
    baseDebit: string;
    baseCredit: string;
  }[];
  /** The closing journal already posted, if any. */
  closingJournal: string | null;
  /** What stops the close, in words; empty when it may run. */
  blockers: string[];
};

export type YearEndResult = { fiscalYear: { id: string; code: string; status: string }; journal: JournalView | null; netIncome: string; periodsClosed: number };

export const yearEndKey = (fiscalYearId: string) => ['gl', 'year-end', fiscalYearId] as const;

export async function fetchClosingPreview(fiscalYearId: string, signal?: AbortSignal): Promise<ClosingPreview> {
  return unwrap(await apiRequest<ClosingPreview>('GET', `/gl/fiscal-years/${fiscalYearId}/closing-entry`, undefined, signal ? { signal } : {}));
}

/** Posts the closing entry and closes every period and the year in one transaction; the key makes a repeated click close once. */
export async function closeFiscalYear(fiscalYearId: string, idempotencyKey: string): Promise<YearEndResult> {
  return unwrap(await apiRequest<YearEndResult>('POST', `/gl/fiscal-years/${fiscalYearId}/close`, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}
