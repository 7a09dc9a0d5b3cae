/*
 * The one shape every statement parser produces (CAMT.053, MT940, OFX, CSV, XLSX): a stream of
 * events, a statement's header, its lines, then the header again with what only its end gives
 * (MT940's closing balance follows the lines). Amounts are canonical decimal strings ("-754.25"),
 * signed from the account holder's side (positive: money in); the importer turns them into minor
 * units of the currency with exact integer arithmetic. No float ever holds an amount.
 */

export type StatementHeader = {
  /** The statement's identifier in the file. */
  statementRef: string;
  sequence: string | null;
  /** IBAN or account number as the file gives it (spaces removed), null when it gives none. */
  account: string | null;
  /** ISO 4217 code; null when the file does not say (a CSV: the bank's). */
  currency: string | null;
  opening: string | null;
  closing: string | null;
  fromDate: string | null;
  toDate: string | null;
  /** What the file lacks or the parser had to decide, said to the user (e.g. a batch whose details do not add up). */
  notes: string[];
};

export type StatementLine = {
  bookingDate: string;
  valueDate: string | null;
  amount: string;
  /** The line's currency when the file gives one (CAMT Amt@Ccy). */
  currency: string | null;
  foreignCurrency: string | null;
  foreignAmount: string | null;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  reference: string | null;
  bankReference: string | null;
  transactionCode: string | null;
  description: string | null;
  reversal: boolean;
};

export type StatementEvent = { type: 'begin'; header: StatementHeader } | { type: 'line'; line: StatementLine } | { type: 'end'; header: StatementHeader };

/** A parsed statement with its lines in memory (small formats, tests). */
export type ParsedStatement = StatementHeader & { lines: StatementLine[] };

/** A file the parser cannot read: the message says where and why (answered as 400). */
export class StatementParseError extends Error {}

export const emptyLine = (): StatementLine => ({
  bookingDate: '', valueDate: null, amount: '0', currency: null, foreignCurrency: null, foreignAmount: null, counterpartyName: null,
  counterpartyAccount: null, reference: null, bankReference: null, transactionCode: null, description: null, reversal: false,
});

/** The events of statements held in memory. */
export function* eventsOf(statements: Iterable<ParsedStatement>): Generator<StatementEvent> {
  for (const { lines, ...header } of statements) {
    yield { type: 'begin', header };
    for (const line of lines) yield { type: 'line', line };
    yield { type: 'end', header };
  }
}

/** Statements gathered from batches of events (tests and small files). */
export async function collectStatements(batches: AsyncIterable<StatementEvent[]>): Promise<ParsedStatement[]> {
  const out: ParsedStatement[] = [];
  let current: ParsedStatement | undefined;
  for await (const batch of batches) for (const e of batch) {
    if (e.type === 'begin') out.push((current = { ...e.header, lines: [] }));
    else if (e.type === 'line') current?.lines.push(e.line);
    else if (current) Object.assign(current, e.header);
  }
  return out;
}

/**
 * A decimal as a bank writes it ("1.500,00", "-33.50", "1,525.00", "(12.00)", "12.00-", "+5") to a
 * canonical string ("1500.00"): `decimal` names the decimal separator, the other of `.` and `,` and
 * spaces are thousands separators. Refuses anything else.
 */
/** A plain decimal already nearly canonical ("1500.50", "0.01", "12"): the common case, read without the general path. */
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(?:\.(\d*?)0*)?$/;

export function canonicalDecimal(text: string, decimal: '.' | ',' = '.'): string {
  if (decimal === '.') {
    const plain = PLAIN_DECIMAL.exec(text);
    if (plain) return plain[2] ? `${plain[1]}.${plain[2]}` : plain[1]!;
  }
  let s = text.trim().replace(/[\s\u00a0']/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  const thousands = decimal === '.' ? ',' : '.';
  s = s.split(thousands).join('');
  const [whole = '', fraction, extra] = s.split(decimal);
  if (extra !== undefined || !/^\d*$/.test(whole) || (fraction !== undefined && !/^\d*$/.test(fraction)) || whole + (fraction ?? '') === '') {
    throw new StatementParseError(`"${text}" is not an amount`);
  }
  const w = whole.replace(/^0+(?=\d)/, '') || '0';
  const f = (fraction ?? '').replace(/0+$/, '');
  const body = f ? `${w}.${f}` : w;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/** "754.25" as a debit: "-754.25". */
export const signed = (amount: string, debit: boolean): string => (debit && amount !== '0' ? (amount.startsWith('-') ? amount.slice(1) : `-${amount}`) : amount);

/** Exact sum of canonical decimals (tests, notes): a bigint at the largest scale among them. */
export function addDecimals(values: readonly string[]): string {
  const scale = Math.max(0, ...values.map((v) => v.split('.')[1]?.length ?? 0));
  let total = 0n;
  for (const v of values) {
    const negative = v.startsWith('-');
    const [w, f = ''] = (negative ? v.slice(1) : v).split('.');
    const n = BigInt(w!) * 10n ** BigInt(scale) + BigInt(f.padEnd(scale, '0') || '0');
    total += negative ? -n : n;
  }
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const div = 10n ** BigInt(scale);
  const body = scale > 0 ? `${abs / div}.${(abs % div).toString().padStart(scale, '0')}` : `${abs}`;
  return canonicalDecimal(`${negative ? '-' : ''}${body}`);
}

/** An account as compared: no spaces, upper case. */
export const normaliseAccount = (v: string | null | undefined): string | null => {
  const s = v?.replace(/[\s-]/g, '').toUpperCase();
  return s ? s : null;
};

const isDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** y, m, d to an ISO date, refusing a day that does not exist. */
export function isoDay(y: number, m: number, d: number, source: string): string {
  if (!isDay(y, m, d)) throw new StatementParseError(`"${source}" is not a date`);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** YYMMDD (SWIFT): 70-99 are 19xx. */
export function swiftDate(yymmdd: string): string {
  const yy = Number(yymmdd.slice(0, 2));
  return isoDay(yy >= 70 ? 1900 + yy : 2000 + yy, Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)), yymmdd);
}

/** The date part of an ISO date or date-time ("2014-01-05T00:00:00.000Z" -> "2014-01-05"). */
const isoDates = new Map<string, string>();
export function isoDatePart(text: string): string {
  // A statement's dates repeat (a year has 365 days): each distinct one is checked once.
  const known = isoDates.get(text);
  if (known !== undefined) return known;
  const day = isoDatePartOf(text);
  if (isoDates.size >= 4096) isoDates.clear();
  isoDates.set(text, day);
  return day;
}

function isoDatePartOf(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (!m) throw new StatementParseError(`"${text}" is not a date`);
  return isoDay(Number(m[1]), Number(m[2]), Number(m[3]), text);
}

/** Words separated by single spaces: already clean. */
const CLEAN = /^[^\s]+(?: [^\s]+)*$/;
const clean = (v: string | null | undefined): string | null => {
  if (v && CLEAN.test(v)) return v;
  const s = v?.replace(/\s+/g, ' ').trim();
  return s ? s : null;
};
export { clean as cleanText };
