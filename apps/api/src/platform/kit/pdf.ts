import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// What every printed file shares (the trial balance, the invoice): the product's font and a document
// collected into one buffer.

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Montserrat, the product's font (SPEC.md section 9), from the package: nothing is fetched at run time. */
export function montserrat(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('@fontsource/montserrat/files/montserrat-latin-400-normal.woff')),
    bold: readFileSync(require.resolve('@fontsource/montserrat/files/montserrat-latin-700-normal.woff')),
  };
  return fonts;
}

/**
 * A buffered PDF document with the fonts registered as 'regular' and 'bold', and the promise of its
 * bytes once `doc.end()` is called.
 */
export function pdfDocument(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ ...options, bufferPages: true });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const f = montserrat();
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);
  return { doc, bytes };
}
