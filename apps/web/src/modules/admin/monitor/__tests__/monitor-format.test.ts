// Proves the service monitor's figures read right: sizes, durations, statuses and the merged failure list.
import { describe, expect, it } from 'vitest';
import type { ServiceMonitor } from '@erp/contracts';
import { databaseFigures, failureRows, jobFigures, mailFigures } from '../monitor-figures';
import { describeCron, formatBytes, formatDuration, formatMs, worstStatus } from '../monitor-format';
import { monitorSample } from './monitor-sample';

describe('monitor formats', () => {
  it('reads the common job schedules in words and leaves any other pattern as written', () => {
    expect(describeCron('*/5 * * * *')).toBe('Every 5 minutes');
    expect(describeCron('* * * * *')).toBe('Every minute');
    expect(describeCron('15 * * * *')).toBe('Hourly at 15 min past');
    expect(describeCron('0 */6 * * *')).toBe('Every 6 hours at 00 min past');
    expect(describeCron('30 2 * * *')).toBe('Daily at 02:30');
    expect(describeCron('0 8 * * 1-5')).toBe('0 8 * * 1-5');
    expect(describeCron('0 0 1 * *')).toBe('0 0 1 * *');
    expect(describeCron('@daily')).toBe('@daily');
  });

  it('writes sizes in binary steps and durations in their two largest units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50.0 MB');
    expect(formatBytes(null)).toBe('—');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59)).toBe('59 s');
    expect(formatDuration(3_725)).toBe('1 h 2 min');
    expect(formatDuration(3_600)).toBe('1 h');
    expect(formatDuration(190_000)).toBe('2 d 4 h');
    expect(formatMs(0.25)).toBe('0.3 ms');
    expect(formatMs(null)).toBe('—');
  });

  it('sums up the page by its worst part; a job queue that is off is no fault', () => {
    expect(worstStatus(['ok', 'off', 'ok'])).toBe('ok');
    expect(worstStatus(['ok', 'warning', 'off'])).toBe('warning');
    expect(worstStatus(['warning', 'down'])).toBe('down');
  });

  it('states the figures of each part', () => {
    const m: ServiceMonitor = monitorSample();
    expect(databaseFigures({ ...m.database, migrations: { applied: 9, committed: 10, last: '0008_x', lastAppliedAt: null } })).toContainEqual({ label: 'Migrations', value: '9 of 10 applied, 1 pending' });
    expect(jobFigures(m.jobs)).toEqual([
      { label: 'Queue', value: 'Not running in this server' },
      { label: 'Queues', value: '2' },
      { label: 'Waiting', value: '3' },
      { label: 'Active', value: '1' },
      { label: 'Failed', value: '2' },
    ]);
    expect(mailFigures(m.mail)[0]).toEqual({ label: 'Delivery', value: 'SMTP server' });
  });

  it('lists job and mail failures together, newest first', () => {
    expect(failureRows(monitorSample()).map((f) => [f.component, f.source])).toEqual([
      ['Mail', 'Mail to ann@example.com: Your code'],
      ['Job queue', 'ledger.recurring-journals'],
    ]);
  });
});
