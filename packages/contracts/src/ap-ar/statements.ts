import { z } from 'zod';
import { dateSchema } from '../common/scalars';
import { ageingRowSchema } from './ageing';

/*
 * A party's statement for a date range (issue 16): per currency, the balance owed at the start (payables:
 * to the vendor; receivables: by the customer), every posting on the party's control accounts in the range
 * (invoices, credit notes, payments and their allocations, discounts, write-offs, exchange differences,
 * reversals) with a running balance, the balance at the end, and the party's ageing as of the last day.
 * Read from the ledger's lines that carry the party, so it ties out to the control accounts to the cent.
 */

/** The most lines one statement may hold; a longer range is refused with a request to narrow it. */
export const STATEMENT_LINES_MAX = 10_000;

export const partyStatementQuerySchema = z
  .object({
    party: z.uuid({ error: 'Please choose the party' }),
    from: dateSchema('Please supply the first day'),
    to: dateSchema('Please supply the last day'),
    currency: z.string().trim().toUpperCase().length(3, 'must be a currency code').optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must be on or after the first day' });
export type PartyStatementQuery = z.infer<typeof partyStatementQuerySchema>;
export type PartyStatementQueryInput = z.input<typeof partyStatementQuerySchema>;

/** One posting on the party's control account: amounts in the currency as decimal text; balance signed as owed. */
export const statementLineSchema = z.object({
  date: z.string(),
  journal: z.uuid(),
  journalNumber: z.string().nullable(),
  /** What the posting is: 'Invoice', 'Credit note', 'Payment', 'Receipt', 'Reversal'..., from the entry's source. */
  kind: z.string(),
  /** The document the entry comes from (invoice, credit note, payment) and its number, when there is one. */
  document: z.uuid().nullable(),
  documentNumber: z.string().nullable(),
  description: z.string(),
  debit: z.string(),
  credit: z.string(),
  balance: z.string(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementSectionSchema = z.object({
  currency: z.string(),
  opening: z.string(),
  debit: z.string(),
  credit: z.string(),
  closing: z.string(),
  /** The closing in base at the postings' own rates (what the control accounts hold for this party and currency). */
  baseClosing: z.string(),
  lines: z.array(statementLineSchema),
});
export type StatementSection = z.infer<typeof statementSectionSchema>;

export const partyStatementSchema = z.object({
  party: z.object({ id: z.uuid(), code: z.string(), name: z.string(), mail: z.string().nullable() }),
  from: z.string(),
  to: z.string(),
  baseCurrency: z.string(),
  sections: z.array(statementSectionSchema),
  /** The party's ageing as of the last day, per currency, by due date in the default buckets. */
  ageing: z.object({ buckets: z.array(z.string()), rows: z.array(ageingRowSchema) }),
});
export type PartyStatement = z.infer<typeof partyStatementSchema>;

/** Mail the statement as a PDF to the party (its statement contact's mail, else the one given). */
export const mailStatementSchema = z.object({
  to: z.email('must be a mail address').optional(),
  message: z.string().trim().max(2000).optional(),
});
export type MailStatement = z.infer<typeof mailStatementSchema>;
export const mailStatementResultSchema = z.object({ to: z.string(), mailId: z.uuid() });
export type MailStatementResult = z.infer<typeof mailStatementResultSchema>;

export const statementFileFormats = ['pdf', 'xlsx'] as const;
export const statementFileParamsSchema = z.object({ format: z.enum(statementFileFormats, { error: 'must be pdf or xlsx' }) });

/** The statement routes of a face: GET `…/{vendor,customer}-statement`, `…/file/:format`, POST `…/mail`. */
export const statementPath = (face: { service: string; partyWord: string }): `/${string}` => `/${face.service}/${face.partyWord}-statement`;

/*
 * Statements mailed in one batch ("Mail all"): for a range and an optional party group and currency,
 * one statement (the single mail's PDF, through the outbox) per party of the face with a posting in the
 * range or a balance at its end, to its statement contact; a party without a contact that has a mail
 * address is skipped with the reason. `GET …/mail-all` previews who would get one (nothing written);
 * `POST …/mail-all` queues them all in one transaction.
 */

/** The most statements one batch mails; more is refused on `group` (choose a group or a currency). */
export const STATEMENT_BATCH_MAX = 500;

export const statementBatchQuerySchema = z
  .object({
    from: dateSchema('Please supply the first day'),
    to: dateSchema('Please supply the last day'),
    group: z.uuid({ error: 'must be a party group' }).optional(),
    currency: z.string().trim().toUpperCase().length(3, 'must be a currency code').optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must be on or after the first day' });
export type StatementBatchQuery = z.infer<typeof statementBatchQuerySchema>;
export type StatementBatchQueryInput = z.input<typeof statementBatchQuerySchema>;

/** Why a party with activity or a balance gets no statement. */
export const statementSkipReasons = ['NoMailContact'] as const;
export type StatementSkipReason = (typeof statementSkipReasons)[number];
export const statementSkipReasonLabels: Record<StatementSkipReason, string> = { NoMailContact: 'No contact with a mail address' };

const batchPartyShape = { party: z.uuid(), code: z.string(), name: z.string() };
export const statementBatchSkippedSchema = z.object({ ...batchPartyShape, reason: z.enum(statementSkipReasons) });
export type StatementBatchSkipped = z.infer<typeof statementBatchSkippedSchema>;

/** Who a batch would mail (and skip), nothing written. */
export const statementBatchPreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  mail: z.array(z.object({ ...batchPartyShape, to: z.string() })),
  skipped: z.array(statementBatchSkippedSchema),
});
export type StatementBatchPreview = z.infer<typeof statementBatchPreviewSchema>;

export const mailAllStatementsSchema = z.object({ message: z.string().trim().max(2000).optional() });
export type MailAllStatements = z.infer<typeof mailAllStatementsSchema>;

/** What a batch did: each statement queued (its outbox mail), each party skipped. */
export const statementBatchResultSchema = z.object({
  from: z.string(),
  to: z.string(),
  mailed: z.array(z.object({ ...batchPartyShape, to: z.string(), mailId: z.uuid() })),
  skipped: z.array(statementBatchSkippedSchema),
});
export type StatementBatchResult = z.infer<typeof statementBatchResultSchema>;
