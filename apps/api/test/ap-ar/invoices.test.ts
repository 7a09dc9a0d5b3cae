// Invoices and credit notes of payables and receivables (issue 15): one entry per posting through the
// port (control per instalment with its party, expense or revenue per line, tax per code), numbers from
// the module's sequences, due dates from the party's payment term, open items reduced by credit notes
// and closed by reversals, the refusals (duplicate vendor number, on hold, credit limit, closed period:
// nothing written), the list's filters and sums, the tax report tied to the tax accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faces, sides, splitCreditAmount, type CompanyConfig, type CreditNoteView, type EntityRecord, type ErrorObject, type Face, type InvoiceSums, type InvoiceView, type JournalView, type SubledgerTieout, type TaxReport } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { openBooks, type Books } from '../ledger/helpers';
import { assertValidPdf, pdfText } from '../ledger/pdf-text';

type List<T = EntityRecord> = { items: T[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T & ErrorObject>(t.app, tenant.host, method, url, body, admin);
const acct = (code: string) => books.accounts.get(code)!.id;
const tax = {} as Record<'VAT20' | 'VAT5', string>;
const tieout = async (asOf = '2026-12-31') => (await api<SubledgerTieout>('GET', `/gl/subledger-tieout?asOf=${asOf}`)).body;

async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  expect(res.status, `${method} ${url}: ${res.body?.message}`).toBe(200);
  return res.body;
}

const base = (face: Face, credit = false) => `/${face.service}/${face.partyWord}-${credit ? 'credit-notes' : 'invoices'}`;
const lineAccount = (face: Face) => acct(face.side === 'payables' ? '6100' : '4000');

async function party(face: Face, code: string, extra: object = {}): Promise<string> {
  const group = (await api<List>('GET', `/${face.service}/${face.partyWord}-groups?limit=50&filter=${encodeURIComponent(JSON.stringify({ code: 'LOCAL' }))}`)).body.items[0]!;
  return (await ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code, name: `${face.partyLabel} ${code}`, group: group.id, ...extra })).id;
}

/** Two lines with two tax rates: 100.00 at 20% and 2 × 50.00 at 5%: net 200.00, tax 25.00, gross 225.00. */
const twoRates = (face: Face) => [
  { account: lineAccount(face), description: 'Standard rated', quantity: '1', unitPrice: '100', tax: tax.VAT20 },
  { account: lineAccount(face), description: 'Reduced rated', quantity: '2', unitPrice: '50', tax: tax.VAT5 },
];

async function draftInvoice(face: Face, partyId: string, extra: object = {}): Promise<InvoiceView> {
  return ok<InvoiceView>('POST', base(face), { party: partyId, documentDate: '2026-01-31', description: 'Supplies', lines: twoRates(face), ...extra });
}
const postInvoice = (face: Face, id: string) => ok<InvoiceView>('POST', `${base(face)}/${id}/post`);

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'APINV'));
  books = await openBooks(t, tenant, admin);
  tax.VAT20 = (await ok<EntityRecord>('POST', '/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', inputAccount: acct('1400'), outputAccount: acct('2200') })).id;
  tax.VAT5 = (await ok<EntityRecord>('POST', '/gl/taxes', { code: 'VAT5', name: 'VAT 5%', rate: '5', kind: 'Both', inputAccount: acct('1400'), outputAccount: acct('2200') })).id;
});
afterAll(() => t.close());

describe.each(sides)('%s invoices', (side) => {
  const face = faces[side];
  const letter = side === 'payables' ? 'V' : 'C';
  let partyId: string;
  beforeAll(async () => {
    partyId = await party(face, `${letter}-MAIN`);
  });

  it('posts one entry: the control per instalment with the party, a line per line, tax per code; numbered from the sequence; due from NET30', async () => {
    const draft = await draftInvoice(face, partyId, { partyDocumentNumber: 'INV-1' });
    expect(draft).toMatchObject({ status: 'Draft', number: null, totalNet: '200.00', totalTax: '25.00', totalGross: '225.00', remaining: null });
    expect(draft.instalments).toEqual([{ line: 1, dueDate: '2026-03-02', amount: '225.00', discountDate: null, discountAmount: '0.00', remaining: null }]);
    expect(draft.taxSummary.map((s) => [s.taxCode, s.taxable, s.taxAmount])).toEqual([['VAT20', '100.00', '20.00'], ['VAT5', '100.00', '5.00']]);
    const posted = await postInvoice(face, draft.id);
    expect(posted).toMatchObject({ status: 'Posted', number: `${letter}I2026-000001`, remaining: '225.00' });
    expect(posted.instalments).toEqual([{ line: 1, dueDate: '2026-03-02', amount: '225.00', discountDate: null, discountAmount: '0.00', remaining: '225.00' }]);
    const journal = await ok<JournalView>('GET', `/gl/journals/${posted.journal}`);
    const control = face.side === 'payables' ? '2000' : '1100';
    const taxAccount = face.side === 'payables' ? '1400' : '2200';
    const side2 = (l: JournalView['lines'][number]) => [l.accountCode, l.debit, l.credit];
    const c = face.invoiceControlSide === 'credit';
    expect(journal.lines.map(side2)).toEqual([
      [control, c ? '0.00' : '225.00', c ? '225.00' : '0.00'],
      [face.side === 'payables' ? '6100' : '4000', c ? '100.00' : '0.00', c ? '0.00' : '100.00'],
      [face.side === 'payables' ? '6100' : '4000', c ? '100.00' : '0.00', c ? '0.00' : '100.00'],
      [taxAccount, c ? '20.00' : '0.00', c ? '0.00' : '20.00'],
      [taxAccount, c ? '5.00' : '0.00', c ? '0.00' : '5.00'],
    ]);
    expect(journal).toMatchObject({ status: 'Posted', sourceModule: face.module });
    expect((await tieout()).tiesOut).toBe(true);
  });

  it('takes its due dates from the party’s payment term: 30/70 instalments, the last balancing', async () => {
    const term = await ok<EntityRecord>('POST', `/${face.service}/payment-terms`, {
      code: 'SPLIT', description: '30% at 30 days, the rest at 60', basis: 'Net days', days: 0, discountBase: 'Including tax',
      instalments: [{ percent: '30', basis: 'Net days', days: 30 }, { basis: 'Net days', days: 60 }],
    });
    const split = await party(face, `${letter}-SPLIT`, { paymentTerm: term.id });
    const posted = await postInvoice(face, (await draftInvoice(face, split)).id);
    expect(posted.instalments.map((i) => [i.dueDate, i.amount, i.remaining])).toEqual([['2026-03-02', '67.50', '67.50'], ['2026-04-01', '157.50', '157.50']]);
    // Typed instalments replace the term's, and must add up to the gross.
    const typed = await api<ErrorObject>('POST', base(face), { party: split, documentDate: '2026-02-01', description: 'Typed', lines: twoRates(face), instalments: [{ dueDate: '2026-02-10', amount: '100' }] });
    expect(typed.status).toBe(422);
    expect(typed.body.message).toBe('instalments: they add up to 100.00, the gross is 225.00');
    const good = await draftInvoice(face, split, { instalments: [{ dueDate: '2026-02-10', amount: '25' }, { dueDate: '2026-05-10', amount: '200', discountDate: '2026-02-20', discountAmount: '4' }] });
    expect(good.instalments.map((i) => [i.dueDate, i.amount, i.discountDate, i.discountAmount])).toEqual([['2026-02-10', '25.00', null, '0.00'], ['2026-05-10', '200.00', '2026-02-20', '4.00']]);
    const second = await postInvoice(face, good.id);
    const journal = await ok<JournalView>('GET', `/gl/journals/${second.journal}`);
    expect(journal.lines.filter((l) => l.accountCode === (face.side === 'payables' ? '2000' : '1100'))).toHaveLength(2);
  });

  it('credits half of an invoice: its open item falls, the credit note is numbered from its own sequence; a reversal closes the rest', async () => {
    const inv = await postInvoice(face, (await draftInvoice(face, partyId, { partyDocumentNumber: 'HALF' })).id);
    const credit = await ok<CreditNoteView>('POST', base(face, true), {
      kind: 'CreditNote', invoice: inv.id, party: partyId, documentDate: '2026-02-15', description: 'Half back',
      lines: [{ account: lineAccount(face), quantity: '1', unitPrice: '50', tax: tax.VAT20 }, { account: lineAccount(face), quantity: '1', unitPrice: '50', tax: tax.VAT5 }],
    });
    expect(credit).toMatchObject({ status: 'Draft', totalGross: '112.50' });
    const posted = await ok<CreditNoteView>('POST', `${base(face, true)}/${credit.id}/post`);
    expect(posted).toMatchObject({ status: 'Posted', number: `${letter}C2026-000001`, applied: '112.50', remaining: '0.00', invoiceNumber: inv.number });
    const after = await ok<InvoiceView>('GET', `${base(face)}/${inv.id}`);
    expect(after).toMatchObject({ remaining: '112.50', credits: [{ creditNote: credit.id, number: posted.number, amount: '112.50' }] });
    // A full reversal of an invoice with credit notes is refused: credit what is left instead.
    const reversal = await ok<CreditNoteView>('POST', base(face, true), { kind: 'Reversal', invoice: inv.id, party: partyId, documentDate: '2026-02-20', description: 'Reverse' });
    const refused = await api<ErrorObject>('POST', `${base(face, true)}/${reversal.id}/post`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^invoice: invoice .* has credit notes/);
    // A fresh invoice reversed in full: Reversed, its open items closed, its entry reversed.
    const other = await postInvoice(face, (await draftInvoice(face, partyId)).id);
    const full = await ok<CreditNoteView>('POST', base(face, true), { kind: 'Reversal', invoice: other.id, party: partyId, documentDate: '2026-02-20', description: 'Wrong vendor' });
    expect(full).toMatchObject({ totalGross: '225.00', lines: expect.arrayContaining([expect.objectContaining({ net: '100.00' })]) as unknown });
    const reversed = await ok<CreditNoteView>('POST', `${base(face, true)}/${full.id}/post`);
    expect(reversed.status).toBe('Posted');
    const gone = await ok<InvoiceView>('GET', `${base(face)}/${other.id}`);
    expect(gone).toMatchObject({ status: 'Reversed', remaining: '0.00' });
    const reversal2 = await ok<JournalView>('GET', `/gl/journals/${reversed.journal}`);
    expect(reversal2).toMatchObject({ kind: 'Reversal', reversalOf: other.journal });
    // A credit note standing alone is an open item of its own, to allocate later.
    const alone = await ok<CreditNoteView>('POST', base(face, true), { party: partyId, documentDate: '2026-03-01', description: 'Goodwill', lines: [{ account: lineAccount(face), unitPrice: '10' }] });
    const aloneView = await ok<CreditNoteView>('POST', `${base(face, true)}/${alone.id}/post`);
    expect(aloneView).toMatchObject({ applied: '0.00', remaining: '10.00', instalments: [{ line: 1, amount: '10.00', remaining: '10.00' }] });
    expect((await tieout()).tiesOut).toBe(true);
  });

  it('refuses a party on hold, and an invoice into a closed period, writing nothing', async () => {
    const held = await party(face, `${letter}-HOLD`);
    const draft = await draftInvoice(face, held);
    const record = await ok<EntityRecord>('GET', `/${face.service}/${face.partyWord}s/${held}`);
    await ok('PUT', `/${face.service}/${face.partyWord}s/${held}`, { ...record, onHold: true });
    const refused = await api<ErrorObject>('POST', `${base(face)}/${draft.id}/post`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/is on hold/);
    await ok('PUT', `/${face.service}/${face.partyWord}s/${held}`, { ...record, onHold: false });

    const journalsBefore = (await ok<List>('GET', '/gl/journals?limit=1')).total;
    const nov = books.periods.find((p) => p.startDate === '2026-11-01')!;
    await ok('POST', `/gl/accounting-periods/${nov.id}/status`, { status: 'Closed' });
    const late = await draftInvoice(face, held, { documentDate: '2026-11-10' });
    const closed = await api<ErrorObject>('POST', `${base(face)}/${late.id}/post`);
    expect(closed.status).toBe(422);
    expect((await ok<InvoiceView>('GET', `${base(face)}/${late.id}`)).status).toBe('Draft');
    expect((await ok<List>('GET', '/gl/journals?limit=1')).total).toBe(journalsBefore);
    await ok('POST', `/gl/accounting-periods/${nov.id}/status`, { status: 'Open' });
    // The sequence lost no number to the refusals: the next invoice takes the next one.
    const numbers = (await ok<List<{ number: string | null }>>('GET', `${base(face)}?limit=100`)).items.flatMap((i) => (i.number ? [i.number] : [])).sort();
    const next = await postInvoice(face, late.id);
    expect(Number(next.number!.slice(-6))).toBe(Number(numbers.at(-1)!.slice(-6)) + 1);
  });

  it('creates and posts in one call (a check writes nothing; a retry with its Idempotency-Key answers the first result)', async () => {
    const body = { party: partyId, documentDate: '2026-04-01', description: 'One call', lines: twoRates(face) };
    const before = (await ok<List>('GET', `${base(face)}?limit=1`)).total;
    expect(await ok('POST', `${base(face)}/check`, body)).toEqual({ ok: true });
    expect((await ok<List>('GET', `${base(face)}?limit=1`)).total).toBe(before);
    const headers = { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId, 'idempotency-key': `one-call-${side}` };
    const first = await t.app.inject({ method: 'POST', url: `${base(face)}/post`, headers, payload: body });
    const again = await t.app.inject({ method: 'POST', url: `${base(face)}/post`, headers, payload: body });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    const posted = JSON.parse(first.body) as InvoiceView;
    expect(posted).toMatchObject({ status: 'Posted', totalGross: '225.00', remaining: '225.00' });
    expect((JSON.parse(again.body) as InvoiceView).id).toBe(posted.id);
    expect((await ok<List>('GET', `${base(face)}?limit=1`)).total).toBe(before + 1);
    const refused = await api<ErrorObject>('POST', `${base(face)}/check`, { ...body, lines: [{ ...twoRates(face)[0], tax: '00000000-0000-4000-8000-000000000000' }] });
    expect(refused).toMatchObject({ status: 422, body: { message: 'lines.0.tax: the tax code does not exist in this company' } });
  });

  it("keeps the list's totals by state and party as drafts are saved, posted and deleted (the maintained counts)", async () => {
    const totals = async () =>
      Promise.all(['', '&status=Draft', '&status=Posted', `&party=${partyId}`, `&party=${partyId}&status=Draft`].map(async (f) => (await ok<List>('GET', `${base(face)}?limit=1${f}`)).total));
    const before = await totals();
    const [all, drafts, posted, party, partyDrafts] = before;
    const one = await draftInvoice(face, partyId);
    const two = await draftInvoice(face, partyId);
    expect(await totals()).toEqual([all! + 2, drafts! + 2, posted, party! + 2, partyDrafts! + 2]);
    await postInvoice(face, one.id);
    expect(await totals()).toEqual([all! + 2, drafts! + 1, posted! + 1, party! + 2, partyDrafts! + 1]);
    await ok('DELETE', `${base(face)}/${two.id}`);
    expect(await totals()).toEqual([all! + 1, drafts, posted! + 1, party! + 1, partyDrafts]);
  });

  it('lists with filters (party, state, due, overdue, currency), sums the filter and exports it', async () => {
    const list = await ok<List<{ id: string; party: string; status: string; dueDate: string | null; remaining: string | null }>>('GET', `${base(face)}?limit=100&party=${partyId}`);
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((i) => i.party === partyId)).toBe(true);
    const posted = await ok<List<{ status: string }>>('GET', `${base(face)}?limit=100&party=${partyId}&status=Posted`);
    expect(posted.items.every((i) => i.status === 'Posted')).toBe(true);
    const overdue = await ok<List<{ dueDate: string }>>('GET', `${base(face)}?limit=100&overdue=true&overdueOn=2026-03-05`);
    expect(overdue.items.every((i) => i.dueDate < '2026-03-05')).toBe(true);
    expect(overdue.total).toBeGreaterThan(0);
    expect((await ok<List>('GET', `${base(face)}?limit=100&currency=EUR`)).total).toBe(0);
    const sums = await ok<InvoiceSums>('GET', `${base(face)}/sums?party=${partyId}&status=Posted`);
    expect(sums.count).toBe(posted.total);
    // The page alone (the screen's request, its total from the sums): no total, and whether rows follow, up to the last page of the same total.
    type Alone = { items: { id: string }[]; total?: number; more: boolean };
    for (const filter of [`party=${partyId}&status=Posted`, 'overdue=true&overdueOn=2026-03-05']) {
      const total = (await ok<List>('GET', `${base(face)}?limit=1&${filter}`)).total;
      const first = await ok<Alone>('GET', `${base(face)}?limit=1&${filter}&total=false`);
      expect(first).toMatchObject({ more: total > 1 });
      expect(first.total).toBeUndefined();
      const last = await ok<Alone>('GET', `${base(face)}?limit=1&page=${total}&${filter}&total=false`);
      expect([last.items.length, last.more]).toEqual([1, false]);
      if (total > 1) expect((await ok<Alone>('GET', `${base(face)}?limit=1&page=${total - 1}&${filter}&total=false`)).more).toBe(true);
    }
    expect(sums.byCurrency).toHaveLength(1);
    const file = await t.app.inject({ method: 'GET', url: `${base(face)}/export?format=csv&party=${partyId}`, headers: { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Standard rated');
  });
});

describe('payables only', () => {
  it("refuses a vendor's invoice number the vendor already has, on the field; a reversed one frees it", async () => {
    const face = faces.payables;
    const vendor = await party(face, 'V-DUP');
    const first = await postInvoice(face, (await draftInvoice(face, vendor, { partyDocumentNumber: 'A-100' })).id);
    const again = await api<ErrorObject>('POST', base(face), { party: vendor, documentDate: '2026-02-01', description: 'Again', partyDocumentNumber: 'a-100', lines: twoRates(face) });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(`partyDocumentNumber: this vendor's invoice a-100 is already entered (${first.number})`);
    // Another vendor may have the same number.
    const other = await party(face, 'V-DUP2');
    expect((await api('POST', base(face), { party: other, documentDate: '2026-02-01', description: 'Other', partyDocumentNumber: 'A-100', lines: twoRates(face) })).status).toBe(200);
    const reversal = await ok<CreditNoteView>('POST', base(face, true), { kind: 'Reversal', invoice: first.id, party: vendor, documentDate: '2026-02-02', description: 'Entered twice' });
    await ok('POST', `${base(face, true)}/${reversal.id}/post`);
    expect((await api('POST', base(face), { party: vendor, documentDate: '2026-02-03', description: 'Re-entered', partyDocumentNumber: 'A-100', lines: twoRates(face) })).status).toBe(200);
  });
});

describe('credit notes', () => {
  it('credit only a posted invoice of the same party and currency, each refusal on its field', async () => {
    const face = faces.payables;
    const vendor = await party(face, 'V-CN');
    const other = await party(face, 'V-CN2');
    const draft = await draftInvoice(face, vendor);
    const credit = (body: object) => api<ErrorObject>('POST', base(face, true), { party: vendor, documentDate: '2026-02-01', description: 'Credit', lines: [{ account: lineAccount(face), unitPrice: '5' }], ...body });
    expect((await credit({ invoice: draft.id })).body.message).toBe('invoice: the invoice is draft: only a posted invoice can be credited');
    const posted = await postInvoice(face, draft.id);
    expect((await credit({ invoice: posted.id, party: other })).body.message).toBe("invoice: the invoice is another vendor's");
    expect((await credit({ invoice: posted.id, currency: 'EUR' })).body.message).toBe('currency: the invoice is in USD: a credit note of it is too');
    expect((await credit({ kind: 'Reversal' })).body.message).toBe('invoice: A reversal names the invoice it reverses');
  });

  it('refuses at save, at check and at posting what posting would refuse (more than is left to credit, zero, a closed period), writing nothing', async () => {
    const face = faces.receivables;
    const customer = await party(face, 'C-CHECK');
    const invoice = await postInvoice(face, (await draftInvoice(face, customer)).id);
    const body = (unitPrice: string, extra: object = {}) => ({ party: customer, invoice: invoice.id, documentDate: '2026-02-01', description: 'Credit', lines: [{ account: lineAccount(face), unitPrice, tax: tax.VAT20 }], ...extra });
    const notes = async () => (await ok<List>('GET', `${base(face, true)}?limit=1`)).total;
    const before = await notes();
    // 200.00 + 20% = 240.00 against 225.00 invoiced: refused on the invoice field, at save and at check.
    const over = `invoice: customer invoice ${invoice.number} has 225.00 USD left to credit; this credit note is 240.00 USD: credit at most that, or credit the rest with a standalone credit note`;
    expect(await api('POST', base(face, true), body('200'))).toMatchObject({ status: 422, body: { message: over } });
    expect(await api('POST', `${base(face, true)}/check`, body('200'))).toMatchObject({ status: 422, body: { message: over } });
    expect(await api('POST', `${base(face, true)}/check`, body('0'))).toMatchObject({ status: 422, body: { message: 'lines: a customer credit note totals more than zero' } });
    const nov = books.periods.find((p) => p.startDate === '2026-11-01')!;
    await ok('POST', `/gl/accounting-periods/${nov.id}/status`, { status: 'Closed' });
    const closed = await api<ErrorObject>('POST', `${base(face, true)}/check`, body('50', { documentDate: '2026-11-10' }));
    await ok('POST', `/gl/accounting-periods/${nov.id}/status`, { status: 'Open' });
    expect(closed.status).toBe(422);
    expect(closed.body.message).toMatch(/period/i);
    expect(await notes()).toBe(before);
    // 100.00 + 20% = 120.00 is within: checked, posted in one call; then only 105.00 is left to credit.
    expect(await ok('POST', `${base(face, true)}/check`, body('100'))).toEqual({ ok: true });
    expect(await ok('POST', `${base(face, true)}/check?for=submit`, body('100'))).toEqual({ ok: true });
    expect(await notes()).toBe(before);
    const first = await ok<CreditNoteView>('POST', `${base(face, true)}/post`, body('100'));
    expect(first).toMatchObject({ status: 'Posted', applied: '120.00', totalGross: '120.00' });
    expect((await ok<InvoiceView>('GET', `${base(face)}/${invoice.id}`)).remaining).toBe('105.00');
    // A draft saved while within the limit is refused at posting once another credit took the room.
    const draft = await ok<CreditNoteView>('POST', base(face, true), body('80'));
    await ok('POST', `${base(face, true)}/post`, body('50'));
    const late = await api<ErrorObject>('POST', `${base(face, true)}/${draft.id}/post`);
    expect(late).toMatchObject({ status: 422, body: { message: `invoice: customer invoice ${invoice.number} has 45.00 USD left to credit; this credit note is 96.00 USD: credit at most that, or credit the rest with a standalone credit note` } });
    expect((await ok<CreditNoteView>('GET', `${base(face, true)}/${draft.id}`)).status).toBe('Draft');
    // A check of the saved draft's edit sets the draft aside (for=submit: as its approval would post it).
    expect(await ok('POST', `${base(face, true)}/check?for=submit&id=${draft.id}`, body('30'))).toEqual({ ok: true });
    expect((await ok<CreditNoteView>('GET', `${base(face, true)}/${draft.id}`)).totalGross).toBe('96.00');
    expect(await tieout()).toMatchObject({ tiesOut: true });
  });
});

describe('a credit for an amount', () => {
  it('spread over the tax codes in proportion keeps the tie-out and the tax report exact', async () => {
    const face = faces.payables;
    const vendor = await party(face, 'V-SHARES');
    // 120.00 at VAT20 and 105.00 at VAT5 (gross 225.00): 100.00 splits 53.33 / 46.67, each tax included.
    const invoice = await postInvoice(face, (await draftInvoice(face, vendor, { documentDate: '2026-06-10' })).id);
    const shares = splitCreditAmount(invoice.lines, 10000n, 2);
    expect(shares.map((x) => [x.taxCode, x.gross])).toEqual([['VAT20', '53.33'], ['VAT5', '46.67']]);
    const credit = await ok<CreditNoteView>('POST', `${base(face, true)}/post`, {
      party: vendor, invoice: invoice.id, documentDate: '2026-06-20', description: 'Credit of 100.00',
      lines: shares.map((x) => ({ account: x.account ?? undefined, unitPrice: x.gross, tax: x.tax ?? undefined, taxInclusive: true, dimensions: x.dimensions })),
    });
    expect(credit).toMatchObject({ totalGross: '100.00', applied: '100.00' });
    // 53.33 at 20% included: tax 8.89, net 44.44; 46.67 at 5% included: tax 2.22, net 44.45.
    expect(credit.taxSummary.map((r) => [r.taxCode, r.taxable, r.taxAmount])).toEqual([['VAT20', '44.44', '8.89'], ['VAT5', '44.45', '2.22']]);
    expect((await ok<InvoiceView>('GET', `${base(face)}/${invoice.id}`)).remaining).toBe('125.00');
    const june = await ok<TaxReport>('GET', '/gl/tax-report?from=2026-06-01&to=2026-06-30');
    const input = (code: string) => june.rows.find((r) => r.taxCode === code && r.direction === 'input')!;
    expect([input('VAT20').taxable, input('VAT20').taxAmount]).toEqual(['55.56', '11.11']);
    expect([input('VAT5').taxable, input('VAT5').taxAmount]).toEqual(['55.55', '2.78']);
    for (const a of june.accounts) expect(a, a.accountCode).toMatchObject({ tiesOut: true });
    expect((await tieout()).tiesOut).toBe(true);
  });
});

describe('the printable invoice', () => {
  it('prints the company, the party, the lines, the tax summary, the terms and the remittance details', async () => {
    const face = faces.receivables;
    const customer = await party(face, 'C-PRINT');
    const posted = await ok<InvoiceView>('POST', '/ar/customer-invoices/post', { party: customer, documentDate: '2026-01-31', description: 'Consulting, January', partyDocumentNumber: 'PO-77', lines: twoRates(face) });
    const res = await t.app.inject({ method: 'GET', url: `/ar/customer-invoices/${posted.id}/pdf`, headers: { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    assertValidPdf(pdf);
    const text = pdfText(pdf).flat().join(' ');
    for (const expected of ['Invoice', `Number ${posted.number}`, 'C-PRINT', 'Standard rated', 'Reduced rated', 'Tax summary', 'VAT20 20% 100.00 20.00', 'VAT5 5% 100.00 5.00', 'Total USD 225.00', 'PO-77', 'Payment terms', 'Remittance']) {
      expect(text, expected).toContain(expected);
    }
    expect((await api('GET', `/ar/customer-invoices/00000000-0000-4000-8000-000000000000/pdf`)).status).toBe(404);
  });
});

describe('accounts from the posting profiles', () => {
  it('gives a line without an account the revenue account of the default profile, and says where to set a missing expense account', async () => {
    const customer = await party(faces.receivables, 'C-PROFILE');
    const sale = await ok<InvoiceView>('POST', '/ar/customer-invoices/post', { party: customer, documentDate: '2026-05-05', description: 'No account', lines: [{ unitPrice: '30' }] });
    const journal = await ok<JournalView>('GET', `/gl/journals/${sale.journal}`);
    expect(journal.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['1100', '30.00', '0.00'], ['4000', '0.00', '30.00']]);
    const vendor = await party(faces.payables, 'V-PROFILE');
    const refused = await api<ErrorObject>('POST', '/ap/vendor-invoices/post', { party: vendor, documentDate: '2026-05-05', description: 'No account', lines: [{ unitPrice: '30' }] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^No expense account for this Account Payable posting: set one on vendor V-PROFILE, or on the posting profile of vendor group LOCAL, or on the default posting profile of Account Payable/);
  });
});

describe('receivables credit limit', () => {
  it('refuses an invoice past the credit limit, or with the Approval policy asks for approval', async () => {
    const face = faces.receivables;
    const customer = await party(face, 'C-LIMIT', { creditLimit: '300' });
    await postInvoice(face, (await draftInvoice(face, customer)).id);
    const second = await draftInvoice(face, customer);
    const refused = await api<ErrorObject>('POST', `${base(face)}/${second.id}/post`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Customer C-LIMIT would owe 450.00, past its credit limit of 300.00: the invoice is refused');
    const config = await ok<CompanyConfig>('GET', '/gl/company-config');
    await ok('PUT', '/gl/company-config', { ...config, creditLimitPolicy: 'Approval' });
    const asks = await api<ErrorObject>('POST', `${base(face)}/${second.id}/post`);
    expect(asks.status).toBe(422);
    expect(asks.body.message).toMatch(/needs approval \(submit it to a CustomerInvoiceApproval workflow\)$/);
    await ok('PUT', '/gl/company-config', { ...config, creditLimitPolicy: 'Refuse' });
    expect((await ok<InvoiceView>('GET', `${base(face)}/${second.id}`)).status).toBe('Draft');
  });
});

describe('the tax report', () => {
  it('sums taxable amounts and tax per code and period, input and output, tied to the tax accounts', async () => {
    const report = await ok<TaxReport>('GET', '/gl/tax-report?from=2026-01-01&to=2026-12-31');
    expect(report.rows.length).toBeGreaterThan(0);
    const jan = report.rows.filter((r) => r.period === books.periods.find((p) => p.name === 'Jan 2026')!.name);
    expect(jan.map((r) => r.direction).sort()).toEqual(['input', 'input', 'output', 'output']);
    for (const r of jan) {
      // Every January invoice has 100.00 at each rate: the tax is the rate of the taxable amount.
      const rate = r.taxCode === 'VAT20' ? 20n : 5n;
      const cents = (v: string) => BigInt(v.replace('.', ''));
      expect(cents(r.taxAmount) * 100n).toBe(cents(r.taxable) * rate);
    }
    for (const a of report.accounts) expect(a, a.accountCode).toMatchObject({ tiesOut: true });
    expect(report.accounts.map((a) => a.accountCode).sort()).toEqual(['1400', '2200']);
    expect((await api('GET', '/gl/tax-report?from=2026-12-31&to=2026-01-01')).status).toBe(400);
  });
});
