import { strict as assert } from 'node:assert';
import { formatMoney } from '@erp/contracts';
import type { EntryLine } from '../posting/posting.service';

/** A line of an intercompany entry: an engine line tagged with the company it posts in. */
export type IntercompanyLine = EntryLine & { companyId: string };

/** One company of the pair: its base currency and its due accounts towards the other. */
export type IntercompanySide = {
  companyId: string;
  baseCurrency: string;
  /** Asset: what the partner owes this company. */
  dueFromAccountId: string;
  /** Liability: what this company owes the partner. */
  dueToAccountId: string;
  /** How the due lines name the partner ('Due from B01'). */
  partnerLabel: string;
};

/** One company's journal: the entered lines of that company, then the due lines that balance it. */
export type IntercompanyLeg = { companyId: string; lines: EntryLine[]; dueLineCount: number };

const abs = (v: bigint) => (v < 0n ? -v : v);
const net = (l: EntryLine) => l.debitMinor - l.creditMinor;

/** Sum of debit minus credit per key, in first-seen order. */
function netBy<T extends EntryLine>(lines: T[], keyOf: (l: T) => string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const l of lines) out.set(keyOf(l), (out.get(keyOf(l)) ?? 0n) + net(l));
  return out;
}

/**
 * Lines of one currency with the same rate convert alike, so a due line per (currency, rate)
 * keeps the leg balanced in base up to per-line rounding. Lines in the company's base currency,
 * and lines whose rate the engine looks up on the date, form one group each (rate undefined).
 */
const rateKey = (l: EntryLine, side: IntercompanySide) => (l.currency === side.baseCurrency || l.rate === undefined ? 'auto' : l.rate.toString());

/**
 * The due lines of one company. The account follows the company's net position in each currency:
 * a company whose own lines are net credit (it paid or earned for the partner) is owed the
 * difference (due-from, debit); net debit means it owes it (due-to, credit). Within the currency,
 * one line per rate group closes that group in transaction units.
 */
function dueLines(own: EntryLine[], side: IntercompanySide): EntryLine[] {
  const out: EntryLine[] = [];
  for (const [currency, currencyNet] of netBy(own, (l) => l.currency)) {
    if (currencyNet === 0n) continue;
    const owed = currencyNet < 0n;
    const ofCurrency = own.filter((l) => l.currency === currency);
    for (const [key, groupNet] of netBy(ofCurrency, (l) => rateKey(l, side))) {
      if (groupNet === 0n) continue;
      out.push({
        accountId: owed ? side.dueFromAccountId : side.dueToAccountId,
        currency,
        rate: key === 'auto' ? undefined : BigInt(key),
        debitMinor: groupNet < 0n ? -groupNet : 0n,
        creditMinor: groupNet > 0n ? groupNet : 0n,
        dimensions: {},
        description: `${owed ? 'Due from' : 'Due to'} ${side.partnerLabel}`,
        taxId: null,
      });
    }
  }
  return out;
}

/** The checks that make an entry an intercompany entry; the first failure, or undefined. */
function refusal(lines: IntercompanyLine[], own: IntercompanySide, partner: IntercompanySide, scales: Record<string, number>): string | undefined {
  if (own.companyId === partner.companyId) return 'The partner company must be another company';
  const stranger = lines.findIndex((l) => l.companyId !== own.companyId && l.companyId !== partner.companyId);
  if (stranger >= 0) return `Line ${stranger + 1}: the company is neither this company nor the partner`;
  for (const side of [own, partner]) {
    if (!lines.some((l) => l.companyId === side.companyId)) return `An intercompany journal needs lines in both companies`;
  }
  for (const [currency, difference] of netBy(lines, (l) => l.currency)) {
    if (difference !== 0n) {
      const text = formatMoney(abs(difference), scales[currency] ?? 2);
      return `The ${currency} lines do not balance across the two companies: debits and credits differ by ${text} ${currency}`;
    }
  }
  return undefined;
}

/**
 * Splits one intercompany entry into two journals, one per company, each balanced on its own in
 * every transaction currency by due-from/due-to lines (the engine then balances base and rounding
 * per company, at that company's rates). The whole entry must balance in each currency, so what
 * one company is owed is exactly what the other owes: per currency, the due lines of the two legs
 * are equal and opposite.
 */
export function splitIntercompany(lines: IntercompanyLine[], own: IntercompanySide, partner: IntercompanySide, scales: Record<string, number>): [IntercompanyLeg, IntercompanyLeg] | { error: string } {
  const refused = refusal(lines, own, partner, scales);
  if (refused) return { error: refused };
  const legs = [own, partner].map((side): IntercompanyLeg => {
    const entered = lines.filter((l) => l.companyId === side.companyId).map(({ companyId: _company, ...line }) => line);
    const due = dueLines(entered, side);
    return { companyId: side.companyId, lines: [...entered, ...due], dueLineCount: due.length };
  }) as [IntercompanyLeg, IntercompanyLeg];

  for (const leg of legs) {
    for (const [currency, rest] of netBy(leg.lines, (l) => l.currency)) assert(rest === 0n, `the ${currency} lines of a leg balance`);
    for (const l of leg.lines) assert((l.debitMinor === 0n) !== (l.creditMinor === 0n) && l.debitMinor >= 0n && l.creditMinor >= 0n, 'a line has exactly one side');
  }
  const dueNet = (leg: IntercompanyLeg) => netBy(leg.lines.slice(leg.lines.length - leg.dueLineCount), (l) => l.currency);
  const [ownDue, partnerDue] = [dueNet(legs[0]), dueNet(legs[1])];
  for (const [currency, amount] of ownDue) assert(partnerDue.get(currency) === -amount, `the ${currency} due lines of the two legs mirror`);
  assert(ownDue.size === partnerDue.size, 'both legs carry due lines in the same currencies');
  return legs;
}
