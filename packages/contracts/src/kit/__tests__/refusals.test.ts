// Proves the one reading of where a refusal points, shared by the server (which writes the places) and the document editor (which marks them).
import { describe, expect, it } from 'vitest';
import { fieldRefusal, lineRefusal, parseRefusal, refusalPath, renumberRefusal } from '../../index';

describe('refusals', () => {
  it('reads a validation path of a line (counted from 0) as the line the user counts (from 1) and its field', () => {
    expect(parseRefusal('lines[2].debit: Please supply an amount')).toEqual({ message: 'lines[2].debit: Please supply an amount', text: 'Please supply an amount', line: 3, lineField: 'debit' });
    expect(parseRefusal('lines[0]: A line has a debit or a credit, not both')).toMatchObject({ line: 1, text: 'A line has a debit or a credit, not both' });
    expect(parseRefusal('lines[4].dimensions.CC: unknown').lineField).toBe('dimensions');
  });

  it('reads a business rule of a line, already counted from 1', () => {
    expect(parseRefusal('Line 3: the account 1100 is a control account')).toEqual({ message: 'Line 3: the account 1100 is a control account', text: 'the account 1100 is a control account', line: 3 });
  });

  it('reads a header field, and leaves a message with no place alone', () => {
    expect(parseRefusal('journalDate: Invalid date')).toEqual({ message: 'journalDate: Invalid date', text: 'Invalid date', field: 'journalDate' });
    expect(parseRefusal('The period 2026-03 is closed')).toEqual({ message: 'The period 2026-03 is closed', text: 'The period 2026-03 is closed' });
    expect(parseRefusal('Debits and credits differ: 0.01 USD')).toEqual({ message: 'Debits and credits differ: 0.01 USD', text: 'Debits and credits differ: 0.01 USD' });
    // An array that is not the lines has no line of the grid to mark.
    expect(parseRefusal('tags[1]: too long')).toEqual({ message: 'tags[1]: too long', text: 'tags[1]: too long' });
  });

  it('reads what the server writes', () => {
    expect(parseRefusal(fieldRefusal(refusalPath('/lines/2/credit'), 'Too many decimals'))).toMatchObject({ line: 3, lineField: 'credit', text: 'Too many decimals' });
    expect(parseRefusal(fieldRefusal(refusalPath('/description'), 'Please supply a description'))).toMatchObject({ field: 'description' });
    expect(parseRefusal(lineRefusal(7, 'the period is closed'))).toMatchObject({ line: 7 });
    expect(fieldRefusal('', 'invalid input')).toBe('invalid input');
  });

  it('renumbers a line refusal to the grid line the user sees (blank lines are not sent)', () => {
    expect(renumberRefusal(parseRefusal('Line 2: no account'), [1, 3, 4])).toMatchObject({ line: 3, message: 'Line 3: no account' });
    expect(renumberRefusal(parseRefusal('lines[1].debit: bad'), [1, 3])).toMatchObject({ line: 3, lineField: 'debit', message: 'Line 3: bad' });
    expect(renumberRefusal(parseRefusal('journalDate: bad'), [1, 3])).toMatchObject({ field: 'journalDate', message: 'journalDate: bad' });
  });
});
