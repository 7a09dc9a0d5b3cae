// How many SQL statements one post makes (issue 15 benchmark 8, issue 19's interactive posting): the
// statements a posting sends to PostgreSQL, counted at the driver, for a three-line vendor invoice
// with tax posted in one call (as bench 8 posts it) and a five-line journal of the same size. Round
// trips are what a group commit's one connection serialises, so the counts are kept from growing.
// Counted on PostgreSQL (the driver every call goes through); PGlite runs the same code.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRecord, ErrorObject, InvoiceView, JournalView } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { testDbKind } from '../helpers/databases';
import { openBooks, type Books } from '../ledger/helpers';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
let vat: string;
let vendor: string;
const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T & ErrorObject>(t.app, tenant.host, method, url, body, admin);
const acct = (code: string) => books.accounts.get(code)!.id;

/** The statements sent through node-postgres while `fn` runs. */
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const statements: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    statements.push(typeof q === 'string' ? q : (q.text ?? ''));
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), statements };
  } finally {
    proto.query = original;
  }
}

const invoice = () => ({
  party: vendor, documentDate: '2026-03-15', description: 'Counted invoice',
  lines: ['6000', '6100', '6200'].map((code, i) => ({ account: acct(code), quantity: String(i + 1), unitPrice: '123.45', tax: vat })),
});
const journal = () => ({
  journalDate: '2026-03-15', description: 'Counted journal',
  lines: [
    { account: acct('6000'), currency: 'USD', debit: '100.00' }, { account: acct('6100'), currency: 'USD', debit: '200.00' }, { account: acct('6200'), currency: 'USD', debit: '300.00' },
    { account: acct('1400'), currency: 'USD', debit: '120.00' }, { account: acct('2100'), currency: 'USD', credit: '720.00' },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'STMTS'));
  books = await openBooks(t, tenant, admin);
  vat = (await api<EntityRecord>('POST', '/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', inputAccount: acct('1400'), outputAccount: acct('2200') })).body.id;
  const group = (await api<{ items: EntityRecord[] }>('GET', '/ap/vendor-groups?limit=50')).body.items.find((g) => g.code === 'LOCAL')!;
  vendor = (await api<EntityRecord>('POST', '/ap/vendors', { code: 'CNT', name: 'Counted vendor', group: group.id })).body.id;
  // Warm: the first call of each kind reads what later ones find cached.
  const warm = await api<InvoiceView>('POST', '/ap/vendor-invoices/post', invoice());
  expect(warm.status, warm.body.message).toBe(200);
  expect((await api<JournalView>('POST', '/gl/journals/post', journal())).status).toBe(200);
});
afterAll(() => t.close());

describe.runIf(testDbKind() === 'postgres')('statements per posting (PostgreSQL driver)', () => {
  it('a three-line vendor invoice with tax, created and posted in one call', async () => {
    const { result, statements } = await counted(() => api<InvoiceView>('POST', '/ap/vendor-invoices/post', invoice()));
    expect(result.status, result.body.message).toBe(200);
    if (process.env.SHOW_STATEMENTS) console.log(statements.map((s, i) => `${i + 1}. ${s.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n'));
    console.log(`invoice post: ${statements.length} statements`);
    expect(statements.length).toBeLessThanOrEqual(8);
    // The answer is built from what was written: it is the view read back.
    expect((await api<InvoiceView>('GET', `/ap/vendor-invoices/${result.body.id}`)).body).toEqual(result.body);
  });

  it('a five-line journal posted in one call', async () => {
    const { result, statements } = await counted(() => api<JournalView>('POST', '/gl/journals/post', journal()));
    expect(result.status, result.body.message).toBe(200);
    if (process.env.SHOW_STATEMENTS) console.log(statements.map((s, i) => `${i + 1}. ${s.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n'));
    console.log(`journal post: ${statements.length} statements`);
    expect(statements.length).toBeLessThanOrEqual(6);
  });
});

describe('invoices posted at once (a group commit on PostgreSQL)', () => {
  it('take distinct gapless numbers in the order of their sequence, and a refused one takes none', async () => {
    const before = await api<{ items: { number: string }[] }>('GET', '/ap/vendor-invoices?limit=1&sort=-number');
    const last = Number(before.body.items[0]!.number.slice(-6));
    const refused = { ...invoice(), party: '00000000-0000-4000-8000-000000000000' };
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => api<InvoiceView>('POST', '/ap/vendor-invoices/post', i === 7 ? refused : invoice())));
    expect(answers[7]!.status).toBe(422);
    const numbers = answers.filter((_, i) => i !== 7).map((a) => {
      expect(a.status, a.body.message).toBe(200);
      return Number(a.body.number!.slice(-6));
    });
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => last + 1 + i));
  });
});
