import { bicIsValid, creditLimitPolicies, creditorIdIsValid, ibanIsValid, looksLikeIban } from '../ap-ar/parties';
import { z } from 'zod';
import { customPeriodSchema } from './ledger-commands';
import { journalViewSchema } from './journals';
import { periodStatuses, periodTypes } from './setup-entities';

/** The request and answer shapes of fiscal periods, the company's configuration and the year-end close. */

export type PeriodType = (typeof periodTypes)[number];
export type PeriodStatus = (typeof periodStatuses)[number];

export const accountingPeriodSchema = z.object({
  id: z.uuid(),
  fiscalYear: z.uuid(),
  periodNo: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  type: z.enum(periodTypes),
  status: z.enum(periodStatuses),
  updatedAt: z.string(),
});
export type AccountingPeriod = z.infer<typeof accountingPeriodSchema>;
export const accountingPeriodsSchema = z.array(accountingPeriodSchema);

/** Periods of a fiscal year: twelve months, or custom periods that tile the year. */
export const generatePeriodsSchema = z.discriminatedUnion('pattern', [
  z.object({ pattern: z.literal('monthly') }),
  z.object({ pattern: z.literal('custom'), periods: z.array(customPeriodSchema).min(1).max(36) }),
]);
export type GeneratePeriodsRequest = z.infer<typeof generatePeriodsSchema>;
export type CustomPeriod = z.infer<typeof customPeriodSchema>;

export const periodStatusInputSchema = z.object({ status: z.enum(periodStatuses) });

/** The company's default accounts and journal sequence (ids, or null when not set). */
const ref = z.uuid().nullable();
export const companyConfigSchema = z.object({
  retainedEarningsAccount: ref,
  roundingAccount: ref,
  realisedFxGainAccount: ref,
  realisedFxLossAccount: ref,
  unrealisedFxAccount: ref,
  suspenseAccount: ref,
  exchangeAccount: ref,
  journalSequence: ref,
  /** Payables and receivables (issue 15): a customer invoice past the credit limit is refused, or sent for approval. */
  creditLimitPolicy: z.enum(creditLimitPolicies),
  /** The company's SEPA creditor identifier (EPC262), for customers' direct-debit mandates. */
  sepaCreditorId: z.string().nullable(),
  /** The company as its documents print it (the invoice PDF's header and remittance details): postal address, one line per line. */
  address: z.string().nullable(),
  /** Its tax (VAT) registration number. */
  taxNumber: z.string().nullable(),
  /** The bank account customers pay into: bank name, IBAN (or another account number), BIC. */
  bankName: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
});

/** A text setting that may be left out or empty: stored trimmed, or null. */
const optionalText = (max: number) =>
  z.string().trim().max(max).nullable().default(null).transform((v) => (v ? v : null));
/**
 * What PUT /gl/company-config takes: the settings of payables and receivables may be left out by
 * an older client (they keep their defaults: Refuse, no creditor identifier); the creditor
 * identifier is stored without spaces, in capitals, and must pass its check digits.
 */
export const companyConfigInputSchema = companyConfigSchema.extend({
  creditLimitPolicy: z.enum(creditLimitPolicies).default('Refuse'),
  sepaCreditorId: z
    .string()
    .trim()
    .max(35)
    .nullable()
    .default(null)
    .transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : null))
    .refine((v) => v === null || creditorIdIsValid(v), 'Not a valid SEPA creditor identifier (e.g. DE98ZZZ09999999999): check the digits'),
  address: optionalText(500),
  taxNumber: optionalText(50),
  bankName: optionalText(100),
  // An IBAN (two letters, two digits) is stored without spaces in capitals and passes its ISO 13616 checksum; another account number is kept as typed.
  iban: optionalText(42)
    .transform((v) => (v && looksLikeIban(v) ? v.replace(/\s+/g, '').toUpperCase() : v))
    .refine((v) => v === null || !looksLikeIban(v) || ibanIsValid(v), 'Not a valid IBAN: check the digits'),
  bic: optionalText(11)
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || bicIsValid(v), 'Not a BIC (8 or 11 letters and digits, e.g. DEUTDEFF)'),
});
export type CompanyConfig = z.infer<typeof companyConfigSchema>;

const accountRefSchema = z.object({ id: z.uuid(), code: z.string(), name: z.string() });

/** The year-end closing entry as it would post, and what stops the close. */
export const closingPreviewSchema = z.object({
  fiscalYear: z.object({ id: z.uuid(), code: z.string(), name: z.string(), startDate: z.string(), endDate: z.string(), status: z.string() }),
  /** The adjustment period the closing entry posts into. */
  period: z.object({ id: z.uuid(), name: z.string(), status: z.string() }).nullable(),
  date: z.string(),
  baseCurrency: z.string(),
  retainedEarnings: accountRefSchema.nullable(),
  netIncome: z.string(),
  lines: z.array(z.object({
    lineNo: z.number().int(), account: z.uuid(), accountCode: z.string(), accountName: z.string(), currency: z.string(), dimensions: z.record(z.string(), z.string()),
    rate: z.string(), debit: z.string(), credit: z.string(), baseDebit: z.string(), baseCredit: z.string(),
  })),
  /** The closing journal already posted, if any. */
  closingJournal: z.uuid().nullable(),
  /** What stops the close, in words; empty when it may run. */
  blockers: z.array(z.string()),
});
export type ClosingPreview = z.infer<typeof closingPreviewSchema>;

export const yearEndResultSchema = z.object({
  fiscalYear: z.object({ id: z.uuid(), code: z.string(), status: z.string() }),
  journal: journalViewSchema.nullable(),
  netIncome: z.string(),
  periodsClosed: z.number().int(),
});
export type YearEndResult = z.infer<typeof yearEndResultSchema>;
