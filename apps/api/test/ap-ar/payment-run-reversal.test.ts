// Reversing a posted payment run is set-based (issue 16): two vendor runs by cheque of 200 payments
// each (EUR, foreign to the USD base, and USD), over invoices half of them with an early-payment
// discount taken, are reversed in one transaction each: every payment Reversed with its allocations,
// every entry reversed through the port, every open item back to what it had left before the run, each
// payment's reversal audited, the cheque numbers the payments took kept (and none taken by the
// reversal), and the tie-out, ageing, party balances and trial balance exact. On PostgreSQL the
// statements a reversal's transaction sends are counted at the driver: a run of 200 payments sends as
// many as a run of 3 (they do not grow with the payments).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EntityImportResult, InvoiceView, PaymentRunProposal, PaymentRunView, TrialBalance } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testDbKind } from '../helpers/databases';
import { expectInvariants, paymentWorld, type PaymentWorld } from './payment-world';

let t: TestApp;
let w: PaymentWorld;
const N = 200;
const SMALL = 3;
const runs = '/ap/vendor-payment-runs';
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n')).toString('base64');
const code = (i: number) => `RR${String(i).padStart(3, '0')}`;
const amount = (i: number, currency: string) => `${100 + ((i * 37) % 900) + (currency === 'EUR' ? 0 : 7)}.${String((i * 13) % 100).padStart(2, '0')}`;

/**
 * The statements sent through node-postgres while `fn` runs (none on PGlite), on the connections that
 * wrote `payment_runs` (the request's transaction: the app's jobs and pool share the driver).
 */
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const sent: { client: unknown; text: string }[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    sent.push({ client: this, text: typeof q === 'string' ? q : (q.text ?? '') });
    return original.apply(this, args);
  };
  try {
    const result = await fn();
    const ours = new Set(sent.filter((s) => /^update "payment_runs"/.test(s.text)).map((s) => s.client));
    return { result, statements: sent.filter((s) => ours.has(s.client)).map((s) => s.text) };
  } finally {
    proto.query = original;
  }
}

/** In groups, so a group commit may post them together (PGlite serialises them anyway). */
async function inGroups<T>(items: T[], size: number, f: (item: T) => Promise<unknown>): Promise<void> {
  for (let k = 0; k < items.length; k += size) await Promise.all(items.slice(k, k + size).map(f));
}

const vendors = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'RUNREVERSE');
  const file = { fileName: 'vendors.csv', contentBase64: csv([['Code', 'Name', 'Vendor Group'], ...Array.from({ length: N + SMALL }, (_, i) => [code(i + 1), `Vendor ${i + 1}`, 'LOCAL'])]), mode: 'all', dryRun: false };
  expect(await w.ok<EntityImportResult>('POST', '/ap/vendors/import', file)).toMatchObject({ created: N + SMALL, errors: [] });
  for (const v of await w.query<{ id: string; code: string }>(sql`select id, code from vendors where code like 'RR%'`)) vendors.set(v.code, v.id);
  // Each of the 200 vendors has an EUR and a USD invoice (every other one with a discount until 20 March); the 3 others an EUR invoice.
  const invoices = [
    ...Array.from({ length: N }, (_, i) => [i + 1, 'EUR'] as const), ...Array.from({ length: N }, (_, i) => [i + 1, 'USD'] as const),
    ...Array.from({ length: SMALL }, (_, i) => [N + i + 1, 'EUR'] as const),
  ];
  await inGroups(invoices, 10, ([i, currency]) => {
    const gross = amount(i, currency);
    const discount = i % 2 === 0 ? { discountDate: '2026-03-20', discountAmount: `${1 + (i % 7)}.50` } : {};
    return w.ok<InvoiceView>('POST', '/ap/vendor-invoices/post', {
      party: vendors.get(code(i)), documentDate: '2026-03-01', currency, description: `Run reversal ${i}`,
      lines: [{ account: w.acct('6100'), quantity: '1', unitPrice: gross }], instalments: [{ dueDate: '2026-03-31', amount: gross, ...discount }],
    });
  });
}, 900_000);
afterAll(() => t.close());

type ItemState = { id: string; remaining: string; status: string };
const items = () => w.query<ItemState>(sql`select o.id, o.remaining_minor::text as remaining, o.status from open_items o join vendors v on v.id = o.party_id
  where o.side = 'payables' and v.code like 'RR%' order by o.id`);

/** A run by cheque from the currency's bank paying the proposal's items of the vendors given, posted. */
async function postedRun(currency: 'EUR' | 'USD', codes: string[]): Promise<PaymentRunView> {
  const criteria = { bank: w.banks[currency]!, paymentDate: '2026-03-18', method: 'Cheque', basis: 'Due date', upTo: '2026-03-31' };
  const proposal = await w.ok<PaymentRunProposal>('GET', `${runs}/proposal?${new URLSearchParams(criteria).toString()}`);
  const wanted = new Set(codes);
  const lines = proposal.lines.filter((l) => wanted.has(l.partyCode));
  expect(lines).toHaveLength(codes.length);
  const draft = await w.ok<PaymentRunView>('POST', runs, { ...criteria, description: `${currency} run`, lines: lines.map((l) => ({ openItem: l.openItem, amount: l.amount, discount: l.discount })) });
  return w.ok<PaymentRunView>('POST', `${runs}/${draft.id}/post`);
}

const chequeNumbers = async (runId: string) => w.query<{ id: string; bank_number: string; status: string }>(sql`select distinct p.id, p.bank_number, p.status from payments p
  join payment_run_lines l on l.payment_id = p.id where l.run_id = ${runId}::uuid order by p.id`);
const nextCheque = async (currency: string) => (await w.query<{ n: number }>(sql`select next_cheque_number::int as n from banks where id = ${w.banks[currency]!}::uuid`))[0]!.n;

describe('reversing a posted payment run', () => {
  it('reverses runs of 200 payments in two currencies with discounts as one batch: items restored, entries reversed, audited, tied out, in as many statements as a run of 3', async () => {
    const before = await items();
    expect(before).toHaveLength(2 * N + SMALL);
    const big = { EUR: await postedRun('EUR', Array.from({ length: N }, (_, i) => code(i + 1))), USD: await postedRun('USD', Array.from({ length: N }, (_, i) => code(i + 1))) };
    const small = await postedRun('EUR', Array.from({ length: SMALL }, (_, i) => code(N + i + 1)));
    expect(big.EUR.discount).not.toBe('0.00');
    expect((await items()).every((i) => i.remaining === '0' && i.status === 'Closed')).toBe(true);
    await expectInvariants(w);
    const cheques = { EUR: await chequeNumbers(big.EUR.id), USD: await chequeNumbers(big.USD.id) };
    expect(cheques.EUR).toHaveLength(N);
    const next = { EUR: await nextCheque('EUR'), USD: await nextCheque('USD') };

    const reverse = (run: PaymentRunView) => counted(() => w.ok<PaymentRunView>('POST', `${runs}/${run.id}/reverse`, { date: '2026-03-25' }));
    const one = await reverse(small);
    const eur = await reverse(big.EUR);
    const usd = await reverse(big.USD);
    for (const r of [one, eur, usd]) expect(r.result.status).toBe('Reversed');

    // Every item back to what it had left before the runs; every payment Reversed, its cheque number kept; no cheque number taken.
    expect(await items()).toEqual(before);
    for (const currency of ['EUR', 'USD'] as const) {
      expect(await chequeNumbers(big[currency].id)).toEqual(cheques[currency].map((c) => ({ ...c, status: 'Reversed' })));
      expect(await nextCheque(currency)).toBe(next[currency]);
    }
    const paymentIds = [...cheques.EUR, ...cheques.USD].map((c) => c.id);
    const [left] = await w.query<{ active: number; entries: number; reversed: number; audited: number }>(sql`select
        (select count(*)::int from payment_allocations a where a.payment_id = any(${`{${paymentIds.join(',')}}`}::uuid[]) and a.status <> 'Reversed') as active,
        (select count(*)::int from payments p join journals j on j.id = p.journal_id where p.id = any(${`{${paymentIds.join(',')}}`}::uuid[])) as entries,
        (select count(*)::int from payments p join journals j on j.id = p.journal_id join journals r on r.id = j.reversed_by and r.reversal_of = j.id and r.status = 'Posted' and r.kind = 'Reversal'
          where j.status = 'Reversed' and r.journal_date = '2026-03-25' and p.id = any(${`{${paymentIds.join(',')}}`}::uuid[])) as reversed,
        (select count(*)::int from audit_log l where l.entity = 'vendorPayment' and l.action = 'edit' and l.after->>'status' = 'Reversed' and l.record_id = any(${`{${paymentIds.join(',')}}`}::text[])) as audited`);
    expect(left).toEqual({ active: 0, entries: 2 * N, reversed: 2 * N, audited: 2 * N });
    await expectInvariants(w);
    const tb = await w.ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
    expect(tb.balanced).toBe(true);

    if (testDbKind() === 'postgres') {
      if (process.env.SHOW_STATEMENTS) for (const r of [one, eur]) console.log(r.statements.map((s, i) => `${i + 1}. ${s.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n'));
      console.log(`run reversal: ${one.statements.length} statements for ${SMALL} payments, ${eur.statements.length} for ${N} (EUR), ${usd.statements.length} for ${N} (USD)`);
      expect(one.statements.length).toBeGreaterThan(0);
      // The EUR runs read the rate of their date for the approval amount (a run in the base currency does not): the same or fewer.
      expect(eur.statements.length).toBe(one.statements.length);
      expect(usd.statements.length).toBeLessThanOrEqual(one.statements.length);
    }
  }, 900_000);
});
