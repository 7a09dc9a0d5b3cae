// Proves invoice totals against hand-computed textbook cases (3 × 33.333 at 20%, 119.00 including 19% tax, two tax rates on one invoice, a 100% discount, a credit line, half-up rounding once per line, currencies of 0 and 3 digits) and properties over random lines: exact to the minor unit against an independent oracle, totals the sums of the lines, gross = net + tax, credit lines the exact negation, amounts far beyond a float's 2^53.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { invoiceTotals, roundLine, taxSummaryKey, type InvoiceLineInput } from '../invoice-totals';

const line = (quantity: string, unitPrice: string, taxRate: string | null, over: Partial<InvoiceLineInput> = {}): InvoiceLineInput => ({ quantity, unitPrice, discountPercent: null, taxRate, taxInclusive: false, ...over });
const figures = (l: { netMinor: bigint; taxMinor: bigint; grossMinor: bigint }) => [l.netMinor, l.taxMinor, l.grossMinor];

describe('one line, rounded once', () => {
  it('3 × 33.333 at 20%: 99.999 rounds to 100.00, tax 20.00, gross 120.00', () => {
    expect(figures(roundLine(line('3', '33.333', '20'), 2))).toEqual([10000n, 2000n, 12000n]);
  });

  it('119.00 including 19% tax: tax 19.00, net 100.00', () => {
    expect(figures(roundLine(line('1', '119.00', '19', { taxInclusive: true }), 2))).toEqual([10000n, 1900n, 11900n]);
    // 10.00 including 19%: 10 × 19 / 119 = 1.5966 -> 1.60, net 8.40.
    expect(figures(roundLine(line('1', '10', '19.0000', { taxInclusive: true }), 2))).toEqual([840n, 160n, 1000n]);
  });

  it('rounds half away from zero, once: the line amount, then the tax', () => {
    expect(figures(roundLine(line('1', '0.005', null), 2))).toEqual([1n, 0n, 1n]);
    expect(figures(roundLine(line('-1', '0.005', null), 2))).toEqual([-1n, 0n, -1n]);
    expect(figures(roundLine(line('1', '0.004999', null), 2))).toEqual([0n, 0n, 0n]);
    expect(figures(roundLine(line('1', '0.25', '10'), 2))).toEqual([25n, 3n, 28n]); // tax 0.025 -> 0.03
    // The tax is taken on the rounded line amount, not on the exact one: 1 × 0.014 -> 0.01 at 50% -> 0.01 (0.005 up), not 0.007.
    expect(figures(roundLine(line('1', '0.014', '50'), 2))).toEqual([1n, 1n, 2n]);
  });

  it('a discount percent: 3 × 9.99 less 10% = 26.973 -> 26.97, tax 20% 5.394 -> 5.39', () => {
    expect(figures(roundLine(line('3', '9.99', '20', { discountPercent: '10' }), 2))).toEqual([2697n, 539n, 3236n]);
    expect(figures(roundLine(line('2', '10', '20', { discountPercent: '12.5' }), 2))).toEqual([1750n, 350n, 2100n]);
  });

  it('a discount on a line including tax comes off the gross before the tax is taken out: 119.00 less 10% = 107.10, tax 17.10, net 90.00', () => {
    expect(figures(roundLine(line('1', '119', '19', { discountPercent: '10', taxInclusive: true }), 2))).toEqual([9000n, 1710n, 10710n]);
  });

  it('a 100% discount leaves nothing', () => {
    expect(figures(roundLine(line('5', '10', '20', { discountPercent: '100' }), 2))).toEqual([0n, 0n, 0n]);
    expect(figures(roundLine(line('5', '10', '20', { discountPercent: '100', taxInclusive: true }), 2))).toEqual([0n, 0n, 0n]);
  });

  it('a negative quantity is a credit line, the exact negation', () => {
    expect(figures(roundLine(line('-2', '25.00', '20'), 2))).toEqual([-5000n, -1000n, -6000n]);
    expect(figures(roundLine(line('-3', '33.333', '20'), 2))).toEqual([-10000n, -2000n, -12000n]);
    expect(figures(roundLine(line('-1', '119', '19', { taxInclusive: true }), 2))).toEqual([-10000n, -1900n, -11900n]);
  });

  it('currencies of 0 and 3 minor digits', () => {
    expect(figures(roundLine(line('1', '1234.5', '10'), 0))).toEqual([1235n, 124n, 1359n]); // 123.5 -> 124
    expect(figures(roundLine(line('1.5', '2.3335', '5'), 3))).toEqual([3500n, 175n, 3675n]); // 3.50025 -> 3.500
  });

  it('a rate of 0 is taxed at nothing; no rate is no tax', () => {
    expect(figures(roundLine(line('2', '5', '0'), 2))).toEqual([1000n, 0n, 1000n]);
    expect(figures(roundLine(line('2', '5', null, { taxInclusive: true }), 2))).toEqual([1000n, 0n, 1000n]);
  });

  it('accepts numbers written exactly, refuses what it cannot read exactly, naming the line', () => {
    expect(figures(roundLine({ quantity: 3, unitPrice: 33.333, discountPercent: 0, taxRate: 20, taxInclusive: false }, 2))).toEqual([10000n, 2000n, 12000n]);
    expect(() => invoiceTotals([line('1', '1', null), line('1.0000001', '1', null)], 2)).toThrow('Line 2: the quantity "1.0000001" is not a number with at most 6 decimals');
    expect(() => invoiceTotals([line('1', '1e3', null)], 2)).toThrow('Line 1: the unit price "1e3" is not a number');
    expect(() => invoiceTotals([line('', '1', null)], 2)).toThrow('Line 1: the quantity is missing');
    expect(() => invoiceTotals([line('1', '1', null, { discountPercent: '100.01' })], 2)).toThrow('Line 1: the discount percent must be from 0 to 100');
    expect(() => invoiceTotals([line('1', '1', '-5')], 2)).toThrow('Line 1: the tax rate must be at least 0');
    expect(() => invoiceTotals([line('1', '1', null)], 2.5)).toThrow('minor digits');
  });
});

describe('an invoice', () => {
  it('two tax rates on one invoice: totals are sums of the lines, a summary per rate', () => {
    const totals = invoiceTotals([line('2', '50.00', '20'), line('1', '10.00', '7'), line('1', '119', '20', { taxInclusive: true }), line('1', '3', null)], 2);
    // 119 including 20%: 119 × 20 / 120 = 19.8333 -> 19.83, net 99.17.
    expect(totals.lines.map(figures)).toEqual([[10000n, 2000n, 12000n], [1000n, 70n, 1070n], [9917n, 1983n, 11900n], [300n, 0n, 300n]]);
    expect(figures(totals)).toEqual([21217n, 4053n, 25270n]);
    expect(totals.taxSummary).toEqual([{ key: '20', baseMinor: 19917n, taxMinor: 3983n }, { key: '7', baseMinor: 1000n, taxMinor: 70n }]);
  });

  it('rounds per line, never the total again: three lines of 0.10 at 5% have 0.03 of tax (not 0.02 on 0.30)', () => {
    const totals = invoiceTotals([line('1', '0.10', '5'), line('1', '0.10', '5'), line('1', '0.10', '5')], 2);
    expect(figures(totals)).toEqual([30n, 3n, 33n]);
  });

  it('groups the summary by the line\'s tax key, else the canonical rate', () => {
    const totals = invoiceTotals([
      line('1', '100', '20.00'), line('1', '50', '20', { taxKey: 'VAT20-EU' }), line('1', '10', '20.0'), line('1', '10', '7.50'),
    ], 2);
    expect(totals.taxSummary).toEqual([
      { key: '20', baseMinor: 11000n, taxMinor: 2200n }, { key: 'VAT20-EU', baseMinor: 5000n, taxMinor: 1000n }, { key: '7.5', baseMinor: 1000n, taxMinor: 75n },
    ]);
    expect(taxSummaryKey(line('1', '1', null, { taxKey: 'X' }))).toBeNull();
  });

  it('an empty invoice is zero', () => {
    expect(invoiceTotals([], 2)).toEqual({ lines: [], netMinor: 0n, taxMinor: 0n, grossMinor: 0n, taxSummary: [] });
  });
});

describe('properties', () => {
  /** An independent oracle: n / d rounded half away from zero by quotient and remainder. */
  const roundHalf = (n: bigint, d: bigint) => {
    const q = n / d; // truncates toward zero
    const r = n % d;
    const abs = (x: bigint) => (x < 0n ? -x : x);
    return 2n * abs(r) >= abs(d) ? q + ((n < 0n) !== (d < 0n) ? -1n : 1n) : q;
  };
  const text = (units: bigint, scale: number) => {
    const neg = units < 0n;
    const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
    return `${neg ? '-' : ''}${scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits}`;
  };
  /** A decimal of at most 6 decimals, as text and as an integer of 10^-6. */
  const dec = (min: bigint, max: bigint) => fc.tuple(fc.bigInt({ min, max }), fc.integer({ min: 0, max: 6 })).map(([u, s]) => ({ text: text(u, s), micro: u * 10n ** BigInt(6 - s) }));
  const lineArb = fc.record({
    quantity: dec(-(10n ** 12n), 10n ** 12n),
    unitPrice: dec(-(10n ** 12n), 10n ** 12n),
    discount: fc.option(dec(0n, 100n).filter((d) => d.micro <= 100_000_000n)),
    rate: fc.option(dec(0n, 30_000_000n)),
    taxInclusive: fc.boolean(),
  });
  type Generated = typeof lineArb extends fc.Arbitrary<infer T> ? T : never;
  const toInput = (l: Generated): InvoiceLineInput => ({
    quantity: l.quantity.text, unitPrice: l.unitPrice.text, discountPercent: l.discount?.text ?? null, taxRate: l.rate?.text ?? null, taxInclusive: l.taxInclusive,
  });

  it('every line is exact against the oracle, totals are sums, gross = net + tax, credit lines negate, the summary ties', () => {
    fc.assert(fc.property(fc.array(lineArb, { maxLength: 8 }), fc.integer({ min: 0, max: 4 }), (ls, digits) => {
      const inputs = ls.map(toInput);
      const totals = invoiceTotals(inputs, digits);
      ls.forEach((l, i) => {
        const d = l.discount?.micro ?? 0n;
        // Everything at 10^-6: quantity × price × (100 − discount) / 100, in minor units.
        const amount = roundHalf(l.quantity.micro * l.unitPrice.micro * (100_000_000n - d) * 10n ** BigInt(digits), 10n ** 12n * 100_000_000n);
        const got = totals.lines[i]!;
        if (l.rate === null) {
          expect(figures(got)).toEqual([amount, 0n, amount]);
        } else if (l.taxInclusive) {
          const tax = roundHalf(amount * l.rate.micro, 100_000_000n + l.rate.micro);
          expect(figures(got)).toEqual([amount - tax, tax, amount]);
        } else {
          const tax = roundHalf(amount * l.rate.micro, 100_000_000n);
          expect(figures(got)).toEqual([amount, tax, amount + tax]);
        }
        expect(got.netMinor + got.taxMinor).toBe(got.grossMinor);
      });
      const sum = (k: 'netMinor' | 'taxMinor' | 'grossMinor') => totals.lines.reduce((s, l) => s + l[k], 0n);
      expect(figures(totals)).toEqual([sum('netMinor'), sum('taxMinor'), sum('grossMinor')]);
      expect(totals.netMinor + totals.taxMinor).toBe(totals.grossMinor);
      const taxed = totals.lines.filter((_, i) => ls[i]!.rate !== null);
      expect(totals.taxSummary.reduce((s, r) => s + r.baseMinor, 0n)).toBe(taxed.reduce((s, l) => s + l.netMinor, 0n));
      expect(totals.taxSummary.reduce((s, r) => s + r.taxMinor, 0n)).toBe(totals.taxMinor);
      const credit = invoiceTotals(inputs.map((l) => ({ ...l, quantity: String(l.quantity).startsWith('-') ? String(l.quantity).slice(1) : `-${String(l.quantity)}` })), digits);
      expect(figures(credit)).toEqual(figures(totals).map((x) => -x));
      expect(credit.lines.map(figures)).toEqual(totals.lines.map((l) => figures(l).map((x) => -x)));
    }), { numRuns: 500 });
  });

  it('holds amounts far beyond a float: 999,999,999,999.999999 × 999,999,999,999.999999 to the cent', () => {
    const got = roundLine(line('999999999999.999999', '999999999999.999999', null), 2);
    // (10^12 − 10^-6)^2 = 10^24 − 2·10^6 + 10^-12 -> 999999999999999998000000.00
    expect(got.grossMinor).toBe(99999999999999999800000000n);
  });
});
