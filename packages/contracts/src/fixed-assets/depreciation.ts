/**
 * The words of fixed-asset depreciation (issue 18), shared by the API's pure engine
 * (`modules/fixed-assets/depreciation/engine.ts`), the entities and the screens.
 */

export const depreciationMethods = [
  'Straight line',
  'Declining balance',
  'Double declining balance',
  'Declining to straight line',
  "Sum of years' digits",
  'Units of production',
] as const;
export type DepreciationMethod = (typeof depreciationMethods)[number];

/** Methods computed per asset year (12 months from the start) and spread over its months. */
export const yearlyMethods: readonly DepreciationMethod[] = [
  'Declining balance',
  'Double declining balance',
  'Declining to straight line',
  "Sum of years' digits",
];

export const depreciationConventions = ['Full month', 'Next month', 'Mid-month', 'Daily pro rata'] as const;
export type DepreciationConvention = (typeof depreciationConventions)[number];

export const residualKinds = ['Amount', 'Percent'] as const;
export type ResidualKind = (typeof residualKinds)[number];

/** How a schedule row's amount was reached, for the row-by-row explanation on the asset screen. */
export type RowBasis = {
  /** The asset year (1-based) of a yearly method; null for straight line and units of production. */
  year: number | null;
  /** The amount of the year (yearly methods) or of the whole remaining life (straight line), minor units. */
  segmentMinor: string;
  /** The share of the segment this row takes: num/den (months or days of the segment). */
  shares: { num: string; den: string }[];
  /** The row took what rounding left (last row of its segment). */
  remainder: boolean;
  /** Units used in the period (units of production). */
  units?: string;
  /** The declining rate used for the year, as a decimal. */
  rate?: string;
  /** Straight line was larger than declining this year (declining to straight line). */
  switched?: boolean;
};

/** 'YYYY-MM' */
export type PeriodKey = string;

export const periodOfDate = (date: string): PeriodKey => date.slice(0, 7);

export function addMonths(period: PeriodKey, n: number): PeriodKey {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7)) - 1 + n;
  const yy = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${String(yy).padStart(4, '0')}-${String(mm + 1).padStart(2, '0')}`;
}

export function monthsBetween(from: PeriodKey, to: PeriodKey): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

export const daysInMonth = (period: PeriodKey): number =>
  new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).getUTCDate();

export const lastDayOfPeriod = (period: PeriodKey): string => `${period}-${String(daysInMonth(period)).padStart(2, '0')}`;
