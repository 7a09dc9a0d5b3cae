import { strict as assert } from 'node:assert';
import { convert, type PartyRef } from '@erp/contracts';

/** A line as the posting engine receives it: one side, transaction currency, rate to base. */
export type PostingLine = {
  accountId: string;
  currency: string;
  /** Units of base currency per unit of the line's currency, at RATE_SCALE decimals. */
  rate: bigint;
  debitMinor: bigint;
  creditMinor: bigint;
  dimensionSetId: string;
  description?: string | null;
  taxId?: string | null;
  /** Carried to the ledger line as given: the source document's line and, on a control account, the party. */
  lineRef?: string | null;
  party?: PartyRef | null;
};

export type PlannedLine = PostingLine & { baseDebitMinor: bigint; baseCreditMinor: bigint; generated: 'rounding' | 'exchange' | null };

export type PostingContext = {
  baseCurrency: string;
  /** Decimal places per currency code. */
  scales: Record<string, number>;
  roundingAccountId: string;
  exchangeAccountId: string;
  emptyDimensionSetId: string;
};

export type EntryPlan = { lines: PlannedLine[]; totalBaseMinor: bigint };

const ONE = 10n ** 10n;
const abs = (v: bigint) => (v < 0n ? -v : v);

/** A signed amount (debit positive) as the two sides of a line. */
function sides(amount: bigint, base: bigint) {
  const debitSide = amount > 0n || (amount === 0n && base > 0n);
  return {
    debitMinor: debitSide ? abs(amount) : 0n,
    creditMinor: debitSide ? 0n : abs(amount),
    baseDebitMinor: debitSide ? abs(base) : 0n,
    baseCreditMinor: debitSide ? 0n : abs(base),
  };
}

/**
 * Turns the lines of any document into a ledger entry that balances exactly in base currency and
 * in every transaction currency:
 * 1. each line is converted to base at its rate, rounded once (half away from zero);
 * 2. a currency whose lines balance in its own units but not in base (per-line rounding) gets a
 *    base-only line on the rounding account;
 * 3. the base difference left between currencies must be within rounding (half a minor unit per
 *    converted line), else the entry is refused; it goes to the rounding account in base currency;
 * 4. each currency still open gets a line on the currency-exchange (trading) account that closes
 *    it in its own units and in base, so per-currency balance holds for cross-currency entries.
 */
export function planEntry(lines: PostingLine[], ctx: PostingContext): EntryPlan | { error: string } {
  const baseScale = ctx.scales[ctx.baseCurrency];
  assert(baseScale !== undefined, 'the base currency has a scale');
  const planned: PlannedLine[] = lines.map((l) => {
    const scale = ctx.scales[l.currency];
    assert(scale !== undefined, `currency ${l.currency} has a scale`);
    assert((l.debitMinor === 0n) !== (l.creditMinor === 0n), 'a line has exactly one side');
    assert(l.currency !== ctx.baseCurrency || l.rate === ONE, 'a base-currency line has rate 1');
    const base = l.currency === ctx.baseCurrency ? l.debitMinor - l.creditMinor : convert(l.debitMinor - l.creditMinor, scale, l.rate, baseScale);
    return { ...l, ...sides(l.debitMinor - l.creditMinor, base), generated: null };
  });

  const groups = () => {
    const g = new Map<string, { t: bigint; b: bigint; lines: number; rate: bigint }>();
    for (const l of planned) {
      const e = g.get(l.currency) ?? { t: 0n, b: 0n, lines: 0, rate: l.rate };
      e.t += l.debitMinor - l.creditMinor;
      e.b += l.baseDebitMinor - l.baseCreditMinor;
      e.lines += l.generated ? 0 : 1;
      g.set(l.currency, e);
    }
    return [...g.entries()].sort(([a], [b]) => a.localeCompare(b));
  };
  const generated = (accountId: string, currency: string, rate: bigint, amount: bigint, base: bigint, kind: 'rounding' | 'exchange', description: string): PlannedLine => ({
    accountId, currency, rate, dimensionSetId: ctx.emptyDimensionSetId, description, taxId: null, generated: kind, ...sides(amount, base),
  });

  for (const [currency, g] of groups()) {
    if (g.t !== 0n || g.b === 0n) continue;
    if (abs(g.b) * 2n > BigInt(g.lines)) return { error: `The ${currency} lines do not balance in base currency` };
    planned.push(generated(ctx.roundingAccountId, currency, g.rate, 0n, -g.b, 'rounding', `Rounding of ${currency} to ${ctx.baseCurrency}`));
  }
  const open = groups().filter(([, g]) => g.t !== 0n);
  const imbalance = open.reduce((sum, [, g]) => sum + g.b, 0n);
  const converted = open.reduce((n, [c, g]) => n + (c === ctx.baseCurrency ? 0 : g.lines), 0);
  if (imbalance !== 0n && abs(imbalance) * 2n > BigInt(Math.max(converted, 0))) {
    return { error: `The journal does not balance: debits and credits differ by ${abs(imbalance)} minor units of ${ctx.baseCurrency}` };
  }
  if (imbalance !== 0n) planned.push(generated(ctx.roundingAccountId, ctx.baseCurrency, ONE, -imbalance, -imbalance, 'rounding', 'Exchange rounding'));
  for (const [currency, g] of groups()) {
    if (g.t === 0n && g.b === 0n) continue;
    planned.push(generated(ctx.exchangeAccountId, currency, g.rate, -g.t, -g.b, 'exchange', `Currency exchange ${currency}`));
  }

  const totals = planned.reduce((s, l) => ({ d: s.d + l.baseDebitMinor, c: s.c + l.baseCreditMinor }), { d: 0n, c: 0n });
  assert(totals.d === totals.c, 'the entry balances in base');
  for (const [, g] of groups()) assert(g.t === 0n && g.b === 0n, 'each currency balances');
  return { lines: planned, totalBaseMinor: totals.d };
}

/** The reversal of a posted entry: the same lines with debit and credit swapped. */
export function reverseLines<T extends { debitMinor: bigint; creditMinor: bigint; baseDebitMinor: bigint; baseCreditMinor: bigint }>(lines: T[]): T[] {
  return lines.map((l) => ({ ...l, debitMinor: l.creditMinor, creditMinor: l.debitMinor, baseDebitMinor: l.baseCreditMinor, baseCreditMinor: l.baseDebitMinor }));
}
