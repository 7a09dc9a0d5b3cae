// Random flows of invoices, credit notes (linked, refused past what is left to credit, standing alone) and full
// reversals of both faces, in two currencies, through the API (property, fast-check): after every flow
// the control accounts tie out to their parties at several dates, and each party's open items (what is
// left to settle, in the invoice direction) equal its control balance in each currency to the cent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { faces, sides, type CreditNoteView, type EntityRecord, type ErrorObject, type InvoiceView, type Side, type SubledgerTieout } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { withTenant } from '../../src/platform/db/tenancy';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { openBooks, type Books } from '../ledger/helpers';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T & ErrorObject>(t.app, tenant.host, method, url, body, admin);
const acct = (code: string) => books.accounts.get(code)!.id;
const parties: Record<Side, string[]> = { payables: [], receivables: [] };
const taxes: string[] = [];
/** Posted invoices of the flows not reversed yet, per side, with whether a credit note touched them. */
const open: Record<Side, { id: string; party: string; currency: string; credited: boolean }[]> = { payables: [], receivables: [] };

async function ok<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  expect(res.status, `${method} ${url}: ${res.body?.message}`).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'APFLOWS'));
  books = await openBooks(t, tenant, admin);
  for (const [code, rate] of [['VAT20', '20'], ['VAT7', '7.5']] as const) {
    taxes.push((await ok<EntityRecord>('POST', '/gl/taxes', { code, name: code, rate, kind: 'Both', inputAccount: acct('1400'), outputAccount: acct('2200') })).id);
  }
  for (const side of sides) {
    const face = faces[side];
    const group = (await ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items.find((g) => g.code === 'LOCAL')!;
    for (const code of ['P1', 'P2', 'P3']) parties[side].push((await ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code, name: code, group: group.id })).id);
  }
});
afterAll(() => t.close());

// At least 1.00: half of 0.01 less a discount rounds to a zero line, and a document of zero is refused (rightly).
const amount = fc.integer({ min: 100, max: 500_000 }).map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
const line = fc.record({ quantity: fc.constantFrom('1', '2', '0.5', '3.25'), unitPrice: amount, discountPercent: fc.constantFrom(undefined, '10', '2.5'), tax: fc.constantFrom(-1, 0, 1), taxInclusive: fc.boolean() });
const step = fc.oneof(
  fc.record({ kind: fc.constant('invoice' as const), side: fc.constantFrom(...sides), party: fc.nat({ max: 2 }), currency: fc.constantFrom('USD', 'EUR'), month: fc.integer({ min: 1, max: 11 }), lines: fc.array(line, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('credit' as const), side: fc.constantFrom(...sides), pick: fc.nat(), linked: fc.boolean(), line, month: fc.integer({ min: 1, max: 11 }) }),
  fc.record({ kind: fc.constant('reverse' as const), side: fc.constantFrom(...sides), pick: fc.nat() }),
);

type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;
const date = (month: number, day = 15) => `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const lineBody = (side: Side, l: Of<typeof line>) => ({
  account: acct(side === 'payables' ? '6100' : '4000'), quantity: l.quantity, unitPrice: l.unitPrice, ...(l.discountPercent ? { discountPercent: l.discountPercent } : {}),
  ...(l.tax >= 0 ? { tax: taxes[l.tax] } : {}), taxInclusive: l.taxInclusive,
});

async function run(s: Of<typeof step>): Promise<void> {
  const face = faces[s.side];
  const base = `/${face.service}/${face.partyWord}`;
  if (s.kind === 'invoice') {
    const party = parties[s.side][s.party]!;
    const draft = await ok<InvoiceView>('POST', `${base}-invoices`, { party, documentDate: date(s.month), currency: s.currency, description: 'Flow', lines: s.lines.map((l) => lineBody(s.side, l)) });
    await ok('POST', `${base}-invoices/${draft.id}/post`);
    open[s.side].push({ id: draft.id, party, currency: s.currency, credited: false });
    return;
  }
  const list = open[s.side];
  if (s.kind === 'credit') {
    const inv = list.length && s.linked ? list[s.pick % list.length]! : undefined;
    const party = inv?.party ?? parties[s.side][s.pick % 3]!;
    const saved = await api<CreditNoteView>('POST', `${base}-credit-notes`, {
      party, documentDate: date(s.month, 20), description: 'Flow credit', currency: inv?.currency ?? 'USD', lines: [lineBody(s.side, s.line)], ...(inv ? { invoice: inv.id } : {}),
    });
    if (inv && saved.status === 422) {
      // More than the invoice has left to credit is refused at save (nothing written): it must really be more.
      const refusal = /has ([\d.]+) \w+ left to credit; this credit note is ([\d.]+) /.exec(saved.body.message);
      expect(refusal, saved.body.message).not.toBeNull();
      expect(Number(refusal![2])).toBeGreaterThan(Number(refusal![1]));
      if (Number(refusal![1]) === 0) return;
      // Then exactly what is left is credited (the boundary): the invoice is fully credited.
      const rest = await ok<CreditNoteView>('POST', `${base}-credit-notes/post`, {
        party, invoice: inv.id, documentDate: date(s.month, 20), description: 'Flow credit of the rest', currency: inv.currency, lines: [{ account: lineBody(s.side, s.line).account, unitPrice: refusal![1] }],
      });
      expect(rest).toMatchObject({ status: 'Posted', applied: refusal![1] });
      inv.credited = true;
      return;
    }
    expect(saved.status, saved.body.message).toBe(200);
    await ok('POST', `${base}-credit-notes/${saved.body.id}/post`);
    if (inv) inv.credited = true;
    return;
  }
  const candidates = list.filter((i) => !i.credited);
  if (!candidates.length) return;
  const inv = candidates[s.pick % candidates.length]!;
  const reversal = await ok<CreditNoteView>('POST', `${base}-credit-notes`, { kind: 'Reversal', invoice: inv.id, party: inv.party, documentDate: date(12, 1), description: 'Flow reversal' });
  await ok('POST', `${base}-credit-notes/${reversal.id}/post`);
  list.splice(list.indexOf(inv), 1);
}

/** Per party and currency: the open items' remaining (invoice direction) against the control balance (the same direction). */
async function openItemsAgainstBalances(): Promise<unknown[]> {
  return withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) =>
    rowsOf(await tx.execute(sql`
      with items as (
        select party_id, currency, side, sum(remaining_minor) as remaining from open_items group by 1, 2, 3
      ), balances as (
        select party_id, currency, case when party_type = 'Vendor' then 'payables' else 'receivables' end as side,
          sum(case when party_type = 'Vendor' then credit_minor - debit_minor else debit_minor - credit_minor end) as balance
        from party_balances group by 1, 2, 3
      )
      select * from items i full join balances b using (party_id, currency, side)
      where coalesce(i.remaining, 0) <> coalesce(b.balance, 0)`)),
  );
}

/** The list's maintained counts (0051) against a count of the invoices themselves: the combinations where they differ. */
async function countsAgainstInvoices(): Promise<unknown[]> {
  return withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) =>
    rowsOf(await tx.execute(sql`
      with counted as (
        select company_id, side, kind, status, party_id, currency, count(*) as n from invoices group by 1, 2, 3, 4, 5, 6
      ), kept as (
        select company_id, side, kind, status, party_id, currency, documents as n from invoice_list_counts
      )
      select * from counted c full join kept k using (company_id, side, kind, status, party_id, currency)
      where coalesce(c.n, 0) <> coalesce(k.n, 0)`)),
  );
}

describe('random flows of invoices, credit notes and reversals', () => {
  it('keep the tie-out exact and the open items equal to the party balances (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        for (const s of steps) await run(s);
        for (const asOf of ['2026-03-31', '2026-08-31', '2026-12-31']) {
          const report = (await ok<SubledgerTieout>('GET', `/gl/subledger-tieout?asOf=${asOf}`));
          expect(report.tiesOut, asOf).toBe(true);
        }
        expect(await openItemsAgainstBalances()).toEqual([]);
        expect(await countsAgainstInvoices()).toEqual([]);
        return true;
      }),
      { numRuns: 12 },
    );
    // The flows did post invoices and credit notes (the property is not vacuous).
    const count = async (resource: string, status: string) => (await ok<{ total: number }>('GET', `${resource}?limit=1&status=${status}`)).total;
    const posted = sides.map((side) => `/${faces[side].service}/${faces[side].partyWord}`);
    expect((await Promise.all(posted.map((p) => count(`${p}-invoices`, 'Posted')))).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect((await Promise.all(posted.map((p) => count(`${p}-credit-notes`, 'Posted')))).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const tax = await ok<{ accounts: { tiesOut: boolean; accountCode: string }[] }>('GET', '/gl/tax-report?from=2026-01-01&to=2026-12-31');
    for (const a of tax.accounts) expect(a.tiesOut, a.accountCode).toBe(true);
  });
});
