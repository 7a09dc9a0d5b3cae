// Proves the grid's running totals are exact integer sums: 0.1 + 0.2 is 0.30, rates convert once per line, unrated currencies total apart.
import { describe, expect, it } from 'vitest';
import { emptyLine, type GridLine } from '../journal-lines';
import { bucketText, gridTotals, isBalanced } from '../journal-totals';

const scales = { USD: 2, EUR: 2, JPY: 0, KWD: 3 };
const line = (patch: Partial<GridLine>): GridLine => ({ ...emptyLine('USD'), ...patch });

describe('grid totals', () => {
  it('adds 0.1 and 0.2 to exactly 0.30 and balances against 0.3', () => {
    const lines = [line({ debit: '0.1' }), line({ debit: '0.2' }), line({ credit: '0.3' })];
    const totals = gridTotals(lines, 'USD', scales);
    expect(totals.buckets).toHaveLength(1);
    expect(bucketText(totals.buckets[0]!)).toEqual({ debit: '0.30', credit: '0.30', difference: '0.00' });
    expect(isBalanced(totals)).toBe(true);
  });

  it('shows the difference until the journal balances', () => {
    const totals = gridTotals([line({ debit: '0.1' }), line({ debit: '0.2' }), line({ credit: '0.29' })], 'USD', scales);
    expect(bucketText(totals.buckets[0]!).difference).toBe('0.01');
    expect(isBalanced(totals)).toBe(false);
  });

  it('sums amounts far beyond a float’s exact range', () => {
    const totals = gridTotals([line({ debit: '999999999999999.99' }), line({ debit: '0.01' })], 'USD', scales);
    expect(bucketText(totals.buckets[0]!).debit).toBe('1000000000000000.00');
  });

  it('converts a rated line to base once, rounding half away from zero', () => {
    // 0.20 EUR at 1.0825 = 0.2165 USD -> 0.22
    const totals = gridTotals([line({ currency: 'EUR', rate: '1.0825', debit: '0.20' }), line({ credit: '0.22' })], 'USD', scales);
    expect(bucketText(totals.buckets[0]!)).toEqual({ debit: '0.22', credit: '0.22', difference: '0.00' });
  });

  it('totals a currency without a rate in its own units, beside the base total', () => {
    const totals = gridTotals([line({ currency: 'EUR', debit: '100' }), line({ currency: 'EUR', credit: '99.5' }), line({ debit: '1' })], 'USD', scales);
    expect(totals.buckets.map((b) => [b.currency, b.base, bucketText(b).difference])).toEqual([
      ['USD', true, '1.00'],
      ['EUR', false, '0.50'],
    ]);
  });

  it('uses each currency’s own scale', () => {
    const totals = gridTotals([line({ currency: 'KWD', debit: '1.005' }), line({ currency: 'KWD', credit: '1.005' })], 'USD', scales);
    expect(bucketText(totals.buckets[1]!)).toEqual({ debit: '1.005', credit: '1.005', difference: '0.000' });
  });

  it('leaves out, and names, lines it cannot read', () => {
    const totals = gridTotals([line({ debit: '1.234' }), line({ debit: 'abc' }), line({ currency: 'EUR', rate: 'x', debit: '1' }), line({ debit: '5' })], 'USD', scales);
    expect(totals.unreadable).toEqual([0, 1, 2]);
    expect(bucketText(totals.buckets[0]!).debit).toBe('5.00');
  });
});
