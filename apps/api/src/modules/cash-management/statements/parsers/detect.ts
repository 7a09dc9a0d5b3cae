import type { StatementFormat, StatementMapping } from '@erp/contracts';
import { readXlsxRows } from '../../../../platform/kit/xlsx-reader';
import { parseCamt053 } from './camt053';
import { parseMt940 } from './mt940';
import { parseOfx } from './ofx';
import { eventsOf, StatementParseError, type StatementEvent } from './shape';
import { csvRecords, parseTabularStatement } from './tabular';

/*
 * A statement file's format is read from its content, not its name: a zip archive is XLSX, <OFX>
 * or an OFXHEADER is OFX, a BkToCstmrStmt document is CAMT.053, a SWIFT block or a leading :20: is
 * MT940, anything else is CSV (read through the bank's mapping). CAMT.053 is parsed as the bytes
 * arrive; the other formats are small by nature and read whole (within the upload's size limit).
 */

/** The format of a file from its first bytes. */
export function detectFormat(head: Buffer): StatementFormat {
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'XLSX';
  const text = head.subarray(0, 65_536).toString('latin1').replace(/^\uFEFF|^\u00ef\u00bb\u00bf/, '');
  if (/OFXHEADER|<OFX>/i.test(text)) return 'OFX';
  if (/BkToCstmrStmt|camt\.053/.test(text)) return 'CAMT.053';
  if (/^\s*<(\?xml|[\w:]*Document)/.test(text)) return 'CAMT.053';
  if (/^\s*\{1:/.test(text) || /^:20:/m.test(text.split(/\r?\n/).slice(0, 10).join('\n'))) return 'MT940';
  return 'CSV';
}

/** The first `bytes` of a stream, and the whole stream again (the head put back in front). */
async function peek(source: AsyncIterable<Buffer>, bytes: number): Promise<{ head: Buffer; all: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value);
    size += next.value.length;
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield* taken;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: Buffer.concat(taken), all: all() };
}

async function whole(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of source) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Text of a small file: UTF-8 unless it is not valid UTF-8 (then Windows-1252, as old OFX and MT940 files are). */
function textOf(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

export const STATEMENT_ROWS_MAX = 200_000;

/** `events` arrive in batches (a CAMT chunk's worth, or a small file's whole): the importer awaits per batch, not per line. */
export type StatementFile = { format: StatementFormat; events: AsyncIterable<StatementEvent[]> };

/**
 * Opens a statement file: its format and its events. `mapping` is the bank's CSV/XLSX mapping
 * (a CSV or XLSX file without one is refused, naming where to set it).
 */
export async function openStatementFile(source: AsyncIterable<Buffer>, fileName: string, mapping: () => Promise<StatementMapping | null>): Promise<StatementFile> {
  const { head, all } = await peek(source, 4096);
  if (head.length === 0) throw new StatementParseError('The file is empty');
  const format = detectFormat(head);
  if (format === 'CAMT.053') return { format, events: parseCamt053(all) };
  const buffer = await whole(all);
  if (format === 'MT940') return { format, events: once(eventsOf(parseMt940(textOf(buffer)))) };
  if (format === 'OFX') return { format, events: once(eventsOf(parseOfx(textOf(buffer)))) };
  const m = await mapping();
  if (!m) throw new StatementParseError(`${fileName} reads as ${format}: save the bank's CSV/XLSX mapping first (Mapping on /bank-reconciliations)`);
  const records = format === 'XLSX' ? await readXlsxRows(buffer, { rowsMax: STATEMENT_ROWS_MAX }) : csvRecords(textOf(buffer), m.delimiter);
  return { format, events: once(eventsOf([parseTabularStatement(records, m, fileName)])) };
}

/** All events of a file read whole, as one batch. */
async function* once(events: Iterable<StatementEvent>): AsyncGenerator<StatementEvent[]> {
  yield [...events];
}
