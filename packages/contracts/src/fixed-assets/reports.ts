import { z } from 'zod';
import { dateSchema } from '../common/scalars';

/*
 * The fixed-asset reports of issue 18 (/assets, its Register, Forecast and Movements tabs): the
 * asset register as of a date, the depreciation forecast from the unposted schedule rows, and the
 * movement schedule per class read from the general ledger (tying to it). Amounts are strings of
 * the company's base currency with its decimals (debit positive for cost, credit positive for
 * accumulated depreciation). Each report is also a file: `format=pdf` or `format=xlsx` on /export.
 */

export const faReportFormats = ['pdf', 'xlsx'] as const;
export type FaReportFormat = (typeof faReportFormats)[number];
const formatField = { format: z.enum(faReportFormats, { error: 'must be pdf or xlsx' }) };

export const assetRegisterQuerySchema = z.object({
  /** The day the register is taken at (inclusive); today when absent. */
  asOf: dateSchema().optional(),
  assetClass: z.uuid({ error: 'must be an asset class id' }).optional(),
});
export const assetRegisterExportQuerySchema = assetRegisterQuerySchema.extend(formatField);
export type AssetRegisterQuery = z.infer<typeof assetRegisterQuerySchema>;

export const assetRegisterRowSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string(),
  assetClass: z.uuid(),
  classCode: z.string(),
  location: z.string().nullable(),
  custodian: z.string().nullable(),
  inServiceDate: z.string().nullable(),
  cost: z.string(),
  accumulated: z.string(),
  netBookValue: z.string(),
  /** The asset's state at the date (a later disposal or last run does not show). */
  state: z.string(),
});
export const assetRegisterTotalSchema = z.object({
  assetClass: z.uuid().nullable(),
  classCode: z.string().nullable(),
  className: z.string().nullable(),
  assets: z.number().int(),
  cost: z.string(),
  accumulated: z.string(),
  netBookValue: z.string(),
});
export const assetRegisterSchema = z.object({
  asOf: z.iso.date(),
  currency: z.string(),
  rows: z.array(assetRegisterRowSchema),
  /** Per class, then the grand total (assetClass null). */
  totals: z.array(assetRegisterTotalSchema),
});
export type AssetRegister = z.infer<typeof assetRegisterSchema>;

export const forecastGrains = ['Month', 'Year'] as const;
export const forecastGroupings = ['Class', 'Asset'] as const;
export type ForecastGrain = (typeof forecastGrains)[number];
export type ForecastGrouping = (typeof forecastGroupings)[number];
/** The most periods one forecast shows (ten years of months). */
export const DEPRECIATION_FORECAST_PERIODS_MAX = 120;

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month (YYYY-MM)');
export const depreciationForecastQuerySchema = z
  .object({
    from: monthSchema,
    to: monthSchema,
    grain: z.enum(forecastGrains, { error: 'must be Month or Year' }).default('Month'),
    by: z.enum(forecastGroupings, { error: 'must be Class or Asset' }).default('Class'),
    assetClass: z.uuid({ error: 'must be an asset class id' }).optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must not be before from' })
  .refine((q) => {
    const months = (Number(q.to.slice(0, 4)) - Number(q.from.slice(0, 4))) * 12 + Number(q.to.slice(5)) - Number(q.from.slice(5)) + 1;
    return (q.grain === 'Year' ? Number(q.to.slice(0, 4)) - Number(q.from.slice(0, 4)) + 1 : months) <= DEPRECIATION_FORECAST_PERIODS_MAX;
  }, { path: ['to'], message: `must be at most ${DEPRECIATION_FORECAST_PERIODS_MAX} periods after from` });
export const depreciationForecastExportQuerySchema = z.intersection(depreciationForecastQuerySchema, z.object(formatField));
export type DepreciationForecastQuery = z.infer<typeof depreciationForecastQuerySchema>;

export const depreciationForecastRowSchema = z.object({
  /** The class or the asset. */
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  classCode: z.string(),
  /** One amount per period of `periods`. */
  amounts: z.array(z.string()),
  total: z.string(),
});
export const depreciationForecastSchema = z.object({
  from: z.string(),
  to: z.string(),
  grain: z.enum(forecastGrains),
  by: z.enum(forecastGroupings),
  currency: z.string(),
  /** 'YYYY-MM' (Month) or 'YYYY' (Year). */
  periods: z.array(z.string()),
  rows: z.array(depreciationForecastRowSchema),
  totals: z.array(z.string()),
  total: z.string(),
});
export type DepreciationForecast = z.infer<typeof depreciationForecastSchema>;

export const assetMovementsQuerySchema = z
  .object({ from: dateSchema(), to: dateSchema() })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must not be before from' });
export const assetMovementsExportQuerySchema = z.intersection(assetMovementsQuerySchema, z.object(formatField));
export type AssetMovementsQuery = z.infer<typeof assetMovementsQuerySchema>;

/**
 * How a ledger line on a class's account is shown, by the source document type of its journal: the
 * fixed-asset documents named here; on a cost account that is no control account, a vendor document
 * (Account Payable) or a journal typed in the ledger is an addition too; any other source (a split,
 * a document added later, one not known here) is Other, never dropped. On the accumulated
 * depreciation account only Depreciation and Disposals have columns; the rest is Other.
 */
export const movementColumnOfSource: Record<string, 'additions' | 'depreciation' | 'disposals' | 'revaluations'> = {
  AssetCapitalisation: 'additions',
  // An item of asset stock issued into service (issue 18): its cost moves from the clearing account to the asset's.
  AssetStock: 'additions',
  DepreciationSchedule: 'depreciation',
  DisposalSchedule: 'disposals',
  RevaluationSchedule: 'revaluations',
};
export const additionSources = { modules: ['Account Payable'], documentTypes: ['Journal'] } as const;

export const assetMovementRowSchema = z.object({
  /** Null: lines on an account several classes share that name no asset or class of it. */
  assetClass: z.uuid().nullable(),
  classCode: z.string().nullable(),
  className: z.string().nullable(),
  costAccountCode: z.string().nullable(),
  accumulatedAccountCode: z.string().nullable(),
  openingCost: z.string(),
  additions: z.string(),
  revaluations: z.string(),
  disposals: z.string(),
  otherCost: z.string(),
  closingCost: z.string(),
  openingAccumulated: z.string(),
  depreciation: z.string(),
  accumulatedDisposals: z.string(),
  otherAccumulated: z.string(),
  closingAccumulated: z.string(),
  netBookValue: z.string(),
});
export const assetMovementTieSchema = z.object({
  account: z.uuid(),
  accountCode: z.string(),
  accountName: z.string(),
  role: z.enum(['Cost', 'Accumulated depreciation']),
  /** The codes of the classes whose profile names the account. */
  classes: z.array(z.string()),
  /** The schedule's closing on the account (the sum of its rows). */
  schedule: z.string(),
  /** The account's balance in the ledger at `to` (cost debit positive, accumulated credit positive). */
  ledger: z.string(),
  difference: z.string(),
  tiesOut: z.boolean(),
});
export const assetMovementsSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.string(),
  rows: z.array(assetMovementRowSchema),
  total: assetMovementRowSchema,
  tieOut: z.array(assetMovementTieSchema),
  tiesOut: z.boolean(),
});
export type AssetMovements = z.infer<typeof assetMovementsSchema>;
export type AssetMovementRow = z.infer<typeof assetMovementRowSchema>;

/**
 * /module-config (Fixed Asset) setting that lets the monthly job run depreciation for the company:
 * value 'Per class and dimensions' or 'Per asset' (the run's lines, runDetails); absent or anything else, the job skips it.
 */
export const MONTHLY_DEPRECIATION_SETTING = 'MonthlyDepreciationRun';
