import type { ForecastCurrency } from '@erp/contracts';
import { chartGeometry } from './forecast-chart';

/** Receipts (green, up), payments (red, down) per bucket and the closing cash (line), in plain SVG; loaded lazily with the screen's result. */
export default function ForecastChart({ currency, label }: { currency: ForecastCurrency; label: (index: number) => string }) {
  const g = chartGeometry(currency.buckets);
  return (
    <svg role="img" aria-label={`Cash-flow chart ${currency.currency}`} viewBox={`0 0 ${g.width} ${g.height}`} style={{ width: '100%', maxHeight: 260 }}>
      <line x1={0} x2={g.width} y1={g.zeroY} y2={g.zeroY} stroke="#bfbfbf" strokeWidth={1} />
      {g.bars.map((b, i) => (
        <rect key={i} x={b.x} y={b.y} width={b.width} height={Math.max(0, b.height)} fill={b.kind === 'in' ? '#52c41a' : '#ff4d4f'} opacity={0.8} />
      ))}
      <path d={g.line} fill="none" stroke="#1677ff" strokeWidth={2} />
      {g.points.map((p, i) => (
        <circle key={i} cx={p.x} cy={p.y} r={3} fill="#1677ff">
          <title>{`${label(i)}: closing ${currency.buckets[i]?.closing ?? ''}`}</title>
        </circle>
      ))}
    </svg>
  );
}
