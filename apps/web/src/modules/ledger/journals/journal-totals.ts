/*
 * The running totals under the line grid, in exact integer arithmetic: lines in the base currency,
 * and lines of another currency with a rate, add up in base (converted and rounded once per line,
 * as the posting engine does); lines of another currency without a rate (the server looks the
 * rate up on posting) add up in their own currency. A journal balances when every total's debit
 * equals its credit.
 */
import { convert, formatMoney, parseRate } from '@erp/contracts';
import { amountMinor, RATE_TEXT, type GridLine } from './journal-lines';

export type TotalsBucket = {
  currency: string;
  /** True for the base bucket (base lines and converted lines). */
  base: boolean;
  scale: number;
  debitMinor: bigint;
  creditMinor: bigint;
};

export type GridTotals = {
  buckets: TotalsBucket[];
  /** Indexes of lines whose amounts, rate or currency cannot be read; they are left out of the totals. */
  unreadable: number[];
};

/** The base currency's scale when a currency's own is not known yet (currencies still loading). */
export const SCALE_FALLBACK = 2;

function readRate(text: string): bigint | undefined {
  const trimmed = text.trim();
  if (!RATE_TEXT.test(trimmed)) return undefined;
  try {
    return parseRate(trimmed);
  } catch {
    return undefined;
  }
}

export function gridTotals(lines: readonly GridLine[], baseCurrency: string, scales: Readonly<Record<string, number>>): GridTotals {
  const baseScale = scales[baseCurrency] ?? SCALE_FALLBACK;
  const base: TotalsBucket = { currency: baseCurrency, base: true, scale: baseScale, debitMinor: 0n, creditMinor: 0n };
  const others = new Map<string, TotalsBucket>();
  const unreadable: number[] = [];
  lines.forEach((line, index) => {
    const currency = line.currency.trim().toUpperCase();
    const scale = currency === baseCurrency ? baseScale : scales[currency];
    const debit = scale === undefined ? undefined : amountMinor(line.debit, scale);
    const credit = scale === undefined ? undefined : amountMinor(line.credit, scale);
    const rate = line.rate.trim() === '' ? null : readRate(line.rate);
    if (scale === undefined || debit === undefined || credit === undefined || rate === undefined) {
      unreadable.push(index);
      return;
    }
    if (currency === baseCurrency) {
      base.debitMinor += debit;
      base.creditMinor += credit;
    } else if (rate !== null) {
      base.debitMinor += convert(debit, scale, rate, baseScale);
      base.creditMinor += convert(credit, scale, rate, baseScale);
    } else {
      const bucket = others.get(currency) ?? { currency, base: false, scale, debitMinor: 0n, creditMinor: 0n };
      bucket.debitMinor += debit;
      bucket.creditMinor += credit;
      others.set(currency, bucket);
    }
  });
  const sorted = [...others.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  return { buckets: [base, ...sorted], unreadable };
}

export const differenceMinor = (bucket: TotalsBucket): bigint => bucket.debitMinor - bucket.creditMinor;

export const isBalanced = (totals: GridTotals): boolean => totals.buckets.every((bucket) => differenceMinor(bucket) === 0n);

/** A bucket's debit, credit and difference as decimal strings at its currency's scale. */
export function bucketText(bucket: TotalsBucket): { debit: string; credit: string; difference: string } {
  return {
    debit: formatMoney(bucket.debitMinor, bucket.scale),
    credit: formatMoney(bucket.creditMinor, bucket.scale),
    difference: formatMoney(differenceMinor(bucket), bucket.scale),
  };
}
