/*
 * Exact decimals for payment terms and invoice totals: a decimal as typed ("33.333", "-2", 19) is
 * an integer of units and its scale (33333n at scale 3). No JavaScript float ever holds a value;
 * a number is accepted only when its plain decimal text (String(n)) is exact, so 0.1 is "0.1".
 */
import { divRound, pow10 } from '../common/money';

export type Decimal = { units: bigint; scale: number };

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** The text of a decimal typed as a string or a number, or null when it is empty (null, undefined, ''). */
export function decimalText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return String(value);
  const text = value.trim();
  return text === '' ? null : text;
}

/** "33.333" -> { units: 33333n, scale: 3 }; null when the text is not a plain decimal or has more than `maxScale` decimals. */
export function tryParseDecimal(text: string, maxScale: number): Decimal | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const fraction = m[3] ?? '';
  if (fraction.length > maxScale) return null;
  const units = BigInt(m[2]! + fraction);
  return { units: m[1] ? -units : units, scale: fraction.length };
}

/** Compares a decimal with an integer value (`compareTo(d, 100n)`: -1, 0 or 1). */
export function compareDecimal(d: Decimal, whole: bigint): -1 | 0 | 1 {
  const other = whole * pow10(d.scale);
  return d.units < other ? -1 : d.units > other ? 1 : 0;
}

/** Decimals brought to one scale (the larger), so they can be added exactly. */
export function atScale(d: Decimal, scale: number): bigint {
  if (scale < d.scale) throw new Error('Invariant: a decimal cannot be brought to a smaller scale exactly');
  return d.units * pow10(scale - d.scale);
}

/** The canonical text of a decimal: "20.00" and "20" are both "20", "7.50" is "7.5". */
export function canonicalDecimal(d: Decimal): string {
  const negative = d.units < 0n;
  const abs = negative ? -d.units : d.units;
  const digits = abs.toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && abs !== 0n ? `-${text}` : text;
}

/**
 * A decimal as an amount in minor units of `scale` digits: exact when it has no more digits, else
 * rounded once, half away from zero (a stored limit of 4 decimals against a currency of 2).
 */
export function decimalToMinor(d: Decimal, scale: number): bigint {
  return scale >= d.scale ? atScale(d, scale) : divRound(d.units, pow10(d.scale - scale));
}

/** Throws when an invariant of a computation does not hold: a bug, never bad input. */
export function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`Invariant: ${message}`);
}
