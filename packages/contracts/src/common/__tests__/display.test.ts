// Proves the one set of display rules: dates in the company's format label, timestamps on the day they fell in the zone, amounts in the company's locale with two decimals, never through a float.
import { describe, expect, it } from 'vitest';
import { datePattern, displayAmount, displayCount, displayDate, displayDateTime, displayDayOf, formatDateLabel, safeLocale } from '../display';

const gb = { dateFormat: 'dd/mm/yy', locale: 'en-GB', timeZone: 'UTC' };
const us = { dateFormat: 'mm/dd/yyyy', locale: 'en-US', timeZone: 'UTC' };
const de = { dateFormat: 'dd.mm.yyyy', locale: 'de-DE', timeZone: 'UTC' };

describe('dates', () => {
  it('writes an ISO date in each format label, and nothing for a date that does not exist', () => {
    expect(['dd/mm/yy', 'dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd.mm.yyyy'].map((label) => formatDateLabel('2026-11-05', label))).toEqual(['05/11/26', '05/11/2026', '11/05/2026', '2026-11-05', '05.11.2026']);
    expect(formatDateLabel('2026-02-30', 'dd/mm/yy')).toBe('');
    expect(formatDateLabel('2024-02-29T23:00:00Z', 'dd/mm/yyyy')).toBe('29/02/2024');
    expect(displayDate('2026-11-25', us)).toBe('11/25/2026');
    expect(displayDate(null, us)).toBe('');
    expect(displayDate('not a date', us)).toBe('not a date');
  });

  it('reads a timestamp on the day it fell in the zone, then the time of day in the locale', () => {
    expect(displayDateTime('2026-11-25T23:30:00Z', gb)).toBe('25/11/26 23:30');
    expect(displayDateTime('2026-11-25T23:30:00Z', { ...gb, timeZone: 'Asia/Tokyo' })).toBe('26/11/26 08:30');
    expect(displayDateTime('2026-11-25T11:29:27Z', us)).toBe('11/25/2026 11:29 AM');
    expect(displayDateTime('2026-11-25T11:29:27Z', de)).toBe('25.11.2026 11:29');
    expect(displayDayOf('2026-11-25T23:30:00Z', { ...gb, timeZone: 'America/New_York' })).toBe('25/11/26');
    expect(displayDateTime('', gb)).toBe('');
  });

  it('gives date pickers the same pattern', () => {
    expect(datePattern('dd.mm.yyyy')).toBe('DD.MM.YYYY');
  });
});

describe('amounts', () => {
  it('groups and separates in the locale, two decimals at least, exact digits', () => {
    expect(displayAmount('1234567.5', gb)).toBe('1,234,567.50');
    expect(displayAmount('1234567.5', de)).toBe('1.234.567,50');
    expect(displayAmount('-0.1', { locale: 'fr-FR' })).toBe('-0,10');
    expect(displayAmount('123456789012345.67', gb)).toBe('123,456,789,012,345.67');
    expect(displayAmount('1.125', gb)).toBe('1.125');
    expect(displayAmount(12, gb)).toBe('12.00');
    expect(displayAmount('abc', gb)).toBe('abc');
    expect(displayCount(1234, de)).toBe('1.234');
  });

  it('falls back to a known locale when the stored one is not one', () => {
    expect(safeLocale('not a locale!')).toBe('en-US');
    expect(displayAmount('1', { locale: 'not a locale!' })).toBe('1.00');
  });
});
