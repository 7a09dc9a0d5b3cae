// Recurring payments (issue 16): a schedule activated (directly, or by its approval's Post) makes its
// payment at each occurrence, posted or as a draft, allocated on account or to the oldest open items;
// missed occurrences catch up in order and it ends at its end date or count; the job and "Run now"
// at once pay each occurrence once (claimed in the payment's transaction); a refused step changes
// nothing; after all of it the open items, party balances and control accounts tie out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faces, type EntityRecord, type InvoiceView, type RecurringOccurrenceList, type RecurringPaymentRunResult, type RecurringPaymentView, type Side } from '@erp/contracts';
import { runDueRecurringPayments } from '../../src/modules/ap-ar/recurring-payments/recurring-payments.run';
import { recurringPaymentFaces } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectInvariants, paymentWorld, type PaymentWorld } from './payment-world';

let t: TestApp;
let w: PaymentWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'RECURPAY');
});
afterAll(() => t.close());

const setToday = (day: string) => t.clock.advanceMinutes((Date.parse(`${day}T12:00:00Z`) - t.clock.now().getTime()) / 60_000);
const job = () => runDueRecurringPayments(t.platform, t.platform.now(), [recurringPaymentFaces.payables, recurringPaymentFaces.receivables]);
const base = (side: Side) => `/${faces[side].service}/${faces[side].partyWord}-recurring-payments`;

let partyNo = 0;
async function newParty(side: Side): Promise<string> {
  const face = faces[side];
  const group = (await w.ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items.find((g) => g.code === 'LOCAL')!;
  partyNo += 1;
  return (await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code: `RP${partyNo}`, name: `Party ${partyNo}`, group: group.id })).id;
}
async function invoice(side: Side, party: string, amount: string, date: string): Promise<InvoiceView> {
  const face = faces[side];
  return w.ok<InvoiceView>('POST', `/${face.service}/${face.partyWord}-invoices/post`, {
    party, documentDate: date, description: `Invoice ${amount}`, lines: [{ account: w.acct(side === 'payables' ? '6100' : '4000'), quantity: '1', unitPrice: amount }],
  });
}
const remaining = async (invoiceId: string) => (await w.query<{ r: string }>(sql`select remaining_minor::text as r from open_items where invoice_id = ${invoiceId}::uuid`))[0]!.r;
const history = async (side: Side, id: string) => (await w.ok<RecurringOccurrenceList>('GET', `${base(side)}/${id}/payments?limit=100`)).items.reverse();
const paymentsOfSchedule = (id: string) =>
  w.query<{ occurrence: string; status: string; number: string | null; document_date: string; amount: string; unallocated: string }>(sql`
    select r.occurrence_date::text as occurrence, p.status, p.number, p.document_date::text, p.amount_minor::text as amount, p.unallocated_minor::text as unallocated
    from recurring_payment_runs r join payments p on p.id = r.payment_id where r.recurring_id = ${id}::uuid order by r.occurrence_date`);

async function schedule(side: Side, body: object): Promise<RecurringPaymentView> {
  const draft = await w.ok<RecurringPaymentView>('POST', base(side), { bank: w.banks.USD, method: 'Transfer', frequency: 'Monthly', ...body });
  expect(draft.status).toBe('Draft');
  return w.ok<RecurringPaymentView>('POST', `${base(side)}/${draft.id}/post`);
}

describe('recurring payments', () => {
  it('posts each occurrence to the oldest open items first and completes after its count', async () => {
    const party = await newParty('receivables');
    const older = await invoice('receivables', party, '150.00', '2026-01-05');
    const newer = await invoice('receivables', party, '150.00', '2026-01-20');
    const s = await schedule('receivables', { code: 'RENT-IN', description: 'Monthly rent received', party, amount: '100.00', allocation: 'OldestFirst', startDate: '2026-01-31', occurrences: 3, mode: 'Post' });
    expect(s).toMatchObject({ status: 'Active', nextDate: '2026-01-31', currency: 'USD', amount: '100.00' });
    const run = await w.ok<RecurringPaymentRunResult>('POST', `${base('receivables')}/${s.id}/run`, { upTo: '2026-06-30' });
    expect(run.made.map((m) => [m.occurrenceDate, m.status, m.amount])).toEqual([['2026-01-31', 'Posted', '100.00'], ['2026-02-28', 'Posted', '100.00'], ['2026-03-31', 'Posted', '100.00']]);
    expect(run.schedule).toMatchObject({ status: 'Completed', nextDate: null, occurrencesGenerated: 3 });
    expect([await remaining(older.id), await remaining(newer.id)]).toEqual(['0', '0']);
    const made = await paymentsOfSchedule(s.id);
    expect(made.map((p) => [p.document_date, p.number, p.unallocated])).toEqual([['2026-01-31', 'CP2026-000001', '0'], ['2026-02-28', 'CP2026-000002', '0'], ['2026-03-31', 'CP2026-000003', '0']]);
    // Run again: nothing left to do, nothing paid twice.
    expect((await w.api('POST', `${base('receivables')}/${s.id}/run`, { upTo: '2026-12-31' })).status).toBe(422);
    expect(await paymentsOfSchedule(s.id)).toHaveLength(3);
    await expectInvariants(w);
  });

  it('makes drafts on account, catches up missed weeks in order, and ends at its end date (the job)', async () => {
    const party = await newParty('payables');
    const s = await schedule('payables', { code: 'WEEKLY', description: 'Weekly advance', party, amount: '20.00', frequency: 'Weekly', startDate: '2026-03-02', endDate: '2026-03-20' });
    setToday('2026-04-01');
    const summary = await job();
    expect(summary).toMatchObject({ generated: 3, failed: 0 });
    const made = await paymentsOfSchedule(s.id);
    expect(made.map((p) => [p.occurrence, p.status, p.number, p.amount])).toEqual([['2026-03-02', 'Draft', null, '2000'], ['2026-03-09', 'Draft', null, '2000'], ['2026-03-16', 'Draft', null, '2000']]);
    expect(await w.ok<RecurringPaymentView>('GET', `${base('payables')}/${s.id}`)).toMatchObject({ status: 'Completed', nextDate: null, occurrencesGenerated: 3, lastOccurrenceDate: '2026-03-16' });
    expect(await job()).toMatchObject({ generated: 0 });
    expect((await history('payables', s.id)).map((h) => h.status)).toEqual(['Draft', 'Draft', 'Draft']);
  });

  it('the job twice and Run now at once pay each occurrence once, with gapless numbers', async () => {
    const party = await newParty('payables');
    const s = await schedule('payables', { code: 'DAILY', description: 'Daily sweep', party, amount: '5.00', frequency: 'Daily', startDate: '2026-05-01', occurrences: 20, mode: 'Post' });
    setToday('2026-05-31');
    const before = await w.query<{ n: number }>(sql`select count(*)::int as n from payments where side = 'payables' and status = 'Posted'`);
    const [a, b, now] = await Promise.all([job(), job(), w.api<RecurringPaymentRunResult>('POST', `${base('payables')}/${s.id}/run`, {})]);
    // Run now may find the schedule already completed by the jobs (422, nothing made): either way each occurrence is paid once.
    expect([200, 422]).toContain(now.status);
    expect(a.generated + b.generated + (now.status === 200 ? now.body.made.length : 0)).toBe(20);
    const made = await paymentsOfSchedule(s.id);
    expect(made).toHaveLength(20);
    expect(new Set(made.map((p) => p.occurrence)).size).toBe(20);
    const after = await w.query<{ n: number }>(sql`select count(*)::int as n from payments where side = 'payables' and status = 'Posted'`);
    expect(after[0]!.n - before[0]!.n).toBe(20);
    const numbers = (await w.query<{ number: string }>(sql`select number from payments where side = 'payables' and number is not null order by number`)).map((r) => Number(r.number.slice(-6)));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    await expectInvariants(w);
  });

  it('a refused step changes nothing: run a draft schedule, activate twice, a party on hold stops the schedule with its reason', async () => {
    const party = await newParty('receivables');
    const draft = await w.ok<RecurringPaymentView>('POST', base('receivables'), { code: 'HOLD', description: 'On hold', party, bank: w.banks.USD, amount: '10.00', frequency: 'Monthly', startDate: '2026-02-01', mode: 'Post' });
    const run = await w.api<RecurringPaymentRunResult>('POST', `${base('receivables')}/${draft.id}/run`, { upTo: '2026-03-01' });
    expect(run.status).toBe(422);
    expect(await paymentsOfSchedule(draft.id)).toEqual([]);
    await w.ok('POST', `${base('receivables')}/${draft.id}/post`);
    expect((await w.api('POST', `${base('receivables')}/${draft.id}/post`)).status).toBe(422);
    const p = await w.ok<EntityRecord>('GET', `/ar/customers/${party}`);
    const { id, createdAt, updatedAt, tenantId, companyId, ...fields } = p;
    void createdAt; void updatedAt; void tenantId; void companyId;
    await w.ok('PUT', `/ar/customers/${id}`, { ...fields, onHold: true });
    const held = await w.ok<RecurringPaymentRunResult>('POST', `${base('receivables')}/${draft.id}/run`, { upTo: '2026-03-01' });
    expect(held.made).toEqual([]);
    expect(held.failure?.occurrenceDate).toBe('2026-02-01');
    expect(held.failure?.message).toMatch(/hold/i);
    expect(held.schedule).toMatchObject({ status: 'Active', nextDate: '2026-02-01', occurrencesGenerated: 0 });
    expect(await w.query(sql`select 1 from recurring_payment_runs where recurring_id = ${draft.id}::uuid`)).toEqual([]);
    // Bad input gets its field, never a 500.
    const bad = await w.api('POST', base('receivables'), { code: 'BAD', description: 'x', party, bank: w.banks.USD, amount: '0', frequency: 'Monthly', startDate: '2026-02-01' });
    expect(bad.status).toBe(400);
  });
});
