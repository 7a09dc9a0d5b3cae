// Proves the request body built from the grid (amounts exactly as typed, blank lines and empty cells left out, line numbers mapped back) and the posting keys.
import { describe, expect, it } from 'vitest';
import type { JournalView } from '@erp/contracts';
import { buildJournalInput, emptyLine, linesFromView, renumberLineMessage, sentLineNumbers, type GridLine, type JournalHeader } from '../journal-lines';
import { journalProblems } from '../journal-checks';
import { amountPatch } from '../line-grid-state';
import { keyKeeper } from '../idempotency-key';

const A = '20000000-0000-4000-8000-000000006100';
const B = '20000000-0000-4000-8000-000000001010';
const header: JournalHeader = { kind: 'Standard', journalDate: '2026-03-15', description: ' Office rent ', reference: '' };
const line = (patch: Partial<GridLine>): GridLine => ({ ...emptyLine('USD'), ...patch });

describe('journal body from the grid', () => {
  it('keeps the typed amounts as exact strings and leaves out empty cells and blank lines', () => {
    const lines = [
      line({ account: A, description: ' Rent ', debit: '0.10', dimensions: { DEPT: 'SALES' } }),
      line({}),
      line({ account: B, currency: 'eur', rate: '1.0825', credit: '1000.5', debit: '0.00' }),
    ];
    expect(buildJournalInput(header, lines)).toEqual({
      kind: 'Standard',
      journalDate: '2026-03-15',
      description: 'Office rent',
      lines: [
        { account: A, description: 'Rent', currency: 'USD', debit: '0.10', dimensions: { DEPT: 'SALES' } },
        { account: B, currency: 'EUR', rate: '1.0825', credit: '1000.5' },
      ],
    });
  });

  it('sends the reference when there is one', () => {
    expect(buildJournalInput({ ...header, reference: ' INV-7 ' }, []).reference).toBe('INV-7');
  });

  it('renumbers a server message about a body line to the grid line', () => {
    const lines = [line({ account: A, debit: '1' }), line({}), line({ account: B, credit: '1' })];
    expect(sentLineNumbers(lines)).toEqual([1, 3]);
    expect(renumberLineMessage('Line 2: account 1000 is a header account', [1, 3])).toBe('Line 3: account 1000 is a header account');
    expect(renumberLineMessage('The journal does not balance', [1, 3])).toBe('The journal does not balance');
  });

  it('clears the other side when one side is typed', () => {
    expect(amountPatch('debit', '5')).toEqual({ debit: '5', credit: '' });
    expect(amountPatch('credit', '')).toEqual({ credit: '' });
  });

  it('reads a saved draft back into grid lines, zero sides empty', () => {
    const view = {
      lines: [{ lineNo: 1, account: A, accountCode: '6100', accountName: 'Rent', description: null, currency: 'USD', rate: '', debit: '4.20', credit: '0.00', baseDebit: '', baseCredit: '', dimensions: {}, tax: null, generated: null }],
    } as unknown as JournalView;
    expect(linesFromView(view)).toMatchObject([{ account: A, accountLabel: '6100 · Rent', debit: '4.20', credit: '', rate: '' }]);
  });

  it('names what stops a journal being sent, in the contract’s words, each with its place (field or line)', () => {
    const problems = journalProblems({ ...header, description: '' }, [line({ account: A, debit: '1', credit: '2' }), line({ debit: '1.234' })], { USD: 2 });
    expect(problems).toEqual([
      'description: Please supply a description',
      'Line 1: A line has a debit or a credit, not both',
      'Line 2: Please choose an account',
    ]);
  });
});

describe('idempotency keys', () => {
  it('sends the same key for the same body and a new one once the body changes', () => {
    const keys = keyKeeper();
    const first = keys.keyFor('{"lines":1}');
    expect(keys.keyFor('{"lines":1}')).toBe(first);
    expect(keys.keyFor('{"lines":2}')).not.toBe(first);
    expect(first).toMatch(/^[\w.:-]{1,200}$/);
  });
});
