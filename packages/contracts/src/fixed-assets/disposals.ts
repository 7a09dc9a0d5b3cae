import { z } from 'zod';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import { dateSchema } from '../common/scalars';

/**
 * The disposal of an asset (issue 18, /disposal-schedules, /disposal-schedule): a sale or a scrap
 * at a date. A sale's proceeds are debited to the clearing account of the class's posting profile;
 * when the sale names a customer, posting the disposal also posts a customer invoice of the
 * proceeds (one line on that clearing account, the sale's tax code) through receivables, in the
 * same transaction: the invoice debits the receivable and credits the clearing account, the
 * disposal's entry debits it back, so the clearing account nets to zero. Posting first posts the
 * asset's depreciation up to the disposal date through the depreciation run (a run of that one
 * asset, the disposal month pro rata by the class's convention), then ONE entry: remove the cost
 * (control account), remove the accumulated depreciation, the proceeds, the gain or loss (disposal
 * gain / disposal loss accounts), and (IAS 16.41) the asset's revaluation surplus moved from the
 * reserve to retained earnings, outside profit or loss (/module-config DisposalReserveTransfer;
 * default Transfer). The asset becomes Disposed and its remaining schedule rows are dropped. A
 * document of the kit with the approval type DisposalSchedule: its operations are Post and Reverse
 * (our choice, contracts' approvals.ts); Reverse reverses the customer invoice through its own full
 * reversal (a credit note of kind Reversal; refused while payments or credit notes touch it), both
 * entries, and regenerates the asset's schedule.
 */

export const disposalStates = ['Draft', 'Posted', 'Reversed'] as const;
export type DisposalStatus = (typeof disposalStates)[number];
export const DISPOSAL_DRAFT: DisposalStatus = 'Draft';
export const DISPOSAL_POSTED: DisposalStatus = 'Posted';
export const DISPOSAL_REVERSED: DisposalStatus = 'Reversed';
export type DisposalAction = 'post' | 'reverse';
export type DisposalKind = 'Disposal';

export const disposalTypes = ['Sale', 'Scrap'] as const;
export type DisposalType = (typeof disposalTypes)[number];

/**
 * /module-config (Fixed Asset) setting: what a disposal does with the asset's revaluation surplus
 * (IAS 16.41 lets a company choose). 'Transfer' (also when absent): moved to retained earnings
 * (/company-config) by the disposal's entry; 'Keep': left in the reserve.
 */
export const DISPOSAL_RESERVE_SETTING = 'DisposalReserveTransfer';
export const disposalReserveChoices = ['Transfer', 'Keep'] as const;
export type DisposalReserveChoice = (typeof disposalReserveChoices)[number];

export const disposalDocument = defineDocument({
  name: 'assetDisposal', label: 'Asset disposal', plural: 'Asset disposals', module: 'Fixed Asset', documentType: 'DisposalSchedule',
  service: 'fa', resource: 'disposals',
  kinds: { Disposal: { label: 'Asset disposal', permission: 'DisposalSchedule', listPage: '/disposal-schedules', editorPage: '/disposal-schedule', approved: true, userCreated: true } },
  defaultKind: 'Disposal', readPages: [],
  states: disposalStates, initial: 'Draft', editable: ['Draft'], posted: ['Posted', 'Reversed'],
  actions: {
    post: { label: 'Post', from: ['Draft'], to: 'Posted', verb: 'Edit', idempotent: true },
    reverse: { label: 'Reverse', from: ['Posted'], to: 'Reversed', verb: 'Edit', idempotent: true, onDate: true },
  },
  approval: { type: 'DisposalSchedule', operations: { Post: 'post' } },
  header: {
    asset: { type: 'ref', ref: 'asset', label: 'Asset', required: true },
    disposalDate: { type: 'date', label: 'Disposal Date', required: true },
    disposalType: { type: 'enum', label: 'Disposal', options: disposalTypes, required: true, default: 'Sale' },
    proceeds: { type: 'decimal', label: 'Proceeds', scale: 4, max: 14, min: 0, help: 'A sale: what the buyer pays before tax (to the clearing account of the posting profile); a scrap: empty' },
    customer: { type: 'ref', ref: 'customer', label: 'Customer', help: 'A sale: posting the disposal posts a customer invoice of the proceeds; empty: no invoice' },
    tax: { type: 'ref', ref: 'tax', label: 'Tax Code', help: "The customer invoice's tax code (a sales tax); empty: no tax" },
    description: { type: 'text', label: 'Description', max: 200 },
  },
  headerForm: [['asset', 'disposalDate'], ['disposalType', 'proceeds'], ['customer', 'tax'], ['description']],
  linesMax: 1,
  sortKeys: ['disposalDate', '-disposalDate', 'number', '-number'], defaultSort: '-disposalDate',
});

const money = z.string().trim().regex(/^\d+(\.\d+)?$/, 'An amount: digits and an optional decimal part');

export const disposalInputSchema = z
  .object({
    kind: z.literal('Disposal').optional(),
    asset: z.uuid(),
    disposalDate: dateSchema(),
    disposalType: z.enum(disposalTypes).default('Sale'),
    proceeds: money.nullish(),
    /** A sale's buyer: posting posts a customer invoice of the proceeds. */
    customer: z.uuid().nullish(),
    /** The customer invoice's tax code. */
    tax: z.uuid().nullish(),
    description: z.string().trim().max(200).nullish(),
  })
  .refine((d) => d.disposalType === 'Sale' || !d.proceeds || Number(d.proceeds) === 0, { path: ['proceeds'], message: 'A scrap has no proceeds' })
  .refine((d) => d.disposalType === 'Sale' || !d.customer, { path: ['customer'], message: 'A scrap has no customer' })
  .refine((d) => !d.customer || (!!d.proceeds && Number(d.proceeds) > 0), { path: ['proceeds'], message: 'A sale invoiced to a customer has proceeds' })
  .refine((d) => !d.tax || !!d.customer, { path: ['tax'], message: 'A tax code is for the customer invoice: choose the customer' });
export type DisposalInput = z.infer<typeof disposalInputSchema>;

/** One line of the disposal's entry (posted: what it posted; a draft: what posting now would). */
export const disposalLineSchema = z.object({ role: z.string(), account: z.string().nullable(), debit: z.string(), credit: z.string() });

export const disposalViewSchema = z.object({
  id: z.uuid(),
  kind: z.literal('Disposal'),
  number: z.string().nullable(),
  status: z.enum(disposalStates),
  asset: z.uuid(),
  assetCode: z.string(),
  assetDescription: z.string(),
  disposalDate: z.iso.date(),
  disposalType: z.enum(disposalTypes),
  proceeds: z.string(),
  description: z.string(),
  currency: z.string(),
  cost: z.string(),
  /** Accumulated depreciation at the disposal date (with the depreciation the disposal posts first). */
  accumulated: z.string(),
  /** The depreciation up to the disposal date that was not posted yet (the disposal's run). */
  depreciation: z.string(),
  netBookValue: z.string(),
  /** Proceeds less net book value: positive a gain, negative a loss. */
  gainLoss: z.string(),
  /** The asset's revaluation surplus the entry moves from the reserve to retained earnings (IAS 16.41; 0 when kept or none). */
  reserveTransferred: z.string(),
  customer: z.uuid().nullable(),
  customerCode: z.string().nullable(),
  tax: z.uuid().nullable(),
  taxCode: z.string().nullable(),
  /** The customer invoice posted with the sale (its number, gross and state). */
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceGross: z.string().nullable(),
  invoiceStatus: z.string().nullable(),
  lines: z.array(disposalLineSchema),
  depreciationRunId: z.uuid().nullable(),
  journalId: z.uuid().nullable(),
  journalNumber: z.string().nullable(),
});
export type DisposalView = z.infer<typeof disposalViewSchema>;

export const disposalListItemSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.enum(disposalStates),
  assetCode: z.string(),
  disposalDate: z.iso.date(),
  disposalType: z.enum(disposalTypes),
  proceeds: z.string(),
  gainLoss: z.string(),
  description: z.string(),
  journalNumber: z.string().nullable(),
});
export type DisposalListItem = z.infer<typeof disposalListItemSchema>;

export const disposalListQuerySchema = documentListQuerySchema(disposalDocument);
export type DisposalListFilter = z.infer<typeof disposalListQuerySchema>;
