// The printable invoice PDF (issue 15): read back as text, it names the company, the party and its
// address, the number and dates, each line, the tax summary per code, the totals, the due date and
// the remittance (the IBAN to pay a vendor; the reference, or a customer's mandate and the creditor
// id); a draft says DRAFT; many lines run over pages with the heading repeated, all within the margins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faces, type CompanyConfig, type CreditNoteView, type EntityRecord, type ErrorObject, type Face, type InvoiceView } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { openBooks, type Books } from '../ledger/helpers';
import { assertValidPdf, pdfLayout, pdfText } from '../ledger/pdf-text';

type List<T = EntityRecord> = { items: T[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => call<T & ErrorObject>(t.app, tenant.host, method, url, body, admin);
const acct = (code: string) => books.accounts.get(code)!.id;
const tax = {} as Record<'VAT20' | 'VAT5', string>;

async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  expect(res.status, `${method} ${url}: ${res.body?.message}`).toBe(200);
  return res.body;
}
const pdf = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId } });
  return { status: res.statusCode, type: res.headers['content-type'], disposition: res.headers['content-disposition'], body: res.rawPayload };
};
const base = (face: Face, credit = false) => `/${face.service}/${face.partyWord}-${credit ? 'credit-notes' : 'invoices'}`;
const lineAccount = (face: Face) => acct(face.side === 'payables' ? '6100' : '4000');
/** 100.00 at 20% and 2 × 50.00 at 5% less 10%: net 190.00, tax 24.50, gross 214.50. */
const twoRates = (face: Face) => [
  { account: lineAccount(face), description: 'Standard rated consulting', quantity: '1', unitPrice: '100', tax: tax.VAT20 },
  { account: lineAccount(face), description: 'Reduced rated books', quantity: '2', unitPrice: '50', discountPercent: '10', tax: tax.VAT5 },
];

async function partyOf(face: Face, code: string, extra: object = {}): Promise<string> {
  const group = (await api<List>('GET', `/${face.service}/${face.partyWord}-groups?limit=50&filter=${encodeURIComponent(JSON.stringify({ code: 'LOCAL' }))}`)).body.items[0]!;
  const address = await ok<EntityRecord>('POST', `/ap/addresses`, { code: `${code}-BILL`, name: 'Billing', street1: '12 Harbour Road', city: 'Hamburg', postalCode: '20095', country: 'DE' });
  return (await ok<EntityRecord>('POST', `/${face.service}/${face.partyWord}s`, { code, name: `${face.partyLabel} ${code} GmbH`, group: group.id, taxNumber: 'DE123456789', billingAddress: address.id, ...extra })).id;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'APPDF'));
  books = await openBooks(t, tenant, admin);
  tax.VAT20 = (await ok<EntityRecord>('POST', '/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', inputAccount: acct('1400'), outputAccount: acct('2200') })).id;
  tax.VAT5 = (await ok<EntityRecord>('POST', '/gl/taxes', { code: 'VAT5', name: 'VAT 5%', rate: '5', kind: 'Both', inputAccount: acct('1400'), outputAccount: acct('2200') })).id;
  const config = await ok<CompanyConfig>('GET', '/gl/company-config');
  await ok('PUT', '/gl/company-config', { ...config, sepaCreditorId: 'DE98ZZZ09999999999' });
});
afterAll(() => t.close());

/** The text runs of the whole file, in drawing order. */
const textOf = (body: Buffer) => pdfText(body).flat();

describe('the printable invoice PDF', () => {
  it('prints a posted customer invoice: number, lines, tax summary per code, totals, due date and the reference to pay with', async () => {
    const face = faces.receivables;
    const customer = await partyOf(face, 'C-PDF');
    const draft = await ok<InvoiceView>('POST', base(face), { party: customer, documentDate: '2026-01-31', description: 'January services', reference: 'PO-77', lines: twoRates(face) });
    expect(draft).toMatchObject({ totalNet: '190.00', totalTax: '24.50', totalGross: '214.50' });
    const posted = await ok<InvoiceView>('POST', `${base(face)}/${draft.id}/post`);
    const file = await pdf(`${base(face)}/${posted.id}/pdf`);
    expect([file.status, file.type]).toEqual([200, 'application/pdf']);
    expect(file.disposition).toBe(`inline; filename="customer-invoice-${posted.number}.pdf"`);
    assertValidPdf(file.body);
    const text = textOf(file.body);
    expect(text[0]).toBe('Invoice');
    expect(text).not.toContain('DRAFT');
    expect(text).toEqual(expect.arrayContaining(['Customer C-PDF GmbH', '12 Harbour Road', '20095 Hamburg', 'DE', 'Customer C-PDF · Tax number DE123456789']));
    const at = (label: string) => text[text.indexOf(label) + 1];
    expect(at('Number')).toBe(posted.number);
    expect(at('Date')).toBe('31/01/26');
    expect(at('Due date')).toBe('02/03/26');
    expect(at('Reference')).toBe('PO-77');
    // The lines: number, description, quantity, unit price, discount, tax code, net.
    const line1 = text.indexOf('Standard rated consulting');
    expect(text.slice(line1 - 1, line1 + 5)).toEqual(['1', 'Standard rated consulting', '1', '100.00', 'VAT20', '100.00']);
    const line2 = text.indexOf('Reduced rated books');
    expect(text.slice(line2 - 1, line2 + 6)).toEqual(['2', 'Reduced rated books', '2', '50.00', '10%', 'VAT5', '90.00']);
    // The tax summary per code: rate, taxable, tax.
    const summary = text.indexOf('Tax summary');
    expect(summary).toBeGreaterThan(line2);
    expect(text.slice(summary + 5, summary + 13)).toEqual(['VAT20', '20%', '100.00', '20.00', 'VAT5', '5%', '90.00', '4.50']);
    // The totals.
    expect(text.slice(text.indexOf('Net', summary), text.indexOf('Net', summary) + 6)).toEqual(['Net', '190.00', 'Tax', '24.50', 'Total USD', '214.50']);
    expect(text).toContain(`Please pay 214.50 USD to ${text[1]} by 02/03/26, quoting reference ${posted.number}.`);
    expect(text.some((s) => /^Page 1 of 1$/.test(s))).toBe(true);
  });

  it('says DRAFT on a draft, which has no number yet', async () => {
    const face = faces.payables;
    const vendor = await partyOf(face, 'V-PDF', { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' });
    const draft = await ok<InvoiceView>('POST', base(face), { party: vendor, documentDate: '2026-02-10', description: 'Stock', partyDocumentNumber: 'SUP-991', lines: twoRates(face) });
    const file = await pdf(`${base(face)}/${draft.id}/pdf?download=true`);
    expect(file.status).toBe(200);
    expect(file.disposition).toMatch(/^attachment; filename="vendor-invoice-draft-[0-9a-f]{8}\.pdf"$/);
    const text = textOf(file.body);
    expect(text[0]).toBe('Vendor invoice · DRAFT');
    expect(text).toContain('DRAFT');
    expect(text[text.indexOf('Number') + 1]).toBe('Draft (not numbered)');
    expect(text[text.indexOf("Vendor's invoice no.") + 1]).toBe('SUP-991');
    // A vendor is paid to its own account, quoting its invoice number.
    expect(text).toContain('Pay 214.50 USD to Vendor V-PDF GmbH by 12/03/26, quoting their invoice SUP-991.');
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX');
  });

  it("prints a direct-debit customer's mandate and the company's creditor identifier, and a credit note of an invoice", async () => {
    const face = faces.receivables;
    const customer = await partyOf(face, 'C-DD', { mandateReference: 'MANDATE-42', mandateSignedOn: '2026-01-15', mandateSequence: 'Recurring' });
    const posted = await ok<InvoiceView>('POST', `${base(face)}/${(await ok<InvoiceView>('POST', base(face), { party: customer, documentDate: '2026-01-31', description: 'Subscription', lines: twoRates(face) })).id}/post`);
    const text = textOf((await pdf(`${base(face)}/${posted.id}/pdf`)).body);
    expect(text).toContain('214.50 USD will be collected by SEPA direct debit on or after 02/03/26.');
    expect(text).toContain('Mandate reference MANDATE-42 signed on 15/01/26 · Creditor identifier DE98ZZZ09999999999');
    const credit = await ok<CreditNoteView>('POST', base(face, true), { party: customer, invoice: posted.id, documentDate: '2026-02-05', description: 'Returned books', lines: [twoRates(face)[1]!] });
    const creditFile = await pdf(`${base(face, true)}/${credit.id}/pdf`);
    expect(creditFile.status).toBe(200);
    const creditText = textOf(creditFile.body);
    expect(creditText[0]).toBe('Credit note · DRAFT');
    expect(creditText[creditText.indexOf('Credits invoice') + 1]).toBe(posted.number);
    expect(creditText).toContain(`This credit note reduces what is owed on invoice ${posted.number} by 94.50 USD.`);
  });

  it('runs many lines over pages, repeating the heading and the column heads, everything within the margins', async () => {
    const face = faces.payables;
    const vendor = await partyOf(face, 'V-MANY');
    const lines = Array.from({ length: 120 }, (_, i) => ({ account: lineAccount(face), description: `Item ${i + 1}${i % 7 === 0 ? ' with a description long enough to wrap onto a second line of the description column, which it must not overrun' : ''}`, quantity: '3', unitPrice: '1.25', tax: i % 2 ? tax.VAT5 : tax.VAT20 }));
    const posted = await ok<InvoiceView>('POST', `${base(face)}/post`, { party: vendor, documentDate: '2026-03-01', description: 'Many lines', lines });
    const file = await pdf(`${base(face)}/${posted.id}/pdf`);
    expect(file.status).toBe(200);
    const pages = pdfText(file.body);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toContain('Description');
      expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(page[0]).toBe(`Vendor invoice ${posted.number}`);
    });
    const all = pages.flat();
    for (let n = 1; n <= 120; n++) expect(all.some((s) => s === `Item ${n}` || s.startsWith(`Item ${n} with`))).toBe(true);
    expect(all[all.indexOf('Total USD') + 1]).toBe(Number(posted.totalGross).toLocaleString('en-GB', { minimumFractionDigits: 2 }));
    const margin = 40;
    for (const page of pdfLayout(file.body)) {
      for (const run of page.runs) {
        expect(run.x, run.text).toBeGreaterThanOrEqual(margin - 0.01);
        expect(run.right, run.text).toBeLessThanOrEqual(page.width - margin + 0.01);
        expect(run.y, run.text).toBeGreaterThan(margin - 20);
      }
      for (const r of page.rules) for (const x of [r.x1, r.x2]) expect(x).toBeLessThanOrEqual(page.width - margin + 0.01);
    }
  });

  it("does not print another face's document or an unknown one", async () => {
    const face = faces.receivables;
    const customer = await partyOf(face, 'C-OTHER');
    const invoice = await ok<InvoiceView>('POST', base(face), { party: customer, documentDate: '2026-01-31', description: 'x', lines: twoRates(face) });
    expect((await pdf(`${base(faces.payables)}/${invoice.id}/pdf`)).status).toBe(404);
    expect((await pdf(`${base(face, true)}/${invoice.id}/pdf`)).status).toBe(404);
    expect((await pdf(`${base(face)}/not-a-uuid/pdf`)).status).toBe(400);
  });
});

describe('the company on its documents', () => {
  it('prints the address, tax number and bank account of /company-config in the header, and the bank account to pay a customer invoice into', async () => {
    const config = await ok<CompanyConfig>('GET', '/gl/company-config');
    const bad = await api<ErrorObject>('PUT', '/gl/company-config', { ...config, iban: 'DE89 3704 0044 0532 0130 01' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Not a valid IBAN/);
    expect((await api<ErrorObject>('PUT', '/gl/company-config', { ...config, bic: 'NOTABIC' })).status).toBe(400);
    const saved = await ok<CompanyConfig>('PUT', '/gl/company-config', {
      ...config, address: 'Hafenstrasse 1\n20457 Hamburg\nGermany', taxNumber: 'DE811234567', bankName: 'Hamburger Sparkasse', iban: 'de89 3704 0044 0532 0130 00', bic: 'hasPdehhxxx',
    });
    expect(saved).toMatchObject({ iban: 'DE89370400440532013000', bic: 'HASPDEHHXXX', taxNumber: 'DE811234567', sepaCreditorId: 'DE98ZZZ09999999999' });
    const face = faces.receivables;
    const customer = await partyOf(face, 'C-BANK');
    const posted = await ok<InvoiceView>('POST', `${base(face)}/post`, { party: customer, documentDate: '2026-03-31', description: 'March services', lines: twoRates(face) });
    const text = textOf((await pdf(`${base(face)}/${posted.id}/pdf`)).body);
    expect(text).toEqual(expect.arrayContaining(['Hafenstrasse 1', '20457 Hamburg', 'Germany', 'Tax number DE811234567', 'IBAN DE89 3704 0044 0532 0130 00 · BIC HASPDEHHXXX · Hamburger Sparkasse']));
    const pay = text.findIndex((s) => s.startsWith('Please pay 214.50 USD to'));
    expect(text[pay + 1]).toBe('IBAN DE89 3704 0044 0532 0130 00 · BIC HASPDEHHXXX · Hamburger Sparkasse');
    await ok('PUT', '/gl/company-config', { ...saved, address: null, taxNumber: null, bankName: null, iban: null, bic: null });
  });
});
