// Shared set-up and truths of the payment tests (issue 16): a company with books open for 2026, a
// bank per currency, the profile accounts payments need, a write-off tolerance; and the invariants
// every flow keeps (open items against allocations and credits, against the party balances, tie-out).
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EntityRecord, ErrorObject, SubledgerTieout } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { withTenant } from '../../src/platform/db/tenancy';
import { adminOf, call, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { openBooks, type Books } from '../ledger/helpers';
import { expectAgeingKept } from './ageing-oracle';

export type PaymentWorld = {
  tenant: TestTenant;
  admin: Session;
  books: Books;
  banks: Record<string, string>;
  api: <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => Promise<{ status: number; body: T & ErrorObject }>;
  ok: <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => Promise<T>;
  query: <T>(q: ReturnType<typeof sql>) => Promise<T[]>;
  acct: (code: string) => string;
};

export async function paymentWorld(t: TestApp, code: string): Promise<PaymentWorld> {
  const { tenant, admin } = await adminOf(t, code);
  const books = await openBooks(t, tenant, admin);
  const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => call<T & ErrorObject>(t.app, tenant.host, method, url, body, admin);
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> => {
    const res = await api<T>(method, url, body);
    expect(res.status, `${method} ${url}: ${res.body?.message}`).toBe(200);
    return res.body;
  };
  const acct = (c: string) => books.accounts.get(c)!.id;
  const query = <T>(q: ReturnType<typeof sql>) => withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) => rowsOf<T>(await tx.execute(q)));
  const currencies = (await ok<{ items: EntityRecord[] }>('GET', '/gl/currencies?limit=100')).items;
  const group = await ok<EntityRecord>('POST', '/cm/bank-groups', { code: 'OPS', name: 'Operating' });
  const banks: Record<string, string> = {};
  for (const c of ['USD', 'EUR']) {
    banks[c] = (await ok<EntityRecord>('POST', '/cm/banks', { code: c, name: `${c} account`, bankGroup: group.id, account: acct('1020'), currency: currencies.find((x) => x.code === c)!.id, accountNumber: '0123456789', nextChequeNumber: 500, nextTransferNumber: 10 })).id;
  }
  // The accounts payments need beyond a new company's profiles: the receivables discount, both write-offs.
  const profiles = (await ok<{ items: EntityRecord[] }>('GET', '/gl/posting-profiles?limit=50')).items;
  for (const p of profiles.filter((x) => x.module === 'Account Payable' || x.module === 'Account Receivable')) {
    const { id, createdAt, updatedAt, tenantId, companyId, ...fields } = p;
    void createdAt; void updatedAt; void tenantId; void companyId;
    await ok('PUT', `/gl/posting-profiles/${id}`, { ...fields, discountAccount: p.module === 'Account Receivable' ? acct('6900') : p.discountAccount, writeOffAccount: acct('6900') });
  }
  for (const module of ['Account Payable', 'Account Receivable']) await ok('POST', '/gl/module-configs', { module, setting: 'PaymentWriteOffTolerance', value: '0.05' });
  return { tenant, admin, books, banks, api, ok, query, acct };
}

/**
 * Every document's open items fell by exactly its active allocations (amount, discount, write-off,
 * signed by the item) and the credit notes applied to it; each party's open items less its payments'
 * amounts on account equal its balance per currency; the control accounts tie out at each date.
 */
export async function expectInvariants(w: PaymentWorld, dates = ['2026-03-31', '2026-08-31', '2026-12-31']): Promise<void> {
  const broken = await w.query(sql`
    with settled as (
      select o.invoice_id, sum(o.amount_minor - o.remaining_minor) as taken from open_items o group by 1
    ), allocated as (
      select o.invoice_id, sum(case when o.amount_minor < 0 then -1 else 1 end * (a.amount_minor + a.discount_minor + a.write_off_minor)) as amount
      from payment_allocations a join open_items o on o.id = a.open_item_id where a.status = 'Active' group by 1
    ), credited as (
      select d, sum(amount) as amount from (select invoice_id as d, amount_minor as amount from invoice_credits union all select credit_note_id, -amount_minor from invoice_credits) c group by 1
    )
    select s.invoice_id, s.taken, a.amount, c.amount from settled s left join allocated a using (invoice_id) left join credited c on c.d = s.invoice_id
    where s.taken <> coalesce(a.amount, 0) + coalesce(c.amount, 0)`);
  expect(broken).toEqual([]);
  const negative = await w.query(sql`select id from open_items where (amount_minor > 0 and (remaining_minor < 0 or remaining_minor > amount_minor)) or (amount_minor < 0 and (remaining_minor > 0 or remaining_minor < amount_minor))`);
  expect(negative).toEqual([]);
  const unequal = await w.query(sql`
    with items as (select party_id, currency, side, sum(remaining_minor) as remaining from open_items group by 1, 2, 3),
    account as (select party_id, currency, side, -sum(unallocated_minor) as remaining from payments where status = 'Posted' group by 1, 2, 3),
    balances as (select party_id, currency, case when party_type = 'Vendor' then 'payables' else 'receivables' end as side,
      sum(case when party_type = 'Vendor' then credit_minor - debit_minor else debit_minor - credit_minor end) as balance from party_balances group by 1, 2, 3)
    select * from (select party_id, currency, side, sum(remaining) as remaining from (select * from items union all select * from account) u group by 1, 2, 3) i
      full join balances b using (party_id, currency, side) where coalesce(i.remaining, 0) <> coalesce(b.balance, 0)`);
  expect(unequal).toEqual([]);
  for (const asOf of dates) {
    const report = await w.ok<SubledgerTieout>('GET', `/gl/subledger-tieout?asOf=${asOf}`);
    expect(report.tiesOut, asOf).toBe(true);
  }
  // The ageing's maintained lines and sums equal their recomputation, and the ageing rebuilt from the documents, on days around the flows' dates.
  await expectAgeingKept(w, ['2026-03-03', '2026-06-25', '2026-12-01', '2026-12-02', '2026-12-31']);
}
