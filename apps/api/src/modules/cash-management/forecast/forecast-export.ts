import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { DEFAULT_DATE_FORMAT, displayDate, displayDateTime, forecastSources, type ForecastItem, type ForecastQuery, type ForecastResult } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { companies } from '../../organisation/index';
import { computeForecast, horizonItems } from './forecast.service';

/** '#,##0.00' for a currency of two decimals: the cells stay numbers a spreadsheet can sum. */
const numberFormat = (scale: number) => {
  const pattern = scale > 0 ? `#,##0.${'0'.repeat(scale)}` : '#,##0';
  return `${pattern};-${pattern}`;
};

type ForecastSheetMeta = { company: string; dateFormat: string; generatedAt: string; scales: Map<string, number> };

const sourceLabel = new Map<string, string>(forecastSources.map((s) => [s.key, s.label]));

/**
 * The forecast as a workbook: a Buckets sheet (per currency: opening, receipts, payments,
 * adjustments and closing of each bucket, as numeric cells) and an Items sheet (every flow of the
 * horizon with its source, dates and amount), the sources not yet wired named under the title.
 */
async function forecastXlsx(result: ForecastResult, items: (ForecastItem & { currency: string })[], meta: ForecastSheetMeta): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = meta.company;
  const date = (d: string) => displayDate(d, meta);
  const sheet = workbook.addWorksheet('Buckets');
  sheet.columns = [{ width: 14 }, { width: 14 }, { width: 10 }, { width: 18 }, { width: 18 }, { width: 18 }, { width: 18 }, { width: 18 }];
  sheet.getCell('A1').value = `Cash-flow forecast${result.forecast ? ` ${result.forecast.code} · ${result.forecast.name}` : ''}`;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = meta.company;
  sheet.getCell('A3').value = `${result.scope}: ${result.banks.map((b) => b.code).join(', ') || 'no active bank'} · ${result.granularity} from ${date(result.startDate)} to ${date(result.endDate)}`
    + (result.shiftByLateness ? ' · due dates shifted by average days late' : '');
  const missing = result.sources.filter((s) => !s.wired).map((s) => s.label);
  sheet.getCell('A4').value = missing.length > 0 ? `Not included (not available yet): ${missing.join(', ')}` : '';
  sheet.getCell('A5').value = `Generated ${meta.generatedAt}`;
  sheet.getCell('A5').font = { italic: true, color: { argb: 'FF808080' } };
  const header = sheet.getRow(7);
  header.values = ['From', 'To', 'Currency', 'Opening', 'Receipts', 'Payments', 'Adjustments', 'Closing'];
  header.font = { bold: true };
  for (const c of [4, 5, 6, 7, 8]) header.getCell(c).alignment = { horizontal: 'right' };
  for (const cur of result.currencies) {
    const format = numberFormat(meta.scales.get(cur.currency) ?? 2);
    for (const b of cur.buckets) {
      const row = sheet.addRow([date(b.from), date(b.to), cur.currency, ...[b.opening, b.receipts, b.payments, b.adjustments, b.closing].map(Number)]);
      for (const c of [4, 5, 6, 7, 8]) row.getCell(c).numFmt = format;
    }
  }
  sheet.views = [{ state: 'frozen', ySplit: 7 }];
  const list = workbook.addWorksheet('Items');
  list.columns = [{ width: 14 }, { width: 14 }, { width: 10 }, { width: 30 }, { width: 10 }, { width: 28 }, { width: 16 }, { width: 40 }, { width: 10 }, { width: 18 }];
  list.getRow(1).values = ['Expected', 'Due', 'Days late', 'Source', 'Bank', 'Party', 'Reference', 'Description', 'Currency', 'Amount'];
  list.getRow(1).font = { bold: true };
  list.getRow(1).getCell(10).alignment = { horizontal: 'right' };
  for (const i of items) {
    const row = list.addRow([date(i.expectedDate), date(i.dueDate), i.daysLate, sourceLabel.get(i.source) ?? i.source, i.bank ?? '', i.party ?? '', i.reference ?? '', i.description, i.currency, Number(i.amount)]);
    row.getCell(10).numFmt = numberFormat(meta.scales.get(i.currency) ?? 2);
  }
  list.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The forecast of the same settings as the screen, with every flow of its horizon, as an XLSX workbook (ExportCashflowForecast). */
export async function exportForecast(tx: Tx, scope: KitScope, q: ForecastQuery, now: Date): Promise<{ fileName: string; body: Buffer }> {
  const result = await computeForecast(tx, scope, q);
  const items = await horizonItems(tx, scope, q);
  const [company] = await tx.select({ code: companies.code, description: companies.description, dateFormat: companies.dateFormat }).from(companies).where(eq(companies.companyId, scope.companyId));
  const dateFormat = company?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const scales = new Map(result.banks.map((b) => [b.currency, b.scale]));
  const body = await forecastXlsx(result, items, {
    company: company ? `${company.code} · ${company.description}` : '', dateFormat, scales,
    // The server has no user's time zone: the file says its time is UTC.
    generatedAt: `${displayDateTime(now, { dateFormat, locale: 'en-GB', timeZone: 'UTC' })} UTC`,
  });
  return { fileName: `cashflow-forecast-${result.forecast?.code ?? 'adhoc'}-${result.startDate}.xlsx`, body };
}
