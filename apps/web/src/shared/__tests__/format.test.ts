// Proves the display helpers follow SPEC.md sections 5 and 9 (defaults, edges, date forms).
import { describe, expect, it } from 'vitest';
import {
  clamp,
  formatDateLabel,
  formatNumber,
  joinTreePath,
  parseIsoDate,
  parseUrlDate,
  relativeDayLabel,
  splitTreePath,
  toIsoDate,
  toUrlDate,
  truncate,
} from '../format';

describe('clamp', () => {
  it('defaults to 0..999', () => {
    expect(clamp(-5)).toBe(0);
    expect(clamp(1500)).toBe(999);
    expect(clamp(42)).toBe(42);
    expect(clamp(Number.NaN)).toBe(0);
  });
  it('takes a custom range', () => {
    expect(clamp(15, 1, 12)).toBe(12);
    expect(clamp(0, 1, 12)).toBe(1);
  });
});

describe('truncate', () => {
  it('cuts after 10 characters by default and appends an ellipsis', () => {
    expect(truncate('Accounts receivable')).toBe('Accounts r…');
    expect(truncate('0123456789')).toBe('0123456789');
    expect(truncate('')).toBe('');
  });
  it('takes a custom length and does not split surrogate pairs', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
  });
});

describe('formatNumber', () => {
  it('shows 2 decimals in the given locale', () => {
    expect(formatNumber(1234.5, 2, 'en-US')).toBe('1,234.50');
    expect(formatNumber(1234.5, 2, 'de-DE')).toBe('1.234,50');
    expect(formatNumber(0.005, 2, 'en-US')).toBe('0.01');
  });
  it('uses the default of 2 decimals and the browser locale', () => {
    expect(formatNumber(3)).toMatch(/^3[.,]00$/);
  });
});

describe('tree separator', () => {
  it('joins and splits on a tilde', () => {
    expect(joinTreePath(['Assets', 'Current', 'Cash'])).toBe('Assets~Current~Cash');
    expect(splitTreePath('Assets~Current')).toEqual(['Assets', 'Current']);
    expect(splitTreePath('')).toEqual([]);
  });
});

describe('ISO and URL dates', () => {
  it('writes the local date only', () => {
    expect(toIsoDate(new Date(2024, 1, 29, 23, 59))).toBe('2024-02-29');
    expect(toIsoDate(new Date(5, 0, 1))).toMatch(/-01-01$/);
  });
  it('reads ISO dates and refuses impossible ones', () => {
    expect(parseIsoDate('2024-02-29')?.getDate()).toBe(29);
    expect(parseIsoDate('2023-02-29')).toBeUndefined();
    expect(parseIsoDate('2024-03-05T10:00:00Z')?.getMonth()).toBe(2);
    expect(parseIsoDate('nope')).toBeUndefined();
  });
  it('uses month-day-year in URLs and round-trips', () => {
    const date = new Date(2025, 11, 31);
    expect(toUrlDate(date)).toBe('12-31-2025');
    expect(parseUrlDate('12-31-2025')?.getTime()).toBe(date.getTime());
    expect(parseUrlDate('31-12-2025')).toBeUndefined();
  });
  it('formats a company date label, defaulting to dd/mm/yy', () => {
    expect(formatDateLabel('2025-03-07')).toBe('07/03/25');
    expect(formatDateLabel('2025-03-07', 'mm/dd/yyyy')).toBe('03/07/2025');
    expect(formatDateLabel('2025-03-07', 'yyyy-mm-dd')).toBe('2025-03-07');
    expect(formatDateLabel('2025-03-07', 'dd.mm.yyyy')).toBe('07.03.2025');
    expect(formatDateLabel('garbage')).toBe('');
  });
});

describe('relativeDayLabel', () => {
  const today = new Date(2025, 5, 11, 15, 30); // Wednesday 11 June 2025
  const day = (offset: number) => new Date(2025, 5, 11 + offset, 8);
  it('names today, yesterday and tomorrow', () => {
    expect(relativeDayLabel(day(0), today)).toBe('Today');
    expect(relativeDayLabel(day(-1), today)).toBe('Yesterday');
    expect(relativeDayLabel(day(1), today)).toBe('Tomorrow');
  });
  it('names the weekday within the next 6 days', () => {
    expect(relativeDayLabel(day(2), today)).toBe('Friday');
    expect(relativeDayLabel(day(6), today)).toBe('Tuesday');
  });
  it('gives month and day beyond that, and in the past', () => {
    expect(relativeDayLabel(day(7), today)).toBe('June 18');
    expect(relativeDayLabel(day(-2), today)).toBe('June 9');
  });
  it('adds the year when a year or more apart', () => {
    expect(relativeDayLabel(new Date(2024, 5, 11), today)).toBe('June 11, 2024');
    expect(relativeDayLabel(new Date(2024, 5, 12), today)).toBe('June 12');
    expect(relativeDayLabel(new Date(2026, 5, 11), today)).toBe('June 11, 2026');
  });
});
