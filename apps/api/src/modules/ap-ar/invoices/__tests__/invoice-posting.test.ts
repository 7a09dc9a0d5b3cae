// The pure builder of an invoice's entry: textbook entries of a vendor and a customer invoice and of a
// credit note, a negative balancing instalment on the other side, and its invariants (instalments add up
// to the gross, tax only with a tax account), with a property that every entry balances and puts the
// gross on the control account.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { payablesFace, receivablesFace } from '@erp/contracts';
import { invoiceEntryLines, type PostingDocument } from '../invoice-posting';

const doc = (over: Partial<PostingDocument> = {}): PostingDocument => ({
  face: payablesFace, credit: false, controlAccountId: 'AP', partyId: 'V1', currency: 'USD', description: 'Supplies', dimensions: {},
  lines: [
    { lineNo: 1, accountId: 'RENT', description: null, netMinor: 10_000n, taxMinor: 2_000n, taxId: 'T20', taxAccountId: 'VAT', taxCode: 'VAT20', dimensions: {} },
    { lineNo: 2, accountId: 'RENT', description: 'Reduced', netMinor: 10_000n, taxMinor: 500n, taxId: 'T5', taxAccountId: 'VAT', taxCode: 'VAT5', dimensions: { DEPT: 'D1' } },
  ],
  instalments: [{ line: 1, amountMinor: 6_750n }, { line: 2, amountMinor: 15_750n }],
  ...over,
});
const brief = (lines: ReturnType<typeof invoiceEntryLines>) => lines.map((l) => [l.accountId, l.debitMinor, l.creditMinor, l.lineRef, l.party?.id ?? null]);

describe('invoiceEntryLines', () => {
  it('posts a vendor invoice: payables credited per instalment with the vendor, expense and input tax debited', () => {
    expect(brief(invoiceEntryLines(doc()))).toEqual([
      ['AP', 0n, 6_750n, 'instalment 1', 'V1'],
      ['AP', 0n, 15_750n, 'instalment 2', 'V1'],
      ['RENT', 10_000n, 0n, 'line 1', null],
      ['RENT', 10_000n, 0n, 'line 2', null],
      ['VAT', 2_000n, 0n, 'tax VAT20', null],
      ['VAT', 500n, 0n, 'tax VAT5', null],
    ]);
  });

  it('posts a customer invoice the other way, and a customer credit note back again', () => {
    const sale = doc({ face: receivablesFace, controlAccountId: 'AR', partyId: 'C1', instalments: [{ line: 1, amountMinor: 22_500n }] });
    expect(brief(invoiceEntryLines(sale)).slice(0, 2)).toEqual([['AR', 22_500n, 0n, 'instalment 1', 'C1'], ['RENT', 0n, 10_000n, 'line 1', null]]);
    expect(brief(invoiceEntryLines({ ...sale, credit: true })).slice(0, 2)).toEqual([['AR', 0n, 22_500n, 'instalment 1', 'C1'], ['RENT', 10_000n, 0n, 'line 1', null]]);
    expect(invoiceEntryLines(sale)[0]!.party).toEqual({ type: 'Customer', id: 'C1' });
  });

  it('puts a negative balancing instalment on the other side of the control account', () => {
    const lines = invoiceEntryLines(doc({ instalments: [{ line: 1, amountMinor: 25_000n }, { line: 2, amountMinor: -2_500n }] }));
    expect(brief(lines).slice(0, 2)).toEqual([['AP', 0n, 25_000n, 'instalment 1', 'V1'], ['AP', 2_500n, 0n, 'instalment 2', 'V1']]);
  });

  it('refuses instalments that do not add up to the gross, and tax without a tax account', () => {
    expect(() => invoiceEntryLines(doc({ instalments: [{ line: 1, amountMinor: 22_499n }] }))).toThrow(/instalments \(22499\) add up to the gross \(22500\)/);
    const noAccount = doc();
    noAccount.lines[0] = { ...noAccount.lines[0]!, taxAccountId: null };
    expect(() => invoiceEntryLines(noAccount)).toThrow(/line 1 has tax only with a tax code and its account/);
  });

  it('balances and puts the gross on the control account, for any lines and instalments (property)', () => {
    const line = fc.record({ net: fc.bigInt({ min: 0n, max: 10n ** 12n }), tax: fc.bigInt({ min: 0n, max: 10n ** 11n }), code: fc.constantFrom('A', 'B', 'C') });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.array(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), { maxLength: 4 }), fc.boolean(), fc.boolean(), (ls, splits, credit, sale) => {
        const gross = ls.reduce((s, l) => s + l.net + l.tax, 0n);
        const instalments = [...splits.map((a, i) => ({ line: i + 1, amountMinor: a })), { line: splits.length + 1, amountMinor: gross - splits.reduce((s, a) => s + a, 0n) }];
        const out = invoiceEntryLines(doc({
          face: sale ? receivablesFace : payablesFace, credit, instalments,
          lines: ls.map((l, i) => ({ lineNo: i + 1, accountId: 'X', description: null, netMinor: l.net, taxMinor: l.tax, taxId: `T${l.code}`, taxAccountId: 'VAT', taxCode: l.code, dimensions: {} })),
        }));
        expect(out.reduce((s, l) => s + l.debitMinor, 0n)).toBe(out.reduce((s, l) => s + l.creditMinor, 0n));
        expect(out.every((l) => (l.debitMinor === 0n) !== (l.creditMinor === 0n))).toBe(true);
        const control = out.filter((l) => l.party).reduce((s, l) => s + l.debitMinor - l.creditMinor, 0n);
        const onDebit = (sale ? 1n : -1n) * (credit ? -1n : 1n);
        expect(control).toBe(onDebit * gross);
      }),
    );
  });
});
