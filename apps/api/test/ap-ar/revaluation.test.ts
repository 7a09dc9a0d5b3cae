// Unrealised exchange revaluation (issue 16), both faces, through the API on the real database: EUR
// invoices of a USD company (1.10 in January), part paid; at the end of March (1.15) the open EUR
// balances are valued again: the preview writes nothing; the revaluation posts the difference on the
// control account naming each party against the exchange gain or loss account, and reverses it on
// 1 April; on 31 March the party carries exactly its revalued base, the ageing and the control accounts
// still agree, and from 1 April everything is as before. Refusals change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faces, sides, type AgeingReport, type EntityRecord, type InvoiceView, type RevaluationList, type RevaluationView, type Side, type SubledgerTieout } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectInvariants, paymentWorld, type PaymentWorld } from './payment-world';

let t: TestApp;
let w: PaymentWorld;
const party: Record<Side, string> = { payables: '', receivables: '' };
const other: Record<Side, string> = { payables: '', receivables: '' };
const base = (side: Side) => `/${faces[side].service}/${faces[side].partyWord}`;
const cents = (v: string) => Math.round(Number(v) * 100);

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'REVALUE');
  const currencies = (await w.ok<{ items: EntityRecord[] }>('GET', '/gl/currencies?limit=100')).items;
  const id = (c: string) => currencies.find((x) => x.code === c)!.id;
  await w.ok('POST', '/gl/exchange-rates', { fromCurrency: id('EUR'), toCurrency: id('USD'), rateType: 'Spot', effectiveDate: '2026-03-31', rate: '1.15' });
  for (const side of sides) {
    const face = faces[side];
    const group = (await w.ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items.find((g) => g.code === 'LOCAL')!.id;
    party[side] = (await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code: 'R1', name: 'Euro one', group })).id;
    other[side] = (await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code: 'R2', name: 'Euro two', group })).id;
  }
});
afterAll(() => t.close());

const controlBase = async (side: Side, asOf: string) => {
  const [r] = await w.query<{ base: string; amount: string }>(sql`
    select coalesce(sum(base_debit_minor - base_credit_minor), 0)::text as base, coalesce(sum(debit_minor - credit_minor), 0)::text as amount from ledger_entries
    where party_id = ${party[side]}::uuid and entry_date <= ${asOf}::date`);
  return { base: Number(r!.base), amount: Number(r!.amount) };
};

describe.each(sides)('unrealised revaluation of %s', (side) => {
  const sign = side === 'receivables' ? 1 : -1;

  it('previews without writing, then posts the difference and reverses it on the next day', async () => {
    const account = w.acct(side === 'payables' ? '6100' : '4000');
    const post = (p: string, amount: string) => w.ok<InvoiceView>('POST', `${base(side)}-invoices/post`, { party: p, documentDate: '2026-01-10', currency: 'EUR', description: 'Euro', lines: [{ account, unitPrice: amount }] });
    const inv = await post(party[side], '1000.00');
    await post(other[side], '333.33');
    // 400.00 EUR of the first paid on 20 February at 1.10: 600.00 EUR stays open, carried at 660.00 USD.
    const item = (await w.query<{ id: string }>(sql`select id from open_items where invoice_id = ${inv.id}::uuid`))[0]!.id;
    await w.ok('POST', `${base(side)}-payments/post`, { bank: w.banks.EUR, party: party[side], documentDate: '2026-02-20', amount: '400.00', description: 'Part', allocations: [{ openItem: item, amount: '400.00', discount: '0', writeOff: '0' }] });

    const journalsBefore = (await w.query<{ n: number }>(sql`select count(*)::int as n from journals`))[0]!.n;
    const preview = await w.ok<RevaluationView>('POST', `${base(side)}-revaluations/check`, { date: '2026-03-31' });
    expect((await w.query<{ n: number }>(sql`select count(*)::int as n from journals`))[0]!.n).toBe(journalsBefore);
    expect(preview.id).toBeNull();
    const mine = preview.lines.find((l) => l.holder === party[side])!;
    // 600.00 EUR at 1.15 = 690.00 USD against 660.00 carried: 30.00 more owed (receivables: a gain; payables: a loss).
    expect(mine).toMatchObject({ currency: 'EUR', balance: (sign * 600).toFixed(2), carryingBase: (sign * 660).toFixed(2), revaluedBase: (sign * 690).toFixed(2), difference: (sign * 30).toFixed(2) });
    const two = preview.lines.find((l) => l.holder === other[side])!;
    // 333.33 EUR: 366.66 (366.663) carried, 383.33 (383.3295) now: 16.67.
    expect(two).toMatchObject({ carryingBase: (sign * 366.66).toFixed(2), revaluedBase: (sign * 383.33).toFixed(2), difference: (sign * 16.67).toFixed(2) });
    expect(side === 'receivables' ? [preview.gain, preview.loss] : [preview.loss, preview.gain]).toEqual(['46.67', '0.00']);

    const done = await w.ok<RevaluationView>('POST', `${base(side)}-revaluations`, { date: '2026-03-31' });
    expect(done.lines).toEqual(preview.lines);
    expect(done.reversalDate).toBe('2026-04-01');
    expect(done.journalNumber && done.reversalNumber).toBeTruthy();
    // On 31 March the party carries its revalued base, and owes the same euros; on 1 April the original base.
    expect(await controlBase(side, '2026-03-31')).toEqual({ base: sign * 69000, amount: sign * 60000 });
    expect(await controlBase(side, '2026-04-01')).toEqual({ base: sign * 66000, amount: sign * 60000 });
    // The entry: base only, balanced, control lines naming the parties.
    const lines = await w.query<{ party_id: string | null; debit: string; credit: string; bd: string; bc: string }>(sql`
      select party_id, debit_minor::text as debit, credit_minor::text as credit, base_debit_minor::text as bd, base_credit_minor::text as bc from ledger_entries where journal_id = ${done.journal}::uuid`);
    expect(lines.every((l) => l.debit === '0' && l.credit === '0')).toBe(true);
    expect(lines.reduce((s, l) => s + Number(l.bd) - Number(l.bc), 0)).toBe(0);
    expect(lines.filter((l) => l.party_id).length).toBe(2);

    // The ageing in base and the control accounts agree on the day, the day after and later.
    for (const asOf of ['2026-03-31', '2026-04-01', '2026-12-31']) {
      const ageing = await w.ok<AgeingReport>('GET', `${base(side)}-ageing?asOf=${asOf}`);
      const tie = await w.ok<SubledgerTieout>('GET', `/gl/subledger-tieout?asOf=${asOf}`);
      expect(tie.tiesOut, asOf).toBe(true);
      const ledger = tie.rows.filter((r) => r.controlType === faces[side].control).reduce((s, r) => s + cents(r.ledgerBalance), 0);
      expect(cents(ageing.baseTotal), `${side} ${asOf}`).toBe(sign * ledger);
    }
    await expectInvariants(w);

    const list = await w.ok<RevaluationList>('GET', `${base(side)}-revaluations`);
    expect(list.items.map((r) => [r.date, r.lines, r.journalNumber])).toEqual([['2026-03-31', 2, done.journalNumber]]);
    expect(await w.ok<RevaluationView>('GET', `${base(side)}-revaluations/${done.id}`)).toEqual(done);
  });

  it('refuses a second revaluation of the day, a day that ends no period, the base currency and nothing to revalue, changing nothing', async () => {
    const before = (await w.query<{ n: number }>(sql`select count(*)::int as n from journals`))[0]!.n;
    const again = await w.api('POST', `${base(side)}-revaluations`, { date: '2026-03-31' });
    expect(again.status).toBe(409);
    const mid = await w.api('POST', `${base(side)}-revaluations`, { date: '2026-03-15' });
    expect([mid.status, mid.body.message]).toEqual([422, 'date: 2026-03-15 is not the last day of a regular accounting period']);
    const usd = await w.api('POST', `${base(side)}-revaluations/check`, { date: '2026-04-30', currency: 'USD' });
    expect(usd.status).toBe(422);
    expect(usd.body.message).toMatch(/^currency: USD is the base currency/);
    // At the end of April the rate is still 1.15 and the March revaluation was reversed: the difference is back, so it posts;
    // on 31 January (1.10) every balance carries its value: nothing to post.
    const january = await w.api('POST', `${base(side)}-revaluations`, { date: '2026-01-31' });
    expect(january.status).toBe(422);
    expect(january.body.message).toMatch(/nothing to post/);
    expect((await w.api('POST', `${base(side)}-revaluations`, { date: 'soon' })).status).toBe(400);
    expect((await w.query<{ n: number }>(sql`select count(*)::int as n from journals`))[0]!.n).toBe(before);
  });
});
