import { z } from 'zod';
import { dateSchema } from '../common/scalars';
import { pagingShape } from '../common/routes';
import { defineEntity } from '../kit/define-entity';

/*
 * The cash-flow forecast (issue 17, "Cash-flow forecast"; SPEC.md section 2: /cashflow-forecasts and
 * its child /cashflow-forecast). A saved forecast (a scenario) is master data of the entity kit: which
 * banks (one bank, a bank group or every bank of the company), by day, week or month, how many
 * periods from which start, and its manual adjustments. The forecast itself is computed on demand
 * per currency: the opening cash of the banks' GL accounts, then per bucket the expected receipts and
 * payments of each source, the adjustments and the closing cash.
 */

export const forecastGranularities = ['Day', 'Week', 'Month'] as const;
export type ForecastGranularity = (typeof forecastGranularities)[number];

export const forecastScopes = ['All banks', 'Bank group', 'Bank'] as const;
export type ForecastScope = (typeof forecastScopes)[number];

/** The most buckets one forecast computes (a year of days, ten years of months). */
export const FORECAST_PERIODS_MAX = 366;

/** How far back a party's settled history counts for its average days late. */
export const LATENESS_LOOKBACK_DAYS = 365;

export const cashflowForecastEntity = defineEntity({
  name: 'cashflowForecast', label: 'Cash-flow Forecast', plural: 'Cash-flow Forecasts', service: 'cm', resource: 'cashflow-forecasts',
  page: '/cashflow-forecasts', permission: 'CashflowForecast',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true, example: 'BASE' },
    name: { type: 'text', label: 'Name', required: true, max: 150, search: true, list: true, example: 'Base case, 13 weeks' },
    scope: { type: 'enum', label: 'Banks', options: forecastScopes, required: true, default: 'All banks', list: true, help: 'Every bank of the company, the banks of one group, or one bank' },
    bankGroup: { type: 'ref', ref: 'bankGroup', label: 'Bank Group', help: 'When the banks are a bank group' },
    bank: { type: 'ref', ref: 'bank', label: 'Bank', help: 'When the banks are one bank' },
    granularity: { type: 'enum', label: 'Buckets', options: forecastGranularities, required: true, default: 'Week', list: true },
    periods: { type: 'integer', label: 'Periods', required: true, min: 1, max: FORECAST_PERIODS_MAX, default: 13, list: true, help: 'How many buckets the horizon holds' },
    startDate: { type: 'date', label: 'Start Date', help: 'Empty: the company\'s accounting date (App Date) when the forecast is opened' },
    shiftByLateness: { type: 'boolean', label: 'Shift by Average Days Late', default: true, help: 'Expected dates are due dates plus each party\'s average days late' },
    description: { type: 'text', label: 'Description', max: 300, search: true },
    adjustments: {
      type: 'rows', label: 'Manual Adjustments', max: 500,
      help: 'Cash in (positive) or out (negative) on a date, in a currency of the forecast\'s banks: added to its bucket',
      columns: {
        date: { type: 'date', label: 'Date', required: true },
        currency: { type: 'text', label: 'Currency', required: true, max: 3 },
        amount: { type: 'decimal', label: 'Amount', required: true, max: 15, scale: 2 },
        description: { type: 'text', label: 'Description', required: true, max: 200 },
      },
    },
  },
  form: [['code', 'name'], ['scope', 'granularity'], ['bankGroup', 'bank'], ['periods', 'startDate'], ['shiftByLateness', 'description'], ['adjustments']],
});

/** One manual adjustment as stored in a saved forecast's `adjustments`. */
export type ForecastAdjustment = { date: string; currency: string; amount: string; description: string };

/**
 * Where expected cash comes from: each source is a provider of the forecast engine. `wired` says
 * whether it is computed today; a source that is not names what it waits for, and the forecast says
 * so rather than counting nothing silently.
 */
export const forecastSources = [
  { key: 'openItems', label: 'Open invoices and credit notes', wired: true, note: 'By due date, shifted by the party\'s average days late' },
  { key: 'recurringJournals', label: 'Recurring journals', wired: true, note: 'Their next occurrences\' lines on the banks\' GL accounts' },
  { key: 'adjustments', label: 'Manual adjustments', wired: true, note: 'Of the saved forecast' },
  { key: 'paymentRuns', label: 'Payment runs not yet posted', wired: true, note: 'Their included lines on the run\'s payment date; the items they settle count only the rest' },
  { key: 'recurringPayments', label: 'Recurring payments', wired: true, note: 'Active schedules kept on account; those settling open items pay what the items already count' },
  { key: 'salarySchedules', label: 'Salary schedules', wired: false, note: 'Waits for Payroll' },
] as const;
export type ForecastSourceKey = (typeof forecastSources)[number]['key'];
export const forecastSourceKeys = forecastSources.map((s) => s.key) as [ForecastSourceKey, ...ForecastSourceKey[]];

// ---------------------------------------------------------------------------------------------
// Buckets: pure, shared by the API (which groups by them) and the web (which labels them).

export type ForecastBucket = { index: number; from: string; to: string };

const DAY_MS = 86_400_000;
const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const fromDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * The buckets of a horizon: the first starts on the start date and ends with its day, ISO week
 * (Monday to Sunday) or calendar month; each next one is a whole day, week or month. A week that
 * spans a year end stays one week; a month bucket always ends on the month's last day.
 */
export function forecastBuckets(startDate: string, granularity: ForecastGranularity, periods: number): ForecastBucket[] {
  const buckets: ForecastBucket[] = [];
  let from = toDay(startDate);
  for (let index = 0; index < periods; index++) {
    let to: number;
    if (granularity === 'Day') to = from;
    else if (granularity === 'Week') {
      const weekday = (new Date(from * DAY_MS).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
      to = from + (6 - weekday);
    } else {
      const at = new Date(from * DAY_MS);
      to = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0) / DAY_MS;
    }
    buckets.push({ index, from: fromDay(from), to: fromDay(to) });
    from = to + 1;
  }
  return buckets;
}

// ---------------------------------------------------------------------------------------------
// Routes: GET /cm/cashflow-forecast (the buckets), …/items (a bucket's items), …/export (XLSX).

const booleanParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/** What to forecast: a saved forecast (its settings and adjustments), or settings given here. */
export const forecastQuerySchema = z.object({
  forecast: z.uuid().optional(),
  scope: z.enum(forecastScopes).default('All banks'),
  bankGroup: z.uuid().optional(),
  bank: z.uuid().optional(),
  granularity: z.enum(forecastGranularities).default('Week'),
  periods: z.coerce.number().int().min(1, 'Periods must be at least 1').max(FORECAST_PERIODS_MAX, `Periods must be at most ${FORECAST_PERIODS_MAX}`).default(13),
  startDate: dateSchema('Start date must be a date (YYYY-MM-DD)').optional(),
  shiftByLateness: booleanParam.default(true),
});
export type ForecastQuery = z.infer<typeof forecastQuerySchema>;
export type ForecastQueryInput = z.input<typeof forecastQuerySchema>;

export const forecastBucketRowSchema = z.object({
  index: z.number().int(),
  from: z.string(),
  to: z.string(),
  opening: z.string(),
  receipts: z.string(),
  payments: z.string(),
  adjustments: z.string(),
  closing: z.string(),
});
export type ForecastBucketRow = z.infer<typeof forecastBucketRowSchema>;

export const forecastCurrencySchema = z.object({
  currency: z.string(),
  opening: z.string(),
  closing: z.string(),
  buckets: z.array(forecastBucketRowSchema),
});
export type ForecastCurrency = z.infer<typeof forecastCurrencySchema>;

export const forecastResultSchema = z.object({
  forecast: z.object({ id: z.uuid(), code: z.string(), name: z.string() }).nullable(),
  startDate: z.string(),
  endDate: z.string(),
  granularity: z.enum(forecastGranularities),
  scope: z.enum(forecastScopes),
  shiftByLateness: z.boolean(),
  banks: z.array(z.object({ id: z.uuid(), code: z.string(), name: z.string(), currency: z.string(), scale: z.number().int(), account: z.string() })),
  sources: z.array(z.object({ key: z.enum(forecastSourceKeys), label: z.string(), wired: z.boolean(), note: z.string() })),
  currencies: z.array(forecastCurrencySchema),
});
export type ForecastResult = z.infer<typeof forecastResultSchema>;

/** The items of one bucket of one currency (the drill-down). */
export const forecastItemsQuerySchema = forecastQuerySchema.extend({
  currency: z.string().min(3).max(3),
  bucket: z.coerce.number().int().min(0).max(FORECAST_PERIODS_MAX - 1),
  ...pagingShape,
});
export type ForecastItemsQuery = z.infer<typeof forecastItemsQuerySchema>;
export type ForecastItemsQueryInput = z.input<typeof forecastItemsQuerySchema>;

export const forecastItemSchema = z.object({
  source: z.enum(forecastSourceKeys),
  expectedDate: z.string(),
  /** The date the source gives (an item's due date, an occurrence's date), before any shift. */
  dueDate: z.string(),
  daysLate: z.number().int(),
  bank: z.string().nullable(),
  party: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string(),
  amount: z.string(),
});
export type ForecastItem = z.infer<typeof forecastItemSchema>;
export const forecastItemsPageSchema = z.object({ items: z.array(forecastItemSchema), total: z.number().int() });
export type ForecastItemsPage = z.infer<typeof forecastItemsPageSchema>;
