import { canonicalDecimal, cleanText, emptyLine, signed, StatementParseError, swiftDate, type ParsedStatement, type StatementLine } from './shape';

/*
 * SWIFT MT940 (customer statement), with or without the {1:}{2:}{4: ... -} envelope, several
 * statements per file. Fields: :20: reference, :25: account (an IBAN or number, a currency suffix
 * dropped), :28C: sequence, :60F:/:60M: opening, :61: line (value date, entry date, C/D/RC/RD, amount
 * with decimal comma, type, customer and bank reference, supplementary details), :86: details (ING/
 * Dutch `/CODE/value` subfields: /EREF/ /CNTP/ /NAME/ /IBAN/ /REMI/ ...; German `?20`..`?33`
 * subfields; else free text), :62F:/:62M: closing. Written here: the npm MT940 packages are
 * unmaintained or do not read the :86: subfields banks actually send.
 */

type Field = { tag: string; lines: string[] };

/** Splits a message block into its fields; a continuation line (not `:NN[A]:`) belongs to the field before. */
function fieldsOf(text: string): Field[][] {
  const messages: Field[][] = [];
  let current: Field[] = [];
  const rows = text.split(/\r\n|\r|\n/).map((r) => r.replace(/\s+$/, ''));
  rows.forEach((line, i) => {
    const tag = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    // A lone "-" ends a message only before the next message (or the end): ING wraps "MND-" onto a line of its own.
    const next = () => rows.slice(i + 1, i + 20).find((r) => r !== '');
    const ends = line === '-}' || (line === '-' && [undefined, ':20:', '{'].some((p) => (p === undefined ? next() === undefined : next()?.startsWith(p))));
    if (tag) {
      if (tag[1] === '20' && current.some((f) => f.tag === '20')) {
        messages.push(current);
        current = [];
      }
      current.push({ tag: tag[1]!, lines: [tag[2]!] });
    } else if (ends) {
      if (current.length > 0) messages.push(current);
      current = [];
    } else if (/^\{[1-5]:/.test(line) || line === '') {
      // The envelope's blocks: not part of any field.
    } else if (current.length > 0) current[current.length - 1]!.lines.push(line);
  });
  if (current.length > 0) messages.push(current);
  return messages.filter((m) => m.some((f) => f.tag === '61' || f.tag.startsWith('60') || f.tag.startsWith('62')));
}

/** :60F:C140219EUR662,23 -> { date, currency, amount } */
function balanceOf(value: string): { date: string; currency: string; amount: string } {
  const m = /^([CD])(\d{6})([A-Z]{3})([\d,.]+)$/.exec(value.replace(/\s/g, ''));
  if (!m) throw new StatementParseError(`"${value}" is not an MT940 balance`);
  return { date: swiftDate(m[2]!), currency: m[3]!, amount: signed(canonicalDecimal(m[4]!, ','), m[1] === 'D') };
}

/** A :61: line. The entry date (MMDD) takes the value date's year, moved a year when they straddle a year end. */
function statementLine(lines: string[]): StatementLine {
  const first = lines[0]!.replace(/\s+$/, '');
  const m = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?([\d,]+)([A-Z]\w{3})(.*)$/.exec(first);
  if (!m) throw new StatementParseError(`"${first}" is not an MT940 :61: line`);
  const valueDate = swiftDate(m[1]!);
  let bookingDate = valueDate;
  if (m[2]) {
    const year = Number(valueDate.slice(0, 4));
    const month = Number(m[2].slice(0, 2));
    const valueMonth = Number(valueDate.slice(5, 7));
    const y = valueMonth === 12 && month === 1 ? year + 1 : valueMonth === 1 && month === 12 ? year - 1 : year;
    bookingDate = swiftDate(`${String(y).slice(2)}${m[2]}`);
  }
  const mark = m[3]!;
  // RC: reversal of a credit (money leaves); RD: reversal of a debit (money comes back).
  const debit = mark === 'D' || mark === 'RC';
  const [customerRef = '', bankRefStart = ''] = m[7]!.split('//');
  let bankRef = bankRefStart;
  let rest = lines.slice(1);
  // Some banks wrap the bank reference onto the next line: take it back while it fits 16 characters.
  while (rest.length > 0 && bankRef.length > 0 && bankRef.length < 16 && /^[A-Za-z0-9]+$/.test(rest[0]!) && bankRef.length + rest[0]!.length <= 16) {
    bankRef += rest[0]!;
    rest = rest.slice(1);
  }
  return {
    ...emptyLine(),
    bookingDate,
    valueDate,
    amount: signed(canonicalDecimal(m[5]!, ','), debit),
    reversal: mark.startsWith('R'),
    transactionCode: m[6]!,
    reference: customerRef && customerRef !== 'NONREF' ? customerRef : null,
    bankReference: bankRef || null,
    description: cleanText(rest.join('')),
  };
}

const SLASH_CODES = ['EREF', 'CNTP', 'NAME', 'IBAN', 'BIC', 'REMI', 'PREF', 'RTRN', 'MARF', 'CSID', 'ORDP', 'BENM', 'ULTC', 'ULTD', 'ULTB', 'PURP', 'ISDT', 'CREF', 'IREF', 'ADDR', 'SVCL', 'TRCD', 'BUSP', 'ACCW', 'EXCH', 'CHGS', 'OCMT', 'SUM'];
const slashCodeAt = new RegExp(`(?:^|/)(${SLASH_CODES.join('|')})/`, 'g');

/** `/EREF/x//CNTP/a/b/c///REMI/USTD//text/` -> { EREF: 'x', CNTP: 'a/b/c', REMI: 'USTD//text' } */
export function slashSubfields(text: string): Record<string, string> | null {
  const hits = [...text.matchAll(slashCodeAt)];
  if (hits.length === 0 || !/^\/?[A-Z]{3,4}\//.test(text)) return null;
  const out: Record<string, string> = {};
  hits.forEach((h, i) => {
    const start = h.index + h[0].length;
    const end = i + 1 < hits.length ? hits[i + 1]!.index : text.length;
    out[h[1]!] ??= text.slice(start, end).replace(/\/+$/, '');
  });
  return out;
}

/** German `?NN` subfields: ?20-?29 remittance, ?31 account, ?32-?33 name, ?00 booking text. */
function questionSubfields(text: string): Record<string, string> | null {
  if (!/^\d{3}\?/.test(text)) return null;
  const out: Record<string, string> = { GVC: text.slice(0, 3) };
  for (const m of text.slice(3).matchAll(/\?(\d{2})([^?]*)/g)) out[m[1]!] = (out[m[1]!] ?? '') + m[2]!;
  return out;
}

/** Fills a line from its :86: details. */
function applyDetails(line: StatementLine, detailLines: string[]): void {
  const text = detailLines.join('');
  const slash = slashSubfields(text);
  if (slash) {
    const [cntpAccount, , cntpName] = (slash.CNTP ?? slash.BENM ?? slash.ORDP ?? '').split('/');
    line.counterpartyAccount = (slash.IBAN ?? slash.ACCW ?? cntpAccount)?.trim() || null;
    line.counterpartyName = cleanText(slash.NAME ?? cntpName);
    line.reference = slash.EREF && slash.EREF !== 'NOTPROVIDED' ? slash.EREF : (slash.PREF ?? line.reference);
    const remi = slash.REMI ?? '';
    const structured = /^STRD\/[A-Z]+\/(.*)$/.exec(remi);
    const free = remi.replace(/^USTD\/\//, '').replace(/^USTD\//, '');
    line.description = cleanText(structured ? structured[1] : free) ?? line.description;
    if (structured && !slash.EREF) line.reference = structured[1] ?? line.reference;
    return;
  }
  const q = questionSubfields(text);
  if (q) {
    const parts = Object.keys(q).filter((k) => (k >= '20' && k <= '29') || (k >= '60' && k <= '63')).sort().map((k) => q[k]!);
    const remittance = parts.join('');
    line.counterpartyAccount = q['31']?.trim() || null;
    line.counterpartyName = cleanText([q['32'], q['33']].filter(Boolean).join(''));
    line.description = cleanText(remittance) ?? cleanText(q['00']);
    // SEPA keywords (EREF+, SVWZ+...) start a subfield of their own: the reference is the rest of it.
    const eref = parts.map((p) => /^EREF\+(.+)$/.exec(p.trim())).find(Boolean);
    if (eref) line.reference = eref[1]!.trim();
    line.transactionCode = q.GVC ?? line.transactionCode;
    return;
  }
  line.description = cleanText(detailLines.join(' '));
}

/** Every statement of an MT940 file. */
export function parseMt940(text: string): ParsedStatement[] {
  const messages = fieldsOf(text.replace(/^\uFEFF/, ''));
  if (messages.length === 0) throw new StatementParseError('The file holds no MT940 statement (:20:, :25:, :60F:, :61:, :62F:)');
  return messages.map((fields, n) => {
    const one = (tag: RegExp) => fields.find((f) => tag.test(f.tag));
    const account = (one(/^25$/)?.lines.join('') ?? '').replace(/\s/g, '');
    const opening = one(/^60[FM]$/);
    const closing = one(/^62[FM]$/);
    if (!opening || !closing) throw new StatementParseError(`Statement ${n + 1} of the MT940 file lacks its ${opening ? 'closing balance (:62F:)' : 'opening balance (:60F:)'}`);
    const open = balanceOf(opening.lines.join(''));
    const close = balanceOf(closing.lines.join(''));
    const lines: StatementLine[] = [];
    for (const f of fields) {
      if (f.tag === '61') lines.push({ ...statementLine(f.lines), currency: open.currency });
      // A :86: after a :61: details it; one after the closing balance (ING's /SUM/) details the statement.
      else if (f.tag === '86' && lines.length > 0 && fields[fields.indexOf(f) - 1]?.tag === '61') applyDetails(lines[lines.length - 1]!, f.lines);
    }
    const accountMatch = /^(.*?)([A-Z]{3})?$/.exec(account.split('/').pop() ?? account);
    return {
      statementRef: one(/^20$/)?.lines.join('').trim() || `MT940 ${n + 1}`,
      sequence: one(/^28C?$/)?.lines.join('').trim() || null,
      account: accountMatch?.[1] || account || null,
      currency: open.currency,
      opening: open.amount,
      closing: close.amount,
      fromDate: lines[0]?.bookingDate ?? open.date,
      toDate: close.date,
      notes: [],
      lines,
    };
  });
}
