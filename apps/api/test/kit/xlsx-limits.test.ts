// Proves XLSX imports are read with limits (issue 13 item 6): a zip bomb of one 400 MB shared string (declared or hidden), 500,000 rows and an over-long cell are refused with the limit in the message, quickly, writing nothing, without blocking the event loop; a normal workbook still imports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorObject, ImportResult } from '@erp/contracts';
import { parseXlsx, toXlsx } from '../../src/platform/kit/tabular-files';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { longCell, manyRows, sharedStringBomb, workbookPartLast, worstLoopLagMs } from '../helpers/hostile-xlsx';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
const HEADERS = ['Code', 'Name', 'Symbol', 'Decimal places'];
/** Generous: before the limits, the bomb blocked the server for 6.6 s and 500,000 rows for 10 s. */
const LAG_MAX_MS = 1500;
const ELAPSED_MAX_MS = 15_000;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'XLSX'));
});
afterAll(() => t.close());

const importFile = (url: string, file: Buffer, extra: object = {}) =>
  call<ImportResult & ErrorObject>(t.app, tenant.host, 'POST', url, { fileName: 'hostile.xlsx', contentBase64: file.toString('base64'), dryRun: true, ...extra }, admin);
const currencyCount = async () => (await call<{ total: number }>(t.app, tenant.host, 'GET', '/gl/currencies?limit=1', undefined, admin)).body.total;

describe('XLSX import limits', () => {
  it('refuses a shared string that unpacks to 400 MB, declared or hidden, on every import that reads XLSX, with the limit', async () => {
    const declared = await sharedStringBomb(400, HEADERS);
    const hidden = await sharedStringBomb(400, HEADERS, 'size');
    expect(declared.length).toBeLessThan(1024 * 1024);
    const before = await currencyCount();
    const tooLarge = { status: 413, body: { message: 'The workbook unpacks to more than 100 MB, the most an import reads', statusCode: 413, serverError: 'PayloadTooLarge' } };
    for (const [url, extra] of [['/gl/currencies/import', {}], ['/gl/journal-templates/import', {}], ['/gl/recurring-journals/import', {}], ['/gl/trial-balance/import', { journalDate: '2026-01-01' }]] as const) {
      for (const file of [declared, hidden]) {
        const { result, lagMs, elapsedMs } = await worstLoopLagMs(() => importFile(url, file, extra));
        expect({ status: result.status, body: result.body }, url).toEqual(tooLarge);
        expect(elapsedMs, url).toBeLessThan(ELAPSED_MAX_MS);
        expect(lagMs, url).toBeLessThan(LAG_MAX_MS);
      }
    }
    expect(await currencyCount()).toBe(before);
  });

  it('never unpacks a part the archive leaves out of its directory', async () => {
    const file = await sharedStringBomb(400, HEADERS, 'unlisted');
    const { result, lagMs, elapsedMs } = await worstLoopLagMs(() => importFile('/gl/currencies/import', file));
    // Read from the listed parts only: the header and one row whose cell is the harmless shared string.
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ rows: 1, written: 0 });
    expect(elapsedMs).toBeLessThan(ELAPSED_MAX_MS);
    expect(lagMs).toBeLessThan(LAG_MAX_MS);
  });

  it('stops reading 500,000 rows at the row cap, with the cap in the message', async () => {
    const file = await manyRows(500_000, HEADERS, ['Q']);
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    const { result, lagMs, elapsedMs } = await worstLoopLagMs(() => importFile('/gl/currencies/import', file));
    expect(result).toEqual({ status: 400, body: { message: 'An import takes at most 10000 rows', statusCode: 400, serverError: 'BadRequest' } });
    expect(elapsedMs).toBeLessThan(ELAPSED_MAX_MS);
    expect(lagMs).toBeLessThan(LAG_MAX_MS);
  });

  it('refuses a cell longer than Excel allows, naming its row and the limit', async () => {
    const result = await importFile('/gl/currencies/import', await longCell(40_000, HEADERS));
    expect(result).toEqual({ status: 400, body: { message: 'Row 2 holds a cell of more than 32767 characters, the most a cell may hold', statusCode: 400, serverError: 'BadRequest' } });
  });

  it('reads a workbook whose sheet list comes after its sheet in the archive (the parser once failed on it)', async () => {
    const rows = [['A1', 'Cash'], ['B2', 'Bank']];
    expect(await parseXlsx(await workbookPartLast(['Code', 'Name'], rows))).toEqual({ headers: ['Code', 'Name'], rows });
  });

  it('still imports an ordinary workbook, and one exactly at the row cap', async () => {
    const ok = await importFile('/gl/currencies/import', await toXlsx('Currencies', { headers: HEADERS, rows: [['QQA', 'Q one', 'q', '2'], ['QQB', 'Q two', 'q', '0']] }), { dryRun: false });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ rows: 2, valid: 2, written: 2, errors: [] });
    const atCap = await importFile('/gl/currencies/import', await manyRows(10_000, HEADERS, ['Row', 'Q', '2']));
    expect(atCap.status).toBe(200);
    expect(atCap.body.rows).toBe(10_000);
  });
});
