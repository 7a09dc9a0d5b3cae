// Ageing as of any day (issue 16), both faces, through the API on the real database: invoices with
// two instalments, a credit note against an invoice, partial payments, an over-payment kept on
// account, an un-allocation and a reversal, each dated. As of each day the lines are rebuilt from
// what was dated by then (not today's remaining), and the totals in base equal the control
// accounts' balances of that day (the ledger's tie-out report); per currency they equal the
// control lines of the party up to that day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faces, sides, type AgeingItemsPage, type AgeingReport, type EntityRecord, type InvoiceView, type PaymentView, type Side, type SubledgerTieout } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { paymentWorld, type PaymentWorld } from './payment-world';
import { expectAgeingKept } from './ageing-oracle';

let t: TestApp;
let w: PaymentWorld;
const party: Record<Side, string> = { payables: '', receivables: '' };
const other: Record<Side, string> = { payables: '', receivables: '' };
const group: Record<Side, string> = { payables: '', receivables: '' };
const base = (side: Side) => `/${faces[side].service}/${faces[side].partyWord}`;

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'AGEING');
  for (const side of sides) {
    const face = faces[side];
    group[side] = (await w.ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items.find((g) => g.code === 'LOCAL')!.id;
    party[side] = (await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code: 'A1', name: 'Ageing one', group: group[side] })).id;
    other[side] = (await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code: 'A2', name: 'Ageing two', group: group[side] })).id;
  }
});
afterAll(() => t.close());

const DAYS = ['2026-01-15', '2026-02-05', '2026-02-15', '2026-02-25', '2026-03-05', '2026-03-15', '2026-03-25', '2026-04-30'];

async function flows(side: Side): Promise<void> {
  const account = w.acct(side === 'payables' ? '6100' : '4000');
  const post = (p: string, documentDate: string, amount: string, instalments: { dueDate: string; amount: string }[], currency = 'USD') =>
    w.ok<InvoiceView>('POST', `${base(side)}-invoices/post`, { party: p, documentDate, currency, description: 'Ageing', instalments, lines: [{ account, unitPrice: amount }] });
  // I1: 1,000.00 on 1 January in two instalments (600 due 31 Jan, 400 due 2 Mar); I2: 500.00 on 1 Feb due 3 Mar; I3 (other party) 250.00 EUR.
  const i1 = await post(party[side], '2026-01-01', '1000.00', [{ dueDate: '2026-01-31', amount: '600.00' }, { dueDate: '2026-03-02', amount: '400.00' }]);
  const i2 = await post(party[side], '2026-02-01', '500.00', [{ dueDate: '2026-03-03', amount: '500.00' }]);
  await post(other[side], '2026-01-10', '250.00', [{ dueDate: '2026-02-09', amount: '250.00' }], 'EUR');
  // A credit note of 200.00 against I1 on 10 February (takes it off the earliest instalment).
  const cn = await w.ok<InvoiceView>('POST', `${base(side)}-credit-notes`, { party: party[side], invoice: i1.id, documentDate: '2026-02-10', currency: 'USD', description: 'Ageing credit', lines: [{ account, unitPrice: '200.00' }] });
  await w.ok('POST', `${base(side)}-credit-notes/${cn.id}/post`);
  const item = async (inv: InvoiceView, line: number) => (await w.query<{ id: string }>(sql`select id from open_items where invoice_id = ${inv.id}::uuid and line = ${line}`))[0]!.id;
  // A partial payment on 20 February: 300.00 of I1's first instalment.
  await w.ok<PaymentView>('POST', `${base(side)}-payments/post`, { bank: w.banks.USD, party: party[side], documentDate: '2026-02-20', amount: '300.00', description: 'Partial', allocations: [{ openItem: await item(i1, 1), amount: '300.00', discount: '0', writeOff: '0' }] });
  // 700.00 on 10 March: 500.00 to I2, 200.00 on account; un-allocated from I2 on 12 March; reversed on 20 March.
  const p2 = await w.ok<PaymentView>('POST', `${base(side)}-payments/post`, { bank: w.banks.USD, party: party[side], documentDate: '2026-03-10', amount: '700.00', description: 'Over', allocations: [{ openItem: await item(i2, 1), amount: '500.00', discount: '0', writeOff: '0' }] });
  await w.ok('POST', `${base(side)}-payments/${p2.id}/unallocate`, { date: '2026-03-12', lines: [p2.allocations[0]!.lineNo] });
  await w.ok('POST', `${base(side)}-payments/${p2.id}/reverse`, { date: '2026-03-20' });
}

const cents = (v: string) => Math.round(Number(v) * 100);

describe.each(sides)('ageing of %s', (side) => {
  it('rebuilds each day from what was dated by then, and ties out with the control accounts', async () => {
    await flows(side);
    const control = faces[side].control;
    for (const asOf of DAYS) {
      const report = await w.ok<AgeingReport>('GET', `${base(side)}-ageing?asOf=${asOf}`);
      const tie = await w.ok<SubledgerTieout>('GET', `/gl/subledger-tieout?asOf=${asOf}`);
      const ledger = tie.rows.filter((r) => r.controlType === control).reduce((s, r) => s + cents(r.ledgerBalance), 0);
      // Receivables: a debit balance; payables: a credit balance.
      expect(cents(report.baseTotal), `${side} ${asOf}`).toBe(side === 'receivables' ? ledger : -ledger);
      // Per currency: the control lines of the parties up to the day, in the currency.
      const lines = await w.query<{ currency: string; amount: string }>(sql`
        select e.currency, sum(e.debit_minor - e.credit_minor)::text as amount from ledger_entries e join accounts a on a.id = e.account_id
        where a.control_type = ${control} and e.party_id is not null and e.entry_date <= ${asOf}::date group by 1 having sum(e.debit_minor - e.credit_minor) <> 0`);
      const sign = side === 'receivables' ? 1 : -1;
      expect(Object.fromEntries(report.currencies.filter((c) => cents(c.total) !== 0).map((c) => [c.currency, cents(c.total)])), `${side} ${asOf}`)
        .toEqual(Object.fromEntries(lines.map((l) => [l.currency, sign * Number(l.amount)])));
      // The rows add up to the totals (one page holds them all here).
      expect(report.rows.reduce((s, r) => s + cents(r.baseTotal), 0)).toBe(cents(report.baseTotal));
    }
    // The maintained lines and sums equal their recomputation and the ageing rebuilt from the documents, each day.
    await expectAgeingKept(w, DAYS);
  });

  it('ages by due date or document date into the buckets the user sets, and drills down to the open items', async () => {
    // 15 February, by due date: I1's first instalment (600 - 200 credit = 400) is 15 days past due; its second (400) and I2 (500) are current.
    const due = await w.ok<AgeingReport>('GET', `${base(side)}-ageing?asOf=2026-02-15&party=${party[side]}`);
    expect(due.buckets).toEqual(['Current', '1-30', '31-60', '61-90', 'Over 90']);
    expect(due.rows).toHaveLength(1);
    expect(due.rows[0]!.buckets).toEqual(['900.00', '400.00', '0.00', '0.00', '0.00']);
    // By document date, buckets 10 and 40: I1 (800 left) is 45 days old, I2 (500) 14.
    const doc = await w.ok<AgeingReport>('GET', `${base(side)}-ageing?asOf=2026-02-15&party=${party[side]}&basis=DocumentDate&buckets=10,40`);
    expect(doc.buckets).toEqual(['Current', '1-10', '11-40', 'Over 40']);
    expect(doc.rows[0]!.buckets).toEqual(['0.00', '0.00', '500.00', '800.00']);
    // 15 March: the partial payment took 300 off the first instalment; the 700.00 receipt is on account (I2 un-allocated on the 12th).
    const items = await w.ok<AgeingItemsPage>('GET', `${base(side)}-ageing/items?asOf=2026-03-15&party=${party[side]}&limit=2`);
    expect(items.total).toBe(4);
    expect(items.items.map((i) => [i.kind, i.remaining])).toEqual([['Invoice', '100.00'], ['Invoice', '400.00']]);
    const rest = await w.ok<AgeingItemsPage>('GET', `${base(side)}-ageing/items?asOf=2026-03-15&party=${party[side]}&limit=2&page=2`);
    expect(rest.items.map((i) => [i.kind, i.remaining])).toEqual([['Invoice', '500.00'], ['OnAccount', '-700.00']]);
    // After the reversal (25 March) the payment is gone; group and currency filters.
    const after = await w.ok<AgeingReport>('GET', `${base(side)}-ageing?asOf=2026-03-25&group=${group[side]}&currency=USD`);
    expect(after.rows.map((r) => [r.partyCode, r.total])).toEqual([['A1', '1000.00']]);
    const eur = await w.ok<AgeingReport>('GET', `${base(side)}-ageing?asOf=2026-03-25&currency=EUR`);
    expect(eur.rows.map((r) => [r.partyCode, r.total, r.buckets[2]])).toEqual([['A2', '250.00', '250.00']]);
    const refused = await w.api('GET', `${base(side)}-ageing?asOf=2026-03-25&buckets=60,30`);
    expect(refused.status).toBe(400);
  });
});
