import { z } from 'zod';
import { importCellErrorSchema } from '../kit/define-entity';
import { dateSchema } from '../common/scalars';
import { journalViewSchema } from './journals';

/** The request and answer shapes of the trial balance, its import and its drill-down (transaction history). */

export const trialBalanceQuerySchema = z.object({
  from: dateSchema(), to: dateSchema(), currency: z.string().length(3).toUpperCase().optional(), dimension: z.string().max(60).optional(),
  fromAccount: z.string().max(30).optional(), toAccount: z.string().max(30).optional(), includeZero: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export const trialBalanceExportFormats = ['xlsx', 'pdf', 'csv'] as const;
export type TrialBalanceExportFormat = (typeof trialBalanceExportFormats)[number];
export const trialBalanceExportQuerySchema = trialBalanceQuerySchema.extend({ format: z.enum(trialBalanceExportFormats).default('xlsx') });

const amountsShape = { opening: z.string(), debit: z.string(), credit: z.string(), closing: z.string() };
const amountsSchema = z.object(amountsShape);
const subtotalSchema = z.object({ code: z.string(), name: z.string(), ...amountsShape });
export const trialBalanceRowSchema = z.object({
  account: z.uuid(), code: z.string(), name: z.string(), classCode: z.string(), className: z.string(), groupCode: z.string(), groupName: z.string(), ...amountsShape,
});
export const trialBalanceSchema = z.object({
  currency: z.string(), from: z.string(), to: z.string(), balanced: z.boolean(), totals: amountsSchema,
  rows: z.array(trialBalanceRowSchema),
  classes: z.array(subtotalSchema), groups: z.array(subtotalSchema),
});
export type Amounts = z.infer<typeof amountsSchema>;
export type TrialBalanceRow = z.infer<typeof trialBalanceRowSchema>;
export type Subtotal = z.infer<typeof subtotalSchema>;
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

/** A trial balance file imported as an opening-balance journal: a preview (dryRun), then a draft or a posted journal. */
export const trialBalanceImportSchema = z.object({
  fileName: z.string().min(1).max(255),
  contentBase64: z.string().min(1).max(14_000_000),
  /** The opening day of a fiscal year: opening-balance journals post into its Opening period. */
  journalDate: dateSchema(),
  description: z.string().trim().max(500).optional(),
  /** Preview only: check every row and the posting rules, write nothing. */
  dryRun: z.boolean().default(true),
  /** Post the journal instead of saving a draft. */
  post: z.boolean().default(false),
});
export type TbImportRequest = z.infer<typeof trialBalanceImportSchema>;
export const trialBalanceImportResultSchema = z.object({
  rows: z.number().int(), valid: z.number().int(), skipped: z.number().int(),
  errors: z.array(importCellErrorSchema),
  lines: z.array(z.object({ row: z.number().int(), accountCode: z.string(), accountName: z.string(), currency: z.string(), debit: z.string(), credit: z.string() })),
  totals: z.array(z.object({ currency: z.string(), debit: z.string(), credit: z.string() })),
  journal: journalViewSchema.nullable(),
});
export type TbImportResult = z.infer<typeof trialBalanceImportResultSchema>;

/** One account's lines over a range, keyset-paged, with the balance before the range on the first page. */
export const transactionLineSchema = z.object({
  journal: z.uuid(), number: z.string().nullable(), lineNo: z.number().int(), date: z.string(), description: z.string().nullable(), currency: z.string(), debit: z.string(), credit: z.string(), balance: z.string(),
});
export const transactionPageSchema = z.object({
  account: z.object({ id: z.uuid(), code: z.string(), name: z.string() }), currency: z.string(), opening: z.string().optional(), nextCursor: z.string().optional(),
  items: z.array(transactionLineSchema),
});
export type TransactionLine = z.infer<typeof transactionLineSchema>;
export type TransactionPage = z.infer<typeof transactionPageSchema>;
