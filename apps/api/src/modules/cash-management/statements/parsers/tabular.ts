import { readCsv, type MappingDateFormat, type StatementMapping } from '@erp/contracts';
import { addDecimals, canonicalDecimal, cleanText, emptyLine, isoDay, signed, StatementParseError, type ParsedStatement, type StatementLine } from './shape';

/*
 * CSV and XLSX statements read through the bank's saved mapping (statementMappingSchema): rows
 * skipped before the header, the date format, the decimal separator, one signed amount or money in
 * and money out as magnitudes, the optional running balance. One file is one statement in the bank's
 * currency. With a balance column the opening is the first row's balance less its amount and the
 * closing the last row's balance; without one the file has no balances (the importer continues
 * from the bank's last closing and says so).
 */

/** CSV text to its records (every row, the header too), with the mapping's delimiter. */
export function csvRecords(text: string, delimiter: string): string[][] {
  const { headers, rows, unterminated } = readCsv(text, delimiter);
  if (unterminated) throw new StatementParseError('The CSV file ends inside a quoted field');
  return [headers, ...rows];
}

/** A date in the mapping's format; an XLSX date cell arrives as YYYY-MM-DD and is taken as is. */
export function mappedDate(text: string, format: MappingDateFormat): string {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(s);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]), s);
  const parts = s.split(/[/.\-\s]/).filter(Boolean);
  const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  let ymd: [number, number, number] | null = null;
  switch (format) {
    case 'YYYYMMDD': if (compact) ymd = [Number(compact[1]), Number(compact[2]), Number(compact[3])]; break;
    case 'YYYY-MM-DD': break;
    case 'DD/MM/YYYY': case 'DD.MM.YYYY': case 'DD-MM-YYYY': case 'DD/MM/YY': if (parts.length === 3) ymd = [year(parts[2]!), Number(parts[1]), Number(parts[0])]; break;
    case 'MM/DD/YYYY': case 'MM-DD-YYYY': case 'MM/DD/YY': if (parts.length === 3) ymd = [year(parts[2]!), Number(parts[0]), Number(parts[1])]; break;
  }
  if (!ymd || ymd.some((n) => !Number.isInteger(n))) throw new StatementParseError(`"${text}" is not a date in the format ${format}`);
  return isoDay(ymd[0], ymd[1], ymd[2], text);
}

type Columns = Record<string, number>;

function columnsOf(header: string[] | null, mapping: StatementMapping): Columns {
  const wanted = Object.entries(mapping).filter(([k, v]) => k.endsWith('Column') && typeof v === 'string') as [string, string][];
  const out: Columns = {};
  for (const [key, name] of wanted) {
    const at = header ? header.findIndex((h) => h.trim().toLowerCase() === name.trim().toLowerCase()) : Number(name) - 1;
    if (!(at >= 0) || (!header && !Number.isInteger(at))) {
      throw new StatementParseError(header ? `The file has no column "${name}" (the mapping's ${key.replace(/Column$/, '')}); its columns: ${header.join(', ')}` : `"${name}" is not a column number (the mapping's ${key.replace(/Column$/, '')})`);
    }
    out[key] = at;
  }
  return out;
}

/** One statement from the records of a CSV or XLSX file. */
export function parseTabularStatement(records: string[][], mapping: StatementMapping, fileName: string): ParsedStatement {
  const rows = records.slice(mapping.headerRowsSkip);
  const header = mapping.hasHeader ? (rows.shift() ?? null) : null;
  if (mapping.hasHeader && !header) throw new StatementParseError('The file has no header row where the mapping expects it');
  const col = columnsOf(header, mapping);
  const cell = (row: string[], key: string) => (col[key] === undefined ? null : (row[col[key]!] ?? '').trim() || null);
  const amountOf = (text: string | null) => (text === null ? '0' : canonicalDecimal(text, mapping.decimalSeparator));
  const lines: StatementLine[] = [];
  const balances: (string | null)[] = [];
  rows.forEach((row, i) => {
    if (row.every((v) => v.trim() === '')) return;
    const where = `row ${i + 1 + mapping.headerRowsSkip + (header ? 1 : 0)}`;
    try {
      const date = cell(row, 'dateColumn');
      if (!date) throw new StatementParseError('has no date');
      let amount: string;
      if (mapping.amountMode === 'Signed') amount = amountOf(cell(row, 'amountColumn'));
      else {
        // Money in and money out are read as magnitudes: banks put signs on them inconsistently.
        const magnitude = (v: string) => (v.startsWith('-') ? v.slice(1) : v);
        amount = addDecimals([magnitude(amountOf(cell(row, 'amountInColumn'))), signed(magnitude(amountOf(cell(row, 'amountOutColumn'))), true)]);
      }
      if (mapping.invertSign) amount = signed(amount, true).replace(/^--/, '');
      const foreign = cell(row, 'foreignAmountColumn');
      const foreignCurrency = cell(row, 'foreignCurrencyColumn');
      const foreignAmount = foreign === null ? null : amountOf(foreign);
      const valueDate = cell(row, 'valueDateColumn');
      lines.push({
        ...emptyLine(),
        bookingDate: mappedDate(date, mapping.dateFormat),
        valueDate: valueDate ? mappedDate(valueDate, mapping.dateFormat) : null,
        amount,
        foreignCurrency: foreignAmount && foreignAmount !== '0' ? foreignCurrency : null,
        foreignAmount: foreignAmount && foreignAmount !== '0' && foreignCurrency ? signed(foreignAmount.replace(/^-/, ''), amount.startsWith('-')) : null,
        counterpartyName: cleanText(cell(row, 'counterpartyColumn')),
        counterpartyAccount: cell(row, 'counterpartyAccountColumn')?.replace(/\s/g, '') || null,
        reference: cleanText(cell(row, 'referenceColumn')),
        bankReference: cleanText(cell(row, 'bankReferenceColumn')),
        description: cleanText(cell(row, 'descriptionColumn')),
      });
      const balance = cell(row, 'balanceColumn');
      balances.push(balance === null ? null : amountOf(balance));
    } catch (e) {
      if (e instanceof StatementParseError) throw new StatementParseError(`${where}: ${e.message}`);
      throw e;
    }
  });
  if (lines.length === 0) throw new StatementParseError('The file holds no statement lines below its header');
  const dates = lines.map((l) => l.bookingDate).sort();
  const first = balances[0];
  const last = balances[balances.length - 1];
  const hasBalances = col.balanceColumn !== undefined && first !== null && first !== undefined && last !== null && last !== undefined;
  const invert = (v: string) => (mapping.invertSign ? signed(v, true).replace(/^--/, '') : v);
  return {
    statementRef: `${fileName} ${dates[0]}..${dates[dates.length - 1]}`,
    sequence: null,
    account: null,
    currency: null,
    opening: hasBalances ? addDecimals([invert(first), signed(lines[0]!.amount, true).replace(/^--/, '')]) : null,
    closing: hasBalances ? invert(last) : null,
    fromDate: dates[0]!,
    toDate: dates[dates.length - 1]!,
    notes: hasBalances ? [] : ['The file has no balance column: the statement continues from the bank\'s last imported closing'],
    lines,
  };
}
