// Proves the one CSV reader shared by the import (server) and its preview (browser), and the header-to-field rule of both.
import { describe, expect, it } from 'vitest';
import { accountEntity, fieldOfHeader, readCsv } from '../../index';

describe('readCsv', () => {
  it('reads quotes, doubled quotes, CRLF and LF, a BOM, and drops blank lines', () => {
    expect(readCsv('\uFEFFa , b\r\n"x, ""y""",2\n\n3,\n')).toEqual({ headers: ['a', 'b'], rows: [['x, "y"', '2'], ['3', '']], unterminated: false });
  });

  it('tells when the text ends inside quotes, and gives no header for empty text', () => {
    expect(readCsv('a,b\n"open,1').unterminated).toBe(true);
    expect(readCsv('\n\n')).toEqual({ headers: [], rows: [], unterminated: false });
  });
});

describe('fieldOfHeader', () => {
  it('finds a field by label or name, ignoring case and spaces; nothing for unknown or blank headers', () => {
    expect(fieldOfHeader(accountEntity, ' account group ')).toBe('accountGroup');
    expect(fieldOfHeader(accountEntity, 'ACCOUNTGROUP')).toBe('accountGroup');
    expect(fieldOfHeader(accountEntity, 'Colour')).toBeUndefined();
    expect(fieldOfHeader(accountEntity, '  ')).toBeUndefined();
  });
});
