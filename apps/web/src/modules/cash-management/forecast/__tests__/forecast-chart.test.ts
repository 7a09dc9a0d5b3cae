// The forecast chart's geometry: receipts rise from the zero line and payments fall below it (an
// adjustment on its own side), the closing line passes through each bucket's closing on one scale,
// and the request carries only the settings that are set.
import { describe, expect, it } from 'vitest';
import type { ForecastBucketRow } from '@erp/contracts';
import { chartGeometry } from '../forecast-chart';
import { forecastParams } from '../forecast-api';

const row = (index: number, opening: string, receipts: string, payments: string, adjustments: string, closing: string): ForecastBucketRow => ({ index, from: '2026-03-02', to: '2026-03-08', opening, receipts, payments, adjustments, closing });

describe('forecast chart', () => {
  it('draws receipts up and payments down on the flows\' scale, the closing on the cash scale', () => {
    // Height 216, pad 8: the zero line at 108, the largest flow (200) reaches 100 px from it.
    const g = chartGeometry([row(0, '100', '200', '0', '0', '300'), row(1, '300', '0', '100', '0', '200'), row(2, '200', '0', '0', '-50', '150')], 300, 216, 8);
    expect(g.zeroY).toBe(108);
    expect(g.bars.map((b) => [b.kind, b.index, Math.round(b.height)])).toEqual([['in', 0, 100], ['out', 1, 50], ['out', 2, 25]]);
    // Cash from 100 to 300, padded by 20 each side: 240 units over 200 px.
    expect(g.points.map((p) => Math.round(p.y))).toEqual([25, 108, 150]);
    expect(g.line.startsWith('M')).toBe(true);
    expect(g.line.split('L')).toHaveLength(3);
  });

  it('draws nothing but the zero line for no buckets', () => {
    const g = chartGeometry([]);
    expect(g.bars).toEqual([]);
    expect(g.line).toBe('');
  });

  it('sends only the settings that are set', () => {
    expect(forecastParams({ scope: 'Bank', bank: 'b1', granularity: 'Month', periods: 6, startDate: undefined, bankGroup: undefined })).toBe('scope=Bank&bank=b1&granularity=Month&periods=6');
    expect(forecastParams({ forecast: 'f1', startDate: '2026-03-02' })).toBe('forecast=f1&startDate=2026-03-02');
  });
});
