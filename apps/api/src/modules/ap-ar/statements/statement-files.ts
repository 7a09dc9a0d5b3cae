import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DEFAULT_DATE_FORMAT, displayAmount, displayDate, displayDateTime, type Face, type PartyStatement } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { tablePdf, type TableSection } from '../../../platform/kit/table-pdf';
import { companies } from '../../organisation/index';
import { currencyFacts } from '../invoices/invoice-facts';

/*
 * The statement as files (issue 16): a PDF (the table report of the kit) and a workbook (one sheet,
 * amounts as numeric cells at the currency's decimals), both from the same PartyStatement the screen
 * shows, with the company's date format and locale.
 */

export type StatementFile = { fileName: string; contentType: string; body: Buffer };

type Display = { dateFormat: string; locale: string; timeZone: string };

async function companyDisplay(tx: Tx, scope: KitScope): Promise<{ name: string; display: Display }> {
  const [c] = await tx.select({ description: companies.description, dateFormat: companies.dateFormat, locale: companies.locale }).from(companies)
    .where(and(eq(companies.tenantId, scope.tenantId), eq(companies.companyId, scope.companyId)));
  return { name: c?.description ?? '', display: { dateFormat: c?.dateFormat ?? DEFAULT_DATE_FORMAT, locale: c?.locale ?? 'en-GB', timeZone: 'UTC' } };
}

const fileStem = (face: Face, s: PartyStatement) => `${face.partyWord}-statement-${s.party.code.replace(/[^\w.-]+/g, '_')}-${s.from}-${s.to}`;

export async function statementPdf(tx: Tx, scope: KitScope, face: Face, s: PartyStatement, now: Date): Promise<StatementFile> {
  const { name, display } = await companyDisplay(tx, scope);
  const { scales } = await currencyFacts(tx, scope);
  const date = (iso: string) => displayDate(iso, display);
  const owedWord = face.side === 'receivables' ? 'owed by you' : 'owed to you';
  const sections: TableSection[] = s.sections.map((sec) => {
    const money = (text: string) => displayAmount(text, display, scales[sec.currency] ?? 2);
    return {
      title: `${sec.currency}: balance ${owedWord} ${money(sec.closing)} on ${date(s.to)}`,
      columns: [
        { head: 'Date', share: 0.11 }, { head: 'Document', share: 0.2 }, { head: 'Description', share: 0.27 },
        { head: 'Debit', share: 0.14, align: 'right' }, { head: 'Credit', share: 0.14, align: 'right' }, { head: 'Balance', share: 0.14, align: 'right' },
      ],
      rows: [
        { cells: [date(s.from), 'Opening balance', '', '', '', money(sec.opening)], bold: true },
        ...sec.lines.map((l) => ({ cells: [date(l.date), [l.kind, l.documentNumber ?? l.journalNumber ?? ''].filter(Boolean).join(' '), l.description, isZero(l.debit) ? '' : money(l.debit), isZero(l.credit) ? '' : money(l.credit), money(l.balance)] })),
        { cells: [date(s.to), 'Closing balance', '', money(sec.debit), money(sec.credit), money(sec.closing)], bold: true, ruled: true },
      ],
    };
  });
  if (s.ageing.rows.length > 0) {
    const share = 0.6 / (s.ageing.buckets.length + 1);
    sections.push({
      title: `Ageing on ${date(s.to)} (days past due)`,
      columns: [{ head: 'Currency', share: 0.4 }, ...s.ageing.buckets.map((b) => ({ head: b, share, align: 'right' as const })), { head: 'Total', share, align: 'right' }],
      rows: s.ageing.rows.map((r) => {
        const money = (text: string) => displayAmount(text, display, scales[r.currency] ?? 2);
        return { cells: [r.currency, ...r.buckets.map(money), money(r.total)] };
      }),
    });
  }
  const body = await tablePdf({
    title: `${face.partyLabel} statement`,
    company: name,
    facts: [`${s.party.code} · ${s.party.name}`, `${date(s.from)} to ${date(s.to)}`],
    sections: sections.length ? sections : [{ columns: [{ head: 'Postings', share: 1 }], rows: [], empty: 'Nothing was posted for this party, and nothing is open.' }],
    generatedAt: displayDateTime(now.toISOString(), display),
  });
  return { fileName: `${fileStem(face, s)}.pdf`, contentType: 'application/pdf', body };
}

const isZero = (text: string) => !/[1-9]/.test(text);

/** '#,##0.00' for a currency of two decimals: the cells stay numbers a spreadsheet can sum. */
const numberFormat = (scale: number) => {
  const pattern = scale > 0 ? `#,##0.${'0'.repeat(scale)}` : '#,##0';
  return `${pattern};-${pattern}`;
};

export async function statementXlsx(tx: Tx, scope: KitScope, face: Face, s: PartyStatement, now: Date): Promise<StatementFile> {
  const { name, display } = await companyDisplay(tx, scope);
  const { scales } = await currencyFacts(tx, scope);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = name;
  const sheet = workbook.addWorksheet('Statement');
  sheet.columns = [{ width: 12 }, { width: 16 }, { width: 18 }, { width: 40 }, { width: 16 }, { width: 16 }, { width: 16 }];
  sheet.addRow([`${face.partyLabel} statement`]).font = { bold: true, size: 14 };
  sheet.addRow([name]);
  sheet.addRow([`${s.party.code} · ${s.party.name}`]);
  sheet.addRow([`${displayDate(s.from, display)} to ${displayDate(s.to, display)}`]);
  sheet.addRow([`Generated ${displayDateTime(now.toISOString(), display)}`]).font = { italic: true, color: { argb: 'FF808080' } };
  // Dates as real date cells in the company's format; amounts as numbers (decimal text of at most 15 digits is exact).
  const excelDate = display.dateFormat.replace(/D/g, 'd').replace(/Y/g, 'y');
  const dateCell = (iso: string) => new Date(`${iso}T00:00:00Z`);
  for (const sec of s.sections) {
    const format = numberFormat(scales[sec.currency] ?? 2);
    sheet.addRow([]);
    sheet.addRow([sec.currency]).font = { bold: true };
    const header = sheet.addRow(['Date', 'Kind', 'Document', 'Description', 'Debit', 'Credit', 'Balance']);
    header.font = { bold: true };
    header.border = { bottom: { style: 'thin' } };
    const put = (values: (string | number | Date | null)[], bold = false) => {
      const row = sheet.addRow(values);
      row.getCell(1).numFmt = excelDate;
      for (const c of [5, 6, 7]) row.getCell(c).numFmt = format;
      if (bold) row.font = { bold: true };
      return row;
    };
    put([dateCell(s.from), 'Opening balance', null, null, null, null, Number(sec.opening)], true);
    for (const l of sec.lines) put([dateCell(l.date), l.kind, l.documentNumber ?? l.journalNumber, l.description, isZero(l.debit) ? null : Number(l.debit), isZero(l.credit) ? null : Number(l.credit), Number(l.balance)]);
    put([dateCell(s.to), 'Closing balance', null, null, Number(sec.debit), Number(sec.credit), Number(sec.closing)], true).border = { top: { style: 'thin' } };
  }
  if (s.ageing.rows.length > 0) {
    sheet.addRow([]);
    sheet.addRow([`Ageing on ${displayDate(s.to, display)} (days past due)`]).font = { bold: true };
    sheet.addRow(['Currency', ...s.ageing.buckets, 'Total']).font = { bold: true };
    for (const r of s.ageing.rows) {
      const row = sheet.addRow([r.currency, ...r.buckets.map(Number), Number(r.total)]);
      for (let c = 2; c <= r.buckets.length + 2; c++) row.getCell(c).numFmt = numberFormat(scales[r.currency] ?? 2);
    }
  }
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `${fileStem(face, s)}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body };
}
