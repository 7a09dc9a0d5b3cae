// Proves the define-once kit for every registered entity: create, read, edit, clear refusals, delete guarded by references, import all-or-nothing, export round trip, permissions, tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMenuItemByLink, type EntityDef, type EntityRecord, type ErrorObject, type EntityImportResult as ImportResult, type Role } from '@erp/contracts';
import type { KitBinding } from '../../src/platform/kit/registry';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { transformPassword } from '@erp/contracts';
import { createSample, uniqueCode } from './samples';

type List = { items: EntityRecord[]; total: number; labels: Record<string, Record<string, string>> };

let t: TestApp;
let a: { tenant: TestTenant; admin: Session };
let b: { tenant: TestTenant; admin: Session };
let bindings: KitBinding[];

beforeAll(async () => {
  t = await createTestApp();
  a = await adminOf(t, 'KITA');
  b = await adminOf(t, 'KITB');
  bindings = t.platform.entities.all();
});
afterAll(() => t.close());

const ENTITIES = ['account', 'accountClass', 'asset', 'assetClass', 'accountGroup', 'currency', 'dimension', 'dimensionGroup', 'exchangeRate', 'fiscalYear', 'ledgerHeader', 'maintenanceSchedule', 'moduleConfig', 'numberSegment', 'numberSequence', 'operation', 'postingProfile', 'subsidiary', 'tax',
  // Payables and receivables (issue 15)
  'address', 'vendorPaymentTerm', 'vendorGroup', 'vendor', 'customerPaymentTerm', 'customerGroup', 'customer',
  // Cash Management (issue 16)
  'bankGroup', 'bank', 'cashflowForecast',
  // Bank reconciliation (issue 17)
  'bankReconciliationRule',
  // Asset stock and insurance companies (issue 18)
  'assetStock', 'insuranceCompany'];
const base = (def: EntityDef) => `/${def.service}/${def.resource}`;
const asA = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, as: Session = a.admin) => call<T>(t.app, a.tenant.host, method, url, body, as);
const asB = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T>(t.app, b.tenant.host, method, url, body, b.admin);
const editable = (def: EntityDef, r: EntityRecord) => Object.fromEntries(Object.keys(def.fields).map((k) => [k, r[k]]));
const firstText = (def: EntityDef) => Object.entries(def.fields).find(([k, f]) => f.type === 'text' && !def.key.includes(k))?.[0];
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.map((v) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\n')).toString('base64');

describe('kit', () => {
  it('registers the ledger and payables/receivables set-up entities', () => {
    expect(bindings.map((x) => x.def.name).sort()).toEqual(
      ENTITIES.slice().sort(),
    );
  });
});

describe('import values', () => {
  it('reads choices and yes/no without case, stored as the option is written', async () => {
    const group = await createSample(t.app, a.tenant.host, a.admin, t.platform.entities, t.platform.entities.get('accountGroup').def);
    const code = uniqueCode(30);
    const file = csv([['Code', 'Name', 'Account Group', 'Kind', 'Control', 'Active'], [code, 'Case test', String(group.code), 'posting', 'NONE', 'TRUE'], [`${code}H`, 'Case header', String(group.code), 'HEADER', 'none', 'no']]);
    const res = await asA<ImportResult>('POST', '/gl/accounts/import', { fileName: 'accounts.csv', contentBase64: file, dryRun: false, mode: 'all' });
    expect(res.body).toMatchObject({ errors: [], created: 2 });
    const rows = (await asA<List>('GET', `/gl/accounts?search=${code}&limit=10`)).body.items;
    expect(rows.map((r) => [r.code, r.kind, r.controlType, r.active]).sort()).toEqual([[code, 'Posting', 'None', true], [`${code}H`, 'Header', 'None', false]]);
    // A value no option has, in any case, is still refused with the options.
    const wrong = await asA<ImportResult>('POST', '/gl/accounts/import', { fileName: 'a.csv', contentBase64: csv([['Code', 'Name', 'Account Group', 'Kind'], [`${code}X`, 'X', String(group.code), 'postings']]), dryRun: true, mode: 'all' });
    expect(wrong.body.errors).toEqual([{ row: 2, field: 'kind', message: 'Kind must be one of Posting, Header' }]);
  });
});

describe.each(ENTITIES)('entity %s', (name) => {
  const binding = () => t.platform.entities.get(name);

  it('creates, reads, lists with search and edits a record, with an audit trail', async () => {
    const { def } = binding();
    const created = await createSample(t.app, a.tenant.host, a.admin, t.platform.entities, def);
    const got = await asA<EntityRecord>('GET', `${base(def)}/${created.id}`);
    expect(got.body).toEqual(created);
    const list = await asA<List>('GET', `${base(def)}?limit=500`);
    expect(list.body.items.map((r) => r.id)).toContain(created.id);
    for (const [field, f] of Object.entries(def.fields)) {
      if (f.type === 'ref' && created[field]) expect(list.body.labels[field]?.[String(created[field])]).toBeTruthy();
    }
    const key = def.key[0]!;
    if (def.fields[key as keyof typeof def.fields]!.type === 'text') {
      const found = await asA<List>('GET', `${base(def)}?search=${encodeURIComponent(String(created[key]).toLowerCase())}`);
      expect(found.body.items.map((r) => r.id)).toEqual([created.id]);
    }
    const textField = firstText(def);
    if (textField) {
      const edited = await asA<EntityRecord>('PUT', `${base(def)}/${created.id}`, { ...editable(def, created), [textField]: 'Renamed' });
      expect(edited.body[textField]).toBe('Renamed');
      expect((await asA<EntityRecord>('GET', `${base(def)}/${created.id}`)).body[textField]).toBe('Renamed');
    }
  });

  it('refuses bad input with a message naming the field, and a duplicate key with 409', async () => {
    const { def } = binding();
    const created = await createSample(t.app, a.tenant.host, a.admin, t.platform.entities, def);
    const { [def.key[0]!]: _dropped, ...rest } = editable(def, created);
    const missing = await asA<ErrorObject & EntityRecord>('POST', base(def), rest);
    if (def.generatedKey === def.key[0]) {
      // A generated key left empty takes the next number of its sequence.
      expect(missing.status).toBe(200);
      expect(missing.body[def.key[0]!]).not.toBe(created[def.key[0]!]);
      expect(String(missing.body[def.key[0]!])).not.toBe('');
    } else {
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(new RegExp(`^${def.key[0]}: `));
    }
    const dup = await asA<ErrorObject>('POST', base(def), editable(def, created));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/already exists$/);
    const unknown = await asA<ErrorObject>('GET', `${base(def)}/00000000-0000-4000-8000-000000000000`);
    expect(unknown.body).toEqual({ message: `${def.label} was not found`, statusCode: 404, serverError: 'NotFound' });
  });

  it('deletes an unused record and refuses to delete a referenced one, naming what uses it', async () => {
    const { def } = binding();
    const lonely = await createSample(t.app, a.tenant.host, a.admin, t.platform.entities, def);
    expect((await asA<{ message: string }>('DELETE', `${base(def)}/${lonely.id}`)).body.message).toBe(`${def.label} deleted`);
    expect((await asA('GET', `${base(def)}/${lonely.id}`)).status).toBe(404);
    const referrer = t.platform.entities.all().find((x) => Object.values(x.def.fields).some((f) => f.type === 'ref' && f.ref === def.name && f.required));
    if (!referrer) return;
    const user = await createSample(t.app, a.tenant.host, a.admin, t.platform.entities, referrer.def);
    const field = Object.entries(referrer.def.fields).find(([, f]) => f.type === 'ref' && f.ref === def.name && f.required)![0];
    const res = await asA<ErrorObject>('DELETE', `${base(def)}/${String(user[field])}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(new RegExp(`is used by 1 ${referrer.def.label}`));
  });

  it('imports all or nothing with errors per row and cell, then the fixed file', async () => {
    const { def } = binding();
    const sample = await createSample(t.app, a.tenant.host, a.admin, t.platform.entities, def);
    // Export just the sample (a filter on its key fields) and use its row as the model of new rows.
    const filter = encodeURIComponent(JSON.stringify(Object.fromEntries(def.key.map((k) => [k, sample[k]]))));
    const res = await t.app.inject({ method: 'GET', url: `${base(def)}/export?format=csv&filter=${filter}`, headers: { host: a.tenant.host, authorization: `Bearer ${a.admin.token}`, token: a.admin.tenantId } });
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines).toHaveLength(2);
    const headers = lines[0]!.split(',');
    const row = lines[1]!.split(',');
    // Two new rows: the sample's row with a key field changed (a text key, else a date, else a number).
    const fields = def.fields as Record<string, { type: string; label: string; max?: number; min?: number }>;
    const varying = ['text', 'date', 'integer'].map((type) => def.key.find((k) => fields[k]!.type === type)).find(Boolean)!;
    const varyCol = headers.indexOf(fields[varying]!.label);
    const fresh = (k: number) =>
      row.map((v, i) => {
        if (i !== varyCol) return v;
        const f = fields[varying]!;
        if (f.type === 'text') return uniqueCode(f.max);
        if (f.type === 'date') return `2025-03-0${k}`;
        return String((f.min ?? 0) + 10 + k);
      });
    const good1 = fresh(1);
    const good2 = fresh(2);
    // Fiscal years may not overlap: give the new ones years of their own.
    for (const [k, r] of [good1, good2].entries()) {
      if (headers.includes('Start Date')) r[headers.indexOf('Start Date')] = `${2190 + k}-01-01`;
      if (headers.includes('End Date')) r[headers.indexOf('End Date')] = `${2190 + k}-12-31`;
    }
    const bad = [...good1];
    const requiredCol = headers.findIndex((h) => Object.values(def.fields).some((f) => f.label === h && f.required && f.default === undefined && f.type !== 'ref'));
    bad[requiredCol] = '';
    const file = { fileName: 'rows.csv', contentBase64: csv([headers, good1, good2, bad]), dryRun: false, mode: 'all' };
    const refused = await asA<ImportResult>('POST', `${base(def)}/import`, file);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ rows: 3, written: 0 });
    expect(refused.body.errors.some((e) => e.row === 4)).toBe(true);
    const before = (await asA<List>('GET', `${base(def)}?limit=500`)).body.total;
    const fixed = await asA<ImportResult>('POST', `${base(def)}/import`, { ...file, contentBase64: csv([headers, good1, good2]) });
    expect(fixed.body).toMatchObject({ rows: 2, valid: 2, written: 2, created: 2, updated: 0, updates: [], errors: [] });
    expect((await asA<List>('GET', `${base(def)}?limit=500`)).body.total).toBe(before + 2);
    // A file of one row that exists (row 2) and one that does not (row 3): the preview says which
    // updates, the result counts each kind.
    const good3 = fresh(3);
    if (headers.includes('Start Date')) [good3[headers.indexOf('Start Date')], good3[headers.indexOf('End Date')]] = ['2192-01-01', '2192-12-31'];
    const mixed = { ...file, contentBase64: csv([headers, good1, good3]) };
    const preview = await asA<ImportResult>('POST', `${base(def)}/import`, { ...mixed, dryRun: true });
    expect(preview.body).toMatchObject({ rows: 2, valid: 2, written: 0, created: 0, updated: 0, updates: [2], errors: [] });
    const done = await asA<ImportResult>('POST', `${base(def)}/import`, mixed);
    expect(done.body).toMatchObject({ written: 2, created: 1, updated: 1, updates: [2], errors: [] });
    expect((await asA<List>('GET', `${base(def)}?limit=500`)).body.total).toBe(before + 3);
  });

  it('exports the whole filter and imports the export back unchanged', async () => {
    const { def } = binding();
    await createSample(t.app, a.tenant.host, a.admin, t.platform.entities, def);
    const list = async () => (await asA<List>('GET', `${base(def)}?limit=500`)).body.items.map((r) => editable(def, r));
    const before = await list();
    const res = await t.app.inject({ method: 'GET', url: `${base(def)}/export?format=xlsx`, headers: { host: a.tenant.host, authorization: `Bearer ${a.admin.token}`, token: a.admin.tenantId } });
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const back = await asA<ImportResult>('POST', `${base(def)}/import`, { fileName: 'export.xlsx', contentBase64: res.rawPayload.toString('base64'), dryRun: false, mode: 'all' });
    expect(back.body.errors, JSON.stringify(back.body).slice(0, 400)).toEqual([]);
    expect(back.body.rows).toBe(before.length);
    expect(await list()).toEqual(before);
  });

  it('refuses writes without the operation label, even with the page', async () => {
    const { def } = binding();
    const item = findMenuItemByLink(def.page)!;
    const role = (await asA<Role>('POST', '/auth/role', { name: `Reader of ${def.name}` })).body;
    await asA('POST', '/auth/permission', { roleId: role.id, permissions: [{ name: item.module, routes: [{ name: item.group, pages: [{ link: def.page, operations: [] }] }] }] });
    const mail = `reader-${def.name.toLowerCase()}@kita.test`;
    const p = await transformPassword('Reader pass 1');
    await asA('POST', `/auth/user/create/${p}`, { name: 'Reader', mailAddress: mail, password: p, confirmPassword: p, roleID: role.id });
    const reader = await signIn(t.app, a.tenant.host, mail, 'Reader pass 1');
    expect((await asA('GET', base(def), undefined, reader)).status).toBe(200);
    const sample = await createSample(t.app, a.tenant.host, a.admin, t.platform.entities, def);
    const create = await asA<ErrorObject>('POST', base(def), editable(def, sample), reader);
    expect(create.body).toEqual({ message: `You are not permitted to do this (Save${def.permission})`, statusCode: 403, serverError: 'Forbidden' });
    expect((await asA<ErrorObject>('DELETE', `${base(def)}/${sample.id}`, undefined, reader)).status).toBe(403);
    expect((await asA<ErrorObject>('GET', `${base(def)}/export`, undefined, reader)).status).toBe(403);
  });

  it("keeps one tenant's records out of another's reach", async () => {
    const { def } = binding();
    const mine = await createSample(t.app, a.tenant.host, a.admin, t.platform.entities, def);
    const list = await asB<List>('GET', `${base(def)}?limit=500`);
    expect(list.body.items.map((r) => r.id)).not.toContain(mine.id);
    expect((await asB('GET', `${base(def)}/${mine.id}`)).status).toBe(404);
    expect((await asB('PUT', `${base(def)}/${mine.id}`, editable(def, mine))).status).toBe(404);
    expect((await asB('DELETE', `${base(def)}/${mine.id}`)).status).toBe(404);
    expect((await asA<EntityRecord>('GET', `${base(def)}/${mine.id}`)).body).toEqual(mine);
  });
});
