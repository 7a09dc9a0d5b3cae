/*
 * The trial balance on screen as CSV (RFC 4180): one line per account and per subtotal, amounts
 * as exact decimal strings with a point (machine-readable, not the screen's locale).
 */
import type { TbDisplayRow } from './trial-balance-rows';

/** A text cell starting like a formula is made text (CSV injection, OWASP); numbers stay numbers. */
const FORMULA_START = /^[=+\-@\t\r]/;
const AMOUNT = /^-?\d+(\.\d+)?$/;

export function csvField(text: string): string {
  const safe = FORMULA_START.test(text) && !AMOUNT.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const HEADER = ['Row', 'Class', 'Group', 'Account', 'Name', 'Opening', 'Debit', 'Credit', 'Closing'];
const LABEL = { groupTotal: 'Group total', classTotal: 'Class total', total: 'Total' } as const;

export function trialBalanceCsv(rows: readonly TbDisplayRow[]): string {
  const lines = [HEADER];
  let classCode = '';
  for (const row of rows) {
    if (row.kind === 'class') classCode = row.code;
    else if (row.kind === 'group') continue;
    else if (row.kind === 'account') {
      const r = row.row;
      lines.push(['Account', r.classCode, r.groupCode, r.code, r.name, r.opening, r.debit, r.credit, r.closing]);
    } else {
      const place = row.kind === 'groupTotal' ? [classCode, row.code] : row.kind === 'classTotal' ? [row.code, ''] : ['', ''];
      lines.push([LABEL[row.kind], ...place, '', row.name, row.opening, row.debit, row.credit, row.closing]);
    }
  }
  return lines.map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Saves the text as a file; the byte order mark makes spreadsheet programs read it as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
