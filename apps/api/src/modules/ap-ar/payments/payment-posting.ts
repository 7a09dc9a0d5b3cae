import { convert, type PaymentFace } from '@erp/contracts';
import type { ExactLine } from '../../ledger/index';

/*
 * How a payment and its allocations become the lines of one ledger entry (pure; invariants
 * asserted), and how an amount is proposed across open items (pure).
 *
 * Every line carries its base amount (the port's exact mode): the bank's line and the amount on
 * account at the payment's rate, each allocation's control line at its item's own rate (what the
 * item put on the control account), the discount and write-off at the payment's rate, and the
 * difference in base on the realised exchange gain or loss account, a line of no amount in the
 * payment's currency and only base (as the port's own exchange lines). So the entry balances in its
 * currency and in base, and the party's balance falls by what its items carried.
 *
 * Sides: the bank takes the face's bank side (a receipt debits the bank, a vendor payment credits
 * it), as do the discount and the write-off; settling an item takes the control account's other side
 * from the invoice's; what stays on account goes on the same side as a settlement. A refund takes the
 * bank's other side; its credits (a credit note's item, a payment's amount on account: sign -1) come
 * off the control account on the invoice's side, each at its own rate.
 */

export type Side = 'debit' | 'credit';
const other = (s: Side): Side => (s === 'debit' ? 'credit' : 'debit');

export type AllocationFact = {
  /** +1 for an invoice's item, -1 for a credit note's (the item's sign in the invoice direction). */
  sign: 1n | -1n;
  /** Magnitudes in the item's direction. */
  amountMinor: bigint;
  discountMinor: bigint;
  writeOffMinor: bigint;
  /** The settled amount's base at the item's rate, signed as the item (positive for an invoice). */
  controlBaseMinor: bigint;
  /** The item's rate (base units per unit): the control line's rate. */
  itemRate: bigint;
};

export type PaymentEntry = {
  pf: PaymentFace;
  /**
   * `payment`: the bank's amount and what stays on account; `allocate`: what is on account moves to items;
   * `refund`: the bank's amount the other way, exactly what the allocations (credits only) return.
   */
  mode: 'payment' | 'allocate' | 'refund';
  bankAccountId: string;
  controlAccountId: string;
  partyId: string;
  currency: string;
  baseCurrency: string;
  scale: number;
  baseScale: number;
  rate: bigint;
  /** The payment's amount (mode `payment`). */
  amountMinor: bigint;
  allocations: AllocationFact[];
  accounts: { discountAccount?: string; writeOffAccount?: string; exchangeGainAccount?: string; exchangeLossAccount?: string };
  description: string;
};

function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`Payment posting invariant broken: ${message}`);
}

/** The cash an allocation uses, signed: an invoice's item uses cash, a credit note's gives it. */
export const cashOf = (a: Pick<AllocationFact, 'sign' | 'amountMinor'>) => a.sign * a.amountMinor;
/** What an allocation takes off its item, signed as the item. */
export const settledOf = (a: Pick<AllocationFact, 'sign' | 'amountMinor' | 'discountMinor' | 'writeOffMinor'>) => a.sign * (a.amountMinor + a.discountMinor + a.writeOffMinor);

/** The lines of the entry (control lines name the party; base amounts exact). */
export function paymentEntryLines(e: PaymentEntry): ExactLine[] {
  const controlSide: Side = other(e.pf.face.invoiceControlSide);
  const bankSide: Side = e.pf.bankSide;
  invariant(bankSide === e.pf.face.invoiceControlSide, 'the bank takes the side the invoice puts on the control account');
  const toBase = (minor: bigint) => (e.currency === e.baseCurrency ? minor : convert(minor, e.scale, e.rate, e.baseScale));
  const party = { type: e.pf.face.party, id: e.partyId };
  const out: ExactLine[] = [];
  const push = (accountId: string, side: Side, amount: bigint, base: bigint, rate: bigint, lineRef: string, withParty: boolean, description: string) => {
    if (amount === 0n && base === 0n) return;
    // A negative amount goes on the other side; a line of base only takes its side from the base.
    const flip = amount < 0n || (amount === 0n && base < 0n);
    const s = flip ? other(side) : side;
    const a = amount < 0n ? -amount : amount;
    const b = base < 0n ? -base : base;
    out.push({
      accountId, currency: e.currency, rate, lineRef, description, party: withParty ? party : null,
      debitMinor: s === 'debit' ? a : 0n, creditMinor: s === 'credit' ? a : 0n, baseDebitMinor: s === 'debit' ? b : 0n, baseCreditMinor: s === 'credit' ? b : 0n,
    });
  };

  const cash = e.allocations.reduce((s, a) => s + cashOf(a), 0n);
  if (e.mode === 'payment') {
    invariant(e.amountMinor >= 0n, 'the amount is not negative');
    invariant(cash <= e.amountMinor, `the allocations' cash (${cash}) is within the amount (${e.amountMinor})`);
    push(e.bankAccountId, bankSide, e.amountMinor, toBase(e.amountMinor), e.rate, 'bank', false, e.description);
    const onAccount = e.amountMinor - cash;
    push(e.controlAccountId, controlSide, onAccount, toBase(onAccount), e.rate, 'on account', true, `${e.description} (on account)`);
  } else if (e.mode === 'refund') {
    // A refund pays the credits back: the bank on the other side, nothing left on account.
    invariant(e.allocations.every((a) => a.sign === -1n), 'a refund settles credits only');
    invariant(e.amountMinor > 0n && cash === -e.amountMinor, `the refund's amount (${e.amountMinor}) is what its credits return (${-cash})`);
    push(e.bankAccountId, other(bankSide), e.amountMinor, toBase(e.amountMinor), e.rate, 'bank', false, e.description);
  } else {
    // What was on account settles the items: the control account's invoice side, at the payment's rate.
    push(e.controlAccountId, bankSide, cash, toBase(cash), e.rate, 'on account', true, `${e.description} (from account)`);
  }

  // One control line per item rate: the settled amounts at their items' base.
  const byRate = new Map<bigint, { amount: bigint; base: bigint }>();
  let discount = 0n;
  let writeOff = 0n;
  for (const a of e.allocations) {
    invariant(a.amountMinor >= 0n && a.discountMinor >= 0n && a.writeOffMinor >= 0n, 'allocation amounts are magnitudes');
    invariant(a.sign === 1n || (a.discountMinor === 0n && a.writeOffMinor === 0n), "a credit note's item takes no discount or write-off");
    const g = byRate.get(a.itemRate) ?? { amount: 0n, base: 0n };
    g.amount += settledOf(a);
    g.base += a.controlBaseMinor;
    byRate.set(a.itemRate, g);
    discount += a.discountMinor;
    writeOff += a.writeOffMinor;
  }
  const settles = e.mode === 'refund' ? 'credits refunded' : 'allocations';
  for (const [rate, g] of byRate) push(e.controlAccountId, controlSide, g.amount, g.base, rate, 'allocations', true, `${e.description} (${settles})`);
  if (discount > 0n) {
    invariant(!!e.accounts.discountAccount, 'a discount has its account');
    push(e.accounts.discountAccount, bankSide, discount, toBase(discount), e.rate, 'discount', false, `${e.description} (early-payment discount)`);
  }
  if (writeOff > 0n) {
    invariant(!!e.accounts.writeOffAccount, 'a write-off has its account');
    push(e.accounts.writeOffAccount, bankSide, writeOff, toBase(writeOff), e.rate, 'write-off', false, `${e.description} (write-off)`);
  }

  const units = out.reduce((s, l) => s + l.debitMinor - l.creditMinor, 0n);
  invariant(units === 0n, `the entry balances in ${e.currency} (${units})`);
  const diff = out.reduce((s, l) => s + l.baseDebitMinor - l.baseCreditMinor, 0n);
  if (diff !== 0n) {
    // More base debited than credited: the difference is a gain (credit); less: a loss (debit).
    const gain = diff > 0n;
    const account = gain ? e.accounts.exchangeGainAccount : e.accounts.exchangeLossAccount;
    invariant(!!account, `a realised exchange ${gain ? 'gain' : 'loss'} has its account`);
    out.push({
      accountId: account, currency: e.currency, rate: e.rate, lineRef: 'exchange', description: `${e.description} (realised exchange ${gain ? 'gain' : 'loss'})`, party: null,
      debitMinor: 0n, creditMinor: 0n, baseDebitMinor: gain ? 0n : -diff, baseCreditMinor: gain ? diff : 0n,
    });
  }
  const base = out.reduce((s, l) => s + l.baseDebitMinor - l.baseCreditMinor, 0n);
  invariant(base === 0n, 'the entry balances in base');
  invariant(out.every((l) => (l.party ? l.accountId === e.controlAccountId : l.accountId !== e.controlAccountId)), 'a party goes on the control account only, and every control line names it');
  return out;
}

/** The lines of an entry swapped side for side (an un-allocation undoes what its allocation posted). */
export function swapped(lines: ExactLine[]): ExactLine[] {
  return lines.map((l) => ({ ...l, debitMinor: l.creditMinor, creditMinor: l.debitMinor, baseDebitMinor: l.baseCreditMinor, baseCreditMinor: l.baseDebitMinor }));
}

// ---------------------------------------------------------------------------------------------
// The proposal

export type ProposalItem = {
  id: string;
  sign: 1n | -1n;
  /** What is left, a magnitude. */
  remainingMinor: bigint;
  discountMinor: bigint;
  discountDate: string | null;
  dueDate: string;
  documentDate: string;
  line: number;
  references: (string | null)[];
};
export type Proposed = { id: string; amountMinor: bigint; discountMinor: bigint; matched: 'reference' | 'amount' | null };

/** The discount an item offers on a date: its discount when the date is on or before its discount date and it is an invoice's. */
export const discountOn = (item: Pick<ProposalItem, 'sign' | 'discountMinor' | 'discountDate' | 'remainingMinor'>, date: string) =>
  item.sign === 1n && item.discountDate !== null && date <= item.discountDate && item.discountMinor > 0n && item.discountMinor < item.remainingMinor ? item.discountMinor : 0n;

/**
 * Spreads `amount` over a party's items: a reference match first, then an item whose remaining (less
 * its discount on the date) equals the amount, then oldest due first; an item paid in full on time
 * takes its discount. Credits are used as far as the invoices' lines need them beyond the amount.
 */
export function proposeAllocations(items: ProposalItem[], amountMinor: bigint, date: string, reference?: string): Proposed[] {
  const ref = reference?.trim().toLowerCase();
  const needOf = (i: ProposalItem) => i.remainingMinor - discountOn(i, date);
  const matchOf = (i: ProposalItem): Proposed['matched'] => {
    if (ref && i.references.some((r) => r && r.trim().toLowerCase() === ref)) return 'reference';
    if (amountMinor > 0n && needOf(i) === amountMinor) return 'amount';
    return null;
  };
  const rank = (m: Proposed['matched']) => (m === 'reference' ? 0 : m === 'amount' ? 1 : 2);
  const credits = items.filter((i) => i.sign === -1n && i.remainingMinor > 0n);
  const invoices = items
    .filter((i) => i.sign === 1n && i.remainingMinor > 0n)
    .map((i) => ({ i, m: matchOf(i) }))
    // Only the first item matching the amount is the match; others wait their turn by date.
    .sort((a, b) => rank(a.m) - rank(b.m) || (a.i.dueDate < b.i.dueDate ? -1 : a.i.dueDate > b.i.dueDate ? 1 : 0) || (a.i.documentDate < b.i.documentDate ? -1 : a.i.documentDate > b.i.documentDate ? 1 : 0) || a.i.line - b.i.line);
  let left = amountMinor + credits.reduce((s, c) => s + c.remainingMinor, 0n);
  const out: Proposed[] = [];
  let amountMatched = false;
  for (const { i, m } of invoices) {
    if (left <= 0n) break;
    const need = needOf(i);
    const give = need < left ? need : left;
    const full = give === need;
    const matched = m === 'amount' ? (amountMatched ? null : ((amountMatched = true), m)) : m;
    out.push({ id: i.id, amountMinor: give, discountMinor: full ? discountOn(i, date) : 0n, matched });
    left -= give;
  }
  // The credits the invoices used beyond the amount, oldest first.
  const given = out.reduce((s, p) => s + p.amountMinor, 0n);
  let creditNeeded = given > amountMinor ? given - amountMinor : 0n;
  const usedCredits: Proposed[] = [];
  for (const c of [...credits].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.line - b.line))) {
    if (creditNeeded === 0n) break;
    const take = c.remainingMinor < creditNeeded ? c.remainingMinor : creditNeeded;
    usedCredits.push({ id: c.id, amountMinor: take, discountMinor: 0n, matched: null });
    creditNeeded -= take;
  }
  return [...usedCredits, ...out];
}
