import type { ForecastBucketRow } from '@erp/contracts';

/*
 * The geometry of the forecast chart (plain SVG, no chart library): per bucket a receipts bar above
 * the zero line and a payments bar below it (adjustments count on their side), and the closing cash
 * as a line. One scale serves bars and line, so the picture reads in the currency's units.
 */
export type ChartBar = { x: number; width: number; y: number; height: number; kind: 'in' | 'out' };
export type ChartGeometry = { width: number; height: number; zeroY: number; bars: ChartBar[]; line: string; points: { x: number; y: number }[] };

const inflow = (b: ForecastBucketRow) => Number(b.receipts) + Math.max(0, Number(b.adjustments));
const outflow = (b: ForecastBucketRow) => Number(b.payments) + Math.max(0, -Number(b.adjustments));

export function chartGeometry(buckets: readonly ForecastBucketRow[], width = 720, height = 240, pad = 8): ChartGeometry {
  const values = buckets.flatMap((b) => [inflow(b), -outflow(b), Number(b.closing), Number(b.opening)]);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const y = (v: number) => pad + ((max - v) / span) * (height - 2 * pad);
  const slot = buckets.length > 0 ? (width - 2 * pad) / buckets.length : 0;
  const barWidth = Math.max(1, slot * 0.35);
  const zeroY = y(0);
  const bars: ChartBar[] = [];
  const points = buckets.map((b, i) => {
    const left = pad + i * slot;
    const up = inflow(b);
    const down = outflow(b);
    if (up > 0) bars.push({ x: left + slot * 0.12, width: barWidth, y: y(up), height: zeroY - y(up), kind: 'in' });
    if (down > 0) bars.push({ x: left + slot * 0.12 + barWidth, width: barWidth, y: zeroY, height: y(-down) - zeroY, kind: 'out' });
    return { x: left + slot / 2, y: y(Number(b.closing)) };
  });
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return { width, height, zeroY, bars, line, points };
}
