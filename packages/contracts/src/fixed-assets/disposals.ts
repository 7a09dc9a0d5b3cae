import { z } from 'zod';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import { dateSchema } from '../common/scalars';

/**
 * The disposal of an asset (issue 18, /disposal-schedules, /disposal-schedule): a sale (proceeds to
 * the clearing account of the class's posting profile; the receivables invoice is not made here)
 * or a scrap, at a date. Posting first posts the asset's depreciation up to the disposal date
 * through the depreciation run (a run of that one asset, the disposal month pro rata by the class's
 * convention), then ONE entry: remove the cost (control account), remove the accumulated
 * depreciation, the proceeds, and the gain or loss (disposal gain / disposal loss accounts). The
 * asset becomes Disposed and its remaining schedule rows are dropped. A document of the kit with the
 * approval type DisposalSchedule: its operations are Post and Reverse (our choice, contracts'
 * approvals.ts); Reverse reverses both entries and regenerates the asset's schedule.
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
    proceeds: { type: 'decimal', label: 'Proceeds', scale: 4, max: 14, min: 0, help: 'A sale: what the buyer pays (to the clearing account of the posting profile); a scrap: empty' },
    description: { type: 'text', label: 'Description', max: 200 },
  },
  headerForm: [['asset', 'disposalDate'], ['disposalType', 'proceeds'], ['description']],
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
    description: z.string().trim().max(200).nullish(),
  })
  .refine((d) => d.disposalType === 'Sale' || !d.proceeds || Number(d.proceeds) === 0, { path: ['proceeds'], message: 'A scrap has no proceeds' });
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
