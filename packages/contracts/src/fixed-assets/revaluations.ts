import { z } from 'zod';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import { dateSchema } from '../common/scalars';

/**
 * The revaluation of assets (issue 18, /revaluation-schedules, /revaluation-schedule): one line per
 * active asset with its new fair value at the revaluation date. IAS 16, elimination method: the
 * accumulated depreciation is eliminated against the cost, then the cost is restated to the fair
 * value; an increase goes to the revaluation reserve (the class profile's revaluation surplus
 * account) except as far as it reverses a deficit of the same asset recognised in profit or loss
 * before (that part is income on the revaluation loss account); a decrease goes to profit or loss
 * except as far as the asset's surplus in the reserve covers it (that part debits the reserve
 * first). The asset's depreciation up to the revaluation month must be posted first. Posting
 * regenerates each asset's schedule from the next month on the fair value over the remaining life.
 * A document of the kit with the approval type RevaluationSchedule: its operations are Post and
 * Reverse (our choice, contracts' approvals.ts); Reverse posts the reversal entry and regenerates
 * the schedules on the previous cost.
 */

export const assetRevaluationStates = ['Draft', 'Posted', 'Reversed'] as const;
export type AssetRevaluationStatus = (typeof assetRevaluationStates)[number];
export const ASSET_REVALUATION_DRAFT: AssetRevaluationStatus = 'Draft';
export const ASSET_REVALUATION_POSTED: AssetRevaluationStatus = 'Posted';
export const ASSET_REVALUATION_REVERSED: AssetRevaluationStatus = 'Reversed';
export type AssetRevaluationAction = 'post' | 'reverse';
export type AssetRevaluationKind = 'Revaluation';

/** Most assets one revaluation restates. */
export const ASSET_REVALUATION_LINES_MAX = 500;

export const assetRevaluationDocument = defineDocument({
  name: 'assetRevaluation', label: 'Asset revaluation', plural: 'Asset revaluations', module: 'Fixed Asset', documentType: 'RevaluationSchedule',
  service: 'fa', resource: 'revaluations',
  kinds: { Revaluation: { label: 'Asset revaluation', permission: 'RevaluationSchedule', listPage: '/revaluation-schedules', editorPage: '/revaluation-schedule', approved: true, userCreated: true } },
  defaultKind: 'Revaluation', readPages: [],
  states: assetRevaluationStates, initial: 'Draft', editable: ['Draft'], posted: ['Posted', 'Reversed'],
  actions: {
    post: { label: 'Post', from: ['Draft'], to: 'Posted', verb: 'Edit', idempotent: true },
    reverse: { label: 'Reverse', from: ['Posted'], to: 'Reversed', verb: 'Edit', idempotent: true, onDate: true },
  },
  approval: { type: 'RevaluationSchedule', operations: { Post: 'post' } },
  header: {
    revaluationDate: { type: 'date', label: 'Revaluation Date', required: true },
    description: { type: 'text', label: 'Description', max: 200 },
  },
  headerForm: [['revaluationDate', 'description']],
  linesMax: ASSET_REVALUATION_LINES_MAX,
  sortKeys: ['revaluationDate', '-revaluationDate', 'number', '-number'], defaultSort: '-revaluationDate',
});

const money = z.string().trim().regex(/^\d+(\.\d+)?$/, 'An amount: digits and an optional decimal part');

export const assetRevaluationLineInputSchema = z.object({
  asset: z.uuid(),
  /** The asset's fair value at the revaluation date, in the company's base currency. */
  fairValue: money,
});

export const assetRevaluationInputSchema = z
  .object({
    kind: z.literal('Revaluation').optional(),
    revaluationDate: dateSchema(),
    description: z.string().trim().max(200).nullish(),
    lines: z.array(assetRevaluationLineInputSchema).min(1, 'At least one asset').max(ASSET_REVALUATION_LINES_MAX),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.lines.forEach((l, i) => {
      if (seen.has(l.asset)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'asset'], message: 'This asset is already on another line' });
      seen.add(l.asset);
    });
  });
export type AssetRevaluationInput = z.infer<typeof assetRevaluationInputSchema>;

/** One asset of a revaluation: its figures at the date (posted: what it posted; a draft: what posting now would). */
export const assetRevaluationLineViewSchema = z.object({
  asset: z.uuid(),
  assetCode: z.string(),
  assetDescription: z.string(),
  assetStatus: z.string(),
  /** The gross carrying amount (the cost control account's balance of the asset) before. */
  cost: z.string(),
  /** The accumulated depreciation eliminated against the cost. */
  accumulated: z.string(),
  netBookValue: z.string(),
  fairValue: z.string(),
  /** Fair value less net book value: an increase positive, a decrease negative. */
  change: z.string(),
  /** To (positive) or from (negative) the revaluation reserve. */
  reserve: z.string(),
  /** In profit or loss: income (positive, a reversed earlier deficit) or a loss (negative). */
  profitOrLoss: z.string(),
  /** Before this revaluation: the asset's surplus in the reserve and its deficit recognised in profit or loss. */
  surplusBefore: z.string(),
  deficitBefore: z.string(),
  /** The schedule from the month after the date: months left and the new monthly depreciation of the first of them. */
  monthsLeft: z.number().int(),
  nextDepreciation: z.string().nullable(),
  /** Why this asset cannot be revalued now (a draft only; null: it can). */
  problem: z.string().nullable(),
});

/** One line of the revaluation's entry. */
export const assetRevaluationEntryLineSchema = z.object({ role: z.string(), assetCode: z.string(), account: z.string().nullable(), debit: z.string(), credit: z.string() });

export const assetRevaluationViewSchema = z.object({
  id: z.uuid(),
  kind: z.literal('Revaluation'),
  number: z.string().nullable(),
  status: z.enum(assetRevaluationStates),
  revaluationDate: z.iso.date(),
  description: z.string(),
  currency: z.string(),
  lines: z.array(assetRevaluationLineViewSchema),
  entryLines: z.array(assetRevaluationEntryLineSchema),
  /** Totals over the lines. */
  change: z.string(),
  reserve: z.string(),
  profitOrLoss: z.string(),
  journalId: z.uuid().nullable(),
  journalNumber: z.string().nullable(),
});
export type AssetRevaluationView = z.infer<typeof assetRevaluationViewSchema>;

export const assetRevaluationListItemSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.enum(assetRevaluationStates),
  revaluationDate: z.iso.date(),
  assets: z.number().int(),
  /** The first asset's code (and how many more). */
  assetCodes: z.string(),
  change: z.string(),
  description: z.string(),
  journalNumber: z.string().nullable(),
});
export type AssetRevaluationListItem = z.infer<typeof assetRevaluationListItemSchema>;

export const assetRevaluationListQuerySchema = documentListQuerySchema(assetRevaluationDocument);
export type AssetRevaluationListFilter = z.infer<typeof assetRevaluationListQuerySchema>;
