// Proves the job queue runs on the application's own database (pg-boss on PGlite and PostgreSQL): a sent job runs once, a failure is kept for the service monitor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../../src/platform/jobs/jobs';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let jobs: Jobs;
const seen: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp();
  jobs = new Jobs(t.fresh.database, t.platform.log);
  jobs.define({ name: 'test.echo', run: async (data) => void seen.push(data) });
  jobs.define({
    name: 'test.fails',
    run: async () => {
      throw new Error('the ledger is closed');
    },
  });
  jobs.define({ name: 'test.scheduled', cron: '0 3 * * *', run: async () => undefined });
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

async function until(check: () => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('jobs', () => {
  it('runs a job in process when the queue is not started (tests and scripts)', async () => {
    expect(jobs.running).toBe(false);
    await jobs.send('test.echo', { n: 0 });
    expect(seen).toEqual([{ n: 0 }]);
    await expect(jobs.send('test.nothing')).rejects.toThrow('No job named test.nothing');
  });

  it('queues work through pg-boss once started, and runs each job once', async () => {
    await jobs.start();
    expect(jobs.running).toBe(true);
    const id = await jobs.send('test.echo', { n: 1 }, { singletonKey: 'one' });
    expect(id).toEqual(expect.any(String));
    await until(() => seen.length === 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(seen).toEqual([{ n: 0 }, { n: 1 }]);
  });

  it('reports queue depths, schedules and the last failures', async () => {
    await expect(jobs.runNow('test.fails')).rejects.toThrow('the ledger is closed');
    const health = await jobs.health();
    expect(health.running).toBe(true);
    const byName = new Map(health.queues.map((q) => [q.name, q]));
    expect(byName.get('test.scheduled')).toMatchObject({ cron: '0 3 * * *', queued: 0, failed: 0 });
    expect(byName.get('test.echo')!.lastRun).toMatchObject({ error: null });
    expect(byName.get('test.fails')!.lastFailures).toEqual([{ at: expect.any(String), message: 'the ledger is closed' }]);
  });
});
