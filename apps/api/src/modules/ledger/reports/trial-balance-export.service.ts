import { eq } from 'drizzle-orm';
import type { TrialBalanceExportFormat } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { unprocessable } from '../../../platform/http/errors';
import { toCsv, type Table } from '../../../platform/kit/tabular-files';
import type { KitScope } from '../../../platform/kit/registry';
import { companies } from '../../organisation/index';
import { companyLedger } from '../posting/posting-context';
import { transactionHistory, trialBalance, type TrialBalanceQuery } from './trial-balance.service';
import { DEFAULT_DATE_FORMAT, displayDate, displayDateTime } from '@erp/contracts';
import { reportRows, reportTable, type ReportMeta } from './trial-balance-export';
import { trialBalancePdf } from './trial-balance-export-pdf';
import { trialBalanceXlsx } from './trial-balance-export-xlsx';

type ExportFormat = TrialBalanceExportFormat;
export type ExportFile = { fileName: string; contentType: string; body: Buffer | string };

const CONTENT_TYPE: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

function filtersText(q: TrialBalanceQuery): string {
  const parts: string[] = [];
  if (q.dimension) parts.push(`Dimension ${q.dimension.replace('=', ' ')}`);
  if (q.fromAccount || q.toAccount) parts.push(`Accounts ${q.fromAccount ?? '…'} to ${q.toAccount ?? '…'}`);
  if (q.includeZero) parts.push('Zero balances included');
  return parts.join(' · ');
}

/** The trial balance of the same filters as the screen, as an XLSX workbook, a PDF or CSV (ExportTrialBalance). */
export async function exportTrialBalance(tx: Tx, scope: KitScope, q: TrialBalanceQuery, format: ExportFormat, now: Date): Promise<ExportFile> {
  const tb = await trialBalance(tx, scope, q);
  const [company] = await tx.select({ code: companies.code, description: companies.description, dateFormat: companies.dateFormat, locale: companies.locale }).from(companies).where(eq(companies.companyId, scope.companyId));
  const ledger = await companyLedger(tx, scope);
  const rows = reportRows(tb);
  const fileName = `trial-balance-${tb.from}-${tb.to}${q.currency ? `-${tb.currency}` : ''}.${format}`;
  if (format === 'csv') return { fileName, contentType: CONTENT_TYPE.csv, body: toCsv(reportTable(rows)) };
  // The server has no user's time zone: the file says its time is UTC.
  const display = { dateFormat: company?.dateFormat ?? DEFAULT_DATE_FORMAT, locale: company?.locale ?? 'en-GB', timeZone: 'UTC' };
  const meta: ReportMeta = {
    title: 'Trial Balance',
    company: company ? `${company.code} · ${company.description}` : '',
    range: `${displayDate(tb.from, display)} – ${displayDate(tb.to, display)}`,
    basis: q.currency ? `${tb.currency} (transaction currency)` : `${tb.currency} (base currency)`,
    filters: filtersText(q),
    balanced: tb.balanced,
    scale: ledger.scales[tb.currency] ?? 2,
    generatedAt: `${displayDateTime(now, display)} UTC`,
    locale: display.locale,
  };
  const body = format === 'xlsx' ? await trialBalanceXlsx(meta, rows) : await trialBalancePdf(meta, rows);
  return { fileName, contentType: CONTENT_TYPE[format], body };
}

/** A drill-down export holds at most this many lines: past it, the user narrows the date range. */
export const HISTORY_EXPORT_LINES_MAX = 100_000;

/**
 * The lines of one account over a range as the drill-down shows them (opening balance, each line
 * with its running balance, closing balance), as a table for CSV or XLSX (ExportTrialBalance).
 */
export async function exportTransactionHistory(tx: Tx, scope: KitScope, accountId: string, q: { from: string; to: string }): Promise<{ name: string; table: Table }> {
  const history = await transactionHistory(tx, scope, accountId, { ...q, limit: HISTORY_EXPORT_LINES_MAX });
  if (history.nextCursor) throw unprocessable(`The account has more than ${HISTORY_EXPORT_LINES_MAX.toLocaleString('en-US')} lines in this range: narrow the dates`);
  const opening = history.opening ?? '0';
  const closing = history.items.at(-1)?.balance ?? opening;
  const c = history.currency;
  return {
    name: `transactions-${history.account.code}-${q.from}-${q.to}`,
    table: {
      headers: ['Date', 'Journal', 'Line', 'Description', 'Currency', `Debit (${c})`, `Credit (${c})`, `Balance (${c})`],
      rows: [
        [q.from, '', '', 'Opening balance', c, '', '', opening],
        ...history.items.map((l) => [l.date, l.number ?? '', String(l.lineNo), l.description ?? '', l.currency, isZero(l.debit) ? '' : l.debit, isZero(l.credit) ? '' : l.credit, l.balance]),
        [q.to, '', '', 'Closing balance', c, '', '', closing],
      ],
    },
  };
}

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount);
