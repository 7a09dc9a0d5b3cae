// Proves money arithmetic is exact: parsing, formatting, conversion with half-away-from-zero rounding, and no float anywhere.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convert, divRound, formatMoney, formatRate, invertRate, parseMoney, parseRate } from '../money';

describe('money', () => {
  it('parses and formats at the currency scale', () => {
    expect(parseMoney('1234.5', 2)).toBe(123450n);
    expect(parseMoney('-0.01', 2)).toBe(-1n);
    expect(parseMoney('7', 0)).toBe(7n);
    expect(parseMoney('1.234', 3)).toBe(1234n);
    expect(formatMoney(123450n, 2)).toBe('1234.50');
    expect(formatMoney(-5n, 2)).toBe('-0.05');
    expect(formatMoney(1500n, 0)).toBe('1500');
    expect(() => parseMoney('1.005', 2)).toThrow(/more than 2 decimals/);
    expect(() => parseMoney('1e5', 2)).toThrow(/not an amount/);
  });

  it('round-trips every amount', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 4 }), (minor, scale) => parseMoney(formatMoney(minor, scale), scale) === minor));
  });

  it('rounds half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(divRound(-4n, 3n)).toBe(-1n);
  });

  it('converts exactly at a rate', () => {
    // EUR 100.00 at 1.0825 USD per EUR = USD 108.25
    expect(convert(10000n, 2, parseRate('1.0825'), 2)).toBe(10825n);
    // JPY 1,000 at 0.006712 USD per JPY = USD 6.712 -> 6.71
    expect(convert(1000n, 0, parseRate('0.006712'), 2)).toBe(671n);
    // KWD 1.005 (scale 3) at 3.25 USD per KWD = 3.26625 -> 3.27
    expect(convert(1005n, 3, parseRate('3.25'), 2)).toBe(327n);
    expect(convert(-10000n, 2, parseRate('1.0825'), 2)).toBe(-10825n);
  });

  it('parses, formats and inverts rates', () => {
    expect(formatRate(parseRate('1.0825'))).toBe('1.0825');
    expect(formatRate(invertRate(parseRate('2')))).toBe('0.5');
    expect(() => parseRate('0')).toThrow(/more than zero/);
  });
});
