// Capitalisation (issue 18): an amount moved from the class's clearing account to the asset's cost in
// one entry through the port, the schedule regenerated prospectively exactly as the engine's
// `regenerate` (posted rows never change); from a posted vendor invoice's line (never beyond its
// amount, even under two requests at once); new draft assets from an invoice; the reversal restores
// cost, schedule and balances; maintenance schedules: reminders once per occurrence through the
// outbox, completion Expensed or Capitalised; refusals change nothing.
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSchedule, CapitalisableLine, CapitalisationView, CreditNoteView, ErrorObject, InvoiceView, DepreciationRunView, EntityRecord, InvoiceAssetsResult, JournalView, MaintenanceHistory, TrialBalance } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { withTenant } from '../../src/platform/db/tenancy';
import { mailOutbox } from '../../src/platform/mail/mail.tables';
import { buildSchedule, regenerate, type DepreciationTerms, type ScheduleRow } from '../../src/modules/fixed-assets/depreciation/engine';
import { runMaintenanceReminders } from '../../src/modules/fixed-assets/index';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List = { items: EntityRecord[]; total: number };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
const api = <T>(method: Method, url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
async function ok<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
let accounts: Map<string, EntityRecord>;
const acct = (code: string) => accounts.get(code)!.id;
let vehicles: EntityRecord;
let vendor: string;

async function account(code: string, name: string, like: string) {
  const { id: _id, createdAt: _c, updatedAt: _u, ...model } = accounts.get(like)!;
  const a = await ok<EntityRecord>('POST', '/gl/accounts', { ...model, code, name, controlType: 'None', kind: 'Posting' });
  accounts.set(code, a);
  return a;
}
async function activeAsset(cost: string, inService = '2026-01-10') {
  const a = await ok<EntityRecord>('POST', '/fa/assets', { description: `Asset ${cost}`, assetClass: vehicles.id, acquisitionDate: inService, cost });
  await ok<AssetSchedule>('POST', `/fa/assets/${a.id}/activate`);
  return a;
}
/** A posted vendor invoice: lines of [account code, amount]. */
async function vendorInvoice(lines: [string, string][], documentDate = '2026-03-10') {
  const inv = await ok<{ id: string; number: string }>('POST', '/ap/vendor-invoices/post', { party: vendor, documentDate, description: 'Equipment', lines: lines.map(([code, amount]) => ({ account: acct(code), unitPrice: amount, description: `On ${code}` })) });
  return inv;
}
async function balances() {
  const tb = await ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
  const net = (code: string) => {
    const r = tb.rows.find((x) => x.code === code);
    return r ? Math.round(Number(r.debit) * 100) - Math.round(Number(r.credit) * 100) : 0;
  };
  return { cost: net('1500'), clearing: net('1190'), accumulated: net('1510'), expense: net('6300') };
}
const schedule = (id: string) => ok<AssetSchedule>('GET', `/fa/assets/${id}/schedule`);
const asset = (id: string) => ok<EntityRecord>('GET', `/fa/assets/${id}`);
const minor = (s: string) => BigInt(Math.round(Number(s) * 100));
const terms = (costMinor: bigint, inServiceDate = '2026-01-10'): DepreciationTerms => ({ method: 'Straight line', convention: 'Full month', costMinor, residualMinor: 0n, lifeMonths: 12, inServiceDate, openingAccumulatedMinor: 0n, firstPeriod: null, rate: null, factor: null, unitsTotal: null, usage: [] });
const asEngine = (s: AssetSchedule): ScheduleRow[] => s.rows.map((r) => ({ period: r.period, amountMinor: minor(r.amount), accumulatedMinor: minor(r.accumulated), nbvMinor: minor(r.nbv), basis: r.basis as ScheduleRow['basis'], posted: r.posted }));
const amounts = (rows: { period: string; amountMinor: bigint }[]) => rows.map((r) => [r.period, r.amountMinor]);
const postRun = async (period: string) => {
  const run = await ok<DepreciationRunView>('POST', '/fa/depreciation-runs', { period });
  return ok<DepreciationRunView>('POST', `/fa/depreciation-runs/${run.id}/post`);
};

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FACAP'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
  const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  await ok<EntityRecord[]>('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  await account('1190', 'Assets received not capitalised', '1510');
  const profile = await ok<EntityRecord>('POST', '/gl/posting-profiles', {
    code: 'FAC', name: 'Vehicles', module: 'Fixed Asset', moduleDefault: false, controlAccount: acct('1500'), accumulatedDepreciationAccount: acct('1510'), depreciationExpenseAccount: acct('6300'), clearingAccount: acct('1190'),
  });
  vehicles = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'VEH', name: 'Vehicles', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month', postingProfile: profile.id });
  const group = (await ok<List>('GET', '/ap/vendor-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  vendor = (await ok<EntityRecord>('POST', '/ap/vendors', { code: 'GARAGE', name: 'Garage', group: group.id })).id;
});
afterAll(() => t.close());

describe('capitalisation', () => {
  it('raises the cost and regenerates the schedule from the next unposted month exactly as the engine; the entry balances and relieves the clearing account', async () => {
    const a = await activeAsset('1200');
    await postRun('2026-03-31');
    const before = await schedule(a.id);
    const tb = await balances();
    // Capitalised 15 March, March already posted: from April on
    const cap = await ok<CapitalisationView>('POST', `/fa/assets/${a.id}/capitalise`, { date: '2026-03-15', amount: '600', description: 'New engine' });
    expect(cap).toMatchObject({ status: 'Posted', source: 'Manual', amount: '600.00', costBefore: '1200.00', costAfter: '1800.00', fromPeriod: '2026-04' });
    expect((await asset(a.id)).cost).toBe('1800');
    const after = await schedule(a.id);
    // the engine itself, from the rows as they stood, with the new cost
    const oracle = regenerate(asEngine(before), terms(180_000n), '2026-04');
    expect(amounts(asEngine(after))).toEqual(amounts(oracle));
    expect(after.rows.slice(0, 3)).toEqual(before.rows.slice(0, 3));
    expect(after.rows.reduce((s, r) => s + minor(r.amount), 0n)).toBe(180_000n);
    const journal = await ok<JournalView>('GET', `/gl/journals/${cap.journalId}`);
    expect(journal.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['1500', '600.00', '0.00'], ['1190', '0.00', '600.00']]);
    expect(await balances()).toEqual({ ...tb, cost: tb.cost + 60_000, clearing: tb.clearing - 60_000 });
    // the subledger: the cost on the control account with this asset as party is what was capitalised into it
    const [ledger] = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) =>
      rowsOf<{ net: string }>(await tx.execute(sql`select coalesce(sum(base_debit_minor - base_credit_minor), 0)::text as net from ledger_entries where party_type = 'Asset' and party_id = ${a.id}::uuid and account_id = ${acct('1500')}::uuid`)));
    expect(ledger!.net).toBe('60000');
  });

  it('capitalises a vendor invoice line never beyond its amount; a line off the clearing account is refused; refusals change nothing', async () => {
    const a = await activeAsset('1200', '2026-02-01');
    const inv = await vendorInvoice([['1190', '1000'], ['6000', '50']]);
    const lines = await ok<CapitalisableLine[]>('GET', `/fa/capitalisable-invoice-lines?vendorInvoice=${inv.id}`);
    expect(lines.map((l) => [l.lineNo, l.accountCode, l.amount, l.capitalised, l.left])).toEqual([[1, '1190', '1000.00', '0.00', '1000.00']]);
    const first = await ok<CapitalisationView>('POST', `/fa/assets/${a.id}/capitalise`, { date: '2026-03-10', amount: '700', invoiceLine: { vendorInvoice: inv.id, lineNo: 1 } });
    expect(first).toMatchObject({ source: 'Vendor invoice', vendorInvoice: inv.id, invoiceNumber: inv.number, invoiceLineNo: 1, costAfter: '1900.00' });
    const tb = await balances();
    const sched = await schedule(a.id);
    const over = await api<{ message: string }>('POST', `/fa/assets/${a.id}/capitalise`, { date: '2026-03-10', amount: '300.01', invoiceLine: { vendorInvoice: inv.id, lineNo: 1 } });
    expect(over).toMatchObject({ status: 422, body: { message: expect.stringContaining('at most 300.00 is left') } });
    const offClearing = await api<{ message: string }>('POST', `/fa/assets/${a.id}/capitalise`, { date: '2026-03-10', amount: '10', invoiceLine: { vendorInvoice: inv.id, lineNo: 2 } });
    expect(offClearing).toMatchObject({ status: 422, body: { message: expect.stringContaining("not on the asset class's clearing account 1190") } });
    expect((await api('POST', `/fa/assets/${a.id}/capitalise`, { date: '2026-03-10', amount: '-5' })).status).toBe(400);
    expect((await api('POST', `/fa/assets/${a.id}/capitalise`, { date: '2026-03-10', amount: '1.001' })).status).toBe(422);
    expect(await balances()).toEqual(tb);
    expect(await schedule(a.id)).toEqual(sched);
    expect((await asset(a.id)).cost).toBe('1900');
    expect((await ok<CapitalisableLine[]>('GET', `/fa/capitalisable-invoice-lines?vendorInvoice=${inv.id}`))[0]).toMatchObject({ capitalised: '700.00', left: '300.00' });
    // two requests at once for 200 each of the 300 left: one is taken, the other refused
    const both = await Promise.all([1, 2].map(() => api('POST', `/fa/assets/${a.id}/capitalise`, { date: '2026-03-10', amount: '200', invoiceLine: { vendorInvoice: inv.id, lineNo: 1 } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect((await ok<CapitalisableLine[]>('GET', `/fa/capitalisable-invoice-lines?vendorInvoice=${inv.id}&all=true`))[0]).toMatchObject({ capitalised: '900.00', left: '100.00' });
    expect((await asset(a.id)).cost).toBe('2100');
  });

  it('makes new draft assets from a vendor invoice: cost the amount, dated the invoice, the clearing account relieved; a draft capitalised raises its cost', async () => {
    const inv = await vendorInvoice([['1190', '900']], '2026-04-20');
    const tb = await balances();
    const made = await ok<InvoiceAssetsResult>('POST', '/fa/vendor-invoice-assets', { vendorInvoice: inv.id, assets: [{ lineNo: 1, amount: '600', assetClass: vehicles.id, description: 'Forklift' }, { lineNo: 1, amount: '250', assetClass: vehicles.id, description: 'Charger' }] });
    expect(made.assets).toHaveLength(2);
    const forklift = await asset(made.assets[0]!.asset);
    expect(forklift).toMatchObject({ status: 'Draft', cost: '600', acquisitionDate: '2026-04-20', description: 'Forklift' });
    const caps = await ok<CapitalisationView[]>('GET', `/fa/assets/${forklift.id}/capitalisations`);
    expect(caps).toMatchObject([{ source: 'Vendor invoice', invoiceNumber: inv.number, invoiceLineNo: 1, fromPeriod: null, costBefore: '0.00', costAfter: '600.00' }]);
    expect(await balances()).toEqual({ ...tb, cost: tb.cost + 85_000, clearing: tb.clearing - 85_000 });
    // beyond the line: refused, and no asset made
    const count = (await ok<List>('GET', '/fa/assets?limit=500')).total;
    const over = await api<{ message: string }>('POST', '/fa/vendor-invoice-assets', { vendorInvoice: inv.id, assets: [{ lineNo: 1, amount: '50.01', assetClass: vehicles.id, description: 'Too much' }] });
    expect(over).toMatchObject({ status: 422, body: { message: expect.stringContaining('at most 50.00 is left') } });
    expect((await ok<List>('GET', '/fa/assets?limit=500')).total).toBe(count);
    // a draft capitalised: its cost rises, its preview follows, activation posts nothing more
    await ok('POST', `/fa/assets/${forklift.id}/capitalise`, { date: '2026-04-25', amount: '50', invoiceLine: { vendorInvoice: inv.id, lineNo: 1 } });
    expect((await asset(forklift.id)).cost).toBe('650');
    const tbDraft = await balances();
    const activated = await ok<AssetSchedule>('POST', `/fa/assets/${forklift.id}/activate`);
    expect(amounts(asEngine(activated))).toEqual(amounts(buildSchedule(terms(65_000n, '2026-04-20'))));
    expect(await balances()).toEqual(tbDraft);
  });

  it('reverses a capitalisation: cost, schedule and balances restored; refused once depreciation was posted after it, changing nothing', async () => {
    const a = await activeAsset('1200', '2026-06-01');
    const before = await schedule(a.id);
    const tb = await balances();
    const cap = await ok<CapitalisationView>('POST', `/fa/assets/${a.id}/capitalise`, { date: '2026-07-05', amount: '240' });
    expect(cap.fromPeriod).toBe('2026-07');
    const reversed = await ok<CapitalisationView>('POST', `/fa/capitalisations/${cap.id}/reverse`, { date: '2026-07-31' });
    expect(reversed).toMatchObject({ status: 'Reversed', reversalJournalId: expect.any(String) });
    expect(await schedule(a.id)).toEqual(before);
    expect((await asset(a.id)).cost).toBe('1200');
    expect(await balances()).toEqual(tb);
    expect((await api('POST', `/fa/capitalisations/${cap.id}/reverse`, { date: '2026-07-31' })).status).toBe(422);
    // capitalised again, then July depreciated: the reversal is refused and nothing changes
    const again = await ok<CapitalisationView>('POST', `/fa/assets/${a.id}/capitalise`, { date: '2026-07-05', amount: '240' });
    await postRun('2026-07-31');
    const sched = await schedule(a.id);
    const tb2 = await balances();
    const refused = await api<{ message: string }>('POST', `/fa/capitalisations/${again.id}/reverse`, { date: '2026-07-31' });
    expect(refused).toMatchObject({ status: 422, body: { message: expect.stringContaining('reverse that depreciation run first') } });
    expect(await schedule(a.id)).toEqual(sched);
    expect(await balances()).toEqual(tb2);
    expect((await asset(a.id)).cost).toBe('1440');
  });

  it('adds invoice lines to an existing asset in one transaction; the invoice is not reversed while its capitalisations stand, and is once they are reversed', async () => {
    const tb0 = await balances();
    const inv = await vendorInvoice([['1190', '800'], ['1190', '200'], ['6300', '50']], '2026-05-12');
    const tbInv = await balances();
    const existing = await activeAsset('1000', '2026-05-01');
    // a reversal saved before anything is capitalised, posted later
    const draft = await ok<CreditNoteView>('POST', '/ap/vendor-credit-notes', { kind: 'Reversal', party: vendor, invoice: inv.id, documentDate: '2026-05-20', description: 'Wrong invoice' });
    // line 1 into a new draft asset, lines 1 (the rest) and 2 (part) into the existing one, one request each
    const made = await ok<InvoiceAssetsResult>('POST', '/fa/vendor-invoice-assets', { vendorInvoice: inv.id, assets: [{ lineNo: 1, amount: '500', assetClass: vehicles.id, description: 'Trailer' }] });
    const added = await ok<CapitalisationView[]>('POST', '/fa/vendor-invoice-capitalisations', { vendorInvoice: inv.id, asset: existing.id, lines: [{ lineNo: 1, amount: '300' }, { lineNo: 2, amount: '150' }] });
    expect(added).toMatchObject([
      { asset: existing.id, amount: '300.00', date: '2026-05-12', invoiceLineNo: 1, costBefore: '1000.00', costAfter: '1300.00', source: 'Vendor invoice' },
      { asset: existing.id, amount: '150.00', invoiceLineNo: 2, costBefore: '1300.00', costAfter: '1450.00' },
    ]);
    const lines = await ok<CapitalisableLine[]>('GET', `/fa/capitalisable-invoice-lines?vendorInvoice=${inv.id}&all=true`);
    expect(lines.map((l) => [l.lineNo, l.amount, l.capitalised, l.left])).toEqual([[1, '800.00', '800.00', '0.00'], [2, '200.00', '150.00', '50.00']]);
    // one line of the request beyond what is left: the whole request is refused, nothing changes
    const tbCap = await balances();
    const over = await api<ErrorObject>('POST', '/fa/vendor-invoice-capitalisations', { vendorInvoice: inv.id, asset: existing.id, lines: [{ lineNo: 2, amount: '10' }, { lineNo: 1, amount: '0.01' }] });
    expect(over).toMatchObject({ status: 422, body: { message: expect.stringContaining('at most 0.00 is left') } });
    expect(await balances()).toEqual(tbCap);
    expect((await asset(existing.id)).cost).toBe('1450');
    expect((await ok<CapitalisableLine[]>('GET', `/fa/capitalisable-invoice-lines?vendorInvoice=${inv.id}&all=true`))[1]!.left).toBe('50.00');

    // the reversal: refused while capitalisations stand, naming the assets; nothing changes
    const trailer = made.assets[0]!.code;
    const code = String(existing.code);
    const refused = await api<ErrorObject>('POST', `/ap/vendor-credit-notes/${draft.id}/post`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(new RegExp(`^invoice: vendor invoice ${inv.number} is capitalised into asset ${code} \\(line 1, 300\\.00\\), asset ${code} \\(line 2, 150\\.00\\), asset ${trailer} \\(line 1, 500\\.00\\): reverse those capitalisations`));
    const again = await api<ErrorObject>('POST', '/ap/vendor-credit-notes', { kind: 'Reversal', party: vendor, invoice: inv.id, documentDate: '2026-05-20', description: 'Again' });
    expect(again).toMatchObject({ status: 422, body: { message: expect.stringContaining(`asset ${trailer} (line 1, 500.00)`) } });
    expect(await balances()).toEqual(tbCap);
    expect((await ok<InvoiceView>('GET', `/ap/vendor-invoices/${inv.id}`)).status).toBe('Posted');
    expect((await ok<CreditNoteView>('GET', `/ap/vendor-credit-notes/${draft.id}`)).status).toBe('Draft');
    // reversed one by one (latest first on the existing asset): refused until the last stands no more
    await ok('POST', `/fa/capitalisations/${added[1]!.id}/reverse`, { date: '2026-05-20' });
    await ok('POST', `/fa/capitalisations/${added[0]!.id}/reverse`, { date: '2026-05-20' });
    const still = await api<ErrorObject>('POST', `/ap/vendor-credit-notes/${draft.id}/post`);
    expect(still.body.message).toMatch(new RegExp(`is capitalised into asset ${trailer} \\(line 1, 500\\.00\\): reverse that capitalisation`));
    await ok('POST', `/fa/capitalisations/${made.assets[0]!.capitalisation}/reverse`, { date: '2026-05-20' });
    expect(await balances()).toEqual(tbInv);
    const posted = await api<CreditNoteView>('POST', `/ap/vendor-credit-notes/${draft.id}/post`);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect((await ok<InvoiceView>('GET', `/ap/vendor-invoices/${inv.id}`)).status).toBe('Reversed');
    expect(await balances()).toEqual(tb0);
    // a reversed invoice is capitalised no more
    expect(await api<ErrorObject>('POST', '/fa/vendor-invoice-capitalisations', { vendorInvoice: inv.id, asset: existing.id, lines: [{ lineNo: 2, amount: '1' }] })).toMatchObject({ status: 422, body: { message: expect.stringContaining('is reversed') } });
  });
});

describe('maintenance schedules', () => {
  const outbox = (subject: string) =>
    withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(mailOutbox).where(like(mailOutbox.subject, `%${subject}%`)));

  it('reminds once per occurrence; completing as capitalised raises the cost and moves a recurring schedule by its interval', async () => {
    const a = await activeAsset('1200', '2026-01-01');
    const s = await ok<EntityRecord>('POST', '/fa/maintenance-schedules', { code: 'SRV-1', asset: a.id, description: 'Gearbox overhaul', vendor, estimatedCost: '300', nextDate: '2026-08-31', intervalMonths: 6, reminderDays: 10, remindTo: 'fleet@example.com' });
    expect(s.status).toBe('Active');
    await runMaintenanceReminders(t.platform, new Date('2026-08-20T08:00:00Z'));
    expect(await outbox('Gearbox overhaul')).toHaveLength(0);
    await runMaintenanceReminders(t.platform, new Date('2026-08-21T08:00:00Z'));
    await runMaintenanceReminders(t.platform, new Date('2026-08-22T08:00:00Z'));
    const sent = await outbox('Gearbox overhaul');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ toAddress: 'fleet@example.com', subject: expect.stringContaining('Maintenance due 2026-08-31') });
    expect(sent[0]!.body).toContain('estimated cost 300');
    const before = await schedule(a.id);
    const done = await ok<MaintenanceHistory>('POST', `/fa/maintenance-schedules/${s.id}/complete`, { completedDate: '2026-09-02', actualCost: '360', treatment: 'Capitalised', note: 'New gearbox' });
    expect(done).toMatchObject({ status: 'Active', nextDate: '2027-02-28', completions: [{ occurrenceDate: '2026-08-31', completedDate: '2026-09-02', actualCost: '360.00', treatment: 'Capitalised', capitalisation: expect.any(String) }] });
    expect((await asset(a.id)).cost).toBe('1560');
    const after = await schedule(a.id);
    expect(amounts(asEngine(after))).toEqual(amounts(regenerate(asEngine(before), terms(156_000n, '2026-01-01'), '2026-09')));
    const caps = await ok<CapitalisationView[]>('GET', `/fa/assets/${a.id}/capitalisations`);
    expect(caps[0]).toMatchObject({ source: 'Maintenance', amount: '360.00', fromPeriod: '2026-09' });
    // the next occurrence gets its own reminder, once
    await runMaintenanceReminders(t.platform, new Date('2027-02-20T08:00:00Z'));
    await runMaintenanceReminders(t.platform, new Date('2027-02-21T08:00:00Z'));
    expect(await outbox('Gearbox overhaul')).toHaveLength(2);
  });

  it('completes a one-off as expensed (nothing posted), then refuses a second completion; a refused capitalisation changes nothing', async () => {
    const a = await activeAsset('600', '2026-01-01');
    const inv = await vendorInvoice([['6000', '80']], '2026-05-05');
    const s = await ok<EntityRecord>('POST', '/fa/maintenance-schedules', { code: 'WASH-1', asset: a.id, description: 'Paint touch-up', nextDate: '2026-05-10' });
    expect((await api('POST', '/fa/maintenance-schedules', { code: 'BAD-1', asset: a.id, description: 'x', nextDate: '2026-05-10', remindTo: 'not a mail' })).status).toBe(422);
    const tb = await balances();
    const sched = await schedule(a.id);
    // capitalised from a line that is not on the clearing account: refused, nothing written
    const refused = await api<{ message: string }>('POST', `/fa/maintenance-schedules/${s.id}/complete`, { completedDate: '2026-05-10', actualCost: '80', treatment: 'Capitalised', invoiceLine: { vendorInvoice: inv.id, lineNo: 1 } });
    expect(refused).toMatchObject({ status: 422, body: { message: expect.stringContaining('clearing account') } });
    expect((await ok<MaintenanceHistory>('GET', `/fa/maintenance-schedules/${s.id}/completions`)).completions).toEqual([]);
    const done = await ok<MaintenanceHistory>('POST', `/fa/maintenance-schedules/${s.id}/complete`, { completedDate: '2026-05-10', actualCost: '80', treatment: 'Expensed', invoiceLine: { vendorInvoice: inv.id, lineNo: 1 } });
    expect(done).toMatchObject({ status: 'Completed', completions: [{ treatment: 'Expensed', capitalisation: null, invoiceNumber: inv.number, invoiceLineNo: 1 }] });
    expect(await balances()).toEqual(tb);
    expect(await schedule(a.id)).toEqual(sched);
    expect((await api<{ message: string }>('POST', `/fa/maintenance-schedules/${s.id}/complete`, { completedDate: '2026-05-11', actualCost: '1', treatment: 'Expensed' })).body.message).toContain('is completed');
    // the status is the completion's, never an edit's
    const record = await ok<EntityRecord>('GET', `/fa/maintenance-schedules/${s.id}`);
    const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = record;
    expect((await api('PUT', `/fa/maintenance-schedules/${s.id}`, { ...rest, status: 'Active' })).status).toBe(422);
  });
});
