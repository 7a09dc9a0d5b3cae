// Proves that the server's log of a failed statement holds the statement and its SQLSTATE, never the values the statement
// was given: a value goes through a real query on the real database, fails there, and the log line is searched for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import { withTenant } from '../../src/platform/db/tenancy';
import { createTenant } from '../../src/modules/organisation/index';
import { freshDatabase, type FreshDatabase } from '../helpers/databases';
import { PUBLIC } from '../helpers/test-app';

const SECRET = 'Secret-Value-4242-of-a-user';
const lines: string[] = [];
let built: App;
let fresh: FreshDatabase;

beforeAll(async () => {
  fresh = await freshDatabase();
  const config = loadConfig({}, { tokenSecret: 'test-secret-0123456789-0123456789-0123456789', webDist: '/nonexistent' });
  built = await buildApp({ config, database: fresh.database, logStream: { write: (line) => void lines.push(line) } });
  // Two statements that fail on a value of the request: a cast (whose server message quotes the value) and a
  // check (whose detail quotes the failing row). Routes of the app cannot be relied on to fail, so these are added here.
  built.app.get('/gl/test-failing-cast', { config: { access: { kind: 'public' } } }, async (request) =>
    withTenant(built.platform.database.db, { tenantId: request.tenantId, companies: [] }, (tx) => tx.execute(sql`select ${SECRET}::int as n`)),
  );
  built.app.get('/gl/test-failing-check', { config: { access: { kind: 'public' } } }, async (request) =>
    withTenant(built.platform.database.db, { tenantId: request.tenantId, companies: [] }, async (tx) => {
      await tx.execute(sql`create temporary table t_secret (v text check (v = 'x')) on commit drop`);
      await tx.execute(sql`insert into t_secret values (${SECRET}), (${sql.raw("'Inline-Literal-Marker'")})`);
    }),
  );
  await built.app.ready();
  await createTenant(built.platform, { code: 'LOGS', name: 'Tenant LOGS', host: 'logs.test' });
});
afterAll(async () => {
  await built.app.close();
  await fresh.drop();
});

const logged = (marker: string) => lines.filter((l) => l.includes(marker)).map((l) => JSON.parse(l) as { err?: Record<string, unknown>; msg: string });

describe('the log of a failed statement', () => {
  it('holds the statement, a fingerprint and the SQLSTATE, not the value of a failed cast', async () => {
    lines.length = 0;
    const res = await built.app.inject({ method: 'GET', url: '/gl/test-failing-cast', headers: { host: 'logs.test', authorization: PUBLIC } });
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ message: 'Internal server error', statusCode: 500, serverError: 'ServerError' });
    const [line] = logged('unexpected error');
    expect(line?.err).toMatchObject({ code: '22P02', statement: 'select $1::int as n' });
    expect(line?.err?.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('holds neither the value, the failing row nor an inlined literal of a broken check', async () => {
    lines.length = 0;
    const res = await built.app.inject({ method: 'GET', url: '/gl/test-failing-check', headers: { host: 'logs.test', authorization: PUBLIC } });
    expect(res.statusCode).toBe(500);
    const [line] = logged('unexpected error');
    expect(line?.err).toMatchObject({ code: '23514', statement: "insert into t_secret values ($1), ('?')", constraint: 't_secret_v_check' });
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain('Inline-Literal-Marker');
  });
});
