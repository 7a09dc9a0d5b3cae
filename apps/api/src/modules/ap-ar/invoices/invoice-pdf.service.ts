import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_DATE_FORMAT, looksLikeIban, displayAmount, displayDate, displayDateTime, type CreditNoteView, type Face, type InvoiceView } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { companies } from '../../organisation/index';
import { companySettings, taxes } from '../../ledger/index';
import { addresses, faceTables } from '../parties.tables';
import { currencyFacts, paymentTermOf } from './invoice-facts';
import { invoicePdf, trimDecimal, type InvoicePrint } from './invoice-pdf';
import { viewCreditNote, viewInvoice } from './invoices-read.service';

export type PdfFile = { fileName: string; body: Buffer };

/** An IBAN as printed: groups of four. */
const ibanGroups = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

type AddressRow = typeof addresses.$inferSelect;
const addressLines = (a: AddressRow | undefined): string[] =>
  a ? [a.street1, a.street2, a.street3, [a.postalCode, a.city].filter(Boolean).join(' '), [a.region, a.country].filter(Boolean).join(', ')].filter((l): l is string => !!l && l.trim() !== '') : [];

/**
 * What the printed document needs beyond its view: the company (name, address, tax number, bank
 * account and creditor identifier, from /company-config), the
 * party's tax number, billing and remittance addresses, bank details and mandate, its payment term's
 * words and the rates of the tax codes; then the layout (invoice-pdf.ts). Both faces, invoices and
 * credit notes alike.
 */
export async function invoicePdfFile(tx: Tx, scope: KitScope, face: Face, credit: boolean, id: string, now: Date): Promise<PdfFile> {
  const view: InvoiceView | CreditNoteView = credit ? await viewCreditNote(tx, scope, face, id) : await viewInvoice(tx, scope, face, id);
  const [company] = await tx.select({ code: companies.code, description: companies.description, dateFormat: companies.dateFormat, locale: companies.locale }).from(companies)
    .where(and(eq(companies.tenantId, scope.tenantId), eq(companies.companyId, scope.companyId)));
  const [settings] = await tx
    .select({ sepaCreditorId: companySettings.sepaCreditorId, address: companySettings.address, taxNumber: companySettings.taxNumber, bankName: companySettings.bankName, iban: companySettings.iban, bic: companySettings.bic })
    .from(companySettings)
    .where(and(eq(companySettings.tenantId, scope.tenantId), eq(companySettings.companyId, scope.companyId)));
  const t = faceTables[face.side];
  const [party] = await tx.select().from(t.party).where(and(eq(t.party.companyId, scope.companyId), eq(t.party.id, view.party)));
  const addressIds = [party?.billingAddress, party?.remittanceAddress].filter((a): a is string => !!a);
  const addressRows = addressIds.length ? await tx.select().from(addresses).where(and(eq(addresses.companyId, scope.companyId), inArray(addresses.id, addressIds))) : [];
  const addressOf = (addressId: string | null | undefined) => addressRows.find((a) => a.id === addressId);
  const term = view.kind === 'Invoice' && party ? await paymentTermOf(tx, scope, face, party.paymentTerm ?? (await groupTerm(tx, face, party.group))) : null;
  const taxIds = view.taxSummary.map((s) => s.tax);
  const rates = new Map(taxIds.length ? (await tx.select({ id: taxes.id, rate: taxes.rate }).from(taxes).where(inArray(taxes.id, taxIds))).map((r) => [r.id, r.rate]) : []);
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[view.currency] ?? 2;
  const display = { dateFormat: company?.dateFormat ?? DEFAULT_DATE_FORMAT, locale: company?.locale ?? 'en-GB', timeZone: 'UTC' };
  const date = (iso: string | null) => displayDate(iso, display);
  const money = (text: string) => `${displayAmount(text, display, scale)} ${view.currency}`;

  const companyName = company ? company.description : '';
  const draft = view.status === 'Draft';
  const kindWord = view.kind === 'Invoice' ? 'invoice' : view.kind === 'Reversal' ? 'reversal' : 'credit note';
  const title = face.side === 'receivables' ? (view.kind === 'Invoice' ? 'Invoice' : view.kind === 'Reversal' ? 'Reversal' : 'Credit note') : `Vendor ${kindWord}`;
  const creditView = 'invoiceNumber' in view ? view : null;

  const facts: [string, string][] = [
    ['Number', view.number ?? 'Draft (not numbered)'],
    ['Date', date(view.documentDate)],
    ['Posting date', date(view.postingDate)],
  ];
  const firstDue = view.instalments[0]?.dueDate;
  if (view.kind === 'Invoice' && firstDue) facts.push([view.instalments.length > 1 ? 'First due date' : 'Due date', date(firstDue)]);
  if (creditView?.invoiceNumber) facts.push([`Credits invoice`, creditView.invoiceNumber]);
  if (view.partyDocumentNumber) facts.push([face.side === 'payables' ? "Vendor's invoice no." : 'Your reference', view.partyDocumentNumber]);
  if (view.reference) facts.push(['Reference', view.reference]);
  facts.push(['Currency', view.currency]);

  // Who pays whom, and with which reference: on a customer invoice, the company is paid (by debit
  // when the customer has a mandate); on a vendor invoice, the vendor is, to its own account.
  const remittance: string[] = [];
  const reference = view.number ?? '(the invoice number, once posted)';
  if (view.kind !== 'Invoice') {
    remittance.push(creditView?.invoiceNumber ? `This ${kindWord} reduces what is owed on invoice ${creditView.invoiceNumber} by ${money(view.totalGross)}.` : `This ${kindWord} of ${money(view.totalGross)} is set against the ${face.partyWord}'s open invoices.`);
  } else if (face.side === 'receivables') {
    const mandate = party && 'mandateReference' in party ? (party.mandateReference as string | null) : null;
    if (mandate) {
      const signed = 'mandateSignedOn' in party! && party.mandateSignedOn ? ` signed on ${date(party.mandateSignedOn as string)}` : '';
      remittance.push(`${money(view.totalGross)} will be collected by SEPA direct debit${firstDue ? ` on or after ${date(firstDue)}` : ''}.`);
      remittance.push(`Mandate reference ${mandate}${signed} · Creditor identifier ${settings?.sepaCreditorId ?? '(not set)'}`);
    } else {
      remittance.push(`Please pay ${money(view.totalGross)} to ${companyName}${firstDue ? ` by ${date(firstDue)}` : ''}, quoting reference ${reference}.`);
      const bank = companyBank(settings);
      if (bank) remittance.push(bank);
    }
  } else {
    remittance.push(`Pay ${money(view.totalGross)} to ${party?.name ?? view.partyName}${firstDue ? ` by ${date(firstDue)}` : ''}, quoting ${view.partyDocumentNumber ? `their invoice ${view.partyDocumentNumber}` : `reference ${reference}`}.`);
    if (party?.iban) remittance.push(`IBAN ${ibanGroups(party.iban)}${party.bic ? ` · BIC ${party.bic}` : ''}`);
    const remit = addressLines(addressOf(party?.remittanceAddress));
    if (remit.length) remittance.push(`Remittance address: ${remit.join(', ')}`);
  }

  const print: InvoicePrint = {
    title, number: view.number, draft,
    company: { name: companyName, details: companyDetails(company?.code, settings) },
    party: { label: face.partyLabel, code: view.partyCode, name: view.partyName, taxNumber: party?.taxNumber ?? null, address: addressLines(addressOf(party?.billingAddress)) },
    facts, currency: view.currency, scale, description: view.description,
    lines: view.lines.map((l) => ({ lineNo: l.lineNo, description: l.description ?? '', quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discountPercent, taxCode: l.taxCode ?? '', net: l.net })),
    taxSummary: view.taxSummary.map((s) => ({ taxCode: s.taxCode, rate: rates.has(s.tax) ? trimDecimal(String(rates.get(s.tax))) : null, taxable: s.taxable, tax: s.taxAmount })),
    totals: { net: view.totalNet, tax: view.totalTax, gross: view.totalGross },
    instalments: view.kind === 'Invoice' ? view.instalments.map((i) => ({ dueDate: i.dueDate, amount: i.amount, discountDate: i.discountDate, discountAmount: i.discountAmount })) : [],
    terms: term ? `${term.code} · ${term.description}` : null,
    remittance,
    display,
    generatedAt: `${displayDateTime(now, display)} UTC`,
  };
  const name = `${face.partyWord}-${kindWord.replace(' ', '-')}-${view.number ?? `draft-${view.id.slice(0, 8)}`}.pdf`.replace(/[^\w.-]+/g, '_');
  return { fileName: name, body: await invoicePdf(print) };
}

type CompanyDocumentSettings = { address: string | null; taxNumber: string | null; bankName: string | null; iban: string | null; bic: string | null } | undefined;

/** Where the company is paid, as a remittance line: IBAN (or account) in groups of four, BIC, bank; null when none is set. */
function companyBank(s: CompanyDocumentSettings): string | null {
  if (!s?.iban) return null;
  return [looksLikeIban(s.iban) ? `IBAN ${ibanGroups(s.iban)}` : `Account ${s.iban}`, s.bic ? `BIC ${s.bic}` : null, s.bankName].filter(Boolean).join(' · ');
}

/** The header's lines under the company's name: its address, tax number, bank account, else its code. */
function companyDetails(code: string | undefined, s: CompanyDocumentSettings): string[] {
  const lines = (s?.address ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (s?.taxNumber) lines.push(`Tax number ${s.taxNumber}`);
  const bank = companyBank(s);
  if (bank) lines.push(bank);
  return lines.length ? lines : code ? [`Company ${code}`] : [];
}

async function groupTerm(tx: Tx, face: Face, groupId: string): Promise<string | null> {
  const g = faceTables[face.side].group;
  const [row] = await tx.select({ term: g.paymentTerm }).from(g).where(eq(g.id, groupId));
  return row?.term ?? null;
}
