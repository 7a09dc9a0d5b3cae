import { pdfDocument } from './pdf';

/*
 * A printed report made of tables (a party's statement, a remittance advice, a reconciliation report):
 * a heading block (title, company, lines of facts), then sections, each a title and a table whose
 * column heads repeat on every page it runs over, bold rows for totals, and a footer with the company,
 * the title, when it was generated and the page number. The caller formats every cell (amounts in the
 * company's locale and decimals): nothing is read or computed here.
 */

export type TableColumn = { head: string; /** Share of the page's width (the shares of a table add up to 1). */ share: number; align?: 'left' | 'right' };
export type TableRow = { cells: string[]; bold?: boolean; /** A rule above the row (a total). */ ruled?: boolean };
export type TableSection = { title?: string; columns: TableColumn[]; rows: TableRow[]; /** Shown when there are no rows. */ empty?: string };
export type TablePdf = {
  title: string;
  company: string;
  /** Lines under the title: the party, its address, the range... */
  facts: string[];
  sections: TableSection[];
  generatedAt: string;
  landscape?: boolean;
};

const MARGIN = 40;
const SIZE = 8.5;
const ROW_H = 13;
const GAP = 4;

type Doc = PDFKit.PDFDocument;

function head(doc: Doc, s: TableSection, y: number, xs: number[], widths: number[], right: number): number {
  doc.font('bold').fontSize(SIZE).fillColor('black');
  s.columns.forEach((c, i) => doc.text(c.head, xs[i]!, y, { width: widths[i]!, align: c.align ?? 'left', lineBreak: false, ellipsis: true }));
  doc.moveTo(MARGIN, y + ROW_H - 3).lineTo(right, y + ROW_H - 3).lineWidth(0.7).stroke();
  return y + ROW_H + 1;
}

export function tablePdf(p: TablePdf): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({ size: 'A4', layout: p.landscape ? 'landscape' : 'portrait', margin: MARGIN, info: { Title: p.title, Author: p.company, Creator: 'ERP' } });
  const right = doc.page.width - MARGIN;
  const width = right - MARGIN;
  const bottom = doc.page.height - MARGIN - 16;
  doc.font('bold').fontSize(15).text(p.title, MARGIN, MARGIN);
  doc.font('regular').fontSize(9.5).text(p.company);
  for (const f of p.facts) doc.text(f, { width });
  let y = doc.y + 8;
  for (const s of p.sections) {
    const widths = s.columns.map((c) => c.share * width - GAP);
    const xs = s.columns.map((_, i) => MARGIN + s.columns.slice(0, i).reduce((a, c) => a + c.share * width, 0));
    if (y + (s.title ? 18 : 0) + 2 * ROW_H > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    if (s.title) {
      doc.font('bold').fontSize(10.5).fillColor('black').text(s.title, MARGIN, y, { width, lineBreak: false });
      y += 17;
    }
    y = head(doc, s, y, xs, widths, right);
    if (s.rows.length === 0 && s.empty) {
      doc.font('regular').fontSize(SIZE).fillColor('#808080').text(s.empty, MARGIN, y, { width, lineBreak: false });
      y += ROW_H;
    }
    for (const r of s.rows) {
      if (y + ROW_H > bottom) {
        doc.addPage();
        y = head(doc, s, MARGIN, xs, widths, right);
      }
      if (r.ruled) doc.moveTo(MARGIN, y - 2).lineTo(right, y - 2).lineWidth(0.5).stroke();
      doc.font(r.bold ? 'bold' : 'regular').fontSize(SIZE).fillColor('black');
      r.cells.forEach((cell, i) => doc.text(cell, xs[i]!, y, { width: widths[i]!, align: s.columns[i]?.align ?? 'left', lineBreak: false, ellipsis: true }));
      y += ROW_H;
    }
    y += 12;
  }
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Below the bottom margin: without this, pdfkit would break to a new page for the footer.
    doc.page.margins.bottom = 0;
    const fy = doc.page.height - MARGIN + 10;
    doc.font('regular').fontSize(7).fillColor('#808080');
    doc.text(`${p.company} · ${p.title} · Generated ${p.generatedAt}`, MARGIN, fy, { lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, right - 100, fy, { width: 100, align: 'right', lineBreak: false });
  }
  doc.end();
  return bytes;
}
