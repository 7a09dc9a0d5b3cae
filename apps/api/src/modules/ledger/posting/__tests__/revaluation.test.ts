// The revaluation planner (pure): on random balances and rates, the entry balances in base, moves no
// amount in any currency, names each party on its control line (and no party for holders that are not
// parties, as banks), and leaves every balance carrying exactly
// its value at the rate (one rounding, half up, as every conversion); a zero difference posts nothing; a
// missing account is reported, not posted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, parseRate } from '@erp/contracts';
import { planRevaluation, type RevaluedBalance } from '../revaluation';

const scales = { USD: 2, EUR: 2, JPY: 0, KWD: 3 };
const describeLine = (what: string, c: string) => `${what} ${c}`;

describe('planRevaluation', () => {
  it('balances in base, moves no currency amount and leaves each balance at its revalued base', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ currency: fc.constantFrom('EUR', 'JPY', 'KWD'), balance: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), drift: fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }) }), { maxLength: 30 }),
        fc.record({ EUR: fc.integer({ min: 1, max: 9_999_999 }), JPY: fc.integer({ min: 1, max: 9_999_999 }), KWD: fc.integer({ min: 1, max: 9_999_999 }) }),
        (raw, r) => {
          const rates = new Map(Object.entries(r).map(([c, v]) => [c, parseRate((v / 1_000_000).toFixed(6))]));
          const balances: RevaluedBalance[] = raw.map((b, i) => ({
            holderId: `p${i}`, accountId: 'control', currency: b.currency, balanceMinor: b.balance,
            carryingBaseMinor: convert(b.balance, scales[b.currency as keyof typeof scales], rates.get(b.currency)!, 2) + b.drift,
            gainAccountId: 'gain', lossAccountId: i % 2 ? 'loss' : 'gain',
          }));
          const plan = planRevaluation(balances, rates, scales, 'USD', 'Customer', describeLine);
          expect(plan.entry.reduce((s, l) => s + l.baseDebitMinor - l.baseCreditMinor, 0n)).toBe(0n);
          expect(plan.entry.every((l) => l.debitMinor === 0n && l.creditMinor === 0n)).toBe(true);
          expect(plan.lines.length).toBe(raw.filter((b) => b.drift !== 0n).length);
          for (const l of plan.lines) expect(l.carryingBaseMinor + l.differenceMinor).toBe(convert(l.balanceMinor, scales[l.currency as keyof typeof scales], l.rate, 2));
          expect(plan.gainMinor - plan.lossMinor).toBe(plan.lines.reduce((s, l) => s + l.differenceMinor, 0n));
          expect(plan.entry.filter((l) => l.party).map((l) => l.party!.id)).toEqual(plan.lines.map((l) => l.holderId));
        },
      ),
    );
  });

  it('rounds the revalued base half up once and reports a balance whose account is missing', () => {
    const rates = new Map([['EUR', parseRate('1.15')]]);
    // 333.33 EUR at 1.15 = 383.3295 → 383.33; carried 366.66: a gain of 16.67 (no gain account: reported).
    const plan = planRevaluation([{ holderId: 'a', accountId: 'c', currency: 'EUR', balanceMinor: 33333n, carryingBaseMinor: 36666n, gainAccountId: null, lossAccountId: 'loss' }], rates, scales, 'USD', 'Vendor', describeLine);
    expect(plan.missing).toEqual([{ holderId: 'a', gain: true }]);
    expect(plan.entry).toEqual([]);
    const ok = planRevaluation([{ holderId: 'a', accountId: 'c', currency: 'EUR', balanceMinor: 33333n, carryingBaseMinor: 36666n, gainAccountId: 'gain', lossAccountId: 'loss' }], rates, scales, 'USD', 'Vendor', describeLine);
    expect(ok.lines[0]).toMatchObject({ revaluedBaseMinor: 38333n, differenceMinor: 1667n });
    expect(ok.entry.map((l) => [l.accountId, l.baseDebitMinor, l.baseCreditMinor, l.party?.type ?? null])).toEqual([['c', 1667n, 0n, 'Vendor'], ['gain', 0n, 1667n, null]]);
    // A bank's balance (no party): the same amounts, no party on any line.
    const bank = planRevaluation([{ holderId: 'b', accountId: 'c', currency: 'EUR', balanceMinor: 33333n, carryingBaseMinor: 36666n, gainAccountId: 'gain', lossAccountId: 'loss' }], rates, scales, 'USD', null, describeLine);
    expect(bank.entry.map((l) => [l.accountId, l.baseDebitMinor, l.baseCreditMinor, l.party])).toEqual([['c', 1667n, 0n, null], ['gain', 0n, 1667n, null]]);
  });
});
