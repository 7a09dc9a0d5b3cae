import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { toCsv } from '../../platform/kit/tabular-files';
import type { KitScope } from '../../platform/kit/registry';
import { companies } from '../organisation/index';
import { companyLedger } from './posting-context';
import { trialBalance, type TrialBalanceQuery } from './trial-balance.service';
import { formatDate, reportRows, reportTable, type ReportMeta } from './trial-balance-export';
import { trialBalancePdf } from './trial-balance-export-pdf';
import { trialBalanceXlsx } from './trial-balance-export-xlsx';

export const exportFormats = ['xlsx', 'pdf', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];
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
  const [company] = await tx.select({ code: companies.code, description: companies.description, dateFormat: companies.dateFormat }).from(companies).where(eq(companies.companyId, scope.companyId));
  const ledger = await companyLedger(tx, scope);
  const rows = reportRows(tb);
  const fileName = `trial-balance-${tb.from}-${tb.to}${q.currency ? `-${tb.currency}` : ''}.${format}`;
  if (format === 'csv') return { fileName, contentType: CONTENT_TYPE.csv, body: toCsv(reportTable(rows)) };
  const dateFormat = company?.dateFormat ?? 'yyyy-mm-dd';
  const meta: ReportMeta = {
    title: 'Trial Balance',
    company: company ? `${company.code} · ${company.description}` : '',
    range: `${formatDate(tb.from, dateFormat)} – ${formatDate(tb.to, dateFormat)}`,
    basis: q.currency ? `${tb.currency} (transaction currency)` : `${tb.currency} (base currency)`,
    filters: filtersText(q),
    balanced: tb.balanced,
    scale: ledger.scales[tb.currency] ?? 2,
    generatedAt: `${formatDate(now.toISOString().slice(0, 10), dateFormat)} ${now.toISOString().slice(11, 16)} UTC`,
  };
  const body = format === 'xlsx' ? await trialBalanceXlsx(meta, rows) : await trialBalancePdf(meta, rows);
  return { fileName, contentType: CONTENT_TYPE[format], body };
}
