// Proves a stored decimal becomes an amount in minor units exactly, or rounded once half away from zero when it has more digits than the currency (a credit limit of 4 decimals against a currency of 2).
import { describe, expect, it } from 'vitest';
import { decimalToMinor, tryParseDecimal } from '../decimal';

const minor = (text: string, scale: number) => decimalToMinor(tryParseDecimal(text, 20)!, scale);

describe('decimalToMinor', () => {
  it('keeps what fits and rounds what does not, half away from zero', () => {
    expect(minor('300', 2)).toBe(30000n);
    expect(minor('300.0000', 2)).toBe(30000n);
    expect(minor('12.5', 0)).toBe(13n);
    expect(minor('100.0050', 2)).toBe(10001n);
    expect(minor('100.0049', 2)).toBe(10000n);
    expect(minor('-0.005', 2)).toBe(-1n);
    expect(minor('7', 3)).toBe(7000n);
  });
});
