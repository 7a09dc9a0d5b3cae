import { z } from 'zod';
import { amountSchema, dateSchema, rateSchema } from '../common/scalars';
import { defineDocument, documentListQuerySchema, type DocumentKindDef } from '../kit/define-document';

export const journalKinds = ['Standard', 'OpeningBalance', 'Adjustment', 'Intercompany', 'Reversal', 'Recurring'] as const;
export type JournalKind = (typeof journalKinds)[number];
/** SPEC.md section 4: JournalApproval operations Validate, Post; a posted journal may be reversed once. */
export const journalStatuses = ['Draft', 'Validated', 'Posted', 'Reversed'] as const;
export type JournalStatus = (typeof journalStatuses)[number];

/** The period type a journal kind posts into. */
export const periodTypeOfKind: Record<JournalKind, 'Opening' | 'Regular' | 'Adjustment'> = {
  Standard: 'Regular',
  Recurring: 'Regular',
  Intercompany: 'Regular',
  Reversal: 'Regular',
  OpeningBalance: 'Opening',
  Adjustment: 'Adjustment',
};

const amount = amountSchema();

export const journalLineInputSchema = z
  .object({
    account: z.uuid({ error: 'Please choose an account' }),
    description: z.string().trim().max(500).optional(),
    currency: z.string().trim().toUpperCase().length(3, 'must be a currency code'),
    /** Units of the base currency for one unit of the line's currency; looked up when absent. */
    rate: rateSchema().optional(),
    debit: amount.optional(),
    credit: amount.optional(),
    /** Dimension group code -> dimension code. */
    dimensions: z.record(z.string().max(20), z.string().max(30)).optional(),
    tax: z.uuid().optional(),
  })
  .refine((l) => !(l.debit && l.credit), { message: 'A line has a debit or a credit, not both', path: ['debit'] })
  .refine((l) => !!(l.debit ?? l.credit), { message: 'A line needs a debit or a credit', path: ['debit'] });
export type JournalLineInput = z.infer<typeof journalLineInputSchema>;

export const JOURNAL_LINES_MAX = 5000;
export const journalInputSchema = z.object({
  kind: z.enum(journalKinds).default('Standard'),
  journalDate: dateSchema('Please supply the journal date'),
  description: z.string().trim().min(1, 'Please supply a description').max(500),
  reference: z.string().trim().max(100).optional(),
  lines: z.array(journalLineInputSchema).min(2, 'A journal needs at least two lines').max(JOURNAL_LINES_MAX),
});
export type JournalInput = z.infer<typeof journalInputSchema>;

export const journalLineViewSchema = z.object({
  lineNo: z.number().int(),
  account: z.uuid(),
  accountCode: z.string(),
  accountName: z.string(),
  description: z.string().nullable(),
  currency: z.string(),
  rate: z.string(),
  debit: z.string(),
  credit: z.string(),
  baseDebit: z.string(),
  baseCredit: z.string(),
  dimensions: z.record(z.string(), z.string()),
  tax: z.uuid().nullable(),
  generated: z.string().nullable(),
});
export type JournalLineView = z.infer<typeof journalLineViewSchema>;

export const journalViewSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  kind: z.enum(journalKinds),
  status: z.enum(journalStatuses),
  journalDate: z.string(),
  period: z.string().nullable(),
  description: z.string(),
  reference: z.string().nullable(),
  baseCurrency: z.string(),
  totalDebit: z.string(),
  totalCredit: z.string(),
  sourceModule: z.string(),
  reversalOf: z.uuid().nullable(),
  reversedBy: z.uuid().nullable(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  lines: z.array(journalLineViewSchema),
});
export type JournalView = z.infer<typeof journalViewSchema>;

const systemKind = (permission: string): DocumentKindDef => ({ label: permission, permission, listPage: null, editorPage: null, approved: false, userCreated: false });

/**
 * The journal as a document of the kit: every kind shares the header, the lines, the states and
 * the routes (/gl/journals); a kind picks its pages and operation labels (SPEC.md section 6).
 * Standard, opening-balance and adjustment journals go through JournalApproval (Validate, then Post).
 */
export const journalDocument = defineDocument({
  name: 'journal',
  label: 'Journal',
  plural: 'Journals',
  module: 'General Ledger',
  documentType: 'Journal',
  service: 'gl',
  resource: 'journals',
  kinds: {
    Standard: { label: 'Journal', permission: 'Journal', listPage: '/journals', editorPage: '/journal', approved: true, userCreated: true },
    OpeningBalance: { label: 'Opening balance journal', permission: 'OpeningBalanceJournal', listPage: '/opening-balance-journals', editorPage: '/opening-balance-journal', approved: true, userCreated: true },
    Adjustment: { label: 'Adjustment journal', permission: 'AdjustmentJournal', listPage: '/adjustment-journals', editorPage: '/adjustment-journal', approved: true, userCreated: true },
    Intercompany: { ...systemKind('IntercompanyJournal'), listPage: '/intercompany-journals', editorPage: '/intercompany-journal' },
    Reversal: { ...systemKind('Journal'), label: 'Reversal' },
    Recurring: { ...systemKind('RecurringJournal'), listPage: '/recurring-journals', editorPage: '/recurring-journal' },
  },
  defaultKind: 'Standard',
  readPages: ['/transaction-history'],
  states: journalStatuses,
  initial: 'Draft',
  editable: ['Draft', 'Validated'],
  posted: ['Posted', 'Reversed'],
  actions: {
    validate: { label: 'Validate', from: ['Draft'], to: 'Validated', verb: 'Edit' },
    post: { label: 'Post', from: ['Draft', 'Validated'], to: 'Posted', verb: 'Edit', idempotent: true },
    reverse: { label: 'Reverse', from: ['Posted'], to: 'Reversed', verb: 'Edit', idempotent: true, onDate: true },
  },
  approval: { type: 'JournalApproval', operations: { Validate: 'validate', Post: 'post' } },
  header: {
    journalDate: { type: 'date', label: 'Date', required: true },
    description: { type: 'text', label: 'Description', required: true, max: 500 },
    reference: { type: 'text', label: 'Reference', max: 100 },
  },
  headerForm: [['journalDate', 'reference'], ['description']],
  linesMax: JOURNAL_LINES_MAX,
  sortKeys: ['journalDate', '-journalDate', 'number', '-number', 'createdAt', '-createdAt', 'status', '-status'],
  defaultSort: '-journalDate',
});
export type JournalAction = keyof typeof journalDocument.actions;

export const journalListQuerySchema = documentListQuerySchema(journalDocument);
export type JournalListFilter = z.infer<typeof journalListQuerySchema>;
export const journalListItemSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  kind: z.enum(journalKinds),
  status: z.enum(journalStatuses),
  journalDate: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  total: z.string(),
  baseCurrency: z.string(),
  reversalOf: z.uuid().nullable(),
  reversedBy: z.uuid().nullable(),
});
export type JournalListItem = z.infer<typeof journalListItemSchema>;
