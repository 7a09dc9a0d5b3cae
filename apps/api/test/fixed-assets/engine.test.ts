import * as formula from '@formulajs/formulajs';
import { describe, expect, it } from 'vitest';
import { addMonths } from '@erp/contracts';
import {
  buildSchedule,
  explainRow,
  regenerate,
  ScheduleRefusal,
  type DepreciationTerms,
  type ScheduleRow,
} from '../../src/modules/fixed-assets/depreciation/engine';
import vdb from './fixtures/vdb.json';

/**
 * The depreciation engine against independent oracles: formulajs (SLN, DB, DDB, SYD) and
 * LibreOffice Calc (VDB, fixtures/vdb.json built by fixtures/vdb-fixtures.mjs). Each period is
 * rounded half up to the cent; the last period (of the life, and of each year) takes the remainder.
 */

/** A decimal string or number (major units) to minor units, rounded half up exactly. */
function cents(v: number | string): bigint {
  const s = typeof v === 'number' ? v.toFixed(12) : v;
  const neg = s.startsWith('-');
  const [i, f = ''] = (neg ? s.slice(1) : s).split('.');
  const whole = BigInt(i! + (f + '000').slice(0, 3));
  const r = (whole + 5n) / 10n;
  return neg ? -r : r;
}
const minor = (v: string) => cents(v);
/** The oracle's answer: formulajs answers an Error (#NUM!...) for arguments it refuses, which fails the test here. */
function oracle(v: number | Error): number {
  if (v instanceof Error) throw v;
  return v;
}
const sum = (rows: ScheduleRow[]) => rows.reduce((a, r) => a + r.amountMinor, 0n);
const yearSums = (rows: ScheduleRow[]) => {
  const out: bigint[] = [];
  rows.forEach((r, i) => {
    out[Math.floor(i / 12)] = (out[Math.floor(i / 12)] ?? 0n) + r.amountMinor;
  });
  return out;
};
const terms = (t: Partial<DepreciationTerms>): DepreciationTerms => ({
  method: 'Straight line',
  convention: 'Full month',
  costMinor: 1_000_000n,
  residualMinor: 0n,
  lifeMonths: 60,
  inServiceDate: '2024-01-15',
  ...t,
});

describe('straight line against SLN', () => {
  it.each([
    ['10000', '1000', 60],
    ['12345.67', '0', 37],
    ['999.99', '100', 7],
    ['250000', '12500', 240],
  ])('cost %s residual %s over %i months', (cost, salvage, life) => {
    const rows = buildSchedule(terms({ costMinor: minor(cost), residualMinor: minor(salvage), lifeMonths: life }));
    expect(rows).toHaveLength(life);
    const monthly = cents(oracle(formula.SLN(Number(cost), Number(salvage), life)));
    for (const r of rows.slice(0, -1)) expect(r.amountMinor).toBe(monthly);
    expect(rows.at(-1)!.amountMinor).toBe(minor(cost) - minor(salvage) - monthly * BigInt(life - 1));
    expect(rows.at(-1)!.nbvMinor).toBe(minor(salvage));
    expect(rows[0]!.period).toBe('2024-01');
  });
});

describe('yearly methods against DB, DDB and SYD', () => {
  const cases: [string, string, number][] = [
    ['10000', '1000', 5],
    ['12345.67', '1234.56', 7],
    ['50000', '5000', 10],
    ['999.99', '100', 3],
    ['36000', '3000', 3],
  ];
  it.each(cases)('DB: cost %s residual %s over %i years (rate to the residual, 3 decimals)', (cost, salvage, years) => {
    const rows = buildSchedule(terms({ method: 'Declining balance', costMinor: minor(cost), residualMinor: minor(salvage), lifeMonths: years * 12 }));
    const ys = yearSums(rows);
    for (let k = 1; k < years; k++) expect(ys[k - 1], `year ${k}`).toBe(cents(oracle(formula.DB(Number(cost), Number(salvage), years, k, 12))));
    expect(sum(rows)).toBe(minor(cost) - minor(salvage));
    expect(rows[0]!.basis.rate).toBe((1 - Math.pow(Number(salvage) / Number(cost), 1 / years)).toFixed(3));
  });
  it.each(cases)('DDB: cost %s residual %s over %i years', (cost, salvage, years) => {
    const rows = buildSchedule(terms({ method: 'Double declining balance', costMinor: minor(cost), residualMinor: minor(salvage), lifeMonths: years * 12 }));
    const ys = yearSums(rows);
    for (let k = 1; k < years; k++) expect(ys[k - 1], `year ${k}`).toBe(cents(oracle(formula.DDB(Number(cost), Number(salvage), years, k))));
    expect(sum(rows)).toBe(minor(cost) - minor(salvage));
  });
  it.each(cases)('SYD: cost %s residual %s over %i years', (cost, salvage, years) => {
    const rows = buildSchedule(terms({ method: "Sum of years' digits", costMinor: minor(cost), residualMinor: minor(salvage), lifeMonths: years * 12 }));
    const ys = yearSums(rows);
    for (let k = 1; k < years; k++) expect(ys[k - 1], `year ${k}`).toBe(cents(oracle(formula.SYD(Number(cost), Number(salvage), years, k))));
    expect(ys[years - 1]).toBe(minor(cost) - minor(salvage) - ys.slice(0, -1).reduce((a, b) => a + b, 0n));
  });
  it('each year is spread over its months: rounded half up, the last month takes the remainder', () => {
    const rows = buildSchedule(terms({ method: 'Double declining balance', costMinor: minor('10000'), residualMinor: minor('1000'), lifeMonths: 60 }));
    // year 1: 4,000.00 -> 333.33 x 11 + 333.37
    expect(rows.slice(0, 11).every((r) => r.amountMinor === 33_333n)).toBe(true);
    expect(rows[11]!.amountMinor).toBe(33_337n);
    expect(rows[11]!.basis.remainder).toBe(true);
  });
  it('a fixed declining rate: the textbook 25% on the book value, the last year down to the residual', () => {
    const rows = buildSchedule(terms({ method: 'Declining balance', rate: '0.25', costMinor: minor('10000'), residualMinor: minor('1000'), lifeMonths: 48 }));
    expect(yearSums(rows)).toEqual([250_000n, 187_500n, 140_625n, 321_875n]);
  });
});

describe('declining to straight line against LibreOffice VDB', () => {
  for (const c of vdb.cases.filter((c) => Number.isInteger(c.life))) {
    it(`cost ${c.cost} residual ${c.salvage} over ${c.life} years, factor ${c.factor}`, () => {
      const rows = buildSchedule(terms({ method: 'Declining to straight line', factor: c.factor, costMinor: minor(c.cost), residualMinor: minor(c.salvage), lifeMonths: c.life * 12 }));
      const ys = yearSums(rows);
      for (let k = 1; k < c.life; k++) expect(ys[k - 1], `year ${k}`).toBe(cents(c.years[k - 1]!));
      // the last year takes the remainder: within a cent per year of the spreadsheet's last value
      const last = ys[c.life - 1]!;
      const diff = last - cents(c.years[c.life - 1]!);
      expect(diff < 0n ? -diff : diff).toBeLessThanOrEqual(BigInt(c.life));
      expect(sum(rows)).toBe(minor(c.cost) - minor(c.salvage));
    });
  }
  it('a fractional remaining life (regeneration mid-year) follows VDB on the fractional life', () => {
    const c = vdb.cases.find((x) => x.life === 2.5)!;
    // 30 months from a fresh start = a 2.5-year life
    const rows = buildSchedule(terms({ method: 'Declining to straight line', costMinor: minor(c.cost), residualMinor: minor(c.salvage), lifeMonths: 30 }));
    const ys = yearSums(rows);
    expect(ys[0]).toBe(cents(c.years[0]!));
    expect(ys[1]! + (ys[2] ?? 0n)).toBe(minor(c.cost) - minor(c.salvage) - ys[0]!);
    expect(ys[1]).toBe(cents(c.years[1]!));
  });
});

describe('conventions', () => {
  it('next month starts the month after the in-service date', () => {
    const rows = buildSchedule(terms({ convention: 'Next month', inServiceDate: '2024-12-31' }));
    expect(rows[0]!.period).toBe('2025-01');
    expect(rows).toHaveLength(60);
  });
  it('mid-month: half the first month, the other half after the last', () => {
    const rows = buildSchedule(terms({ convention: 'Mid-month', costMinor: minor('6000'), lifeMonths: 60 }));
    expect(rows).toHaveLength(61);
    expect(rows[0]!.amountMinor).toBe(5_000n);
    expect(rows[1]!.amountMinor).toBe(10_000n);
    expect(rows[60]!.amountMinor).toBe(5_000n);
    expect(rows[60]!.period).toBe('2029-01');
  });
  it('daily pro rata in a leap February: 20 of 29 days', () => {
    const rows = buildSchedule(terms({ convention: 'Daily pro rata', inServiceDate: '2024-02-10', costMinor: minor('2900'), lifeMonths: 12 }));
    // monthly 241.67 (2900/12); first 20/29 of it, last 9/29
    expect(rows).toHaveLength(13);
    expect(rows[0]!.amountMinor).toBe(cents((2900 / 12) * (20 / 29)));
    expect(rows[0]!.basis.shares).toEqual([{ num: '20', den: '348' }]);
    expect(sum(rows)).toBe(290_000n);
    expect(rows.at(-1)!.period).toBe('2025-02');
  });
  it('daily pro rata in a common February: 28 days', () => {
    const rows = buildSchedule(terms({ convention: 'Daily pro rata', inServiceDate: '2023-02-10', costMinor: minor('2800'), lifeMonths: 12 }));
    expect(rows[0]!.amountMinor).toBe(cents((2800 / 12) * (19 / 28)));
  });
  it('a yearly method with mid-month: each asset year straddles calendar months by halves', () => {
    const rows = buildSchedule(terms({ method: "Sum of years' digits", convention: 'Mid-month', costMinor: minor('6000'), lifeMonths: 36 }));
    // years: 3000, 2000, 1000; month 1 = 1/24 of year 1; month 13 = 1/24 year 1 + 1/24 year 2
    expect(rows).toHaveLength(37);
    expect(rows[0]!.amountMinor).toBe(12_500n);
    expect(rows[12]!.amountMinor).toBe(12_500n + 8_333n);
    expect(rows[36]!.amountMinor + rows.slice(0, 36).reduce((a, r) => a + r.amountMinor, 0n)).toBe(600_000n);
  });
});

describe('residuals, opening depreciation, units of production', () => {
  it('never falls below the residual', () => {
    for (const method of ['Declining balance', 'Double declining balance', 'Declining to straight line', "Sum of years' digits", 'Straight line'] as const) {
      const rows = buildSchedule(terms({ method, costMinor: minor('10000'), residualMinor: minor('2500'), lifeMonths: 72, convention: 'Daily pro rata', inServiceDate: '2024-03-17' }));
      for (const r of rows) expect(r.nbvMinor).toBeGreaterThanOrEqual(250_000n);
      expect(rows.at(-1)!.nbvMinor).toBe(250_000n);
    }
  });
  it('a brought-in asset: opening depreciation and the rest of its life', () => {
    const rows = buildSchedule(terms({ costMinor: minor('12000'), openingAccumulatedMinor: minor('4000'), firstPeriod: '2026-01', inServiceDate: '2024-01-01', lifeMonths: 60 }));
    // 24 months elapsed, 36 left: (12000 - 4000) / 36
    expect(rows[0]!.period).toBe('2026-01');
    expect(rows).toHaveLength(36);
    expect(rows[0]!.amountMinor).toBe(22_222n);
    expect(rows[0]!.accumulatedMinor).toBe(400_000n + 22_222n);
    expect(rows.at(-1)!.nbvMinor).toBe(0n);
  });
  it('units of production: units used over the units left, the last use takes the remainder', () => {
    const usage = [
      { period: '2024-01', units: 1000n },
      { period: '2024-02', units: 3333n },
      { period: '2024-04', units: 7000n },
    ];
    const rows = buildSchedule(terms({ method: 'Units of production', costMinor: minor('10000'), residualMinor: minor('1000'), unitsTotal: 10_000n, usage }));
    expect(rows.map((r) => r.amountMinor)).toEqual([90_000n, 299_970n, 510_030n]);
    expect(rows.at(-1)!.nbvMinor).toBe(100_000n);
  });
  it('refuses terms a user must fix', () => {
    expect(() => buildSchedule(terms({ residualMinor: 2_000_000n }))).toThrow(ScheduleRefusal);
    expect(() => buildSchedule(terms({ lifeMonths: 0 }))).toThrow(/useful life/);
    expect(() => buildSchedule(terms({ method: 'Units of production' }))).toThrow(/total units/);
  });
});

describe('prospective regeneration', () => {
  const base = terms({ costMinor: minor('12000'), lifeMonths: 60 });
  const post = (rows: ScheduleRow[], n: number) => rows.map((r, i) => (i < n ? { ...r, posted: true } : r));

  it('a longer life: posted rows unchanged, the book value over the months left', () => {
    const rows = post(buildSchedule(base), 12);
    const next = regenerate(rows, { ...base, lifeMonths: 96 }, '2025-01');
    expect(next.slice(0, 12)).toEqual(rows.slice(0, 12));
    expect(next).toHaveLength(96);
    expect(next[12]!.amountMinor).toBe(cents(9600 / 84));
    expect(next.at(-1)!.nbvMinor).toBe(0n);
  });
  it('refuses a change inside the posted periods', () => {
    const rows = post(buildSchedule(base), 12);
    expect(() => regenerate(rows, { ...base, lifeMonths: 96 }, '2024-12')).toThrow(/already posted/);
  });
  it('a capitalised improvement raises the cost from its period', () => {
    const rows = post(buildSchedule(base), 12);
    const next = regenerate(rows, { ...base, costMinor: minor('15600') }, '2025-01');
    expect(next[12]!.amountMinor).toBe(cents((15600 - 2400) / 48));
    expect(next.at(-1)!.accumulatedMinor).toBe(minor('15600'));
  });
  it('a revaluation down to a fair value with a new residual and method mid-year', () => {
    const rows = post(buildSchedule(base), 18);
    // book value after 18 months: 12000 - 3600 = 8400; revalued to 6000 (cost 9600 gross of the 3600 taken)
    const next = regenerate(rows, { ...base, costMinor: minor('9600'), residualMinor: minor('600'), method: 'Double declining balance' }, '2025-07');
    expect(next[18]!.period).toBe('2025-07');
    expect(next[17]!.nbvMinor).toBe(minor('8400'));
    expect(next[18]!.nbvMinor).toBe(minor('6000') - next[18]!.amountMinor);
    // 42 months left = 3.5 years: DDB year 1 on 6000 at 2/3.5
    expect(next.slice(18, 30).reduce((a, r) => a + r.amountMinor, 0n)).toBe(cents((6000 * 2) / 3.5));
    expect(next.at(-1)!.nbvMinor).toBe(minor('600'));
    expect(next.at(-1)!.period).toBe(addMonths('2024-01', 59));
  });
  it('a shorter life that has already ended: the rest in the period of the change', () => {
    const rows = post(buildSchedule(base), 30);
    const next = regenerate(rows, { ...base, lifeMonths: 24 }, '2026-07');
    expect(next).toHaveLength(31);
    expect(next[30]!.amountMinor).toBe(minor('12000') - 3_000n * 100n * 2n);
    expect(next[30]!.nbvMinor).toBe(0n);
  });
  it('explains each row', () => {
    const rows = buildSchedule(terms({ method: 'Double declining balance', costMinor: minor('10000'), residualMinor: minor('1000'), lifeMonths: 60 }));
    expect(explainRow(rows[0]!, 'Double declining balance')).toBe('1/12 of year 1 (Double declining balance) 4000.00');
    expect(explainRow(rows[11]!, 'Double declining balance')).toMatch(/remainder/);
  });
});
