// Proves the database itself keeps the ledger honest: direct SQL cannot unbalance, edit, delete or misdate posted lines or forge balances; concurrent posting loses nothing; random journals and reversals keep the trial balance at zero.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import type { JournalView } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { postEntry } from '../../src/modules/ledger/index';
import { withSystem, withTenant } from '../../src/platform/db/tenancy';
import { testDbKind } from '../helpers/databases';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks, post, type Books } from './helpers';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
let posted: JournalView;
const acct = (code: string) => books.accounts.get(code)!;
const asApp = <T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) => withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, fn);
/** As the posting port writes: these tests check what the database refuses beneath it. */
const asPort = <T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
  asApp(async (tx) => {
    await tx.execute(sql`set local erp.ledger_port = 'on'`);
    return fn(tx);
  });
const asOwner = (q: SQL) => withSystem(t.platform.database.db, async (tx) => rowsOf(await tx.execute(q)));
const failure = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (e) {
    return e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e);
  }
  return 'no error';
};

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'INTEG'));
  books = await openBooks(t, tenant, admin);
  posted = (await post(t, tenant, admin, { journalDate: '2026-04-01', description: 'Seed', lines: [line(acct('1010'), 'debit', '100'), line(acct('4000'), 'credit', '100')] })).body;
});
afterAll(() => t.close());

describe('the database refuses', () => {
  it('updating or deleting a posted line', async () => {
    expect(await failure(asApp((tx) => tx.execute(sql`update ledger_entries set debit_minor = 1 where journal_id = ${posted.id}`)))).toMatch(/permission denied/);
    expect(await failure(asApp((tx) => tx.execute(sql`delete from ledger_entries where journal_id = ${posted.id}`)))).toMatch(/permission denied/);
  });

  it('inserting ledger lines other than through the posting port, as the API role or as the owner', async () => {
    const apr = books.periods.find((p) => p.name === 'Apr 2026')!.id;
    const balanced = sql`insert into ledger_entries (tenant_id, company_id, journal_id, line_no, entry_date, period_id, account_id, currency, rate, debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id) values
      (${tenant.tenantId}, ${tenant.companyId}, ${posted.id}, 70, '2026-04-03', ${apr}, ${acct('6300').id}, 'USD', 1, 5, 0, 5, 0, '00000000-0000-0000-0000-000000000000'),
      (${tenant.tenantId}, ${tenant.companyId}, ${posted.id}, 71, '2026-04-03', ${apr}, ${acct('1010').id}, 'USD', 1, 0, 5, 0, 5, '00000000-0000-0000-0000-000000000000')`;
    expect(await failure(asApp((tx) => tx.execute(balanced)))).toMatch(/written only through the ledger's posting port/);
    expect(await failure(withSystem(t.platform.database.db, (tx) => tx.execute(balanced)))).toMatch(/written only through the ledger's posting port/);
    // The port's setting ends with its savepoint or transaction: a later statement is refused again.
    expect(await failure(asApp(async (tx) => {
      await tx.transaction(async (sp) => {
        await sp.execute(sql`set local erp.ledger_port = 'on'`);
        throw new Error('rolled back');
      }).catch(() => undefined);
      await tx.execute(balanced);
    }))).toMatch(/written only through the ledger's posting port/);
  });

  it('writing the maintained balances', async () => {
    expect(await failure(asApp((tx) => tx.execute(sql`update account_balances set base_debit_minor = 0`)))).toMatch(/permission denied/);
    expect(await failure(asApp((tx) => tx.execute(sql`delete from account_balances`)))).toMatch(/permission denied/);
    expect(await failure(asApp((tx) => tx.execute(sql`update account_day_balances set base_debit_minor = 0`)))).toMatch(/permission denied/);
    expect(await failure(asApp((tx) => tx.execute(sql`insert into account_day_balances select * from account_day_balances limit 1`)))).toMatch(/permission denied/);
    expect(await failure(asApp((tx) => tx.execute(sql`update party_balances set base_debit_minor = 0`)))).toMatch(/permission denied/);
    expect(await failure(asApp((tx) => tx.execute(sql`insert into party_balances select * from party_balances limit 1`)))).toMatch(/permission denied/);
  });

  it('changing or deleting a posted journal header', async () => {
    expect(await failure(asApp((tx) => tx.execute(sql`update journals set journal_date = '2026-04-02' where id = ${posted.id}`)))).toMatch(/cannot be changed: reverse it/);
    expect(await failure(asApp((tx) => tx.execute(sql`delete from journals where id = ${posted.id}`)))).toMatch(/cannot be deleted: reverse it/);
  });

  it('inserting lines that leave a journal unbalanced, in base or in a currency', async () => {
    const insert = (journal: string, lineNo: number, debit: number, credit: number, baseDebit: number, baseCredit: number, currency = 'USD') =>
      sql`insert into ledger_entries (tenant_id, company_id, journal_id, line_no, entry_date, period_id, account_id, currency, rate, debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id)
          values (${tenant.tenantId}, ${tenant.companyId}, ${journal}, ${lineNo}, '2026-04-01', ${books.periods.find((p) => p.name === 'Apr 2026')!.id}, ${acct('1010').id}, ${currency}, 1, ${debit}, ${credit}, ${baseDebit}, ${baseCredit}, '00000000-0000-0000-0000-000000000000')`;
    expect(await failure(asPort((tx) => tx.execute(insert(posted.id, 90, 500, 0, 500, 0))))).toMatch(/does not balance in USD/);
    expect(await failure(asPort(async (tx) => {
      await tx.execute(insert(posted.id, 91, 500, 0, 500, 0));
      await tx.execute(insert(posted.id, 92, 0, 500, 0, 499));
    }))).toMatch(/does not balance/);
    expect(await failure(asPort((tx) => tx.execute(sql`${insert(posted.id, 93, 500, 0, 500, 0)}, (${tenant.tenantId}, ${tenant.companyId}, ${posted.id}, 94, '2026-04-01', ${books.periods.find((p) => p.name === 'Apr 2026')!.id}, ${acct('4000').id}, 'EUR', 1, 0, 500, 0, 500, '00000000-0000-0000-0000-000000000000')`)))).toMatch(/does not balance in (EUR|USD)/);
  });

  it('inserting balanced lines into a closed or locked period, or outside the period dates', async () => {
    const may = books.periods.find((p) => p.name === 'May 2026')!;
    const apr = books.periods.find((p) => p.name === 'Apr 2026')!;
    const pair = (period: string, date: string) =>
      sql`insert into ledger_entries (tenant_id, company_id, journal_id, line_no, entry_date, period_id, account_id, currency, rate, debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id) values
        (${tenant.tenantId}, ${tenant.companyId}, ${posted.id}, 80, ${date}, ${period}, ${acct('1010').id}, 'USD', 1, 7, 0, 7, 0, '00000000-0000-0000-0000-000000000000'),
        (${tenant.tenantId}, ${tenant.companyId}, ${posted.id}, 81, ${date}, ${period}, ${acct('4000').id}, 'USD', 1, 0, 7, 0, 7, '00000000-0000-0000-0000-000000000000')`;
    expect(await failure(asPort((tx) => tx.execute(pair(apr.id, '2026-05-03'))))).toMatch(/not open for posting/);
    await call(t.app, tenant.host, 'POST', `/gl/accounting-periods/${may.id}/status`, { status: 'Locked' }, admin);
    expect(await failure(asPort((tx) => tx.execute(pair(may.id, '2026-05-03'))))).toMatch(/not open for posting/);
  });
});

describe('balances kept at commit', () => {
  const apr = () => books.periods.find((p) => p.name === 'Apr 2026')!.id;
  const pair = (lineNo: number, cents: number) =>
    sql`insert into ledger_entries (tenant_id, company_id, journal_id, line_no, entry_date, period_id, account_id, currency, rate, debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id) values
      (${tenant.tenantId}, ${tenant.companyId}, ${posted.id}, ${lineNo}, '2026-04-02', ${apr()}, ${acct('6300').id}, 'USD', 1, ${cents}, 0, ${cents}, 0, '00000000-0000-0000-0000-000000000000'),
      (${tenant.tenantId}, ${tenant.companyId}, ${posted.id}, ${lineNo + 1}, '2026-04-02', ${apr()}, ${acct('1010').id}, 'USD', 1, 0, ${cents}, 0, ${cents}, '00000000-0000-0000-0000-000000000000')`;

  it('refuses the API role the pending deltas', async () => {
    expect(await failure(asApp((tx) => tx.execute(sql`select * from ledger_balance_deltas`)))).toMatch(/permission denied/);
    expect(await failure(asApp((tx) => tx.execute(sql`delete from ledger_balance_deltas`)))).toMatch(/permission denied/);
  });

  it('applies every insert of a transaction once: several statements, a flush made immediate, a rolled-back savepoint', async () => {
    const before = await balanceOf('6300');
    await asPort(async (tx) => {
      await tx.execute(pair(200, 100));
      await tx.execute(pair(202, 20));
      await tx.execute(sql`set constraints ledger_balances_flush immediate`);
      await tx.execute(pair(204, 3));
      await tx.execute(sql`set constraints ledger_balances_flush deferred`);
      // The first insert after the immediate flush carries the next flush; rolled back, the next insert carries it.
      await tx.transaction(async (sp) => {
        await sp.execute(pair(206, 50_000));
        sp.rollback();
      }).catch(() => undefined);
      await tx.execute(pair(208, 4000));
      await tx.execute(pair(210, 600_000));
    });
    expect((await balanceOf('6300')) - before).toBe(604_123n);
    expect(await asOwner(sql`select count(*)::int as n from ledger_balance_deltas`)).toEqual([{ n: 0 }]);
  });

  it('closes a period only after the postings in flight into it commit, then refuses more', async () => {
    const jul = books.periods.find((p) => p.name === 'Jul 2026')!;
    const julPair = (lineNo: number) =>
      sql`insert into ledger_entries (tenant_id, company_id, journal_id, line_no, entry_date, period_id, account_id, currency, rate, debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id) values
        (${tenant.tenantId}, ${tenant.companyId}, ${posted.id}, ${lineNo}, '2026-07-05', ${jul.id}, ${acct('6300').id}, 'USD', 1, 9, 0, 9, 0, '00000000-0000-0000-0000-000000000000'),
        (${tenant.tenantId}, ${tenant.companyId}, ${posted.id}, ${lineNo + 1}, '2026-07-05', ${jul.id}, ${acct('1010').id}, 'USD', 1, 0, 9, 0, 9, '00000000-0000-0000-0000-000000000000')`;
    const order: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let written = () => {};
    const inFlight = new Promise<void>((r) => (written = r));
    const posting = asPort(async (tx) => {
      await tx.execute(julPair(300));
      written();
      await gate;
      order.push('posted');
    });
    await inFlight;
    const closing = call(t.app, tenant.host, 'POST', `/gl/accounting-periods/${jul.id}/status`, { status: 'Closed' }, admin).then((r) => {
      order.push('closed');
      return r;
    });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await posting;
    expect((await closing).status).toBe(200);
    expect(order).toEqual(['posted', 'closed']);
    expect(await failure(asPort((tx) => tx.execute(julPair(302))))).toMatch(/not open for posting/);
  });
});

describe('concurrency', () => {
  it('posts 16 journals at once into one period with distinct gapless numbers and no lost balance', async () => {
    const before = await balanceOf('6200');
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => post(t, tenant, admin, { journalDate: '2026-06-10', description: `Utility ${i}`, lines: [line(acct('6200'), 'debit', `${i + 1}`), line(acct('1010'), 'credit', `${i + 1}`)] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(200));
    const numbers = results.map((r) => Number(r.body.number!.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => numbers[0]! + i));
    expect((await balanceOf('6200')) - before).toBe(13600n);
    // Concurrent calls commit together (group commit, on PostgreSQL): fewer transactions than journals.
    if (testDbKind() === 'postgres') expect(await transactionsOf(results.map((r) => r.body.id))).toBeLessThan(16);
  });

  it('posts large journals beside small ones at once: each large one in its own transaction, all numbered gapless, nothing lost', async () => {
    const before = await balanceOf('6300');
    // 60 pairs: 120 lines, past the size that numbers an entry in the statement writing its lines.
    const large = (i: number) => ({ journalDate: '2026-06-11', description: `Large ${i}`, lines: Array.from({ length: 60 }, () => [line(acct('6300'), 'debit', '1.00'), line(acct('1010'), 'credit', '1.00')]).flat() });
    const small = (i: number) => ({ journalDate: '2026-06-11', description: `Small ${i}`, lines: [line(acct('6300'), 'debit', '0.50'), line(acct('1010'), 'credit', '0.50')] });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => post(t, tenant, admin, i % 3 === 0 ? large(i) : small(i))));
    expect(results.map((r) => [r.status, r.body.status])).toEqual(Array(12).fill([200, 'Posted']));
    const numbers = results.map((r) => Number(r.body.number!.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => numbers[0]! + i));
    expect(results.filter((_, i) => i % 3 === 0).map((r) => r.body.lines.length)).toEqual([120, 120, 120, 120]);
    expect((await balanceOf('6300')) - before).toBe(4n * 6000n + 8n * 50n);
    if (testDbKind() === 'postgres') {
      const largeIds = results.filter((_, i) => i % 3 === 0).map((r) => r.body.id);
      expect(await transactionsOf(largeIds)).toBe(4);
    }
  });

  it('posts 16 journals from 16 transactions at once (no group): distinct gapless numbers, no lost balance update', async () => {
    const before = await balanceOf('6100');
    const scope = { tenantId: tenant.tenantId, companyId: tenant.companyId, userId: admin.user.activeUser.code };
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        withTenant(t.platform.database.db, { tenantId: tenant.tenantId, userId: scope.userId, companies: 'all' }, (tx) =>
          postEntry(tx, scope, {
            kind: 'Standard', journalDate: '2026-06-09', description: `Separate ${i}`, source: { module: 'General Ledger', documentType: 'Journal' },
            lines: [
              { accountId: acct('6100').id, currency: 'USD', debitMinor: BigInt((i + 1) * 100), creditMinor: 0n },
              { accountId: acct('1010').id, currency: 'USD', debitMinor: 0n, creditMinor: BigInt((i + 1) * 100) },
            ],
          }),
        ),
      ),
    );
    const numbers = results.map((r) => Number(r.number.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => numbers[0]! + i));
    expect((await balanceOf('6100')) - before).toBe(13600n);
  });

  it('writes the entries posted side by side in one transaction (a group commit\'s calls) with as many statements as one entry', async () => {
    const scope = { tenantId: tenant.tenantId, companyId: tenant.companyId, userId: admin.user.activeUser.code };
    const entry = (i: number) => ({
      kind: 'Standard' as const, journalDate: '2026-06-09', description: `Side by side ${i}`, source: { module: 'General Ledger' as const, documentType: 'Journal' },
      lines: [
        { accountId: acct('6100').id, currency: 'USD', debitMinor: 100n, creditMinor: 0n },
        { accountId: acct('1010').id, currency: 'USD', debitMinor: 0n, creditMinor: 100n },
      ],
    });
    // Every statement of a transaction is a query its session prepares (Drizzle's builders, execute
    // and executePrepared alike), sent at each `execute` of it: counted there, a query sent twice counts twice.
    type Prepared = { execute: (...a: unknown[]) => unknown };
    const statementsOf = (entries: number) =>
      withTenant(t.platform.database.db, { tenantId: tenant.tenantId, userId: scope.userId, companies: 'all' }, async (tx) => {
        const session = (tx as unknown as { session: { prepareQuery: (...a: unknown[]) => Prepared } }).session;
        const prepare = session.prepareQuery.bind(session);
        let count = 0;
        session.prepareQuery = (...a: unknown[]) => {
          const prepared = prepare(...a);
          const execute = prepared.execute.bind(prepared);
          prepared.execute = (...b: unknown[]) => ((count += 1), execute(...b));
          return prepared;
        };
        const posted = await Promise.all(Array.from({ length: entries }, (_, i) => postEntry(tx, scope, entry(i))));
        expect(new Set(posted.map((p) => p.number)).size).toBe(entries);
        return count;
      });
    const one = await statementsOf(1);
    expect(one).toBeGreaterThan(0);
    expect(await statementsOf(8)).toBe(one);
  });

  it('numbers concurrent postings of two years each in its own counter, gapless, in one write', async () => {
    const fy = await call<{ id: string }>(t.app, tenant.host, 'POST', '/gl/fiscal-years', { code: 'FY2027', name: '2027', startDate: '2027-01-01', endDate: '2027-12-31' }, admin);
    await call(t.app, tenant.host, 'POST', `/gl/fiscal-years/${fy.body.id}/periods`, { pattern: 'monthly' }, admin);
    const dates = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? '2026-06-12' : '2027-02-10'));
    const results = await Promise.all(dates.map((journalDate, i) => post(t, tenant, admin, { journalDate, description: `Year ${i}`, lines: [line(acct('6400'), 'debit', '1.00'), line(acct('1010'), 'credit', '1.00')] })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const of = (year: string) => results.filter((_, i) => dates[i]!.startsWith(year)).map((r) => r.body.number!);
    expect(of('2027')).toEqual(['JV2027-000001', 'JV2027-000002', 'JV2027-000003', 'JV2027-000004', 'JV2027-000005']);
    const y2026 = of('2026').map((n) => Number(n.slice(-6)));
    expect(of('2026').every((n) => n.startsWith('JV2026-'))).toBe(true);
    expect(y2026).toEqual(Array.from({ length: 5 }, (_, i) => y2026[0]! + i));
    if (testDbKind() === 'postgres') expect(await transactionsOf(results.map((r) => r.body.id))).toBeLessThan(10);
  });

  it('runs the calls of a group again alone when the server refuses its commit', async () => {
    // A check at commit time (a deferred constraint trigger) that refuses one journal of the group.
    await asOwner(sql.raw(`create function test_refuse_at_commit() returns trigger language plpgsql as $$
      begin if new.description = 'Refused at commit' then raise exception 'refused at commit' using errcode = 'check_violation'; end if; return null; end $$`));
    await asOwner(sql.raw(`create constraint trigger test_refuse_at_commit after insert on journals deferrable initially deferred for each row execute function test_refuse_at_commit()`));
    try {
      const before = await balanceOf('6400');
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => post(t, tenant, admin, { journalDate: '2026-06-13', description: i === 6 ? 'Refused at commit' : `Supplies ${i}`, lines: [line(acct('6400'), 'debit', '2.00'), line(acct('1010'), 'credit', '2.00')] })),
      );
      expect(results.map((r) => r.status === 200)).toEqual(Array.from({ length: 12 }, (_, i) => i !== 6));
      expect(results[6]!.status).toBe(500);
      const numbers = results.filter((r) => r.status === 200).map((r) => Number(r.body.number!.slice(-6))).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 11 }, (_, i) => numbers[0]! + i));
      expect((await balanceOf('6400')) - before).toBe(2200n);
    } finally {
      await asOwner(sql.raw('drop trigger test_refuse_at_commit on journals'));
      await asOwner(sql.raw('drop function test_refuse_at_commit()'));
    }
  });

  it('answers each concurrent call as if alone: a failing call fails alone, one Idempotency-Key posts once', async () => {
    const before = await balanceOf('6300');
    const body = (i: number, account = acct('6300').id) => ({ journalDate: '2026-06-11', description: `Rent ${i}`, lines: [{ ...line(acct('6300'), 'debit', `${i}`), account }, line(acct('1010'), 'credit', `${i}`)] });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => {
        if (i === 5 || i === 11) return post(t, tenant, admin, body(i, '00000000-0000-4000-8000-000000000000'));
        if (i === 7 || i === 8) return post(t, tenant, admin, body(100), 'group-key-1');
        return post(t, tenant, admin, body(i + 1));
      }),
    );
    for (const i of [5, 11]) expect(results[i]!.body).toMatchObject({ statusCode: 422, message: 'Line 1: the account does not exist in this company' });
    expect(results[7]!.status).toBe(200);
    expect(results[8]!.body).toEqual(results[7]!.body);
    const ok = results.filter((_, i) => ![5, 11, 8].includes(i));
    expect(ok.map((r) => r.status)).toEqual(Array(13).fill(200));
    const numbers = ok.map((r) => Number(r.body.number!.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 13 }, (_, i) => numbers[0]! + i));
    const expected = [...Array(16).keys()].filter((i) => ![5, 11, 7, 8].includes(i)).reduce((sum, i) => sum + (i + 1) * 100, 0) + 100 * 100;
    expect((await balanceOf('6300')) - before).toBe(BigInt(expected));
  });
});

describe('property: random journals and reversals', () => {
  it('keep the trial balance at zero and every balance equal to the sum of its lines', async () => {
    const codes = ['1010', '1300', '2100', '3000', '4000', '4100', '5000', '6000', '6400'];
    const arbJournal = fc.record({
      lines: fc.array(fc.record({ code: fc.constantFrom(...codes), cents: fc.integer({ min: 1, max: 10_000_000 }), eur: fc.boolean() }), { minLength: 1, maxLength: 6 }),
      month: fc.integer({ min: 9, max: 12 }),
      reverse: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(arbJournal, async (j) => {
        const date = `2026-${String(j.month).padStart(2, '0')}-15`;
        const rate = j.month >= 6 ? 1.2 : 1.1;
        const lines = j.lines.map((l) => line(acct(l.code), 'debit', (l.cents / 100).toFixed(2), l.eur ? 'EUR' : 'USD'));
        // Close with one USD credit of the base total (rates 1.2 are exact in cents).
        const baseCents = j.lines.reduce((s, l) => s + Math.round(l.cents * (l.eur ? rate : 1)), 0);
        lines.push(line(acct('4000'), 'credit', (baseCents / 100).toFixed(2)));
        const res = await post(t, tenant, admin, { journalDate: date, description: 'random', lines });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
        if (j.reverse) {
          const rev = await call(t.app, tenant.host, 'POST', `/gl/journals/${res.body.id}/reverse`, { date: '2026-12-20' }, admin);
          if (rev.status !== 200) throw new Error(JSON.stringify(rev.body));
        }
        return true;
      }),
      { numRuns: 25 },
    );
    const tb = (await call<{ balanced: boolean }>(t.app, tenant.host, 'GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31', undefined, admin)).body;
    expect(tb.balanced).toBe(true);
    const mismatch = await asApp(async (tx) =>
      rowsOf(await tx.execute(sql`
        with lines as (select account_id, period_id, currency, dimension_set_id, sum(debit_minor) d, sum(credit_minor) c, sum(base_debit_minor) bd, sum(base_credit_minor) bc
          from ledger_entries group by 1, 2, 3, 4)
        select * from lines l full join account_balances b using (account_id, period_id, currency, dimension_set_id)
        where b.debit_minor is distinct from l.d or b.credit_minor is distinct from l.c or b.base_debit_minor is distinct from l.bd or b.base_credit_minor is distinct from l.bc`)),
    );
    expect(mismatch).toEqual([]);
    // The day balances too, for everything this file posted (groups, savepoints, immediate flushes, reversals).
    const dayMismatch = await asApp(async (tx) =>
      rowsOf(await tx.execute(sql`
        with lines as (select account_id, period_id, entry_date, currency, dimension_set_id, sum(debit_minor) d, sum(credit_minor) c, sum(base_debit_minor) bd, sum(base_credit_minor) bc
          from ledger_entries group by 1, 2, 3, 4, 5)
        select * from lines l full join account_day_balances b using (account_id, period_id, entry_date, currency, dimension_set_id)
        where b.debit_minor is distinct from l.d or b.credit_minor is distinct from l.c or b.base_debit_minor is distinct from l.bd or b.base_credit_minor is distinct from l.bc`)),
    );
    expect(dayMismatch).toEqual([]);
    const [days] = await asApp(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from account_day_balances`)));
    expect(days!.n).toBeGreaterThan(0);
  });
});

/** How many transactions wrote these journals (the transaction id each header row was inserted by). */
async function transactionsOf(ids: string[]): Promise<number> {
  const [row] = await asApp(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select count(distinct xmin::text)::int as n from journals where id = any(${`{${ids.join(',')}}`}::uuid[])`)));
  return row!.n;
}

async function balanceOf(code: string): Promise<bigint> {
  const [row] = await asApp(async (tx) =>
    rowsOf<{ v: string | null }>(await tx.execute(sql`select sum(base_debit_minor - base_credit_minor)::text as v from account_balances where account_id = ${acct(code).id}`)),
  );
  return BigInt(row?.v ?? '0');
}
