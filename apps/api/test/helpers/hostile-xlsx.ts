// Builds hostile XLSX workbooks for the import limits (issue 13 item 6): a zip bomb of one huge shared string, a sheet of many rows, a cell too long. Shared by the tests and `npm run bench`.
import { crc32, createDeflateRaw } from 'node:zlib';

type Deflated = { data: Buffer; size: number; crc: number };
/** `hidden`: written in the file but left out of the archive's directory, as a hostile file may do. */
type Part = { name: string; chunks: () => Iterable<string>; declaredSize?: number; cacheKey?: string; hidden?: boolean };
/** Deflated parts by key: the same 400 MB bomb serves several files without being compressed again. */
const deflatedCache = new Map<string, Promise<Deflated>>();

/** Deflates a part as a stream, so a 400 MB part never sits in memory; answers the compressed bytes, size and CRC. */
async function deflatePart(chunks: Iterable<string>): Promise<Deflated> {
  const deflate = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  for (const chunk of chunks) {
    const bytes = Buffer.from(chunk, 'utf8');
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (!deflate.write(bytes)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(out), size, crc };
}

/** A zip archive of the parts in order; `declaredSize` lets a part lie about its unpacked size, as a hostile file may. */
async function zip(parts: Part[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const deflated = part.cacheKey ? (deflatedCache.get(part.cacheKey) ?? deflatedCache.set(part.cacheKey, deflatePart(part.chunks())).get(part.cacheKey)!) : deflatePart(part.chunks());
    const { data, size, crc } = await deflated;
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    if (!part.hidden) centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const listed = parts.filter((p) => !p.hidden).length;
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const once = (text: string) => () => [text];
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The parts every workbook needs, shared strings before the sheet (so a streaming reader can go straight through). */
function workbook(sharedStrings: Part, sheetRows: () => Iterable<string>): Part[] {
  return [
    { name: '[Content_Types].xml', chunks: once('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>') },
    { name: '_rels/.rels', chunks: once('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>') },
    { name: 'xl/workbook.xml', chunks: once('<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>') },
    { name: 'xl/_rels/workbook.xml.rels', chunks: once('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>') },
    sharedStrings,
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: function* () {
        yield '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
        yield* sheetRows();
        yield '</sheetData></worksheet>';
      },
    },
  ];
}

const sharedStringsOf = (strings: string[], declaredSize?: number): Part => ({
  name: 'xl/sharedStrings.xml',
  declaredSize,
  chunks: once(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join('')}</sst>`),
});

/** A row of inline-string cells. */
const rowXml = (r: number, cells: string[]) =>
  `<row r="${r}">${cells.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`).join('')}</row>`;

/**
 * One shared string of `megabytes` MB of one letter, used by the sheet's second row: a few hundred KB on disk. With
 * `lie` 'size' the archive declares the part 1 KB, so only counting what it really unpacks to finds it; with 'unlisted'
 * the part is left out of the archive's directory, where a reader of the directory never sees it but a streaming one does.
 */
export async function sharedStringBomb(megabytes: number, headers: string[], lie: false | 'size' | 'unlisted' = false): Promise<Buffer> {
  const mb = 'A'.repeat(1024 * 1024);
  const bomb: Part = {
    name: 'xl/sharedStrings.xml',
    declaredSize: lie === 'size' ? 1024 : undefined,
    hidden: lie === 'unlisted',
    cacheKey: `bomb-${megabytes}`,
    chunks: function* () {
      yield '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>';
      for (let i = 0; i < megabytes; i++) yield mb;
      yield '</t></si></sst>';
    },
  };
  const rows = function* () {
    yield rowXml(1, headers);
    yield `<row r="2"><c r="A2" t="s"><v>0</v></c></row>`;
  };
  if (lie !== 'unlisted') return zip(workbook(bomb, rows));
  // The bomb comes first in the file under the shared strings' name; the directory lists only a harmless copy after it.
  const parts = workbook(sharedStringsOf(['Q']), rows);
  return zip([...parts.slice(0, 4), bomb, ...parts.slice(4)]);
}

/** A header row and `rows` data rows of the given texts as shared strings (as Excel writes them: 500,000 rows of one cell in about 4 MB). */
export async function manyRows(rows: number, headers: string[], texts: string[]): Promise<Buffer> {
  const refs = (r: number) => texts.map((_, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="s"><v>${i}</v></c>`).join('');
  return zip(workbook(sharedStringsOf(texts), function* () {
    yield rowXml(1, headers);
    let batch = '';
    for (let r = 2; r <= rows + 1; r++) {
      batch += `<row r="${r}">${refs(r)}</row>`;
      if (batch.length > 1 << 20) {
        yield batch;
        batch = '';
      }
    }
    yield batch;
  }));
}

/**
 * A sound workbook whose parts come in an order a streaming reader stumbles on: relationships and shared strings, then
 * the sheet, and the workbook part (the sheet list) last. Zip order is the writer's choice; Excel reads it.
 */
export async function workbookPartLast(headers: string[], rows: string[][]): Promise<Buffer> {
  const parts = workbook(sharedStringsOf([]), function* () {
    yield rowXml(1, headers);
    for (const [i, cells] of rows.entries()) yield rowXml(i + 2, cells);
  });
  const book = parts.find((p) => p.name === 'xl/workbook.xml')!;
  return zip([...parts.filter((p) => p !== book), book]);
}

/** A header row and one row whose first cell is a shared string of `chars` characters. */
export async function longCell(chars: number, headers: string[]): Promise<Buffer> {
  return zip(workbook(sharedStringsOf(['B'.repeat(chars)]), function* () {
    yield rowXml(1, headers);
    yield `<row r="2"><c r="A2" t="s"><v>0</v></c></row>`;
  }));
}

/** The worst gap between timer ticks while `work` runs: how long the event loop was blocked. */
export async function worstLoopLagMs<T>(work: () => Promise<T>, tickMs = 10): Promise<{ result: T; lagMs: number; elapsedMs: number }> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - tickMs);
    last = now;
  }, tickMs);
  const started = performance.now();
  try {
    const result = await work();
    return { result, lagMs: Math.max(worst, performance.now() - last - tickMs), elapsedMs: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}
