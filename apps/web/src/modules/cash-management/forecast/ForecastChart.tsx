import { Flex, Typography } from 'antd';
import type { ForecastCurrency } from '@erp/contracts';
import { useDisplay } from '../../../shared/useDisplay';
import { chartGeometry } from './forecast-chart';

const IN = '#52c41a';
const OUT = '#ff4d4f';
const CASH = '#1677ff';

/** Receipts (up) and payments (down) per bucket and the closing cash (line), in plain SVG; loaded lazily with the screen's result. */
export default function ForecastChart({ currency, label }: { currency: ForecastCurrency; label: (index: number) => string }) {
  const display = useDisplay();
  const g = chartGeometry(currency.buckets);
  return (
    <>
      <svg role="img" aria-label={`Cash-flow chart ${currency.currency}`} viewBox={`0 0 ${g.width} ${g.height}`} preserveAspectRatio="none" style={{ width: '100%', height: 220, display: 'block' }}>
        <line x1={0} x2={g.width} y1={g.zeroY} y2={g.zeroY} stroke="#bfbfbf" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {g.bars.map((b) => (
          <rect key={`${b.kind}-${b.index}`} x={b.x} y={b.y} width={b.width} height={Math.max(0, b.height)} fill={b.kind === 'in' ? IN : OUT} opacity={0.8}>
            <title>{`${label(b.index)}: ${b.kind === 'in' ? 'in' : 'out'} ${display.amount(String(b.amount))}`}</title>
          </rect>
        ))}
        <path d={g.line} fill="none" stroke={CASH} strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
      <Flex gap={16} justify="center" style={{ margin: '4px 0 8px' }}>
        {[[IN, 'Receipts'], [OUT, 'Payments'], [CASH, 'Closing cash (own scale)']].map(([colour, text]) => (
          <Flex key={text} gap={4} align="center">
            <span style={{ width: 12, height: 12, background: colour, display: 'inline-block', borderRadius: 2 }} />
            <Typography.Text type="secondary">{text}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </>
  );
}
