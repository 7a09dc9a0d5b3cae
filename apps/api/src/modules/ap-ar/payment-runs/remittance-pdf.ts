import { displayAmount, displayDate, type DisplaySettings } from '@erp/contracts';
import { pdfDocument } from '../../../platform/kit/pdf';

/*
 * A party's remittance advice of a payment run (or, for a customer run, its direct-debit advice):
 * laid out from what the service read (RemittancePrint), nothing read here. Portrait A4; the
 * invoices run over as many pages as they need, the column heads repeated on each.
 */

export type RemittancePrint = {
  title: string;
  company: { name: string; details: string[] };
  party: { label: string; code: string; name: string };
  facts: [string, string][];
  intro: string;
  currency: string;
  scale: number;
  /** Amounts as decimal text of the run's currency. */
  lines: { invoice: string; yourReference: string; dueDate: string; discount: string; amount: string }[];
  totals: { discount: string; amount: string };
  display: Pick<DisplaySettings, 'dateFormat' | 'locale'>;
  generatedAt: string;
};

const MARGIN = 40;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const RIGHT = PAGE_W - MARGIN;
const WIDTH = RIGHT - MARGIN;
const ROW_H = 13;
const BOTTOM = PAGE_H - MARGIN - 16;
type Doc = PDFKit.PDFDocument;

const COLS = [
  { key: 'invoice', head: 'Invoice', w: 110, align: 'left' },
  { key: 'yourReference', head: 'Your reference', w: 150, align: 'left' },
  { key: 'dueDate', head: 'Due', w: 70, align: 'left' },
  { key: 'discount', head: 'Discount', w: 80, align: 'right' },
  { key: 'amount', head: 'Paid', w: WIDTH - 110 - 150 - 70 - 80 - 16, align: 'right' },
] as const;

function head(doc: Doc, y: number): number {
  let x = MARGIN;
  doc.font('bold').fontSize(8.5).fillColor('black');
  for (const c of COLS) {
    doc.text(c.head, x, y, { width: c.w, align: c.align, lineBreak: false });
    x += c.w + 4;
  }
  doc.moveTo(MARGIN, y + ROW_H - 3).lineTo(RIGHT, y + ROW_H - 3).lineWidth(0.7).stroke();
  return y + ROW_H + 2;
}

function row(doc: Doc, y: number, cells: Record<(typeof COLS)[number]['key'], string>, bold = false): void {
  let x = MARGIN;
  doc.font(bold ? 'bold' : 'regular').fontSize(8.5).fillColor('black');
  for (const c of COLS) {
    doc.text(cells[c.key], x, y, { width: c.w, align: c.align, lineBreak: false, ellipsis: true });
    x += c.w + 4;
  }
}

/** The advice as a PDF. */
export function remittancePdf(p: RemittancePrint): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({ size: 'A4', layout: 'portrait', margin: MARGIN, info: { Title: `${p.title} · ${p.party.code}`, Author: p.company.name, Creator: 'ERP' } });
  const money = (text: string) => displayAmount(text, p.display, p.scale);
  doc.font('bold').fontSize(18).fillColor('black').text(p.title, MARGIN, MARGIN, { width: WIDTH / 2, lineBreak: false });
  doc.font('bold').fontSize(10).text(p.company.name, MARGIN + WIDTH / 2, MARGIN, { width: WIDTH / 2, align: 'right' });
  doc.font('regular').fontSize(9);
  for (const d of p.company.details) doc.text(d, MARGIN + WIDTH / 2, doc.y, { width: WIDTH / 2, align: 'right' });
  let y = Math.max(doc.y, MARGIN + 30) + 16;
  const top = y;
  doc.font('bold').fontSize(8).fillColor('#808080').text(p.party.label.toUpperCase(), MARGIN, y, { width: WIDTH / 2 });
  doc.font('bold').fontSize(10).fillColor('black').text(p.party.name, MARGIN, doc.y + 2, { width: WIDTH / 2 - 10 });
  doc.font('regular').fontSize(9).text(`${p.party.label} ${p.party.code}`, MARGIN, doc.y + 2, { width: WIDTH / 2 - 10 });
  const leftBottom = doc.y;
  y = top;
  for (const [label, value] of p.facts) {
    doc.font('regular').fontSize(9).fillColor('#595959').text(label, RIGHT - 230, y, { width: 100, lineBreak: false });
    doc.font('bold').fillColor('black').text(value, RIGHT - 130, y, { width: 130, align: 'right', lineBreak: false, ellipsis: true });
    y += 13;
  }
  y = Math.max(leftBottom, y) + 14;
  doc.font('regular').fontSize(9).fillColor('black').text(p.intro, MARGIN, y, { width: WIDTH });
  y = head(doc, doc.y + 8);
  for (const l of p.lines) {
    if (y + ROW_H > BOTTOM) {
      doc.addPage();
      y = head(doc, MARGIN);
    }
    row(doc, y, { invoice: l.invoice, yourReference: l.yourReference, dueDate: displayDate(l.dueDate, p.display), discount: /[1-9]/.test(l.discount) ? money(l.discount) : '', amount: money(l.amount) });
    y += ROW_H;
  }
  if (y + ROW_H * 2 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc.moveTo(MARGIN, y + 1).lineTo(RIGHT, y + 1).lineWidth(0.5).stroke();
  row(doc, y + 5, { invoice: `Total ${p.currency}`, yourReference: `${p.lines.length} invoice${p.lines.length === 1 ? '' : 's'}`, dueDate: '', discount: money(p.totals.discount), amount: money(p.totals.amount) }, true);
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(7).fillColor('#808080');
    doc.text(`${p.company.name} · ${p.title} · ${p.party.code} · Generated ${p.generatedAt}`, MARGIN, PAGE_H - MARGIN + 8, { width: WIDTH - 110, lineBreak: false, ellipsis: true });
    doc.text(`Page ${i + 1} of ${range.count}`, RIGHT - 100, PAGE_H - MARGIN + 8, { width: 100, align: 'right', lineBreak: false });
  }
  doc.end();
  return bytes;
}
