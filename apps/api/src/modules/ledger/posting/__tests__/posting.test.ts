// Proves the posting rules: conversion, rounding lines, currency-trading lines, refusal of unbalanced entries, and reversal, including a property over random entries.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convert, parseRate } from '@erp/contracts';
import { planEntry, reverseLines, type PlannedLine, type PostingContext, type PostingLine } from '../posting';

const ctx: PostingContext = {
  baseCurrency: 'USD',
  scales: { USD: 2, EUR: 2, JPY: 0, KWD: 3 },
  roundingAccountId: 'rounding',
  exchangeAccountId: 'exchange',
  emptyDimensionSetId: 'none',
};
const ONE = parseRate('1');
const line = (accountId: string, currency: string, signed: bigint, rate = ONE): PostingLine => ({
  accountId, currency, rate, dimensionSetId: 'none', debitMinor: signed > 0n ? signed : 0n, creditMinor: signed < 0n ? -signed : 0n,
});
const plan = (lines: PostingLine[]) => {
  const p = planEntry(lines, ctx);
  if ('error' in p) throw new Error(p.error);
  return p;
};
const sums = (lines: PlannedLine[]) => {
  const byCurrency = new Map<string, bigint>();
  for (const l of lines) byCurrency.set(l.currency, (byCurrency.get(l.currency) ?? 0n) + l.debitMinor - l.creditMinor);
  return { base: lines.reduce((s, l) => s + l.baseDebitMinor - l.baseCreditMinor, 0n), byCurrency: [...byCurrency.values()] };
};

describe('planEntry', () => {
  it('posts a base-currency journal as it is', () => {
    const p = plan([line('cash', 'USD', 10000n), line('sales', 'USD', -10000n)]);
    expect(p.lines.map((l) => [l.accountId, l.baseDebitMinor, l.baseCreditMinor, l.generated])).toEqual([['cash', 10000n, 0n, null], ['sales', 0n, 10000n, null]]);
    expect(p.totalBaseMinor).toBe(10000n);
  });

  it('closes each currency of a cross-currency journal on the exchange account', () => {
    const p = plan([line('bank-eur', 'EUR', 10000n, parseRate('1.1')), line('sales', 'USD', -11000n)]);
    expect(p.lines.filter((l) => l.generated).map((l) => [l.accountId, l.currency, l.debitMinor, l.creditMinor, l.baseDebitMinor, l.baseCreditMinor])).toEqual([
      ['exchange', 'EUR', 0n, 10000n, 0n, 11000n],
      ['exchange', 'USD', 11000n, 0n, 11000n, 0n],
    ]);
    expect(sums(p.lines)).toEqual({ base: 0n, byCurrency: [0n, 0n] });
  });

  it('puts per-line rounding of a single foreign currency on the rounding account, base only', () => {
    const rate = parseRate('1.0826');
    const p = plan([line('exp', 'EUR', 3333n, rate), line('exp', 'EUR', 3333n, rate), line('exp', 'EUR', 3334n, rate), line('bank', 'EUR', -10000n, rate)]);
    const rounding = p.lines.filter((l) => l.generated === 'rounding');
    expect(rounding).toHaveLength(1);
    expect(rounding[0]).toMatchObject({ currency: 'EUR', debitMinor: 0n, creditMinor: 0n });
    expect(sums(p.lines)).toEqual({ base: 0n, byCurrency: [0n] });
  });

  it('refuses an entry that does not balance beyond rounding', () => {
    expect(planEntry([line('cash', 'USD', 10000n), line('sales', 'USD', -9999n)], ctx)).toEqual({ error: 'The journal does not balance: debits and credits differ by 1 minor units of USD' });
    expect(planEntry([line('bank', 'EUR', 10000n, parseRate('1.1')), line('sales', 'USD', -10000n)], ctx)).toMatchObject({ error: expect.stringMatching(/differ by 1000 minor units/) });
  });

  it('reverses an entry by swapping sides, which balances too', () => {
    const p = plan([line('bank-eur', 'EUR', 10000n, parseRate('1.1')), line('sales', 'USD', -11000n)]);
    const r = reverseLines(p.lines);
    expect(r[0]).toMatchObject({ debitMinor: 0n, creditMinor: 10000n, baseDebitMinor: 0n, baseCreditMinor: 11000n });
    expect(sums(r)).toEqual({ base: 0n, byCurrency: [0n, 0n] });
  });

  it('balances every random entry whose lines balance in base before rounding', () => {
    const currencies = ['USD', 'EUR', 'JPY', 'KWD'] as const;
    const arbLine = fc.record({
      currency: fc.constantFrom(...currencies),
      amount: fc.bigInt({ min: 1n, max: 10n ** 9n }),
      debit: fc.boolean(),
    });
    // One rate per currency in an entry, as a journal carries the day's rate.
    const arbRates = fc.record({ EUR: fc.integer({ min: 1, max: 3_000_000 }), JPY: fc.integer({ min: 1, max: 3_000_000 }), KWD: fc.integer({ min: 1, max: 3_000_000 }) });
    fc.assert(
      fc.property(fc.array(arbLine, { minLength: 1, maxLength: 12 }), arbRates, (drafts, rates) => {
        const lines = drafts.map((d) => line(`a-${d.currency}`, d.currency, d.debit ? d.amount : -d.amount, d.currency === 'USD' ? ONE : BigInt(rates[d.currency]) * 10_000n));
        // Close the entry with a USD line equal to the base total, so it balances up to rounding.
        const base = lines.reduce((s, l) => s + (l.currency === 'USD' ? l.debitMinor - l.creditMinor : convert(l.debitMinor - l.creditMinor, ctx.scales[l.currency]!, l.rate, 2)), 0n);
        if (base === 0n) return true;
        const p = plan([...lines, line('balance', 'USD', -base)]);
        const s = sums(p.lines);
        return s.base === 0n && s.byCurrency.every((v) => v === 0n) && p.lines.every((l) => l.debitMinor >= 0n && l.creditMinor >= 0n && l.baseDebitMinor >= 0n && l.baseCreditMinor >= 0n);
      }),
      { numRuns: 500 },
    );
  });
});
