// A service monitor answer for the screen's tests: a slow job queue with failures and a failed mail.
import type { ServiceMonitor } from '@erp/contracts';

export function monitorSample(): ServiceMonitor {
  return {
    checkedAt: new Date().toISOString(),
    api: { status: 'ok', version: '1.0.0', node: 'v20.19.0', startedAt: '2026-03-10T08:00:00.000Z', uptimeSeconds: 3_725, memory: { rssBytes: 150 * 1024 * 1024, heapUsedBytes: 60 * 1024 * 1024, heapTotalBytes: 80 * 1024 * 1024 }, eventLoopLagMs: { mean: 10.2, p99: 21.5, max: 30 } },
    database: { status: 'ok', kind: 'postgres', latencyMs: 0.8, sizeBytes: 12 * 1024 * 1024, migrations: { applied: 10, committed: 10, last: '0009_admin', lastAppliedAt: '2026-03-10T08:00:00.000Z' }, error: null },
    jobs: {
      status: 'off',
      running: false,
      failureDetails: true,
      queues: [
        { name: 'ledger.recurring-journals', cron: '*/5 * * * *', queued: 3, active: 1, failed: 2, lastRunAt: '2026-03-10T09:00:00.000Z', lastRunMs: 12.5, lastRunFailed: true },
        { name: 'mail.deliver', cron: null, queued: 0, active: 0, failed: 0, lastRunAt: null, lastRunMs: null, lastRunFailed: false },
      ],
      lastFailures: [{ at: '2026-03-10T09:00:00.000Z', source: 'ledger.recurring-journals', message: 'No open period for 2026-03-10' }],
    },
    mail: {
      status: 'warning',
      mode: 'smtp',
      counts: { queued: 1, outbox: 0, sent: 4, failed: 1 },
      lastFailures: [{ at: '2026-03-10T09:30:00.000Z', source: 'Mail to ann@example.com: Your code', message: 'connect ECONNREFUSED 127.0.0.1:25' }],
    },
  };
}
