/**
 * Money is an integer of the currency's minor unit (bigint); decimal strings travel on the wire.
 * Rates are decimal strings, applied with exact integer arithmetic and rounded once, half away
 * from zero, to the target currency's minor unit. No JavaScript float ever holds an amount.
 */
export const RATE_SCALE = 10;

export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** "1234.5" at scale 2 -> 123450n. Refuses more decimals than the currency has. */
export function parseMoney(text: string, scale: number): bigint {
  const m = /^(-)?(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`${text} is not an amount`);
  const fraction = m[3] ?? '';
  if (fraction.length > scale) throw new Error(`${text} has more than ${scale} decimals`);
  const value = BigInt(m[2]!) * pow10(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return m[1] ? -value : value;
}

/** 123450n at scale 2 -> "1234.50". */
export function formatMoney(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / pow10(scale);
  const fraction = scale > 0 ? `.${(abs % pow10(scale)).toString().padStart(scale, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** A decimal rate string as an integer of RATE_SCALE decimals: "1.0825" -> 10825000000n. */
export function parseRate(text: string): bigint {
  const m = /^(\d{1,10})(?:\.(\d{1,10}))?$/.exec(text.trim());
  if (!m) throw new Error(`${text} is not a rate (at most 10 decimals)`);
  const value = BigInt(m[1]!) * pow10(RATE_SCALE) + BigInt((m[2] ?? '').padEnd(RATE_SCALE, '0'));
  if (value <= 0n) throw new Error('A rate must be more than zero');
  return value;
}

export function formatRate(rate: bigint): string {
  const s = formatMoney(rate, RATE_SCALE);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** Integer division rounded half away from zero. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** Converts an amount of one currency into another at a rate (units of target per unit of source). */
export function convert(amountMinor: bigint, fromScale: number, rate: bigint, toScale: number): bigint {
  return divRound(amountMinor * rate * pow10(toScale), pow10(fromScale + RATE_SCALE));
}

/** 1 / rate, at RATE_SCALE decimals (an inverse quote). */
export function invertRate(rate: bigint): bigint {
  return divRound(pow10(2 * RATE_SCALE), rate);
}
