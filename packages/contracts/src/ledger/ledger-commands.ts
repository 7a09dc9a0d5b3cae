import { z } from 'zod';
import { dateSchema } from '../common/scalars';

/** A command on a date: reverse a journal (or both legs of an intercompany one), preview or take a sequence's number. */
export const onDateSchema = z.object({ date: dateSchema() });

/** Custom periods of a fiscal year, each named with its dates. */
export const customPeriodSchema = z.object({ name: z.string().trim().min(1).max(40), startDate: dateSchema(), endDate: dateSchema() });

export const nextNumberSchema = z.object({ next: z.string() });
export const takenNumberSchema = z.object({ number: z.string() });

/** The drill-down of one account over a range: keyset pages of its lines, or the whole range as a file. */
export const transactionHistoryQuerySchema = z.object({
  from: dateSchema(), to: dateSchema(), limit: z.coerce.number().int().min(1).max(500).default(100), cursor: z.string().max(500).optional(),
});
export const transactionHistoryExportQuerySchema = z.object({ from: dateSchema(), to: dateSchema(), format: z.enum(['csv', 'xlsx']).default('csv') });
export type NextNumber = z.infer<typeof nextNumberSchema>;
export type TakenNumber = z.infer<typeof takenNumberSchema>;

export const chartBalancesQuerySchema = z.object({
  /** The day the balances are taken at (inclusive); today when absent. */
  asOf: dateSchema().optional(),
});
/** Each posting account's balance in base currency on a day (debit positive), as the chart of accounts shows it. */
export const chartBalancesSchema = z.object({
  currency: z.string(),
  asOf: z.string(),
  balances: z.array(z.object({ account: z.uuid(), balance: z.string() })),
});
export type ChartBalances = z.infer<typeof chartBalancesSchema>;
