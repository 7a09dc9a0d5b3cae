// Proves intercompany journals through the API on the real database: posting writes one balanced journal per company in one transaction (due-from in one company equals due-to in the other, each trial balance nets to zero), a closed partner period posts nothing, reversal restores both, idempotent replay, another tenant's company is not found, labels are enforced, and templates and journals import and export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformPassword, type Company, type EntityRecord, type ErrorObject, type ImportResult, type IntercompanyJournalListItem, type IntercompanyJournalView, type IntercompanyPartner, type IntercompanyTemplateView, type JournalView, type Role } from '@erp/contracts';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { openBooks, type Books } from './helpers';

type TB = { balanced: boolean; rows: { code: string; closing: string }[]; totals: { debit: string; credit: string; closing: string } };
type List<T> = { items: T[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let hq: Session;
let sub: Session;
let subId: string;
let books: Books;
/** Account ids by company ('HQ' or 'SUB') and code. */
const accountIds = new Map<string, string>();
let periodsOfSub: { id: string; name: string }[];

const as = (who: Session) => <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, who);
const acct = (company: 'HQ' | 'SUB', code: string) => accountIds.get(`${company}:${code}`)!;
const companyId = (company: 'HQ' | 'SUB') => (company === 'HQ' ? tenant.companyId : subId);
const line = (company: 'HQ' | 'SUB', code: string, side: 'debit' | 'credit', amount: string, currency = 'USD', extra: object = {}) => ({ company: companyId(company), account: acct(company, code), currency, [side]: amount, ...extra });
const tb = async (who: Session, currency?: string) => (await as(who)<TB>('GET', `/gl/trial-balance?from=2026-01-01&to=2026-12-31${currency ? `&currency=${currency}` : ''}`)).body;
const closing = async (who: Session, code: string, currency?: string) => (await tb(who, currency)).rows.find((r) => r.code === code)?.closing ?? '0.00';

async function postWithKey(id: string, key: string) {
  const res = await t.app.inject({ method: 'POST', url: `/gl/intercompany-journals/${id}/post`, headers: { host: tenant.host, authorization: `Bearer ${hq.token}`, token: hq.tenantId, 'idempotency-key': key } });
  return { status: res.statusCode, body: JSON.parse(res.body) as IntercompanyJournalView & ErrorObject };
}

/** A user of the tenant in another company, with the given role. */
async function userIn(company: string, mail: string, roleID: string): Promise<Session> {
  const p = await transformPassword('Correct horse 1');
  const created = await as(hq)('POST', `/auth/user/create/${p}`, { name: mail.split('@')[0], mailAddress: mail, password: p, confirmPassword: p, roleID, company });
  expect(created.status).toBe(200);
  return signIn(t.app, tenant.host, mail, 'Correct horse 1');
}

/** Due-from (current asset) and due-to (current liability) accounts in a company, named after the partner. */
async function dueAccounts(who: Session, company: 'HQ' | 'SUB', partner: string) {
  const api = as(who);
  const groups = (await api<List<EntityRecord>>('GET', '/gl/account-groups?limit=100')).body.items;
  const group = (code: string) => groups.find((g) => g.code === code)!.id;
  const from = await api<EntityRecord>('POST', '/gl/accounts', { code: '1700', name: `Due from ${partner}`, accountGroup: group('10'), kind: 'Posting', controlType: 'None', active: true });
  const to = await api<EntityRecord>('POST', '/gl/accounts', { code: '2700', name: `Due to ${partner}`, accountGroup: group('20'), kind: 'Posting', controlType: 'None', active: true });
  expect([from.status, to.status]).toEqual([200, 200]);
  for (const a of (await api<List<EntityRecord>>('GET', '/gl/accounts?limit=500')).body.items) accountIds.set(`${company}:${String(a.code)}`, a.id);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin: hq } = await adminOf(t, 'ICO'));
  books = await openBooks(t, tenant, hq);
  const saved = await as(hq)<Company[]>('POST', '/gl/SaveCompanies', [{ code: 'SUB', description: 'Subsidiary' }]);
  subId = saved.body[0]!.id;
  sub = await userIn(subId, 'admin@sub.ico.test', hq.user.parentRole.id);
  const fy = await as(sub)<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  periodsOfSub = (await as(sub)<{ id: string; name: string }[]>('POST', `/gl/fiscal-years/${fy.body.id}/periods`, { pattern: 'monthly' })).body;
  await dueAccounts(hq, 'HQ', 'SUB');
  await dueAccounts(sub, 'SUB', 'HQ');
});
afterAll(() => t.close());

describe('due accounts per company pair', () => {
  it('refuses accounts of the wrong category or of another company, then sets each side', async () => {
    const put = (who: Session, partner: string, body: object) => as(who)<IntercompanyPartner & ErrorObject>('PUT', `/gl/intercompany-partners/${partner}/accounts`, body);
    expect((await put(hq, subId, { dueFromAccount: acct('HQ', '2700'), dueToAccount: acct('HQ', '2700') })).body.message).toBe('The due-from account must be an asset account; 2700 is a liability account');
    expect((await put(hq, subId, { dueFromAccount: acct('SUB', '1700'), dueToAccount: acct('HQ', '2700') })).body).toMatchObject({ statusCode: 404, message: 'The due-from account was not found' });
    expect((await put(hq, subId, { dueFromAccount: acct('HQ', '1100'), dueToAccount: acct('HQ', '2700') })).body.message).toBe('Account 1100 is a Receivables control account: only its subledger posts to it');
    expect((await put(hq, tenant.companyId, { dueFromAccount: acct('HQ', '1700'), dueToAccount: acct('HQ', '2700') })).body.message).toBe('The partner company must be another company');
    const set = await put(hq, subId, { dueFromAccount: acct('HQ', '1700'), dueToAccount: acct('HQ', '2700') });
    expect(set.body).toMatchObject({ code: 'SUB', dueFromLabel: '1700 · Due from SUB', dueToLabel: '2700 · Due to SUB', partnerReady: false });
    expect((await put(sub, tenant.companyId, { dueFromAccount: acct('SUB', '1700'), dueToAccount: acct('SUB', '2700') })).body).toMatchObject({ code: 'HQ', partnerReady: true });
    expect((await as(hq)<IntercompanyPartner[]>('GET', '/gl/intercompany-partners')).body).toEqual([expect.objectContaining({ id: subId, partnerReady: true, dueFromAccount: acct('HQ', '1700') })]);
  });

  it('looks up posting accounts of either company of the pair', async () => {
    const found = await as(hq)<{ id: string; label: string }[]>('GET', `/gl/intercompany-accounts/lookup?company=${subId}&search=due`);
    expect(found.body.map((a) => a.label)).toEqual(['1700 · Due from HQ', '2700 · Due to HQ']);
  });
});

describe('an intercompany journal', () => {
  let draft: IntercompanyJournalView;
  let posted: IntercompanyJournalView;
  // HQ pays SUB's rent from its petty cash.
  const body = () => ({ partnerCompany: subId, journalDate: '2026-02-10', description: 'Rent paid for SUB', reference: 'IC-1', lines: [line('SUB', '6100', 'debit', '1000'), line('HQ', '1010', 'credit', '1000')] });

  it('is saved as a draft with each line in its company, and validates without writing', async () => {
    draft = (await as(hq)<IntercompanyJournalView>('POST', '/gl/intercompany-journals', body())).body;
    expect(draft).toMatchObject({ status: 'Draft', company: { code: 'HQ' }, partnerCompany: { code: 'SUB' }, legs: [] });
    expect(draft.lines.map((l) => [l.company === subId ? 'SUB' : 'HQ', l.accountCode, l.debit, l.credit])).toEqual([['SUB', '6100', '1000.00', '0.00'], ['HQ', '1010', '0.00', '1000.00']]);
    const validated = await as(hq)<IntercompanyJournalView>('POST', `/gl/intercompany-journals/${draft.id}/validate`);
    expect(validated.body.status).toBe('Validated');
    expect(await closing(hq, '1010')).toBe('0.00');
    expect((await as(sub)<List<JournalView>>('GET', '/gl/journals')).body.total).toBe(0);
  });

  it('posts one journal per company, each numbered from its own sequence and balanced by its due line', async () => {
    const res = await postWithKey(draft.id, 'ic-post-1');
    expect(res.status).toBe(200);
    posted = res.body;
    expect(posted.status).toBe('Posted');
    const [mine, theirs] = posted.legs;
    expect(mine!.company.code).toBe('HQ');
    expect(mine!.journal).toMatchObject({ kind: 'Intercompany', status: 'Posted', number: 'JV2026-000001', totalDebit: '1000.00', totalCredit: '1000.00' });
    expect(theirs!.journal).toMatchObject({ kind: 'Intercompany', status: 'Posted', number: 'JV2026-000001', totalDebit: '1000.00' });
    expect(mine!.journal.lines.map((l) => [l.accountCode, l.debit, l.credit, l.description])).toEqual([['1010', '0.00', '1000.00', null], ['1700', '1000.00', '0.00', 'Due from SUB']]);
    expect(theirs!.journal.lines.map((l) => [l.accountCode, l.debit, l.credit, l.description])).toEqual([['6100', '1000.00', '0.00', null], ['2700', '0.00', '1000.00', 'Due to HQ']]);
  });

  it("leaves each company's trial balance netting to zero, with due-from in one equal to due-to in the other", async () => {
    for (const who of [hq, sub]) {
      const balance = await tb(who);
      expect(balance.balanced).toBe(true);
      expect(balance.totals.debit).toBe(balance.totals.credit);
    }
    expect(await closing(hq, '1700')).toBe('1000.00');
    expect(await closing(sub, '2700')).toBe('-1000.00');
    expect(await closing(hq, '1010')).toBe('-1000.00');
    expect(await closing(sub, '6100')).toBe('1000.00');
  });

  it('answers a replayed post with the same journal and posts nothing more', async () => {
    const again = await postWithKey(draft.id, 'ic-post-1');
    expect(again.body).toEqual(posted);
    const plain = await as(hq)<ErrorObject>('POST', `/gl/intercompany-journals/${draft.id}/post`);
    expect(plain.body).toEqual({ message: 'The intercompany journal is already posted', statusCode: 409, serverError: 'Conflict' });
    expect((await as(hq)<List<JournalView>>('GET', '/gl/journals?kind=Intercompany')).body.total).toBe(1);
    expect((await as(sub)<List<JournalView>>('GET', '/gl/journals?kind=Intercompany')).body.total).toBe(1);
    expect(await closing(hq, '1700')).toBe('1000.00');
  });

  it('is read by the partner company too, which sees its own number first, but cannot change it', async () => {
    const list = (await as(sub)<List<IntercompanyJournalListItem>>('GET', '/gl/intercompany-journals')).body;
    expect(list.items.map((i) => [i.partnerCode, i.number, i.partnerNumber, i.status])).toEqual([['HQ', 'JV2026-000001', 'JV2026-000001', 'Posted']]);
    expect((await as(sub)<IntercompanyJournalView>('GET', `/gl/intercompany-journals/${draft.id}`)).body.legs).toHaveLength(2);
    expect((await as(sub)('DELETE', `/gl/intercompany-journals/${draft.id}`)).status).toBe(404);
    expect((await as(sub)('POST', `/gl/intercompany-journals/${draft.id}/reverse`, { date: '2026-03-01' })).status).toBe(404);
  });

  it('reverses both journals together, restoring both companies', async () => {
    const reversed = await as(hq)<IntercompanyJournalView>('POST', `/gl/intercompany-journals/${draft.id}/reverse`, { date: '2026-03-05' });
    expect(reversed.body.status).toBe('Reversed');
    expect(reversed.body.legs.map((l) => [l.company.code, l.journal.status, l.reversalNumber])).toEqual([['HQ', 'Reversed', 'JV2026-000002'], ['SUB', 'Reversed', 'JV2026-000002']]);
    for (const [who, code] of [[hq, '1700'], [hq, '1010'], [sub, '2700'], [sub, '6100']] as const) expect(await closing(who, code)).toBe('0.00');
    expect((await tb(sub)).balanced).toBe(true);
    expect((await as(hq)<ErrorObject>('POST', `/gl/intercompany-journals/${draft.id}/reverse`, { date: '2026-03-06' })).body).toMatchObject({ statusCode: 409, message: 'The intercompany journal is already reversed' });
  });
});

describe('refusals', () => {
  it("posts nothing in either company when the partner's period is closed", async () => {
    const april = periodsOfSub.find((p) => p.name === 'Apr 2026')!;
    expect((await as(sub)('POST', `/gl/accounting-periods/${april.id}/status`, { status: 'Closed' })).status).toBe(200);
    const before = { hq: await tb(hq), sub: await tb(sub), hqJournals: (await as(hq)<List<JournalView>>('GET', '/gl/journals')).body.total };
    const d = (await as(hq)<IntercompanyJournalView>('POST', '/gl/intercompany-journals', { partnerCompany: subId, journalDate: '2026-04-15', description: 'Late', lines: [line('SUB', '6200', 'debit', '40'), line('HQ', '1010', 'credit', '40')] })).body;
    const refused = await as(hq)<ErrorObject>('POST', `/gl/intercompany-journals/${d.id}/post`);
    expect(refused.body).toEqual({ message: 'Company SUB: Period Apr 2026 is closed: it takes no posting', statusCode: 422, serverError: 'BusinessRule' });
    expect(await tb(hq)).toEqual(before.hq);
    expect(await tb(sub)).toEqual(before.sub);
    expect((await as(hq)<List<JournalView>>('GET', '/gl/journals')).body.total).toBe(before.hqJournals);
    expect((await as(hq)<IntercompanyJournalView>('GET', `/gl/intercompany-journals/${d.id}`)).body.status).toBe('Draft');
    // No number was spent: the next HQ journal takes the next number.
    await as(sub)('POST', `/gl/accounting-periods/${april.id}/status`, { status: 'Open' });
    const ok = await as(hq)<IntercompanyJournalView>('POST', `/gl/intercompany-journals/${d.id}/post`);
    expect(ok.body.legs.map((l) => l.journal.number)).toEqual(['JV2026-000003', 'JV2026-000003']);
  });

  it('refuses an entry that does not balance across the companies, or has lines in one company only', async () => {
    const post = async (lines: object[]) => {
      const d = (await as(hq)<IntercompanyJournalView>('POST', '/gl/intercompany-journals', { partnerCompany: subId, journalDate: '2026-05-02', description: 'x', lines })).body;
      return (await as(hq)<ErrorObject>('POST', `/gl/intercompany-journals/${d.id}/post`)).body.message;
    };
    expect(await post([line('SUB', '6100', 'debit', '10'), line('HQ', '1010', 'credit', '9.99')])).toBe('The USD lines do not balance across the two companies: debits and credits differ by 0.01 USD');
    expect(await post([line('HQ', '6100', 'debit', '10'), line('HQ', '1010', 'credit', '10')])).toBe('An intercompany journal needs lines in both companies');
    expect(await post([line('SUB', '1100', 'debit', '10'), line('HQ', '1010', 'credit', '10')])).toBe('Company SUB: Line 1: account 1100 is a Receivables control account: only its subledger posts to it');
  });

  it('refuses an account of the other company on a line, and a line company outside the pair', async () => {
    const wrong = await as(hq)<ErrorObject>('POST', '/gl/intercompany-journals', { partnerCompany: subId, journalDate: '2026-05-02', description: 'x', lines: [{ ...line('SUB', '6100', 'debit', '1'), account: acct('HQ', '6100') }, line('HQ', '1010', 'credit', '1')] });
    expect(wrong.body).toMatchObject({ statusCode: 422, message: 'Line 1: the account does not exist in company SUB' });
  });

  it("finds no company of another tenant: naming one as partner is 404 and writes nothing", async () => {
    const other = await adminOf(t, 'ICX');
    const before = (await as(hq)<List<IntercompanyJournalListItem>>('GET', '/gl/intercompany-journals?limit=500')).body.total;
    const res = await as(hq)<ErrorObject>('POST', '/gl/intercompany-journals', { partnerCompany: other.tenant.companyId, journalDate: '2026-05-02', description: 'x', lines: [line('HQ', '6100', 'debit', '1'), { company: other.tenant.companyId, account: acct('HQ', '1010'), currency: 'USD', credit: '1' }] });
    expect(res.body).toEqual({ message: 'Partner company was not found', statusCode: 404, serverError: 'NotFound' });
    expect((await as(hq)<ErrorObject>('PUT', `/gl/intercompany-partners/${other.tenant.companyId}/accounts`, { dueFromAccount: acct('HQ', '1700'), dueToAccount: acct('HQ', '2700') })).status).toBe(404);
    expect((await as(hq)('GET', `/gl/intercompany-accounts/lookup?company=${other.tenant.companyId}`)).status).toBe(404);
    expect((await as(hq)<List<IntercompanyJournalListItem>>('GET', '/gl/intercompany-journals?limit=500')).body.total).toBe(before);
  });

  it('enforces the operation labels on the server', async () => {
    const roles = (await as(hq)<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items;
    const viewer = await userIn(tenant.companyId, 'viewer@ico.test', roles.find((r) => r.name === 'Viewer')!.id);
    const create = await as(viewer)<ErrorObject>('POST', '/gl/intercompany-journals', { partnerCompany: subId, journalDate: '2026-05-02', description: 'x', lines: [line('SUB', '6100', 'debit', '1'), line('HQ', '1010', 'credit', '1')] });
    expect(create.body).toMatchObject({ statusCode: 403, message: 'You are not permitted to do this (SaveIntercompanyJournal)' });
    expect((await as(viewer)<ErrorObject>('GET', '/gl/intercompany-journals/export')).body.message).toBe('You are not permitted to do this (ExportIntercompanyJournal)');
    expect((await as(viewer)<ErrorObject>('POST', '/gl/intercompany-journal-templates', { code: 'X', name: 'X', partnerCompany: subId, lines: [line('SUB', '6100', 'debit', '1'), line('HQ', '1010', 'credit', '1')] })).status).toBe(403);
    expect((await as(viewer)<ErrorObject>('PUT', `/gl/intercompany-partners/${subId}/accounts`, { dueFromAccount: acct('HQ', '1700'), dueToAccount: acct('HQ', '2700') })).body.message).toBe('You are not permitted to do this (SaveIntercompanyJournalTemplate or EditIntercompanyJournalTemplate)');
    expect((await as(viewer)('GET', '/gl/intercompany-journals')).status).toBe(200);
  });
});

describe('multi-currency', () => {
  it('closes each leg per currency on its due accounts, and both companies balance in base', async () => {
    // HQ pays EUR 300 of SUB's prepayments from its EUR-denominated prepayment balance at the June rate (1.2).
    const d = (await as(hq)<IntercompanyJournalView>('POST', '/gl/intercompany-journals', { partnerCompany: subId, journalDate: '2026-06-10', description: 'EUR costs', lines: [line('SUB', '6400', 'debit', '100', 'EUR'), line('SUB', '6400', 'debit', '200', 'EUR'), line('HQ', '1300', 'credit', '300', 'EUR')] })).body;
    const posted = await as(hq)<IntercompanyJournalView>('POST', `/gl/intercompany-journals/${d.id}/post`);
    expect(posted.status).toBe(200);
    const [mine, theirs] = posted.body.legs;
    expect(mine!.journal.lines.find((l) => l.accountCode === '1700')).toMatchObject({ currency: 'EUR', debit: '300.00', baseDebit: '360.00' });
    expect(theirs!.journal.lines.find((l) => l.accountCode === '2700')).toMatchObject({ currency: 'EUR', credit: '300.00', baseCredit: '360.00' });
    expect(await closing(hq, '1700', 'EUR')).toBe('300.00');
    expect(await closing(sub, '2700', 'EUR')).toBe('-300.00');
    for (const who of [hq, sub]) expect((await tb(who)).balanced).toBe(true);
  });
});

describe('templates and transfer', () => {
  let template: IntercompanyTemplateView;
  it('saves a template with lines in both companies, amounts left blank, and lists and searches it', async () => {
    const res = await as(hq)<IntercompanyTemplateView>('POST', '/gl/intercompany-journal-templates', {
      code: 'RENT', name: 'Monthly rent recharge', partnerCompany: subId, description: 'Rent HQ pays for SUB',
      lines: [{ company: subId, account: acct('SUB', '6100'), currency: 'USD' }, { company: tenant.companyId, account: acct('HQ', '1010'), currency: 'USD', credit: '500' }],
    });
    expect(res.status).toBe(200);
    template = res.body;
    expect(template.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['6100', '', ''], ['1010', '', '500.00']]);
    expect((await as(hq)<ErrorObject>('POST', '/gl/intercompany-journal-templates', { ...res.body, code: 'rent', partnerCompany: subId, lines: [] })).status).toBe(400);
    const dup = await as(hq)<ErrorObject>('POST', '/gl/intercompany-journal-templates', { code: 'rent', name: 'x', partnerCompany: subId, lines: [{ company: subId, account: acct('SUB', '6100'), currency: 'USD' }, { company: subId, account: acct('SUB', '6100'), currency: 'USD' }] });
    expect(dup.body).toMatchObject({ statusCode: 409, message: 'An intercompany journal template with code rent already exists' });
    const found = await as(hq)<List<{ code: string; partnerCode: string; lineCount: number }>>('GET', '/gl/intercompany-journal-templates?search=recharge');
    expect(found.body.items).toEqual([expect.objectContaining({ code: 'RENT', partnerCode: 'SUB', lineCount: 2 })]);
  });

  it('exports templates and imports them back, previewing first and refusing bad rows', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/gl/intercompany-journal-templates/export', headers: { host: tenant.host, authorization: `Bearer ${hq.token}`, token: hq.tenantId } });
    const text = csv.body.replace(/^\uFEFF/, '');
    expect(text.split('\r\n').slice(0, 3)).toEqual([
      'Template,Name,Partner Company,Description,Company,Account,Line Description,Currency,Debit,Credit',
      'RENT,Monthly rent recharge,SUB,Rent HQ pays for SUB,SUB,6100,,USD,,',
      'RENT,Monthly rent recharge,SUB,Rent HQ pays for SUB,HQ,1010,,USD,,500.00',
    ]);
    const copy = text.replace(/RENT/g, 'RENT2').concat('BAD,Broken,SUB,,SUB,9999,,USD,1,\r\nBAD,Broken,SUB,,HQ,1010,,USD,,1\r\n');
    const file = (content: string, dryRun: boolean, mode = 'all') => ({ fileName: 'templates.csv', contentBase64: Buffer.from(content).toString('base64'), dryRun, mode });
    const preview = await as(hq)<ImportResult>('POST', '/gl/intercompany-journal-templates/import', file(copy, true));
    expect(preview.body).toMatchObject({ rows: 4, valid: 2, written: 0, errors: [{ row: 4, field: 'Account', message: 'Account 9999 does not exist in company SUB' }] });
    expect((await as(hq)<ImportResult>('POST', '/gl/intercompany-journal-templates/import', file(copy, false))).body.written).toBe(0);
    const valid = await as(hq)<ImportResult>('POST', '/gl/intercompany-journal-templates/import', file(copy, false, 'valid'));
    expect(valid.body).toMatchObject({ written: 1 });
    const codes = (await as(hq)<List<{ code: string }>>('GET', '/gl/intercompany-journal-templates')).body.items.map((i) => i.code);
    expect(codes).toEqual(['RENT', 'RENT2']);
  });

  it('exports journals one row per line and imports them as drafts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gl/intercompany-journals/export?search=Rent%20paid', headers: { host: tenant.host, authorization: `Bearer ${hq.token}`, token: hq.tenantId } });
    const [header, first] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Journal,Date,Description,Reference,Partner Company,Company,Account,Line Description,Currency,Rate,Debit,Credit,Status,Number,Partner Number');
    expect(first).toMatch(/^[0-9a-f-]{36},2026-02-10,Rent paid for SUB,IC-1,SUB,SUB,6100,,USD,,1000.00,,Reversed,JV2026-000001,JV2026-000001$/);
    const content = 'Journal,Date,Description,Partner Company,Company,Account,Currency,Debit,Credit\r\nJ1,2026-07-01,Imported,SUB,SUB,6100,USD,25,\r\nJ1,2026-07-01,Imported,SUB,HQ,1010,USD,,25\r\n';
    const imported = await as(hq)<ImportResult>('POST', '/gl/intercompany-journals/import', { fileName: 'ic.csv', contentBase64: Buffer.from(content).toString('base64'), dryRun: false, mode: 'all' });
    expect(imported.body).toMatchObject({ rows: 2, valid: 2, written: 1, errors: [] });
    const list = (await as(hq)<List<IntercompanyJournalListItem>>('GET', '/gl/intercompany-journals?search=Imported')).body;
    // A draft has no legs yet (they are written when it is validated or posted): no number, no total.
    expect(list.items.map((i) => [i.status, i.partnerCode, i.number, i.total])).toEqual([['Draft', 'SUB', null, null]]);
    const posted = await as(hq)<IntercompanyJournalView>('POST', `/gl/intercompany-journals/${list.items[0]!.id}/post`);
    expect(posted.body.status).toBe('Posted');
  });

  it('deletes a template and a draft, and never a posted journal', async () => {
    expect((await as(hq)<{ message: string }>('DELETE', `/gl/intercompany-journal-templates/${template.id}`)).body.message).toBe('Intercompany journal template deleted');
    expect((await as(hq)('GET', `/gl/intercompany-journal-templates/${template.id}`)).status).toBe(404);
    const d = (await as(hq)<IntercompanyJournalView>('POST', '/gl/intercompany-journals', { partnerCompany: subId, journalDate: '2026-05-02', description: 'Drop me', lines: [line('SUB', '6100', 'debit', '1'), line('HQ', '1010', 'credit', '1')] })).body;
    expect((await as(hq)('DELETE', `/gl/intercompany-journals/${d.id}`)).status).toBe(200);
    const postedOne = (await as(hq)<List<IntercompanyJournalListItem>>('GET', '/gl/intercompany-journals?status=Posted')).body.items[0]!;
    expect((await as(hq)<ErrorObject>('DELETE', `/gl/intercompany-journals/${postedOne.id}`)).body.message).toBe('A posted intercompany journal cannot be deleted: reverse it');
  });
});

describe('the whole tenant', () => {
  it('keeps both companies balanced after everything above', async () => {
    for (const who of [hq, sub]) {
      const balance = await tb(who);
      expect(balance.balanced).toBe(true);
      expect(balance.totals.closing).toBe('0.00');
    }
    expect(books.periods.length).toBeGreaterThan(0);
  });
});
