import { z } from 'zod';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import { dateSchema } from '../common/scalars';

/**
 * The splitting of an asset (issue 18, /splitting-schedules, /splitting-schedule): one Active or
 * Fully depreciated asset into several parts by quantity or by percent. The original becomes Split
 * (it keeps its posted history and carries nothing after the split); every part is a new asset
 * numbered by the class's sequence, with its share of the cost, the accumulated depreciation
 * (opening plus posted rows), the residual and the quantity, rounded half up to the minor unit, the
 * last part taking the remainder. Each part depreciates from the month after the split month over
 * what is left of the life (its accumulated share is its opening). Every row up to and including the
 * split month must be posted first. ONE entry moves the cost and the accumulated depreciation from
 * the original to the parts on the class's control and accumulated depreciation accounts (it nets
 * to zero per account). A document of the kit with the approval type SplittingSchedule: its
 * operations are Post and Reverse (our choice, contracts' approvals.ts); Reverse reverses the
 * entry, cancels the parts and gives the original back its schedule.
 */

export const splitStates = ['Draft', 'Posted', 'Reversed'] as const;
export type SplitStatus = (typeof splitStates)[number];
export const SPLIT_DRAFT: SplitStatus = 'Draft';
export const SPLIT_POSTED: SplitStatus = 'Posted';
export const SPLIT_REVERSED: SplitStatus = 'Reversed';
export type SplitAction = 'post' | 'reverse';
export type SplitKind = 'Split';

export const splitBases = ['Quantity', 'Percent'] as const;
export type SplitBasis = (typeof splitBases)[number];

export const splitDocument = defineDocument({
  name: 'assetSplit', label: 'Asset split', plural: 'Asset splits', module: 'Fixed Asset', documentType: 'SplittingSchedule',
  service: 'fa', resource: 'splits',
  kinds: { Split: { label: 'Asset split', permission: 'SplittingSchedule', listPage: '/splitting-schedules', editorPage: '/splitting-schedule', approved: true, userCreated: true } },
  defaultKind: 'Split', readPages: [],
  states: splitStates, initial: 'Draft', editable: ['Draft'], posted: ['Posted', 'Reversed'],
  actions: {
    post: { label: 'Post', from: ['Draft'], to: 'Posted', verb: 'Edit', idempotent: true },
    reverse: { label: 'Reverse', from: ['Posted'], to: 'Reversed', verb: 'Edit', idempotent: true, onDate: true },
  },
  approval: { type: 'SplittingSchedule', operations: { Post: 'post' } },
  header: {
    asset: { type: 'ref', ref: 'asset', label: 'Asset', required: true },
    splitDate: { type: 'date', label: 'Split Date', required: true },
    basis: { type: 'enum', label: 'Split By', options: splitBases, required: true, default: 'Quantity', help: "Quantity: the parts' quantities add up to the asset's; Percent: the parts' percents add up to 100" },
    description: { type: 'text', label: 'Description', max: 200 },
  },
  headerForm: [['asset', 'splitDate'], ['basis'], ['description']],
  linesMax: 50,
  sortKeys: ['splitDate', '-splitDate', 'number', '-number'], defaultSort: '-splitDate',
});

const share = z.string().trim().regex(/^\d{1,10}(\.\d{1,4})?$/, 'A quantity or a percent: digits and at most 4 decimals');

/** One part: its quantity (Split By Quantity) or percent (Split By Percent), and what the new asset is called and where it is. */
export const splitPartInputSchema = z.object({
  share: share.refine((s) => Number(s) > 0, 'A part has a share above 0'),
  description: z.string().trim().max(150).nullish(),
  location: z.string().trim().max(100).nullish(),
});
export type SplitPartInput = z.infer<typeof splitPartInputSchema>;

export const splitInputSchema = z
  .object({
    kind: z.literal('Split').optional(),
    asset: z.uuid(),
    splitDate: dateSchema(),
    basis: z.enum(splitBases).default('Quantity'),
    description: z.string().trim().max(200).nullish(),
    parts: z.array(splitPartInputSchema).min(2, 'A split has at least 2 parts').max(50),
  })
  .refine(
    (d) => d.basis !== 'Percent' || d.parts.reduce((a, p) => a + BigInt(Math.round(Number(p.share) * 10_000)), 0n) === 1_000_000n,
    { path: ['parts'], message: 'The percents of the parts add up to 100' },
  );
export type SplitInput = z.infer<typeof splitInputSchema>;

/** A part as the screen shows it: posted, what it posted and the new asset; a draft, what posting now would. */
export const splitPartSchema = z.object({
  lineNo: z.number().int(),
  share: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  quantity: z.string(),
  cost: z.string(),
  accumulated: z.string(),
  residual: z.string(),
  netBookValue: z.string(),
  /** The new asset (posted). */
  newAsset: z.uuid().nullable(),
  newAssetCode: z.string().nullable(),
});
export type SplitPartView = z.infer<typeof splitPartSchema>;

export const splitLineSchema = z.object({ role: z.string(), assetCode: z.string(), account: z.string().nullable(), debit: z.string(), credit: z.string() });

export const splitViewSchema = z.object({
  id: z.uuid(),
  kind: z.literal('Split'),
  number: z.string().nullable(),
  status: z.enum(splitStates),
  asset: z.uuid(),
  assetCode: z.string(),
  assetDescription: z.string(),
  splitDate: z.iso.date(),
  basis: z.enum(splitBases),
  description: z.string(),
  currency: z.string(),
  quantity: z.string(),
  cost: z.string(),
  accumulated: z.string(),
  residual: z.string(),
  netBookValue: z.string(),
  parts: z.array(splitPartSchema),
  /** The entry's lines (posted: what it posted; a draft: what posting now would). */
  lines: z.array(splitLineSchema),
  /** Why posting now would be refused (a draft), or null. */
  problem: z.string().nullable(),
  journalId: z.uuid().nullable(),
  journalNumber: z.string().nullable(),
});
export type SplitView = z.infer<typeof splitViewSchema>;

export const splitListItemSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.enum(splitStates),
  assetCode: z.string(),
  splitDate: z.iso.date(),
  basis: z.enum(splitBases),
  parts: z.number().int(),
  cost: z.string(),
  description: z.string(),
  journalNumber: z.string().nullable(),
});
export type SplitListItem = z.infer<typeof splitListItemSchema>;

export const splitListQuerySchema = documentListQuerySchema(splitDocument);
export type SplitListFilter = z.infer<typeof splitListQuerySchema>;
