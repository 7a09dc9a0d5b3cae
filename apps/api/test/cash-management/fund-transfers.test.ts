// Fund transfers (issue 17) through the API on the real database: a same-currency transfer posts
// one entry; a cross-currency one books its rate, its fee and the realised exchange difference;
// different value dates go through the transfer-in-transit account (balances by date); Divide
// splits a transfer by amount and by date into legs that sum to the whole, also by the approver
// while the FundTransfer task is open; the approval posts it; every entry balances; a refused
// action changes nothing; another company's transfer is not found; a transfer to another company
// books the intercompany due-from and due-to accounts, each company its own entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformPassword, type Company, type DocumentEntry, type EntityRecord, type FundTransferReceiver, type FundTransferView, type InstanceView, type JournalView, type TaskDetail, type TrialBalance } from '@erp/contracts';
import { call, createTestApp, signIn, type Session, type TestApp } from '../helpers/test-app';
import { approvalWorld, ok, taskOf, users, workflow, type World } from '../workflow/running-setup';

type List<T> = { items: T[]; total: number };

let t: TestApp;
let w: World;
const bank: Record<string, string> = {};
const acct = (code: string) => w.books.accounts.get(code)!.id;
const base = '/cm/fund-transfers';

async function account(who: Session | null, code: string, name: string, group = '10'): Promise<string> {
  const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T>(t.app, w.tenant.host, method, url, body, who ?? w.session.Admin);
  const groups = (await api<List<EntityRecord>>('GET', '/gl/account-groups?limit=100')).body.items;
  const res = await api<EntityRecord>('POST', '/gl/accounts', { code, name, accountGroup: groups.find((g) => g.code === group)!.id, kind: 'Posting', controlType: 'None', active: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

async function makeBank(who: Session | null, code: string, accountId: string, currency: string): Promise<string> {
  const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T>(t.app, w.tenant.host, method, url, body, who ?? w.session.Admin);
  const currencies = (await api<List<EntityRecord>>('GET', '/gl/currencies?limit=100')).body.items;
  let group = (await api<List<EntityRecord>>('GET', '/cm/bank-groups?limit=10')).body.items[0]?.id;
  if (!group) group = (await api<EntityRecord>('POST', '/cm/bank-groups', { code: 'OPS', name: 'Operating' })).body.id;
  const res = await api<EntityRecord>('POST', '/cm/banks', { code, name: code, bankGroup: group, account: accountId, currency: currencies.find((c) => c.code === currency)!.id, accountNumber: `ACC-${code}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const tb = async (to: string, who: Session = w.session.Admin) => (await call<TrialBalance>(t.app, w.tenant.host, 'GET', `/gl/trial-balance?from=2026-01-01&to=${to}`, undefined, who)).body;
const closing = async (code: string, to: string, who?: Session) => (await tb(to, who)).rows.find((r) => r.code === code)?.closing ?? '0.00';
const journal = (id: string, who: Person = 'Admin') => ok<JournalView>(w, who, 'GET', `/gl/journals/${id}`);
type Person = Parameters<World['as']>[0];

/** Every entry a transfer posted balances in base (and the trial balance with it). */
async function expectBalanced(v: FundTransferView): Promise<void> {
  for (const leg of v.legs) {
    for (const id of [...new Set([leg.outJournal, leg.inJournal])]) {
      if (!id) continue;
      if (v.intercompany && id === leg.inJournal) continue; // the receiver's entry is read in its own company
      const j = await journal(id);
      expect(j.totalDebit, `journal ${j.number}`).toBe(j.totalCredit);
    }
  }
  const all = await tb('2026-12-31');
  expect(all.balanced).toBe(true);
}

const transfer = (over: Record<string, unknown> = {}) => ({ documentDate: '2026-03-02', fromBank: bank.MAIN, toBank: bank.SAVE, amount: '1000.00', outDate: '2026-03-02', inDate: '2026-03-02', description: 'Sweep to savings', ...over });

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t, 'FUNDTR');
  bank.MAIN = await makeBank(null, 'MAIN', acct('1020'), 'USD');
  bank.SAVE = await makeBank(null, 'SAVE', await account(null, '1021', 'Bank - Savings'), 'USD');
  bank.EURO = await makeBank(null, 'EURO', await account(null, '1022', 'Bank - Euro account'), 'EUR');
});
afterAll(() => t.close());

describe('fund transfers in one company', () => {
  it('posts a same-currency transfer on one value date as one entry, to-bank against from-bank', async () => {
    const draft = await ok<FundTransferView>(w, 'Admin', 'POST', base, transfer());
    expect(draft).toMatchObject({ status: 'Draft', number: null, amount: '1000.00', amountIn: '1000.00', legs: [{ lineNo: 1, amount: '1000.00', viaTransit: false }] });
    const preview = await ok<DocumentEntry>(w, 'Admin', 'GET', `${base}/${draft.id}/entry`);
    expect(preview.posted).toBe(false);
    const rows = (e: DocumentEntry) => e.lines.map((l) => [l.accountCode, l.debit, l.credit]);
    expect(rows(preview)).toEqual([['1020', '0.00', '1000.00'], ['1021', '1000.00', '0.00']]);
    expect((await ok<FundTransferView>(w, 'Admin', 'GET', `${base}/${draft.id}`)).number).toBeNull();
    const posted = await ok<FundTransferView>(w, 'Admin', 'POST', `${base}/${draft.id}/post`);
    expect(posted.status).toBe('Posted');
    expect(posted.number).toMatch(/^FT2026/);
    expect(posted.legs[0]!.outJournal).toBe(posted.legs[0]!.inJournal);
    expect(rows(await ok<DocumentEntry>(w, 'Admin', 'GET', `${base}/${draft.id}/entry`))).toEqual(rows(preview));
    expect(await closing('1021', '2026-03-31')).toBe('1000.00');
    await expectBalanced(posted);
  });

  it('books a cross-currency transfer at its rate with the fee and the realised exchange difference', async () => {
    // 1,100.00 USD at 0.9 is 990.00 EUR; the company's EUR rate is 1.1: 990 EUR are 1,089.00 USD, a loss of 11.00.
    const v = await ok<FundTransferView>(w, 'Admin', 'POST', `${base}/post`, transfer({ toBank: bank.EURO, amount: '1100.00', rate: '0.9', fee: '10.00', feeBearer: 'Sender', outDate: '2026-03-05', inDate: '2026-03-05', documentDate: '2026-03-05' }));
    expect(v).toMatchObject({ status: 'Posted', amountIn: '990.00', rate: '0.9000000000', fee: '10.00', fromCurrency: 'USD', toCurrency: 'EUR' });
    const j = await journal(v.legs[0]!.outJournal!);
    const line = (code: string) => j.lines.filter((l) => l.accountCode === code && !l.generated).map((l) => [l.currency, l.debit, l.credit, l.baseDebit, l.baseCredit]);
    expect(line('1022')).toEqual([['EUR', '990.00', '0.00', '1089.00', '0.00']]);
    expect(line('1020')).toEqual([['USD', '0.00', '1100.00', '0.00', '1100.00'], ['USD', '0.00', '10.00', '0.00', '10.00']]);
    expect(line('6400')).toEqual([['USD', '10.00', '0.00', '10.00', '0.00']]);
    expect(line('7100')).toEqual([['USD', '11.00', '0.00', '11.00', '0.00']]);
    await expectBalanced(v);
    // The amount in may be given instead of the rate (the rate is then what the amounts say); both must agree.
    const byAmount = await ok<FundTransferView>(w, 'Admin', 'POST', base, transfer({ toBank: bank.EURO, amount: '200.00', amountIn: '180.00' }));
    expect(byAmount.rate).toBe('0.9000000000');
    const bad = await w.as('Admin')('POST', base, transfer({ toBank: bank.EURO, amount: '200.00', rate: '0.9', amountIn: '170.00' }));
    expect(bad).toMatchObject({ status: 422, body: { message: expect.stringContaining('amountIn: 200.00 USD at 0.9 is 180.00 EUR') } });
  });

  it('goes through the transfer-in-transit account when the value dates differ: out on the out date, in on the in date', async () => {
    const before = { main: await closing('1020', '2026-12-31'), save: await closing('1021', '2026-12-31') };
    const v = await ok<FundTransferView>(w, 'Admin', 'POST', `${base}/post`, transfer({ amount: '500.00', documentDate: '2026-04-01', outDate: '2026-04-01', inDate: '2026-04-03' }));
    expect(v.legs).toEqual([expect.objectContaining({ viaTransit: true, outDate: '2026-04-01', inDate: '2026-04-03' })]);
    expect(v.legs[0]!.outJournal).not.toBe(v.legs[0]!.inJournal);
    expect((await journal(v.legs[0]!.outJournal!)).journalDate).toBe('2026-04-01');
    expect((await journal(v.legs[0]!.inJournal!)).journalDate).toBe('2026-04-03');
    // On the out date the money is in transit; on the in date it has arrived and the transit is empty.
    expect(await closing('1030', '2026-04-01')).toBe('500.00');
    expect(await closing('1030', '2026-04-02')).toBe('500.00');
    expect(await closing('1030', '2026-04-03')).toBe('0.00');
    const money = (s: string) => Number(s);
    expect(money(await closing('1021', '2026-12-31')) - money(before.save)).toBe(500);
    expect(money(before.main) - money(await closing('1020', '2026-12-31'))).toBe(500);
    await expectBalanced(v);
  });

  it('divides a draft by amount and by date into legs that sum to the whole, each leg booked on its own dates', async () => {
    const draft = await ok<FundTransferView>(w, 'Admin', 'POST', base, transfer({ toBank: bank.EURO, amount: '1000.00', rate: '0.9', fee: '9.00', feeBearer: 'Receiver', documentDate: '2026-05-04', outDate: '2026-05-04', inDate: '2026-05-04' }));
    const byAmount = await ok<FundTransferView>(w, 'Admin', 'POST', `${base}/${draft.id}/divide`, { legs: [{ amount: '333.33', outDate: '2026-05-04', inDate: '2026-05-04' }, { amount: '666.67', outDate: '2026-05-04', inDate: '2026-05-04' }] });
    expect(byAmount.legs.map((l) => [l.amount, l.amountIn, l.fee])).toEqual([['333.33', '299.99', '2.99'], ['666.67', '600.01', '6.01']]);
    const byDate = await ok<FundTransferView>(w, 'Admin', 'POST', `${base}/${draft.id}/divide`, { legs: [{ amount: '400.00', outDate: '2026-05-04', inDate: '2026-05-04' }, { amount: '600.00', outDate: '2026-05-11', inDate: '2026-05-12' }] });
    const sum = (xs: string[]) => xs.reduce((s, x) => s + Math.round(Number(x) * 100), 0) / 100;
    expect(sum(byDate.legs.map((l) => l.amount))).toBe(1000);
    expect(sum(byDate.legs.map((l) => l.amountIn))).toBe(900);
    expect(sum(byDate.legs.map((l) => l.fee))).toBe(9);
    expect(byDate.legs.map((l) => l.viaTransit)).toEqual([false, true]);
    // Legs that do not add up, or a leg arriving before it leaves, are refused and change nothing.
    const short = await w.as('Admin')('POST', `${base}/${draft.id}/divide`, { legs: [{ amount: '400.00', outDate: '2026-05-04', inDate: '2026-05-04' }, { amount: '500.00', outDate: '2026-05-04', inDate: '2026-05-04' }] });
    expect(short).toMatchObject({ status: 422, body: { message: 'legs: the legs add up to 900.00, the transfer is 1000.00: they must add up to the whole' } });
    const backwards = await w.as('Admin')('POST', `${base}/${draft.id}/divide`, { legs: [{ amount: '400.00', outDate: '2026-05-04', inDate: '2026-05-03' }, { amount: '600.00', outDate: '2026-05-04', inDate: '2026-05-04' }] });
    expect(backwards.status).toBe(422);
    expect((await ok<FundTransferView>(w, 'Admin', 'GET', `${base}/${draft.id}`)).legs).toEqual(byDate.legs);
    const posted = await ok<FundTransferView>(w, 'Admin', 'POST', `${base}/${draft.id}/post`);
    expect(posted.legs.map((l) => [l.outJournalNumber !== null, l.inJournalNumber !== null])).toEqual([[true, true], [true, true]]);
    expect((await journal(posted.legs[1]!.outJournal!)).journalDate).toBe('2026-05-11');
    expect((await journal(posted.legs[1]!.inJournal!)).journalDate).toBe('2026-05-12');
    await expectBalanced(posted);
    // A posted transfer is not divided again.
    expect((await w.as('Admin')('POST', `${base}/${draft.id}/divide`, { legs: byDate.legs.map(({ amount, outDate, inDate }) => ({ amount, outDate, inDate })) })).status).toBe(422);
  });

  it('refuses what breaks a rule and writes nothing: the same bank, no rate across currencies, a closed-books date', async () => {
    const count = async () => (await ok<List<unknown>>(w, 'Admin', 'GET', `${base}?limit=500`)).total;
    const n = await count();
    expect(await w.as('Admin')('POST', base, transfer({ toBank: bank.MAIN }))).toMatchObject({ status: 422, body: { message: 'toBank: a transfer moves money to another bank' } });
    expect(await w.as('Admin')('POST', base, transfer({ toBank: bank.EURO }))).toMatchObject({ status: 422, body: { message: 'rate: USD to EUR: give the rate or the amount in' } });
    expect(await w.as('Admin')('POST', base, transfer({ inDate: '2026-03-01' }))).toMatchObject({ status: 422, body: { message: expect.stringContaining('inDate:') } });
    expect((await w.as('Admin')('POST', `${base}/post`, transfer({ documentDate: '2027-02-01', outDate: '2027-02-01', inDate: '2027-02-01' }))).status).toBe(422);
    expect(await count()).toBe(n);
    // A viewer reads but may not create, post or divide.
    const draft = await ok<FundTransferView>(w, 'Admin', 'POST', base, transfer({ description: 'Viewer may not' }));
    expect((await w.as('Viewer')('POST', `${base}/${draft.id}/post`)).status).toBe(403);
    const before = await ok<FundTransferView>(w, 'Admin', 'GET', `${base}/${draft.id}`);
    const legs = [{ amount: '500.00', outDate: '2026-03-02', inDate: '2026-03-02' }, { amount: '500.00', outDate: '2026-03-02', inDate: '2026-03-02' }];
    expect([403]).toContain((await w.as('Viewer')('POST', `${base}/${draft.id}/divide`, { legs })).status);
    expect(await ok<FundTransferView>(w, 'Admin', 'GET', `${base}/${draft.id}`)).toEqual(before);
  });

  it('reverses a posted transfer: every leg entry reversed, the balances back', async () => {
    const v = await ok<FundTransferView>(w, 'Admin', 'POST', `${base}/post`, transfer({ amount: '70.00', documentDate: '2026-06-01', outDate: '2026-06-01', inDate: '2026-06-02' }));
    const save = await closing('1021', '2026-12-31');
    const reversed = await ok<FundTransferView>(w, 'Admin', 'POST', `${base}/${v.id}/reverse`, { date: '2026-06-05' });
    expect(reversed.status).toBe('Reversed');
    expect(Number(save) - Number(await closing('1021', '2026-12-31'))).toBe(70);
    expect(await closing('1030', '2026-12-31')).toBe('0.00');
    expect((await journal(v.legs[0]!.outJournal!)).reversedBy).toBeTruthy();
    expect((await journal(v.legs[0]!.inJournal!)).reversedBy).toBeTruthy();
  });
});

describe('FundTransfer approval', () => {
  it('lets the approver divide while the task is open, then posts each leg when the approval completes', async () => {
    await workflow(w, { approvalType: 'FundTransfer', name: 'Treasury', steps: [{ name: 'Bob approves', operation: 'Post', assignees: users([w.id.Bob]) }] });
    const draft = await ok<FundTransferView>(w, 'Alice', 'POST', base, transfer({ amount: '800.00', documentDate: '2026-07-01', outDate: '2026-07-01', inDate: '2026-07-01', description: 'Under approval' }));
    expect(await w.as('Alice')('POST', `${base}/${draft.id}/post`)).toMatchObject({ status: 422, body: { message: 'This fund transfer needs approval: submit it' } });
    const instance = await ok<InstanceView>(w, 'Alice', 'POST', `${base}/${draft.id}/submit`, { comment: 'Please' });
    const task = taskOf(instance, w.id.Bob);
    const detail = await ok<TaskDetail>(w, 'Bob', 'GET', `/workflow/tasks/${task}`);
    expect(detail.task.link).toBe(`/journal?id=${draft.id}&approval=FundTransfer`);
    expect(JSON.stringify(detail)).toContain('Fund transfer (draft): 800.00 USD from bank MAIN to SAVE');
    const legs = [{ amount: '300.00', outDate: '2026-07-01', inDate: '2026-07-01' }, { amount: '500.00', outDate: '2026-07-02', inDate: '2026-07-03' }];
    // Under approval: the submitter no longer divides it (nor edits it); the approver holding the open task does.
    expect((await w.as('Alice')('POST', `${base}/${draft.id}/divide`, { legs })).status).toBe(403);
    expect((await w.as('Carol')('POST', `${base}/${draft.id}/divide`, { legs })).status).toBe(403);
    const divided = await ok<FundTransferView>(w, 'Bob', 'POST', `${base}/${draft.id}/divide`, { legs });
    expect(divided.legs.map((l) => l.amount)).toEqual(['300.00', '500.00']);
    const preview = await ok<DocumentEntry>(w, 'Bob', 'GET', `${base}/${draft.id}/entry`);
    expect(preview.posted).toBe(false);
    expect(preview.lines.map((l) => l.accountCode)).toEqual(['1020', '1021', '1020', '1030', '1021', '1030']);
    // Each line carries its own entry date: leg 1 on 1 July, leg 2 out on 2 July and in (through transit) on 3 July.
    expect(preview.lines.map((l) => l.date)).toEqual(['2026-07-01', '2026-07-01', '2026-07-02', '2026-07-02', '2026-07-03', '2026-07-03']);
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${task}/approve`, { comment: 'Split in two' });
    const posted = await ok<FundTransferView>(w, 'Alice', 'GET', `${base}/${draft.id}`);
    expect(posted.status).toBe('Posted');
    expect(posted.legs.every((l) => l.outJournal && l.inJournal)).toBe(true);
    const entry = await ok<DocumentEntry>(w, 'Bob', 'GET', `${base}/${draft.id}/entry`);
    expect(entry.posted).toBe(true);
    expect(entry.lines.map((l) => [l.accountCode, l.debit, l.credit, l.date])).toEqual(preview.lines.map((l) => [l.accountCode, l.debit, l.credit, l.date]));
    await expectBalanced(posted);
  });

  it('lets the approver of a later step divide once their task opens; a closed task gives no authority', async () => {
    const wf = await ok<{ items: { id: string }[] }>(w, 'Admin', 'GET', '/workflow/workflows?approvalType=FundTransfer');
    for (const x of wf.items) await ok(w, 'Admin', 'DELETE', `/workflow/workflows/${x.id}`);
    await workflow(w, { approvalType: 'FundTransfer', name: 'Treasury in two steps', steps: [{ name: 'Dan checks', assignees: users([w.id.Dan]) }, { name: 'Erin posts', operation: 'Post', assignees: users([w.id.Erin]) }] });
    const draft = await ok<FundTransferView>(w, 'Alice', 'POST', base, transfer({ amount: '90.00', documentDate: '2026-07-06', outDate: '2026-07-06', inDate: '2026-07-06' }));
    const instance = await ok<InstanceView>(w, 'Alice', 'POST', `${base}/${draft.id}/submit`);
    const legs = [{ amount: '45.00', outDate: '2026-07-06', inDate: '2026-07-06' }, { amount: '45.00', outDate: '2026-07-07', inDate: '2026-07-07' }];
    // Erin's task is not open yet: she may not divide.
    expect((await w.as('Erin')('POST', `${base}/${draft.id}/divide`, { legs })).status).toBe(403);
    const next = await ok<{ instance: InstanceView }>(w, 'Dan', 'POST', `/workflow/tasks/${taskOf(instance, w.id.Dan)}/approve`, {});
    // Dan's task is closed now: he no longer may.
    expect((await w.as('Dan')('POST', `${base}/${draft.id}/divide`, { legs })).status).toBe(403);
    expect((await ok<FundTransferView>(w, 'Alice', 'GET', `${base}/${draft.id}`)).legs).toHaveLength(1);
    await ok(w, 'Erin', 'POST', `${base}/${draft.id}/divide`, { legs });
    await ok(w, 'Erin', 'POST', `/workflow/tasks/${taskOf(next.instance, w.id.Erin)}/approve`, {});
    const posted = await ok<FundTransferView>(w, 'Alice', 'GET', `${base}/${draft.id}`);
    expect(posted.status).toBe('Posted');
    expect(posted.legs.map((l) => [l.amount, l.outDate])).toEqual([['45.00', '2026-07-06'], ['45.00', '2026-07-07']]);
  });
});

describe('between companies', () => {
  it('books the sender against its due-from and the receiver against its due-to, each company its own entry; another company cannot see the transfer', async () => {
    // No workflow governs these transfers: the Admin posts directly.
    for (const x of (await ok<{ items: { id: string }[] }>(w, 'Admin', 'GET', '/workflow/workflows?approvalType=FundTransfer')).items) await ok(w, 'Admin', 'DELETE', `/workflow/workflows/${x.id}`);
    const saved = await ok<Company[]>(w, 'Admin', 'POST', '/gl/SaveCompanies', [{ code: 'SUB', description: 'Subsidiary' }]);
    const subId = saved[0]!.id;
    const p = await transformPassword('Correct horse 1');
    const created = await w.as('Admin')('POST', `/auth/user/create/${p}`, { name: 'sub', mailAddress: `sub@${w.tenant.host}`, password: p, confirmPassword: p, roleID: w.session.Admin.user.parentRole.id, company: subId });
    expect(created.status).toBe(200);
    const sub = await signIn(t.app, w.tenant.host, `sub@${w.tenant.host}`, 'Correct horse 1');
    const asSub = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => call<T>(t.app, w.tenant.host, method, url, body, sub);
    const fy = await asSub<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
    await asSub('POST', `/gl/fiscal-years/${fy.body.id}/periods`, { pattern: 'monthly' });
    const subAccounts = new Map((await asSub<List<EntityRecord>>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a.id]));
    const subBank = await makeBank(sub, 'SUBMAIN', subAccounts.get('1020')!, 'USD');
    const hqFrom = await account(null, '1700', 'Due from SUB');
    const hqTo = await account(null, '2700', 'Due to SUB', '20');
    const subFrom = await account(sub, '1700', 'Due from HQ');
    const subTo = await account(sub, '2700', 'Due to HQ', '20');
    // The editor offers the other companies of the tenant with their banks.
    const receivers = await ok<FundTransferReceiver[]>(w, 'Admin', 'GET', `${base}/receivers`);
    expect(receivers).toEqual([{ id: subId, code: 'SUB', description: 'Subsidiary', banks: [{ id: subBank, code: 'SUBMAIN', name: 'SUBMAIN', currency: 'USD' }] }]);
    const body = transfer({ toCompany: subId, toBank: subBank, amount: '250.00', documentDate: '2026-08-03', outDate: '2026-08-03', inDate: '2026-08-04', description: 'Funding SUB' });
    // Without the due accounts of the pair the post is refused, nothing written.
    expect(await w.as('Admin')('POST', `${base}/post`, body)).toMatchObject({ status: 422, body: { message: expect.stringContaining('has no due-from and due-to accounts') } });
    await ok(w, 'Admin', 'PUT', `/gl/intercompany-partners/${subId}/accounts`, { dueFromAccount: hqFrom, dueToAccount: hqTo });
    expect((await asSub('PUT', `/gl/intercompany-partners/${w.tenant.companyId}/accounts`, { dueFromAccount: subFrom, dueToAccount: subTo })).status).toBe(200);
    const v = await ok<FundTransferView>(w, 'Admin', 'POST', `${base}/post`, body);
    expect(v).toMatchObject({ status: 'Posted', intercompany: true, toCompanyCode: 'SUB', toBankCode: 'SUBMAIN' });
    expect(await closing('1700', '2026-08-03')).toBe('250.00');
    expect(await closing('1020', '2026-08-04', sub)).toBe('250.00');
    expect(await closing('2700', '2026-08-04', sub)).toBe('-250.00');
    expect(await closing('2700', '2026-08-03', sub)).toBe('0.00');
    expect((await tb('2026-12-31', sub)).balanced).toBe(true);
    await expectBalanced(v);
    const entry = await ok<DocumentEntry>(w, 'Admin', 'GET', `${base}/${v.id}/entry`);
    expect(entry.lines.map((l) => l.accountCode)).toEqual(['1020', '1700', '1020', '2700']);
    expect(entry.lines[3]!.accountName).toBe('SUB: Due to HQ');
    // The transfer is the sender's document: the receiving company's user does not find it.
    expect((await asSub('GET', `${base}/${v.id}`)).status).toBe(404);
    expect((await asSub<List<unknown>>('GET', base)).body.total).toBe(0);
    expect((await asSub('POST', `${base}/${v.id}/reverse`, { date: '2026-08-05' })).status).toBe(404);
    // Reversal reverses both companies' entries.
    await ok(w, 'Admin', 'POST', `${base}/${v.id}/reverse`, { date: '2026-08-05' });
    expect(await closing('1020', '2026-12-31', sub)).toBe('0.00');
    expect(await closing('1700', '2026-12-31')).toBe('0.00');
  });
});
