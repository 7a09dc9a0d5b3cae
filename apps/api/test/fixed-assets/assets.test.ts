// Fixed assets (issue 18): asset classes and assets through the kit, activation storing the
// schedule the engine computes, the schedule explained row by row, the rules that keep an
// active asset's terms and its state out of the form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSchedule, EntityRecord, ErrorObject } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List = { items: EntityRecord[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);

let vehicles: EntityRecord;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FA'));
  const res = await api<EntityRecord>('POST', '/fa/asset-classes', { code: 'VEH', name: 'Vehicles', method: 'Straight line', lifeMonths: 60, residualKind: 'Percent', residualValue: '10', convention: 'Full month' });
  expect(res.status).toBe(200);
  vehicles = res.body;
});
afterAll(() => t.close());

describe('asset classes', () => {
  it('refuses a posting profile of another module and a residual over 100%', async () => {
    const profiles = (await api<List>('GET', '/gl/posting-profiles?limit=50')).body.items;
    const ap = profiles.find((p) => p.module === 'Account Payable')!;
    const bad = await api<ErrorObject>('POST', '/fa/asset-classes', { code: 'BAD', name: 'Bad', method: 'Straight line', lifeMonths: 12, postingProfile: ap.id });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^postingProfile: Posting profile AP is for Account Payable/);
    const pct = await api<ErrorObject>('POST', '/fa/asset-classes', { code: 'BAD', name: 'Bad', method: 'Straight line', lifeMonths: 12, residualKind: 'Percent', residualValue: '120' });
    expect(pct.status).toBe(422);
  });
});

describe('assets', () => {
  it('numbers a new asset from the AssetSequence, as a draft, with a preview of its schedule', async () => {
    const res = await api<EntityRecord>('POST', '/fa/assets', { description: 'Delivery van', assetClass: vehicles.id, acquisitionDate: '2026-01-15', cost: '24000' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'A00001', status: 'Draft', quantity: '1' });
    const preview = await api<AssetSchedule>('GET', `/fa/assets/${res.body.id}/schedule`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ status: 'Draft', cost: '24000.00', residual: '2400.00' });
    expect(preview.body.rows).toHaveLength(60);
    expect(preview.body.rows[0]).toMatchObject({ period: '2026-01', amount: '360.00', accumulated: '360.00', nbv: '23640.00', posted: false });
    expect(preview.body.rows[0]!.explanation).toBe('1/60 of 21600.00 over the remaining life');
  });

  it('activates an asset: the schedule is stored, rows add up to cost less residual, and the state is Active', async () => {
    const created = await api<EntityRecord>('POST', '/fa/assets', { code: 'TRUCK-1', description: 'Truck', assetClass: vehicles.id, acquisitionDate: '2026-02-10', inServiceDate: '2026-02-10', cost: '12345.67', residualValue: '345.67' });
    const res = await api<AssetSchedule>('POST', `/fa/assets/${created.body.id}/activate`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Active');
    const total = res.body.rows.reduce((a, r) => a + Math.round(Number(r.amount) * 100), 0);
    expect(total).toBe(1_200_000);
    expect(res.body.rows.at(-1)).toMatchObject({ nbv: '345.67', period: '2031-01' });
    const again = await api<ErrorObject>('POST', `/fa/assets/${created.body.id}/activate`);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Asset TRUCK-1 is active: only a draft asset is activated');
  });

  it('keeps the state out of the form and an active asset\'s terms, but lets its location change', async () => {
    const draft = await api<ErrorObject>('POST', '/fa/assets', { description: 'Forklift', assetClass: vehicles.id, acquisitionDate: '2026-01-01', cost: '1000', status: 'Active' });
    expect(draft.status).toBe(422);
    expect(draft.body.message).toMatch(/^status: A new asset is a draft/);
    const created = await api<EntityRecord>('POST', '/fa/assets', { description: 'Forklift', assetClass: vehicles.id, acquisitionDate: '2026-01-01', cost: '1000' });
    await api('POST', `/fa/assets/${created.body.id}/activate`);
    const { id: _id, createdAt: _c, updatedAt: _u, ...stored } = (await api<EntityRecord>('GET', `/fa/assets/${created.body.id}`)).body;
    const cost = await api<ErrorObject>('PUT', `/fa/assets/${created.body.id}`, { ...stored, cost: '2000' });
    expect(cost.status).toBe(422);
    expect(cost.body.message).toMatch(/^cost: Asset A0000\d is active: its financial terms change by Change terms on its screen/);
    const moved = await api<EntityRecord>('PUT', `/fa/assets/${created.body.id}`, { ...stored, location: 'Warehouse 2' });
    expect(moved.status).toBe(200);
    expect(moved.body.location).toBe('Warehouse 2');
  });

  it('refuses more decimals than the company currency and an in-service date before acquisition', async () => {
    const cents = await api<ErrorObject>('POST', '/fa/assets', { description: 'X', assetClass: vehicles.id, acquisitionDate: '2026-01-01', cost: '10.005' });
    expect(cents.status).toBe(422);
    expect(cents.body.message).toMatch(/^cost: The cost has more than 2 decimals/);
    const early = await api<ErrorObject>('POST', '/fa/assets', { description: 'X', assetClass: vehicles.id, acquisitionDate: '2026-01-01', inServiceDate: '2025-12-01', cost: '10' });
    expect(early.status).toBe(422);
  });

  it('numbers assets by the class sequence when the class names one', async () => {
    const seqs = (await api<List>('GET', '/gl/number-sequences?limit=50')).body.items;
    const asset = seqs.find((s) => s.code === 'ASSET')!;
    const cls = await api<EntityRecord>('POST', '/fa/asset-classes', { code: 'IT', name: 'Computers', method: 'Double declining balance', lifeMonths: 36, residualKind: 'Amount', convention: 'Mid-month', numberSequence: asset.id });
    expect(cls.status).toBe(200);
    const a = await api<EntityRecord>('POST', '/fa/assets', { description: 'Laptop', assetClass: cls.body.id, acquisitionDate: '2026-03-20', cost: '3600' });
    expect(a.body.code).toMatch(/^A0000\d$/);
    const s = await api<AssetSchedule>('GET', `/fa/assets/${a.body.id}/schedule`);
    // DDB year 1 = 2400.00 over 24 half months: the first half month 100.00
    expect(s.body.rows).toHaveLength(37);
    expect(s.body.rows[0]).toMatchObject({ period: '2026-03', amount: '100.00' });
  });
});
