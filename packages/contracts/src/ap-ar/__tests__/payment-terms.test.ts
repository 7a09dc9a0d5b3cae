// Proves payment terms against textbook cases: net days across month ends and leap years, end of month plus days, day of next month clamped to short months, instalments whose rounding lands once and whose sums are exact, a negative balancing line, early-payment discounts with and without tax, credit notes as the exact negation, and the term's validation; then properties over random terms and amounts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dueSchedule, paymentTermRuleSchema, termDueDate, validatePaymentTerm, type PaymentTermInstalment, type PaymentTermRule } from '../payment-terms';

const term = (over: Partial<PaymentTermRule> = {}): PaymentTermRule => ({
  code: 'T', description: null, basis: 'Net days', days: 30, dayOfMonth: null, instalments: [],
  discountPercent: null, discountDays: null, discountBase: 'Including tax', ...over,
});
const row = (over: Partial<PaymentTermInstalment> = {}): PaymentTermInstalment => ({ percent: null, amount: null, basis: 'Net days', days: 30, dayOfMonth: null, ...over });
const totals = (grossMinor: bigint, taxMinor = 0n) => ({ grossMinor, taxMinor });
const dates = (t: PaymentTermRule, date: string) => dueSchedule(t, date, totals(100n)).map((l) => l.dueDate);

describe('due dates', () => {
  it('net 30 from 31 January: 2 March in a common year, 1 March in a leap year', () => {
    expect(dates(term(), '2025-01-31')).toEqual(['2025-03-02']);
    expect(dates(term(), '2024-01-31')).toEqual(['2024-03-01']);
    expect(dates(term({ days: 0 }), '2025-01-31')).toEqual(['2025-01-31']);
    expect(dates(term({ days: 1 }), '2025-12-31')).toEqual(['2026-01-01']);
  });

  it('end of month plus days counts from the last day of the document month', () => {
    const eom30 = term({ basis: 'End of month', days: 30 });
    expect(dates(eom30, '2025-01-15')).toEqual(['2025-03-02']); // 31 Jan + 30
    expect(dates(eom30, '2025-01-31')).toEqual(['2025-03-02']);
    expect(dates(eom30, '2024-01-01')).toEqual(['2024-03-01']); // leap year
    expect(dates(eom30, '2025-02-10')).toEqual(['2025-03-30']); // 28 Feb + 30
    expect(dates(eom30, '2024-02-10')).toEqual(['2024-03-30']); // 29 Feb + 30
    expect(dates(term({ basis: 'End of month', days: 0 }), '2025-12-05')).toEqual(['2025-12-31']);
  });

  it('day of next month: the 15th and the 31st across February of a leap and a common year', () => {
    const the15th = term({ basis: 'Day of next month', days: 0, dayOfMonth: 15 });
    const the31st = term({ basis: 'Day of next month', days: 0, dayOfMonth: 31 });
    expect(dates(the15th, '2024-01-31')).toEqual(['2024-02-15']);
    expect(dates(the15th, '2025-01-01')).toEqual(['2025-02-15']);
    expect(dates(the31st, '2024-01-31')).toEqual(['2024-02-29']);
    expect(dates(the31st, '2025-01-31')).toEqual(['2025-02-28']);
    expect(dates(the31st, '2024-02-29')).toEqual(['2024-03-31']);
    expect(dates(the31st, '2025-03-15')).toEqual(['2025-04-30']);
    expect(dates(the15th, '2025-12-20')).toEqual(['2026-01-15']);
    expect(dates(term({ basis: 'Day of next month', days: 0, dayOfMonth: 29 }), '2100-01-10')).toEqual(['2100-02-28']); // 2100 is not a leap year
  });

  it('day of next month: days shift the document date before its next month is taken (a cut-off, not months ahead)', () => {
    const cutOff = term({ basis: 'Day of next month', days: 15, dayOfMonth: 15 });
    expect(dates(cutOff, '2025-01-10')).toEqual(['2025-02-15']); // 25 January -> February
    expect(dates(cutOff, '2025-01-20')).toEqual(['2025-03-15']); // 4 February -> March
    expect(dates(term({ basis: 'Day of next month', days: 30, dayOfMonth: 31 }), '2024-01-01')).toEqual(['2024-02-29']); // 31 January -> February 2024
    expect(dates(term({ basis: 'Day of next month', days: 31, dayOfMonth: 31 }), '2024-01-01')).toEqual(['2024-03-31']); // 1 February -> March
    expect(termDueDate('Day of next month', 0, 1, '2025-01-31')).toBe('2025-02-01');
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => dueSchedule(term(), '2025-02-29', totals(100n))).toThrow('2025-02-29 is not a calendar date');
    expect(() => dueSchedule(term(), '2025-2-1', totals(100n))).toThrow('2025-2-1 is not an ISO date');
  });
});

describe('instalments', () => {
  it('no instalments: one line of the whole gross', () => {
    expect(dueSchedule(term(), '2025-01-31', totals(12345n, 2000n))).toEqual([
      { line: 1, dueDate: '2025-03-02', amountMinor: 12345n, discountDate: null, discountMinor: 0n },
    ]);
  });

  it('30/70 of 100.01: the 30% rounds once (30.003 -> 30.00), the 70% takes the rest (70.01), the sum is exact', () => {
    const t = term({ instalments: [row({ percent: '30', days: 30 }), row({ percent: '70', days: 60 })] });
    const lines = dueSchedule(t, '2025-01-31', totals(10001n));
    expect(lines.map((l) => [l.dueDate, l.amountMinor])).toEqual([['2025-03-02', 3000n], ['2025-04-01', 7001n]]);
    // With a balancing line instead of 70%, the same.
    const balancing = term({ instalments: [row({ percent: 30, days: 30 }), row({ days: 60 })] });
    expect(dueSchedule(balancing, '2025-01-31', totals(10001n)).map((l) => l.amountMinor)).toEqual([3000n, 7001n]);
  });

  it('rounds percents half up: 50% of 0.05 is 0.03 and the balancing line 0.02; a credit note is its exact negation', () => {
    const t = term({ instalments: [row({ percent: '50' }), row({})] });
    expect(dueSchedule(t, '2025-01-01', totals(5n)).map((l) => l.amountMinor)).toEqual([3n, 2n]);
    expect(dueSchedule(t, '2025-01-01', totals(-5n)).map((l) => l.amountMinor)).toEqual([-3n, -2n]);
  });

  it('thirds of 100.00: 33.33 + 33.33 + 33.34', () => {
    const t = term({ instalments: [row({ percent: '33.333333' }), row({ percent: '33.333333' }), row({ percent: '33.333334' })] });
    expect(dueSchedule(t, '2025-01-01', totals(10000n)).map((l) => l.amountMinor)).toEqual([3333n, 3333n, 3334n]);
    expect(dueSchedule(t, '2025-01-01', totals(1n)).map((l) => l.amountMinor)).toEqual([0n, 0n, 1n]);
  });

  it('a fixed first amount larger than the invoice leaves a negative balancing line (a credit)', () => {
    const t = term({ instalments: [row({ amount: '80.00', days: 0 }), row({ days: 30 })] });
    const lines = dueSchedule(t, '2025-01-31', totals(5000n));
    expect(lines.map((l) => [l.dueDate, l.amountMinor])).toEqual([['2025-01-31', 8000n], ['2025-03-02', -3000n]]);
    // A credit note of 50.00: the amount takes the gross's sign.
    expect(dueSchedule(t, '2025-01-31', totals(-5000n)).map((l) => l.amountMinor)).toEqual([-8000n, 3000n]);
    // Fixed amounts are rounded to the currency: 80.005 is 80.01 at 2 digits, 80 in yen.
    const odd = term({ instalments: [row({ amount: '80.005' }), row({})] });
    expect(dueSchedule(odd, '2025-01-31', totals(10000n)).map((l) => l.amountMinor)).toEqual([8001n, 1999n]);
    expect(dueSchedule(odd, '2025-01-31', totals(100n), 0).map((l) => l.amountMinor)).toEqual([80n, 20n]);
  });

  it('each instalment has its own basis', () => {
    const t = term({ instalments: [row({ percent: '50', basis: 'End of month', days: 0 }), row({ basis: 'Day of next month', days: 0, dayOfMonth: 10 })] });
    expect(dueSchedule(t, '2024-02-05', totals(100n)).map((l) => l.dueDate)).toEqual(['2024-02-29', '2024-03-10']);
  });

  it('an invoice of zero has every line zero', () => {
    const t = term({ instalments: [row({ amount: '80' }), row({})], discountPercent: '2', discountDays: 10 });
    expect(dueSchedule(t, '2025-01-01', totals(0n)).map((l) => [l.amountMinor, l.discountMinor])).toEqual([[0n, 0n], [0n, 0n]]);
  });
});

describe('early-payment discount', () => {
  it('2% 10 days net 30 on 119.00 with tax: 2.38 by 10 February', () => {
    const t = term({ discountPercent: '2', discountDays: 10, discountBase: 'Including tax' });
    expect(dueSchedule(t, '2025-01-31', totals(11900n, 1900n))).toEqual([
      { line: 1, dueDate: '2025-03-02', amountMinor: 11900n, discountDate: '2025-02-10', discountMinor: 238n },
    ]);
  });

  it('2% 10 days net 30 on 119.00 without tax: 2% of 100.00 = 2.00', () => {
    const t = term({ discountPercent: 2, discountDays: 10, discountBase: 'Excluding tax' });
    expect(dueSchedule(t, '2025-01-31', totals(11900n, 1900n))).toEqual([
      { line: 1, dueDate: '2025-03-02', amountMinor: 11900n, discountDate: '2025-02-10', discountMinor: 200n },
    ]);
    expect(dueSchedule(t, '2025-01-31', totals(-11900n, -1900n))[0]!.discountMinor).toBe(-200n);
  });

  it('is rounded once and spread over instalments in proportion, the last line taking the remainder', () => {
    // 2.5% of 100.01 = 2.50025 -> 2.50; 30/70: 0.75 and 1.75.
    const t = term({ instalments: [row({ percent: '30' }), row({ percent: '70', days: 60 })], discountPercent: '2.5', discountDays: 10 });
    const lines = dueSchedule(t, '2025-01-31', totals(10001n));
    expect(lines.map((l) => [l.amountMinor, l.discountDate, l.discountMinor])).toEqual([[3000n, '2025-02-10', 75n], [7001n, '2025-02-10', 175n]]);
    // Three equal thirds of a 1.00 discount: 0.33 + 0.33 + 0.34.
    const thirds = term({ instalments: [row({ percent: '33.333333' }), row({ percent: '33.333333' }), row({})], discountPercent: '1', discountDays: 0 });
    expect(dueSchedule(thirds, '2025-01-31', totals(10000n)).map((l) => l.discountMinor)).toEqual([33n, 33n, 34n]);
  });

  it('with a negative balancing line, the discounts still sum to the total', () => {
    const t = term({ instalments: [row({ amount: '80' }), row({})], discountPercent: '10', discountDays: 5 });
    const lines = dueSchedule(t, '2025-01-31', totals(5000n));
    expect(lines.map((l) => l.discountMinor)).toEqual([800n, -300n]);
  });

  it('a discount of 0 or none gives no discount date', () => {
    expect(dueSchedule(term({ discountPercent: '0', discountDays: 10 }), '2025-01-31', totals(100n))[0]).toMatchObject({ discountDate: null, discountMinor: 0n });
    expect(dueSchedule(term({ discountPercent: '', discountDays: null }), '2025-01-31', totals(100n))[0]).toMatchObject({ discountDate: null, discountMinor: 0n });
  });
});

describe('validation', () => {
  const problems = (t: PaymentTermRule) => validatePaymentTerm(t).map((p) => `${p.path}: ${p.message}`);

  it('a sound term has no problems', () => {
    expect(problems(term())).toEqual([]);
    expect(problems(term({ instalments: [row({ percent: '30' }), row({ amount: '10' }), row({})], discountPercent: '2', discountDays: 10 }))).toEqual([]);
    expect(problems(term({ basis: 'Day of next month', dayOfMonth: 31, days: 0 }))).toEqual([]);
  });

  it('percents must sum to 100 without a balancing line; amounts need a balancing line', () => {
    expect(problems(term({ instalments: [row({ percent: '30' }), row({ percent: '60' })] }))).toEqual(["instalments: The instalments' percents must sum to 100, or the last line must be the balancing line"]);
    expect(problems(term({ instalments: [row({ percent: '30' }), row({ amount: '60' })] }))).toEqual(['instalments: Instalments with fixed amounts need a balancing last line (no percent and no amount)']);
    expect(() => dueSchedule(term({ code: 'X', instalments: [row({ percent: '30' })] }), '2025-01-01', totals(1n))).toThrow("Payment term X: instalments: The instalments' percents must sum to 100");
  });

  it('at most one balancing line, and it is last', () => {
    expect(problems(term({ instalments: [row({}), row({ percent: '50' })] }))).toEqual(['instalments[0]: The balancing line (no percent and no amount) must be the last instalment']);
    expect(problems(term({ instalments: [row({}), row({})] }))).toEqual([
      'instalments: Only one instalment may be the balancing line (no percent and no amount)',
      'instalments[0]: The balancing line (no percent and no amount) must be the last instalment',
    ]);
  });

  it('rows, days, days of the month and the discount', () => {
    expect(problems(term({ days: -1 }))).toEqual(['days: Days must be a whole number from 0 to 9999']);
    expect(problems(term({ basis: 'Day of next month', dayOfMonth: null }))).toEqual(['dayOfMonth: A day of next month needs the day of the month (1 to 31)']);
    expect(problems(term({ dayOfMonth: 32 }))).toEqual(['dayOfMonth: The day of the month must be from 1 to 31']);
    expect(problems(term({ instalments: [row({ percent: '50', amount: '1' }), row({})] }))).toEqual(['instalments[0]: An instalment has a percent or an amount, not both']);
    expect(problems(term({ instalments: [row({ percent: '0' }), row({})] }))).toEqual(['instalments[0].percent: The percent must be more than 0 and at most 100, with at most 6 decimals']);
    expect(problems(term({ instalments: [row({ percent: '1e2' }), row({})] }))).toEqual(['instalments[0].percent: The percent must be more than 0 and at most 100, with at most 6 decimals']);
    expect(problems(term({ instalments: [row({ amount: '-5' }), row({ days: -3 })] }))).toEqual([
      'instalments[0].amount: The amount must be more than 0, with at most 6 decimals',
      'instalments[1].days: Days must be a whole number from 0 to 9999',
    ]);
    expect(problems(term({ discountPercent: '2' }))).toEqual(['discountDays: An early-payment discount needs its number of days']);
    expect(problems(term({ discountPercent: '100', discountDays: 1 }))).toEqual(['discountPercent: The discount percent must be from 0 to less than 100, with at most 6 decimals']);
  });

  it('the schema reads a stored term', () => {
    const stored = { code: 'N30', description: 'Net 30', basis: 'Net days', days: 30, dayOfMonth: null, instalments: [{ percent: '30', amount: null, basis: 'Net days', days: 30, dayOfMonth: null }, { percent: null, amount: null, basis: 'End of month', days: 0, dayOfMonth: null }], discountPercent: '2', discountDays: 10, discountBase: 'Excluding tax' };
    expect(paymentTermRuleSchema.parse(stored)).toEqual(stored);
    expect(paymentTermRuleSchema.safeParse({ ...stored, basis: 'Whenever' }).success).toBe(false);
  });
});

describe('properties', () => {
  /** A percent as an integer of 10^-6 (an oracle independent of the module's decimal reader). */
  const micro = (p: string | number) => { const [w, f = ''] = String(p).split('.'); return BigInt(w! + f.padEnd(6, '0')); };
  const bases = ['Net days', 'End of month', 'Day of next month'] as const;
  const rowArb = fc.record({ basis: fc.constantFrom(...bases), days: fc.integer({ min: 0, max: 400 }), dayOfMonth: fc.integer({ min: 1, max: 31 }) });
  const pctArb = fc.integer({ min: 1, max: 100_000_000 }).map((u) => (u / 1_000_000).toFixed(6)); // 0.000001 .. 100
  const amountArb = fc.bigInt({ min: 1n, max: 10n ** 9n }).map((u) => `${u / 100n}.${String(u % 100n).padStart(2, '0')}`);
  const instalmentArb = fc.oneof(
    fc.constant([] as PaymentTermInstalment[]),
    // Percent rows summing to 100 exactly (the last one closes the sum).
    fc.tuple(fc.array(fc.tuple(rowArb, fc.integer({ min: 1, max: 40_000_000 })), { minLength: 1, maxLength: 4 }), rowArb).map(([rows, last]) => {
      const used = rows.reduce((s, [, u]) => s + u, 0);
      const all = rows.map(([r, u]) => row({ ...r, percent: (u / 1_000_000).toFixed(6) }));
      return used >= 100_000_000 ? [row({ ...last, percent: '100' })] : [...all, row({ ...last, percent: ((100_000_000 - used) / 1_000_000).toFixed(6) })];
    }),
    // Percent and amount rows, then a balancing row.
    fc.tuple(fc.array(fc.tuple(rowArb, fc.oneof(pctArb.map((p) => ({ percent: p, amount: null })), amountArb.map((a) => ({ percent: null, amount: a })))), { maxLength: 4 }), rowArb).map(([rows, last]) => [
      ...rows.map(([r, v]) => row({ ...r, ...v })),
      row({ ...last }),
    ]),
  );
  const termArb = fc.record({
    head: rowArb,
    instalments: instalmentArb,
    discount: fc.option(fc.tuple(fc.integer({ min: 0, max: 99_999_999 }).map((u) => (u / 1_000_000).toFixed(6)), fc.integer({ min: 0, max: 60 }))),
    discountBase: fc.constantFrom('Including tax' as const, 'Excluding tax' as const),
  }).map(({ head, instalments, discount, discountBase }) => term({
    ...head, instalments, discountBase, discountPercent: discount?.[0] ?? null, discountDays: discount?.[1] ?? null,
  }));
  const dateArb = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const grossArb = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n });

  it('amounts sum to the gross, discounts to the total discount, due dates never before the document date; a credit note is the negation', () => {
    fc.assert(fc.property(termArb, dateArb, grossArb, fc.bigInt({ min: 0n, max: 10n ** 11n }), fc.integer({ min: 0, max: 4 }), (t, date, gross, taxAbs, digits) => {
      expect(validatePaymentTerm(t)).toEqual([]);
      const tax = gross < 0n ? -taxAbs : taxAbs;
      const lines = dueSchedule(t, date, { grossMinor: gross, taxMinor: tax }, digits);
      expect(lines.map((l) => l.line)).toEqual(lines.map((_, i) => i + 1));
      expect(lines.reduce((s, l) => s + l.amountMinor, 0n)).toBe(gross);
      const p = t.discountPercent === null || t.discountPercent === undefined ? 0n : micro(t.discountPercent);
      const base = t.discountBase === 'Including tax' ? gross : gross - tax;
      // The total discount rounded half away from zero, by an independent oracle: |base| × p / 10^8.
      const abs = (base < 0n ? -base : base) * p;
      const rounded = (abs + 50_000_000n) / 100_000_000n;
      const total = gross === 0n ? 0n : base < 0n ? -rounded : rounded;
      expect(lines.reduce((s, l) => s + l.discountMinor, 0n)).toBe(total);
      for (const l of lines) {
        expect(l.dueDate >= date).toBe(true);
        expect(l.discountDate === null || l.discountDate >= date).toBe(true);
      }
      const credit = dueSchedule(t, date, { grossMinor: -gross, taxMinor: -tax }, digits);
      expect(credit.map((l) => [l.amountMinor, l.discountMinor])).toEqual(lines.map((l) => [-l.amountMinor, -l.discountMinor]));
    }), { numRuns: 500 });
  });

  it('any term, sound or not: either validation names a problem and the schedule refuses it, or the schedule is exact', () => {
    const anyRow = fc.record({
      percent: fc.oneof(fc.constant(null), fc.constant(''), fc.constantFrom('0', '-5', '50', '100', '150', '1e2', '33.3333333'), pctArb, fc.integer({ min: -10, max: 120 })),
      amount: fc.oneof(fc.constant(null), fc.constantFrom('0', '-1', 'abc', '10.1234567'), amountArb),
      basis: fc.constantFrom(...bases),
      days: fc.integer({ min: -5, max: 12_000 }),
      dayOfMonth: fc.option(fc.integer({ min: -1, max: 33 })),
    });
    const anyTerm = fc.record({
      code: fc.constant('Z'), basis: fc.constantFrom(...bases), days: fc.integer({ min: -5, max: 400 }), dayOfMonth: fc.option(fc.integer({ min: 0, max: 32 })),
      instalments: fc.array(anyRow, { maxLength: 4 }),
      discountPercent: fc.option(fc.oneof(fc.constantFrom('0', '2', '100', '-1', 'x'), pctArb)), discountDays: fc.option(fc.integer({ min: -2, max: 30 })),
      discountBase: fc.constantFrom('Including tax' as const, 'Excluding tax' as const),
    });
    fc.assert(fc.property(anyTerm, grossArb, (t, gross) => {
      const problems = validatePaymentTerm(t);
      if (problems.length > 0) {
        expect(() => dueSchedule(t, '2024-02-29', { grossMinor: gross, taxMinor: 0n })).toThrow(/^Payment term Z: /);
        return;
      }
      const lines = dueSchedule(t, '2024-02-29', { grossMinor: gross, taxMinor: 0n });
      expect(lines.reduce((s, l) => s + l.amountMinor, 0n)).toBe(gross);
    }), { numRuns: 1000 });
  });

  it('percent-only schedules round each share once: every line is within a minor unit per line of its exact share', () => {
    fc.assert(fc.property(termArb, grossArb, (t, gross) => {
      if (t.instalments.length === 0 || t.instalments.some((r) => r.percent === null)) return;
      const lines = dueSchedule(t, '2025-01-31', { grossMinor: gross, taxMinor: 0n });
      t.instalments.forEach((r, i) => {
        const exact = gross * micro(r.percent!); // in units of 10^-8 minor
        const diff = lines[i]!.amountMinor * 100_000_000n - exact;
        const bound = i === t.instalments.length - 1 ? BigInt(t.instalments.length) * 50_000_000n : 50_000_000n;
        expect(diff <= bound && diff >= -bound).toBe(true);
      });
    }), { numRuns: 300 });
  });
});
