/* How the service monitor's figures read: sizes, durations, milliseconds and status words. */
import type { HealthStatus } from '@erp/contracts';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 -> '1.5 KB', 52_428_800 -> '50.0 MB'; binary steps, one decimal above bytes. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** 59 -> '59 s', 3_725 -> '1 h 2 min', 190_000 -> '2 d 4 h': the two largest units. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const parts: [number, string][] = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3_600), 'h'],
    [Math.floor((s % 3_600) / 60), 'min'],
    [s % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return '0 s';
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const NUMBER = /^\d+$/;

/**
 * A job schedule (cron, UTC) in words for the people who read the monitor: a five-minute step reads
 * 'Every 5 minutes', '30 2 * * *' reads 'Daily at 02:30'. A pattern it does not know stays as
 * written, which is still exact.
 */
export function describeCron(cron: string): string {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return cron;
  const [minute, hour, day, month, weekday] = parts as [string, string, string, string, string];
  if (day !== '*' || month !== '*' || weekday !== '*') return cron;
  const step = /^\*\/(\d+)$/;
  if (hour === '*') {
    if (minute === '*') return 'Every minute';
    const every = step.exec(minute)?.[1];
    if (every) return Number(every) === 1 ? 'Every minute' : `Every ${Number(every)} minutes`;
    if (NUMBER.test(minute)) return `Hourly at ${pad2(Number(minute))} min past`;
    return cron;
  }
  const everyHours = step.exec(hour)?.[1];
  if (everyHours && NUMBER.test(minute)) return `Every ${Number(everyHours) === 1 ? 'hour' : `${Number(everyHours)} hours`} at ${pad2(Number(minute))} min past`;
  if (NUMBER.test(hour) && NUMBER.test(minute)) return `Daily at ${pad2(Number(hour))}:${pad2(Number(minute))}`;
  return cron;
}

export function formatMs(ms: number | null): string {
  return ms === null ? '—' : `${ms.toFixed(1)} ms`;
}

export const statusText: Record<HealthStatus, string> = { ok: 'OK', warning: 'Warning', down: 'Down', off: 'Not running' };
/** antd Badge statuses: green, orange, red, grey. */
export const statusBadge: Record<HealthStatus, 'success' | 'warning' | 'error' | 'default'> = { ok: 'success', warning: 'warning', down: 'error', off: 'default' };

/** The worst of several statuses, for the page's summary ('off' counts as fine: it is a choice, not a fault). */
export function worstStatus(statuses: readonly HealthStatus[]): HealthStatus {
  if (statuses.includes('down')) return 'down';
  if (statuses.includes('warning')) return 'warning';
  return 'ok';
}
