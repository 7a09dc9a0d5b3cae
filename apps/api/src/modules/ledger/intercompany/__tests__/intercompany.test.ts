// Proves the intercompany split: each company's leg balances on its own, due-from in one company mirrors due-to in the other, across currencies and rates, and each leg then posts through planEntry with its rounding.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseRate } from '@erp/contracts';
import { splitIntercompany, type IntercompanyLeg, type IntercompanyLine, type IntercompanySide } from '../intercompany';
import { planEntry, type PostingContext } from '../../posting/posting';
import type { EntryLine } from '../../posting/posting.service';

const scales = { USD: 2, EUR: 2, JPY: 0 };
const A: IntercompanySide = { companyId: 'A', baseCurrency: 'USD', dueFromAccountId: 'A-due-from', dueToAccountId: 'A-due-to', partnerLabel: 'B01' };
const B: IntercompanySide = { companyId: 'B', baseCurrency: 'USD', dueFromAccountId: 'B-due-from', dueToAccountId: 'B-due-to', partnerLabel: 'A01' };
const ONE = parseRate('1');

const line = (companyId: string, accountId: string, currency: string, signed: bigint, rate?: bigint): IntercompanyLine => ({
  companyId, accountId, currency, rate, debitMinor: signed > 0n ? signed : 0n, creditMinor: signed < 0n ? -signed : 0n, dimensions: {},
});
const split = (lines: IntercompanyLine[], own = A, partner = B) => {
  const legs = splitIntercompany(lines, own, partner, scales);
  if ('error' in legs) throw new Error(legs.error);
  return legs;
};
const due = (leg: IntercompanyLeg) => leg.lines.slice(leg.lines.length - leg.dueLineCount).map((l) => [l.accountId, l.currency, l.debitMinor, l.creditMinor, l.rate]);
const netOf = (lines: EntryLine[], currency: string) => lines.filter((l) => l.currency === currency).reduce((s, l) => s + l.debitMinor - l.creditMinor, 0n);

/** Posts a leg as the engine would: rates filled in for the lines that have none. */
function post(leg: IntercompanyLeg, side: IntercompanySide, spot: Record<string, bigint>) {
  const ctx: PostingContext = { baseCurrency: side.baseCurrency, scales, roundingAccountId: `${side.companyId}-rounding`, exchangeAccountId: `${side.companyId}-exchange`, emptyDimensionSetId: 'none' };
  const lines = leg.lines.map((l) => ({ ...l, rate: l.currency === side.baseCurrency ? ONE : (l.rate ?? spot[l.currency]!), dimensionSetId: 'none' }));
  const plan = planEntry(lines, ctx);
  if ('error' in plan) throw new Error(plan.error);
  return plan;
}
const baseNet = (lines: { baseDebitMinor: bigint; baseCreditMinor: bigint }[]) => lines.reduce((s, l) => s + l.baseDebitMinor - l.baseCreditMinor, 0n);

describe('splitIntercompany', () => {
  it('books a payment made for the partner as due-from in the payer and due-to in the partner', () => {
    // A pays B's rent from its bank.
    const [a, b] = split([line('B', 'rent', 'USD', 10000n), line('A', 'bank', 'USD', -10000n)]);
    expect(a.lines.map((l) => [l.accountId, l.debitMinor, l.creditMinor])).toEqual([['bank', 0n, 10000n], ['A-due-from', 10000n, 0n]]);
    expect(b.lines.map((l) => [l.accountId, l.debitMinor, l.creditMinor])).toEqual([['rent', 10000n, 0n], ['B-due-to', 0n, 10000n]]);
    expect(a.lines[1]!.description).toBe('Due from B01');
    expect(b.lines[1]!.description).toBe('Due to A01');
    expect(post(a, A, {}).totalBaseMinor).toBe(10000n);
    expect(post(b, B, {}).totalBaseMinor).toBe(10000n);
  });

  it('keeps the entered lines in order and adds nothing to a company whose own lines already balance', () => {
    const [a, b] = split([line('A', 'cash', 'USD', 500n), line('A', 'sales', 'USD', -500n), line('B', 'rent', 'USD', 700n), line('A', 'bank', 'USD', -700n)]);
    expect(a.lines.map((l) => l.accountId)).toEqual(['cash', 'sales', 'bank', 'A-due-from']);
    expect(b.dueLineCount).toBe(1);
  });

  it('mirrors the due lines per currency when the entry spans currencies, whatever each company\'s base', () => {
    const eurBase: IntercompanySide = { ...B, baseCurrency: 'EUR' };
    // A pays EUR 300 for B and B pays USD 50 for A.
    const lines = [line('B', 'services', 'EUR', 30000n), line('A', 'bank-eur', 'EUR', -30000n), line('A', 'fees', 'USD', 5000n), line('B', 'bank-usd', 'USD', -5000n)];
    const [a, b] = split(lines, A, eurBase);
    expect(due(a)).toEqual([['A-due-from', 'EUR', 30000n, 0n, undefined], ['A-due-to', 'USD', 0n, 5000n, undefined]]);
    expect(due(b)).toEqual([['B-due-to', 'EUR', 0n, 30000n, undefined], ['B-due-from', 'USD', 5000n, 0n, undefined]]);
    for (const currency of ['EUR', 'USD']) {
      expect(netOf(a.lines, currency)).toBe(0n);
      expect(netOf(b.lines, currency)).toBe(0n);
    }
    // Each leg posts in its own base: A converts EUR to USD, B converts USD to EUR.
    const postedA = post(a, A, { EUR: parseRate('1.1') });
    const postedB = post(b, eurBase, { USD: parseRate('0.9') });
    expect(baseNet(postedA.lines)).toBe(0n);
    expect(baseNet(postedB.lines)).toBe(0n);
    expect(postedA.lines.filter((l) => l.generated)).toEqual([]);
  });

  it('closes each rate group of a currency on the same due account, so the leg balances in base too', () => {
    const r1 = parseRate('1.1');
    const r2 = parseRate('1.25');
    const [a, b] = split([line('A', 'bank', 'EUR', -6000n, r1), line('A', 'cash', 'EUR', 1000n, r2), line('B', 'rent', 'EUR', 5000n, r1)]);
    // A is owed EUR 50 net: both its due lines go to due-from, one per rate.
    expect(due(a)).toEqual([['A-due-from', 'EUR', 6000n, 0n, r1], ['A-due-from', 'EUR', 0n, 1000n, r2]]);
    expect(due(b)).toEqual([['B-due-to', 'EUR', 0n, 5000n, r1]]);
    const posted = post(a, A, {});
    expect(posted.lines.filter((l) => l.generated)).toEqual([]);
  });

  it('leaves per-line rounding to the engine: each company gets its own rounding line and the due lines stay equal in base', () => {
    const rate = parseRate('1.005');
    // A pays EUR 100.00 split into thirds over B's three cost centres: 33.50 + 33.50 + 33.51 in base is a cent more than 100.50.
    const lines = [line('A', 'bank', 'EUR', -10000n, rate), line('B', 'cost-1', 'EUR', 3333n, rate), line('B', 'cost-2', 'EUR', 3333n, rate), line('B', 'cost-3', 'EUR', 3334n, rate)];
    const [a, b] = split(lines);
    const postedA = post(a, A, {});
    const postedB = post(b, B, {});
    const baseOf = (p: typeof postedA, account: string) => baseNet(p.lines.filter((l) => l.accountId === account));
    expect(baseOf(postedA, 'A-due-from')).toBe(10050n);
    expect(baseOf(postedB, 'B-due-to')).toBe(-10050n);
    expect(postedA.lines.filter((l) => l.generated)).toEqual([]);
    expect(postedB.lines.filter((l) => l.generated).map((l) => [l.accountId, l.baseDebitMinor, l.baseCreditMinor])).toEqual([['B-rounding', 0n, 1n]]);
    expect(baseNet(postedB.lines)).toBe(0n);
  });

  it.each([
    ['an entry that does not balance in a currency', [line('A', 'bank', 'USD', -10000n), line('B', 'rent', 'USD', 9999n)], 'The USD lines do not balance across the two companies: debits and credits differ by 0.01 USD'],
    ['lines in one company only', [line('A', 'bank', 'USD', -100n), line('A', 'cash', 'USD', 100n)], 'An intercompany journal needs lines in both companies'],
    ['a line of a third company', [line('A', 'bank', 'USD', -100n), line('C', 'rent', 'USD', 100n)], 'Line 2: the company is neither this company nor the partner'],
    ['a cross-currency entry', [line('A', 'bank', 'EUR', -100n), line('B', 'rent', 'USD', 110n)], 'The EUR lines do not balance across the two companies: debits and credits differ by 1.00 EUR'],
  ])('refuses %s', (_, lines, message) => {
    expect(splitIntercompany(lines, A, B, scales)).toEqual({ error: message });
  });

  it('refuses the company itself as partner', () => {
    expect(splitIntercompany([line('A', 'x', 'USD', 1n), line('A', 'y', 'USD', -1n)], A, { ...B, companyId: 'A' }, scales)).toEqual({ error: 'The partner company must be another company' });
  });

  it('always yields two legs that balance per currency, mirror each other and post (property)', () => {
    const currencies = ['USD', 'EUR', 'JPY'] as const;
    const rates = [undefined, parseRate('1.1'), parseRate('0.0071'), parseRate('1.23456')];
    // One rate per company and currency: lines of a currency at mixed rates are refused by the engine whatever the split.
    const arbRates = fc.record({ A: fc.array(fc.constantFrom(...rates), { minLength: 3, maxLength: 3 }), B: fc.array(fc.constantFrom(...rates), { minLength: 3, maxLength: 3 }) });
    const arbLine = fc.record({ company: fc.constantFrom('A' as const, 'B' as const), currency: fc.integer({ min: 0, max: 2 }), amount: fc.bigInt({ min: 1n, max: 10_000_000n }), debit: fc.boolean() });
    fc.assert(
      fc.property(arbRates, fc.array(arbLine, { minLength: 1, maxLength: 12 }), (rateOf, drafts) => {
        const lines = drafts.map((d, i) => line(d.company, `acct-${i}`, currencies[d.currency]!, d.debit ? d.amount : -d.amount, rateOf[d.company][d.currency]));
        // Close every currency in B, so the whole entry balances.
        currencies.forEach((currency, c) => {
          const rest = netOf(lines, currency);
          if (rest !== 0n) lines.push(line('B', `close-${currency}`, currency, -rest, rateOf.B[c]));
        });
        if (!lines.some((l) => l.companyId === 'A')) lines.push(line('A', 'a-x', 'USD', 1n), line('A', 'a-y', 'USD', -1n));
        if (!lines.some((l) => l.companyId === 'B')) lines.push(line('B', 'b-x', 'USD', 1n), line('B', 'b-y', 'USD', -1n));
        const [a, b] = split(lines);
        expect(a.lines.length + b.lines.length).toBe(lines.length + a.dueLineCount + b.dueLineCount);
        for (const currency of currencies) {
          expect(netOf(a.lines, currency)).toBe(0n);
          const dueA = netOf(a.lines.slice(a.lines.length - a.dueLineCount), currency);
          const dueB = netOf(b.lines.slice(b.lines.length - b.dueLineCount), currency);
          expect(dueA).toBe(-dueB);
        }
        const spot = { EUR: parseRate('1.1'), JPY: parseRate('0.0071') };
        expect(baseNet(post(a, A, spot).lines)).toBe(0n);
        expect(baseNet(post(b, B, spot).lines)).toBe(0n);
      }),
      { numRuns: 300 },
    );
  });
});
