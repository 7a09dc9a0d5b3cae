import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { readCsv, type Table } from '@erp/contracts';

export type { Table };
import { badRequest } from '../http/errors';


/** The shared CSV reader (contracts), refusing what an import cannot use. */
export function parseCsv(text: string): Table {
  const { headers, rows, unterminated } = readCsv(text);
  if (unterminated) throw badRequest('The CSV file ends inside a quoted field');
  if (headers.length === 0) throw badRequest('The file has no header row');
  return { headers, rows };
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
export const toCsv = (t: Table) => `\uFEFF${[t.headers, ...t.rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

/** The first worksheet of an XLSX file: its first row names the columns. */
export async function parseXlsx(buffer: Buffer): Promise<Table> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest('The file is not a readable XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('The workbook has no worksheet');
  const width = sheet.columnCount;
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value).trim());
    if (cells.some((v) => v !== '')) records.push(cells);
  });
  const [headers, ...rows] = records;
  if (!headers) throw badRequest('The worksheet has no header row');
  return { headers, rows };
}

export async function toXlsx(sheetName: string, t: Table): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(t.headers).font = { bold: true };
  for (const r of t.rows) sheet.addRow(r);
  sheet.columns.forEach((c, i) => (c.width = Math.min(50, Math.max(10, ...[t.headers[i] ?? '', ...t.rows.map((r) => r[i] ?? '')].map((v) => v.length + 2)))));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function parseTabular(fileName: string, contentBase64: string): Promise<Table> {
  const buffer = Buffer.from(contentBase64, 'base64');
  if (/\.xlsx$/i.test(fileName)) return parseXlsx(buffer);
  if (/\.(csv|txt)$/i.test(fileName)) return parseCsv(buffer.toString('utf8'));
  throw badRequest('Import takes a .csv or .xlsx file');
}

/** Sends a table as a CSV or XLSX attachment named `name.format` (the export formats of every list). */
export async function sendTable(reply: FastifyReply, name: string, sheet: string, format: 'csv' | 'xlsx', table: Table) {
  reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
  if (format === 'xlsx') return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(sheet, table));
  return reply.type('text/csv; charset=utf-8').send(toCsv(table));
}
