import ExcelJS from 'exceljs';
import { amountCells, type ReportMeta, type ReportRow } from './trial-balance-export';

const HEADER_ROW = 6;
const SUBTOTAL_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } };

/** '#,##0.00' for a currency of two decimals: the cells stay numbers a spreadsheet can sum. */
const numberFormat = (scale: number) => {
  const pattern = scale > 0 ? `#,##0.${'0'.repeat(scale)}` : '#,##0';
  return `${pattern};-${pattern}`;
};

function label(r: ReportRow): [string, string] {
  switch (r.kind) {
    case 'groupTotal': return ['', `Total ${r.code} ${r.name}`];
    case 'classTotal': return ['', `Total ${r.name}`];
    case 'total': return ['', 'Total'];
    default: return [r.code, r.name];
  }
}

/**
 * The trial balance as a workbook: title, company, range and basis above the table; amounts as
 * numeric cells formatted at the currency's decimals; group and class subtotal rows in bold; the
 * header row frozen.
 */
export async function trialBalanceXlsx(meta: ReportMeta, rows: ReportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = meta.company;
  const sheet = workbook.addWorksheet('Trial Balance', { pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  sheet.columns = [{ width: 12 }, { width: 44 }, { width: 18 }, { width: 18 }, { width: 18 }, { width: 18 }];
  sheet.getCell('A1').value = meta.title;
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = meta.company;
  sheet.getCell('A3').value = `${meta.range} · ${meta.basis}`;
  sheet.getCell('A4').value = [meta.filters, meta.balanced ? 'Balanced' : 'Not balanced'].filter(Boolean).join(' · ');
  sheet.getCell('A5').value = `Generated ${meta.generatedAt}`;
  sheet.getCell('A5').font = { italic: true, color: { argb: 'FF808080' } };
  const header = sheet.getRow(HEADER_ROW);
  header.values = ['Account', 'Name', 'Opening', 'Debit', 'Credit', 'Closing'];
  header.font = { bold: true };
  header.border = { bottom: { style: 'thin' } };
  for (const c of [3, 4, 5, 6]) header.getCell(c).alignment = { horizontal: 'right' };
  const format = numberFormat(meta.scale);
  for (const r of rows) {
    const row = sheet.addRow(label(r));
    const amounts = amountCells(r);
    if (r.kind === 'class') row.font = { bold: true };
    else if (r.kind === 'group') row.font = { italic: true };
    if (amounts) {
      amounts.forEach((amount, i) => {
        const cell = row.getCell(i + 3);
        // Decimal strings of at most 15 significant digits are exact as spreadsheet numbers.
        cell.value = Number(amount);
        cell.numFmt = format;
      });
      if (r.kind !== 'account') row.font = { bold: true };
      if (r.kind === 'classTotal') row.eachCell((cell) => (cell.fill = SUBTOTAL_FILL));
      if (r.kind === 'total') row.eachCell((cell) => (cell.border = { top: { style: 'thin' }, bottom: { style: 'double' } }));
    }
  }
  sheet.views = [{ state: 'frozen', ySplit: HEADER_ROW }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
