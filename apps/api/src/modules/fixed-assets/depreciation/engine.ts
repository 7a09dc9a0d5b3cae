import { strict as assert } from 'node:assert';
import {
  addMonths,
  daysInMonth,
  monthsBetween,
  periodOfDate,
  yearlyMethods,
  type DepreciationConvention,
  type DepreciationMethod,
  type PeriodKey,
  type RowBasis,
} from '@erp/contracts';

/**
 * The depreciation engine (issue 18): pure, no database. An asset's terms become its schedule, one
 * row per month; a change (cost, life, residual, method, a revaluation, a capitalised improvement)
 * regenerates the schedule prospectively from a period on, never touching a row already posted.
 *
 * Rules (RULES.md of the module says them as Always/Never):
 * - amounts are bigint minor units; every computation before rounding is an exact fraction;
 * - straight line: the depreciable amount over the remaining life in months; a month's amount is
 *   its share rounded half up, the last row takes the remainder;
 * - yearly methods (declining balance, double declining, declining to straight line, sum of the
 *   years' digits) compute an amount per asset year (12 months from the first depreciated month) as
 *   the spreadsheet functions DB, DDB, VDB and SYD do, round it half up (the last year takes the
 *   remainder), then spread it over the months of that year the same way;
 * - the declining rate that reaches the residual is 1 - (residual / book value) ^ (1 / years),
 *   rounded to three decimals as spreadsheets round it;
 * - conventions: Full month (the in-service month is whole), Next month (depreciation starts the
 *   month after), Mid-month (half the in-service month, the other half after the last month),
 *   Daily pro rata (the days left in the in-service month, the rest after the last month);
 * - units of production: the depreciable amount times the period's units over the units left.
 */

// ---------------------------------------------------------------------------------------------
// Exact fractions.

type Q = { n: bigint; d: bigint };
const babs = (v: bigint) => (v < 0n ? -v : v);
function gcd(a: bigint, b: bigint): bigint {
  a = babs(a);
  b = babs(b);
  while (b) [a, b] = [b, a % b];
  return a || 1n;
}
function q(n: bigint, d = 1n): Q {
  assert(d !== 0n, 'a fraction has a non-zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
}
const add = (a: Q, b: Q) => q(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Q, b: Q) => q(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Q, b: Q) => q(a.n * b.n, a.d * b.d);
const div = (a: Q, b: Q) => q(a.n * b.d, a.d * b.n);
const cmp = (a: Q, b: Q) => {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
};
const qmin = (a: Q, b: Q) => (cmp(a, b) <= 0 ? a : b);
const qmax = (a: Q, b: Q) => (cmp(a, b) >= 0 ? a : b);
/** Half up (away from zero at exactly half a minor unit). */
export function roundHalfUp(x: Q): bigint {
  if (x.n < 0n) return -roundHalfUp({ n: -x.n, d: x.d });
  return (2n * x.n + x.d) / (2n * x.d);
}
function decimalQ(s: string): Q {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s.trim());
  assert(m, `a decimal rate: ${s}`);
  const frac = m[2] ?? '';
  return q(BigInt(m[1]! + frac), 10n ** BigInt(frac.length));
}
const qDecimal = (x: Q, places: number) => {
  const scaled = roundHalfUp(mul(x, q(10n ** BigInt(places))));
  const s = scaled.toString().padStart(places + 1, '0');
  return places ? `${s.slice(0, -places)}.${s.slice(-places)}` : s;
};

// ---------------------------------------------------------------------------------------------
// Terms and rows.

export type UsageEntry = { period: PeriodKey; units: bigint };

export type DepreciationTerms = {
  method: DepreciationMethod;
  convention: DepreciationConvention;
  costMinor: bigint;
  residualMinor: bigint;
  lifeMonths: number;
  /** YYYY-MM-DD: where the convention starts the life. */
  inServiceDate: string;
  /** Depreciation taken before this system (an asset brought in); it lowers the book value. */
  openingAccumulatedMinor?: bigint;
  /** A brought-in asset: the first period depreciated here (the life before it counts as elapsed). */
  firstPeriod?: PeriodKey | null;
  /** Declining balance: a fixed yearly rate ('0.25'); empty: the rate that reaches the residual. */
  rate?: string | null;
  /** Double declining and declining to straight line: the factor over the life, default 2. */
  factor?: number | null;
  /** Units of production: the units of the whole life and the usage entered per period. */
  unitsTotal?: bigint | null;
  usage?: UsageEntry[];
};

export type ScheduleRow = {
  period: PeriodKey;
  amountMinor: bigint;
  /** Accumulated depreciation after this row, the opening amount included. */
  accumulatedMinor: bigint;
  /** Net book value after this row: cost less accumulated. */
  nbvMinor: bigint;
  basis: RowBasis;
  posted: boolean;
};

export class ScheduleRefusal extends Error {}

const refuse = (message: string): never => {
  throw new ScheduleRefusal(message);
};

/** Where the life starts and how long each month of it is, in units of 1/`unit` month. */
type Timeline = { start: PeriodKey; unit: bigint; first: bigint; total: bigint };

function timelineOf(t: DepreciationTerms): Timeline {
  const inService = periodOfDate(t.inServiceDate);
  const months = BigInt(t.lifeMonths);
  switch (t.convention) {
    case 'Full month':
      return { start: inService, unit: 1n, first: 1n, total: months };
    case 'Next month':
      return { start: addMonths(inService, 1), unit: 1n, first: 1n, total: months };
    case 'Mid-month':
      return { start: inService, unit: 2n, first: 1n, total: months * 2n };
    case 'Daily pro rata': {
      const days = BigInt(daysInMonth(inService));
      const day = BigInt(Number(t.inServiceDate.slice(8, 10)));
      return { start: inService, unit: days, first: days - day + 1n, total: months * days };
    }
  }
}

/** The length of each row of the timeline from row `from` on (the last row takes what is left). */
function rowLengths(tl: Timeline, from: number): bigint[] {
  const out: bigint[] = [];
  let pos = 0n;
  for (let i = 0; pos < tl.total; i++) {
    const len = (i === 0 ? tl.first : tl.unit) < tl.total - pos ? (i === 0 ? tl.first : tl.unit) : tl.total - pos;
    if (i >= from) out.push(len);
    pos += len;
  }
  return out;
}

function validate(t: DepreciationTerms) {
  if (!Number.isInteger(t.lifeMonths) || t.lifeMonths < 1) refuse('The useful life must be a whole number of months, at least 1');
  if (t.costMinor < 0n) refuse('The cost cannot be negative');
  if (t.residualMinor < 0n) refuse('The residual value cannot be negative');
  if (t.residualMinor > t.costMinor) refuse('The residual value cannot exceed the cost');
  const opening = t.openingAccumulatedMinor ?? 0n;
  if (opening < 0n || opening > t.costMinor - t.residualMinor) refuse('The opening accumulated depreciation must lie between zero and the cost less the residual value');
  if (t.method === 'Units of production' && !(t.unitsTotal && t.unitsTotal > 0n)) refuse('Units of production needs the total units of the life');
  if (t.rate != null && t.rate !== '') {
    const r = decimalQ(t.rate);
    if (cmp(r, q(0n)) <= 0 || cmp(r, q(1n)) > 0) refuse('The declining rate must be above 0 and at most 1');
  }
  if (t.factor != null && !(t.factor > 0)) refuse('The declining factor must be above 0');
}

/** The declining rate that reaches the residual over the life, rounded to three decimals (spreadsheet DB). */
export function rateToResidual(bookValueMinor: bigint, residualMinor: bigint, lifeYears: number): string {
  if (bookValueMinor <= 0n) return '1.000';
  return (1 - Math.pow(Number(residualMinor) / Number(bookValueMinor), 1 / lifeYears)).toFixed(3);
}

type Segment = { from: bigint; to: bigint; amount: bigint; year: number | null; rate?: string; switched?: boolean };

/** The yearly amounts of a yearly method over a remaining life of `units` (12*unit a year). */
function yearlySegments(method: DepreciationMethod, t: DepreciationTerms, book: bigint, residual: bigint, units: bigint, unit: bigint): Segment[] {
  const yearLen = 12n * unit;
  const years = Number((units + yearLen - 1n) / yearLen);
  const life = q(units, yearLen);
  const total = q(book - residual);
  const factor = q(BigInt(Math.round((t.factor ?? 2) * 1e6)), 1_000_000n);
  let rateText: string | undefined;
  let rate: Q | undefined;
  if (method === 'Declining balance') {
    rateText = t.rate ? t.rate : rateToResidual(book, residual, Number(units) / Number(yearLen));
    rate = decimalQ(rateText);
  }
  const exact: { y: Q; switched?: boolean }[] = [];
  let prior = q(0n);
  let slFixed: Q | null = null;
  for (let k = 1; k <= years; k++) {
    const left = sub(total, prior);
    const declining = () => qmax(q(0n), qmin(mul(sub(q(book), prior), rate ?? div(factor, life)), left));
    let y: Q;
    let switched: boolean | undefined;
    switch (method) {
      case 'Declining balance':
      case 'Double declining balance':
        y = declining();
        break;
      case 'Declining to straight line': {
        if (!slFixed) {
          const ddb = declining();
          const sl = div(left, sub(life, q(BigInt(k - 1))));
          if (cmp(sl, ddb) > 0) slFixed = sl;
          y = slFixed ?? ddb;
        } else y = slFixed;
        y = qmin(y, left);
        switched = slFixed !== null;
        break;
      }
      case "Sum of years' digits":
        y = qmin(left, div(mul(mul(total, sub(life, q(BigInt(k - 1)))), q(2n)), mul(life, add(life, q(1n)))));
        break;
      default:
        throw new Error(`not a yearly method: ${method}`);
    }
    exact.push({ y, switched });
    prior = add(prior, y);
  }
  const out: Segment[] = [];
  let taken = 0n;
  for (let k = 0; k < years; k++) {
    const last = k === years - 1;
    const rounded = roundHalfUp(exact[k]!.y);
    const amount = last ? book - residual - taken : rounded < book - residual - taken ? rounded : book - residual - taken;
    taken += amount;
    const from = BigInt(k) * yearLen;
    const to = last ? units : from + yearLen;
    out.push({ from, to, amount, year: k + 1, rate: rateText, switched: exact[k]!.switched });
  }
  return out;
}

type PlannedRow = { period: PeriodKey; amountMinor: bigint; basis: RowBasis };

/** Spreads each segment over the rows it covers: each share rounded half up, the last share of a segment takes the remainder. */
function spread(start: PeriodKey, lengths: bigint[], segments: Segment[]): PlannedRow[] {
  const rows: PlannedRow[] = lengths.map((_, i) => ({
    period: addMonths(start, i),
    amountMinor: 0n,
    basis: { year: null, segmentMinor: '0', shares: [], remainder: false },
  }));
  const spans: { from: bigint; to: bigint }[] = [];
  let pos = 0n;
  for (const len of lengths) {
    spans.push({ from: pos, to: pos + len });
    pos += len;
  }
  for (const seg of segments) {
    const width = seg.to - seg.from;
    let taken = 0n;
    const idx = spans.map((s, i) => ({ s, i })).filter(({ s }) => s.to > seg.from && s.from < seg.to);
    idx.forEach(({ s, i }, j) => {
      const len = (s.to < seg.to ? s.to : seg.to) - (s.from > seg.from ? s.from : seg.from);
      const last = j === idx.length - 1;
      const share = last ? seg.amount - taken : roundHalfUp(q(seg.amount * len, width));
      taken += share;
      const row = rows[i]!;
      row.amountMinor += share;
      row.basis = {
        year: seg.year,
        segmentMinor: seg.amount.toString(),
        shares: [...row.basis.shares, { num: len.toString(), den: width.toString() }],
        remainder: row.basis.remainder || (last && idx.length > 1),
        ...(seg.rate ? { rate: seg.rate } : {}),
        ...(seg.switched ? { switched: true } : {}),
      };
    });
  }
  return rows;
}

/** The rows of a remaining life that starts at row `fromRow` of the timeline with book value `book`. */
function plan(t: DepreciationTerms, tl: Timeline, fromRow: number, book: bigint, usedUnits: bigint): PlannedRow[] {
  const residual = t.residualMinor;
  if (book - residual <= 0n) return [];
  const start = addMonths(tl.start, fromRow);
  if (t.method === 'Units of production') {
    const unitsLeft = (t.unitsTotal ?? 0n) - usedUnits;
    if (unitsLeft <= 0n) return [];
    const total = book - residual;
    const out: PlannedRow[] = [];
    let taken = 0n;
    let used = 0n;
    const usage = (t.usage ?? []).filter((u) => u.period >= start && u.units > 0n).sort((a, b) => a.period.localeCompare(b.period));
    for (const u of usage) {
      const done = used + u.units >= unitsLeft;
      const amount = done ? total - taken : roundHalfUp(q(total * u.units, unitsLeft));
      used += u.units;
      taken += amount;
      out.push({ period: u.period, amountMinor: amount, basis: { year: null, segmentMinor: total.toString(), shares: [{ num: u.units.toString(), den: unitsLeft.toString() }], remainder: done, units: u.units.toString() } });
      if (done) break;
    }
    return out;
  }
  let lengths = rowLengths(tl, fromRow);
  if (lengths.length === 0) {
    // The life ended before this period: what is left is depreciated in it.
    lengths = [tl.unit];
  }
  const units = lengths.reduce((a, b) => a + b, 0n);
  const segments = yearlyMethods.includes(t.method)
    ? yearlySegments(t.method, t, book, residual, units, tl.unit)
    : [{ from: 0n, to: units, amount: book - residual, year: null }];
  return spread(start, lengths, segments);
}

function finish(rows: PlannedRow[], kept: ScheduleRow[], t: DepreciationTerms, accumulatedBefore: bigint): ScheduleRow[] {
  let acc = accumulatedBefore;
  const out = [...kept];
  for (const r of rows) {
    acc += r.amountMinor;
    out.push({ ...r, accumulatedMinor: acc, nbvMinor: t.costMinor - acc, posted: false });
  }
  assertInvariants(out, t, kept);
  return out;
}

/** What every schedule satisfies (the tests lean on these; a failure is a defect, never a user error). */
export function assertInvariants(rows: ScheduleRow[], t: DepreciationTerms, kept: ScheduleRow[] = []) {
  const opening = t.openingAccumulatedMinor ?? 0n;
  const sum = rows.reduce((a, r) => a + r.amountMinor, 0n);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    assert(r.amountMinor >= 0n, `row ${r.period} is not negative`);
    if (i > 0) assert(r.period > rows[i - 1]!.period, 'periods increase');
    if (i >= kept.length) assert(r.nbvMinor >= t.residualMinor, `row ${r.period}: the net book value never falls below the residual`);
  }
  for (let i = 0; i < kept.length; i++) assert(rows[i] === kept[i], 'rows before the change are unchanged');
  const target = t.costMinor - t.residualMinor;
  if (t.method === 'Units of production') assert(opening + sum <= target, 'units of production never exceeds the depreciable amount');
  else if (rows.length) assert.equal(opening + sum, target, 'the rows and the opening amount add up to the cost less the residual');
  if (rows.length) assert.equal(rows.at(-1)!.nbvMinor, t.costMinor - opening - sum, 'net book value is the cost less accumulated');
}

/** The schedule of an asset from its terms. */
export function buildSchedule(t: DepreciationTerms): ScheduleRow[] {
  validate(t);
  const tl = timelineOf(t);
  const opening = t.openingAccumulatedMinor ?? 0n;
  let fromRow = 0;
  if (t.firstPeriod) {
    fromRow = monthsBetween(tl.start, t.firstPeriod);
    if (fromRow < 0) refuse(`The first period ${t.firstPeriod} is before the depreciation starts (${tl.start})`);
  }
  const usedBefore = (t.usage ?? []).filter((u) => t.firstPeriod && u.period < t.firstPeriod).reduce((a, u) => a + u.units, 0n);
  return finish(plan(t, tl, fromRow, t.costMinor - opening, usedBefore), [], t, opening);
}

/**
 * Regenerates a schedule from period `from` on under new terms (a change of cost, life, residual,
 * method; a revaluation or a capitalised improvement raise or lower the cost). Rows before `from`
 * stay as they are; a posted row at or after `from` refuses the change.
 */
export function regenerate(current: ScheduleRow[], t: DepreciationTerms, from: PeriodKey): ScheduleRow[] {
  validate(t);
  const lastPosted = current.filter((r) => r.posted).at(-1);
  if (lastPosted && lastPosted.period >= from) refuse(`Period ${lastPosted.period} is already posted: a change takes effect from ${addMonths(lastPosted.period, 1)} at the earliest`);
  const kept = current.filter((r) => r.period < from);
  const opening = t.openingAccumulatedMinor ?? 0n;
  const accumulated = opening + kept.reduce((a, r) => a + r.amountMinor, 0n);
  if (accumulated > t.costMinor - t.residualMinor) refuse('The depreciation already taken exceeds the new cost less the residual value');
  const tl = timelineOf(t);
  let fromRow = monthsBetween(tl.start, from);
  if (fromRow < 0) fromRow = 0;
  if (t.firstPeriod) fromRow = Math.max(fromRow, monthsBetween(tl.start, t.firstPeriod));
  const usedBefore = (t.usage ?? []).filter((u) => u.period < addMonths(tl.start, fromRow)).reduce((a, u) => a + u.units, 0n);
  return finish(plan(t, tl, fromRow, t.costMinor - accumulated, usedBefore), kept, t, accumulated);
}

/** The explanation of a row as words (the screen builds the same from `basis` with the company's formats). */
export function explainRow(r: ScheduleRow, method: DepreciationMethod, scale = 2): string {
  const money = (m: string) => qDecimal(q(BigInt(m), 10n ** BigInt(scale)), scale);
  const b = r.basis;
  const shares = b.shares.map((s) => `${s.num}/${s.den}`).join(' + ');
  if (method === 'Units of production') return `${money(b.segmentMinor)} × ${b.units} units / ${b.shares[0]?.den} units left${b.remainder ? ' (remainder)' : ''}`;
  const what = b.year ? `year ${b.year} (${method}${b.rate ? `, rate ${b.rate}` : ''}${b.switched ? ', straight line' : ''}) ${money(b.segmentMinor)}` : `${money(b.segmentMinor)} over the remaining life`;
  return `${shares} of ${what}${b.remainder ? ', remainder' : ''}`;
}
