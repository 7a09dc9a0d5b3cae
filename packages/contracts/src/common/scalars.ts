import { z } from 'zod';

/*
 * The shared building blocks of every payload's dates, amounts, rates and texts (issue 13 item 5).
 * Each refuses what PostgreSQL would refuse later (a year 0000, a NUL character) or what a person
 * cannot have meant (a date in the year 9999, a rate of zero, an amount padded with spaces), so
 * bad input gets a 400 naming its field instead of a 500 from the database.
 */

/** The dates a ledger takes: far enough back for any opening balance, far enough ahead for any schedule. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2199-12-31';
export const dateRangeMessage = `must be a date between ${DATE_MIN} and ${DATE_MAX}`;
export const isDateInRange = (day: string) => day >= DATE_MIN && day <= DATE_MAX;

/** A calendar day `YYYY-MM-DD` between DATE_MIN and DATE_MAX; `message` answers a text that is no date. */
export const dateSchema = (message = 'must be a date (YYYY-MM-DD)', rangeMessage = dateRangeMessage) => z.iso.date({ error: message }).refine(isDateInRange, rangeMessage);

/** An instant with its offset, on a day between DATE_MIN and DATE_MAX (the day read in UTC). */
export const instantSchema = (message = 'must be a date and time with its offset') =>
  z.iso.datetime({ offset: true, error: message }).refine((v) => {
    const t = Date.parse(v);
    return Number.isFinite(t) && isDateInRange(new Date(t).toISOString().slice(0, 10));
  }, dateRangeMessage);

/** A number padded with spaces is a paste error, not a number: it is refused, never trimmed into one. */
export const SPACED_MESSAGE = 'must not begin or end with a space';
export const isUnpadded = (v: string) => v === v.trim();

/** A mail address as a reminder's recipient is typed: something, one @, a domain with a dot; no spaces. */
export const MAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A positive decimal amount as typed, exactly: no sign, no spaces. */
export const AMOUNT_PATTERN = /^\d{1,15}(\.\d{1,4})?$/;
export const amountSchema = (message = 'must be a positive amount with at most 4 decimals') => z.string().refine(isUnpadded, SPACED_MESSAGE).regex(AMOUNT_PATTERN, message);

/** A conversion rate: more than zero (a rate of 0 would turn any amount into nothing), at most 10 decimals. */
export const RATE_PATTERN = /^\d{1,10}(\.\d{1,10})?$/;
export const isPositiveDecimal = (v: string) => /[1-9]/.test(v);
export const rateSchema = (message = 'must be a rate with at most 10 decimals') =>
  z.string().refine(isUnpadded, SPACED_MESSAGE).regex(RATE_PATTERN, message).refine(isPositiveDecimal, 'must be a rate of more than zero');

/** PostgreSQL text cannot hold U+0000; the request guard refuses it everywhere, this names it inside files and nested texts. */
export const hasNul = (v: string) => v.includes('\u0000');
export const NUL_MESSAGE = 'must not contain a NUL character (\\u0000)';
