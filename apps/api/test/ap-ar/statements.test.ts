// A party's statement (issue 16), both faces, through the API on the real database: an opening balance
// from before the range, an invoice, a credit note, a partial payment, an over-payment with an
// un-allocation and a reversal in the range; the running balance steps line by line, the closing equals
// the party's control lines up to the last day and its ageing total; the PDF and the workbook carry the
// same figures; the mail goes to the outbox with the PDF attached; bad input and another company's
// party are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { faces, sides, type EntityRecord, type InvoiceView, type PartyStatement, type PaymentView, type Side } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { pdfText } from '../ledger/pdf-text';
import { paymentWorld, type PaymentWorld } from './payment-world';

let t: TestApp;
let w: PaymentWorld;
const party: Record<Side, string> = { payables: '', receivables: '' };
const silent: Record<Side, string> = { payables: '', receivables: '' };
const base = (side: Side) => `/${faces[side].service}/${faces[side].partyWord}`;
const cents = (v: string) => Math.round(Number(v) * 100);

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'STATEMENT');
  for (const side of sides) {
    const face = faces[side];
    const group = (await w.ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items.find((g) => g.code === 'LOCAL')!.id;
    party[side] = (await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, {
      code: 'S1', name: 'Statement one', group,
      contacts: [{ name: 'Sales', mail: 'sales@example.com', role: 'Sales' }, { name: 'Accounts', mail: 'accounts@example.com', role: 'Accounts payable' }],
    })).id;
    silent[side] = (await w.ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code: 'S2', name: 'No contact', group })).id;
  }
});
afterAll(() => t.close());

async function flows(side: Side): Promise<void> {
  const account = w.acct(side === 'payables' ? '6100' : '4000');
  const post = (documentDate: string, amount: string, dueDate: string) =>
    w.ok<InvoiceView>('POST', `${base(side)}-invoices/post`, { party: party[side], documentDate, currency: 'USD', description: `Invoice of ${documentDate}`, instalments: [{ dueDate, amount }], lines: [{ account, unitPrice: amount }] });
  const i1 = await post('2026-01-05', '1000.00', '2026-02-04');
  const i2 = await post('2026-02-01', '500.00', '2026-03-03');
  const cn = await w.ok<InvoiceView>('POST', `${base(side)}-credit-notes`, { party: party[side], invoice: i1.id, documentDate: '2026-02-10', currency: 'USD', description: 'Credit', lines: [{ account, unitPrice: '200.00' }] });
  await w.ok('POST', `${base(side)}-credit-notes/${cn.id}/post`);
  const item = async (inv: InvoiceView) => (await w.query<{ id: string }>(sql`select id from open_items where invoice_id = ${inv.id}::uuid`))[0]!.id;
  await w.ok<PaymentView>('POST', `${base(side)}-payments/post`, { bank: w.banks.USD, party: party[side], documentDate: '2026-02-20', amount: '300.00', description: 'Partial', allocations: [{ openItem: await item(i1), amount: '300.00', discount: '0', writeOff: '0' }] });
  const p2 = await w.ok<PaymentView>('POST', `${base(side)}-payments/post`, { bank: w.banks.USD, party: party[side], documentDate: '2026-03-10', amount: '700.00', description: 'Over', allocations: [{ openItem: await item(i2), amount: '500.00', discount: '0', writeOff: '0' }] });
  await w.ok('POST', `${base(side)}-payments/${p2.id}/unallocate`, { date: '2026-03-12', lines: [p2.allocations[0]!.lineNo] });
  await w.ok('POST', `${base(side)}-payments/${p2.id}/reverse`, { date: '2026-03-20' });
}

const file = async (side: Side, format: string, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${base(side)}-statement/file/${format}?${query}`, headers: { host: w.tenant.host, authorization: `Bearer ${w.admin.token}`, token: w.admin.tenantId } });
  return { status: res.statusCode, type: String(res.headers['content-type']).split(';')[0], disposition: String(res.headers['content-disposition'] ?? ''), body: res.rawPayload };
};

describe.each(sides)('statement of %s', (side) => {
  const range = () => `party=${party[side]}&from=2026-02-01&to=2026-03-31`;

  it('opens with what was owed before the range, runs line by line, and closes on the control accounts and the ageing', async () => {
    await flows(side);
    const s = await w.ok<PartyStatement>('GET', `${base(side)}-statement?${range()}`);
    expect(s.party).toMatchObject({ code: 'S1', mail: 'accounts@example.com' });
    expect(s.sections.map((x) => x.currency)).toEqual(['USD']);
    const usd = s.sections[0]!;
    // Owed before 1 February: the first invoice. Then +500 (invoice), -200 (credit note), -300 (payment), -700 (over-payment), +700 (its reversal).
    expect(usd.opening).toBe('1000.00');
    expect(usd.closing).toBe('1000.00');
    const sign = side === 'receivables' ? 1 : -1;
    let running = cents(usd.opening);
    for (const l of usd.lines) {
      running += sign * (cents(l.debit) - cents(l.credit));
      expect(cents(l.balance), `${l.date} ${l.kind}`).toBe(running);
      expect(l.date >= '2026-02-01' && l.date <= '2026-03-31').toBe(true);
    }
    expect(running).toBe(cents(usd.closing));
    expect(cents(usd.opening) + sign * (cents(usd.debit) - cents(usd.credit))).toBe(cents(usd.closing));
    const kinds = usd.lines.map((l) => l.kind);
    expect(kinds).toContain('Invoice');
    expect(kinds).toContain('Credit note');
    expect(kinds).toContain(side === 'receivables' ? 'Receipt' : 'Payment');
    expect(kinds).toContain(side === 'receivables' ? 'Reversal of receipt' : 'Reversal of payment');
    expect(usd.lines.find((l) => l.kind === 'Invoice')?.documentNumber).toBeTruthy();
    // The party's control lines up to the last day, in the currency and in base.
    const [ledger] = await w.query<{ amount: string; base: string }>(sql`
      select sum(debit_minor - credit_minor)::text as amount, sum(base_debit_minor - base_credit_minor)::text as base from ledger_entries
      where party_id = ${party[side]}::uuid and entry_date <= '2026-03-31'::date`);
    expect(cents(usd.closing)).toBe(sign * Number(ledger!.amount));
    expect(cents(usd.baseClosing)).toBe(sign * Number(ledger!.base));
    // The ageing on the last day holds the same total.
    expect(s.ageing.rows.map((r) => [r.currency, r.total])).toEqual([['USD', usd.closing]]);
    // A range before any posting: nothing.
    const empty = await w.ok<PartyStatement>('GET', `${base(side)}-statement?party=${party[side]}&from=2025-01-01&to=2025-12-31`);
    expect(empty.sections).toEqual([]);
  });

  it('prints the same figures as a PDF and a workbook', async () => {
    const s = await w.ok<PartyStatement>('GET', `${base(side)}-statement?${range()}`);
    const pdf = await file(side, 'pdf', range());
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    expect(pdf.disposition).toBe(`attachment; filename="${faces[side].partyWord}-statement-S1-2026-02-01-2026-03-31.pdf"`);
    const text = pdfText(pdf.body).flat().join('\n');
    expect(text).toContain(`${faces[side].partyLabel} statement`);
    expect(text).toContain('S1 · Statement one');
    expect(text).toContain('Opening balance');
    expect(text).toContain('1,000.00');
    expect(text).toContain('Ageing on');
    const xlsx = await file(side, 'xlsx', range());
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Statement')!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const opening = values.find((v) => v[1] === 'Opening balance')!;
    const closing = values.find((v) => v[1] === 'Closing balance')!;
    expect(opening[6]).toBe(1000);
    expect([closing[4], closing[5], closing[6]]).toEqual([Number(s.sections[0]!.debit), Number(s.sections[0]!.credit), 1000]);
    expect(values.filter((v) => v[0] instanceof Date).length).toBe(s.sections[0]!.lines.length + 2);
  });

  it('mails the PDF to the statement contact through the outbox, or to the address given', async () => {
    const sent = await w.ok<{ to: string; mailId: string }>('POST', `${base(side)}-statement/mail?${range()}`, {});
    expect(sent.to).toBe('accounts@example.com');
    const [mail] = await w.query<{ subject: string; body: string; files: string }>(sql`
      select m.subject, m.body, (select string_agg(a.file_name || ':' || a.content_type || ':' || (substring(a.content from 1 for 4) = '%PDF'::bytea)::text, ',') from mail_attachments a where a.mail_id = m.mail_id) as files
      from mail_outbox m where m.mail_id = ${sent.mailId}::uuid`);
    expect(mail!.subject).toBe('Statement of account S1 · Statement one');
    expect(mail!.body).toContain('Balance in USD on 2026-03-31: 1000.00');
    expect(mail!.files).toBe(`${faces[side].partyWord}-statement-S1-2026-02-01-2026-03-31.pdf:application/pdf:true`);
    const given = await w.ok<{ to: string }>('POST', `${base(side)}-statement/mail?party=${silent[side]}&from=2026-01-01&to=2026-01-31`, { to: 'someone@example.org' });
    expect(given.to).toBe('someone@example.org');
  });

  it('refuses bad input with the error object and changes nothing', async () => {
    const before = await w.query<{ n: number }>(sql`select count(*)::int as n from mail_outbox`);
    const noMail = await w.api('POST', `${base(side)}-statement/mail?party=${silent[side]}&from=2026-01-01&to=2026-01-31`, {});
    expect(noMail.status).toBe(422);
    expect(noMail.body.message).toMatch(/^to: /);
    expect((await w.query<{ n: number }>(sql`select count(*)::int as n from mail_outbox`))[0]!.n).toBe(before[0]!.n);
    const reversed = await w.api('GET', `${base(side)}-statement?party=${party[side]}&from=2026-03-01&to=2026-02-01`);
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('must be on or after the first day');
    expect((await w.api('GET', `${base(side)}-statement?party=${party[side]}&from=2026-03-01`)).status).toBe(400);
    expect((await w.api('GET', `${base(side)}-statement/file/doc?${range()}`)).status).toBe(400);
    // The other face's party is not this face's: not found.
    const otherSide: Side = side === 'payables' ? 'receivables' : 'payables';
    expect((await w.api('GET', `${base(side)}-statement?party=${party[otherSide]}&from=2026-01-01&to=2026-01-31`)).status).toBe(404);
  });
});
