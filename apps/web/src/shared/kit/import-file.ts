/*
 * The browser half of an import: the chosen file as base64 for the server, and the rows of the
 * preview. The server validates (dry run) and reports errors by row and field; a CSV file is also
 * read here so that rows with errors show what they hold, with the bad cells marked.
 */
import { exampleValue, fieldOfHeader, readCsv, type EntityDef, type ImportResult, type Table } from '@erp/contracts';

export type { Table };

/** A file's bytes as base64 (without the data-URL prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function readAsText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** The CSV reader the server uses (contracts), lenient here: a preview shows what it can read. */
export function parseCsv(text: string): Table {
  const { headers, rows } = readCsv(text);
  return { headers, rows };
}

export { fieldOfHeader };

export type PreviewRow = {
  /** The row number in the file (the header is row 1). */
  row: number;
  values: Record<string, string>;
  /** Messages by field, for the cells to mark. */
  cellErrors: Record<string, string>;
  /** Messages naming no field of the entity. */
  otherErrors: string[];
};

/** How a value the server parsed reads in the preview (references are ids there: say they were found). */
function parsedText(def: EntityDef, field: string, value: unknown): string {
  const f = def.fields[field];
  if (value === null || value === undefined || !f) return '';
  if (f.type === 'ref') return '✓ found';
  if (f.type === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join('; ');
  return String(value);
}

function rawValues(def: EntityDef, headers: readonly string[], cells: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  headers.forEach((header, c) => {
    const field = fieldOfHeader(def, header);
    if (field) values[field] = (cells[c] ?? '').trim();
  });
  return values;
}

/**
 * Every row the preview can show, in file order: each row of a CSV file (its cells as written),
 * otherwise the valid rows the server previewed and the rows it found errors in.
 */
export function previewRows(def: EntityDef, result: ImportResult, raw?: Table): PreviewRow[] {
  const rows = new Map<number, PreviewRow>();
  const rowOf = (row: number) => rows.get(row) ?? rows.set(row, { row, values: {}, cellErrors: {}, otherErrors: [] }).get(row)!;
  raw?.rows.forEach((cells, i) => (rowOf(i + 2).values = rawValues(def, raw.headers, cells)));
  for (const parsed of result.preview) {
    const row = Number(parsed.row);
    if (raw || !Number.isInteger(row)) continue;
    const entry = rowOf(row);
    for (const field of Object.keys(def.fields)) entry.values[field] = parsedText(def, field, parsed[field]);
  }
  for (const error of result.errors) {
    if (error.row < 2) continue;
    const entry = rowOf(error.row);
    if (error.field in def.fields) {
      const before = entry.cellErrors[error.field];
      entry.cellErrors[error.field] = before ? `${before}; ${error.message}` : error.message;
    } else entry.otherErrors.push(error.message);
  }
  return [...rows.values()].sort((a, b) => a.row - b.row);
}

export const rowHasErrors = (row: PreviewRow) => row.otherErrors.length > 0 || Object.keys(row.cellErrors).length > 0;

/** The column an error names, as the user knows it: the field's label, else the header as written. */
export const columnLabel = (def: EntityDef, field: string) => def.fields[field]?.label ?? field;

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A CSV file with the import's header row (every field by its label) and one example row to write over. */
export function templateCsv(def: EntityDef): string {
  const fields = Object.keys(def.fields);
  const header = fields.map((field) => csvCell(def.fields[field]!.label));
  const example = fields.map((field) => csvCell(exampleValue(def, field)));
  return `${header.join(',')}\r\n${example.join(',')}\r\n`;
}
