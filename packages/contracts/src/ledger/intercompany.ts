import { z } from 'zod';
import { lookupQuerySchema } from '../common/routes';
import { amountSchema, dateSchema, rateSchema } from '../common/scalars';
import { pageSchema, pagingShape, tableFormatSchema } from '../common/routes';
import { entityOperations } from '../kit/define-entity';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import { JOURNAL_LINES_MAX, journalDocument, journalStatuses, journalViewSchema } from './journals';

/*
 * Intercompany journals (issue 5): one entry across two companies of a tenant. Every line names
 * its company; posting splits the entry into one journal per company and adds, in each, the
 * due-from (asset) or due-to (liability) lines that make it balance on its own. The due accounts
 * come from a per company-pair setting. Operation labels (SPEC.md section 6): Save, Edit, Delete,
 * Import and Export of IntercompanyJournal and of IntercompanyJournalTemplate.
 */

export const intercompanyJournalOperations = entityOperations({ permission: 'IntercompanyJournal' });
export const intercompanyTemplateOperations = entityOperations({ permission: 'IntercompanyJournalTemplate' });

const amount = amountSchema();
const rate = rateSchema();
const currency = z.string().trim().toUpperCase().length(3, 'must be a currency code');
const dimensions = z.record(z.string().max(20), z.string().max(30));
const company = z.uuid({ error: 'Please choose the company of the line' });
const partnerCompany = z.uuid({ error: 'Please choose the partner company' });

export const intercompanyLineInputSchema = z
  .object({
    company,
    account: z.uuid({ error: 'Please choose an account' }),
    description: z.string().trim().max(500).optional(),
    currency,
    /** Units of the line company's base currency for one unit of the line's currency; looked up when absent. */
    rate: rate.optional(),
    debit: amount.optional(),
    credit: amount.optional(),
    dimensions: dimensions.optional(),
  })
  .refine((l) => !(l.debit && l.credit), { message: 'A line has a debit or a credit, not both', path: ['debit'] })
  .refine((l) => !!(l.debit ?? l.credit), { message: 'A line needs a debit or a credit', path: ['debit'] });
export type IntercompanyLineInput = z.infer<typeof intercompanyLineInputSchema>;

export const intercompanyJournalInputSchema = z.object({
  partnerCompany,
  journalDate: dateSchema('Please supply the journal date'),
  description: z.string().trim().min(1, 'Please supply a description').max(500),
  reference: z.string().trim().max(100).optional(),
  /** The template the lines came from, kept for the record. */
  template: z.uuid().optional(),
  lines: z.array(intercompanyLineInputSchema).min(2, 'A journal needs at least two lines').max(JOURNAL_LINES_MAX),
});
export type IntercompanyJournalInput = z.infer<typeof intercompanyJournalInputSchema>;

/** A company as the intercompany screens name it. */
export const intercompanyCompanySchema = z.object({ id: z.uuid(), code: z.string(), description: z.string(), baseCurrency: z.string() });
export type IntercompanyCompany = z.infer<typeof intercompanyCompanySchema>;

export const intercompanyLineViewSchema = z.object({
  lineNo: z.number().int(),
  company: z.uuid(),
  account: z.uuid(),
  accountCode: z.string(),
  accountName: z.string(),
  description: z.string().nullable(),
  currency: z.string(),
  rate: z.string(),
  debit: z.string(),
  credit: z.string(),
  dimensions: z.record(z.string(), z.string()),
});
export type IntercompanyLineView = z.infer<typeof intercompanyLineViewSchema>;

/** One company's journal of a posted intercompany journal, with its reversal once reversed. */
export const intercompanyLegSchema = z.object({
  company: intercompanyCompanySchema,
  journal: journalViewSchema,
  reversalNumber: z.string().nullable(),
});
export type IntercompanyLeg = z.infer<typeof intercompanyLegSchema>;

export const intercompanyJournalViewSchema = z.object({
  id: z.uuid(),
  status: z.enum(journalStatuses),
  company: intercompanyCompanySchema,
  partnerCompany: intercompanyCompanySchema,
  journalDate: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  template: z.uuid().nullable(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  /** The lines as entered (the draft's; kept once posted). */
  lines: z.array(intercompanyLineViewSchema),
  /** Once posted: the journal of the company, then the partner's. */
  legs: z.array(intercompanyLegSchema),
});
export type IntercompanyJournalView = z.infer<typeof intercompanyJournalViewSchema>;

export const intercompanyJournalListItemSchema = z.object({
  id: z.uuid(),
  status: z.enum(journalStatuses),
  journalDate: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  partnerCode: z.string(),
  partnerName: z.string(),
  /** The numbers of the two journals once posted: this company's, the partner's. */
  number: z.string().nullable(),
  partnerNumber: z.string().nullable(),
  /** The base total of this company's posted journal; null while a draft. */
  total: z.string().nullable(),
  baseCurrency: z.string(),
  createdAt: z.string(),
});
export type IntercompanyJournalListItem = z.infer<typeof intercompanyJournalListItemSchema>;
export const intercompanyJournalSortKeys = ['journalDate', '-journalDate', 'description', '-description', 'status', '-status', 'createdAt', '-createdAt'] as const;

/**
 * The intercompany journal as a document of the kit: the journal's states and actions, no approval
 * type (each company's journal it posts is an Intercompany journal of the ledger).
 */
export const intercompanyJournalDocument = defineDocument({
  name: 'intercompanyJournal',
  label: 'Intercompany journal',
  plural: 'Intercompany journals',
  module: 'General Ledger',
  documentType: 'IntercompanyJournal',
  service: 'gl',
  resource: 'intercompany-journals',
  kinds: { Intercompany: { label: 'Intercompany journal', permission: 'IntercompanyJournal', listPage: '/intercompany-journals', editorPage: '/intercompany-journal', approved: false, userCreated: true } },
  defaultKind: 'Intercompany',
  readPages: ['/intercompany-journal-template'],
  states: journalStatuses,
  initial: 'Draft',
  editable: journalDocument.editable,
  posted: journalDocument.posted,
  actions: journalDocument.actions,
  approval: null,
  header: {
    partnerCompany: { type: 'ref', label: 'Partner company', required: true, ref: 'company' },
    journalDate: { type: 'date', label: 'Date', required: true },
    description: { type: 'text', label: 'Description', required: true, max: 500 },
    reference: { type: 'text', label: 'Reference', max: 100 },
  },
  headerForm: [['partnerCompany', 'journalDate'], ['description', 'reference']],
  linesMax: JOURNAL_LINES_MAX,
  sortKeys: intercompanyJournalSortKeys,
  defaultSort: '-journalDate',
});
export const intercompanyJournalListQuerySchema = documentListQuerySchema(intercompanyJournalDocument).pick({ status: true, search: true, sort: true });

/** A template line: the amounts may be left blank, to be filled on the journal made from it. */
export const intercompanyTemplateLineInputSchema = z
  .object({
    company,
    account: z.uuid({ error: 'Please choose an account' }),
    description: z.string().trim().max(500).optional(),
    currency,
    debit: amount.optional(),
    credit: amount.optional(),
    dimensions: dimensions.optional(),
  })
  .refine((l) => !(l.debit && l.credit), { message: 'A line has a debit or a credit, not both', path: ['debit'] });
export type IntercompanyTemplateLineInput = z.infer<typeof intercompanyTemplateLineInputSchema>;

export const INTERCOMPANY_TEMPLATE_LINES_MAX = 1000;
export const intercompanyTemplateInputSchema = z.object({
  code: z.string().trim().min(1, 'Please supply a code').max(30, 'A code has at most 30 characters'),
  name: z.string().trim().min(1, 'Please supply a name').max(100),
  partnerCompany,
  description: z.string().trim().max(500).optional(),
  lines: z.array(intercompanyTemplateLineInputSchema).min(2, 'A template needs at least two lines').max(INTERCOMPANY_TEMPLATE_LINES_MAX),
});
export type IntercompanyTemplateInput = z.infer<typeof intercompanyTemplateInputSchema>;

export const intercompanyTemplateLineViewSchema = intercompanyLineViewSchema.omit({ rate: true });
export type IntercompanyTemplateLineView = z.infer<typeof intercompanyTemplateLineViewSchema>;

export const intercompanyTemplateViewSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  company: intercompanyCompanySchema,
  partnerCompany: intercompanyCompanySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Amounts are '' where the template leaves them to be filled. */
  lines: z.array(intercompanyTemplateLineViewSchema),
});
export type IntercompanyTemplateView = z.infer<typeof intercompanyTemplateViewSchema>;

export const intercompanyTemplateListItemSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  partnerCode: z.string(),
  partnerName: z.string(),
  lineCount: z.number().int(),
  updatedAt: z.string(),
});
export type IntercompanyTemplateListItem = z.infer<typeof intercompanyTemplateListItemSchema>;
export const intercompanyTemplateSortKeys = ['code', '-code', 'name', '-name', 'updatedAt', '-updatedAt'] as const;

/**
 * The due accounts of a company towards one partner (where SPEC.md is silent: a per company-pair
 * setting). Both are the company's own active posting accounts: due-from an asset (the partner
 * owes us), due-to a liability (we owe the partner).
 */
export const intercompanyAccountsInputSchema = z.object({
  dueFromAccount: z.uuid({ error: 'Please choose the due-from account' }),
  dueToAccount: z.uuid({ error: 'Please choose the due-to account' }),
});
export type IntercompanyAccountsInput = z.infer<typeof intercompanyAccountsInputSchema>;

/** A partner company of the tenant, with what is set for the pair in each direction. */
export const intercompanyPartnerSchema = intercompanyCompanySchema.extend({
  dueFromAccount: z.uuid().nullable(),
  dueFromLabel: z.string().nullable(),
  dueToAccount: z.uuid().nullable(),
  dueToLabel: z.string().nullable(),
  /** The partner has set its own due accounts towards this company: journals between the two can post. */
  partnerReady: z.boolean(),
});
export type IntercompanyPartner = z.infer<typeof intercompanyPartnerSchema>;

/** The list of intercompany templates: search and sort, a page; the export takes the same filter. */
const intercompanyTemplateFilterShape = { search: z.string().max(200).optional(), sort: z.enum(intercompanyTemplateSortKeys).optional() };
export const intercompanyTemplateListQuerySchema = z.object({ ...intercompanyTemplateFilterShape, ...pagingShape });
export const intercompanyTemplateExportQuerySchema = z.object({ ...intercompanyTemplateFilterShape, format: tableFormatSchema });
export const intercompanyTemplateListSchema = pageSchema(intercompanyTemplateListItemSchema);

/** The partner companies with this company's due accounts towards each (GET /gl/intercompany-partners). */
export const intercompanyPartnersSchema = z.array(intercompanyPartnerSchema);
/** Pick a posting account of this company or of a partner company (GET /gl/intercompany-accounts/lookup). */
export const pairAccountsLookupQuerySchema = lookupQuerySchema.extend({ company: z.uuid() });
