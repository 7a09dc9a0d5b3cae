import { z } from 'zod';
import { dateSchema } from '../common/scalars';
import { pagingShape } from '../common/routes';

/*
 * Bank statements (issue 17, "Statement import"; SPEC.md section 2: /bank-reconciliations with its
 * child /bank-reconciliation). A statement file (CAMT.053, MT940, OFX, CSV or XLSX) is parsed into
 * statements and their lines in one normalised shape, checked, previewed and imported. Each imported
 * line starts Unreconciled; reconciliation moves it to Matched and Reconciled. Amounts are signed
 * (positive: money into the account), decimal strings in major units on the wire.
 */

/** The formats a statement file may come in (detected from its content). */
export const statementFormats = ['CAMT.053', 'MT940', 'OFX', 'CSV', 'XLSX'] as const;
export const statementFormatSchema = z.enum(statementFormats);
export type StatementFormat = z.infer<typeof statementFormatSchema>;

/** A statement line's reconciliation state: imported, matched to ledger lines (proposed or accepted), or locked by a closed reconciliation. */
export const statementLineStates = ['Unreconciled', 'Matched', 'Reconciled'] as const;
export const statementLineStateSchema = z.enum(statementLineStates);
export type StatementLineState = z.infer<typeof statementLineStateSchema>;

/** A statement's reconciliation: Open until its reconciliation is closed (its lines then lock). */
export const statementStatuses = ['Open', 'Reconciled'] as const;
export const statementStatusSchema = z.enum(statementStatuses);
export type StatementStatus = z.infer<typeof statementStatusSchema>;

/**
 * The checks of an import, per statement: Balance (opening + lines = closing), Continuity (opening =
 * the bank's last imported closing: a gap or an overlap otherwise), Account and Currency (those of
 * the bank), Duplicates (lines already imported, skipped), Format (what the file itself lacks).
 */
export const statementCheckCodes = ['Balance', 'Continuity', 'Account', 'Currency', 'Duplicates', 'Format'] as const;
export const statementCheckCodeSchema = z.enum(statementCheckCodes);
export type StatementCheckCode = z.infer<typeof statementCheckCodeSchema>;

/** Failed refuses the import (unless imported anyway with a reason); Info is said and refuses nothing. */
export const statementCheckOutcomes = ['Passed', 'Failed', 'Info'] as const;
export const statementCheckOutcomeSchema = z.enum(statementCheckOutcomes);
export type StatementCheckOutcome = z.infer<typeof statementCheckOutcomeSchema>;

export const statementCheckSchema = z.object({
  code: statementCheckCodeSchema,
  outcome: statementCheckOutcomeSchema,
  message: z.string(),
});
export type StatementCheck = z.infer<typeof statementCheckSchema>;

const money = z.string().describe('A signed decimal amount in major units, e.g. "-754.25"');

// ---------------------------------------------------------------------------------------------
// CSV / XLSX mapping, saved per bank

export const mappingDelimiters = [',', ';', '\t', '|'] as const;
export const mappingDateFormats = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY', 'DD-MM-YYYY', 'MM-DD-YYYY', 'YYYYMMDD', 'DD/MM/YY', 'MM/DD/YY'] as const;
export type MappingDateFormat = (typeof mappingDateFormats)[number];
/** One signed amount column, or money in and money out in two columns (each read as a magnitude). */
export const mappingAmountModes = ['Signed', 'InOut'] as const;

const columnName = z.string().trim().min(1).max(100);
const optionalColumn = columnName.optional();

/**
 * How a bank's CSV or XLSX statements read: rows to skip before the header row (or before the data
 * when there is no header), the date format, the decimal separator (the other of `.` and `,` is the
 * thousands separator), the delimiter (CSV), and the columns by header text (or number, 1 = first,
 * without a header). The balance column, when mapped, gives the opening (the first row's balance less
 * its amount) and the closing (the last row's balance).
 */
export const statementMappingSchema = z
  .object({
    headerRowsSkip: z.number().int().min(0).max(100).default(0),
    hasHeader: z.boolean().default(true),
    delimiter: z.enum(mappingDelimiters).default(','),
    dateFormat: z.enum(mappingDateFormats).default('YYYY-MM-DD'),
    decimalSeparator: z.enum(['.', ',']).default('.'),
    amountMode: z.enum(mappingAmountModes).default('Signed'),
    /** Turns the sign of every amount (a bank that shows payments as positive). */
    invertSign: z.boolean().default(false),
    dateColumn: columnName,
    valueDateColumn: optionalColumn,
    amountColumn: optionalColumn,
    amountInColumn: optionalColumn,
    amountOutColumn: optionalColumn,
    balanceColumn: optionalColumn,
    foreignCurrencyColumn: optionalColumn,
    foreignAmountColumn: optionalColumn,
    counterpartyColumn: optionalColumn,
    counterpartyAccountColumn: optionalColumn,
    referenceColumn: optionalColumn,
    bankReferenceColumn: optionalColumn,
    descriptionColumn: optionalColumn,
  })
  .superRefine((m, ctx) => {
    if (m.amountMode === 'Signed' && !m.amountColumn) ctx.addIssue({ code: 'custom', path: ['amountColumn'], message: 'name the amount column (or choose separate money-in and money-out columns)' });
    if (m.amountMode === 'InOut' && (!m.amountInColumn || !m.amountOutColumn)) ctx.addIssue({ code: 'custom', path: [m.amountInColumn ? 'amountOutColumn' : 'amountInColumn'], message: 'name both the money-in and the money-out column' });
  });
export type StatementMapping = z.infer<typeof statementMappingSchema>;
export type StatementMappingInput = z.input<typeof statementMappingSchema>;

export const bankIdParamSchema = z.object({ bankId: z.uuid() });
export const statementMappingResultSchema = z.object({ bankId: z.uuid(), mapping: statementMappingSchema.nullable() });
export type StatementMappingResult = z.infer<typeof statementMappingResultSchema>;

// ---------------------------------------------------------------------------------------------
// Preview and import

/** An upload's parameters (the file itself is the request body, streamed). */
export const statementUploadQuerySchema = z.object({
  bank: z.uuid(),
  fileName: z.string().trim().min(1).max(255),
});
export type StatementUploadQuery = z.infer<typeof statementUploadQuerySchema>;

/** Import: with `importAnyway`, a file whose checks fail is imported and the reason recorded on each statement and audited. */
export const statementImportQuerySchema = statementUploadQuerySchema.extend({
  importAnyway: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  reason: z.string().trim().max(500).optional(),
}).superRefine((q, ctx) => {
  if (q.importAnyway && (!q.reason || q.reason.length < 5)) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'say why the file is imported despite its failed checks (at least 5 characters)' });
});
export type StatementImportQuery = z.input<typeof statementImportQuerySchema>;

export const statementLinePreviewSchema = z.object({
  lineNo: z.number().int(),
  bookingDate: z.string(),
  valueDate: z.string().nullable(),
  amount: money,
  counterpartyName: z.string().nullable(),
  counterpartyAccount: z.string().nullable(),
  reference: z.string().nullable(),
  bankReference: z.string().nullable(),
  transactionCode: z.string().nullable(),
  description: z.string().nullable(),
  reversal: z.boolean(),
  /** Already imported (same dedupe key for this bank): skipped. */
  duplicate: z.boolean(),
});
export type StatementLinePreview = z.infer<typeof statementLinePreviewSchema>;

export const statementPreviewSchema = z.object({
  statementRef: z.string(),
  sequence: z.string().nullable(),
  account: z.string().nullable(),
  currency: z.string(),
  /** The bank the statement goes to (by its account and currency, else the bank chosen), null when none fits. */
  bankId: z.uuid().nullable(),
  bankCode: z.string().nullable(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  opening: money,
  closing: money,
  lineCount: z.number().int(),
  newLineCount: z.number().int(),
  duplicateCount: z.number().int(),
  creditCount: z.number().int(),
  credit: money,
  debitCount: z.number().int(),
  debit: money,
  /** Already imported whole: nothing of it is written. */
  alreadyImported: z.boolean(),
  checks: z.array(statementCheckSchema),
  /** The first lines (at most STATEMENT_PREVIEW_LINES_MAX): the counts above cover all of them. */
  lines: z.array(statementLinePreviewSchema),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const STATEMENT_PREVIEW_LINES_MAX = 500;
/** The largest statement file an upload takes. */
export const STATEMENT_FILE_BYTES_MAX = 200 * 1024 * 1024;

export const statementImportResultSchema = z.object({
  format: statementFormatSchema,
  fileName: z.string(),
  statements: z.array(statementPreviewSchema),
  /** Whether any check failed (an import then needs importAnyway with a reason). */
  failed: z.boolean(),
  /** Written by an import (0 for a preview, and for a file imported before). */
  statementsImported: z.number().int(),
  linesImported: z.number().int(),
  /** The ids of the statements written. */
  statementIds: z.array(z.uuid()),
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;

// ---------------------------------------------------------------------------------------------
// The /bank-reconciliations list

export const statementSortKeys = ['toDate', '-toDate', 'fromDate', '-fromDate', 'importedAt', '-importedAt', 'statementRef', '-statementRef', 'bank', '-bank'] as const;

export const statementListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  bank: z.uuid().optional(),
  status: statementStatusSchema.optional(),
  from: dateSchema().optional(),
  to: dateSchema().optional(),
  sort: z.enum(statementSortKeys).default('-toDate'),
  ...pagingShape,
});
export type StatementListQuery = z.input<typeof statementListQuerySchema>;

export const statementListExportQuerySchema = statementListQuerySchema.omit({ limit: true, page: true }).extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const statementListItemSchema = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  bankCode: z.string(),
  bankName: z.string(),
  statementRef: z.string(),
  sequence: z.string().nullable(),
  format: statementFormatSchema,
  fileName: z.string(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  currency: z.string(),
  opening: money,
  closing: money,
  lineCount: z.number().int(),
  /** Lines still Unreconciled. */
  unreconciledCount: z.number().int(),
  status: statementStatusSchema,
  importedAnyway: z.boolean(),
  importedAt: z.string(),
  importedBy: z.string().nullable(),
});
export type StatementListItem = z.infer<typeof statementListItemSchema>;
export const statementListSchema = z.object({ items: z.array(statementListItemSchema), total: z.number().int() });
export type StatementList = z.infer<typeof statementListSchema>;
