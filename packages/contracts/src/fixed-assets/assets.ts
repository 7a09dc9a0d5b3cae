import { z } from 'zod';
import { defineEntity, type EntityDef } from '../kit/define-entity';
import { dimensionDefaultColumns } from '../ap-ar/parties';
import { dateSchema } from '../common/scalars';
import { depreciationConventions, depreciationMethods, residualKinds } from './depreciation';

/**
 * Fixed-asset master data (issue 18): asset classes (/asset-class) and assets (/assets, /asset),
 * served by the entity kit under /fa. The schedule, activation and the depreciation run are the
 * module's own routes (below and in depreciation-runs.ts).
 */

/** An asset's states (typed constants: compare with these, never a loose string). */
export const assetStates = ['Draft', 'Active', 'Fully depreciated', 'Disposed', 'Split', 'Cancelled'] as const;
export type AssetState = (typeof assetStates)[number];
export const ASSET_DRAFT: AssetState = 'Draft';
export const ASSET_ACTIVE: AssetState = 'Active';
export const ASSET_FULLY_DEPRECIATED: AssetState = 'Fully depreciated';
export const ASSET_DISPOSED: AssetState = 'Disposed';
/** An asset split into parts (the parts are new assets; splits.ts). */
export const ASSET_SPLIT: AssetState = 'Split';
/** A part of a split that was reversed: it keeps its code and history, and carries nothing. */
export const ASSET_CANCELLED: AssetState = 'Cancelled';

export const assetClassEntity = defineEntity({
  name: 'assetClass', label: 'Asset Class', plural: 'Asset Classes', service: 'fa', resource: 'asset-classes', page: '/asset-class', permission: 'AssetClass',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true, example: 'VEH' },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true, example: 'Vehicles' },
    method: { type: 'enum', label: 'Depreciation Method', options: depreciationMethods, required: true, default: 'Straight line', list: true },
    lifeMonths: { type: 'integer', label: 'Useful Life (months)', required: true, min: 1, max: 1200, list: true, example: '60', help: 'Yearly methods (declining, sum of the years) compute per asset year of 12 months' },
    residualKind: { type: 'enum', label: 'Residual As', options: residualKinds, required: true, default: 'Percent' },
    residualValue: { type: 'decimal', label: 'Residual Value', scale: 4, max: 14, min: 0, help: 'An amount, or a percent of the cost (Residual As)' },
    convention: { type: 'enum', label: 'Convention', options: depreciationConventions, required: true, default: 'Full month', list: true, help: 'Full month: from the in-service month; Next month: from the month after; Mid-month: half of the first month; Daily pro rata: the days left in the first month' },
    rate: { type: 'decimal', label: 'Declining Rate', scale: 4, max: 1, min: 0, help: 'Declining balance: a yearly rate (0.25); empty: the rate that reaches the residual at the end of the life' },
    factor: { type: 'decimal', label: 'Declining Factor', scale: 2, max: 2, min: 0, help: 'Double declining and declining to straight line: empty means 2' },
    postingProfile: { type: 'ref', ref: 'postingProfile', label: 'Posting Profile', help: 'A Fixed Asset profile (cost, accumulated depreciation, depreciation expense...); empty: the module default' },
    numberSequence: { type: 'ref', ref: 'numberSequence', label: 'Number Sequence', help: "Numbers the class's assets; empty: /module-config AssetSequence" },
    dimensions: { type: 'rows', label: 'Default Dimensions', max: 20, columns: dimensionDefaultColumns, help: 'Dimension group and dimension codes the depreciation of its assets carries' },
    active: { type: 'boolean', label: 'Active', default: true, list: true },
  },
  form: [['code', 'name'], ['method', 'lifeMonths'], ['residualKind', 'residualValue'], ['convention'], ['rate', 'factor'], ['postingProfile', 'numberSequence'], ['dimensions'], ['active']],
});

export const assetEntity = defineEntity({
  name: 'asset', label: 'Asset', plural: 'Assets', service: 'fa', resource: 'assets', page: '/assets', permission: 'Asset',
  companyScoped: true, key: ['code'], display: 'description', defaultSort: 'code', generatedKey: 'code',
  fields: {
    code: { type: 'text', label: 'Code', max: 30, search: true, list: true, help: "Empty: the next number of the class's sequence" },
    description: { type: 'text', label: 'Description', required: true, max: 150, search: true, list: true, example: 'Delivery van' },
    assetClass: { type: 'ref', ref: 'assetClass', label: 'Asset Class', required: true, list: true, example: 'VEH' },
    acquisitionDate: { type: 'date', label: 'Acquisition Date', required: true, list: true, example: '2026-01-15' },
    cost: { type: 'decimal', label: 'Acquisition Cost', required: true, scale: 4, max: 14, min: 0, list: true, example: '24000' },
    inServiceDate: { type: 'date', label: 'In-service Date', help: 'Where the convention starts the life; empty: the acquisition date' },
    residualValue: { type: 'decimal', label: 'Residual Value', scale: 4, max: 14, min: 0, help: "Empty: the class's (amount or percent of the cost)" },
    method: { type: 'enum', label: 'Depreciation Method', options: depreciationMethods, help: "Empty: the class's" },
    lifeMonths: { type: 'integer', label: 'Useful Life (months)', min: 1, max: 1200, help: "Empty: the class's" },
    quantity: { type: 'decimal', label: 'Quantity', scale: 4, max: 10, min: 0, default: '1' },
    location: { type: 'text', label: 'Location', max: 100, search: true },
    custodian: { type: 'text', label: 'Custodian', max: 100, search: true },
    serialNumber: { type: 'text', label: 'Serial Number', max: 60, search: true },
    tagNumber: { type: 'text', label: 'Tag Number', max: 60, search: true },
    unitsTotal: { type: 'integer', label: 'Units Total', min: 1, help: 'Units of production: the units of the whole life' },
    openingAccumulated: { type: 'decimal', label: 'Opening Accumulated Depreciation', scale: 4, max: 14, min: 0, help: 'An asset brought in from another system: depreciation taken before' },
    openingAsOf: { type: 'date', label: 'Opening As Of', help: 'The last day the opening depreciation covers; depreciation here starts the month after' },
    status: { type: 'enum', label: 'Status', options: assetStates, required: true, default: 'Draft', list: true, help: 'Activate a draft asset from its screen (/asset): that stores its schedule' },
  },
  form: [['code', 'description'], ['assetClass', 'status'], ['acquisitionDate', 'cost'], ['inServiceDate', 'residualValue'], ['method', 'lifeMonths'], ['quantity', 'unitsTotal'], ['location', 'custodian'], ['serialNumber', 'tagNumber'], ['openingAccumulated', 'openingAsOf']],
});

export const fixedAssetEntities: readonly EntityDef[] = [assetClassEntity, assetEntity];

// ---------------------------------------------------------------------------------------------
// The schedule of an asset (GET /fa/assets/:id/schedule, POST /fa/assets/:id/activate).

export const rowBasisSchema = z.object({
  year: z.number().int().nullable(),
  segmentMinor: z.string(),
  shares: z.array(z.object({ num: z.string(), den: z.string() })),
  remainder: z.boolean(),
  units: z.string().optional(),
  rate: z.string().optional(),
  switched: z.boolean().optional(),
});

export const scheduleRowSchema = z.object({
  period: z.string(),
  /** Decimal strings in the company's base currency. */
  amount: z.string(),
  accumulated: z.string(),
  nbv: z.string(),
  posted: z.boolean(),
  /** The depreciation run (journal) that posted the row. */
  journalId: z.uuid().nullable(),
  basis: rowBasisSchema,
  /** How the amount was computed, in words. */
  explanation: z.string(),
});
export type ScheduleRowView = z.infer<typeof scheduleRowSchema>;

export const assetScheduleSchema = z.object({
  assetId: z.uuid(),
  code: z.string(),
  description: z.string(),
  status: z.enum(assetStates),
  method: z.enum(depreciationMethods),
  convention: z.enum(depreciationConventions),
  lifeMonths: z.number().int(),
  currency: z.string(),
  cost: z.string(),
  residual: z.string(),
  openingAccumulated: z.string(),
  rows: z.array(scheduleRowSchema),
});
export type AssetSchedule = z.infer<typeof assetScheduleSchema>;

/**
 * A change of an active asset's terms from a period on (POST /fa/assets/:id/change-terms): the rows
 * before it stay, the schedule is regenerated from it (a capitalised improvement or a revaluation is
 * a new cost). Empty fields keep the asset's; `method` and `lifeMonths` null return to the class's.
 */
export const assetTermsChangeSchema = z.object({
  /** Any day of the first month the new terms apply to; after the last posted period. */
  from: dateSchema(),
  cost: z.string().regex(/^\d{1,14}(\.\d{1,4})?$/, 'The cost must be a number').optional(),
  residualValue: z.string().regex(/^\d{1,14}(\.\d{1,4})?$/, 'The residual value must be a number').nullish(),
  lifeMonths: z.number().int().min(1).max(1200).nullish(),
  method: z.enum(depreciationMethods).nullish(),
  reason: z.string().trim().max(200).optional(),
});
export type AssetTermsChange = z.infer<typeof assetTermsChangeSchema>;

/** Units of production: the units an asset used in a month (POST /fa/assets/:id/usage); the schedule is regenerated from it. */
export const assetUsageSchema = z.object({
  /** Any day of the month; after the last posted month. */
  period: dateSchema(),
  units: z.number().int().min(0).max(2_000_000_000),
});
export type AssetUsageInput = z.infer<typeof assetUsageSchema>;
