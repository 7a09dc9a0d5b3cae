export type CsvValue = string | number | boolean | null | undefined;
export type CsvColumn<T> = { title: string; value: (row: T) => CsvValue };

/*
 * A text cell starting with one of these is run as a formula by spreadsheet programs (CSV
 * injection, OWASP); a leading apostrophe keeps it text. Numbers are written as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = typeof value === 'boolean' ? (value ? 'true' : 'false') : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row of the column titles, then one row per record; lines end in CRLF (RFC 4180). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const header = columns.map((column) => csvField(column.title)).join(',');
  const lines = rows.map((row) => columns.map((column) => csvField(column.value(row))).join(','));
  return [header, ...lines].join('\r\n') + '\r\n';
}

/** 'Users list' + date -> 'users-list-2025-01-31.csv'. */
export function csvFileName(base: string, date: Date = new Date()): string {
  const slug =
    base
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${slug}-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}

/** Saves the text as a file; the byte order mark makes spreadsheet programs read it as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
