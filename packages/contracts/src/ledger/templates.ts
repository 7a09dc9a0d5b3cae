import { z } from 'zod';
import { amountSchema, dateSchema } from '../common/scalars';
import { recurringFrequencies } from './recurring-dates';
import { pageSchema, pagingShape, tableFormatSchema } from '../common/routes';

/*
 * Journal templates (reusable line sets) and recurring journals (a template plus a schedule).
 * Operation labels (SPEC.md section 6): Save, Edit, Delete, Import and Export of JournalTemplate
 * and of RecurringJournal.
 */

/** The journal kinds a template may produce (reversals and intercompany journals have their own flows). */
export const templateJournalKinds = ['Standard', 'Recurring', 'Adjustment', 'OpeningBalance'] as const;
export type TemplateJournalKind = (typeof templateJournalKinds)[number];

const amount = amountSchema();
const code = z.string().trim().min(1, 'Please supply a code').max(30, 'A code has at most 30 characters');

/** A template line: the amounts may be left blank, to be filled on the journal made from it. */
export const templateLineInputSchema = z
  .object({
    account: z.uuid({ error: 'Please choose an account' }),
    description: z.string().trim().max(500).optional(),
    currency: z.string().trim().toUpperCase().length(3, 'must be a currency code'),
    debit: amount.optional(),
    credit: amount.optional(),
    /** Dimension group code -> dimension code. */
    dimensions: z.record(z.string().max(20), z.string().max(30)).optional(),
    tax: z.uuid().optional(),
  })
  .refine((l) => !(l.debit && l.credit), { message: 'A line has a debit or a credit, not both', path: ['debit'] });
export type TemplateLineInput = z.infer<typeof templateLineInputSchema>;

export const TEMPLATE_LINES_MAX = 1000;
export const journalTemplateInputSchema = z.object({
  code,
  name: z.string().trim().min(1, 'Please supply a name').max(100),
  description: z.string().trim().max(500).optional(),
  kind: z.enum(templateJournalKinds).default('Standard'),
  active: z.boolean().default(true),
  lines: z.array(templateLineInputSchema).min(2, 'A template needs at least two lines').max(TEMPLATE_LINES_MAX),
});
export type JournalTemplateInput = z.infer<typeof journalTemplateInputSchema>;

export const templateLineViewSchema = z.object({
  lineNo: z.number().int(),
  account: z.uuid(),
  accountCode: z.string(),
  accountName: z.string(),
  description: z.string().nullable(),
  currency: z.string(),
  /** Decimal string, or '' when the template leaves it to be filled. */
  debit: z.string(),
  credit: z.string(),
  dimensions: z.record(z.string(), z.string()),
  tax: z.uuid().nullable(),
});
export type TemplateLineView = z.infer<typeof templateLineViewSchema>;

export const journalTemplateViewSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(templateJournalKinds),
  active: z.boolean(),
  /** Some line has neither a debit nor a credit: journals made from it need the amounts filled. */
  hasBlankAmounts: z.boolean(),
  /** The recurring journals that use it. */
  usedBy: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lines: z.array(templateLineViewSchema),
});
export type JournalTemplateView = z.infer<typeof journalTemplateViewSchema>;

export const journalTemplateListItemSchema = journalTemplateViewSchema.omit({ lines: true }).extend({ lineCount: z.number().int() });
export type JournalTemplateListItem = z.infer<typeof journalTemplateListItemSchema>;

export const templateSortKeys = ['code', '-code', 'name', '-name', 'kind', '-kind', 'updatedAt', '-updatedAt'] as const;

/** "Create journal from template": a draft on a date; the template's description unless another is given. */
export const journalFromTemplateSchema = z.object({
  journalDate: dateSchema('Please supply the journal date'),
  description: z.string().trim().min(1).max(500).optional(),
  reference: z.string().trim().max(100).optional(),
});
export type JournalFromTemplate = z.infer<typeof journalFromTemplateSchema>;

/** Draft: each occurrence is a draft journal to review and post. Post: each is posted at once. */
export const recurringModes = ['Draft', 'Post'] as const;
export type RecurringMode = (typeof recurringModes)[number];
/** Completed: the end date is passed or every occurrence asked for is generated. */
export const recurringStates = ['Active', 'Inactive', 'Completed'] as const;
export type RecurringState = (typeof recurringStates)[number];

export const RECURRING_INTERVAL_MAX = 99;
export const RECURRING_OCCURRENCES_MAX = 9999;

const isoDate = (error: string) => dateSchema(error);

export const recurringJournalInputSchema = z
  .object({
    code,
    description: z.string().trim().min(1, 'Please supply a description').max(500),
    template: z.uuid({ error: 'Please choose a template' }),
    frequency: z.enum(recurringFrequencies),
    interval: z.number().int().min(1, 'The interval is at least 1').max(RECURRING_INTERVAL_MAX).default(1),
    startDate: isoDate('Please supply the start date'),
    /** The next occurrence to generate; the start date when left out on a new schedule. */
    nextDate: isoDate('The next date is not a date').optional(),
    /** The schedule ends after this date, or after `occurrences` journals, or never. */
    endDate: isoDate('The end date is not a date').nullable().optional(),
    occurrences: z.number().int().min(1, 'At least one occurrence').max(RECURRING_OCCURRENCES_MAX).nullable().optional(),
    mode: z.enum(recurringModes).default('Draft'),
    active: z.boolean().default(true),
  })
  .refine((s) => !(s.endDate && s.occurrences), { message: 'Choose an end date or a number of occurrences, not both', path: ['occurrences'] })
  .refine((s) => !s.endDate || s.endDate >= s.startDate, { message: 'The end date is before the start date', path: ['endDate'] })
  .refine((s) => !s.nextDate || s.nextDate >= s.startDate, { message: 'The next date is before the start date', path: ['nextDate'] });
export type RecurringJournalInput = z.infer<typeof recurringJournalInputSchema>;

export const recurringJournalViewSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string(),
  template: z.uuid(),
  templateCode: z.string(),
  templateName: z.string(),
  frequency: z.enum(recurringFrequencies),
  interval: z.number().int(),
  startDate: z.string(),
  /** Null once the schedule is completed. */
  nextDate: z.string().nullable(),
  endDate: z.string().nullable(),
  occurrences: z.number().int().nullable(),
  mode: z.enum(recurringModes),
  active: z.boolean(),
  state: z.enum(recurringStates),
  occurrencesGenerated: z.number().int(),
  lastRunAt: z.string().nullable(),
  lastOccurrenceDate: z.string().nullable(),
  lastJournalId: z.uuid().nullable(),
  /** The failure of the last run, cleared by the next success. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringJournalView = z.infer<typeof recurringJournalViewSchema>;

export const recurringSortKeys = ['code', '-code', 'nextDate', '-nextDate', 'lastRunAt', '-lastRunAt', 'updatedAt', '-updatedAt'] as const;

/** "Run now": every occurrence due up to a date (today when left out); may run ahead of the calendar. */
export const recurringRunRequestSchema = z.object({ upTo: isoDate('The date is not a date').optional() });
export type RecurringRunRequest = z.infer<typeof recurringRunRequestSchema>;

export const generatedJournalSchema = z.object({
  occurrenceDate: z.string(),
  journalId: z.uuid().nullable(),
  number: z.string().nullable(),
  /** The journal's status, or 'Deleted' for a draft removed since. */
  status: z.string(),
  total: z.string().nullable(),
  createdAt: z.string(),
});
export type GeneratedJournal = z.infer<typeof generatedJournalSchema>;

export const recurringRunResultSchema = z.object({
  generated: z.array(generatedJournalSchema),
  /** The occurrence that failed (nothing of it was written), or null. */
  failure: z.object({ occurrenceDate: z.string(), message: z.string() }).nullable(),
  schedule: recurringJournalViewSchema,
  /** The date the run went up to: the one asked for, or the end of the company's last open period when that came first. */
  ranUpTo: z.string(),
  /** Why the run stopped before the date asked for, or null. */
  notice: z.string().nullable(),
});
export type RecurringRunResult = z.infer<typeof recurringRunResultSchema>;

/** The list of journal templates: search, sort, kind and active filters, a page. */
export const templateListQuerySchema = z.object({
  search: z.string().max(200).optional(), sort: z.enum(templateSortKeys).optional(), kind: z.enum(templateJournalKinds).optional(),
  active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  ...pagingShape,
});
export const templateListSchema = pageSchema(journalTemplateListItemSchema);
export const templateExportQuerySchema = z.object({ search: z.string().max(200).optional(), format: tableFormatSchema });

/** The list of recurring journals: search, sort, state filter, a page; the export takes the same filter. */
const recurringFilterShape = { search: z.string().max(200).optional(), sort: z.enum(recurringSortKeys).optional(), state: z.enum(recurringStates).optional() };
export const recurringListQuerySchema = z.object({ ...recurringFilterShape, ...pagingShape });
export const recurringExportQuerySchema = z.object({ ...recurringFilterShape, format: tableFormatSchema });
export const recurringListSchema = pageSchema(recurringJournalViewSchema);
export const generatedJournalListSchema = pageSchema(generatedJournalSchema);
