// "Mail all" statements (issue 16), both faces, through the API on the real database: for a range (and
// a group, a currency) every party with a posting in the range or a balance at its end gets one mail in
// the outbox with its statement's PDF attached, to its statement contact; a party without a mail contact
// is listed as skipped with the reason; a party with nothing is left out; the preview lists the same
// parties and writes nothing; a role without the Export label is refused and nothing is written; bad
// input gets the error object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faces, sides, transformPassword, type EntityRecord, type InvoiceView, type Role, type Side, type StatementBatchPreview, type StatementBatchResult } from '@erp/contracts';
import { call, createTestApp, signIn, type Session, type TestApp } from '../helpers/test-app';
import { pdfText } from '../ledger/pdf-text';
import { paymentWorld, type PaymentWorld } from './payment-world';

let t: TestApp;
let w: PaymentWorld;
let viewer: Session;
const base = (side: Side) => `/${faces[side].service}/${faces[side].partyWord}`;
/** Per side: the parties by code (A..F). */
const party: Record<Side, Record<string, string>> = { payables: {}, receivables: {} };
const group: Record<Side, { local: string; other: string }> = { payables: { local: '', other: '' }, receivables: { local: '', other: '' } };

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'STMTBATCH');
  const roles = await w.ok<{ items: Role[] }>('GET', '/auth/role/getroles');
  const p = await transformPassword('Statement horse 1');
  await w.ok('POST', `/auth/user/create/${p}`, { name: 'viewer', mailAddress: 'viewer@stmtbatch.test', password: p, confirmPassword: p, roleID: roles.items.find((r) => r.name === 'Viewer')!.id });
  viewer = await signIn(t.app, w.tenant.host, 'viewer@stmtbatch.test', 'Statement horse 1');
  for (const side of sides) {
    const face = faces[side];
    const local = (await w.ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items.find((g) => g.code === 'LOCAL')!;
    const other = await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}-groups`, { code: 'EXPORT', name: 'Export', controlAccount: local.controlAccount });
    group[side] = { local: local.id, other: other.id };
    const make = async (code: string, g: string, contacts: object[]) => {
      party[side][code] = (await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code, name: `Party ${code}`, group: g, contacts })).id;
    };
    const accounts = { name: 'Accounts', mail: `accounts-${side}@a.example`, role: 'Accounts' };
    // A: a statement contact and postings in the range; B: a plain contact, postings in EUR only; C: no mail contact, postings;
    // D: a contact, nothing posted; E: a contact, a balance from before the range only; F: the other group, postings.
    await make('A', local.id, [{ name: 'Sales', mail: 'sales@a.example', role: 'Sales' }, accounts]);
    await make('B', local.id, [{ name: 'Bea', mail: 'bea@b.example' }]);
    await make('C', local.id, [{ name: 'Carl', phone: '123' }]);
    await make('D', local.id, [{ name: 'Dora', mail: 'dora@d.example' }]);
    await make('E', local.id, [{ name: 'Ed', mail: 'ed@e.example' }]);
    await make('F', other.id, [{ name: 'Fay', mail: 'fay@f.example' }]);
    const invoice = (code: string, documentDate: string, currency: string, amount: string) =>
      w.ok<InvoiceView>('POST', `${base(side)}-invoices/post`, { party: party[side][code], documentDate, currency, description: `Invoice ${code}`, lines: [{ account: w.acct(side === 'payables' ? '6100' : '4000'), unitPrice: amount }] });
    await invoice('A', '2026-03-05', 'USD', '120.00');
    await invoice('B', '2026-03-06', 'EUR', '80.00');
    await invoice('C', '2026-03-07', 'USD', '40.00');
    await invoice('E', '2026-01-10', 'USD', '55.00');
    await invoice('F', '2026-03-08', 'USD', '60.00');
  }
});
afterAll(() => t.close());

const outbox = () => w.query<{ n: number }>(sql`select count(*)::int as n from mail_outbox`).then((r) => r[0]!.n);
const range = 'from=2026-03-01&to=2026-03-31';

describe.each(sides)('mail all statements of %s', (side) => {
  it('previews who gets one and who is skipped, writing nothing', async () => {
    const before = await outbox();
    const preview = await w.ok<StatementBatchPreview>('GET', `${base(side)}-statement/mail-all?${range}`);
    expect(preview.mail.map((m) => [m.code, m.to])).toEqual([['A', `accounts-${side}@a.example`], ['B', 'bea@b.example'], ['E', 'ed@e.example'], ['F', 'fay@f.example']]);
    expect(preview.skipped.map((s) => [s.code, s.reason])).toEqual([['C', 'NoMailContact']]);
    // A group and a currency narrow it; before any posting, nobody.
    const local = await w.ok<StatementBatchPreview>('GET', `${base(side)}-statement/mail-all?${range}&group=${group[side].local}&currency=usd`);
    expect([local.mail.map((m) => m.code), local.skipped.map((s) => s.code)]).toEqual([['A', 'E'], ['C']]);
    const euro = await w.ok<StatementBatchPreview>('GET', `${base(side)}-statement/mail-all?${range}&currency=EUR`);
    expect([euro.mail.map((m) => m.code), euro.skipped]).toEqual([['B'], []]);
    const empty = await w.ok<StatementBatchPreview>('GET', `${base(side)}-statement/mail-all?from=2025-01-01&to=2025-12-31`);
    expect([empty.mail, empty.skipped]).toEqual([[], []]);
    expect(await outbox()).toBe(before);
  });

  it('queues one mail per party with its statement PDF attached, in one call, and lists the skipped', async () => {
    const before = await outbox();
    const done = await w.ok<StatementBatchResult>('POST', `${base(side)}-statement/mail-all?${range}&group=${group[side].local}`, { message: 'Your March statement.' });
    expect(done.mailed.map((m) => [m.code, m.to])).toEqual([['A', `accounts-${side}@a.example`], ['B', 'bea@b.example'], ['E', 'ed@e.example']]);
    expect(done.skipped).toEqual([{ party: party[side].C, code: 'C', name: 'Party C', reason: 'NoMailContact' }]);
    expect(await outbox()).toBe(before + 3);
    const mails = await w.query<{ to_address: string; subject: string; body: string; n: number; file_name: string; content_type: string; content: Buffer }>(sql`
      select m.to_address, m.subject, m.body, (select count(*)::int from mail_attachments x where x.mail_id = m.mail_id) as n, a.file_name, a.content_type, a.content
      from mail_outbox m join mail_attachments a on a.mail_id = m.mail_id
      where m.mail_id = any(${`{${done.mailed.map((m) => m.mailId).join(',')}}`}::uuid[]) order by m.to_address`);
    expect(mails.map((m) => [m.to_address, m.subject, m.n, m.file_name, m.content_type])).toEqual([
      [`accounts-${side}@a.example`, 'Statement of account A · Party A', 1, `${faces[side].partyWord}-statement-A-2026-03-01-2026-03-31.pdf`, 'application/pdf'],
      ['bea@b.example', 'Statement of account B · Party B', 1, `${faces[side].partyWord}-statement-B-2026-03-01-2026-03-31.pdf`, 'application/pdf'],
      ['ed@e.example', 'Statement of account E · Party E', 1, `${faces[side].partyWord}-statement-E-2026-03-01-2026-03-31.pdf`, 'application/pdf'],
    ]);
    // Each carries its own party's statement: the body and the PDF name the party and its balance.
    const a = mails[0]!;
    expect(a.body).toContain('Your March statement.');
    expect(a.body).toContain('Balance in USD on 2026-03-31: 120.00');
    expect(mails[1]!.body).toContain('Balance in EUR on 2026-03-31: 80.00');
    expect(mails[2]!.body).toContain('Balance in USD on 2026-03-31: 55.00');
    const bytes = typeof a.content === 'string' ? Buffer.from(String(a.content).replace(/^\\x/, ''), 'hex') : Buffer.from(a.content);
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(bytes).flat().join('\n');
    expect(text).toContain('A · Party A');
    expect(text).toContain('120.00');
  });

  it('refuses a role without the Export label and bad input, writing nothing', async () => {
    const before = await outbox();
    const refused = await call<{ message: string }>(t.app, w.tenant.host, 'POST', `${base(side)}-statement/mail-all?${range}`, {}, viewer);
    expect(refused.status).toBe(403);
    expect((await call(t.app, w.tenant.host, 'GET', `${base(side)}-statement/mail-all?${range}`, undefined, viewer)).status).toBe(403);
    // The viewer still reads a statement (the party list page).
    expect((await call(t.app, w.tenant.host, 'GET', `${base(side)}-statement?party=${party[side].A}&${range}`, undefined, viewer)).status).toBe(200);
    const reversed = await w.api('POST', `${base(side)}-statement/mail-all?from=2026-03-31&to=2026-03-01`, {});
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('must be on or after the first day');
    expect((await w.api('POST', `${base(side)}-statement/mail-all?${range}&group=nope`, {})).status).toBe(400);
    expect((await w.api('POST', `${base(side)}-statement/mail-all?from=2026-03-01`, {})).status).toBe(400);
    expect(await outbox()).toBe(before);
  });
});
