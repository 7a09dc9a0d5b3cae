import { displayAmount } from '@erp/contracts';
import { pdfDocument } from '../../../platform/kit/pdf';
import { amountCells, type ReportMeta, type ReportRow } from './trial-balance-export';

const MARGIN = 36;
const ROW_H = 14;
const SIZE = 8.5;
const GAP = 4;
const CODE_W = 70;
const AMOUNT_W = 97;
/** Landscape A4 (841.89 x 595.28 pt): the table spans the page between its margins. */
const PAGE_W = 841.89;
const RIGHT = PAGE_W - MARGIN;
/**
 * Code, name, then four right-aligned amount columns laid from the right margin inwards, so the
 * last one ends where the rules and the footer end; the name takes what is left.
 */
const AMOUNTS = [3, 2, 1, 0].map((fromRight) => ({ x: RIGHT - AMOUNT_W - fromRight * (AMOUNT_W + GAP), w: AMOUNT_W }));
const COLS = { code: { x: MARGIN, w: CODE_W }, name: { x: MARGIN + CODE_W + GAP, w: AMOUNTS[0]!.x - 2 * GAP - (MARGIN + CODE_W + GAP) }, amounts: AMOUNTS };
const GREY = '#f0f2f5';

type Doc = PDFKit.PDFDocument;

function tableHeader(doc: Doc, y: number): number {
  doc.font('bold').fontSize(SIZE).fillColor('black');
  doc.text('Account', COLS.code.x, y, { width: COLS.code.w, lineBreak: false });
  doc.text('Name', COLS.name.x, y, { width: COLS.name.w, lineBreak: false });
  ['Opening', 'Debit', 'Credit', 'Closing'].forEach((h, i) => doc.text(h, COLS.amounts[i]!.x, y, { width: COLS.amounts[i]!.w, align: 'right', lineBreak: false }));
  const bottom = y + ROW_H - 3;
  doc.moveTo(MARGIN, bottom).lineTo(RIGHT, bottom).lineWidth(0.7).stroke();
  return y + ROW_H + 2;
}

function drawRow(doc: Doc, r: ReportRow, y: number, meta: ReportMeta): void {
  const subtotal = r.kind === 'groupTotal' || r.kind === 'classTotal' || r.kind === 'total';
  if (r.kind === 'classTotal' || r.kind === 'total') doc.rect(MARGIN, y - 3, RIGHT - MARGIN, ROW_H).fill(GREY);
  doc.fillColor('black').font(r.kind === 'account' || r.kind === 'group' ? 'regular' : 'bold').fontSize(SIZE);
  const name = r.kind === 'groupTotal' ? `Total ${r.code} ${r.name}` : r.kind === 'classTotal' ? `Total ${r.name}` : r.name;
  if (!subtotal) doc.text(r.code, COLS.code.x, y, { width: COLS.code.w, lineBreak: false, ellipsis: true });
  const indent = r.kind === 'account' ? 8 : 0;
  doc.text(name, COLS.name.x + indent, y, { width: COLS.name.w - indent, lineBreak: false, ellipsis: true });
  const amounts = amountCells(r);
  if (!amounts) return;
  amounts.forEach((amount, i) => doc.text(displayAmount(amount, meta, meta.scale), COLS.amounts[i]!.x, y, { width: COLS.amounts[i]!.w, align: 'right', lineBreak: false }));
  if (r.kind === 'total') doc.moveTo(COLS.amounts[0]!.x, y + ROW_H - 2).lineTo(RIGHT, y + ROW_H - 2).lineWidth(0.7).stroke();
}

function footers(doc: Doc, meta: ReportMeta): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Below the bottom margin: without this, pdfkit would break to a new page for the footer.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 10;
    doc.font('regular').fontSize(7).fillColor('#808080');
    doc.text(`${meta.company} · ${meta.title} · Generated ${meta.generatedAt}`, MARGIN, y, { lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, RIGHT - 100, y, { width: 100, align: 'right', lineBreak: false });
  }
}

/** The trial balance as a PDF: title, company, range and basis; the table with its header on every page; totals; page numbers. */
export function trialBalancePdf(meta: ReportMeta, rows: ReportRow[]): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: `${meta.title} ${meta.range}`, Author: meta.company, Creator: 'ERP' } });
  doc.font('bold').fontSize(16).text(meta.title, MARGIN, MARGIN);
  doc.font('regular').fontSize(10).text(meta.company).text(`${meta.range} · ${meta.basis}`);
  if (meta.filters) doc.text(meta.filters);
  doc.fillColor(meta.balanced ? '#389e0d' : '#cf1322').text(meta.balanced ? 'Balanced' : 'Not balanced').fillColor('black');
  let y = tableHeader(doc, doc.y + 10);
  const bottom = doc.page.height - MARGIN - 20;
  for (const r of rows) {
    if (y + ROW_H > bottom) {
      doc.addPage();
      y = tableHeader(doc, MARGIN);
    }
    drawRow(doc, r, y, meta);
    y += ROW_H;
  }
  footers(doc, meta);
  doc.end();
  return bytes;
}
