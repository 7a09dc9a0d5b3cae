/*
 * Payment terms (issue 15): when an invoice is due, in how many instalments, and what early-payment
 * discount it offers. Pure: the API computes an invoice's due dates and open items with it, the web
 * form previews them with it, and the payment-term entity's rules call `validatePaymentTerm`.
 *
 * Dates are ISO calendar dates ('YYYY-MM-DD') computed in UTC: no time zone can move a day.
 *
 * Due date of a basis, from the document date D:
 * - 'Net days': D + days.
 * - 'End of month': the last day of D's month + days (end of month + 30 from 15 January is 2 March
 *   in a common year).
 * - 'Day of next month': `dayOfMonth` of the month after the month of D + days, clamped to that
 *   month's last day. `days` is an offset of the document date (a cut-off), not a number of
 *   months: "15th of next month" (days 0) from 20 January is 15 February; with days 15 it is
 *   15 March (20 January + 15 days is 4 February, whose next month is March). The 31st of the next
 *   month from a January date is 29 February in 2024 and 28 February in 2025.
 * `dayOfMonth` is read by 'Day of next month' only (required there); with another basis it may stay
 * empty and, when given, must still be from 1 to 31.
 *
 * Instalments split the gross amount: a percent row takes that share of the gross rounded half away
 * from zero to the minor unit (half up, symmetric for credit notes); an amount row takes its amount
 * (rounded to the currency's minor unit), with the sign of the gross; the last row may be a
 * balancing row (neither percent nor amount) and takes the remainder, which may be negative. With no
 * balancing row, the rows are percents summing to exactly 100 and the last row takes the rounding
 * difference. The amounts always sum to the gross. No instalments: one line of the whole gross,
 * due by the term's own basis. An invoice of zero has every line zero.
 *
 * Early-payment discount: `discountPercent` of the gross ('Including tax') or of the gross less tax
 * ('Excluding tax'), rounded half away from zero once, spread over the instalments in proportion to
 * their amounts (each rounded, the last line takes the remainder), due by D + discountDays. The
 * discounts always sum to the total discount. A credit note (negative gross) gets exactly the
 * negated schedule of the same positive invoice. The discount date is the same for every
 * instalment and is not capped at an instalment's due date.
 */
import { z } from 'zod';
import { divRound, pow10 } from '../common/money';
import { type Decimal, decimalText, invariant, tryParseDecimal, atScale, compareDecimal } from './decimal';

export const paymentTermBases = ['Net days', 'End of month', 'Day of next month'] as const;
export type PaymentTermBasis = (typeof paymentTermBases)[number];
export const discountBases = ['Including tax', 'Excluding tax'] as const;
export type DiscountBase = (typeof discountBases)[number];

/** Most decimals of a percent of a payment term (instalment share, discount). */
export const TERM_PERCENT_SCALE = 6;
/** Most decimals of an instalment's fixed amount, as typed (rounded to the currency's minor unit when applied). */
export const TERM_AMOUNT_SCALE = 6;
/** Most days of a term's offsets (about 27 years): keeps every date a four-digit year. */
export const TERM_MAX_DAYS = 9999;

const decimalInput = z.union([z.string(), z.number()]);

export const paymentTermInstalmentSchema = z.object({
  /** Share of the gross, percent ("30", 33.5); empty for an amount row or the balancing row. */
  percent: decimalInput.nullish(),
  /** Fixed amount (decimal string); empty for a percent row or the balancing row. */
  amount: z.string().nullish(),
  basis: z.enum(paymentTermBases),
  days: z.number().int(),
  dayOfMonth: z.number().int().nullish(),
});
export type PaymentTermInstalment = z.infer<typeof paymentTermInstalmentSchema>;

/** A payment term as stored (plain values, not the kit entity). */
export const paymentTermRuleSchema = z.object({
  code: z.string(),
  description: z.string().nullish(),
  basis: z.enum(paymentTermBases),
  days: z.number().int(),
  dayOfMonth: z.number().int().nullish(),
  instalments: z.array(paymentTermInstalmentSchema),
  discountPercent: decimalInput.nullish(),
  discountDays: z.number().int().nullish(),
  discountBase: z.enum(discountBases),
});
export type PaymentTermRule = z.infer<typeof paymentTermRuleSchema>;

/** One instalment of an invoice: its due date and amount, its discount date and discount (open items). */
export type DueLine = { line: number; dueDate: string; amountMinor: bigint; discountDate: string | null; discountMinor: bigint };

export type TermProblem = { path: string; message: string };

// ---- Calendar -------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
type Ymd = { y: number; m: number; d: number };

function parts(date: string): Ymd {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`${date} is not an ISO date`);
  const ymd = { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
  if (ymd.m < 1 || ymd.m > 12 || ymd.d < 1 || ymd.d > daysInMonth(ymd.y, ymd.m)) throw new Error(`${date} is not a calendar date`);
  return ymd;
}
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const iso = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** Days in a month (1-12) of a year. */
function daysInMonth(year: number, month: number): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month, 0);
  return at.getUTCDate();
}

/** `date` + `days` (setUTCFullYear: Date.UTC would read years 0-99 as 1900-1999). */
function addDays(date: string, days: number): string {
  const { y, m, d } = parts(date);
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d);
  const moved = new Date(at.getTime() + days * DAY_MS);
  return iso({ y: moved.getUTCFullYear(), m: moved.getUTCMonth() + 1, d: moved.getUTCDate() });
}

/** The last day of the date's month. */
function endOfMonth(date: string): string {
  const { y, m } = parts(date);
  return iso({ y, m, d: daysInMonth(y, m) });
}

/** Day `dayOfMonth` of the month after the date's month, clamped to that month's last day. */
function dayOfNextMonth(date: string, dayOfMonth: number): string {
  const { y, m } = parts(date);
  const year = m === 12 ? y + 1 : y;
  const month = m === 12 ? 1 : m + 1;
  return iso({ y: year, m: month, d: Math.min(dayOfMonth, daysInMonth(year, month)) });
}

/** The due date of a basis from a document date (see the head of this file). */
export function termDueDate(basis: PaymentTermBasis, days: number, dayOfMonth: number | null | undefined, documentDate: string): string {
  switch (basis) {
    case 'Net days':
      return addDays(documentDate, days);
    case 'End of month':
      return addDays(endOfMonth(documentDate), days);
    case 'Day of next month': {
      if (dayOfMonth === null || dayOfMonth === undefined) throw new Error('A day of next month needs its day of the month');
      return dayOfNextMonth(addDays(documentDate, days), dayOfMonth);
    }
  }
}

// ---- Validation -----------------------------------------------------------------------------

type RowKind = { kind: 'percent'; percent: Decimal } | { kind: 'amount'; amount: Decimal } | { kind: 'balancing' } | { kind: 'invalid' };

function checkDays(days: unknown, path: string, problems: TermProblem[]): void {
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > TERM_MAX_DAYS) {
    problems.push({ path, message: `Days must be a whole number from 0 to ${TERM_MAX_DAYS}` });
  }
}

function checkDayOfMonth(basis: PaymentTermBasis, dayOfMonth: number | null | undefined, path: string, problems: TermProblem[]): void {
  if (dayOfMonth === null || dayOfMonth === undefined) {
    if (basis === 'Day of next month') problems.push({ path, message: 'A day of next month needs the day of the month (1 to 31)' });
    return;
  }
  if (!Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > 31) problems.push({ path, message: 'The day of the month must be from 1 to 31' });
}

function rowKind(row: PaymentTermInstalment, path: string, problems: TermProblem[]): RowKind {
  const percentText = decimalText(row.percent);
  const amountText = decimalText(row.amount);
  if (percentText !== null && amountText !== null) {
    problems.push({ path, message: 'An instalment has a percent or an amount, not both' });
    return { kind: 'invalid' };
  }
  if (percentText !== null) {
    const percent = tryParseDecimal(percentText, TERM_PERCENT_SCALE);
    if (!percent || percent.units <= 0n || compareDecimal(percent, 100n) > 0) {
      problems.push({ path: `${path}.percent`, message: `The percent must be more than 0 and at most 100, with at most ${TERM_PERCENT_SCALE} decimals` });
      return { kind: 'invalid' };
    }
    return { kind: 'percent', percent };
  }
  if (amountText !== null) {
    const amount = tryParseDecimal(amountText, TERM_AMOUNT_SCALE);
    if (!amount || amount.units <= 0n) {
      problems.push({ path: `${path}.amount`, message: `The amount must be more than 0, with at most ${TERM_AMOUNT_SCALE} decimals` });
      return { kind: 'invalid' };
    }
    return { kind: 'amount', amount };
  }
  return { kind: 'balancing' };
}

/**
 * What is wrong with a payment term, each problem at its path (`instalments[1].percent`): days from
 * 0 to TERM_MAX_DAYS, a day of the month from 1 to 31 (required by 'Day of next month'), instalment
 * rows of a percent (0 < p <= 100) or an amount (> 0) or neither (the balancing row: at most one,
 * and last); with no balancing row, only percents, summing to exactly 100; a discount percent
 * (0 < p < 100) needs its discount days. Empty: the term is sound.
 */
export function validatePaymentTerm(term: PaymentTermRule): TermProblem[] {
  const problems: TermProblem[] = [];
  checkDays(term.days, 'days', problems);
  checkDayOfMonth(term.basis, term.dayOfMonth, 'dayOfMonth', problems);

  const kinds = term.instalments.map((row, i) => {
    const path = `instalments[${i}]`;
    checkDays(row.days, `${path}.days`, problems);
    checkDayOfMonth(row.basis, row.dayOfMonth, `${path}.dayOfMonth`, problems);
    return rowKind(row, path, problems);
  });
  const balancing = kinds.flatMap((k, i) => (k.kind === 'balancing' ? [i] : []));
  if (balancing.length > 1) problems.push({ path: 'instalments', message: 'Only one instalment may be the balancing line (no percent and no amount)' });
  for (const i of balancing) {
    if (i !== kinds.length - 1) problems.push({ path: `instalments[${i}]`, message: 'The balancing line (no percent and no amount) must be the last instalment' });
  }
  if (balancing.length === 0 && kinds.length > 0 && kinds.every((k) => k.kind !== 'invalid')) {
    if (kinds.some((k) => k.kind === 'amount')) {
      problems.push({ path: 'instalments', message: 'Instalments with fixed amounts need a balancing last line (no percent and no amount)' });
    } else {
      const scale = TERM_PERCENT_SCALE;
      const sum = kinds.reduce((s, k) => s + (k.kind === 'percent' ? atScale(k.percent, scale) : 0n), 0n);
      if (sum !== 100n * pow10(scale)) problems.push({ path: 'instalments', message: 'The instalments\' percents must sum to 100, or the last line must be the balancing line' });
    }
  }

  const discountText = decimalText(term.discountPercent);
  if (discountText !== null) {
    const discount = tryParseDecimal(discountText, TERM_PERCENT_SCALE);
    if (!discount || discount.units < 0n || compareDecimal(discount, 100n) >= 0) {
      problems.push({ path: 'discountPercent', message: `The discount percent must be from 0 to less than 100, with at most ${TERM_PERCENT_SCALE} decimals` });
    } else if (discount.units > 0n) {
      if (term.discountDays === null || term.discountDays === undefined) problems.push({ path: 'discountDays', message: 'An early-payment discount needs its number of days' });
      else checkDays(term.discountDays, 'discountDays', problems);
    }
  }
  return problems;
}

// ---- Schedule -------------------------------------------------------------------------------

/** `value` × `share` / `whole`, rounded half away from zero: the one rounding of a share of an amount. */
function shareOf(value: bigint, share: Decimal, wholeTimesScale: bigint): bigint {
  return divRound(value * share.units, wholeTimesScale * pow10(share.scale));
}

/**
 * The due lines of an invoice under a term (see the head of this file): one per instalment (or one
 * for the whole gross), numbered from 1. Throws when the term is unsound (`validatePaymentTerm`),
 * or the date is not a calendar date.
 */
export function dueSchedule(term: PaymentTermRule, documentDate: string, totals: { grossMinor: bigint; taxMinor: bigint }, minorDigits = 2): DueLine[] {
  const problems = validatePaymentTerm(term);
  if (problems.length > 0) throw new Error(`Payment term ${term.code}: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  if (!Number.isInteger(minorDigits) || minorDigits < 0) throw new Error('The currency\'s minor digits must be a whole number of at least 0');
  parts(documentDate);
  const { grossMinor: gross, taxMinor: tax } = totals;

  const rows = term.instalments.length > 0 ? term.instalments : [{ percent: null, amount: null, basis: term.basis, days: term.days, dayOfMonth: term.dayOfMonth }];
  const sign = gross < 0n ? -1n : 1n;
  const amounts: bigint[] = [];
  rows.forEach((row, i) => {
    const last = i === rows.length - 1;
    if (last) {
      amounts.push(gross - amounts.reduce((s, a) => s + a, 0n));
      return;
    }
    const percentText = decimalText(row.percent);
    if (percentText !== null) {
      amounts.push(shareOf(gross, tryParseDecimal(percentText, TERM_PERCENT_SCALE)!, 100n));
    } else {
      // An amount row (validation leaves no balancing row before the last): exact, in the currency's unit, with the gross's sign.
      const amount = tryParseDecimal(decimalText(row.amount)!, TERM_AMOUNT_SCALE)!;
      amounts.push(gross === 0n ? 0n : sign * divRound(amount.units * pow10(minorDigits), pow10(amount.scale)));
    }
  });
  const lastRow = rows[rows.length - 1]!;
  const lastPercent = decimalText(lastRow.percent);
  if (term.instalments.length > 0 && lastPercent !== null) {
    // No balancing row: the percents sum to 100, so the last row's remainder is its own share within the rounding of the others.
    const own = shareOf(gross, tryParseDecimal(lastPercent, TERM_PERCENT_SCALE)!, 100n);
    const drift = amounts[amounts.length - 1]! - own;
    invariant((drift < 0n ? -drift : drift) * 2n <= BigInt(rows.length), 'the last instalment differs from its share by more than the rounding of the others');
  }
  invariant(amounts.reduce((s, a) => s + a, 0n) === gross, 'the instalments sum to the gross');

  // Early-payment discount.
  const discountText = decimalText(term.discountPercent);
  const discount = discountText === null ? null : tryParseDecimal(discountText, TERM_PERCENT_SCALE)!;
  const hasDiscount = discount !== null && discount.units > 0n;
  const base = term.discountBase === 'Including tax' ? gross : gross - tax;
  const totalDiscount = hasDiscount && gross !== 0n ? shareOf(base, discount, 100n) : 0n;
  const discountDate = hasDiscount ? addDays(documentDate, term.discountDays!) : null;
  const discounts: bigint[] = amounts.map((amount, i) => (i === amounts.length - 1 ? 0n : gross === 0n ? 0n : divRound(totalDiscount * amount, gross)));
  discounts[discounts.length - 1] = totalDiscount - discounts.slice(0, -1).reduce((s, d) => s + d, 0n);
  invariant(discounts.reduce((s, d) => s + d, 0n) === totalDiscount, 'the discounts sum to the total discount');

  return rows.map((row, i) => ({
    line: i + 1,
    dueDate: termDueDate(row.basis, row.days, row.dayOfMonth, documentDate),
    amountMinor: amounts[i]!,
    discountDate,
    discountMinor: discounts[i]!,
  }));
}
