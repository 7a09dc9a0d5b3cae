// Proves the closing entry's plan: each revenue and expense balance reversed exactly, per currency and dimension set, with retained earnings taking the opposite.
import { describe, expect, it } from 'vitest';
import { planClosingEntry } from '../year-end';

describe('the closing entry, planned', () => {
  it('reverses each balance exactly, per currency and dimension set, and gives retained earnings the opposite', () => {
    const plan = planClosingEntry(
      [
        { accountId: 'rev', currency: 'EUR', dimensionSetId: 'd0', amountMinor: -15000n, baseMinor: -17500n },
        { accountId: 'fee', currency: 'EUR', dimensionSetId: 'd0', amountMinor: 0n, baseMinor: 100n },
        { accountId: 'rent', currency: 'USD', dimensionSetId: 'd1', amountMinor: 40000n, baseMinor: 40000n },
      ],
      're', { USD: 2, EUR: 2 }, 'USD',
    );
    expect(plan.lines.map((l) => [l.accountId, l.currency, l.dimensionSetId, l.debitMinor, l.creditMinor, l.baseDebitMinor, l.baseCreditMinor])).toEqual([
      ['rev', 'EUR', 'd0', 15000n, 0n, 17500n, 0n],
      ['fee', 'EUR', 'd0', 0n, 0n, 0n, 100n],
      ['rent', 'USD', 'd1', 0n, 40000n, 0n, 40000n],
      ['re', 'EUR', 'd0', 0n, 15000n, 0n, 17400n],
      ['re', 'USD', 'd1', 40000n, 0n, 40000n, 0n],
    ]);
    expect(plan.netIncomeBaseMinor).toBe(17500n - 100n - 40000n);
  });
});
