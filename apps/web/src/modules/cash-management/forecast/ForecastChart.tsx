import { Flex, Typography } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ForecastCurrency } from '@erp/contracts';
import { useDisplay } from '../../../shared/useDisplay';
import { chartGeometry, chartTargets } from './forecast-chart';
import './forecast-chart.css';

const IN = '#52c41a';
const OUT = '#ff4d4f';
const CASH = '#1677ff';
const SERIES = { in: 'Receipts', out: 'Payments', closing: 'Closing cash' } as const;

type Props = {
  currency: ForecastCurrency;
  label: (index: number) => string;
  /** Opens the bucket's items, the drill-down a row of the buckets' table opens. */
  onOpen: (index: number) => void;
};

/**
 * Receipts (up) and payments (down) per bucket and the closing cash (line with a point per bucket), in plain SVG; loaded
 * lazily with the screen's result. Every bar and point is a button naming its series, period and amount: a click, Enter or
 * Space opens that bucket's items. One of them takes the Tab stop (roving focus); the arrows, Home and End move between them.
 */
export default function ForecastChart({ currency, label, onOpen }: Props) {
  const display = useDisplay();
  const g = chartGeometry(currency.buckets);
  const targets = chartTargets(g);
  const svg = useRef<SVGSVGElement>(null);
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, targets.length - 1));
  const name = (kind: keyof typeof SERIES, index: number, amount: string) => `${SERIES[kind]} ${label(index)}: ${display.amount(amount)}`;
  const move = (to: number) => {
    const next = Math.max(0, Math.min(targets.length - 1, to));
    setActive(next);
    svg.current?.querySelectorAll<SVGElement>('[data-chart-target]')[next]?.focus();
  };
  const keys = (position: number, index: number) => (event: KeyboardEvent<SVGElement>) => {
    const step: Record<string, number> = { ArrowRight: position + 1, ArrowDown: position + 1, ArrowLeft: position - 1, ArrowUp: position - 1, Home: 0, End: targets.length - 1 };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(index);
    } else if (event.key in step) {
      event.preventDefault();
      move(step[event.key]!);
    }
  };
  const target = (position: number, index: number, text: string) => ({
    role: 'button',
    'aria-label': `${text}, open the period's items`,
    'data-chart-target': position,
    tabIndex: position === current ? 0 : -1,
    onClick: () => (setActive(position), onOpen(index)),
    onKeyDown: keys(position, index),
    onFocus: () => setActive(position),
  });
  return (
    <>
      <svg ref={svg} role="figure" aria-label={`Cash-flow chart ${currency.currency}`} viewBox={`0 0 ${g.width} ${g.height}`} preserveAspectRatio="none" className="forecast-chart">
        <line x1={0} x2={g.width} y1={g.zeroY} y2={g.zeroY} stroke="#bfbfbf" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        <path d={g.line} fill="none" stroke={CASH} strokeWidth={2} vectorEffect="non-scaling-stroke" pointerEvents="none" />
        {targets.map((t, position) => {
          const bucket = currency.buckets[t.index]!;
          if (t.kind === 'closing') {
            const p = g.points[t.index]!;
            const text = name('closing', t.index, bucket.closing);
            return (
              <path key={`closing-${t.index}`} className="forecast-chart-point" d={`M${p.x.toFixed(1)},${p.y.toFixed(1)} h0`} stroke={CASH} vectorEffect="non-scaling-stroke" {...target(position, t.index, text)}>
                <title>{text}</title>
              </path>
            );
          }
          const b = t.bar;
          const text = name(b.kind, b.index, b.text);
          return (
            <rect key={`${b.kind}-${b.index}`} className="forecast-chart-bar" x={b.x} y={b.y} width={b.width} height={Math.max(0, b.height)} fill={b.kind === 'in' ? IN : OUT} vectorEffect="non-scaling-stroke" {...target(position, b.index, text)}>
              <title>{text}</title>
            </rect>
          );
        })}
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
