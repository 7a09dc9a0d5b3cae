import { displayAmount, displayDate, type DisplaySettings } from '@erp/contracts';
import { pdfDocument } from '../../../platform/kit/pdf';

/**
 * The printable invoice or credit note (issue 15): one layout for both faces, laid out from what
 * the service read (InvoicePrint), nothing read here. Portrait A4 within its margins; the lines run
 * over as many pages as they need, each page repeating the document's heading and the lines' column
 * heads; then the tax summary, the totals, the due dates, the terms and the remittance details.
 */

/** Everything the page shows, as the service read it: amounts as decimal text of the document's currency. */
export type InvoicePrint = {
  title: string;
  number: string | null;
  draft: boolean;
  company: { name: string; details: string[] };
  party: { label: string; code: string; name: string; taxNumber: string | null; address: string[] };
  /** Label and value pairs beside the party: number, dates, references. */
  facts: [string, string][];
  currency: string;
  scale: number;
  description: string;
  lines: { lineNo: number; description: string; quantity: string; unitPrice: string; discountPercent: string; taxCode: string; net: string }[];
  taxSummary: { taxCode: string; rate: string | null; taxable: string; tax: string }[];
  totals: { net: string; tax: string; gross: string };
  instalments: { dueDate: string; amount: string; discountDate: string | null; discountAmount: string }[];
  terms: string | null;
  remittance: string[];
  display: Pick<DisplaySettings, 'dateFormat' | 'locale'>;
  generatedAt: string;
};

const MARGIN = 40;
/** Portrait A4 (595.28 x 841.89 pt). */
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const RIGHT = PAGE_W - MARGIN;
const WIDTH = RIGHT - MARGIN;
const SIZE = 8.5;
const ROW_H = 13;
const GAP = 4;
/** Where content stops: the footer sits below it, inside the bottom margin. */
const BOTTOM = PAGE_H - MARGIN - 16;

type Doc = PDFKit.PDFDocument;
type Col = { key: 'lineNo' | 'description' | 'quantity' | 'unitPrice' | 'discount' | 'taxCode' | 'net'; head: string; w: number; align: 'left' | 'right' };

/** The lines' columns, fixed widths but the description's, which takes what is left between the margins. */
const FIXED: Col[] = [
  { key: 'lineNo', head: '#', w: 18, align: 'right' },
  { key: 'description', head: 'Description', w: 0, align: 'left' },
  { key: 'quantity', head: 'Quantity', w: 52, align: 'right' },
  { key: 'unitPrice', head: 'Unit price', w: 72, align: 'right' },
  { key: 'discount', head: 'Discount', w: 44, align: 'right' },
  { key: 'taxCode', head: 'Tax', w: 52, align: 'right' },
  { key: 'net', head: 'Net', w: 82, align: 'right' },
];
const COLS: (Col & { x: number })[] = (() => {
  const fixed = FIXED.reduce((s, c) => s + c.w, 0) + GAP * (FIXED.length - 1);
  let x = MARGIN;
  return FIXED.map((c) => {
    const col = { ...c, w: c.key === 'description' ? WIDTH - fixed : c.w, x };
    x += col.w + GAP;
    return col;
  });
})();

/** Decimal text without trailing zeros past `keep` places: 2.000000 → 2, 12.5000 → 12.50 (keep 2). */
export function trimDecimal(text: string, keep = 0): string {
  const [whole, frac = ''] = text.split('.');
  let f = frac.replace(/0+$/, '');
  if (f.length < keep) f = f.padEnd(keep, '0');
  return f ? `${whole}.${f}` : whole!;
}

const isZero = (text: string) => !/[1-9]/.test(text);

function cellsOf(l: InvoicePrint['lines'][number], p: InvoicePrint): Record<Col['key'], string> {
  return {
    lineNo: String(l.lineNo),
    description: l.description,
    quantity: displayAmount(trimDecimal(l.quantity), p.display, 0),
    unitPrice: displayAmount(trimDecimal(l.unitPrice, p.scale), p.display, p.scale),
    discount: isZero(l.discountPercent) ? '' : `${displayAmount(trimDecimal(l.discountPercent), p.display, 0)}%`,
    taxCode: l.taxCode,
    net: displayAmount(l.net, p.display, p.scale),
  };
}

/** The document's heading on a page after the first: what it is, its number and party, in one line. */
function continuationHeading(doc: Doc, p: InvoicePrint): number {
  doc.font('bold').fontSize(10).fillColor('black').text(`${p.title} ${p.number ?? ''}`.trim(), MARGIN, MARGIN, { width: WIDTH / 2, lineBreak: false });
  doc.font('regular').fontSize(9).text(`${p.company.name} · ${p.party.label} ${p.party.code} ${p.party.name}`, MARGIN + WIDTH / 2, MARGIN + 1, { width: WIDTH / 2, align: 'right', lineBreak: false, ellipsis: true });
  if (p.draft) draftMark(doc);
  return MARGIN + 22;
}

function draftMark(doc: Doc): void {
  doc.save();
  doc.font('bold').fontSize(90).fillColor('#cf1322').fillOpacity(0.12);
  doc.rotate(-35, { origin: [PAGE_W / 2, PAGE_H / 2] });
  doc.text('DRAFT', MARGIN, PAGE_H / 2 - 45, { width: WIDTH, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1).fillColor('black');
}

function tableHead(doc: Doc, y: number): number {
  doc.font('bold').fontSize(SIZE).fillColor('black');
  for (const c of COLS) doc.text(c.head, c.x, y, { width: c.w, align: c.align, lineBreak: false });
  doc.moveTo(MARGIN, y + ROW_H - 3).lineTo(RIGHT, y + ROW_H - 3).lineWidth(0.7).stroke();
  return y + ROW_H + 2;
}

/** The first page's heading: title, company, party and the document's facts. Returns where the lines start. */
function firstHeading(doc: Doc, p: InvoicePrint): number {
  const half = WIDTH / 2 - 10;
  doc.font('bold').fontSize(18).fillColor('black').text(p.draft ? `${p.title} · DRAFT` : p.title, MARGIN, MARGIN, { width: half, lineBreak: false });
  doc.font('bold').fontSize(10).text(p.company.name, MARGIN + WIDTH / 2, MARGIN, { width: WIDTH / 2, align: 'right' });
  doc.font('regular').fontSize(9);
  for (const d of p.company.details) doc.text(d, MARGIN + WIDTH / 2, doc.y, { width: WIDTH / 2, align: 'right' });
  let y = Math.max(doc.y, MARGIN + 30) + 16;
  // The party on the left, the facts on the right.
  const top = y;
  doc.font('bold').fontSize(8).fillColor('#808080').text(p.party.label.toUpperCase(), MARGIN, y, { width: half });
  doc.font('bold').fontSize(10).fillColor('black').text(p.party.name, MARGIN, doc.y + 2, { width: half });
  doc.font('regular').fontSize(9);
  for (const line of p.party.address) doc.text(line, MARGIN, doc.y, { width: half });
  doc.text(`${p.party.label} ${p.party.code}${p.party.taxNumber ? ` · Tax number ${p.party.taxNumber}` : ''}`, MARGIN, doc.y + 2, { width: half });
  const leftBottom = doc.y;
  y = top;
  const labelW = 110;
  const x = RIGHT - half;
  for (const [label, value] of p.facts) {
    doc.font('regular').fontSize(9).fillColor('#595959').text(label, x, y, { width: labelW, lineBreak: false });
    doc.font('bold').fillColor('black').text(value, x + labelW, y, { width: half - labelW, align: 'right', lineBreak: false, ellipsis: true });
    y += 13;
  }
  y = Math.max(leftBottom, y) + 12;
  if (p.description) {
    doc.font('regular').fontSize(9).fillColor('black').text(p.description, MARGIN, y, { width: WIDTH });
    y = doc.y + 8;
  }
  if (p.draft) draftMark(doc);
  return y;
}

function footers(doc: Doc, p: InvoicePrint): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Below the bottom margin: without this, pdfkit would break to a new page for the footer.
    doc.page.margins.bottom = 0;
    const y = PAGE_H - MARGIN + 8;
    doc.font('regular').fontSize(7).fillColor('#808080');
    doc.text(`${p.company.name} · ${p.title} ${p.number ?? '(draft)'} · Generated ${p.generatedAt}`, MARGIN, y, { width: WIDTH - 110, lineBreak: false, ellipsis: true });
    doc.text(`Page ${i + 1} of ${range.count}`, RIGHT - 100, y, { width: 100, align: 'right', lineBreak: false });
  }
}

/** A small table of right-aligned amount columns after a label column, right-justified on the page. */
function smallTable(doc: Doc, y: number, heads: string[], rows: { cells: string[]; bold?: boolean }[], widths: number[]): number {
  const total = widths.reduce((s, w) => s + w, 0) + GAP * (widths.length - 1);
  const xs: number[] = [];
  let x = RIGHT - total;
  for (const w of widths) {
    xs.push(x);
    x += w + GAP;
  }
  const cell = (text: string, i: number, yy: number) => doc.text(text, xs[i]!, yy, { width: widths[i]!, align: i === 0 ? 'left' : 'right', lineBreak: false, ellipsis: true });
  if (heads.length) {
    doc.font('bold').fontSize(SIZE).fillColor('black');
    heads.forEach((h, i) => cell(h, i, y));
    doc.moveTo(xs[0]!, y + ROW_H - 3).lineTo(RIGHT, y + ROW_H - 3).lineWidth(0.5).stroke();
    y += ROW_H + 2;
  }
  for (const r of rows) {
    doc.font(r.bold ? 'bold' : 'regular').fontSize(r.bold ? 10 : SIZE).fillColor('black');
    r.cells.forEach((c, i) => cell(c, i, y));
    y += r.bold ? ROW_H + 3 : ROW_H;
  }
  return y;
}

/** A titled block of text lines, full width. */
function textBlock(doc: Doc, y: number, title: string, lines: string[]): number {
  doc.font('bold').fontSize(9).fillColor('black').text(title, MARGIN, y, { width: WIDTH });
  doc.font('regular').fontSize(SIZE);
  for (const l of lines) doc.text(l, MARGIN, doc.y + 1, { width: WIDTH });
  return doc.y + 10;
}

const textHeight = (doc: Doc, lines: string[]) => {
  doc.font('regular').fontSize(SIZE);
  return 14 + lines.reduce((s, l) => s + doc.heightOfString(l, { width: WIDTH }) + 1, 0) + 10;
};

/** The invoice or credit note as a PDF. */
export function invoicePdf(p: InvoicePrint): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({ size: 'A4', layout: 'portrait', margin: MARGIN, info: { Title: `${p.title} ${p.number ?? '(draft)'}`, Author: p.company.name, Creator: 'ERP' } });
  const newPage = () => {
    doc.addPage();
    return continuationHeading(doc, p);
  };
  /** Starts a new page when `height` does not fit below `y`. */
  const room = (y: number, height: number) => (y + height > BOTTOM ? newPage() : y);

  let y = tableHead(doc, firstHeading(doc, p));
  const description = COLS.find((c) => c.key === 'description')!;
  for (const l of p.lines) {
    const cells = cellsOf(l, p);
    doc.font('regular').fontSize(SIZE);
    const h = Math.max(ROW_H, doc.heightOfString(cells.description || ' ', { width: description.w }) + 3);
    if (y + h > BOTTOM) y = tableHead(doc, newPage());
    doc.font('regular').fontSize(SIZE).fillColor('black');
    for (const c of COLS) {
      if (c.key === 'description') doc.text(cells.description, c.x, y, { width: c.w });
      else doc.text(cells[c.key], c.x, y, { width: c.w, align: c.align, lineBreak: false, ellipsis: true });
    }
    y += h;
  }
  doc.moveTo(MARGIN, y - 2).lineTo(RIGHT, y - 2).lineWidth(0.5).stroke();
  y += 8;

  const amount = (text: string) => displayAmount(text, p.display, p.scale);
  if (p.taxSummary.length) {
    y = room(y, ROW_H * (p.taxSummary.length + 2));
    doc.font('bold').fontSize(9).text('Tax summary', MARGIN, y, { width: WIDTH / 2 });
    y = smallTable(doc, y, ['Tax code', 'Rate', 'Taxable', 'Tax'], p.taxSummary.map((t) => ({ cells: [t.taxCode, t.rate === null ? '' : `${t.rate}%`, amount(t.taxable), amount(t.tax)] })), [80, 50, 90, 90]) + 8;
  }
  y = room(y, ROW_H * 4);
  y = smallTable(doc, y, [], [
    { cells: ['Net', amount(p.totals.net)] },
    { cells: ['Tax', amount(p.totals.tax)] },
    { cells: [`Total ${p.currency}`, amount(p.totals.gross)], bold: true },
  ], [120, 110]) + 10;

  if (p.instalments.length) {
    const rows = p.instalments.map((i) => ({ cells: [displayDate(i.dueDate, p.display), amount(i.amount), i.discountDate ? displayDate(i.discountDate, p.display) : '', isZero(i.discountAmount) ? '' : amount(i.discountAmount)] }));
    y = room(y, ROW_H * (rows.length + 2));
    doc.font('bold').fontSize(9).text(p.instalments.length > 1 ? 'Instalments' : 'Due', MARGIN, y, { width: WIDTH / 2 });
    y = smallTable(doc, y, ['Due date', 'Amount', 'Discount until', 'Discount'], rows, [80, 90, 80, 80]) + 10;
  }
  if (p.terms) {
    const lines = [p.terms];
    y = room(y, textHeight(doc, lines));
    y = textBlock(doc, y, 'Payment terms', lines);
  }
  if (p.remittance.length) {
    y = room(y, textHeight(doc, p.remittance));
    y = textBlock(doc, y, 'Remittance', p.remittance);
  }
  footers(doc, p);
  doc.end();
  return bytes;
}
