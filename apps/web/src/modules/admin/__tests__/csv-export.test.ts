// Proves CSV export writes RFC 4180 fields (quotes, commas, line breaks) and defuses spreadsheet formulas.
import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv, type CsvColumn } from '../csv-export';

describe('csvField', () => {
  it('leaves plain text and numbers alone and writes nothing for a missing value', () => {
    expect(csvField('Ann Smith')).toBe('Ann Smith');
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvField('Smith, Ann')).toBe('"Smith, Ann"');
    expect(csvField('The "best" one')).toBe('"The ""best"" one"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField('"')).toBe('""""');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });
});

describe('toCsv', () => {
  type Row = { name: string; note: string | null; amount: number };
  const columns: CsvColumn<Row>[] = [
    { title: 'Name', value: (row) => row.name },
    { title: 'Note, if any', value: (row) => row.note },
    { title: 'Amount', value: (row) => row.amount },
  ];

  it('writes a header and one CRLF-terminated line per row', () => {
    const csv = toCsv(columns, [
      { name: 'Ann', note: null, amount: 10 },
      { name: 'Bob "B"', note: 'a,b', amount: 2.5 },
    ]);
    expect(csv).toBe('Name,"Note, if any",Amount\r\nAnn,,10\r\n"Bob ""B""","a,b",2.5\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(columns, [])).toBe('Name,"Note, if any",Amount\r\n');
  });
});

describe('csvFileName', () => {
  it('names the file after the list and the day', () => {
    expect(csvFileName('Users list', new Date(2025, 0, 31))).toBe('users-list-2025-01-31.csv');
    expect(csvFileName('  ', new Date(2025, 11, 1))).toBe('export-2025-12-01.csv');
  });
});
