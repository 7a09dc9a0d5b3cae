// The fixed-asset reports (issue 18): the register as of a date, the depreciation forecast from the
// unposted rows, and the movement schedule per class read from the ledger, which ties to the ledger's
// balances (and to the trial balance) after acquisitions, runs, a disposal, an adjustment and a
// document of a type the report does not know (shown as Other, not dropped). Files: PDF and XLSX
// (read back). Isolation: another tenant and another company of the tenant see none of it.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  transformPassword,
  type AssetMovements,
  type AssetRegister,
  type Company,
  type DepreciationForecast,
  type DepreciationRunView,
  type DisposalView,
  type EntityRecord,
  type JournalView,
  type TrialBalance,
} from '@erp/contracts';
import { postEntry } from '../../src/modules/ledger/index';
import { withTenant } from '../../src/platform/db/tenancy';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List = { items: EntityRecord[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
const as = (who: Session, host = tenant.host) => <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T>(t.app, host, method, url, body, who);
const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => as(admin)<T>(method, url, body);
async function ok<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
let accounts: Map<string, EntityRecord>;
const acct = (code: string) => accounts.get(code)!.id;
async function account(code: string, name: string, like: string, controlType = 'None') {
  const { id: _id, createdAt: _c, updatedAt: _u, ...model } = accounts.get(like)!;
  const a = await ok<EntityRecord>('POST', '/gl/accounts', { ...model, code, name, controlType, kind: 'Posting' });
  accounts.set(code, a);
  return a;
}

/** What a document of the Fixed Asset module posts on acquiring an asset: cost (party: the asset) against a clearing account. */
async function acquire(asset: EntityRecord, costAccount: string, amount: bigint, date: string, documentType = 'AssetCapitalisation') {
  const scope = { tenantId: tenant.tenantId, companyId: tenant.companyId, userId: admin.user.activeUser.code };
  await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, userId: scope.userId, companies: 'all' }, (tx) =>
    postEntry(tx, scope, {
      kind: 'Standard', journalDate: date, description: `Acquired ${String(asset.code)}`, reference: null,
      source: { module: 'Fixed Asset', documentType, documentId: randomUUID() },
      lines: [
        { accountId: acct(costAccount), currency: 'USD', debitMinor: amount, creditMinor: 0n, party: { type: 'Asset', id: asset.id }, lineRef: asset.id },
        { accountId: acct('1190'), currency: 'USD', debitMinor: 0n, creditMinor: amount },
      ],
    }),
  );
}
async function activeAsset(assetClass: string, description: string, cost: string, inService = '2026-01-10') {
  const a = await ok<EntityRecord>('POST', '/fa/assets', { description, assetClass, acquisitionDate: inService, cost, location: 'Depot', custodian: 'R. Jones' });
  await ok('POST', `/fa/assets/${a.id}/activate`);
  return a;
}
async function run(period: string) {
  const r = await ok<DepreciationRunView>('POST', '/fa/depreciation-runs', { period });
  return ok<DepreciationRunView>('POST', `/fa/depreciation-runs/${r.id}/post`);
}

let vehicles: EntityRecord;
let office: EntityRecord;
let van: EntityRecord;
let truck: EntityRecord;
let desk: EntityRecord;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FAREP'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
  const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  await ok('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  await account('1190', 'Asset clearing', '1510');
  await account('1520', 'Office equipment', '1500', 'FixedAsset');
  await ok('POST', '/gl/subsidiaries', { code: 'FAO', name: 'Office equipment register', module: 'Fixed Asset', controlAccount: acct('1520'), active: true });
  await account('1530', 'Accumulated depreciation, office equipment', '1510');
  await account('4950', 'Gain on disposal of assets', '4900');
  await account('6950', 'Loss on disposal of assets', '6300');
  const profile = (code: string, cost: string, accumulated: string) => ok<EntityRecord>('POST', '/gl/posting-profiles', {
    code, name: code, module: 'Fixed Asset', moduleDefault: false, controlAccount: acct(cost), accumulatedDepreciationAccount: acct(accumulated), depreciationExpenseAccount: acct('6300'),
    clearingAccount: acct('1190'), disposalGainAccount: acct('4950'), disposalLossAccount: acct('6950'),
  });
  vehicles = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'VEH', name: 'Vehicles', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month', postingProfile: (await profile('FAV', '1500', '1510')).id });
  office = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'OFF', name: 'Office', method: 'Straight line', lifeMonths: 36, residualKind: 'Amount', convention: 'Full month', postingProfile: (await profile('FAO', '1520', '1530')).id });

  // January: acquired and activated (100 a month each; the desk 3600 over 36 months)
  van = await activeAsset(vehicles.id, 'Van', '1200');
  truck = await activeAsset(vehicles.id, 'Truck', '1200');
  desk = await activeAsset(office.id, 'Desk', '3600');
  await acquire(van, '1500', 120000n, '2026-01-10');
  await acquire(truck, '1500', 120000n, '2026-01-10');
  await acquire(desk, '1520', 360000n, '2026-01-10');
  // March: the run catches up January to March (VEH 600, OFF 300)
  await run('2026-03-31');
  // June: the van is sold on the 15th for 700 (April to June first, 300; gain 100)
  const sale = await ok<DisposalView>('POST', '/fa/disposals', { asset: van.id, disposalDate: '2026-06-15', disposalType: 'Sale', proceeds: '700' });
  await ok('POST', `/fa/disposals/${sale.id}/post`);
  await run('2026-06-30');
  // an adjustment typed in the ledger on the office's accumulated depreciation (shown as Other), and a
  // document of a type no report knows on the desk's cost (Other too)
  const j = await ok<JournalView>('POST', '/gl/journals', { journalDate: '2026-06-30', description: 'Adjustment', lines: [
    { account: acct('1530'), currency: 'USD', debit: '50' }, { account: acct('6300'), currency: 'USD', credit: '50' },
  ] });
  await ok('POST', `/gl/journals/${j.id}/post`);
  await acquire(desk, '1520', 2500n, '2026-06-20', 'SomethingNew');
});
afterAll(() => t.close());

async function ledgerNet(code: string) {
  const tb = await ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
  const r = tb.rows.find((x) => x.code === code);
  return r ? (Math.round(Number(r.debit) * 100) - Math.round(Number(r.credit) * 100)) / 100 : 0;
}

describe('the movement schedule', () => {
  it('ties to the ledger per account after acquisitions, runs, a disposal, an adjustment and an unknown document', async () => {
    const m = await ok<AssetMovements>('GET', '/fa/reports/movements?from=2026-01-01&to=2026-06-30');
    const veh = m.rows.find((r) => r.classCode === 'VEH')!;
    const off = m.rows.find((r) => r.classCode === 'OFF')!;
    expect(veh).toMatchObject({
      costAccountCode: '1500', accumulatedAccountCode: '1510',
      openingCost: '0.00', additions: '2400.00', revaluations: '0.00', disposals: '-1200.00', otherCost: '0.00', closingCost: '1200.00',
      // March run 600, the van's run at its disposal 300, the June run (the truck) 300
      openingAccumulated: '0.00', depreciation: '1200.00', accumulatedDisposals: '-600.00', otherAccumulated: '0.00', closingAccumulated: '600.00', netBookValue: '600.00',
    });
    expect(off).toMatchObject({
      additions: '3600.00', otherCost: '25.00', closingCost: '3625.00', depreciation: '600.00', otherAccumulated: '-50.00', closingAccumulated: '550.00', netBookValue: '3075.00',
    });
    expect(m.rows).toHaveLength(2);
    expect(m.total).toMatchObject({ closingCost: '4825.00', closingAccumulated: '1150.00', netBookValue: '3675.00' });
    expect(m.tiesOut).toBe(true);
    expect(m.tieOut.map((x) => [x.accountCode, x.role, x.classes, x.schedule, x.ledger, x.difference])).toEqual([
      ['1500', 'Cost', ['VEH'], '1200.00', '1200.00', '0.00'],
      ['1510', 'Accumulated depreciation', ['VEH'], '600.00', '600.00', '0.00'],
      ['1520', 'Cost', ['OFF'], '3625.00', '3625.00', '0.00'],
      ['1530', 'Accumulated depreciation', ['OFF'], '550.00', '550.00', '0.00'],
    ]);
    // the trial balance says the same
    expect([await ledgerNet('1500'), await ledgerNet('1510'), await ledgerNet('1520'), await ledgerNet('1530')]).toEqual([1200, -600, 3625, -550]);
  });

  it('opens a later range with the balances before it: opening + movements = closing', async () => {
    const m = await ok<AssetMovements>('GET', '/fa/reports/movements?from=2026-04-01&to=2026-06-30');
    expect(m.rows.find((r) => r.classCode === 'VEH')).toMatchObject({
      openingCost: '2400.00', additions: '0.00', disposals: '-1200.00', closingCost: '1200.00', openingAccumulated: '600.00', depreciation: '600.00', accumulatedDisposals: '-600.00', closingAccumulated: '600.00',
    });
    const before = await ok<AssetMovements>('GET', '/fa/reports/movements?from=2026-01-01&to=2026-01-31');
    expect(before.rows.find((r) => r.classCode === 'VEH')).toMatchObject({ additions: '2400.00', depreciation: '0.00', closingAccumulated: '0.00' });
    expect(before.tiesOut).toBe(true);
  });

  it('shares an account between classes: lines naming no asset of it go to a row of their own, and the account still ties', async () => {
    // a third class on the default profile (1500/1510, as VEH): the run's lines name the class, so they are attributed
    const tools = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'TLS', name: 'Tools', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month' });
    const m = await ok<AssetMovements>('GET', '/fa/reports/movements?from=2026-01-01&to=2026-06-30');
    expect(m.rows.find((r) => r.assetClass === tools.id)).toMatchObject({ closingCost: '0.00', costAccountCode: '1500' });
    expect(m.rows.find((r) => r.classCode === 'VEH')).toMatchObject({ closingCost: '1200.00', closingAccumulated: '600.00' });
    // the adjustment names nothing: on 1510, now shared by VEH and TLS, it has a row of its own
    const j = await ok<JournalView>('POST', '/gl/journals', { journalDate: '2026-06-30', description: 'Unattributed', lines: [
      { account: acct('1510'), currency: 'USD', debit: '10' }, { account: acct('6300'), currency: 'USD', credit: '10' },
    ] });
    await ok('POST', `/gl/journals/${j.id}/post`);
    const after = await ok<AssetMovements>('GET', '/fa/reports/movements?from=2026-01-01&to=2026-06-30');
    expect(after.rows.find((r) => r.assetClass === null)).toMatchObject({ accumulatedAccountCode: '1510', otherAccumulated: '-10.00', closingAccumulated: '-10.00' });
    expect(after.tieOut.find((x) => x.accountCode === '1510')).toMatchObject({ classes: ['TLS', 'VEH'], schedule: '590.00', ledger: '590.00', tiesOut: true });
    expect(after.tiesOut).toBe(true);
  });

  it('refuses a range that ends before it starts, and a bad date, with the shared error object', async () => {
    expect(await api('GET', '/fa/reports/movements?from=2026-06-30&to=2026-01-01')).toMatchObject({ status: 400, body: { message: expect.stringContaining('to') } });
    expect((await api('GET', '/fa/reports/movements?from=2026-13-01&to=2026-12-31')).status).toBe(400);
  });
});

describe('the asset register', () => {
  it('as of the end of June: the truck and the desk, the van disposed before', async () => {
    const r = await ok<AssetRegister>('GET', '/fa/reports/register?asOf=2026-06-30');
    expect(r.rows.map((a) => [a.code, a.classCode, a.location, a.custodian, a.inServiceDate, a.cost, a.accumulated, a.netBookValue, a.state])).toEqual([
      [desk.code, 'OFF', 'Depot', 'R. Jones', '2026-01-10', '3600.00', '600.00', '3000.00', 'Active'],
      [truck.code, 'VEH', 'Depot', 'R. Jones', '2026-01-10', '1200.00', '600.00', '600.00', 'Active'],
    ]);
    expect(r.totals.map((x) => [x.classCode, x.assets, x.cost, x.accumulated, x.netBookValue])).toEqual([
      ['OFF', 1, '3600.00', '600.00', '3000.00'],
      ['VEH', 1, '1200.00', '600.00', '600.00'],
      [null, 2, '4800.00', '1200.00', '3600.00'],
    ]);
  });

  it('as of the end of May: the van is still there, active, with what was posted by then (the March run)', async () => {
    const r = await ok<AssetRegister>('GET', `/fa/reports/register?asOf=2026-05-31&assetClass=${vehicles.id}`);
    expect(r.rows.map((a) => [a.code, a.accumulated, a.state])).toEqual([[van.code, '300.00', 'Active'], [truck.code, '300.00', 'Active']]);
    // on the disposal day, before it is posted that day: the van's run dated that day counts
    const r15 = await ok<AssetRegister>('GET', `/fa/reports/register?asOf=2026-06-14&assetClass=${vehicles.id}`);
    expect(r15.rows.map((a) => [a.code, a.accumulated])).toEqual([[van.code, '300.00'], [truck.code, '300.00']]);
    // before anything was in service: empty, with a zero total
    const empty = await ok<AssetRegister>('GET', '/fa/reports/register?asOf=2025-12-31');
    expect(empty.rows).toEqual([]);
    expect(empty.totals).toEqual([{ assetClass: null, classCode: null, className: null, assets: 0, cost: '0.00', accumulated: '0.00', netBookValue: '0.00' }]);
  });
});

describe('the depreciation forecast', () => {
  it('per month and class, from the unposted rows', async () => {
    const f = await ok<DepreciationForecast>('GET', '/fa/reports/forecast?from=2026-07&to=2026-09');
    expect(f.periods).toEqual(['2026-07', '2026-08', '2026-09']);
    expect(f.rows.map((r) => [r.code, r.amounts, r.total])).toEqual([
      ['OFF', ['100.00', '100.00', '100.00'], '300.00'],
      ['VEH', ['100.00', '100.00', '100.00'], '300.00'],
    ]);
    expect([f.totals, f.total]).toEqual([['200.00', '200.00', '200.00'], '600.00']);
  });

  it('per year and asset: the truck ends in December, the desk goes on', async () => {
    const f = await ok<DepreciationForecast>('GET', '/fa/reports/forecast?from=2026-07&to=2028-12&grain=Year&by=Asset');
    expect(f.periods).toEqual(['2026', '2027', '2028']);
    expect(f.rows.map((r) => [r.code, r.classCode, r.amounts, r.total])).toEqual([
      [desk.code, 'OFF', ['600.00', '1200.00', '1200.00'], '3000.00'],
      [truck.code, 'VEH', ['600.00', '0.00', '0.00'], '600.00'],
    ]);
  });

  it('refuses a range of more than 120 periods', async () => {
    expect(await api('GET', '/fa/reports/forecast?from=2026-01&to=2036-02')).toMatchObject({ status: 400 });
    expect((await api('GET', '/fa/reports/forecast?from=2026-01&to=2036-02&grain=Year')).status).toBe(200);
  });
});

describe('the files', () => {
  async function file(url: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId } });
    return res;
  }
  it('PDF of each report', async () => {
    for (const url of ['/fa/reports/register/export?asOf=2026-06-30&format=pdf', '/fa/reports/forecast/export?from=2026-07&to=2026-12&format=pdf', '/fa/reports/movements/export?from=2026-01-01&to=2026-06-30&format=pdf']) {
      const res = await file(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('XLSX of the movement schedule and the register, read back: numbers, not text', async () => {
    const res = await file('/fa/reports/movements/export?from=2026-01-01&to=2026-06-30&format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="asset-movements-2026-01-01-2026-06-30.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const head = rows.findIndex((r) => r[0] === 'Class');
    expect(rows[head]).toContain('Closing cost');
    const veh = rows.find((r) => typeof r[0] === 'string' && r[0].startsWith('VEH'))!;
    expect(veh.slice(1)).toEqual([0, 2400, 0, -1200, 0, 1200, 0, 1200, -600, 0, 600, 600]);
    expect(rows.find((r) => r[0] === '1520')).toEqual(['1520', 'Office equipment', 'Cost', 'OFF', 3625, 3625, 0, 'Yes']);

    const reg = await file('/fa/reports/register/export?asOf=2026-06-30&format=xlsx');
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(reg.rawPayload as unknown as ArrayBuffer);
    const regRows: unknown[][] = [];
    wb2.worksheets[0]!.eachRow((row) => regRows.push((row.values as unknown[]).slice(1)));
    expect(regRows.find((r) => r[0] === truck.code)).toEqual([truck.code, 'Truck', 'VEH', 'Depot', 'R. Jones', expect.any(String), 1200, 600, 600, 'Active']);
    expect(regRows.find((r) => r[0] === 'Total')).toEqual(['Total', '2', 4800, 1200, 3600]);
  });

  it('refuses an unknown format', async () => {
    expect((await file('/fa/reports/register/export?format=docx')).statusCode).toBe(400);
  });
});

describe('isolation', () => {
  it('another tenant sees none of it', async () => {
    const other = await adminOf(t, 'FAREPX');
    const m = await as(other.admin, other.tenant.host)<AssetMovements>('GET', '/fa/reports/movements?from=2026-01-01&to=2026-12-31');
    expect(m.status).toBe(200);
    expect(m.body.rows).toEqual([]);
    expect(m.body.total.closingCost).toBe('0.00');
    const r = await as(other.admin, other.tenant.host)<AssetRegister>('GET', '/fa/reports/register?asOf=2026-12-31');
    expect(r.body.rows).toEqual([]);
  });

  it('another company of the tenant sees none of it', async () => {
    const saved = await api<Company[]>('POST', '/gl/SaveCompanies', [{ code: 'SUB', description: 'Subsidiary' }]);
    const p = await transformPassword('Correct horse 1');
    expect((await api('POST', `/auth/user/create/${p}`, { name: 'sub', mailAddress: 'admin@sub.farep.test', password: p, confirmPassword: p, roleID: admin.user.parentRole.id, company: saved.body[0]!.id })).status).toBe(200);
    const sub = await signIn(t.app, tenant.host, 'admin@sub.farep.test', 'Correct horse 1');
    const m = await as(sub)<AssetMovements>('GET', '/fa/reports/movements?from=2026-01-01&to=2026-12-31');
    expect(m.status).toBe(200);
    expect(m.body.rows.filter((r) => r.classCode === 'VEH' || r.classCode === 'OFF')).toEqual([]);
    expect(m.body.tieOut.every((x) => x.ledger === '0.00')).toBe(true);
    expect((await as(sub)<AssetRegister>('GET', '/fa/reports/register?asOf=2026-12-31')).body.rows).toEqual([]);
    expect((await as(sub)<DepreciationForecast>('GET', '/fa/reports/forecast?from=2026-01&to=2026-12')).body.rows).toEqual([]);
  });
});
