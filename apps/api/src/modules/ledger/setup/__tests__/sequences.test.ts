// Proves the number template the posting statement renders in SQL: prefix + zero-padded counter + suffix equals formatNumber for every counter, and no template is made without exactly one Counter segment.
import { describe, expect, it } from 'vitest';
import { formatNumber, numberTemplate, type Segment } from '../sequences';

const seg = (position: number, type: Segment['type'], value: string | null = null, width: number | null = null): Segment => ({ position, type, value, width });
/** What the SQL does with the template: repeat('0', greatest(width - length(n), 0)) || n, between prefix and suffix. */
const render = (t: { prefix: string; width: number; suffix: string }, n: number) => `${t.prefix}${'0'.repeat(Math.max(t.width - String(n).length, 0))}${n}${t.suffix}`;

describe('number template', () => {
  const shapes: Segment[][] = [
    [seg(1, 'Prefix', 'JV'), seg(2, 'Year', null, 4), seg(3, 'Text', '-'), seg(4, 'Counter', null, 6)],
    [seg(4, 'Counter', null, 3), seg(1, 'Company'), seg(2, 'Period', null, 2), seg(3, 'Text', '/')],
    [seg(1, 'Year', null, 2), seg(2, 'Counter', null, null), seg(3, 'Text', '-END')],
    [seg(1, 'Counter', null, 1)],
  ];
  it('renders what formatNumber renders, counters wider than the width included', () => {
    const ctx = { date: '2026-03-15', companyCode: 'ACME' };
    for (const segments of shapes) {
      const t = numberTemplate(segments, ctx);
      expect(t, JSON.stringify(segments)).toBeDefined();
      for (const n of [1, 9, 42, 999, 1000, 123_456, 10_000_000]) expect(render(t!, n)).toBe(formatNumber(segments, n, ctx));
    }
  });

  it('makes no template without exactly one Counter segment', () => {
    expect(numberTemplate([seg(1, 'Prefix', 'JV')], { date: '2026-01-01', companyCode: 'A' })).toBeUndefined();
    expect(numberTemplate([seg(1, 'Counter', null, 2), seg(2, 'Counter', null, 2)], { date: '2026-01-01', companyCode: 'A' })).toBeUndefined();
  });
});
