// Unrealised exchange revaluation of the foreign-currency banks (issue 17) through the API on the real
// database: a USD company's EUR bank receives 1,000.00 EUR at 1.10 (1,100.00 USD) and pays 200.00 EUR
// at 1.10; at the end of March (1.15) its 800.00 EUR are valued again: the preview writes nothing; the
// revaluation posts 40.00 on the bank's account (base only, no party: a bank's account is no control
// account) against Cash Management's exchange gain account and reverses it on 1 April; on 31 March the
// account carries exactly the revalued base, from 1 April what it carried before. A loss needs the
// exchange loss account: missing, it is refused naming it. Refusals change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EntityRecord, InvoiceView, RevaluationList, RevaluationView, TrialBalance } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { paymentWorld, type PaymentWorld } from '../ap-ar/payment-world';

let t: TestApp;
let w: PaymentWorld;
let currencyId: (code: string) => string;
const journalCount = async () => (await w.query<{ n: number }>(sql`select count(*)::int as n from journals`))[0]!.n;

/** The bank account's EUR amount and its base in USD cents on a day (its postings included). */
const bankBalance = async (asOf: string) => {
  const [r] = await w.query<{ amount: string; base: string }>(sql`
    select coalesce(sum(debit_minor - credit_minor), 0)::text as amount, coalesce(sum(base_debit_minor - base_credit_minor), 0)::text as base
    from ledger_entries where account_id = ${w.acct('1020')}::uuid and currency = 'EUR' and entry_date <= ${asOf}::date`);
  return { amount: Number(r!.amount), base: Number(r!.base) };
};

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'BANKREVAL');
  const currencies = (await w.ok<{ items: EntityRecord[] }>('GET', '/gl/currencies?limit=100')).items;
  currencyId = (c: string) => currencies.find((x) => x.code === c)!.id;
  await w.ok('POST', '/gl/exchange-rates', { fromCurrency: currencyId('EUR'), toCurrency: currencyId('USD'), rateType: 'Spot', effectiveDate: '2026-03-31', rate: '1.15' });
  await w.ok('POST', '/gl/exchange-rates', { fromCurrency: currencyId('EUR'), toCurrency: currencyId('USD'), rateType: 'Spot', effectiveDate: '2026-04-30', rate: '1.05' });
  const group = (side: 'ar' | 'ap', word: string) => w.ok<{ items: EntityRecord[] }>('GET', `/${side}/${word}-groups?limit=50`).then((r) => r.items.find((g) => g.code === 'LOCAL')!.id);
  const customer = (await w.ok<EntityRecord>('POST', '/ar/customers', { code: 'C1', name: 'Euro buyer', group: await group('ar', 'customer') })).id;
  const vendor = (await w.ok<EntityRecord>('POST', '/ap/vendors', { code: 'V1', name: 'Euro seller', group: await group('ap', 'vendor') })).id;
  // 1,000.00 EUR received and 200.00 EUR paid through the EUR bank in February at 1.10.
  const sale = await w.ok<InvoiceView>('POST', '/ar/customer-invoices/post', { party: customer, documentDate: '2026-01-10', currency: 'EUR', description: 'Euro sale', lines: [{ account: w.acct('4000'), unitPrice: '1000.00' }] });
  const buy = await w.ok<InvoiceView>('POST', '/ap/vendor-invoices/post', { party: vendor, documentDate: '2026-01-12', currency: 'EUR', description: 'Euro purchase', lines: [{ account: w.acct('6100'), unitPrice: '200.00' }] });
  const item = async (id: string) => (await w.query<{ id: string }>(sql`select id from open_items where invoice_id = ${id}::uuid`))[0]!.id;
  await w.ok('POST', '/ar/customer-payments/post', { bank: w.banks.EUR, party: customer, documentDate: '2026-02-20', amount: '1000.00', description: 'Receipt', allocations: [{ openItem: await item(sale.id), amount: '1000.00', discount: '0', writeOff: '0' }] });
  await w.ok('POST', '/ap/vendor-payments/post', { bank: w.banks.EUR, party: vendor, documentDate: '2026-02-25', amount: '200.00', description: 'Payment', allocations: [{ openItem: await item(buy.id), amount: '200.00', discount: '0', writeOff: '0' }] });
});
afterAll(() => t.close());

describe('bank revaluation', () => {
  it('previews without writing, then posts the difference on the bank account and reverses it on the next day', async () => {
    expect(await bankBalance('2026-03-31')).toEqual({ amount: 80000, base: 88000 });
    const before = await journalCount();
    const preview = await w.ok<RevaluationView>('POST', '/cm/bank-revaluations/check', { date: '2026-03-31' });
    expect(await journalCount()).toBe(before);
    expect(preview.id).toBeNull();
    // 800.00 EUR at 1.15 = 920.00 USD against 880.00 carried: a gain of 40.00, held by the EUR bank (the lowest code on 1020).
    expect(preview.lines).toEqual([{ holder: w.banks.EUR, holderCode: 'EUR', holderName: 'EUR account', account: w.acct('1020'), accountCode: '1020', currency: 'EUR', balance: '800.00', carryingBase: '880.00', rate: '1.15', revaluedBase: '920.00', difference: '40.00' }]);
    expect([preview.gain, preview.loss, preview.net]).toEqual(['40.00', '0.00', '40.00']);

    const done = await w.ok<RevaluationView>('POST', '/cm/bank-revaluations', { date: '2026-03-31' });
    expect(done.lines).toEqual(preview.lines);
    expect(done.reversalDate).toBe('2026-04-01');
    expect(await bankBalance('2026-03-31')).toEqual({ amount: 80000, base: 92000 });
    expect(await bankBalance('2026-04-01')).toEqual({ amount: 80000, base: 88000 });
    // The entry: base only, balanced, no party; the gain on Cash Management's exchange gain account (4910).
    const lines = await w.query<{ code: string; party_id: string | null; debit: string; credit: string; bd: string; bc: string; module: string; type: string }>(sql`
      select a.code, e.party_id, e.debit_minor::text as debit, e.credit_minor::text as credit, e.base_debit_minor::text as bd, e.base_credit_minor::text as bc, j.source_module as module, j.source_type as type
      from ledger_entries e join accounts a on a.id = e.account_id join journals j on j.id = e.journal_id where e.journal_id = ${done.journal}::uuid order by a.code`);
    expect(lines.map((l) => [l.code, l.party_id, l.debit, l.credit, l.bd, l.bc])).toEqual([['1020', null, '0', '0', '4000', '0'], ['4910', null, '0', '0', '0', '4000']]);
    expect(new Set(lines.map((l) => `${l.module}/${l.type}`))).toEqual(new Set(['Cash Management/BankRevaluation']));
    const tb = await w.ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
    expect(tb.balanced).toBe(true);

    const list = await w.ok<RevaluationList>('GET', '/cm/bank-revaluations');
    expect(list.items.map((r) => [r.date, r.lines, r.journalNumber, r.reversalNumber])).toEqual([['2026-03-31', 1, done.journalNumber, done.reversalNumber]]);
    expect(await w.ok<RevaluationView>('GET', `/cm/bank-revaluations/${done.id}`)).toEqual(done);
  });

  it('refuses a loss without an exchange loss account, naming it, and posts it once the account is set', async () => {
    const profile = (await w.ok<{ items: EntityRecord[] }>('GET', '/gl/posting-profiles?limit=50')).items.find((p) => p.module === 'Cash Management' && p.moduleDefault)!;
    const { id, createdAt, updatedAt, tenantId, companyId, ...fields } = profile;
    void createdAt; void updatedAt; void tenantId; void companyId;
    await w.ok('PUT', `/gl/posting-profiles/${id}`, { ...fields, exchangeLossAccount: null });
    const before = await journalCount();
    // On 30 April (1.05) the 800.00 EUR carried at 880.00 are worth 840.00: a loss of 40.00.
    const refused = await w.api('POST', '/cm/bank-revaluations', { date: '2026-04-30' });
    expect([refused.status, refused.body.message]).toEqual([422, 'No realised exchange loss account for this Cash Management posting: set one on the default posting profile of Cash Management (/posting-profile)']);
    expect(await journalCount()).toBe(before);
    await w.ok('PUT', `/gl/posting-profiles/${id}`, { ...fields, exchangeLossAccount: w.acct('7100') });
    const done = await w.ok<RevaluationView>('POST', '/cm/bank-revaluations', { date: '2026-04-30' });
    expect([done.gain, done.loss, done.net, done.lines[0]!.difference]).toEqual(['0.00', '40.00', '-40.00', '-40.00']);
    expect(await bankBalance('2026-04-30')).toEqual({ amount: 80000, base: 84000 });
    expect(await bankBalance('2026-05-01')).toEqual({ amount: 80000, base: 88000 });
  });

  it('refuses a second revaluation of the day, a day that ends no period, the base currency, nothing to revalue and bad input, changing nothing', async () => {
    const before = await journalCount();
    expect((await w.api('POST', '/cm/bank-revaluations', { date: '2026-03-31' })).status).toBe(409);
    const mid = await w.api('POST', '/cm/bank-revaluations', { date: '2026-03-15' });
    expect([mid.status, mid.body.message]).toEqual([422, 'date: 2026-03-15 is not the last day of a regular accounting period']);
    const usd = await w.api('POST', '/cm/bank-revaluations/check', { date: '2026-05-31', currency: 'USD' });
    expect([usd.status, usd.body.message]).toEqual([422, 'currency: USD is the base currency: only foreign currencies are revalued']);
    // On 28 February (1.10) the balance carries its value: nothing to post.
    const february = await w.api('POST', '/cm/bank-revaluations', { date: '2026-02-28' });
    expect(february.status).toBe(422);
    expect(february.body.message).toMatch(/nothing to post/);
    const bad = await w.api('POST', '/cm/bank-revaluations', { date: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/date/);
    expect((await w.api('GET', '/cm/bank-revaluations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await journalCount()).toBe(before);
  });
});
