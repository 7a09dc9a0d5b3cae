import { z } from 'zod';
import { dateSchema } from '../common/scalars';

/*
 * Ageing of payables and receivables as of any day (issue 16): each party's open amounts as they
 * stood at the end of that day (items of documents posted by then, less the credit notes and the
 * allocations dated by then, plus what payments dated by then kept on account), in buckets of days
 * past the due date (or the document date) that the user sets.
 */

/** How an item's age is counted: days past its due date, or past its document's date. */
export const ageingBases = ['DueDate', 'DocumentDate'] as const;
export type AgeingBasis = (typeof ageingBases)[number];

/** The default buckets' upper bounds in days: current, 1-30, 31-60, 61-90, over 90. */
export const DEFAULT_AGEING_BOUNDS = [30, 60, 90] as const;

/** Upper bounds "30,60,90": rising whole days, 1 to 9999, at most 10 of them. */
const boundsSchema = z
  .string()
  .regex(/^\d{1,4}(,\d{1,4}){0,9}$/, 'must be rising whole days separated by commas, such as 30,60,90')
  .transform((s) => s.split(',').map(Number))
  .refine((b) => b.every((d, i) => d >= 1 && (i === 0 || d > b[i - 1]!)), 'must be rising whole days separated by commas, such as 30,60,90');

export const ageingQuerySchema = z.object({
  asOf: dateSchema('Please supply the ageing date'),
  basis: z.enum(ageingBases).default('DueDate'),
  buckets: boundsSchema.optional(),
  group: z.uuid().optional(),
  currency: z.string().trim().toUpperCase().length(3, 'must be a currency code').optional(),
  party: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  page: z.coerce.number().int().min(1).default(1),
});
export type AgeingQuery = z.infer<typeof ageingQuerySchema>;
export type AgeingQueryInput = z.input<typeof ageingQuerySchema>;

/** The buckets' labels from their bounds: Current, 1-30, 31-60, 61-90, Over 90. */
export function ageingBucketLabels(bounds: readonly number[]): string[] {
  return ['Current', ...bounds.map((b, i) => `${i === 0 ? 1 : bounds[i - 1]! + 1}-${b}`), `Over ${bounds.at(-1)}`];
}

/** A bucket's amounts of one row: what is owed (payables: to the party; receivables: by it), in the currency and in base. */
const bucketsSchema = z.array(z.string());
export const ageingRowSchema = z.object({
  party: z.uuid(),
  partyCode: z.string(),
  partyName: z.string(),
  currency: z.string(),
  buckets: bucketsSchema,
  total: z.string(),
  baseBuckets: bucketsSchema,
  baseTotal: z.string(),
});
export type AgeingRow = z.infer<typeof ageingRowSchema>;
export const ageingTotalSchema = z.object({ currency: z.string(), buckets: bucketsSchema, total: z.string(), baseBuckets: bucketsSchema, baseTotal: z.string() });
export type AgeingTotal = z.infer<typeof ageingTotalSchema>;
export const ageingReportSchema = z.object({
  asOf: z.string(),
  basis: z.enum(ageingBases),
  baseCurrency: z.string(),
  buckets: z.array(z.string()),
  /** One row per party and currency, a page of them (by party code). */
  rows: z.array(ageingRowSchema),
  total: z.number().int(),
  /** Per transaction currency (all rows of the filter, not only the page). */
  currencies: z.array(ageingTotalSchema),
  /** All currencies in base: what the control accounts hold on that day. */
  baseBuckets: bucketsSchema,
  baseTotal: z.string(),
});
export type AgeingReport = z.infer<typeof ageingReportSchema>;

/** One line of a party's drill-down: an open item as it stood on the day, or a payment's amount on account. */
export const ageingItemSchema = z.object({
  kind: z.enum(['Invoice', 'CreditNote', 'OnAccount', 'Revaluation']),
  id: z.uuid(),
  document: z.uuid(),
  number: z.string().nullable(),
  currency: z.string(),
  documentDate: z.string(),
  dueDate: z.string(),
  days: z.number().int(),
  bucket: z.number().int(),
  amount: z.string(),
  remaining: z.string(),
  baseRemaining: z.string(),
});
export type AgeingItem = z.infer<typeof ageingItemSchema>;
export const ageingItemsQuerySchema = ageingQuerySchema.extend({ party: z.uuid({ error: 'Please choose the party' }) });
export type AgeingItemsQuery = z.infer<typeof ageingItemsQuerySchema>;
export const ageingItemsPageSchema = z.object({ buckets: z.array(z.string()), items: z.array(ageingItemSchema), total: z.number().int() });
export type AgeingItemsPage = z.infer<typeof ageingItemsPageSchema>;
