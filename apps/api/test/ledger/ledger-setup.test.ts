// Proves the ledger set-up: the seeded chart, fiscal periods and their status rules, gapless numbering under concurrency, company configuration, rule errors in an import preview.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRecord, ErrorObject, ImportResult } from '@erp/contracts';
import { withTenant } from '../../src/platform/db/tenancy';
import { nextNumber } from '../../src/modules/ledger/index';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List = { items: EntityRecord[]; total: number; labels: Record<string, Record<string, string>> };
type Period = { id: string; periodNo: number; name: string; startDate: string; endDate: string; type: string; status: string };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
const scope = () => ({ tenantId: tenant.tenantId, companyId: tenant.companyId, userId: admin.user.activeUser.code });

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'LEDG'));
});
afterAll(() => t.close());

describe('seeded chart', () => {
  it('gives a new company five classes, their groups and a chart tree of posting and header accounts', async () => {
    const classes = (await api<List>('GET', '/gl/account-classes')).body.items;
    expect(classes.map((c) => [c.code, c.category, c.balanceSide])).toEqual([
      ['1', 'Asset', 'Debit'], ['2', 'Liability', 'Credit'], ['3', 'Equity', 'Credit'], ['4', 'Revenue', 'Credit'], ['5', 'Expense', 'Debit'],
    ]);
    const accounts = (await api<List>('GET', '/gl/accounts?limit=500')).body.items;
    const byCode = new Map(accounts.map((a) => [a.code, a]));
    expect(byCode.get('1000')).toMatchObject({ kind: 'Header' });
    expect(byCode.get('1020')).toMatchObject({ kind: 'Posting', controlType: 'None', parentAccount: byCode.get('1000')!.id });
    expect(byCode.get('2000')).toMatchObject({ controlType: 'Payables' });
    const config = (await api<Record<string, string>>('GET', '/gl/company-config')).body;
    expect(config.retainedEarningsAccount).toBe(byCode.get('3100')!.id);
    expect(config.roundingAccount).toBe(byCode.get('6900')!.id);
    expect(config.exchangeAccount).toBe(byCode.get('2950')!.id);
  });

  it('seeds every new company of the tenant its own chart', async () => {
    await api('POST', '/gl/SaveCompanies', [{ code: 'SUB', description: 'Subsidiary' }]);
    const counts = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) => {
      const { accounts } = await import('../../src/modules/ledger/index');
      const rows = await tx.select({ company: accounts.companyId }).from(accounts);
      return new Map([...new Set(rows.map((r) => r.company))].map((c) => [c, rows.filter((r) => r.company === c).length]));
    });
    expect([...counts.values()]).toEqual([33, 33]);
  });

  it('refuses a posting account as parent, a header control account and a loop', async () => {
    const accounts = (await api<List>('GET', '/gl/accounts?limit=500')).body.items;
    const byCode = new Map(accounts.map((a) => [a.code, a]));
    const group = byCode.get('1010')!.accountGroup;
    const parentPosting = await api<ErrorObject>('POST', '/gl/accounts', { code: '1011', name: 'Till', accountGroup: group, parentAccount: byCode.get('1010')!.id });
    expect(parentPosting.body).toEqual({ message: 'The parent account must be a header account', statusCode: 422, serverError: 'BusinessRule' });
    const headerControl = await api<ErrorObject>('POST', '/gl/accounts', { code: '1099', name: 'Banks', accountGroup: group, kind: 'Header', controlType: 'Payables' });
    expect(headerControl.body.message).toBe('A header account cannot be a control account');
    const top = (await api<EntityRecord>('POST', '/gl/accounts', { code: '1900', name: 'Other', accountGroup: group, kind: 'Header' })).body;
    const below = (await api<EntityRecord>('POST', '/gl/accounts', { code: '1910', name: 'Other sub', accountGroup: group, kind: 'Header', parentAccount: top.id })).body;
    const loop = await api<ErrorObject>('PUT', `/gl/accounts/${top.id}`, { code: '1900', name: 'Other', accountGroup: group, kind: 'Header', parentAccount: below.id });
    expect(loop.body.message).toBe('The chosen parent lies below this account: that would make a loop');
  });
});

describe('fiscal years and periods', () => {
  let periods: Period[];
  it('generates a July year: opening, twelve months Jul..Jun, adjustment', async () => {
    const fy = (await api<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY27', name: 'Year to June 2027', startDate: '2026-07-01', endDate: '2027-06-30' })).body;
    periods = (await api<Period[]>('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' })).body;
    expect(periods.map((p) => p.name)).toEqual(['Opening', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026', 'Dec 2026', 'Jan 2027', 'Feb 2027', 'Mar 2027', 'Apr 2027', 'May 2027', 'Jun 2027', 'Adjustment']);
    expect(periods.every((p) => p.status === 'Open')).toBe(true);
    const again = await api<ErrorObject>('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
    expect(again.body).toEqual({ message: 'Fiscal year FY27 already has periods', statusCode: 409, serverError: 'Conflict' });
    const moved = await api<ErrorObject>('PUT', `/gl/fiscal-years/${fy.id}`, { code: 'FY27', name: 'x', startDate: '2026-08-01', endDate: '2027-07-31' });
    expect(moved.body.message).toBe('The dates of a fiscal year with periods cannot change');
  });

  it('refuses an overlapping year and a year that ends first', async () => {
    const overlap = await api<ErrorObject>('POST', '/gl/fiscal-years', { code: 'FYX', name: 'Overlap', startDate: '2027-01-01', endDate: '2027-12-31' });
    expect(overlap.body).toEqual({ message: 'The dates overlap fiscal year FY27', statusCode: 422, serverError: 'BusinessRule' });
    const backwards = await api<ErrorObject>('POST', '/gl/fiscal-years', { code: 'FYB', name: 'Backwards', startDate: '2030-12-31', endDate: '2030-01-01' });
    expect(backwards.body.message).toBe('The fiscal year must end after it starts');
  });

  it('closes, reopens and locks a period; a locked period stays locked', async () => {
    const jul = periods[1]!;
    const status = (s: string) => api<Period & ErrorObject>('POST', `/gl/accounting-periods/${jul.id}/status`, { status: s });
    expect((await status('Closed')).body.status).toBe('Closed');
    expect((await status('Open')).body.status).toBe('Open');
    expect((await status('Locked')).body.status).toBe('Locked');
    expect((await status('Open')).body).toEqual({ message: 'Period Jul 2026 is locked and cannot be reopened', statusCode: 422, serverError: 'BusinessRule' });
  });
});

describe('number sequences', () => {
  it('renders JV2026-000001 style numbers and restarts each year', async () => {
    const seq = (await api<List>('GET', '/gl/number-sequences')).body.items.find((s) => s.code === 'JV')!;
    expect((await api<{ next: string }>('POST', `/gl/number-sequences/${seq.id}/preview`, { date: '2026-03-01' })).body.next).toBe('JV2026-000001');
    expect((await api<{ number: string }>('POST', `/gl/number-sequences/${seq.id}/take`, { date: '2026-03-01' })).body.number).toBe('JV2026-000001');
    expect((await api<{ number: string }>('POST', `/gl/number-sequences/${seq.id}/take`, { date: '2026-03-02' })).body.number).toBe('JV2026-000002');
    expect((await api<{ number: string }>('POST', `/gl/number-sequences/${seq.id}/take`, { date: '2027-01-05' })).body.number).toBe('JV2027-000001');
  });

  it('gives 16 concurrent callers distinct numbers with no gap, also when some roll back', async () => {
    const seq = (await api<EntityRecord>('POST', '/gl/number-sequences', { code: 'RACE', name: 'Race', resetEvery: 'Never' })).body;
    await api('POST', '/gl/number-segments', { numberSequence: seq.id, position: 1, type: 'Counter', width: 4 });
    const db = t.platform.database.db;
    const attempt = (i: number) =>
      withTenant(db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) => {
        const n = await nextNumber(tx, scope(), seq.id, '2026-05-01');
        if (i % 4 === 0) throw new Error(`roll back ${n}`);
        return n;
      }).catch((e: Error) => e);
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => attempt(i)));
    const numbers = results.filter((r): r is string => typeof r === 'string').sort();
    expect(results.filter((r) => r instanceof Error)).toHaveLength(4);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(4, '0')));
  });

  it('refuses a second Counter segment and a Prefix without text', async () => {
    const seq = (await api<List>('GET', '/gl/number-sequences')).body.items.find((s) => s.code === 'JV')!;
    const second = await api<ErrorObject>('POST', '/gl/number-segments', { numberSequence: seq.id, position: 9, type: 'Counter', width: 3 });
    expect(second.body.message).toBe('A number sequence has one Counter segment');
    const bare = await api<ErrorObject>('POST', '/gl/number-segments', { numberSequence: seq.id, position: 8, type: 'Prefix' });
    expect(bare.body.message).toBe('A Prefix segment needs its text');
  });
});

describe('company configuration', () => {
  it('takes only active posting accounts of the company', async () => {
    const accounts = (await api<List>('GET', '/gl/accounts?limit=500')).body.items;
    const header = accounts.find((a) => a.code === '1000')!;
    const config = (await api<Record<string, string | null>>('GET', '/gl/company-config')).body;
    const refused = await api<ErrorObject>('PUT', '/gl/company-config', { ...config, roundingAccount: header.id });
    expect(refused.body).toEqual({ message: 'Account 1000 is not an active posting account', statusCode: 422, serverError: 'BusinessRule' });
    const other = accounts.find((a) => a.code === '6400')!;
    const saved = await api<Record<string, string | null>>('PUT', '/gl/company-config', { ...config, roundingAccount: other.id });
    expect(saved.body.roundingAccount).toBe(other.id);
  });
});

describe('import preview with business rules', () => {
  it('reports rule breaches per row in the preview, imports only valid rows when asked', async () => {
    const csv = ['Code,Name,Account Group,Parent Account,Kind,Control', '1050,Cash at hand,10,1000,Posting,None', '1060,Till float,10,1010,Posting,None', '1070,Safe,10,1000,Posting,None'].join('\n');
    const file = { fileName: 'accounts.csv', contentBase64: Buffer.from(csv).toString('base64') };
    const preview = await api<ImportResult>('POST', '/gl/accounts/import', { ...file, dryRun: true, mode: 'all' });
    expect(preview.body).toMatchObject({ rows: 3, written: 0, errors: [{ row: 3, field: 'code', message: 'The parent account must be a header account' }] });
    const all = await api<ImportResult>('POST', '/gl/accounts/import', { ...file, dryRun: false, mode: 'all' });
    expect(all.body.written).toBe(0);
    expect((await api<List>('GET', '/gl/accounts?search=1050')).body.total).toBe(0);
    const valid = await api<ImportResult>('POST', '/gl/accounts/import', { ...file, dryRun: false, mode: 'valid' });
    expect(valid.body).toMatchObject({ written: 2, errors: [{ row: 3 }] });
    const codes = (await api<List>('GET', '/gl/accounts?search=10&limit=500')).body.items.map((a) => a.code);
    expect(codes).toEqual(expect.arrayContaining(['1050', '1070']));
    expect(codes).not.toContain('1060');
  });

  it('reports one message per cell: an unknown reference is not also missing', async () => {
    const csv = ['Code,Name,Account Group', '1080,Float,99'].join('\n');
    const res = await api<ImportResult>('POST', '/gl/accounts/import', { fileName: 'a.csv', contentBase64: Buffer.from(csv).toString('base64'), dryRun: true, mode: 'all' });
    expect(res.body.errors).toEqual([{ row: 2, field: 'accountGroup', message: 'No Account Group with code 99' }]);
  });

  it('filters a lookup by field values', async () => {
    const headers = await api<{ id: string; label: string }[]>('GET', `/gl/accounts/lookup?limit=100&filter=${encodeURIComponent(JSON.stringify({ kind: 'Header' }))}`);
    expect(headers.body.map((a) => a.label)).toEqual(expect.arrayContaining(['1000 · Cash and Cash Equivalents']));
    expect(headers.body.every((a) => !a.label.startsWith('1010'))).toBe(true);
  });
});
