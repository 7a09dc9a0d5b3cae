import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_DATE_FORMAT, displayAmount, displayDate, type Face } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { companies } from '../../organisation/index';
import { addresses, faceTables } from '../parties.tables';
import { viewInvoice } from './invoices-read.service';

/*
 * The printable invoice (issue 15): what a customer could receive, or a vendor invoice as entered.
 * The company's header, the party and its billing address, the dates and references, the lines,
 * the totals, the tax summary, the due dates (the terms) and how to pay (the remittance details).
 * Dates and amounts in the company's formats (displayDate, displayAmount).
 */

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const montserrat = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('@fontsource/montserrat/files/montserrat-latin-400-normal.woff')),
    bold: readFileSync(require.resolve('@fontsource/montserrat/files/montserrat-latin-700-normal.woff')),
  });

const MARGIN = 48;
const PAGE_W = 595.28;
const RIGHT = PAGE_W - MARGIN;
const ROW_H = 15;
/** Description, quantity, unit price, discount, tax, net: from the left margin; amounts right-aligned. */
const COLS = [
  { key: 'description', title: 'Description', x: MARGIN, w: 190, right: false },
  { key: 'quantity', title: 'Qty', x: MARGIN + 194, w: 46, right: true },
  { key: 'unitPrice', title: 'Unit price', x: MARGIN + 244, w: 70, right: true },
  { key: 'discount', title: 'Disc. %', x: MARGIN + 318, w: 40, right: true },
  { key: 'tax', title: 'Tax', x: MARGIN + 362, w: 45, right: false },
  { key: 'net', title: 'Net', x: MARGIN + 411, w: RIGHT - (MARGIN + 411), right: true },
] as const;

export type InvoicePdf = { fileName: string; body: Buffer };

export async function invoicePdf(tx: Tx, scope: KitScope, face: Face, id: string): Promise<InvoicePdf> {
  const v = await viewInvoice(tx, scope, face, id);
  const [company] = await tx.select({ code: companies.code, description: companies.description, dateFormat: companies.dateFormat, locale: companies.locale }).from(companies).where(and(eq(companies.tenantId, scope.tenantId), eq(companies.companyId, scope.companyId)));
  const party = faceTables[face.side].party;
  const [p] = await tx.select({ billing: party.billingAddress, taxNumber: party.taxNumber, iban: party.iban, bic: party.bic }).from(party).where(and(eq(party.tenantId, scope.tenantId), eq(party.id, v.party)));
  const [address] = p?.billing ? await tx.select().from(addresses).where(and(eq(addresses.tenantId, scope.tenantId), eq(addresses.id, p.billing))) : [];
  const display = { dateFormat: company?.dateFormat ?? DEFAULT_DATE_FORMAT, locale: company?.locale ?? 'en-GB' };
  const date = (d: string | null) => displayDate(d, display);
  const money = (a: string) => displayAmount(a, display);
  const title = `${face.partyLabel} invoice ${v.number ?? '(draft)'}`;
  const companyName = company?.description ?? company?.code ?? '';

  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: title, Author: companyName, Creator: 'ERP' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const f = montserrat();
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);

  // The company's header and the document's title.
  doc.font('bold').fontSize(14).text(companyName, MARGIN, MARGIN);
  doc.font('bold').fontSize(18).text(title, MARGIN, MARGIN, { width: RIGHT - MARGIN, align: 'right' });
  doc.moveDown(1.5);
  const top = doc.y;
  // The party and its address, left; the dates and references, right.
  doc.font('bold').fontSize(9).text(face.side === 'receivables' ? 'Bill to' : 'Vendor', MARGIN, top);
  doc.font('regular').text(`${v.partyName} (${v.partyCode})`);
  if (address) for (const l of [address.street1, address.street2, address.street3, [address.postalCode, address.city].filter(Boolean).join(' '), address.region, address.country]) if (l) doc.text(l);
  if (p?.taxNumber) doc.text(`Tax number ${p.taxNumber}`);
  const facts: [string, string][] = [
    ['Document date', date(v.documentDate)], ['Posting date', date(v.postingDate)], ['Currency', v.currency],
    ...(v.partyDocumentNumber ? [[face.side === 'payables' ? "Vendor's invoice number" : 'Your reference', v.partyDocumentNumber] as [string, string]] : []),
    ...(v.reference ? [['Reference', v.reference] as [string, string]] : []),
  ];
  let fy = top;
  for (const [k, val] of facts) {
    doc.font('bold').fontSize(9).text(k, MARGIN + 280, fy, { width: 100, lineBreak: false });
    doc.font('regular').text(val, MARGIN + 380, fy, { width: RIGHT - (MARGIN + 380), align: 'right', lineBreak: false });
    fy += 13;
  }
  doc.y = Math.max(doc.y, fy) + 10;
  doc.font('regular').fontSize(9).text(v.description, MARGIN, doc.y, { width: RIGHT - MARGIN });
  doc.moveDown();

  // The lines, their header repeated on each page.
  const header = (y: number) => {
    doc.font('bold').fontSize(8.5).fillColor('black');
    for (const c of COLS) doc.text(c.title, c.x, y, { width: c.w, align: c.right ? 'right' : 'left', lineBreak: false });
    doc.moveTo(MARGIN, y + ROW_H - 4).lineTo(RIGHT, y + ROW_H - 4).lineWidth(0.7).stroke();
    return y + ROW_H;
  };
  let y = header(doc.y);
  const bottom = doc.page.height - MARGIN - 20;
  doc.font('regular').fontSize(8.5);
  for (const l of v.lines) {
    if (y + ROW_H > bottom) {
      doc.addPage();
      y = header(MARGIN);
      doc.font('regular').fontSize(8.5);
    }
    const cells: Record<(typeof COLS)[number]['key'], string> = {
      description: l.description ?? l.accountCode ?? '', quantity: l.quantity.includes('.') ? l.quantity.replace(/0+$/, '').replace(/\.$/, '') : l.quantity, unitPrice: money(l.unitPrice),
      discount: l.discountPercent === '0' || Number(l.discountPercent) === 0 ? '' : l.discountPercent, tax: l.taxCode ?? '', net: money(l.net),
    };
    for (const c of COLS) doc.text(cells[c.key], c.x, y, { width: c.w, align: c.right ? 'right' : 'left', lineBreak: false, ellipsis: true });
    y += ROW_H;
  }
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.5).stroke();
  y += 6;

  // Totals and the tax summary.
  const total = (label: string, value: string, bold = false) => {
    if (y + ROW_H > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font(bold ? 'bold' : 'regular').fontSize(9).text(label, MARGIN + 280, y, { width: 140, lineBreak: false });
    doc.text(value, MARGIN + 420, y, { width: RIGHT - (MARGIN + 420), align: 'right', lineBreak: false });
    y += ROW_H;
  };
  total('Net', money(v.totalNet));
  for (const s of v.taxSummary) total(`Tax ${s.taxCode} on ${money(s.taxable)}`, money(s.taxAmount));
  total(`Total ${v.currency}`, money(v.totalGross), true);
  y += 8;

  // The terms: each due date, its amount, an early-payment discount; then how to pay.
  doc.font('bold').fontSize(9).text('Payment terms', MARGIN, y);
  doc.font('regular');
  for (const i of v.instalments) {
    const discount = i.discountDate && i.discountAmount !== '0.00' ? ` (less ${money(i.discountAmount)} if paid by ${date(i.discountDate)})` : '';
    doc.text(`${money(i.amount)} ${v.currency} due ${date(i.dueDate)}${discount}`);
  }
  doc.moveDown(0.5);
  doc.font('bold').text('Remittance', MARGIN);
  doc.font('regular');
  if (face.side === 'receivables') doc.text(`Please pay to ${companyName}, quoting ${v.number ?? 'the invoice number'}.`);
  else doc.text(`To be paid to ${v.partyName}${p?.iban ? `, IBAN ${p.iban}${p.bic ? ` BIC ${p.bic}` : ''}` : ''}, quoting ${v.partyDocumentNumber ?? v.number ?? 'the invoice'}.`);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(7).fillColor('#808080');
    doc.text(`${companyName} · ${title}`, MARGIN, doc.page.height - MARGIN + 10, { lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, RIGHT - 100, doc.page.height - MARGIN + 10, { width: 100, align: 'right', lineBreak: false });
  }
  doc.end();
  return { fileName: `${face.partyWord}-invoice-${v.number ?? v.id}.pdf`, body: await done };
}

