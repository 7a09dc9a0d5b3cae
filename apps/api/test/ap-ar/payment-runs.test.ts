// Payment runs (issue 16): the proposal selects open invoices by due date or discount date, party
// group, currency (the bank's) and method; takes a discount on time and not after; the user excludes
// lines and changes amounts; Post makes one payment per party through the payments engine in ONE
// transaction (a refusal midway leaves nothing); the subledger ties to its control account; Reverse
// reopens the items; the pain.001 / pain.008 files validate against the ISO 20022 schemas with exact
// control sums; the remittance advice is a PDF per party and is mailed through the outbox.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faces, type EntityRecord, type InvoiceView, type PaymentRunProposal, type PaymentRunView, type PaymentView, type Side } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { assertValidPdf, pdfText } from '../ledger/pdf-text';
import { expectInvariants, paymentWorld, type PaymentWorld } from './payment-world';

let t: TestApp;
let w: PaymentWorld;
let sepaBank: string;
const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => w.api<T>(method, url, body);
const ok = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => w.ok<T>(method, url, body);
const q = <T>(query: ReturnType<typeof sql>) => w.query<T>(query);
const runs = (side: Side) => `/${faces[side].service}/${faces[side].partyWord}-payment-runs`;

const SCHEMAS = '/work/shared/samples/iso20022';
const xmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
/** Validates a bank file against its ISO 20022 schema with Debian's xmllint; false when xmllint is absent (the check is skipped, and said). */
function validates(xml: string, message: 'pain.001.001.03' | 'pain.008.001.02'): boolean {
  if (!xmllint) {
    console.warn(`xmllint is not installed: ${message} not validated against its schema`);
    return false;
  }
  const file = join(mkdtempSync(join(tmpdir(), 'pain-')), `${message}.xml`);
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--schema', join(SCHEMAS, `${message}.xsd`), file], { stdio: 'pipe' });
  return true;
}

async function raw(url: string, method: 'GET' | 'POST' = 'GET') {
  const res = await t.app.inject({ method, url, headers: { host: w.tenant.host, authorization: `Bearer ${w.admin.token}`, token: w.admin.tenantId } });
  return { status: res.statusCode, type: String(res.headers['content-type']), disposition: String(res.headers['content-disposition']), body: res.rawPayload };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'PAYRUNS');
  const currencies = (await ok<{ items: EntityRecord[] }>('GET', '/gl/currencies?limit=100')).items;
  const group = (await ok<{ items: EntityRecord[] }>('GET', '/cm/bank-groups?limit=10')).items[0]!;
  sepaBank = (await ok<EntityRecord>('POST', '/cm/banks', {
    code: 'SEPA', name: 'SEPA account', bankGroup: group.id, account: w.acct('1020'), currency: currencies.find((c) => c.code === 'EUR')!.id, accountNumber: 'NL91 ABNA 0417 1643 00', bic: 'ABNANL2A',
  })).id;
  const config = await ok<Record<string, unknown>>('GET', '/gl/company-config');
  await ok('PUT', '/gl/company-config', { ...config, sepaCreditorId: 'DE98ZZZ09999999999' });
});
afterAll(() => t.close());

async function groupOf(side: Side, code: string): Promise<string> {
  const face = faces[side];
  const groups = (await ok<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=50`)).items;
  const found = groups.find((g) => g.code === code);
  if (found) return found.id;
  const local = groups.find((g) => g.code === 'LOCAL')!;
  return (await ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}-groups`, { code, name: code, controlAccount: local.controlAccount })).id;
}

async function party(side: Side, code: string, extra: Record<string, unknown> = {}, group = 'LOCAL'): Promise<string> {
  const face = faces[side];
  return (await ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code, name: `${code} Ltd`, group: await groupOf(side, group), ...extra })).id;
}

async function invoice(side: Side, partyId: string, amount: string, dueDate: string, extra: { discountDate?: string; discount?: string; currency?: string; reference?: string } = {}): Promise<{ invoice: InvoiceView; item: string }> {
  const face = faces[side];
  const inv = await ok<InvoiceView>('POST', `/${face.service}/${face.partyWord}-invoices/post`, {
    party: partyId, documentDate: '2026-03-01', description: `Invoice ${amount}`, currency: extra.currency ?? 'EUR', ...(extra.reference ? { partyDocumentNumber: extra.reference } : {}),
    lines: [{ account: w.acct(side === 'payables' ? '6100' : '4000'), quantity: '1', unitPrice: amount }],
    instalments: [{ dueDate, amount, ...(extra.discountDate ? { discountDate: extra.discountDate, discountAmount: extra.discount } : {}) }],
  });
  const [item] = await q<{ id: string }>(sql`select id from open_items where invoice_id = ${inv.id}::uuid`);
  return { invoice: inv, item: item!.id };
}

const remaining = async (item: string) => (await q<{ r: string }>(sql`select remaining_minor::text as r from open_items where id = ${item}::uuid`))[0]!.r;
const proposal = (side: Side, params: Record<string, string>) => ok<PaymentRunProposal>('GET', `${runs(side)}/proposal?${new URLSearchParams(params).toString()}`);
const itemsOf = (p: { lines: { openItem: string }[] }) => p.lines.map((l) => l.openItem).sort();

const IBAN = { a: 'DE89370400440532013000', b: 'GB82WEST12345698765432', c: 'FR1420041010050500013M02606' };

describe('vendor payment runs', () => {
  const side = 'payables' as const;
  const items = { v1a: '', v1b: '', v2: '', v3: '', v4: '', usd: '' };
  const parties = { V1: '', V2: '', V3: '', V4: '' };

  beforeAll(async () => {
    parties.V1 = await party(side, 'RV1', { iban: IBAN.a, bic: 'COBADEFFXXX', contacts: [{ name: 'Accounts', mail: 'ap@rv1.test' }] });
    parties.V2 = await party(side, 'RV2', { iban: IBAN.b }, 'RUNG');
    parties.V3 = await party(side, 'RV3');
    parties.V4 = await party(side, 'RV4', { iban: IBAN.c });
    items.v1a = (await invoice(side, parties.V1, '100.00', '2026-03-31', { reference: 'INV-A-77' })).item;
    items.v1b = (await invoice(side, parties.V1, '100.00', '2026-05-31', { discountDate: '2026-03-20', discount: '2.00' })).item;
    items.v2 = (await invoice(side, parties.V2, '50.00', '2026-03-15')).item;
    items.v3 = (await invoice(side, parties.V3, '30.00', '2026-03-10')).item;
    items.v4 = (await invoice(side, parties.V4, '10.00', '2026-03-01')).item;
    items.usd = (await invoice(side, parties.V1, '70.00', '2026-03-01', { currency: 'USD' })).item;
    // A party on hold is not proposed.
    const v4 = await ok<EntityRecord>('GET', `/ap/vendors/${parties.V4}`);
    const { id, createdAt, updatedAt, tenantId, companyId, ...fields } = v4;
    void createdAt; void updatedAt; void tenantId; void companyId;
    await ok('PUT', `/ap/vendors/${id}`, { ...fields, onHold: true });
  });

  it('selects by due date, discount date, party group and currency (the bank\'s); takes a discount on time and not after; names a party without an IBAN', async () => {
    const base = { bank: sepaBank, paymentDate: '2026-03-18', method: 'Transfer' };
    const byDue = await proposal(side, { ...base, basis: 'Due date', upTo: '2026-03-31' });
    expect(itemsOf(byDue)).toEqual([items.v1a, items.v2, items.v3].sort());
    expect(byDue).toMatchObject({ currency: 'EUR', total: '180.00', discount: '0.00', parties: 3 });
    expect(byDue.lines.find((l) => l.openItem === items.v3)!.problem).toBe('Vendor RV3 (RV3 Ltd) has no IBAN: add it on /vendor');
    expect(byDue.lines.find((l) => l.openItem === items.v1a)).toMatchObject({ partyCode: 'RV1', partyDocumentNumber: 'INV-A-77', amount: '100.00', discount: '0.00', problem: null });

    const byDiscount = await proposal(side, { ...base, basis: 'Discount date', upTo: '2026-03-25' });
    expect(itemsOf(byDiscount)).toEqual([items.v1b, items.v2, items.v3].sort());
    expect(byDiscount.lines.find((l) => l.openItem === items.v1b)).toMatchObject({ remaining: '100.00', discountAvailable: '2.00', amount: '98.00', discount: '2.00' });
    expect(byDiscount).toMatchObject({ total: '178.00', discount: '2.00' });
    // Paid the day after its discount date: in full, no discount.
    const late = await proposal(side, { ...base, paymentDate: '2026-03-21', basis: 'Discount date', upTo: '2026-03-25' });
    expect(late.lines.find((l) => l.openItem === items.v1b)).toMatchObject({ amount: '100.00', discount: '0.00' });

    const group = await proposal(side, { ...base, basis: 'Due date', upTo: '2026-03-31', partyGroup: await groupOf(side, 'RUNG') });
    expect(itemsOf(group)).toEqual([items.v2]);
    const usd = await proposal(side, { ...base, bank: w.banks.USD!, basis: 'Due date', upTo: '2026-12-31' });
    expect(itemsOf(usd)).toEqual([items.usd]);
    expect(usd.currency).toBe('USD');
    // By cheque, an IBAN is not needed.
    const cheque = await proposal(side, { ...base, method: 'Cheque', basis: 'Due date', upTo: '2026-03-31' });
    expect(cheque.lines.every((l) => l.problem === null)).toBe(true);
  });

  let runId = '';
  it('refuses to post a run paying a vendor without an IBAN, naming it, and changes nothing', async () => {
    const p = await proposal(side, { bank: sepaBank, paymentDate: '2026-03-18', method: 'Transfer', basis: 'Discount date', upTo: '2026-03-31' });
    const draft = await ok<PaymentRunView>('POST', runs(side), {
      bank: sepaBank, paymentDate: '2026-03-18', method: 'Transfer', basis: 'Discount date', upTo: '2026-03-31', description: 'March run',
      lines: p.lines.map((l) => ({ openItem: l.openItem, amount: l.amount, discount: l.discount })),
    });
    runId = draft.id;
    expect(draft).toMatchObject({ status: 'Draft', number: null, currency: 'EUR', parties: 3, total: '278.00', discount: '2.00' });
    const refused = await api<PaymentRunView>('POST', `${runs(side)}/${runId}/post`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Vendor RV3 (RV3 Ltd) has no IBAN: add it on /vendor');
    expect(await q(sql`select id from payments where reference is not null and description like 'Vendor payment run%'`)).toEqual([]);
    expect((await ok<PaymentRunView>('GET', `${runs(side)}/${runId}`)).status).toBe('Draft');
  });

  it('posts with a line excluded and an amount changed: one payment per vendor in one entry each, the subledger tied; the pain.001 validates with exact sums', async () => {
    const view = await ok<PaymentRunView>('GET', `${runs(side)}/${runId}`);
    const lines = view.lines.map((l) => ({ openItem: l.openItem, amount: l.openItem === items.v1a ? '60.00' : l.amount, discount: l.discount, excluded: l.openItem === items.v3 }));
    const edited = await ok<PaymentRunView>('PUT', `${runs(side)}/${runId}`, { bank: sepaBank, paymentDate: '2026-03-18', method: 'Transfer', basis: 'Discount date', upTo: '2026-03-31', description: 'March run', lines });
    expect(edited).toMatchObject({ total: '208.00', discount: '2.00', parties: 2 });
    // The trail says who changed what, compactly: the run as created (criteria, summary, its lines as columns), then only the lines the edit changed.
    type Trail = { action: string; user_id: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null };
    const trail = await q<Trail>(sql`select action, user_id, before, after from audit_log where entity = 'vendorPaymentRun' and record_id = ${runId} order by audit_id`);
    expect(trail.map((r) => r.action)).toEqual(['create', 'edit']);
    expect(trail.every((r) => r.user_id !== null)).toBe(true);
    expect(trail[0]!.after).toMatchObject({ description: 'March run', method: 'Transfer', lines: 4, excluded: 0, total: '278.00', discount: '2.00' });
    const created = trail[0]!.after!.items as { openItem: string[]; amount: string[]; discount: string[]; excluded: number[] };
    expect([...created.openItem].sort()).toEqual([items.v1a, items.v1b, items.v2, items.v3].sort());
    expect(created.amount[created.openItem.indexOf(items.v1b)]).toBe('98.00');
    expect(trail[1]!.before).toEqual({ lines: 4, excluded: 0, total: '278.00', discount: '2.00' });
    expect(trail[1]!.after).toMatchObject({ lines: 4, excluded: 1, total: '208.00', discount: '2.00', changes: { added: { openItem: [], amount: [], discount: [], excluded: [] }, removed: [], reordered: false } });
    const changed = (trail[1]!.after!.changes as { changed: { openItem: string }[] }).changed;
    expect([...changed].sort((a, b) => a.openItem.localeCompare(b.openItem))).toEqual([{ openItem: items.v1a, amount: ['100.00', '60.00'] }, { openItem: items.v3, excluded: [false, true] }].sort((a, b) => a.openItem.localeCompare(b.openItem)));
    const posted = await ok<PaymentRunView>('POST', `${runs(side)}/${runId}/post`);
    expect(posted).toMatchObject({ status: 'Posted', number: 'VPR2026-000001' });
    const made = [...new Set(posted.lines.filter((l) => !l.excluded).map((l) => l.payment!))];
    expect(made).toHaveLength(2);
    expect(posted.lines.find((l) => l.openItem === items.v3)).toMatchObject({ excluded: true, payment: null });
    const v1 = await ok<PaymentView>('GET', `/ap/vendor-payments/${posted.lines.find((l) => l.openItem === items.v1a)!.payment}`);
    expect(v1).toMatchObject({ status: 'Posted', currency: 'EUR', amount: '158.00', allocated: '158.00', unallocated: '0.00', reference: 'VPR2026-000001', method: 'Transfer' });
    expect(v1.allocations.map((a) => [a.amount, a.discount])).toEqual([['60.00', '0.00'], ['98.00', '2.00']]);
    expect([await remaining(items.v1a), await remaining(items.v1b), await remaining(items.v2), await remaining(items.v3)]).toEqual(['4000', '0', '0', '3000']);
    await expectInvariants(w);

    const file = await raw(`${runs(side)}/${runId}/bank-file`);
    expect([file.status, file.type, file.disposition]).toEqual([200, 'application/xml; charset=utf-8', 'attachment; filename="vendor-payment-run-VPR2026-000001.pain.001.001.03.xml"']);
    const xml = file.body.toString('utf8');
    validates(xml, 'pain.001.001.03');
    expect(xml.match(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)).toEqual(['<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>2</NbOfTxs>']);
    expect(xml.match(/<CtrlSum>([\d.]+)<\/CtrlSum>/g)).toEqual(['<CtrlSum>208.00</CtrlSum>', '<CtrlSum>208.00</CtrlSum>']);
    expect(xml).toContain('<InstdAmt Ccy="EUR">158.00</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">50.00</InstdAmt>');
    expect(xml).toContain(`<IBAN>${IBAN.a}</IBAN>`);
    expect(xml).toContain('<DbtrAcct><Id><IBAN>NL91ABNA0417164300</IBAN></Id><Ccy>EUR</Ccy></DbtrAcct><DbtrAgt><FinInstnId><BIC>ABNANL2A</BIC></FinInstnId></DbtrAgt>');
    expect(xml).toContain(`<EndToEndId>${v1.number}</EndToEndId>`);
    const csv = (await raw(`${runs(side)}/${runId}/bank-file?format=csv`)).body.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toHaveLength(3);
    expect(csv[0]).toBe('Reference,Party,Name,IBAN,BIC,Amount,Currency,Execution Date,Remittance');
    expect(csv[1]).toContain(`${v1.number},RV1,RV1 Ltd,${IBAN.a},COBADEFFXXX,158.00,EUR,2026-03-18`);
  });

  it('gives each vendor its remittance advice as a PDF and mails it through the outbox to those with a mail', async () => {
    const pdf = await raw(`${runs(side)}/${runId}/remittance?party=${parties.V1}`);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    assertValidPdf(pdf.body);
    const text = pdfText(pdf.body).flat().join(' ');
    expect(text).toContain('Remittance advice');
    expect(text).toContain('INV-A-77');
    expect(text).toContain('158.00');
    expect(text).toContain('2.00');
    expect((await api('GET', `${runs(side)}/${runId}/remittance?party=${parties.V3}`)).status).toBe(422);
    const mailed = await ok<{ queued: number; skipped: string[] }>('POST', `${runs(side)}/${runId}/remittance/mail`);
    expect(mailed).toEqual({ queued: 1, skipped: ['RV2'] });
    const [mail] = await q<{ mail_id: string; to_address: string; subject: string; body: string }>(sql`select mail_id, to_address, subject, body from mail_outbox where to_address = 'ap@rv1.test'`);
    const attached = await q<{ file_name: string; content_type: string }>(sql`select file_name, content_type from mail_attachments where mail_id = ${mail!.mail_id}::uuid`);
    expect(attached).toEqual([{ file_name: expect.stringMatching(/^remittance-VPR2026-000001-RV1\.pdf$/), content_type: 'application/pdf' }]);
    expect(mail!.subject).toMatch(/^Remittance advice VP2026-\d+ from /);
    expect(mail!.body).toContain('INV-A-77');
    expect(mail!.body).toContain('Total: 158.00 EUR');
  });

  it('reverses a posted run: every payment reversed, the items reopen, the tie-out holds', async () => {
    const reversed = await ok<PaymentRunView>('POST', `${runs(side)}/${runId}/reverse`, { date: '2026-03-25' });
    expect(reversed.status).toBe('Reversed');
    const statuses = await q<{ status: string }>(sql`select distinct p.status from payments p join payment_run_lines l on l.payment_id = p.id where l.run_id = ${runId}::uuid`);
    expect(statuses).toEqual([{ status: 'Reversed' }]);
    expect([await remaining(items.v1a), await remaining(items.v1b), await remaining(items.v2), await remaining(items.v3)]).toEqual(['10000', '10000', '5000', '3000']);
    await expectInvariants(w);
    expect((await api('GET', `${runs(side)}/${runId}/bank-file`)).status).toBe(422);
  });

  it('posts all or nothing: an item settled meanwhile refuses the whole run, naming the vendor and invoice, and leaves every payment, item and number as it was', async () => {
    const a = await party(side, 'RWA', { iban: IBAN.a });
    const b = await party(side, 'RWB', { iban: IBAN.b });
    const ia = (await invoice(side, a, '40.00', '2026-04-10')).item;
    const ib = await invoice(side, b, '25.00', '2026-04-10');
    const draft = await ok<PaymentRunView>('POST', runs(side), {
      bank: sepaBank, paymentDate: '2026-04-01', method: 'Transfer', basis: 'Due date', upTo: '2026-04-10', description: 'April run',
      lines: [{ openItem: ia, amount: '40.00' }, { openItem: ib.item, amount: '25.00' }],
    });
    // RWB's invoice is paid by another payment after the run was proposed: RWA's payment is made first, then RWB's refuses.
    await ok<PaymentView>('POST', '/ap/vendor-payments/post', { bank: sepaBank, party: b, documentDate: '2026-04-01', amount: '25.00', description: 'Paid by hand', allocations: [{ openItem: ib.item, amount: '25.00' }] });
    const before = await q<{ n: number }>(sql`select count(*)::int as n from payments`);
    const journals = await q<{ n: number }>(sql`select count(*)::int as n from journals`);
    const refused = await api<PaymentRunView>('POST', `${runs(side)}/${draft.id}/post`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`Vendor RWB, ${ib.invoice.number} (line 2): invoice ${ib.invoice.number} is already settled`);
    expect(await q<{ n: number }>(sql`select count(*)::int as n from payments`)).toEqual(before);
    expect(await q<{ n: number }>(sql`select count(*)::int as n from journals`)).toEqual(journals);
    expect(await remaining(ia)).toBe('4000');
    expect(await ok<PaymentRunView>('GET', `${runs(side)}/${draft.id}`)).toMatchObject({ status: 'Draft', number: null });
    // With the line excluded it posts, and takes the next run number (the refusal took none).
    const view = await ok<PaymentRunView>('GET', `${runs(side)}/${draft.id}`);
    await ok('PUT', `${runs(side)}/${draft.id}`, { bank: sepaBank, paymentDate: '2026-04-01', method: 'Transfer', basis: 'Due date', upTo: '2026-04-10', description: 'April run', lines: view.lines.map((l) => ({ openItem: l.openItem, amount: l.amount, excluded: l.openItem === ib.item })) });
    expect(await ok<PaymentRunView>('POST', `${runs(side)}/${draft.id}/post`)).toMatchObject({ status: 'Posted', number: 'VPR2026-000002', total: '40.00' });
    expect(await remaining(ia)).toBe('0');
    await expectInvariants(w);
  });

  it('refuses bad input with the error object: a line of another currency, an item named twice, a bank file of a draft', async () => {
    const body = { bank: sepaBank, paymentDate: '2026-03-18', method: 'Transfer', basis: 'Due date', upTo: '2026-03-31', description: 'Bad' };
    const other = await api('POST', runs(side), { ...body, lines: [{ openItem: items.usd, amount: '1.00' }] });
    expect([other.status, other.body.message]).toEqual([422, 'lines.0.openItem: the open item is not an invoice\'s of a vendor in EUR']);
    const twice = await api('POST', runs(side), { ...body, lines: [{ openItem: items.v3, amount: '1.00' }, { openItem: items.v3, amount: '2.00' }] });
    expect([twice.status, twice.body.message]).toEqual([422, 'lines.1.openItem: the open item is named twice: put its amounts on one line']);
    const noDate = await api('POST', runs(side), { ...body, upTo: 'soon' });
    expect(noDate.status).toBe(400);
    const draft = await ok<PaymentRunView>('POST', runs(side), { ...body, lines: [] });
    expect((await api('GET', `${runs(side)}/${draft.id}/bank-file`)).status).toBe(422);
    const empty = await api('POST', `${runs(side)}/${draft.id}/post`);
    expect([empty.status, empty.body.message]).toEqual([422, 'lines: the vendor payment run pays nothing: propose its lines, or include one']);
  });
});

describe('customer payment runs (direct debit)', () => {
  const side = 'receivables' as const;

  it('collects from customers with mandates: pain.008 by sequence type with the creditor identifier, validated; a first collection makes the mandate recurring', async () => {
    const first = await party(side, 'RC1', { iban: IBAN.a, bic: 'COBADEFFXXX', mandateReference: 'MANDATE-1', mandateSignedOn: '2025-12-01', mandateSequence: 'First' });
    const recurring = await party(side, 'RC2', { iban: IBAN.b, mandateReference: 'MANDATE-2', mandateSignedOn: '2025-06-01', mandateSequence: 'Recurring' });
    const noMandate = await party(side, 'RC3', { iban: IBAN.c });
    const noIban = await party(side, 'RC4', { mandateReference: 'MANDATE-4', mandateSignedOn: '2025-06-01', mandateSequence: 'Recurring' });
    const i1 = (await invoice(side, first, '120.00', '2026-03-20')).item;
    const i1b = (await invoice(side, first, '30.50', '2026-03-25')).item;
    const i2 = (await invoice(side, recurring, '80.25', '2026-03-22')).item;
    const i3 = (await invoice(side, noMandate, '99.00', '2026-03-22')).item;
    const i4 = (await invoice(side, noIban, '11.00', '2026-03-22')).item;
    const p = await proposal(side, { bank: sepaBank, paymentDate: '2026-03-26', method: 'DirectDebit', basis: 'Due date', upTo: '2026-03-31' });
    expect(itemsOf(p)).toEqual([i1, i1b, i2, i4].sort());
    expect(p.lines.map((l) => l.openItem)).not.toContain(i3);
    expect(p.lines.find((l) => l.openItem === i4)!.problem).toBe('Customer RC4 (RC4 Ltd) has no IBAN: add it on /customer');
    const run = await ok<PaymentRunView>('POST', runs(side), {
      bank: sepaBank, paymentDate: '2026-03-26', method: 'DirectDebit', basis: 'Due date', upTo: '2026-03-31', description: 'March collection',
      lines: p.lines.map((l) => ({ openItem: l.openItem, amount: l.amount, excluded: l.openItem === i4 })),
    });
    const posted = await ok<PaymentRunView>('POST', `${runs(side)}/${run.id}/post`);
    expect(posted).toMatchObject({ status: 'Posted', number: 'CPR2026-000001', total: '230.75', parties: 2 });
    expect([await remaining(i1), await remaining(i1b), await remaining(i2), await remaining(i4)]).toEqual(['0', '0', '0', '1100']);
    const [mandate] = await q<{ s: string }>(sql`select mandate_sequence as s from customers where id = ${first}::uuid`);
    expect(mandate!.s).toBe('Recurring');
    await expectInvariants(w);

    const xml = (await raw(`${runs(side)}/${run.id}/bank-file`)).body.toString('utf8');
    validates(xml, 'pain.008.001.02');
    // The group header counts all; one payment information per sequence type (the first collection stays FRST in this run's file).
    expect(xml.match(/<NbOfTxs>\d+<\/NbOfTxs>/g)).toEqual(['<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>1</NbOfTxs>', '<NbOfTxs>1</NbOfTxs>']);
    expect(xml.match(/<CtrlSum>[\d.]+<\/CtrlSum>/g)).toEqual(['<CtrlSum>230.75</CtrlSum>', '<CtrlSum>150.50</CtrlSum>', '<CtrlSum>80.25</CtrlSum>']);
    expect(xml.match(/<SeqTp>\w+<\/SeqTp>/g)).toEqual(['<SeqTp>FRST</SeqTp>', '<SeqTp>RCUR</SeqTp>']);
    expect(xml).toContain('<MndtRltdInf><MndtId>MANDATE-1</MndtId><DtOfSgntr>2025-12-01</DtOfSgntr></MndtRltdInf>');
    expect(xml).toContain('<Id>DE98ZZZ09999999999</Id>');
    expect(xml).toContain('<ReqdColltnDt>2026-03-26</ReqdColltnDt>');
    const advice = await raw(`${runs(side)}/${run.id}/remittance?party=${first}`);
    expect(pdfText(advice.body).flat().join(' ')).toContain('Direct debit advice');
  });

  it('refuses an XML file of a run by cheque; its CSV is made', async () => {
    const c = await party(side, 'RC5', { iban: IBAN.a, mandateReference: 'M-5', mandateSignedOn: '2025-01-01', mandateSequence: 'First' });
    const item = (await invoice(side, c, '10.00', '2026-03-20')).item;
    const cheque = await ok<PaymentRunView>('POST', runs(side), { bank: sepaBank, paymentDate: '2026-03-26', method: 'Cheque', basis: 'Due date', upTo: '2026-03-31', description: 'By cheque', lines: [{ openItem: item, amount: '10.00' }] });
    await ok('POST', `${runs(side)}/${cheque.id}/post`);
    const refused = await api('GET', `${runs(side)}/${cheque.id}/bank-file`);
    expect([refused.status, refused.body.message]).toEqual([422, 'A pain.008.001.02 bank file is made of a run by DirectDebit: this run pays by Cheque']);
    expect((await raw(`${runs(side)}/${cheque.id}/bank-file?format=csv`)).status).toBe(200);
  });
});
