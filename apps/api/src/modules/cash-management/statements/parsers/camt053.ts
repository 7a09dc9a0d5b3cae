import { canonicalDecimal, cleanText, isoDatePart, signed, StatementParseError, addDecimals, type StatementEvent, type StatementHeader, type StatementLine } from './shape';
import { XmlNotWellFormed, XmlStream } from './xml-stream';

/*
 * ISO 20022 camt.053 (BankToCustomerStatement), versions 001.02 and later, read as a stream
 * (xml-stream.ts, a strict XML reader made for it: saxes, before, spent most of an import's CPU
 * going through the file a character at a time): the file is never held whole, only the statement header and the entry being read, so a
 * file of 100,000 entries parses in bounded memory. No maintained npm package streams CAMT.053
 * (the ones there build a whole DOM, or parse camt.053 as generic XML into objects), hence this.
 *
 * A batch entry (NtryDtls with several TxDtls) becomes one line per transaction detail when the
 * details carry amounts that add up to the entry; otherwise the entry stays one line and a note says
 * why. Balances: OPBD (else PRCD) opens, CLBD closes, signed by CdtDbtInd. The sign of a line is its
 * CdtDbtInd (a reversal's indicator already says the direction the money moved; RvslInd is kept).
 */

type Party = { name: string | null; account: string | null };
type Code = { domain: string | null; family: string | null; sub: string | null; proprietary: string | null };
type TxDetails = {
  amount: string | null; currency: string | null; debit: boolean | null; instructed: string | null; instructedCurrency: string | null;
  endToEndId: string | null; instrId: string | null; bankRef: string | null; code: Code; debtor: Party; creditor: Party;
  unstructured: string[]; structuredRef: string | null; additional: string | null;
};
type Entry = {
  amount: string; currency: string | null; debit: boolean; reversal: boolean; bookingDate: string | null; valueDate: string | null;
  bankRef: string | null; entryRef: string | null; code: Code; additional: string | null; txs: TxDetails[];
};
type Balance = { type: string | null; amount: string | null; currency: string | null; debit: boolean; date: string | null };

const noCode = (): Code => ({ domain: null, family: null, sub: null, proprietary: null });
const newTx = (): TxDetails => ({
  amount: null, currency: null, debit: null, instructed: null, instructedCurrency: null, endToEndId: null, instrId: null, bankRef: null,
  code: noCode(), debtor: { name: null, account: null }, creditor: { name: null, account: null }, unstructured: [], structuredRef: null, additional: null,
});
const codeText = (c: Code) => (c.domain ? [c.domain, c.family, c.sub].filter(Boolean).join('-') : c.proprietary);
const local = (name: string) => name.slice(name.indexOf(':') + 1);
const provided = (v: string | null) => (v && v.toUpperCase() !== 'NOTPROVIDED' && v.toUpperCase() !== 'NONREF' ? v : null);

/** Paths joined once: `joinPath(parent, name)` answers the same string every time (no allocation per element). */
const joinedPaths = new Map<string, Map<string, string>>();
let joinedCount = 0;
function joinPath(parent: string, name: string): string {
  const path = joinedPaths.get(parent)?.get(name);
  if (path !== undefined) return path;
  const joined = `${parent}/${name}`;
  // What a hostile file of made-up names would add is not kept past a bound.
  if (joinedCount < 4096) {
    let children = joinedPaths.get(parent);
    if (!children) joinedPaths.set(parent, (children = new Map()));
    children.set(name, joined);
    joinedCount++;
  }
  return joined;
}

class CamtBuilder {
  readonly events: StatementEvent[] = [];
  private stack: string[] = [];
  /** Each open element's path below the innermost statement, entry or transaction details holding it ('' outside any). */
  private paths: string[] = [];
  private text = '';
  private stmtAt = -1;
  private entryAt = -1;
  private txAt = -1;
  private header: StatementHeader | null = null;
  private begun = false;
  private balance: Balance | null = null;
  private entry: Entry | null = null;
  private tx: TxDetails | null = null;
  private attrs: Readonly<Record<string, string>> = {};
  private entryNo = 0;
  sawStatementDocument = false;

  open(name: string, attributes: Readonly<Record<string, string>>): void {
    this.stack.push(name);
    this.text = '';
    this.attrs = attributes;
    const depth = this.stack.length - 1;
    const anchor = this.txAt >= 0 ? this.txAt : this.entryAt >= 0 ? this.entryAt : this.stmtAt;
    this.paths.push(anchor < 0 || depth <= anchor ? '' : depth === anchor + 1 ? name : joinPath(this.paths[depth - 1]!, name));
    if (name === 'BkToCstmrStmt') this.sawStatementDocument = true;
    else if (name === 'Stmt' && this.stack[depth - 1] === 'BkToCstmrStmt') {
      this.stmtAt = depth;
      this.begun = false;
      this.entryNo = 0;
      this.header = { statementRef: '', sequence: null, account: null, currency: null, opening: null, closing: null, fromDate: null, toDate: null, notes: [] };
    } else if (this.stmtAt >= 0 && depth === this.stmtAt + 1 && name === 'Bal') this.balance = { type: null, amount: null, currency: null, debit: false, date: null };
    else if (this.stmtAt >= 0 && depth === this.stmtAt + 1 && name === 'Ntry') {
      this.beginStatement();
      this.entryAt = depth;
      this.entryNo++;
      this.entry = { amount: '0', currency: null, debit: false, reversal: false, bookingDate: null, valueDate: null, bankRef: null, entryRef: null, code: noCode(), additional: null, txs: [] };
    } else if (this.entry && name === 'TxDtls' && this.stack[depth - 1] === 'NtryDtls' && depth === this.entryAt + 2) {
      this.txAt = depth;
      this.tx = newTx();
      this.entry.txs.push(this.tx);
    }
  }

  chars(text: string): void {
    this.text += text;
  }

  close(): void {
    const depth = this.stack.length - 1;
    const name = this.stack[depth]!;
    const value = this.text.trim();
    this.text = '';
    const path = this.paths[depth]!;
    if (this.tx && depth > this.txAt) this.txField(path, value);
    else if (this.entry && depth > this.entryAt && this.txAt < 0) this.entryField(path, value);
    else if (this.header && this.stmtAt >= 0 && depth > this.stmtAt && this.entryAt < 0) this.statementField(path, value);
    if (depth === this.txAt) {
      this.tx = null;
      this.txAt = -1;
    } else if (depth === this.entryAt) {
      this.emitEntry();
      this.entry = null;
      this.entryAt = -1;
    } else if (depth === this.stmtAt && name === 'Stmt') {
      this.beginStatement();
      this.events.push({ type: 'end', header: { ...this.header! } });
      this.header = null;
      this.stmtAt = -1;
    }
    this.stack.pop();
    this.paths.pop();
  }

  private beginStatement(): void {
    if (this.begun || !this.header) return;
    this.begun = true;
    if (!this.header.statementRef) throw new StatementParseError('A CAMT.053 statement has no Id');
    this.events.push({ type: 'begin', header: { ...this.header } });
  }

  private statementField(path: string, value: string): void {
    const h = this.header!;
    const b = this.balance;
    switch (path) {
      case 'Id': h.statementRef = value; break;
      case 'ElctrncSeqNb': h.sequence = value; break;
      case 'LglSeqNb': h.sequence ??= value; break;
      case 'FrToDt/FrDtTm': h.fromDate = isoDatePart(value); break;
      case 'FrToDt/ToDtTm': h.toDate = isoDatePart(value); break;
      case 'Acct/Id/IBAN': case 'Acct/Id/Othr/Id': h.account ??= value.replace(/\s/g, ''); break;
      case 'Acct/Ccy': h.currency = value; break;
      case 'Bal/Tp/CdOrPrtry/Cd': if (b) b.type = value; break;
      case 'Bal/Amt': if (b) { b.amount = canonicalDecimal(value); b.currency = this.attrs.Ccy ?? null; } break;
      case 'Bal/CdtDbtInd': if (b) b.debit = value === 'DBIT'; break;
      case 'Bal/Dt/Dt': case 'Bal/Dt/DtTm': if (b) b.date = isoDatePart(value); break;
      case 'Bal': if (b) this.keepBalance(b); break;
    }
  }

  private keepBalance(b: Balance): void {
    const h = this.header!;
    this.balance = null;
    if (b.amount === null) return;
    const amount = signed(b.amount, b.debit);
    h.currency ??= b.currency;
    if (b.type === 'OPBD' || (b.type === 'PRCD' && h.opening === null)) {
      h.opening = amount;
      h.fromDate ??= b.date;
    } else if (b.type === 'CLBD') {
      h.closing = amount;
      h.toDate ??= b.date;
    }
  }

  private entryField(path: string, value: string): void {
    const e = this.entry!;
    switch (path) {
      case 'Amt': e.amount = canonicalDecimal(value); e.currency = this.attrs.Ccy ?? null; break;
      case 'CdtDbtInd': e.debit = value === 'DBIT'; break;
      case 'RvslInd': e.reversal = value === 'true' || value === '1'; break;
      case 'BookgDt/Dt': case 'BookgDt/DtTm': e.bookingDate = isoDatePart(value); break;
      case 'ValDt/Dt': case 'ValDt/DtTm': e.valueDate = isoDatePart(value); break;
      case 'AcctSvcrRef': e.bankRef = value; break;
      case 'NtryRef': e.entryRef = value; break;
      case 'AddtlNtryInf': e.additional = value; break;
      default: codeField(e.code, path, value);
    }
  }

  private txField(path: string, value: string): void {
    const t = this.tx!;
    switch (path) {
      case 'Refs/EndToEndId': t.endToEndId = provided(value); return;
      case 'Refs/InstrId': t.instrId = provided(value); return;
      case 'Refs/AcctSvcrRef': t.bankRef = value; return;
      case 'Amt': case 'AmtDtls/TxAmt/Amt': t.amount = canonicalDecimal(value); t.currency = this.attrs.Ccy ?? null; return;
      case 'AmtDtls/InstdAmt/Amt': t.instructed = canonicalDecimal(value); t.instructedCurrency = this.attrs.Ccy ?? null; return;
      case 'CdtDbtInd': t.debit = value === 'DBIT'; return;
      case 'RmtInf/Ustrd': t.unstructured.push(value); return;
      case 'RmtInf/Strd/CdtrRefInf/Ref': t.structuredRef = value; return;
      case 'AddtlTxInf': t.additional = value; return;
      case 'RltdPties/Dbtr/Nm': case 'RltdPties/Dbtr/Pty/Nm': t.debtor.name = value; return;
      case 'RltdPties/Cdtr/Nm': case 'RltdPties/Cdtr/Pty/Nm': t.creditor.name = value; return;
      case 'RltdPties/DbtrAcct/Id/IBAN': case 'RltdPties/DbtrAcct/Id/Othr/Id': t.debtor.account ??= value.replace(/\s/g, ''); return;
      case 'RltdPties/CdtrAcct/Id/IBAN': case 'RltdPties/CdtrAcct/Id/Othr/Id': t.creditor.account ??= value.replace(/\s/g, ''); return;
    }
    codeField(t.code, path, value);
  }

  private emitEntry(): void {
    const e = this.entry!;
    const entryAmount = signed(e.amount, e.debit);
    const withAmounts = e.txs.filter((t) => t.amount !== null);
    const split = e.txs.length > 1 && withAmounts.length === e.txs.length;
    if (split) {
      const parts = e.txs.map((t) => signed(t.amount!, t.debit ?? e.debit));
      if (addDecimals(parts) === entryAmount) {
        e.txs.forEach((t, i) => this.pushLine(e, t, parts[i]!));
        return;
      }
      this.header!.notes.push(`Entry ${this.entryNo} (${entryAmount}): its ${e.txs.length} transaction details add up to ${addDecimals(parts)}, so it is kept as one line`);
    }
    this.pushLine(e, e.txs.length === 1 ? e.txs[0]! : null, entryAmount);
  }

  private pushLine(e: Entry, t: TxDetails | null, amount: string): void {
    const debit = amount.startsWith('-');
    const party = t ? (debit ? (t.creditor.name || t.creditor.account ? t.creditor : t.debtor) : t.debtor.name || t.debtor.account ? t.debtor : t.creditor) : null;
    const currency = t?.currency ?? e.currency;
    const foreign = t?.instructed && t.instructedCurrency && t.instructedCurrency !== currency ? t : null;
    const line: StatementLine = {
      bookingDate: e.bookingDate ?? e.valueDate ?? this.header!.toDate ?? '',
      valueDate: e.valueDate,
      amount,
      currency,
      foreignCurrency: foreign?.instructedCurrency ?? null,
      foreignAmount: foreign ? signed(foreign.instructed!, debit) : null,
      counterpartyName: cleanText(party?.name),
      counterpartyAccount: party?.account ?? null,
      reference: t?.endToEndId ?? t?.structuredRef ?? t?.instrId ?? provided(e.entryRef),
      bankReference: t?.bankRef ?? e.bankRef,
      transactionCode: (t && codeText(t.code)) || codeText(e.code),
      description: cleanText(t ? (t.unstructured.length > 0 ? t.unstructured.join(' ') : (t.additional ?? e.additional)) : e.additional),
      reversal: e.reversal,
    };
    if (!line.bookingDate) throw new StatementParseError(`Entry ${this.entryNo} of statement ${this.header!.statementRef} has no booking date`);
    this.events.push({ type: 'line', line });
  }
}

function codeField(c: Code, path: string, value: string): void {
  switch (path) {
    case 'BkTxCd/Domn/Cd': c.domain = value; break;
    case 'BkTxCd/Domn/Fmly/Cd': c.family = value; break;
    case 'BkTxCd/Domn/Fmly/SubFmlyCd': c.sub = value; break;
    case 'BkTxCd/Prtry/Cd': c.proprietary ??= value; break;
  }
}

/** The encoding an XML declaration names (UTF-8 when none). */
function xmlEncoding(head: Buffer): string {
  const m = /^\uFEFF?<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(head.subarray(0, 200).toString('latin1'));
  const name = m?.[1]?.toLowerCase() ?? 'utf-8';
  return ['utf-8', 'utf8', 'iso-8859-1', 'latin1', 'us-ascii', 'ascii', 'windows-1252', 'iso-8859-15'].includes(name) ? name : 'utf-8';
}

/** Parses a camt.053 file from its chunks, yielding the events each chunk completes (one array per chunk: no promise per event). */
export async function* parseCamt053(chunks: AsyncIterable<Buffer>): AsyncGenerator<StatementEvent[]> {
  const builder = new CamtBuilder();
  const xml = new XmlStream({
    open: (name, attributes) => builder.open(local(name), attributes),
    text: (text) => builder.chars(text),
    close: () => builder.close(),
  });
  const notWellFormed = (e: unknown) => (e instanceof XmlNotWellFormed ? new StatementParseError(`The XML is not well-formed: ${e.message}`) : e);
  let decoder: TextDecoder | null = null;
  for await (const chunk of chunks) {
    decoder ??= new TextDecoder(xmlEncoding(chunk));
    try {
      xml.write(decoder.decode(chunk, { stream: true }));
    } catch (e) {
      throw notWellFormed(e);
    }
    if (builder.events.length > 0) yield builder.events.splice(0);
  }
  try {
    if (decoder) xml.write(decoder.decode());
    xml.end();
  } catch (e) {
    throw notWellFormed(e);
  }
  if (!builder.sawStatementDocument) throw new StatementParseError('The XML is not a camt.053 bank statement (no BkToCstmrStmt)');
  if (builder.events.length > 0) yield builder.events.splice(0);
}
