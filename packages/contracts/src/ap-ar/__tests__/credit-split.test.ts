// Proves a credit for an amount is spread over the invoice's account, tax code and dimension groups in proportion to their gross, each share rounded to the cent and the last taking the rest, so the shares add up to the amount exactly (property over random invoices and amounts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney } from '../../common/money';
import { splitCreditAmount } from '../credit-split';

const line = (account: string, tax: string | null, gross: string, dimensions: Record<string, string> = {}) => ({ account, accountCode: account, tax, taxCode: tax, dimensions, gross });

describe('splitCreditAmount', () => {
  it('splits 100.00 over 120.00 at VAT20 and 60.00 at VAT5 as 66.67 and 33.33', () => {
    const shares = splitCreditAmount([line('6100', 'VAT20', '120.00'), line('6100', 'VAT5', '60.00')], 10000n, 2);
    expect(shares.map((s) => [s.taxCode, s.gross])).toEqual([['VAT20', '66.67'], ['VAT5', '33.33']]);
  });

  it('groups lines of the same account, tax code and dimensions; keeps apart other accounts and dimensions', () => {
    const shares = splitCreditAmount([
      line('6100', 'VAT20', '10.00', { CC: 'A', BU: 'X' }), line('6100', 'VAT20', '20.00', { BU: 'X', CC: 'A' }), line('6200', 'VAT20', '30.00'), line('6100', null, '40.00'), line('6100', 'VAT20', '-5.00', { CC: 'B' }),
    ], 1000n, 2);
    expect(shares.map((s) => [s.account, s.taxCode, s.gross])).toEqual([['6100', 'VAT20', '3.00'], ['6200', 'VAT20', '3.00'], ['6100', null, '4.00']]);
  });

  it('answers nothing for an amount of zero or an invoice without a positive line', () => {
    expect(splitCreditAmount([line('6100', 'VAT20', '10.00')], 0n, 2)).toEqual([]);
    expect(splitCreditAmount([line('6100', 'VAT20', '-10.00')], 100n, 2)).toEqual([]);
  });

  it('adds up to the amount exactly, every share positive and within a cent of its proportion', () => {
    const gross = fc.integer({ min: 1, max: 10_000_000 });
    fc.assert(
      fc.property(fc.array(gross, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 50_000_000 }), (grosses, amount) => {
        const lines = grosses.map((g, i) => line(`A${i}`, i % 2 ? 'VAT20' : 'VAT5', formatMoney(BigInt(g), 2)));
        const shares = splitCreditAmount(lines, BigInt(amount), 2);
        const total = grosses.reduce((s, g) => s + BigInt(g), 0n);
        expect(shares.reduce((s, x) => s + x.grossMinor, 0n)).toBe(BigInt(amount));
        for (const share of shares) {
          expect(share.grossMinor > 0n).toBe(true);
          const index = Number(share.account!.slice(1));
          const exact = (BigInt(amount) * BigInt(grosses[index]!) * 100n) / total;
          // Within a cent of its share (the last within the sum of the others' roundings).
          if (share !== shares[shares.length - 1]) expect(share.grossMinor * 100n - exact <= 100n && exact - share.grossMinor * 100n <= 100n).toBe(true);
        }
      }),
    );
  });
});
