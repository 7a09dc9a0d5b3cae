// Proves the backup and restore path of README.md: the embedded database through `npm run backup` / `npm run restore` (their
// functions), PostgreSQL through pg_dump / pg_restore. A round trip brings back the same trial balance and the same row counts
// of every table, after a posting made since the backup.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { migrate } from '../../src/platform/db/migrate';
import { backupPglite, restorePglite } from '../../src/platform/db/backup';
import { createTenant } from '../../src/modules/organisation/index';
import { freshDatabase, testDbKind, urlFor, withAdmin } from '../helpers/databases';
import { call, createFirstUser, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks, post } from '../ledger/helpers';

const run = promisify(execFile);
const HOST = 'backup.test';
const temp = mkdtempSync(path.join(tmpdir(), 'erp-backup-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

async function appOn(database: Database): Promise<App> {
  const config = loadConfig({}, { tokenSecret: 'test-secret-0123456789-0123456789-0123456789', webDist: '/nonexistent', publicRatePerMinute: 10_000 });
  const built = await buildApp({ config, database });
  await built.app.ready();
  return built;
}

/** A tenant with books and three posted journals. */
async function fill(built: App): Promise<void> {
  const created = await createTenant(built.platform, { code: 'BACKUP', name: 'Tenant BACKUP', host: HOST });
  const tenant: TestTenant = { ...created, host: HOST, code: 'BACKUP' };
  expect((await createFirstUser(built.app, HOST, `admin@${HOST}`, 'Correct horse 1')).status).toBe(200);
  const admin = await signIn(built.app, HOST, `admin@${HOST}`, 'Correct horse 1');
  const t = { app: built.app } as TestApp;
  const books = await openBooks(t, tenant, admin);
  for (const [amount, date] of [['1000', '2026-01-15'], ['250.50', '2026-02-03'], ['75', '2026-06-30']] as const) {
    const res = await post(t, tenant, admin, { journalDate: date, description: `backup ${amount}`, lines: [line(books.accounts.get('1010')!, 'debit', amount), line(books.accounts.get('3000')!, 'credit', amount)] });
    expect(res.status).toBe(200);
  }
}

/** One more posting: what the backup does not hold. */
async function postMore(built: App): Promise<void> {
  const admin = await signIn(built.app, HOST, `admin@${HOST}`, 'Correct horse 1');
  const t = { app: built.app } as TestApp;
  const tenant = { host: HOST } as TestTenant;
  const accounts = (await call<{ items: { id: string; code: string }[] }>(built.app, HOST, 'GET', '/gl/accounts?limit=500', undefined, admin)).body.items;
  const account = (code: string) => accounts.find((a) => a.code === code)! as unknown as Parameters<typeof line>[0];
  expect((await post(t, tenant, admin, { journalDate: '2026-07-01', description: 'after the backup', lines: [line(account('1010'), 'debit', '9'), line(account('3000'), 'credit', '9')] })).status).toBe(200);
}

/** The trial balance of the year through the API, and the row count of every table. */
async function snapshot(built: App): Promise<{ trialBalance: unknown; rows: Record<string, number> }> {
  const admin: Session = await signIn(built.app, HOST, `admin@${HOST}`, 'Correct horse 1');
  const tb = await call(built.app, HOST, 'GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31', undefined, admin);
  expect(tb.status).toBe(200);
  // Counted as the owner (RLS does not apply to it): every tenant's rows. The sign-ins above add audit rows alike on both sides.
  const { rows } = await built.platform.database.query(
    `select c.relname as name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', c.relname), false, true, '')))[1]::text::int as n
       from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`,
    [],
  );
  return { trialBalance: tb.body, rows: Object.fromEntries((rows as { name: string; n: number }[]).map((r) => [r.name, r.n])) };
}

describe.skipIf(testDbKind() !== 'pglite')('backup and restore of the embedded database (npm run backup / restore)', () => {
  it('restores the trial balance and the row counts of the backup, keeping the replaced database aside', async () => {
    const dataDir = path.join(temp, 'data');
    let database = await openDatabase({ dataDir });
    await migrate(database);
    let built = await appOn(database);
    await fill(built);
    const before = await snapshot(built);
    await built.app.close();
    await database.close();

    const file = path.join(temp, 'backups', 'erp.tar.gz');
    expect((await backupPglite(dataDir, file)).bytes).toBeGreaterThan(1000);

    database = await openDatabase({ dataDir });
    built = await appOn(database);
    await postMore(built);
    const changed = await snapshot(built);
    expect(changed.rows.journals).toBe(before.rows.journals! + 1);
    await built.app.close();
    await database.close();

    await expect(restorePglite(file, dataDir)).rejects.toThrow(/already holds a database/);
    const restored = await restorePglite(file, dataDir, { replace: true });
    expect(restored.keptAside).toMatch(/pglite\.before-restore-/);

    database = await openDatabase({ dataDir });
    built = await appOn(database);
    try {
      const after = await snapshot(built);
      expect(after.trialBalance).toEqual(before.trialBalance);
      // The sign-in of this snapshot adds its audit row as the one before did: counts compare one for one.
      expect(after.rows).toEqual({ ...before.rows, audit_log: before.rows.audit_log! + 1 });
    } finally {
      await built.app.close();
      await database.close();
    }
  });
});

describe.skipIf(testDbKind() !== 'postgres')('backup and restore of PostgreSQL (pg_dump / pg_restore, as README.md says)', () => {
  it('restores the trial balance and the row counts of the dump into a new database', async () => {
    const fresh = await freshDatabase();
    const target = `erp_t_${randomBytes(6).toString('hex')}`;
    let restoredDb: Database | undefined;
    try {
      let built = await appOn(fresh.database);
      await fill(built);
      const before = await snapshot(built);
      const file = path.join(temp, 'erp.dump');
      await run('pg_dump', ['--format=custom', `--file=${file}`, fresh.url!]);
      await postMore(built);
      await built.app.close();

      await withAdmin((c) => c.query(`create database ${target}`));
      await run('pg_restore', ['--exit-on-error', '--no-owner', `--dbname=${urlFor(target)}`, file]);
      restoredDb = await openDatabase({ databaseUrl: urlFor(target) });
      // The server's start: migrations find everything applied.
      expect(await migrate(restoredDb)).toEqual([]);
      built = await appOn(restoredDb);
      const after = await snapshot(built);
      await built.app.close();
      expect(after.trialBalance).toEqual(before.trialBalance);
      expect(after.rows).toEqual({ ...before.rows, audit_log: before.rows.audit_log! + 1 });
    } finally {
      await restoredDb?.close();
      await withAdmin((c) => c.query(`drop database if exists ${target} with (force)`));
      await fresh.drop();
    }
  });
});
