// Two payments allocating the same open item at once never over-settle it (issue 16), on real
// PostgreSQL: drafts that together ask for more than the item has are posted in parallel, each in its
// own transaction; the items are locked in one order and taken off by a conditional update, so the
// ones that fit post and the others are refused, and the item's remaining is its amount less exactly
// what the posted ones took. (PGlite has one connection: nothing runs at once there.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faces, sides, type EntityRecord, type ErrorObject, type InvoiceView, type PaymentView, type Side, type SubledgerTieout } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { withTenant } from '../../src/platform/db/tenancy';
import { testDbKind } from '../helpers/databases';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { openBooks, type Books } from '../ledger/helpers';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
let bank: string;
const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T & ErrorObject>(t.app, tenant.host, method, url, body, admin);
const acct = (code: string) => books.accounts.get(code)!.id;
async function ok<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  expect(res.status, `${method} ${url}: ${res.body?.message}`).toBe(200);
  return res.body;
}
const query = <T>(q: ReturnType<typeof sql>) => withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) => rowsOf<T>(await tx.execute(q)));

describe.skipIf(testDbKind() !== 'postgres')('payments at once on the same open items (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    ({ tenant, admin } = await adminOf(t, 'PAYRACE'));
    books = await openBooks(t, tenant, admin);
    const usd = (await ok<{ items: EntityRecord[] }>('GET', '/gl/currencies?limit=100')).items.find((c) => c.code === 'USD')!;
    const group = await ok<EntityRecord>('POST', '/cm/bank-groups', { code: 'OPS', name: 'Operating' });
    bank = (await ok<EntityRecord>('POST', '/cm/banks', { code: 'MAIN', name: 'Main', bankGroup: group.id, account: acct('1020'), currency: usd.id, accountNumber: '0123456789' })).id;
  });
  afterAll(() => t?.close());

  it.each(sides)('%s: of six payments of 40.00 on an item of 100.00 (and one of two items in opposite order), two fit and the rest are refused', async (side: Side) => {
    const face = faces[side];
    const groups = (await ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items;
    const party = (await ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code: `RACE${side}`, name: 'Race', group: groups.find((g) => g.code === 'LOCAL')!.id })).id;
    const inv = (amount: string) => ok<InvoiceView>('POST', `/${face.service}/${face.partyWord}-invoices/post`, { party, documentDate: '2026-03-01', description: 'Race', lines: [{ account: acct(side === 'payables' ? '6100' : '4000'), unitPrice: amount }] });
    const [a, b] = [await inv('100.00'), await inv('100.00')];
    const itemOf = async (id: string) => (await query<{ id: string; remaining: string }>(sql`select id, remaining_minor::text as remaining from open_items where invoice_id = ${id}::uuid`))[0]!;
    const [ia, ib] = [await itemOf(a.id), await itemOf(b.id)];
    const base = `/${face.service}/${face.partyWord}-payments`;
    // Each draft takes 40.00 of A; every other one also 40.00 of B, naming B first (the locks are still taken in one order).
    const drafts = await Promise.all(Array.from({ length: 6 }, (_, i) => ok<PaymentView>('POST', base, {
      bank, party, documentDate: '2026-03-10', amount: i % 2 ? '80.00' : '40.00', description: `Racer ${i}`,
      allocations: i % 2 ? [{ openItem: ib.id, amount: '40.00' }, { openItem: ia.id, amount: '40.00' }] : [{ openItem: ia.id, amount: '40.00' }],
    })));
    const results = await Promise.all(drafts.map((d) => api<PaymentView>('POST', `${base}/${d.id}/post`)));
    const posted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 422), JSON.stringify(refused.map((r) => r.body))).toBe(true);
    expect(posted).toHaveLength(2);
    // What the posted ones took, and nothing more: never below zero.
    const takenA = posted.length * 4000;
    const takenB = posted.filter((r) => r.body.allocations.length === 2).length * 4000;
    expect([(await itemOf(a.id)).remaining, (await itemOf(b.id)).remaining]).toEqual([String(10000 - takenA), String(10000 - takenB)]);
    const allocated = await query<{ item: string; taken: string }>(sql`select open_item_id as item, sum(amount_minor)::text as taken from payment_allocations where status = 'Active' and open_item_id in (${ia.id}::uuid, ${ib.id}::uuid) group by 1`);
    expect(Object.fromEntries(allocated.map((r) => [r.item, r.taken]))).toEqual({ [ia.id]: String(takenA), ...(takenB ? { [ib.id]: String(takenB) } : {}) });
    // Refused drafts stay drafts; nothing half-written.
    for (const r of refused) expect(r.body.message).toMatch(/already settled|has 20\.00 left|has 60\.00 left|settled by another payment/);
    const tieout = await ok<SubledgerTieout>('GET', '/gl/subledger-tieout?asOf=2026-12-31');
    expect(tieout.tiesOut).toBe(true);
  });
});
