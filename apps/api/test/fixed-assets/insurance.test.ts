// Insurance schedules (issue 18): a policy of an insurer over assets with their insured values; the
// premium's instalments sum to the premium exactly (remainder on the last); Activate, Cancel, Renew,
// instalments marked paid; the hourly job expires policies and sends the expiry and instalment
// reminders through the outbox once each. Every refusal changes nothing.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSchedule, EntityRecord, ErrorObject, InsuranceScheduleListItem, InsuranceScheduleView } from '@erp/contracts';
import { withTenant } from '../../src/platform/db/tenancy';
import { mailOutbox } from '../../src/platform/mail/mail.tables';
import { runInsuranceReminders } from '../../src/modules/fixed-assets/index';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

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
async function refused(method: Method, url: string, body: unknown, message: RegExp, status = 422): Promise<void> {
  const res = await api<ErrorObject>(method, url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toMatch(message);
}
const base = '/fa/insurance-schedules';
const outbox = (subject: string) =>
  withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(mailOutbox).where(like(mailOutbox.subject, `%${subject}%`)));
const cents = (s: string) => BigInt(s.replace('.', ''));

let cls: EntityRecord;
let insurer: EntityRecord;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FAINS'));
  const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  await ok<EntityRecord[]>('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  cls = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'VEH', name: 'Vehicles', method: 'Straight line', lifeMonths: 24, residualKind: 'Amount', convention: 'Full month' });
  insurer = await ok<EntityRecord>('POST', '/fa/insurance-companies', { code: 'ALLIANZ', name: 'Allianz', mail: 'claims@allianz.example.com' });
});
afterAll(() => t.close());

async function activeAsset(cost: string) {
  const a = await ok<EntityRecord>('POST', '/fa/assets', { description: `Van ${cost}`, assetClass: cls.id, acquisitionDate: '2026-01-05', cost });
  await ok<AssetSchedule>('POST', `/fa/assets/${a.id}/activate`);
  return a;
}
const policy = (over: Record<string, unknown> = {}) => ({
  insurer: insurer.id, policyNumber: 'POL-1', coverType: 'Motor', startDate: '2026-01-01', expiryDate: '2026-12-31', premium: '1000', premiumFrequency: 'Monthly', reminderDays: 30, remindTo: 'fleet@example.com', lines: [], ...over,
});

describe('insurance schedules', () => {
  it('a policy over two assets: total insured, instalments summing to the premium, activated, paid, listed and filtered', async () => {
    const a = await activeAsset('30000');
    const b = await activeAsset('12000');
    const draft = await ok<InsuranceScheduleView>('POST', base, policy({ lines: [{ asset: a.id, insuredValue: '28000' }, { asset: b.id, insuredValue: '11500.55' }] }));
    expect(draft).toMatchObject({ status: 'Draft', insurerCode: 'ALLIANZ', currency: 'USD', premium: '1000.00', insuredTotal: '39500.55', paid: '0.00', unpaid: '1000.00' });
    expect(draft.instalments).toHaveLength(12);
    expect(draft.instalments.map((i) => i.amount)).toEqual([...Array<string>(11).fill('83.33'), '83.37']);
    expect(draft.instalments.reduce((s, i) => s + cents(i.amount), 0n)).toBe(cents(draft.premium));
    // an edit of the draft regenerates the instalments
    const edited = await ok<InsuranceScheduleView>('PUT', `${base}/${draft.id}`, policy({ premium: '1000.01', premiumFrequency: 'Quarterly', lines: [{ asset: a.id, insuredValue: '28000' }, { asset: b.id, insuredValue: '11500.55' }] }));
    expect(edited.instalments.map((i) => [i.dueDate, i.amount])).toEqual([['2026-01-01', '250.00'], ['2026-04-01', '250.00'], ['2026-07-01', '250.00'], ['2026-10-01', '250.01']]);
    const active = await ok<InsuranceScheduleView>('POST', `${base}/${draft.id}/activate`);
    expect(active.status).toBe('Active');
    // an active policy is not edited; its instalments are paid
    await refused('PUT', `${base}/${draft.id}`, policy({ lines: [{ asset: a.id, insuredValue: '1' }] }), /active insurance schedule cannot be edited/);
    const paid = await ok<InsuranceScheduleView>('POST', `${base}/${draft.id}/instalments/1/pay`, { paidDate: '2026-01-03', reference: 'TRF-881' });
    expect(paid.instalments[0]).toMatchObject({ paidDate: '2026-01-03', reference: 'TRF-881' });
    expect(paid).toMatchObject({ paid: '250.00', unpaid: '750.01' });
    await refused('POST', `${base}/${draft.id}/instalments/1/pay`, { paidDate: '2026-01-04' }, /already paid/);
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${draft.id}`)).instalments[0]).toMatchObject({ paidDate: '2026-01-03', reference: 'TRF-881' });
    // the list: search, status, insurer, expiring within
    const list = await ok<{ items: InsuranceScheduleListItem[]; total: number }>('GET', `${base}?search=POL-1&status=Active&insurer=${insurer.id}`);
    expect(list.items).toEqual([expect.objectContaining({ policyNumber: 'POL-1', assets: 2, insuredTotal: '39500.55', unpaid: '750.01', nextDue: '2026-04-01' })]);
    expect((await ok<{ total: number }>('GET', `${base}?expiringWithin=3650`)).total).toBeGreaterThanOrEqual(1);
    expect((await ok<{ total: number }>('GET', `${base}?status=Cancelled`)).total).toBe(0);
    const csv = await t.app.inject({ method: 'GET', url: `${base}/export?format=csv`, headers: { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('POL-1');
  });

  it('refuses what breaks its rules and changes nothing', async () => {
    const a = await activeAsset('5000');
    const count = async () => (await ok<{ total: number }>('GET', `${base}?limit=1`)).total;
    const before = await count();
    await refused('POST', base, policy({ policyNumber: 'POL-1' }), /policyNumber: ALLIANZ already has a policy POL-1/);
    await refused('POST', base, policy({ policyNumber: 'pol-1' }), /already has a policy/);
    await refused('POST', base, policy({ policyNumber: 'X-2', expiryDate: '2025-12-31' }), /expiry date is on or after the start date/, 400);
    await refused('POST', base, policy({ policyNumber: 'X-2', premium: '10.001' }), /premium: At most 2 decimals/);
    await refused('POST', base, policy({ policyNumber: 'X-2', currency: 'XXX' }), /currency: No currency XXX/);
    await refused('POST', base, policy({ policyNumber: 'X-2', lines: [{ asset: a.id, insuredValue: '1' }, { asset: a.id, insuredValue: '2' }] }), /already on another line/, 400);
    expect(await count()).toBe(before);
    // nothing to insure, no premium: not activated
    const empty = await ok<InsuranceScheduleView>('POST', base, policy({ policyNumber: 'X-3' }));
    await refused('POST', `${base}/${empty.id}/activate`, undefined, /lines: A policy insures at least one asset/);
    const free = await ok<InsuranceScheduleView>('POST', base, policy({ policyNumber: 'X-4', premium: '0', lines: [{ asset: a.id, insuredValue: '5000' }] }));
    await refused('POST', `${base}/${free.id}/activate`, undefined, /premium: A policy has a premium/);
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${empty.id}`)).status).toBe('Draft');
    // a draft's instalments are not paid
    await refused('POST', `${base}/${free.id}/instalments/1/pay`, { paidDate: '2026-01-03' }, /draft policy are not paid/);
    // a split asset cannot be insured nor activated on a draft that names it
    const gone = await activeAsset('800');
    const onDraft = await ok<InsuranceScheduleView>('POST', base, policy({ policyNumber: 'X-5', lines: [{ asset: a.id, insuredValue: '1' }, { asset: gone.id, insuredValue: '800' }] }));
    const run = await ok<{ id: string }>('POST', '/fa/depreciation-runs', { period: '2026-01-31' });
    await ok('POST', `/fa/depreciation-runs/${run.id}/post`);
    const split = await ok<{ id: string }>('POST', '/fa/splits', { asset: gone.id, splitDate: '2026-01-31', basis: 'Percent', parts: [{ share: '50' }, { share: '50' }] });
    await ok('POST', `/fa/splits/${split.id}/post`);
    await refused('POST', base, policy({ policyNumber: 'X-6', lines: [{ asset: gone.id, insuredValue: '800' }] }), /lines\[0\]\.asset: Asset .* is split: it cannot be insured/);
    await refused('POST', `${base}/${onDraft.id}/activate`, undefined, /lines\[1\]\.asset: Asset .* is split/);
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${onDraft.id}`)).status).toBe('Draft');
    // an inactive insurer takes no new policy
    const old = await ok<EntityRecord>('POST', '/fa/insurance-companies', { code: 'OLDINS', name: 'Old insurer', status: 'Inactive' });
    await refused('POST', base, policy({ policyNumber: 'X-7', insurer: old.id }), /insurer: The insurance company OLDINS is inactive/);
    // cancelled: nothing more
    await ok('POST', `${base}/${onDraft.id}/cancel`);
    await refused('POST', `${base}/${onDraft.id}/activate`, undefined, /Only a draft insurance schedule can be activated; this one is cancelled/);
    await refused('POST', `${base}/${onDraft.id}/renew`, {}, /Only an active or expired policy is renewed/);
  });

  it('reminds once of the expiry and once per instalment due, expires the policy after its expiry, and renews it from the next day', async () => {
    const a = await activeAsset('9000');
    const p = await ok<InsuranceScheduleView>('POST', base, policy({ policyNumber: 'REM-1', startDate: '2026-03-01', expiryDate: '2027-02-28', premium: '600', premiumFrequency: 'Half-yearly', reminderDays: 10, remindTo: 'risk@example.com', lines: [{ asset: a.id, insuredValue: '9000' }] }));
    // a draft reminds of nothing
    await runInsuranceReminders(t.platform, new Date('2026-02-25T08:00:00Z'));
    expect(await outbox('REM-1')).toHaveLength(0);
    await ok('POST', `${base}/${p.id}/activate`);
    // the first instalment (1 March) is 10 days away on 19 February: the job run twice sends it once
    await runInsuranceReminders(t.platform, new Date('2026-02-25T08:00:00Z'));
    await runInsuranceReminders(t.platform, new Date('2026-02-25T09:05:00Z'));
    expect((await outbox('Insurance premium due 2026-03-01: policy REM-1')).map((m) => m.toAddress)).toEqual(['risk@example.com']);
    await ok('POST', `${base}/${p.id}/instalments/1/pay`, { paidDate: '2026-03-01' });
    // the second (1 September) is reminded from 22 August
    await runInsuranceReminders(t.platform, new Date('2026-08-21T08:00:00Z'));
    expect(await outbox('due 2026-09-01')).toHaveLength(0);
    await runInsuranceReminders(t.platform, new Date('2026-08-22T08:00:00Z'));
    await runInsuranceReminders(t.platform, new Date('2026-08-23T08:00:00Z'));
    expect(await outbox('due 2026-09-01')).toHaveLength(1);
    // the expiry, once
    await runInsuranceReminders(t.platform, new Date('2027-02-17T08:00:00Z'));
    expect(await outbox('Insurance policy REM-1 expires')).toHaveLength(0);
    await runInsuranceReminders(t.platform, new Date('2027-02-18T08:00:00Z'));
    await runInsuranceReminders(t.platform, new Date('2027-02-19T08:00:00Z'));
    const expiry = await outbox('Insurance policy REM-1 expires 2027-02-28');
    expect(expiry).toHaveLength(1);
    expect(expiry[0]!.body).toContain(a.code as string);
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${p.id}`)).remindedFor).toBe('2027-02-28');
    // still active on its expiry date, expired the day after
    await runInsuranceReminders(t.platform, new Date('2027-02-28T08:00:00Z'));
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${p.id}`)).status).toBe('Active');
    await runInsuranceReminders(t.platform, new Date('2027-03-01T08:00:00Z'));
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${p.id}`)).status).toBe('Expired');
    expect(await outbox('REM-1')).toHaveLength(3);
    // renewed: a draft from the day after the expiry over a year, same assets and premium; once only
    const renewal = await ok<InsuranceScheduleView>('POST', `${base}/${p.id}/renew`, {});
    expect(renewal).toMatchObject({ status: 'Draft', policyNumber: 'REM-1/2027', startDate: '2027-03-01', expiryDate: '2028-02-29', premium: '600.00', premiumFrequency: 'Half-yearly', insuredTotal: '9000.00', renewalOf: p.id });
    expect(renewal.lines.map((l) => l.asset)).toEqual([a.id]);
    expect(renewal.instalments.map((i) => [i.dueDate, i.amount])).toEqual([['2027-03-01', '300.00'], ['2027-09-01', '300.00']]);
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${p.id}`)).renewedBy).toBe(renewal.id);
    await refused('POST', `${base}/${p.id}/renew`, {}, /already renewed by policy REM-1\/2027/);
    // a cancelled renewal makes room for another
    await ok('POST', `${base}/${renewal.id}/cancel`);
    const again = await ok<InsuranceScheduleView>('POST', `${base}/${p.id}/renew`, { policyNumber: 'REM-2' });
    expect(again).toMatchObject({ policyNumber: 'REM-2', startDate: '2027-03-01', renewalOf: p.id });
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${p.id}`)).renewedBy).toBe(again.id);
  });
});

describe('a premium instalment as a draft vendor invoice (payables seam)', () => {
  type Invoice = { id: string; status: string; party: string; currency: string; documentDate: string; reference: string | null; description: string; totalGross: string; source: { documentId: string; page: string; number: string | null } | null; lines: { account: string; lineGross?: string; unitPrice: string }[] };
  type List = { items: EntityRecord[] };
  let vendor: string;
  let expense: string;
  let group: EntityRecord;
  const invoiceCount = async () => (await ok<{ total: number }>('GET', '/ap/vendor-invoices?limit=1')).total;
  beforeAll(async () => {
    const accounts = (await ok<List>('GET', '/gl/accounts?limit=500')).items;
    const { id: _id, createdAt: _c, updatedAt: _u, ...model } = accounts.find((a) => a.code === '6100')!;
    expense = (await ok<EntityRecord>('POST', '/gl/accounts', { ...model, code: '6500', name: 'Insurance Expense', controlType: 'None', kind: 'Posting' })).id;
    group = (await ok<List>('GET', '/ap/vendor-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
    vendor = (await ok<EntityRecord>('POST', '/ap/vendors', { code: 'ALLIANZV', name: 'Allianz (vendor)', group: group.id })).id;
  });

  it('makes one draft per instalment with the amount, account, vendor and source; a second is refused and changes nothing; a deleted draft makes room', async () => {
    const p = await ok<InsuranceScheduleView>('POST', base, policy({ policyNumber: 'INV-1', premium: '1000', premiumFrequency: 'Quarterly', vendor, lines: [{ asset: (await activeAsset('5000')).id, insuredValue: '5000' }] }));
    expect(p).toMatchObject({ vendor, vendorLabel: 'ALLIANZV · Allianz (vendor)' });
    await refused('POST', base, policy({ policyNumber: 'INV-X', vendor: insurer.id }), /^vendor: No such vendor/);
    await refused('POST', `${base}/${p.id}/instalments/1/invoice`, { vendor, account: expense }, /active or expired/);
    await ok<InsuranceScheduleView>('POST', `${base}/${p.id}/activate`);
    const before = await invoiceCount();
    const view = await ok<InsuranceScheduleView>('POST', `${base}/${p.id}/instalments/2/invoice`, { vendor, account: expense });
    const linked = view.instalments[1]!.invoice!;
    expect(linked).toMatchObject({ status: 'Draft', number: null, gross: '250.00' });
    expect(view.instalments[0]!.invoice).toBeNull();
    expect(await invoiceCount()).toBe(before + 1);
    const inv = await ok<Invoice>('GET', `/ap/vendor-invoices/${linked.id}`);
    expect(inv).toMatchObject({ status: 'Draft', party: vendor, currency: 'USD', documentDate: '2026-04-01', reference: 'INV-1', description: 'Insurance premium INV-1 instalment 2/4', totalGross: '250.00' });
    expect(inv.lines).toHaveLength(1);
    expect(inv.lines[0]).toMatchObject({ account: expense });
    expect(inv.source).toMatchObject({ documentId: p.id, page: '/insurance-schedule', number: 'INV-1' });
    // A second while the draft exists: refused, nothing made or changed
    await refused('POST', `${base}/${p.id}/instalments/2/invoice`, { vendor, account: expense }, /already has vendor invoice/);
    expect(await invoiceCount()).toBe(before + 1);
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${p.id}`)).instalments[1]!.invoice!.id).toBe(linked.id);
    // A paid instalment is not invoiced; the paid mark is the user's (the draft does not touch it)
    await ok('POST', `${base}/${p.id}/instalments/1/pay`, { paidDate: '2026-01-05', reference: 'BANK-1' });
    await refused('POST', `${base}/${p.id}/instalments/1/invoice`, { vendor, account: expense }, /already marked paid/);
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${p.id}`)).instalments[1]!.paidDate).toBeNull();
    // The draft deleted on its own screen: the instalment shows none and may be invoiced again
    expect((await api('DELETE', `/ap/vendor-invoices/${linked.id}`)).status).toBe(200);
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${p.id}`)).instalments[1]!.invoice).toBeNull();
    const again = await ok<InsuranceScheduleView>('POST', `${base}/${p.id}/instalments/2/invoice`, { vendor, account: expense });
    expect(again.instalments[1]!.invoice!.id).not.toBe(linked.id);
    // The draft posts through the vendor invoice's own flow
    const posted = await api<Invoice>('POST', `/ap/vendor-invoices/${again.instalments[1]!.invoice!.id}/post`);
    expect([200, 202]).toContain(posted.status);
  });

  it('refuses an inactive or on-hold vendor, or no account, naming the field, and changes nothing', async () => {
    const p = await ok<InsuranceScheduleView>('POST', base, policy({ policyNumber: 'INV-2', premium: '600', premiumFrequency: 'Half-yearly', lines: [{ asset: (await activeAsset('6000')).id, insuredValue: '6000' }] }));
    await ok<InsuranceScheduleView>('POST', `${base}/${p.id}/activate`);
    const held = await ok<EntityRecord>('POST', '/ap/vendors', { code: 'HELDV', name: 'Held', group: group.id, onHold: true });
    const inactive = await ok<EntityRecord>('POST', '/ap/vendors', { code: 'GONEV', name: 'Gone', group: group.id, status: 'Inactive' });
    const before = await invoiceCount();
    await refused('POST', `${base}/${p.id}/instalments/1/invoice`, { vendor: held.id, account: expense }, /^vendor: .*on hold/);
    await refused('POST', `${base}/${p.id}/instalments/1/invoice`, { vendor: inactive.id, account: expense }, /^vendor: .*inactive/);
    await refused('POST', `${base}/${p.id}/instalments/1/invoice`, { vendor: insurer.id, account: expense }, /^vendor: .*does not exist/);
    const noAccount = await api<ErrorObject>('POST', `${base}/${p.id}/instalments/1/invoice`, { vendor });
    expect(noAccount.status).toBe(400);
    expect(JSON.stringify(noAccount.body)).toMatch(/account/);
    expect(await invoiceCount()).toBe(before);
    expect((await ok<InsuranceScheduleView>('GET', `${base}/${p.id}`)).instalments.every((i) => i.invoice === null)).toBe(true);
  });
});
