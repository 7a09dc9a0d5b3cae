import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../http/errors';

/*
 * Reading an uploaded XLSX workbook with bounds (issue 13 item 6). An XLSX file is a zip archive:
 * a 414 KB file can unpack to a 400 MB shared string, and a 4 MB file to 500,000 rows. So the
 * archive's directory is read first (declared sizes), every entry is then inflated and counted
 * (actual sizes: a declared size may lie), and only then is the workbook parsed, streamed, row by
 * row, stopping at the row cap and refusing an over-long cell. Inflating runs on libuv's thread
 * pool and the parse yields to the event loop between chunks, so other requests go on meanwhile.
 */

/** A workbook of 10,000 rows by 50 columns of 100 characters unpacks to well under this. */
export const XLSX_UNPACKED_MAX_BYTES = 100 * 1024 * 1024;
export const XLSX_ENTRIES_MAX = 1000;
/** Excel's own limit on one cell. */
export const XLSX_CELL_CHARS_MAX = 32_767;
export const XLSX_COLUMNS_MAX = 1000;
/** Rows read between two yields to the event loop. */
const ROWS_PER_YIELD = 200;

const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const tooLarge = (message: string) => new AppError(413, message, 'PayloadTooLarge');
const unpackedTooLarge = () => tooLarge(`The workbook unpacks to more than ${megabytes(XLSX_UNPACKED_MAX_BYTES)}, the most an import reads`);
const notAWorkbook = () => badRequest('The file is not a readable XLSX workbook');

type ZipEntry = { name: string; method: number; flags: number; crc: number; compressedSize: number; declaredSize: number; localOffset: number };

/** The entries of the archive's central directory, as declared. Zip64 archives (over 4 GB) are refused as too large. */
export function zipEntries(buffer: Buffer): ZipEntry[] {
  const floor = Math.max(0, buffer.length - 65_557);
  let eocd = -1;
  for (let i = buffer.length - 22; i >= floor; i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notAWorkbook();
  const count = buffer.readUInt16LE(eocd + 10);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw unpackedTooLarge();
  if (count > XLSX_ENTRIES_MAX) throw tooLarge(`The workbook holds more than ${XLSX_ENTRIES_MAX} parts, the most an import reads`);
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw notAWorkbook();
    const nameLength = buffer.readUInt16LE(at + 28);
    const entry = {
      flags: buffer.readUInt16LE(at + 8),
      method: buffer.readUInt16LE(at + 10),
      crc: buffer.readUInt32LE(at + 16),
      compressedSize: buffer.readUInt32LE(at + 20),
      declaredSize: buffer.readUInt32LE(at + 24),
      localOffset: buffer.readUInt32LE(at + 42),
      name: buffer.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.compressedSize === 0xffffffff || entry.declaredSize === 0xffffffff || entry.localOffset === 0xffffffff) throw unpackedTooLarge();
    entries.push(entry);
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  return entries;
}

/** The compressed bytes of an entry, found through its local header. */
function entryData(buffer: Buffer, entry: ZipEntry): Buffer {
  const local = entry.localOffset;
  if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) throw notAWorkbook();
  const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
  if (start + entry.compressedSize > buffer.length) throw notAWorkbook();
  return buffer.subarray(start, start + entry.compressedSize);
}

/** Inflates one entry only to count its bytes, stopping as soon as the budget is spent; answers the count. */
async function inflatedSize(data: Buffer, entry: ZipEntry, budget: number): Promise<number> {
  if (entry.method === 0) {
    if (data.length > budget) throw unpackedTooLarge();
    return data.length;
  }
  if (entry.method !== 8) throw badRequest('The workbook uses a compression an import does not read');
  return new Promise((resolve, reject) => {
    let total = 0;
    const inflate = createInflateRaw();
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) {
        inflate.destroy();
        reject(unpackedTooLarge());
      }
    });
    inflate.on('error', () => reject(notAWorkbook()));
    inflate.on('end', () => resolve(total));
    inflate.end(data);
  });
}

/**
 * The parts a streaming reader must have read before a worksheet, in the order it needs them. ExcelJS reads a sheet
 * at once when the relationships and shared strings came before it and then looks up the workbook's sheet list: a
 * file whose workbook part comes after its sheet (a zip's order is the writer's choice, and ExcelJS's own writer
 * varies it with timing) failed as "not a readable XLSX workbook". Everything else keeps its order, sheets last.
 */
const READ_FIRST = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];

export function inReadingOrder<T extends { name: string }>(entries: T[]): T[] {
  const rank = (name: string) => {
    const first = READ_FIRST.indexOf(name);
    return first >= 0 ? first : READ_FIRST.length;
  };
  return entries.map((entry, at) => ({ entry, at })).sort((a, b) => rank(a.entry.name) - rank(b.entry.name) || a.at - b.at).map(({ entry }) => entry);
}

/**
 * Refuses an archive whose declared or actual unpacked size passes the limit, before anything parses it, and answers
 * the archive rebuilt from exactly the entries it counted. The streaming parser reads local headers in file order, not
 * the directory: a hostile file could hide entries the directory does not list, so the parser gets only the counted ones.
 */
export async function boundedArchive(buffer: Buffer): Promise<Buffer> {
  const entries = inReadingOrder(zipEntries(buffer));
  const declared = entries.reduce((sum, e) => sum + e.declaredSize, 0);
  if (declared > XLSX_UNPACKED_MAX_BYTES) throw unpackedTooLarge();
  let actual = 0;
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = entryData(buffer, entry);
    const size = await inflatedSize(data, entry, XLSX_UNPACKED_MAX_BYTES - actual);
    actual += size;
    const name = Buffer.from(entry.name, 'utf8');
    // Sizes in the local header, no data descriptor (flag bit 3): the parser reads what was counted, no more.
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags & ~0x8, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.flags & ~0x8, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    directory.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

export type XlsxLimits = { rowsMax: number };

/**
 * The first worksheet's non-empty rows as trimmed texts (the first row names the columns), read as a stream. More than
 * `rowsMax` rows below the header, a cell over XLSX_CELL_CHARS_MAX characters or a column past XLSX_COLUMNS_MAX stop
 * the reading with a 400 naming the limit.
 */
export async function readXlsxRows(buffer: Buffer, limits: XlsxLimits): Promise<string[][]> {
  const archive = await boundedArchive(buffer);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([archive]), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  const records: string[][] = [];
  try {
    for await (const sheet of reader) {
      let sinceYield = 0;
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        if (values.length - 1 > XLSX_COLUMNS_MAX) throw badRequest(`Row ${row.number} has more than ${XLSX_COLUMNS_MAX} columns, the most an import reads`);
        const cells: string[] = [];
        for (let c = 1; c < values.length; c++) {
          const text = cellText(values[c]);
          if (text.length > XLSX_CELL_CHARS_MAX) throw badRequest(`Row ${row.number} holds a cell of more than ${XLSX_CELL_CHARS_MAX} characters, the most a cell may hold`);
          cells.push(text.trim());
        }
        if (!cells.some((v) => v !== '')) continue;
        records.push(cells);
        if (records.length > limits.rowsMax + 1) throw badRequest(`An import takes at most ${limits.rowsMax} rows`);
        if (++sinceYield >= ROWS_PER_YIELD) {
          sinceYield = 0;
          await yieldToLoop();
        }
      }
      break; // the first worksheet only
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw notAWorkbook();
  } finally {
    (reader as unknown as { stream?: Readable }).stream?.destroy();
  }
  const width = Math.max(0, ...records.map((r) => r.length));
  return records.map((r) => (r.length < width ? [...r, ...Array<string>(width - r.length).fill('')] : r));
}
