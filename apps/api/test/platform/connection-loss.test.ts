// Proves that the server survives PostgreSQL ending connections that requests are using: while eight clients post journals,
// the busy backends are terminated (pg_terminate_backend); every posting answers 200 or 503 with the error object, nothing is
// half-written, the process meets no unhandled error, and the next posting succeeds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { testDbKind } from '../helpers/databases';
import { adminOf, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks, post, type Books } from '../ledger/helpers';

// PGlite runs in the test's own process: it has no server to restart nor backends to terminate.
describe.skipIf(testDbKind() !== 'postgres')('a PostgreSQL connection lost while in use (PostgreSQL only: PGlite has no server backends to end)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let admin: Session;
  let books: Books;
  let owner: pg.Client;
  const unhandled: unknown[] = [];
  const record = (error: unknown) => void unhandled.push(error);

  beforeAll(async () => {
    t = await createTestApp();
    ({ tenant, admin } = await adminOf(t, 'CONNLOSS'));
    books = await openBooks(t, tenant, admin);
    // The database's owner (a superuser here): it sees every row, and ends the app's backends.
    owner = new pg.Client({ connectionString: t.fresh.url });
    await owner.connect();
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
    await owner?.end();
    await t?.close();
  });

  const body = (description: string) => ({
    journalDate: '2026-02-10',
    description,
    // Ten pairs: a debit and a credit of the same amount.
    lines: Array.from({ length: 20 }, (_, i) => line(books.accounts.get(i % 2 === 0 ? '1010' : '3000')!, i % 2 === 0 ? 'debit' : 'credit', `${Math.floor(i / 2) + 1}.00`)),
  });

  it('answers 200 or 503 to postings whose connection is terminated, writes nothing half, and serves the next posting', async () => {
    const answers = new Map<string, { status: number; body: { message?: string; statusCode?: number; serverError?: string } }>();
    let running = 8;
    const worker = async (w: number) => {
      for (let i = 0; i < 8; i++) {
        const description = `connloss ${w}-${i}`;
        answers.set(description, await post(t, tenant, admin, body(description)));
      }
      running -= 1;
    };
    let terminated = 0;
    const killer = async () => {
      while (running > 0) {
        await new Promise((r) => setTimeout(r, 150));
        const { rows } = await owner.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')",
        );
        terminated += rows.filter((r) => r.ended).length;
      }
    };
    await Promise.all([...Array.from({ length: 8 }, (_, w) => worker(w)), killer()]);

    expect(terminated).toBeGreaterThan(0);
    const counts: Record<number, number> = {};
    for (const a of answers.values()) counts[a.status] = (counts[a.status] ?? 0) + 1;
    console.info(`connection loss: ${terminated} busy backends terminated; answers by status ${JSON.stringify(counts)}`);
    expect(unhandled).toEqual([]);
    for (const [description, answer] of answers) {
      expect([200, 503], `${description}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.body).toEqual({ message: 'The database is unavailable for a moment; please try again', statusCode: 503, serverError: 'ServiceUnavailable' });
      }
    }

    // Nothing half-written: each posting is there whole (posted, all its lines in the ledger, balanced) or not at all;
    // every one answered 200 is there once.
    const { rows } = await owner.query<{ description: string; status: string; number: string | null; entries: number; debit: string; credit: string }>(
      `select j.description, j.status, j.number, count(e.*)::int as entries, coalesce(sum(e.base_debit_minor), 0)::text as debit, coalesce(sum(e.base_credit_minor), 0)::text as credit
         from journals j left join ledger_entries e on e.tenant_id = j.tenant_id and e.journal_id = j.id
        where j.tenant_id = $1 and j.description like 'connloss %' group by j.tenant_id, j.id`,
      [tenant.tenantId],
    );
    const stored = new Map<string, typeof rows>();
    for (const r of rows) stored.set(r.description, [...(stored.get(r.description) ?? []), r]);
    for (const r of rows) {
      expect(r, r.description).toMatchObject({ status: 'Posted', entries: 20 });
      expect(r.number, r.description).not.toBeNull();
      expect(r.debit, r.description).toBe(r.credit);
    }
    for (const [description, answer] of answers) {
      const found = stored.get(description) ?? [];
      if (answer.status === 200) expect(found, description).toHaveLength(1);
      else expect(found.length, description).toBeLessThanOrEqual(1);
    }
    const { rows: orphans } = await owner.query<{ n: number }>(
      'select count(*)::int as n from ledger_entries e where e.tenant_id = $1 and not exists (select 1 from journals j where j.tenant_id = e.tenant_id and j.id = e.journal_id)',
      [tenant.tenantId],
    );
    expect(orphans[0]!.n).toBe(0);

    // The server still serves: the next posting succeeds.
    const next = await post(t, tenant, admin, body('connloss after'));
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ status: 'Posted' });
  });
});
