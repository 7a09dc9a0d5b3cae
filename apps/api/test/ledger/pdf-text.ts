// Reads a PDF back for the tests: checks its structure (header, cross-reference table, trailer) and extracts the text of each page through the fonts' ToUnicode maps.
import { inflateSync } from 'node:zlib';

type PdfObject = { dict: string; stream?: Buffer };

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      out.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    const start = m.index + m[0].indexOf(body) + at + 'stream'.length + (body[at + 6] === '\r' ? 2 : 1);
    const length = Number(/\/Length\s+(\d+)/.exec(dict)?.[1] ?? 0);
    const raw = pdf.subarray(start, start + length);
    out.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return out;
}

/** Throws unless the file is a PDF whose cross-reference table points at each of its objects. */
export function assertValidPdf(pdf: Buffer): void {
  const text = pdf.toString('latin1');
  if (!text.startsWith('%PDF-1.')) throw new Error('no PDF header');
  if (!text.trimEnd().endsWith('%%EOF')) throw new Error('no %%EOF trailer');
  const startxref = Number(/startxref\s+(\d+)/.exec(text)?.[1]);
  if (text.slice(startxref, startxref + 4) !== 'xref') throw new Error('startxref does not point at the xref table');
  // One table from object 0 (free), so in-use entry i is object i + 1.
  const entries = [...text.slice(startxref).matchAll(/^(\d{10}) \d{5} n/gm)];
  if (entries.length === 0) throw new Error('empty xref table');
  entries.forEach((e, i) => {
    if (!text.startsWith(`${i + 1} 0 obj`, Number(e[1]))) throw new Error(`xref entry of object ${i + 1} does not point at it`);
  });
}

function hexChars(text: string): string {
  // A ligature maps to several characters, written with spaces: <0066 0069>.
  const hex = text.replace(/\s/g, '');
  let s = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) s += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return s;
}

/** Glyph code -> text, from a ToUnicode CMap (bfchar and both bfrange forms). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(m[1]!, 16), hexChars(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      if (m[3]!.startsWith('[')) [...m[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((d, i) => map.set(lo + i, hexChars(d[1]!)));
      else for (let c = lo, u = parseInt(m[3]!.slice(1, -1), 16); c <= hi; c++, u++) map.set(c, String.fromCharCode(u));
    }
  }
  return map;
}

const ref = (dict: string, key: string) => Number(new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(dict)?.[1]);

/** The text of every page, one string per text object (BT … ET), in drawing order. */
export function pdfText(pdf: Buffer): string[][] {
  const objs = objects(pdf);
  const pages = [...objs.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict));
  return pages.map((page) => {
    const resources = objs.get(ref(page.dict, 'Resources'))?.dict ?? page.dict;
    const fonts = new Map<string, Map<number, string>>();
    for (const m of (/\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\w+)\s+(\d+)\s+0\s+R/g)) {
      const cmap = objs.get(ref(objs.get(Number(m[2]))?.dict ?? '', 'ToUnicode'))?.stream;
      fonts.set(m[1]!, cmap ? toUnicode(cmap.toString('latin1')) : new Map());
    }
    const content = objs.get(ref(page.dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    const lines: string[] = [];
    let font = new Map<number, string>();
    let current = '';
    const decode = (hex: string) => [...hexChars(hex)].map((c) => font.get(c.charCodeAt(0)) ?? '?').join('');
    for (const m of content.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bBT\b|\bET\b/g)) {
      if (m[1]) font = fonts.get(m[1]) ?? new Map();
      else if (m[2] !== undefined) current += [...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1]!)).join('');
      else if (m[3] !== undefined) current += decode(m[3]);
      else if (m[0] === 'ET') {
        lines.push(current);
        current = '';
      }
    }
    return lines;
  });
}

/** A piece of text where it was drawn: left and right edges and baseline, in points from the page's bottom left. */
export type PdfRun = { text: string; x: number; right: number; y: number };
/** A stroked straight line. */
export type PdfRule = { x1: number; y1: number; x2: number; y2: number };
export type PdfPageLayout = { width: number; height: number; runs: PdfRun[]; rules: PdfRule[] };

/** Glyph id -> advance width in thousandths of the font size, from a CIDFont's /W array (the `c [w1 w2 ...]` form pdfkit writes). */
function glyphWidths(dict: string): Map<number, number> {
  const widths = new Map<number, number>();
  const w = /\/W\s*\[([\s\S]*?\])\s*\]/.exec(dict)?.[1] ?? '';
  for (const m of w.matchAll(/(\d+)\s*\[([^\]]*)\]/g)) m[2]!.trim().split(/\s+/).forEach((n, i) => widths.set(Number(m[1]) + i, Number(n)));
  return widths;
}

/**
 * Where each text run and each rule sits on every page, for tests of the layout (a column that
 * runs past the margin). Reads pdfkit's form: one `1 0 0 1 x y Tm` per text object, hex glyph
 * strings with kerning numbers in TJ, rules as `x y m x y l ... S` in the unflipped space.
 */
export function pdfLayout(pdf: Buffer): PdfPageLayout[] {
  const objs = objects(pdf);
  const pages = [...objs.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict));
  return pages.map((page) => {
    const box = (/\/MediaBox\s*\[([^\]]*)\]/.exec(page.dict)?.[1] ?? '0 0 0 0').trim().split(/\s+/).map(Number);
    const resources = objs.get(ref(page.dict, 'Resources'))?.dict ?? page.dict;
    const fonts = new Map<string, { chars: Map<number, string>; widths: Map<number, number> }>();
    for (const m of (/\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\w+)\s+(\d+)\s+0\s+R/g)) {
      const type0 = objs.get(Number(m[2]))?.dict ?? '';
      const cmap = objs.get(ref(type0, 'ToUnicode'))?.stream;
      const cid = objs.get(Number(/\/DescendantFonts\s*\[\s*(\d+)\s+0\s+R/.exec(type0)?.[1]))?.dict ?? '';
      fonts.set(m[1]!, { chars: cmap ? toUnicode(cmap.toString('latin1')) : new Map(), widths: glyphWidths(cid) });
    }
    const content = objs.get(ref(page.dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    const runs: PdfRun[] = [];
    const rules: PdfRule[] = [];
    let font = { chars: new Map<number, string>(), widths: new Map<number, number>() };
    let size = 0;
    let at = { x: 0, y: 0 };
    let path: { x: number; y: number }[] = [];
    const ops = /1 0 0 1 ([-\d.]+) ([-\d.]+) Tm|\/(\w+)\s+([\d.]+)\s+Tf|\[([^\]]*)\]\s*TJ|([-\d.]+) ([-\d.]+) ([ml])\b|\bS\b/g;
    for (const m of content.matchAll(ops)) {
      if (m[1] !== undefined) at = { x: Number(m[1]), y: Number(m[2]) };
      else if (m[3] !== undefined) {
        font = fonts.get(m[3]) ?? font;
        size = Number(m[4]);
      } else if (m[5] !== undefined) {
        let text = '';
        let advance = 0;
        for (const part of m[5].matchAll(/<([0-9a-fA-F]*)>|(-?[\d.]+)/g)) {
          if (part[2] !== undefined) advance -= Number(part[2]);
          else for (const c of hexChars(part[1]!)) {
            text += font.chars.get(c.charCodeAt(0)) ?? '?';
            advance += font.widths.get(c.charCodeAt(0)) ?? 0;
          }
        }
        runs.push({ text, x: at.x, right: at.x + (advance * size) / 1000, y: at.y });
      } else if (m[8] === 'm') path = [{ x: Number(m[6]), y: Number(m[7]) }];
      else if (m[8] === 'l') path.push({ x: Number(m[6]), y: Number(m[7]) });
      else if (m[0] === 'S') {
        for (let i = 1; i < path.length; i++) rules.push({ x1: path[i - 1]!.x, y1: path[i - 1]!.y, x2: path[i]!.x, y2: path[i]!.y });
        path = [];
      }
    }
    return { width: box[2]! - box[0]!, height: box[3]! - box[1]!, runs, rules };
  });
}
