import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { hasNul, NUL_MESSAGE, readCsv, type Table } from '@erp/contracts';

export type { Table };
import { badRequest } from '../http/errors';
import { readXlsxRows } from './xlsx-reader';


/** The shared CSV reader (contracts), refusing what an import cannot use. */
export function parseCsv(text: string): Table {
  const { headers, rows, unterminated } = readCsv(text);
  if (unterminated) throw badRequest('The CSV file ends inside a quoted field');
  if (headers.length === 0) throw badRequest('The file has no header row');
  return { headers, rows };
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
export const toCsv = (t: Table) => `\uFEFF${[t.headers, ...t.rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** The most rows below the header an import reads: the XLSX reader stops there instead of unpacking the rest. */
export const TABULAR_ROWS_MAX = 10_000;

/** The first worksheet of an XLSX file: its first row names the columns. Read as a bounded stream (xlsx-reader.ts). */
export async function parseXlsx(buffer: Buffer, rowsMax = TABULAR_ROWS_MAX): Promise<Table> {
  const [headers, ...rows] = await readXlsxRows(buffer, { rowsMax });
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
  let table: Table;
  if (/\.xlsx$/i.test(fileName)) table = await parseXlsx(buffer);
  else if (/\.(csv|txt)$/i.test(fileName)) table = parseCsv(buffer.toString('utf8'));
  else throw badRequest('Import takes a .csv or .xlsx file');
  // PostgreSQL text cannot hold U+0000: a cell with one is named here, not failed on in the database.
  for (const [i, row] of [table.headers, ...table.rows].entries()) {
    const c = row.findIndex(hasNul);
    if (c >= 0) throw badRequest(`Row ${i + 1}, column ${c + 1} ${NUL_MESSAGE}`);
  }
  return table;
}

/** Sends a table as a CSV or XLSX attachment named `name.format` (the export formats of every list). */
export async function sendTable(reply: FastifyReply, name: string, sheet: string, format: 'csv' | 'xlsx', table: Table) {
  reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
  if (format === 'xlsx') return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(sheet, table));
  return reply.type('text/csv; charset=utf-8').send(toCsv(table));
}
