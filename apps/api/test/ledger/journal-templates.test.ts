// Proves journal templates through the API: create, list (search, sort, pages), get, edit, delete, refusals as the error object, operation labels, CSV/XLSX round trip, lookup, and a draft journal made from a template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv, transformPassword, type ErrorObject, type ImportResult, type JournalTemplateListItem, type JournalTemplateView, type JournalView, type Role } from '@erp/contracts';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks, type Books } from './helpers';

type List<T> = { items: T[]; total: number };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let viewer: Session;
let nobody: Session;
let books: Books;
const as = (who: Session) => <T>(method: Method, url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, who);
const api = <T>(method: Method, url: string, body?: unknown) => as(admin)<T>(method, url, body);
const acct = (code: string) => books.accounts.get(code)!;
const BASE = '/gl/journal-templates';

const rentBody = (extra: object = {}) => ({
  code: 'RENT', name: 'Monthly rent', description: 'Office rent', lines: [line(acct('6100'), 'debit', '1200', 'USD', { description: 'Rent' }), line(acct('1010'), 'credit', '1200')], ...extra,
});
const create = async (body: object) => {
  const res = await api<JournalTemplateView & ErrorObject>('POST', BASE, body);
  expect(res.status, res.body.message).toBe(200);
  return res.body;
};
const download = async (url: string, who: Session = admin) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: tenant.host, authorization: `Bearer ${who.token}`, token: who.tenantId } });
  return { status: res.statusCode, text: res.body, raw: res.rawPayload, type: String(res.headers['content-type']) };
};
const csvFile = (text: string, extra: object = {}) => ({ fileName: 'templates.csv', contentBase64: Buffer.from(text).toString('base64'), dryRun: false, mode: 'all', ...extra });

async function userWithRole(roleID: string, mail: string): Promise<Session> {
  const p = await transformPassword('Template horse 1');
  const created = await api('POST', `/auth/user/create/${p}`, { name: mail.split('@')[0], mailAddress: mail, password: p, confirmPassword: p, roleID });
  expect(created.status).toBe(200);
  return signIn(t.app, tenant.host, mail, 'Template horse 1');
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'JTPL'));
  books = await openBooks(t, tenant, admin);
  const roles = (await api<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items;
  viewer = await userWithRole(roles.find((r) => r.name === 'Viewer')!.id, 'viewer@jtpl.test');
  const empty = await api<Role>('POST', '/auth/role', { name: 'Nobody', description: 'No page, no operation' });
  nobody = await userWithRole(empty.body.id, 'nobody@jtpl.test');
});
afterAll(() => t.close());

describe('journal templates', () => {
  let rent: JournalTemplateView;

  it('creates a template with its lines as decimal strings, amounts in the currency scale', async () => {
    rent = await create(rentBody());
    expect(rent).toMatchObject({ code: 'RENT', name: 'Monthly rent', description: 'Office rent', kind: 'Standard', active: true, hasBlankAmounts: false, usedBy: 0 });
    expect(rent.lines.map((l) => [l.lineNo, l.accountCode, l.currency, l.debit, l.credit, l.description])).toEqual([
      [1, '6100', 'USD', '1200.00', '', 'Rent'],
      [2, '1010', 'USD', '', '1200.00', null],
    ]);
    expect((await api<JournalTemplateView>('GET', `${BASE}/${rent.id}`)).body).toEqual(rent);
  });

  it('keeps blank (and zero) amounts as amounts to fill', async () => {
    const accrual = await create({ code: 'ACCRUAL', name: 'Utilities accrual', kind: 'Adjustment', lines: [{ account: acct('6200').id, currency: 'USD' }, { account: acct('2100').id, currency: 'usd', credit: '0' }] });
    expect(accrual).toMatchObject({ kind: 'Adjustment', hasBlankAmounts: true });
    expect(accrual.lines.map((l) => [l.accountCode, l.currency, l.debit, l.credit])).toEqual([['6200', 'USD', '', ''], ['2100', 'USD', '', '']]);
  });

  it('refuses invalid input with the error object and a clear message', async () => {
    const refusal = async (body: object) => (await api<ErrorObject>('POST', BASE, body)).body;
    expect(await refusal(rentBody({ code: '' }))).toEqual({ message: 'code: Please supply a code', statusCode: 400, serverError: 'ValidationError' });
    expect(await refusal(rentBody({ code: 'X', lines: [line(acct('6100'), 'debit', '1')] }))).toEqual({ message: 'lines: A template needs at least two lines', statusCode: 400, serverError: 'ValidationError' });
    expect(await refusal(rentBody({ code: 'X', lines: [{ ...line(acct('6100'), 'debit', '1'), credit: '1' }, line(acct('1010'), 'credit', '1')] }))).toEqual({
      message: 'lines[0].debit: A line has a debit or a credit, not both', statusCode: 400, serverError: 'ValidationError',
    });
    expect(await refusal(rentBody({ code: 'X', lines: [line(acct('6100'), 'debit', '1.23456'), line(acct('1010'), 'credit', '1')] }))).toMatchObject({ message: 'lines[0].debit: must be a positive amount with at most 4 decimals', statusCode: 400 });
    expect(await refusal(rentBody({ code: 'rent' }))).toEqual({ message: 'A journal template with code rent already exists', statusCode: 409, serverError: 'Conflict' });
    expect(await refusal(rentBody({ code: 'X', lines: [line(acct('6100'), 'debit', '1'), { account: '00000000-0000-4000-8000-000000000000', currency: 'USD', credit: '1' }] }))).toEqual({
      message: 'Line 2: the account does not exist in this company', statusCode: 422, serverError: 'BusinessRule',
    });
    expect(await refusal(rentBody({ code: 'X', lines: [line(acct('1000'), 'debit', '1'), line(acct('1010'), 'credit', '1')] }))).toEqual({ message: 'Line 1: account 1000 is a header account', statusCode: 422, serverError: 'BusinessRule' });
    expect(await refusal(rentBody({ code: 'X', lines: [line(acct('6100'), 'debit', '1', 'XYZ'), line(acct('1010'), 'credit', '1')] }))).toEqual({ message: 'Line 1: currency XYZ is unknown or inactive', statusCode: 422, serverError: 'BusinessRule' });
    // EUR has two decimals: a third is refused, not rounded.
    expect(await refusal(rentBody({ code: 'X', lines: [line(acct('6100'), 'debit', '1.005', 'EUR'), line(acct('1010'), 'credit', '1')] }))).toMatchObject({ statusCode: 400, serverError: 'BadRequest', message: expect.stringMatching(/^Line 1: /) });
    const list = (await api<List<JournalTemplateListItem>>('GET', `${BASE}?search=X&limit=100`)).body;
    expect(list.items.map((i) => i.code)).not.toContain('X');
  });

  it('lists with search over code, name and description, sort, filters and server-side pages', async () => {
    await create({ code: 'INS', name: 'Insurance', description: 'Yearly premium', lines: [line(acct('6200'), 'debit', '300'), line(acct('1010'), 'credit', '300')] });
    await create({ code: 'DEP', name: 'Depreciation', active: false, lines: [line(acct('6200'), 'debit', '50'), line(acct('1010'), 'credit', '50')] });
    const codes = async (query: string) => {
      const body = (await api<List<JournalTemplateListItem>>('GET', `${BASE}?${query}`)).body;
      return { codes: body.items.map((i) => i.code), total: body.total };
    };
    expect(await codes('')).toEqual({ codes: ['ACCRUAL', 'DEP', 'INS', 'RENT'], total: 4 });
    expect(await codes('sort=-code')).toEqual({ codes: ['RENT', 'INS', 'DEP', 'ACCRUAL'], total: 4 });
    expect(await codes('sort=name')).toEqual({ codes: ['DEP', 'INS', 'RENT', 'ACCRUAL'], total: 4 });
    expect(await codes('limit=3&page=2')).toEqual({ codes: ['RENT'], total: 4 });
    expect(await codes('limit=2&page=1&sort=-code')).toEqual({ codes: ['RENT', 'INS'], total: 4 });
    expect(await codes('search=premium')).toEqual({ codes: ['INS'], total: 1 });
    expect(await codes('search=ent')).toEqual({ codes: ['RENT'], total: 1 });
    expect(await codes('search=%25')).toEqual({ codes: [], total: 0 });
    expect(await codes('kind=Adjustment')).toEqual({ codes: ['ACCRUAL'], total: 1 });
    expect(await codes('active=false')).toEqual({ codes: ['DEP'], total: 1 });
    const item = (await api<List<JournalTemplateListItem>>('GET', `${BASE}?search=RENT`)).body.items[0]!;
    expect(item).toMatchObject({ code: 'RENT', lineCount: 2, hasBlankAmounts: false, usedBy: 0 });
    expect((await api<ErrorObject>('GET', `${BASE}?sort=amount`)).status).toBe(400);
  });

  it('looks up active templates only, labelled code and name', async () => {
    expect((await api('GET', `${BASE}/lookup`)).body).toEqual([
      { id: expect.any(String), label: 'ACCRUAL · Utilities accrual' },
      { id: expect.any(String), label: 'INS · Insurance' },
      { id: rent.id, label: 'RENT · Monthly rent' },
    ]);
    expect((await api('GET', `${BASE}/lookup?search=monthly`)).body).toEqual([{ id: rent.id, label: 'RENT · Monthly rent' }]);
    expect((await api('GET', `${BASE}/lookup?search=Depreciation`)).body).toEqual([]);
    expect((await api<unknown[]>('GET', `${BASE}/lookup?limit=1`)).body).toHaveLength(1);
  });

  it('edits a template, replacing its lines; refuses a code another template has', async () => {
    const edited = await api<JournalTemplateView>('PUT', `${BASE}/${rent.id}`, rentBody({ name: 'Rent and service charge', lines: [line(acct('6100'), 'debit', '1000'), line(acct('6200'), 'debit', '250.5'), line(acct('1010'), 'credit', '1250.5')] }));
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Rent and service charge');
    expect(edited.body.lines.map((l) => [l.lineNo, l.accountCode, l.debit, l.credit])).toEqual([[1, '6100', '1000.00', ''], [2, '6200', '250.50', ''], [3, '1010', '', '1250.50']]);
    expect((await api<JournalTemplateView>('GET', `${BASE}/${rent.id}`)).body.lines).toHaveLength(3);
    expect((await api<ErrorObject>('PUT', `${BASE}/${rent.id}`, rentBody({ code: 'ins' }))).body).toEqual({ message: 'A journal template with code ins already exists', statusCode: 409, serverError: 'Conflict' });
    expect((await api<ErrorObject>('PUT', `${BASE}/00000000-0000-4000-8000-000000000000`, rentBody())).body).toEqual({ message: 'Journal template was not found', statusCode: 404, serverError: 'NotFound' });
    expect((await api<JournalTemplateView>('GET', `${BASE}/${rent.id}`)).body.code).toBe('RENT');
  });

  it('makes a draft journal from a template: its kind, lines and reference; blank amounts to fill before posting', async () => {
    const made = await api<JournalView>('POST', `${BASE}/${rent.id}/journal`, { journalDate: '2026-03-01' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ status: 'Draft', kind: 'Standard', number: null, journalDate: '2026-03-01', description: 'Office rent', reference: 'RENT' });
    expect(made.body.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['6100', '1000.00', '0.00'], ['6200', '250.50', '0.00'], ['1010', '0.00', '1250.50']]);
    const posted = await api<JournalView>('POST', `/gl/journals/${made.body.id}/post`);
    expect(posted.body).toMatchObject({ status: 'Posted', number: 'JV2026-000001', totalDebit: '1250.50', totalCredit: '1250.50' });

    const accrual = (await api<List<JournalTemplateListItem>>('GET', `${BASE}?search=ACCRUAL`)).body.items[0]!;
    const draft = await api<JournalView>('POST', `${BASE}/${accrual.id}/journal`, { journalDate: '2026-12-31', description: 'December utilities', reference: 'UT-12' });
    expect(draft.body).toMatchObject({ status: 'Draft', kind: 'Adjustment', description: 'December utilities', reference: 'UT-12' });
    expect(draft.body.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['6200', '0.00', '0.00'], ['2100', '0.00', '0.00']]);
    expect((await api<ErrorObject>('POST', `/gl/journals/${draft.body.id}/post`)).status).toBe(422);
    expect((await api<{ number: string | null }>('GET', `/gl/journals/${draft.body.id}`)).body.number).toBeNull();

    const inactive = (await api<List<JournalTemplateListItem>>('GET', `${BASE}?search=DEP`)).body.items[0]!;
    expect((await api<ErrorObject>('POST', `${BASE}/${inactive.id}/journal`, { journalDate: '2026-03-01' })).body).toEqual({ message: 'Journal template DEP is inactive', statusCode: 422, serverError: 'BusinessRule' });
    expect((await api<ErrorObject>('POST', `${BASE}/${rent.id}/journal`, {})).body).toEqual({ message: 'journalDate: Please supply the journal date', statusCode: 400, serverError: 'ValidationError' });
  });

  it('refuses each operation without its label, and the pages without the page', async () => {
    const v = as(viewer);
    expect((await v<List<unknown>>('GET', BASE)).body.total).toBe(4);
    expect((await v('GET', `${BASE}/${rent.id}`)).status).toBe(200);
    expect((await v('GET', `${BASE}/lookup`)).status).toBe(200);
    const refusals: [Method, string, unknown, string][] = [
      ['POST', BASE, rentBody({ code: 'VIEW' }), 'SaveJournalTemplate'],
      ['PUT', `${BASE}/${rent.id}`, rentBody({ name: 'Hacked' }), 'EditJournalTemplate'],
      ['DELETE', `${BASE}/${rent.id}`, undefined, 'DeleteJournalTemplate'],
      ['POST', `${BASE}/import`, csvFile('Code,Name,Account,Currency,Debit,Credit\r\n'), 'ImportJournalTemplate'],
      ['POST', `${BASE}/${rent.id}/journal`, { journalDate: '2026-03-02' }, 'SaveJournal or SaveOpeningBalanceJournal or SaveAdjustmentJournal or SaveIntercompanyJournal or SaveRecurringJournal'],
    ];
    for (const [method, url, body, label] of refusals) {
      expect((await v<ErrorObject>(method, url, body)).body, url).toEqual({ message: `You are not permitted to do this (${label})`, statusCode: 403, serverError: 'Forbidden' });
    }
    expect((await download(`${BASE}/export`, viewer)).status).toBe(403);
    expect((await as(nobody)<ErrorObject>('GET', BASE)).body).toEqual({ message: 'You are not permitted to do this', statusCode: 403, serverError: 'Forbidden' });
    expect((await api<JournalTemplateView>('GET', `${BASE}/${rent.id}`)).body.name).toBe('Rent and service charge');
    expect((await api<List<unknown>>('GET', BASE)).body.total).toBe(4);
  });

  it('deletes a template, then it is gone', async () => {
    const temp = await create({ code: 'TEMP', name: 'Temporary', lines: [line(acct('6200'), 'debit', '1'), line(acct('1010'), 'credit', '1')] });
    expect((await api('DELETE', `${BASE}/${temp.id}`)).body).toEqual({ message: 'Journal template deleted' });
    expect((await api<ErrorObject>('GET', `${BASE}/${temp.id}`)).body).toEqual({ message: 'Journal template was not found', statusCode: 404, serverError: 'NotFound' });
    expect((await api<ErrorObject>('DELETE', `${BASE}/${temp.id}`)).status).toBe(404);
  });

  it('refuses to delete a template a recurring journal uses', async () => {
    const used = await create({ code: 'USED', name: 'Used', lines: [line(acct('6200'), 'debit', '1'), line(acct('1010'), 'credit', '1')] });
    const schedule = await api<{ id: string }>('POST', '/gl/recurring-journals', { code: 'R-USED', description: 'Uses USED', template: used.id, frequency: 'Monthly', startDate: '2026-01-31' });
    expect(schedule.status).toBe(200);
    expect((await api<JournalTemplateView>('GET', `${BASE}/${used.id}`)).body.usedBy).toBe(1);
    expect((await api<ErrorObject>('DELETE', `${BASE}/${used.id}`)).body).toEqual({ message: 'Journal template USED is used by recurring journal R-USED: change or delete that schedule first', statusCode: 409, serverError: 'Conflict' });
    expect((await api('DELETE', `/gl/recurring-journals/${schedule.body.id}`)).status).toBe(200);
    expect((await api('DELETE', `${BASE}/${used.id}`)).status).toBe(200);
  });
});

describe('export and import', () => {
  const HEADERS = ['Code', 'Name', 'Description', 'Kind', 'Active', 'Account', 'Line description', 'Currency', 'Debit', 'Credit', 'Dimensions', 'Tax'];

  it('exports one row per line, the template repeated, as CSV and XLSX; the search narrows it', async () => {
    const csv = await download(`${BASE}/export`);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const table = readCsv(csv.text);
    expect(table.headers).toEqual(HEADERS);
    expect(table.rows.map((r) => [r[0], r[5], r[8], r[9]])).toEqual([
      ['ACCRUAL', '6200', '', ''], ['ACCRUAL', '2100', '', ''],
      ['DEP', '6200', '50.00', ''], ['DEP', '1010', '', '50.00'],
      ['INS', '6200', '300.00', ''], ['INS', '1010', '', '300.00'],
      ['RENT', '6100', '1000.00', ''], ['RENT', '6200', '250.50', ''], ['RENT', '1010', '', '1250.50'],
    ]);
    expect(table.rows[2]!.slice(0, 5)).toEqual(['DEP', 'Depreciation', '', 'Standard', 'No']);
    expect(readCsv((await download(`${BASE}/export?search=premium`)).text).rows.map((r) => r[0])).toEqual(['INS', 'INS']);
    const xlsx = await download(`${BASE}/export?format=xlsx`);
    expect(xlsx.type).toContain('spreadsheetml');
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
  });

  it('reads its own export back: a preview writes nothing, an import updates known codes and creates new ones', async () => {
    const exported = (await download(`${BASE}/export`)).text;
    const before = (await api<List<JournalTemplateListItem>>('GET', `${BASE}?limit=100`)).body;
    const edited = exported.replaceAll('Rent and service charge', 'Rent (imported)').replace(/^INS,Insurance/gm, 'INS2,Insurance');
    const preview = await api<ImportResult>('POST', `${BASE}/import`, csvFile(edited, { dryRun: true }));
    expect(preview.body).toMatchObject({ rows: 9, valid: 9, written: 0, errors: [] });
    expect(preview.body.preview.map((p) => p.code)).toEqual(['ACCRUAL', 'DEP', 'INS2', 'RENT']);
    expect((await api<List<JournalTemplateListItem>>('GET', `${BASE}?limit=100`)).body).toEqual(before);

    const done = await api<ImportResult>('POST', `${BASE}/import`, csvFile(edited));
    expect(done.body).toMatchObject({ rows: 9, valid: 9, written: 4, errors: [] });
    const after = (await api<List<JournalTemplateListItem>>('GET', `${BASE}?limit=100`)).body.items;
    expect(after.map((i) => [i.code, i.name, i.lineCount])).toEqual([['ACCRUAL', 'Utilities accrual', 2], ['DEP', 'Depreciation', 2], ['INS', 'Insurance', 2], ['INS2', 'Insurance', 2], ['RENT', 'Rent (imported)', 3]]);
    const rent = await api<JournalTemplateView>('GET', `${BASE}/${after.find((i) => i.code === 'RENT')!.id}`);
    expect(rent.body.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['6100', '1000.00', ''], ['6200', '250.50', ''], ['1010', '', '1250.50']]);
    // An unchanged export imports to the same templates.
    const again = readCsv((await download(`${BASE}/export`)).text);
    expect(again.rows.filter((r) => r[0] === 'RENT').map((r) => r.slice(5, 10))).toEqual(readCsv(edited).rows.filter((r) => r[0] === 'RENT').map((r) => r.slice(5, 10)));
  });

  it('reports each bad row and cell; all-or-nothing writes nothing, valid-only writes the good templates', async () => {
    const file = [
      'Code,Name,Account,Currency,Debit,Credit',
      'NEW1,New one,6200,USD,10,',
      'NEW1,New one,1010,USD,,10',
      'BAD,Bad one,9999,USD,10,',
      'BAD,Bad one,1010,USD,,10',
      'ONE,Lonely,6200,USD,5,',
      'HDR,On a header,6200,USD,1,',
      'HDR,On a header,1000,USD,,1',
    ].join('\r\n');
    const all = await api<ImportResult>('POST', `${BASE}/import`, csvFile(file));
    expect(all.body).toMatchObject({ rows: 7, written: 0 });
    expect(all.body.errors).toEqual([
      { row: 4, field: 'Account', message: 'No account with code 9999' },
      { row: 6, field: 'Code', message: 'A template needs at least two lines' },
      { row: 8, field: 'Code', message: 'Line 2: account 1000 is a header account' },
    ]);
    expect((await api<List<unknown>>('GET', `${BASE}?search=NEW1`)).body.total).toBe(0);
    const valid = await api<ImportResult>('POST', `${BASE}/import`, csvFile(file, { mode: 'valid' }));
    expect(valid.body).toMatchObject({ rows: 7, valid: 2, written: 1 });
    expect((await api<List<JournalTemplateListItem>>('GET', `${BASE}?search=NEW`)).body.items.map((i) => [i.code, i.lineCount])).toEqual([['NEW1', 2]]);
    const missing = await api<ImportResult>('POST', `${BASE}/import`, csvFile('Code,Name,Debit\r\nX,Y,1\r\n'));
    expect(missing.body.errors).toEqual([{ row: 1, field: 'Account', message: 'The column Account is missing' }, { row: 1, field: 'Currency', message: 'The column Currency is missing' }]);
  });
});
