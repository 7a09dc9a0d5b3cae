import { strict as assert } from 'node:assert';
import { divRound, RATE_SCALE } from '@erp/contracts';

/** The balance of one revenue or expense account over a fiscal year, per currency and dimension set (debit positive). */
export type PlBalance = { accountId: string; currency: string; dimensionSetId: string; amountMinor: bigint; baseMinor: bigint };

/** A line of the closing entry, as the ledger stores it: each side in its currency and in base. */
export type ClosingLine = {
  accountId: string;
  currency: string;
  dimensionSetId: string;
  rate: bigint;
  debitMinor: bigint;
  creditMinor: bigint;
  baseDebitMinor: bigint;
  baseCreditMinor: bigint;
  toRetainedEarnings: boolean;
};

export type ClosingPlan = { lines: ClosingLine[]; netIncomeBaseMinor: bigint; totalBaseMinor: bigint };

const ONE = 10n ** BigInt(RATE_SCALE);
/** numeric(21,10) holds at most ten integer digits of a rate. */
const RATE_MAX = 10n ** BigInt(RATE_SCALE + 10) - 1n;
const pos = (v: bigint) => (v > 0n ? v : 0n);
const neg = (v: bigint) => (v < 0n ? -v : 0n);
const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * The rate a closing line shows: what its base amount is per unit of its currency. It is only a
 * record; the base amount is copied from the balances, never converted again.
 */
function effectiveRate(amountMinor: bigint, baseMinor: bigint, scale: number, baseScale: number): bigint {
  if (amountMinor === 0n || baseMinor === 0n) return ONE;
  const r = divRound(abs(baseMinor) * 10n ** BigInt(RATE_SCALE + scale), abs(amountMinor) * 10n ** BigInt(baseScale));
  return r < 1n ? 1n : r > RATE_MAX ? RATE_MAX : r;
}

function line(accountId: string, currency: string, dimensionSetId: string, amountMinor: bigint, baseMinor: bigint, rate: bigint, toRetainedEarnings: boolean): ClosingLine {
  return {
    accountId, currency, dimensionSetId, rate, toRetainedEarnings,
    debitMinor: pos(amountMinor), creditMinor: neg(amountMinor), baseDebitMinor: pos(baseMinor), baseCreditMinor: neg(baseMinor),
  };
}

/**
 * The year-end closing entry (the closing of nominal accounts): every revenue and expense balance
 * of the year is reversed exactly, per currency and dimension set, in its own currency and in base,
 * and the retained earnings account takes the opposite, per currency and dimension set too. The
 * base amounts are the balances' own (a foreign balance booked at many rates has no single rate
 * that reproduces it), so the entry balances in base and in every currency with no rounding line.
 */
export function planClosingEntry(balances: PlBalance[], retainedEarningsId: string, scales: Record<string, number>, baseCurrency: string): ClosingPlan {
  const baseScale = scales[baseCurrency];
  assert(baseScale !== undefined, 'the base currency has a scale');
  const lines: ClosingLine[] = [];
  const toRe = new Map<string, { currency: string; dimensionSetId: string; amount: bigint; base: bigint }>();
  for (const b of balances) {
    assert(b.accountId !== retainedEarningsId, 'retained earnings is not a revenue or expense account');
    if (b.amountMinor === 0n && b.baseMinor === 0n) continue;
    const scale = scales[b.currency];
    assert(scale !== undefined, `currency ${b.currency} has a scale`);
    const rate = b.currency === baseCurrency ? ONE : effectiveRate(b.amountMinor, b.baseMinor, scale, baseScale);
    lines.push(line(b.accountId, b.currency, b.dimensionSetId, -b.amountMinor, -b.baseMinor, rate, false));
    const key = `${b.currency}|${b.dimensionSetId}`;
    const sum = toRe.get(key) ?? { currency: b.currency, dimensionSetId: b.dimensionSetId, amount: 0n, base: 0n };
    sum.amount += b.amountMinor;
    sum.base += b.baseMinor;
    toRe.set(key, sum);
  }
  for (const s of [...toRe.values()].sort((x, y) => x.currency.localeCompare(y.currency) || x.dimensionSetId.localeCompare(y.dimensionSetId))) {
    if (s.amount === 0n && s.base === 0n) continue;
    const rate = s.currency === baseCurrency ? ONE : effectiveRate(s.amount, s.base, scales[s.currency]!, baseScale);
    lines.push(line(retainedEarningsId, s.currency, s.dimensionSetId, s.amount, s.base, rate, true));
  }
  const perCurrency = new Map<string, bigint>();
  let baseNet = 0n;
  let totalBaseMinor = 0n;
  for (const l of lines) {
    perCurrency.set(l.currency, (perCurrency.get(l.currency) ?? 0n) + l.debitMinor - l.creditMinor);
    baseNet += l.baseDebitMinor - l.baseCreditMinor;
    totalBaseMinor += l.baseDebitMinor;
  }
  assert(baseNet === 0n, 'the closing entry balances in base');
  for (const [currency, net] of perCurrency) assert(net === 0n, `the closing entry balances in ${currency}`);
  // Revenue is a credit balance: the year's result is what the revenue and expense balances leave, negated.
  const netIncomeBaseMinor = -balances.reduce((s, b) => s + b.baseMinor, 0n);
  return { lines, netIncomeBaseMinor, totalBaseMinor };
}
