import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  DEFAULT_DATE_FORMAT,
  displayAmount,
  displayDate,
  displayDateTime,
  type AssetMovements,
  type AssetRegister,
  type DepreciationForecast,
  type FaReportFormat,
} from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import type { KitScope } from '../../platform/kit/registry';
import { tablePdf } from '../../platform/kit/table-pdf';
import { companies } from '../organisation/index';
import { baseCurrencyOf } from './money';

/*
 * The fixed-asset reports as files, from the same objects the screens show: a PDF (the kit's table
 * report, landscape, the company's dates and locale) and a workbook (amounts as numeric cells at the
 * base currency's decimals, totals in bold).
 */

export type ReportFile = { fileName: string; contentType: string; body: Buffer };
type Column = { head: string; share: number; money?: boolean };
type Row = { cells: string[]; bold?: boolean };
type Section = { title?: string; columns: Column[]; rows: Row[] };
type Report = { title: string; facts: string[]; sections: Section[]; stem: string };

async function companyOf(tx: Tx, scope: KitScope) {
  const [c] = await tx.select({ description: companies.description, dateFormat: companies.dateFormat, locale: companies.locale }).from(companies)
    .where(and(eq(companies.tenantId, scope.tenantId), eq(companies.companyId, scope.companyId)));
  const { scale } = await baseCurrencyOf(tx, scope);
  return { name: c?.description ?? '', display: { dateFormat: c?.dateFormat ?? DEFAULT_DATE_FORMAT, locale: c?.locale ?? 'en-GB', timeZone: 'UTC' }, scale };
}

const numberFormat = (scale: number) => {
  const pattern = scale > 0 ? `#,##0.${'0'.repeat(scale)}` : '#,##0';
  return `${pattern};-${pattern}`;
};

async function render(tx: Tx, scope: KitScope, report: Report, format: FaReportFormat, now: Date): Promise<ReportFile> {
  const { name, display, scale } = await companyOf(tx, scope);
  if (format === 'pdf') {
    const body = await tablePdf({
      title: report.title, company: name, facts: report.facts, landscape: true, generatedAt: displayDateTime(now.toISOString(), display),
      sections: report.sections.map((s) => ({
        title: s.title,
        columns: s.columns.map((c) => ({ head: c.head, share: c.share, align: c.money ? ('right' as const) : ('left' as const) })),
        rows: s.rows.map((r) => ({ cells: r.cells.map((v, i) => (s.columns[i]?.money ? displayAmount(v, display, scale) : v)), bold: r.bold, ruled: r.bold })),
        empty: 'Nothing to show.',
      })),
    });
    return { fileName: `${report.stem}.pdf`, contentType: 'application/pdf', body };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = name;
  const sheet = workbook.addWorksheet(report.title.slice(0, 31), { pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  sheet.addRow([report.title]).font = { bold: true, size: 14 };
  sheet.addRow([name]);
  for (const f of report.facts) sheet.addRow([f]);
  sheet.addRow([`Generated ${displayDateTime(now.toISOString(), display)}`]).font = { italic: true, color: { argb: 'FF808080' } };
  const widths: number[] = [];
  for (const s of report.sections) {
    sheet.addRow([]);
    if (s.title) sheet.addRow([s.title]).font = { bold: true };
    const head = sheet.addRow(s.columns.map((c) => c.head));
    head.font = { bold: true };
    head.border = { bottom: { style: 'thin' } };
    s.columns.forEach((c, i) => {
      if (c.money) head.getCell(i + 1).alignment = { horizontal: 'right' };
      widths[i] = Math.max(widths[i] ?? 10, Math.min(40, c.head.length + 2));
    });
    for (const r of s.rows) {
      const row = sheet.addRow(r.cells.map((v, i) => (s.columns[i]?.money && v !== '' ? Number(v) : v)));
      s.columns.forEach((c, i) => {
        if (c.money) row.getCell(i + 1).numFmt = numberFormat(scale);
        widths[i] = Math.max(widths[i] ?? 10, Math.min(40, (r.cells[i] ?? '').length + 2));
      });
      if (r.bold) row.font = { bold: true };
    }
  }
  sheet.columns = widths.map((width) => ({ width }));
  return { fileName: `${report.stem}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

export async function registerFile(tx: Tx, scope: KitScope, r: AssetRegister, format: FaReportFormat, now: Date): Promise<ReportFile> {
  const { display } = await companyOf(tx, scope);
  const m = (head: string, share: number): Column => ({ head, share, money: true });
  return render(tx, scope, {
    title: 'Asset register', stem: `asset-register-${r.asOf}`, facts: [`As of ${displayDate(r.asOf, display)} · ${r.currency}`],
    sections: [
      {
        columns: [{ head: 'Code', share: 0.08 }, { head: 'Description', share: 0.17 }, { head: 'Class', share: 0.07 }, { head: 'Location', share: 0.09 }, { head: 'Custodian', share: 0.09 },
          { head: 'In service', share: 0.08 }, m('Cost', 0.1), m('Accumulated depreciation', 0.11), m('Net book value', 0.11), { head: 'State', share: 0.1 }],
        rows: r.rows.map((a) => ({ cells: [a.code, a.description, a.classCode, a.location ?? '', a.custodian ?? '', displayDate(a.inServiceDate, display), a.cost, a.accumulated, a.netBookValue, a.state] })),
      },
      {
        title: 'Totals per class',
        columns: [{ head: 'Class', share: 0.3 }, { head: 'Assets', share: 0.1 }, m('Cost', 0.2), m('Accumulated depreciation', 0.2), m('Net book value', 0.2)],
        rows: r.totals.map((t) => ({ cells: [t.classCode ? `${t.classCode} · ${t.className}` : 'Total', String(t.assets), t.cost, t.accumulated, t.netBookValue], bold: t.assetClass === null })),
      },
    ],
  }, format, now);
}

export async function forecastFile(tx: Tx, scope: KitScope, f: DepreciationForecast, format: FaReportFormat, now: Date): Promise<ReportFile> {
  const share = 0.7 / (f.periods.length + 1);
  const lead = f.by === 'Asset' ? [{ head: 'Asset', share: 0.1 }, { head: 'Description', share: 0.14 }, { head: 'Class', share: 0.06 }] : [{ head: 'Class', share: 0.1 }, { head: 'Name', share: 0.2 }];
  const pad = f.by === 'Asset' ? ['', ''] : [''];
  return render(tx, scope, {
    title: 'Depreciation forecast', stem: `depreciation-forecast-${f.from}-${f.to}`, facts: [`${f.from} to ${f.to} · per ${f.grain.toLowerCase()} and ${f.by.toLowerCase()} · ${f.currency}`],
    sections: [{
      columns: [...lead, ...f.periods.map((p) => ({ head: p, share, money: true })), { head: 'Total', share, money: true }],
      rows: [
        ...f.rows.map((r) => ({ cells: [r.code, r.name, ...(f.by === 'Asset' ? [r.classCode] : []), ...r.amounts, r.total] })),
        { cells: ['Total', ...pad, ...f.totals, f.total], bold: true },
      ],
    }],
  }, format, now);
}

export async function movementsFile(tx: Tx, scope: KitScope, s: AssetMovements, format: FaReportFormat, now: Date): Promise<ReportFile> {
  const { display } = await companyOf(tx, scope);
  const m = (head: string): Column => ({ head, share: 0.066, money: true });
  const cells = (r: AssetMovements['rows'][number]) => [
    r.classCode ? `${r.classCode} · ${r.className}` : (r.className ?? ''),
    r.openingCost, r.additions, r.revaluations, r.disposals, r.otherCost, r.closingCost,
    r.openingAccumulated, r.depreciation, r.accumulatedDisposals, r.otherAccumulated, r.closingAccumulated, r.netBookValue,
  ];
  return render(tx, scope, {
    title: 'Fixed asset movement schedule', stem: `asset-movements-${s.from}-${s.to}`,
    facts: [`${displayDate(s.from, display)} to ${displayDate(s.to, display)} · ${s.currency}`, s.tiesOut ? 'Ties to the general ledger' : 'Does NOT tie to the general ledger: see the differences'],
    sections: [
      {
        columns: [{ head: 'Class', share: 0.142 }, m('Opening cost'), m('Additions'), m('Revaluations'), m('Disposals'), m('Other'), m('Closing cost'),
          m('Opening acc. dep.'), m('Depreciation'), m('Disposals'), m('Other'), m('Closing acc. dep.'), m('Net book value')],
        rows: [...s.rows.map((r) => ({ cells: cells(r) })), { cells: cells(s.total), bold: true }],
      },
      {
        title: 'Tie-out to the general ledger',
        columns: [{ head: 'Account', share: 0.1 }, { head: 'Name', share: 0.2 }, { head: 'Role', share: 0.14 }, { head: 'Classes', share: 0.16 }, m('Schedule'), m('Ledger'), m('Difference'), { head: 'Ties out', share: 0.202 }],
        rows: s.tieOut.map((t) => ({ cells: [t.accountCode, t.accountName, t.role, t.classes.join(', '), t.schedule, t.ledger, t.difference, t.tiesOut ? 'Yes' : 'No'] })),
      },
    ],
  }, format, now);
}
