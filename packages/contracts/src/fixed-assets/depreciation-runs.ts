import { z } from 'zod';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import { dateSchema } from '../common/scalars';

/**
 * The depreciation run (issue 18, /recurring-depreciation): for a period and company (one class or
 * all), it posts the unposted schedule rows of every active asset up to that period (missed periods
 * catch up, in order) as ONE ledger entry: debit depreciation expense, credit accumulated
 * depreciation, per class and dimension set or per asset (`detail`). A document of the kit with the
 * approval type DepreciationSchedule: its Post operation posts the run. Reverse (our choice of the
 * type's second operation, SPEC.md names none) is the run's direct action: it posts the reversal and
 * returns the rows to the schedule, which the next run posts again.
 */

export const depreciationRunStates = ['Draft', 'Posted', 'Reversed'] as const;
export type DepreciationRunStatus = (typeof depreciationRunStates)[number];
export type DepreciationRunAction = 'post' | 'reverse';
export type DepreciationRunKind = 'Run';

export const runDetails = ['Per class and dimensions', 'Per asset'] as const;
export type RunDetail = (typeof runDetails)[number];

export const depreciationRunDocument = defineDocument({
  name: 'depreciationRun', label: 'Depreciation run', plural: 'Depreciation runs', module: 'Fixed Asset', documentType: 'DepreciationSchedule',
  service: 'fa', resource: 'depreciation-runs',
  kinds: { Run: { label: 'Depreciation run', permission: 'DepreciationSchedule', listPage: '/depreciation-schedules', editorPage: '/depreciation-schedule', approved: true, userCreated: true } },
  defaultKind: 'Run', readPages: ['/recurring-depreciation'],
  states: depreciationRunStates, initial: 'Draft', editable: ['Draft'], posted: ['Posted', 'Reversed'],
  actions: {
    post: { label: 'Post', from: ['Draft'], to: 'Posted', verb: 'Edit', idempotent: true },
    reverse: { label: 'Reverse', from: ['Posted'], to: 'Reversed', verb: 'Edit', idempotent: true, onDate: true },
  },
  approval: { type: 'DepreciationSchedule', operations: { Post: 'post' } },
  header: {
    period: { type: 'date', label: 'Period', required: true, help: 'Any day of the month to depreciate up to (its last day is the entry date)' },
    assetClass: { type: 'ref', ref: 'assetClass', label: 'Asset Class', help: 'Empty: every class' },
    detail: { type: 'enum', label: 'Lines', options: runDetails, required: true, default: 'Per class and dimensions' },
    description: { type: 'text', label: 'Description', max: 200 },
  },
  headerForm: [['period', 'assetClass'], ['detail', 'description']],
  linesMax: 1,
  sortKeys: ['period', '-period', 'number', '-number'], defaultSort: '-period',
});

export const depreciationRunInputSchema = z.object({
  kind: z.literal('Run').optional(),
  period: dateSchema(),
  assetClass: z.uuid().nullish(),
  detail: z.enum(runDetails).default('Per class and dimensions'),
  description: z.string().trim().max(200).nullish(),
});
export type DepreciationRunInput = z.infer<typeof depreciationRunInputSchema>;

/** One line of the run: a class (and its dimensions), or an asset, with its accounts and amount. */
export const depreciationRunLineSchema = z.object({
  assetClass: z.string(),
  asset: z.string().nullable(),
  expenseAccount: z.string().nullable(),
  accumulatedAccount: z.string().nullable(),
  dimensions: z.record(z.string(), z.string()),
  assets: z.number().int(),
  rows: z.number().int(),
  amount: z.string(),
});
export const depreciationRunIssueSchema = z.object({ assetId: z.uuid(), code: z.string(), message: z.string() });

export const depreciationRunViewSchema = z.object({
  id: z.uuid(),
  kind: z.literal('Run'),
  number: z.string().nullable(),
  status: z.enum(depreciationRunStates),
  /** YYYY-MM */
  period: z.string(),
  periodEnd: z.iso.date(),
  assetClass: z.uuid().nullable(),
  assetClassCode: z.string().nullable(),
  detail: z.enum(runDetails),
  description: z.string(),
  currency: z.string(),
  journalId: z.uuid().nullable(),
  journalNumber: z.string().nullable(),
  /** Posted: what the entry holds; a draft: what posting now would (assets, schedule rows, amount). */
  assets: z.number().int(),
  rows: z.number().int(),
  amount: z.string(),
  lines: z.array(depreciationRunLineSchema),
  /** Assets that cannot be depreciated (the first 1000) and how many there are: the run posts the others. */
  issues: z.array(depreciationRunIssueSchema),
  issueCount: z.number().int(),
});
export type DepreciationRunView = z.infer<typeof depreciationRunViewSchema>;

export const depreciationRunListItemSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.enum(depreciationRunStates),
  period: z.string(),
  assetClassCode: z.string().nullable(),
  description: z.string(),
  assets: z.number().int(),
  amount: z.string(),
  issueCount: z.number().int(),
  journalNumber: z.string().nullable(),
});
export type DepreciationRunListItem = z.infer<typeof depreciationRunListItemSchema>;

export const depreciationRunListQuerySchema = documentListQuerySchema(depreciationRunDocument);
export type DepreciationRunListFilter = z.infer<typeof depreciationRunListQuerySchema>;
