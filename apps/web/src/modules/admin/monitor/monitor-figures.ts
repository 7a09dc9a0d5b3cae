import type { MonitorFailure, ServiceMonitor } from '@erp/contracts';
import { formatBytes, formatDuration, formatMs } from './monitor-format';

export type FigureText = { label: string; value: string };

export function apiFigures(api: ServiceMonitor['api']): FigureText[] {
  return [
    { label: 'Version', value: `${api.version} (Node ${api.node})` },
    { label: 'Up for', value: formatDuration(api.uptimeSeconds) },
    { label: 'Memory', value: `${formatBytes(api.memory.rssBytes)} resident, heap ${formatBytes(api.memory.heapUsedBytes)} of ${formatBytes(api.memory.heapTotalBytes)}` },
    { label: 'Event-loop lag', value: `${formatMs(api.eventLoopLagMs.mean)} mean, ${formatMs(api.eventLoopLagMs.p99)} p99, ${formatMs(api.eventLoopLagMs.max)} max` },
  ];
}

export function databaseFigures(db: ServiceMonitor['database']): FigureText[] {
  const figures = [
    { label: 'Engine', value: db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)' },
    { label: 'Latency', value: formatMs(db.latencyMs) },
    { label: 'Size', value: formatBytes(db.sizeBytes) },
  ];
  if (db.migrations) {
    const pending = db.migrations.committed - db.migrations.applied;
    figures.push({ label: 'Migrations', value: `${db.migrations.applied} of ${db.migrations.committed} applied${pending > 0 ? `, ${pending} pending` : ''}` });
  }
  if (db.error) figures.push({ label: 'Error', value: db.error });
  return figures;
}

export function jobFigures(jobs: ServiceMonitor['jobs']): FigureText[] {
  const sum = (pick: (q: ServiceMonitor['jobs']['queues'][number]) => number) => jobs.queues.reduce((total, q) => total + pick(q), 0);
  return [
    { label: 'Queue', value: jobs.running ? 'Running in this server' : 'Not running in this server' },
    { label: 'Queues', value: String(jobs.queues.length) },
    { label: 'Waiting', value: String(sum((q) => q.queued)) },
    { label: 'Active', value: String(sum((q) => q.active)) },
    { label: 'Failed', value: String(sum((q) => q.failed)) },
  ];
}

export function mailFigures(mail: ServiceMonitor['mail']): FigureText[] {
  return [
    { label: 'Delivery', value: mail.mode === 'smtp' ? 'SMTP server' : 'Outbox only (no SMTP configured)' },
    { label: 'Waiting', value: String(mail.counts.queued) },
    { label: 'In the outbox', value: String(mail.counts.outbox) },
    { label: 'Sent', value: String(mail.counts.sent) },
    { label: 'Failed', value: String(mail.counts.failed) },
  ];
}

export type FailureRow = MonitorFailure & { key: string; component: 'Job queue' | 'Mail' };

/** Job and mail failures in one list, newest first. */
export function failureRows(monitor: ServiceMonitor): FailureRow[] {
  const rows: FailureRow[] = [
    ...monitor.jobs.lastFailures.map((f, i) => ({ ...f, key: `job-${i}`, component: 'Job queue' as const })),
    ...monitor.mail.lastFailures.map((f, i) => ({ ...f, key: `mail-${i}`, component: 'Mail' as const })),
  ];
  return rows.sort((a, b) => b.at.localeCompare(a.at));
}
