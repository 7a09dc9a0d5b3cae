import { formatMoney, parseMoney, type ForecastBucketRow } from '@erp/contracts';

/*
 * The geometry of the forecast chart (plain SVG, no chart library): per bucket a receipts bar above
 * the zero line and a payments bar below it (an adjustment counts on its side), on the flows' own
 * scale around a middle zero line; the closing cash as a line on its own scale (the range of the
 * openings and closings, padded), so a small flow and a large balance both read.
 */
export type ChartBar = { x: number; width: number; y: number; height: number; kind: 'in' | 'out'; amount: number; index: number; /** The amount exactly, a decimal string (the label). */ text: string };
export type ChartGeometry = { width: number; height: number; zeroY: number; bars: ChartBar[]; line: string; points: { x: number; y: number }[] };

const inflow = (b: ForecastBucketRow) => Number(b.receipts) + Math.max(0, Number(b.adjustments));
const outflow = (b: ForecastBucketRow) => Number(b.payments) + Math.max(0, -Number(b.adjustments));

/** A flow and the adjustment on its side, added exactly (the bar's height may round; its label does not). */
function exactFlow(flow: string, adjustment: string, side: 1 | -1): string {
  const scale = Math.max(...[flow, adjustment].map((t) => t.split('.')[1]?.length ?? 0));
  const adjusted = parseMoney(adjustment, scale) * BigInt(side);
  return formatMoney(parseMoney(flow, scale) + (adjusted > 0n ? adjusted : 0n), scale);
}

export function chartGeometry(buckets: readonly ForecastBucketRow[], width = 1000, height = 240, pad = 8): ChartGeometry {
  const inner = height - 2 * pad;
  const zeroY = pad + inner / 2;
  const flowMax = Math.max(0, ...buckets.flatMap((b) => [inflow(b), outflow(b)])) || 1;
  const flowY = (v: number) => zeroY - (v / flowMax) * (inner / 2);
  const cash = buckets.flatMap((b) => [Number(b.opening), Number(b.closing)]);
  const low = Math.min(...cash, Infinity);
  const high = Math.max(...cash, -Infinity);
  const margin = (high - low) * 0.1 || Math.abs(high) * 0.1 || 1;
  const cashY = (v: number) => pad + ((high + margin - v) / (high - low + 2 * margin)) * inner;
  const slot = buckets.length > 0 ? (width - 2 * pad) / buckets.length : 0;
  const barWidth = Math.max(1, slot * 0.35);
  const bars: ChartBar[] = [];
  const points = buckets.map((b, index) => {
    const left = pad + index * slot;
    const up = inflow(b);
    const down = outflow(b);
    if (up > 0) bars.push({ x: left + slot * 0.12, width: barWidth, y: flowY(up), height: zeroY - flowY(up), kind: 'in', amount: up, index, text: exactFlow(b.receipts, b.adjustments, 1) });
    if (down > 0) bars.push({ x: left + slot * 0.12 + barWidth, width: barWidth, y: zeroY, height: flowY(-down) - zeroY, kind: 'out', amount: down, index, text: exactFlow(b.payments, b.adjustments, -1) });
    return { x: left + slot / 2, y: cashY(Number(b.closing)) };
  });
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return { width, height, zeroY, bars, line, points };
}

/** What the chart offers to click or focus, in reading order: per bucket its receipts bar, its payments bar (each if any) and its closing point. */
export type ChartTarget = { kind: 'in' | 'out'; index: number; bar: ChartBar } | { kind: 'closing'; index: number };

export function chartTargets(g: ChartGeometry): ChartTarget[] {
  const byBucket = new Map<number, ChartBar[]>();
  for (const bar of g.bars) byBucket.set(bar.index, [...(byBucket.get(bar.index) ?? []), bar]);
  return g.points.flatMap((_, index): ChartTarget[] => [...(byBucket.get(index) ?? []).map((bar) => ({ kind: bar.kind, index, bar })), { kind: 'closing', index }]);
}
