// Proves the intercompany editor's running totals: each company totals its own lines in its own base currency, its due line per currency mirrors the other company's, and the entry balances only when every currency nets to zero across both.
import { describe, expect, it } from 'vitest';
import { bucketText, isBalanced } from '../../journals/journal-totals';
import { buildIcJournalInput, buildIcTemplateInput, emptyIcLine, switchPartner, type IcGridLine } from '../intercompany-lines';
import { companyTotals, entryBalance, type PairCompany } from '../intercompany-totals';

const scales = { USD: 2, EUR: 2, JPY: 0 };
const HQ: PairCompany = { id: 'hq', code: 'HQ', baseCurrency: 'USD' };
const SUB: PairCompany = { id: 'sub', code: 'SUB', baseCurrency: 'EUR' };
const line = (company: string, patch: Partial<IcGridLine>): IcGridLine => ({ ...emptyIcLine(company, 'USD'), account: `${company}-acct`, ...patch });

describe('per-company totals', () => {
  it("totals each company's lines apart, in its own base currency", () => {
    const lines = [line('sub', { debit: '0.1' }), line('sub', { debit: '0.2' }), line('hq', { credit: '0.3' })];
    const [hq, sub] = companyTotals(lines, [HQ, SUB], scales);
    expect(hq!.lineCount).toBe(1);
    expect(bucketText(hq!.totals.buckets[0]!)).toEqual({ debit: '0.00', credit: '0.30', difference: '-0.30' });
    // SUB's base is EUR: its USD lines without a rate total in USD on their own.
    expect(sub!.totals.buckets.map((b) => [b.currency, b.base])).toEqual([['EUR', true], ['USD', false]]);
    expect(bucketText(sub!.totals.buckets[1]!)).toEqual({ debit: '0.30', credit: '0.00', difference: '0.30' });
    expect(isBalanced(hq!.totals)).toBe(false);
  });

  it('gives the company that paid a due-from line and the other a due-to line of the same amount, per currency', () => {
    const lines = [line('sub', { debit: '1000' }), line('hq', { credit: '1000' }), line('hq', { debit: '50', currency: 'EUR' }), line('sub', { credit: '50', currency: 'EUR' })];
    const [hq, sub] = companyTotals(lines, [HQ, SUB], scales);
    expect(hq!.due).toEqual([{ currency: 'EUR', side: 'Due to', amount: '50.00' }, { currency: 'USD', side: 'Due from', amount: '1000.00' }]);
    expect(sub!.due).toEqual([{ currency: 'EUR', side: 'Due from', amount: '50.00' }, { currency: 'USD', side: 'Due to', amount: '1000.00' }]);
    expect(hq!.partner.code).toBe('SUB');
  });

  it('needs no due line for a company whose own lines balance', () => {
    const [hq] = companyTotals([line('hq', { debit: '5' }), line('hq', { credit: '5' }), line('sub', { debit: '1' })], [HQ, SUB], scales);
    expect(hq!.due).toEqual([]);
  });

  it('leaves blank lines and unreadable amounts out', () => {
    const lines = [emptyIcLine('hq', 'USD'), line('hq', { debit: '1.005' }), line('hq', { credit: '2' })];
    const [hq] = companyTotals(lines, [HQ, SUB], scales);
    expect(hq!.lineCount).toBe(2);
    expect(hq!.totals.unreadable).toEqual([0]);
    expect(hq!.due).toEqual([{ currency: 'USD', side: 'Due from', amount: '2.00' }]);
  });
});

describe('the whole entry', () => {
  it('balances when every currency nets to zero across the two companies', () => {
    expect(entryBalance([line('sub', { debit: '0.1' }), line('sub', { debit: '0.2' }), line('hq', { credit: '0.3' })], scales)).toEqual([{ currency: 'USD', difference: '0.00', balanced: true }]);
    expect(entryBalance([line('sub', { debit: '100', currency: 'EUR' }), line('hq', { credit: '120' })], scales)).toEqual([
      { currency: 'EUR', difference: '100.00', balanced: false },
      { currency: 'USD', difference: '120.00', balanced: false },
    ]);
  });
});

describe('bodies', () => {
  it('sends each line with its company and the amounts as typed, blank lines left out', () => {
    const input = buildIcJournalInput(
      { partnerCompany: 'sub', journalDate: '2026-02-10', description: ' Rent ', reference: '', template: undefined },
      [line('sub', { debit: '1000.5', description: 'Feb' }), emptyIcLine('hq', 'USD'), line('hq', { credit: '1000.50', rate: '' })],
    );
    expect(input).toEqual({
      partnerCompany: 'sub', journalDate: '2026-02-10', description: 'Rent',
      lines: [{ company: 'sub', account: 'sub-acct', currency: 'USD', debit: '1000.5', description: 'Feb' }, { company: 'hq', account: 'hq-acct', currency: 'USD', credit: '1000.50' }],
    });
  });

  it('keeps a template line without amounts and drops its rate', () => {
    const input = buildIcTemplateInput({ code: ' RENT ', name: 'Rent', partnerCompany: 'sub', description: '' }, [line('sub', { rate: '1.1' }), line('hq', { credit: '5' })]);
    expect(input.lines).toEqual([{ company: 'sub', account: 'sub-acct', currency: 'USD' }, { company: 'hq', account: 'hq-acct', currency: 'USD', credit: '5' }]);
    expect(input.code).toBe('RENT');
  });

  it("moves the old partner's lines to the new partner, clearing their accounts", () => {
    const moved = switchPartner([line('sub', { debit: '1' }), line('hq', { credit: '1' })], 'sub', 'other');
    expect(moved.map((l) => [l.company, l.account])).toEqual([['other', null], ['hq', 'hq-acct']]);
  });
});
