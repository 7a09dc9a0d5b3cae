import type { AgeingReport } from '@erp/contracts';
import { csvField } from '../../ledger/reports/trial-balance-csv';

/** An ageing report as CSV (RFC 4180, amounts as exact decimals with a point): a line per party and currency, then each currency's totals and the total in base. */
export function ageingCsv(report: AgeingReport): string {
  const lines: string[][] = [['Party', 'Name', 'Currency', ...report.buckets, 'Total', `Total (${report.baseCurrency})`]];
  for (const r of report.rows) lines.push([r.partyCode, r.partyName, r.currency, ...r.buckets, r.total, r.baseTotal]);
  lines.push([]);
  for (const c of report.currencies) lines.push(['Total', '', c.currency, ...c.buckets, c.total, c.baseTotal]);
  lines.push([`Total in ${report.baseCurrency}`, '', report.baseCurrency, ...report.baseBuckets, report.baseTotal, report.baseTotal]);
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}
