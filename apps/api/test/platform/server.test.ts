// Proves the server's frame: concurrent migrations are safe, every spec path is in the OpenAPI document, unknown routes answer the error object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../src/platform/db/client';
import { migrate, readMigrations } from '../../src/platform/db/migrate';
import { testDbKind, urlFor, withAdmin } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** SPEC.md section 7 paths this issue serves, as OpenAPI writes them. */
const SPEC_PATHS = [
  'get /auth/role/get/{id}', 'get /auth/role/getroles', 'get /auth/user/getbyrole/{role}/{search}/{count}', 'get /auth/user/isempty',
  'post /auth/user/create/{password}', 'post /auth/user/edit', 'post /auth/permission', 'post /auth/user/createfirst/{password}',
  'post /auth/user/validate', 'post /auth/user/changepassword', 'post /auth/role', 'get /auth/user/requestpasswordchange/{mail}',
  'get /auth/user/validateotp/{mail}/{otp}', 'get /auth/tenantrequest/GetRequest/{host}',
  'get /gl/SearchTenants/{text}/false/{count}', 'get /gl/GetTenants/{count}', 'get /gl/SearchCompanies/{text}/{count}',
  'get /gl/GetCompanies/{count}', 'get /gl/GetFullCompany', 'post /gl/SaveTenants', 'post /gl/SaveCompanies',
  'get /gl/GetCurrencies/{count}', 'get /gl/getlocales', 'get /gl/GetCompany/{id}', 'get /auth/user/me',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('server', () => {
  it('documents every spec path in the OpenAPI document at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`));
    expect(documented).toEqual(expect.arrayContaining(SPEC_PATHS));
  });

  it('answers an unknown API route with the error object', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gl/NoSuchThing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ message: 'No such route: GET /gl/NoSuchThing', statusCode: 404, serverError: 'NotFound' });
  });

  it('applies migrations once when two servers start at the same moment', async () => {
    if (testDbKind() === 'pglite') {
      // One process owns an embedded database; a second run finds nothing to do.
      expect(await migrate(t.fresh.database)).toEqual([]);
      return;
    }
    const name = `erp_t_mig_${Date.now().toString(36)}`;
    await withAdmin((c) => c.query(`create database ${name}`));
    const one = await openDatabase({ databaseUrl: urlFor(name) });
    const two = await openDatabase({ databaseUrl: urlFor(name) });
    try {
      const [a, b] = await Promise.all([migrate(one), migrate(two)]);
      const all = readMigrations().map((m) => m.tag);
      expect([...a, ...b].sort()).toEqual(all.sort());
      expect(a.length === 0 || b.length === 0).toBe(true);
      const rows = await one.db.transaction(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from erp_migrations`)));
      expect(rows[0]!.n).toBe(all.length);
    } finally {
      await one.close();
      await two.close();
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  });
});
