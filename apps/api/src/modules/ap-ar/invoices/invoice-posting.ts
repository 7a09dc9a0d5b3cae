import type { Face } from '@erp/contracts';
import type { EntryLine } from '../../ledger/index';

/*
 * How an invoice or a credit note becomes the lines of one ledger entry (pure; invariants asserted).
 *
 * - The control account (payables or receivables), one line per instalment, each naming the party
 *   and the instalment (`lineRef` 'instalment N'): the open items and the party balance agree.
 * - One expense (payables) or revenue (receivables) line per document line, at its net.
 * - One tax line per tax code and tax account (input tax on payables, output on receivables), at the
 *   sum of the lines' tax, which the lines rounded once (invoiceTotals).
 * - Rounding: the lines' amounts are already rounded in the currency's minor unit and the gross is
 *   the sum of nets and taxes, so the entry balances in its currency without a rounding line; the
 *   port converts to base and books the base rounding itself.
 * An invoice puts the control on the face's side (payables: credit; receivables: debit), a credit
 * note on the other; a negative amount (a negative balancing instalment) goes on the opposite side.
 */

export type PostingLine = {
  lineNo: number;
  accountId: string;
  description: string | null;
  netMinor: bigint;
  taxMinor: bigint;
  taxId: string | null;
  /** The tax code's account for the face's direction (required when the line has tax). */
  taxAccountId: string | null;
  taxCode: string | null;
  dimensions: Record<string, string>;
};

export type PostingDocument = {
  face: Face;
  /** An invoice posts the control on the face's side, a credit note on the other. */
  credit: boolean;
  controlAccountId: string;
  partyId: string;
  currency: string;
  rate?: bigint;
  description: string;
  dimensions: Record<string, string>;
  lines: PostingLine[];
  instalments: { line: number; amountMinor: bigint }[];
};

function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`Invoice posting invariant broken: ${message}`);
}

type Side = 'debit' | 'credit';
const other = (s: Side): Side => (s === 'debit' ? 'credit' : 'debit');

/** A line of `amount` on `side`; a negative amount goes on the other side. */
function amountOn(side: Side, amount: bigint): { debitMinor: bigint; creditMinor: bigint } {
  const s = amount < 0n ? other(side) : side;
  const abs = amount < 0n ? -amount : amount;
  return s === 'debit' ? { debitMinor: abs, creditMinor: 0n } : { debitMinor: 0n, creditMinor: abs };
}

/** The entry lines of a document, in order: control per instalment, then the lines, then tax per code. */
export function invoiceEntryLines(doc: PostingDocument): EntryLine[] {
  const controlSide: Side = doc.credit ? other(doc.face.invoiceControlSide) : doc.face.invoiceControlSide;
  const lineSide = other(controlSide);
  const gross = doc.lines.reduce((s, l) => s + l.netMinor + l.taxMinor, 0n);
  const scheduled = doc.instalments.reduce((s, i) => s + i.amountMinor, 0n);
  invariant(scheduled === gross, `the instalments (${scheduled}) add up to the gross (${gross})`);
  invariant(new Set(doc.instalments.map((i) => i.line)).size === doc.instalments.length, 'each instalment once');

  const rate = doc.rate !== undefined ? { rate: doc.rate } : {};
  const party = { type: doc.face.party, id: doc.partyId };
  const out: EntryLine[] = [];
  for (const i of doc.instalments) {
    if (i.amountMinor === 0n) continue;
    out.push({
      accountId: doc.controlAccountId, currency: doc.currency, ...rate, ...amountOn(controlSide, i.amountMinor),
      party, lineRef: `instalment ${i.line}`, description: doc.description, dimensions: doc.dimensions,
    });
  }
  const taxes = new Map<string, { accountId: string; taxId: string; code: string; amount: bigint }>();
  for (const l of doc.lines) {
    invariant(l.taxMinor === 0n || (l.taxId !== null && l.taxAccountId !== null), `line ${l.lineNo} has tax only with a tax code and its account`);
    if (l.netMinor !== 0n) {
      out.push({
        accountId: l.accountId, currency: doc.currency, ...rate, ...amountOn(lineSide, l.netMinor),
        lineRef: `line ${l.lineNo}`, description: l.description ?? doc.description, dimensions: { ...doc.dimensions, ...l.dimensions }, taxId: l.taxId,
      });
    }
    if (l.taxMinor !== 0n) {
      const key = `${l.taxAccountId}/${l.taxId}`;
      const t = taxes.get(key) ?? { accountId: l.taxAccountId!, taxId: l.taxId!, code: l.taxCode ?? '', amount: 0n };
      t.amount += l.taxMinor;
      taxes.set(key, t);
    }
  }
  for (const t of taxes.values()) {
    if (t.amount === 0n) continue;
    out.push({ accountId: t.accountId, currency: doc.currency, ...rate, ...amountOn(lineSide, t.amount), lineRef: `tax ${t.code}`, description: `${doc.face.taxDirection === 'input' ? 'Input' : 'Output'} tax ${t.code}`, taxId: t.taxId });
  }

  const debit = out.reduce((s, l) => s + l.debitMinor, 0n);
  const credit = out.reduce((s, l) => s + l.creditMinor, 0n);
  invariant(debit === credit, `the entry balances in ${doc.currency} (${debit} against ${credit})`);
  const control = out.filter((l) => l.party).reduce((s, l) => s + (controlSide === 'debit' ? l.debitMinor - l.creditMinor : l.creditMinor - l.debitMinor), 0n);
  invariant(control === gross, 'the control account takes the gross');
  invariant(out.every((l) => (l.party ? l.accountId === doc.controlAccountId : l.accountId !== doc.controlAccountId)), 'a party goes on the control account only, and every control line names it');
  return out;
}
