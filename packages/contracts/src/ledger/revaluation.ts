import { z } from 'zod';
import { dateSchema } from '../common/scalars';

/*
 * Unrealised exchange revaluation of foreign-currency balances at a period end, one shape for every
 * module that revalues (the ledger's `planRevaluation` computes them all):
 * - payables and receivables (issue 16): each party's balance per control account and currency as the
 *   ledger holds it on that day (its open items less what it has on account); the difference is posted on
 *   the control account naming the party, against the exchange gain or loss account of the party's
 *   posting profile;
 * - cash management (issue 17): each foreign-currency bank's balance on its GL account; the difference is
 *   posted on that account, against Cash Management's exchange gain or loss account.
 * Each balance is valued again at that day's spot rate, the difference to what it carries in base posted
 * base only, and the whole entry reversed on the next day, so the next period's realised differences are
 * computed from the original rates. A line names its holder: the party, or the bank.
 */

export const revaluationRequestSchema = z.object({
  /** The period end to revalue at: the last day of a regular accounting period. */
  date: dateSchema('Please supply the period end'),
  /** Only this currency's balances; every foreign currency when absent. */
  currency: z.string().trim().toUpperCase().length(3, 'must be a currency code').optional(),
});
export type RevaluationRequest = z.infer<typeof revaluationRequestSchema>;

/** One holder's (a party's or a bank's) balance on one account in one currency: what it carried, what it is worth now, the difference (debit positive, in base). */
export const revaluationLineSchema = z.object({
  holder: z.uuid(),
  holderCode: z.string(),
  holderName: z.string(),
  account: z.uuid(),
  accountCode: z.string(),
  currency: z.string(),
  /** The balance in the currency, debit positive. */
  balance: z.string(),
  /** What the ledger carries for it in base, debit positive. */
  carryingBase: z.string(),
  rate: z.string(),
  revaluedBase: z.string(),
  /** revaluedBase − carryingBase: a gain when positive (an asset worth more, a liability worth less), a loss when negative. */
  difference: z.string(),
});
export type RevaluationLine = z.infer<typeof revaluationLineSchema>;

export const revaluationViewSchema = z.object({
  id: z.uuid().nullable(),
  date: z.string(),
  reversalDate: z.string(),
  currency: z.string().nullable(),
  baseCurrency: z.string(),
  journal: z.uuid().nullable(),
  journalNumber: z.string().nullable(),
  reversalJournal: z.uuid().nullable(),
  reversalNumber: z.string().nullable(),
  gain: z.string(),
  loss: z.string(),
  net: z.string(),
  lines: z.array(revaluationLineSchema),
  createdAt: z.string().nullable(),
});
export type RevaluationView = z.infer<typeof revaluationViewSchema>;

export const revaluationListSchema = z.object({
  items: z.array(revaluationViewSchema.omit({ lines: true }).extend({ lines: z.number().int() })),
  total: z.number().int(),
});
export type RevaluationList = z.infer<typeof revaluationListSchema>;
export const revaluationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  page: z.coerce.number().int().min(1).default(1),
});
export const revaluationParamsSchema = z.object({ id: z.uuid('must be a revaluation id') });

/** The revaluation routes of a face: `/ap/vendor-revaluations`, `/ar/customer-revaluations`. */
export const revaluationPath = (face: { service: string; partyWord: string }): `/${string}` => `/${face.service}/${face.partyWord}-revaluations`;
/** The revaluation routes of the foreign-currency banks (issue 17). */
export const bankRevaluationPath = '/cm/bank-revaluations';
