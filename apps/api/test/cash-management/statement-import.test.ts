// Statement import through the database (issue 17): a good file imports once (re-importing imports nothing), a refused file writes nothing,
// importing anyway records who and why and audits it, a foreign account or currency fails, gaps and overlaps are reported, a CSV reads
// through the bank's saved mapping, and another tenant or company reaches none of it.
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRecord, ErrorObject, StatementImportResult, StatementList, StatementMappingResult } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { withTenant } from '../../src/platform/db/tenancy';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List = { items: EntityRecord[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let group: string;
let eur: string;
let usd: string;
const banks: Record<string, string> = {};
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, who = admin, host = () => tenant.host) => call<T>(t.app, host(), method, url, body, who);

const SAMPLES = ((): URL => {
  for (let up = '../'; up.length < 60; up += '../') {
    const dir = new URL(`${up}shared/samples/bank/`, import.meta.url);
    if (existsSync(new URL('expected.json', dir))) return dir;
  }
  throw new Error('shared/samples/bank not found above the repository');
})();
const sample = (name: string) => readFileSync(new URL(name, SAMPLES));

async function upload<T = StatementImportResult>(action: 'preview' | 'import', bank: string, file: Buffer | string, fileName: string, extra = '', who = admin, host = tenant.host) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/cm/bank-statements/${action}?bank=${bank}&fileName=${encodeURIComponent(fileName)}${extra}`,
    headers: { host, authorization: `Bearer ${who.token}`, token: who.tenantId, 'content-type': 'application/octet-stream' },
    payload: typeof file === 'string' ? Buffer.from(file) : file,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as T };
}

const query = <T>(q: ReturnType<typeof sql>) => withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) => rowsOf<T>(await tx.execute(q)));
const counts = async () => (await query<{ s: number; l: number }>(sql`select (select count(*)::int from bank_statements) as s, (select count(*)::int from bank_statement_lines) as l`))[0]!;

/** An MT940 statement for `account` with lines of signed amounts (decimal comma), from one day to the next. */
function mt940(ref: string, account: string, currency: string, opening: string, from: string, lines: string[], closing: string, to: string): string {
  const bal = (v: string, d: string) => `${v.startsWith('-') ? 'D' : 'C'}${d}${currency}${v.replace('-', '')}`;
  return [
    `:20:${ref}`, `:25:${account}`, ':28C:1/1', `:60F:${bal(opening, from)}`,
    ...lines.flatMap((a, i) => [`:61:${to}${to.slice(2)}${a.startsWith('-') ? 'D' : 'C'}${a.replace('-', '')}NTRFREF${ref}${i}//B${ref}${i}`, `:86:/NAME/Party ${i}/REMI/Invoice ${ref}-${i}/`]),
    `:62F:${bal(closing, to)}`, '-',
  ].join('\r\n');
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'STMT'));
  const currencies = (await api<List>('GET', '/gl/currencies?limit=200')).body.items;
  eur = currencies.find((c) => c.code === 'EUR')!.id;
  usd = currencies.find((c) => c.code === 'USD')!.id;
  const accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a.id]));
  group = (await api<EntityRecord>('POST', '/cm/bank-groups', { code: 'OPS', name: 'Operating' })).body.id;
  const bank = async (code: string, accountNumber: string, currency: string) => {
    const res = await api<EntityRecord>('POST', '/cm/banks', { code, name: `Bank ${code}`, bankGroup: group, account: accounts.get('1020'), currency, accountNumber });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    banks[code] = res.body.id;
  };
  // The samples' IBANs fail their checksum (made up by their authors): the banks hold the national account numbers they end with.
  await bank('ING', '0574908765', eur);
  await bank('ABN', '574908765', eur);
  await bank('CHAIN', '0123456789', eur);
  await bank('CSV', '123456789', usd);
});
afterAll(() => t.close());

describe('statement import', () => {
  it('previews the ING MT940 file without writing, imports it once, and a second import imports nothing', async () => {
    const before = await counts();
    const preview = await upload('preview', banks.ING!, sample('mt940_oca_ing_eur.940'), 'test-ing.940');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ format: 'MT940', failed: false, statementsImported: 0, linesImported: 0 });
    const [s] = preview.body.statements;
    expect(s).toMatchObject({ bankId: banks.ING, account: 'NL77INGB0574908765', currency: 'EUR', opening: '662.23', closing: '564.35', lineCount: 8, newLineCount: 8, credit: '36.58', debit: '-134.46' });
    expect(s!.checks.filter((c) => c.outcome === 'Failed')).toEqual([]);
    expect(await counts()).toEqual(before);

    const imported = await upload('import', banks.ING!, sample('mt940_oca_ing_eur.940'), 'test-ing.940');
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ statementsImported: 1, linesImported: 8 });
    const lines = await query<{ amount_minor: string; state: string }>(sql`select amount_minor::text, state from bank_statement_lines where statement_id = ${imported.body.statementIds[0]}::uuid order by line_no`);
    expect(lines.map((l) => l.amount_minor)).toEqual(['156', '-157', '157', '-114', '145', '-1275', '3200', '-11900']);
    expect(new Set(lines.map((l) => l.state))).toEqual(new Set(['Unreconciled']));

    const again = await upload('import', banks.ING!, sample('mt940_oca_ing_eur.940'), 'test-ing.940');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ statementsImported: 0, linesImported: 0, failed: false });
    expect(again.body.statements[0]).toMatchObject({ alreadyImported: true, duplicateCount: 8, newLineCount: 0 });
    expect(await counts()).toEqual({ s: before.s + 1, l: before.l + 8 });

    const list = await api<StatementList>('GET', `/cm/bank-statements?bank=${banks.ING}`);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ bankCode: 'ING', statementRef: 'P140220000000001', opening: '662.23', closing: '564.35', lineCount: 8, unreconciledCount: 8, status: 'Open', importedAnyway: false });
  });

  it('refuses the CAMT file whose balances do not add up, writing nothing; importing it anyway records who and why, audited', async () => {
    const before = await counts();
    const preview = await upload('preview', banks.ABN!, sample('camt053_oca_abnamro_eur.xml'), 'test-camt053.xml');
    expect(preview.status).toBe(200);
    expect(preview.body.failed).toBe(true);
    const balance = preview.body.statements[0]!.checks.find((c) => c.code === 'Balance')!;
    expect(balance).toEqual({ code: 'Balance', outcome: 'Failed', message: 'Opening 15568.27 + lines -12.99 = 15555.28, not the closing 15121.12 (a difference of -434.16)' });
    expect(preview.body.statements[0]!.lineCount).toBe(4);

    const refused = await upload<ErrorObject>('import', banks.ABN!, sample('camt053_oca_abnamro_eur.xml'), 'test-camt053.xml');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('Nothing was imported: 1234Test/1: Opening 15568.27 + lines -12.99 = 15555.28, not the closing 15121.12');
    expect(await counts()).toEqual(before);

    const noReason = await upload<ErrorObject>('import', banks.ABN!, sample('camt053_oca_abnamro_eur.xml'), 'test-camt053.xml', '&importAnyway=true');
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('reason');

    const reason = 'Bank confirmed the closing balance by phone';
    const anyway = await upload('import', banks.ABN!, sample('camt053_oca_abnamro_eur.xml'), 'test-camt053.xml', `&importAnyway=true&reason=${encodeURIComponent(reason)}`);
    expect(anyway.status).toBe(200);
    expect(anyway.body).toMatchObject({ statementsImported: 1, linesImported: 4 });
    const [row] = await query<{ imported_anyway: boolean; override_reason: string; override_by: string }>(sql`select imported_anyway, override_reason, override_by from bank_statements where id = ${anyway.body.statementIds[0]}::uuid`);
    expect(row).toEqual({ imported_anyway: true, override_reason: reason, override_by: expect.any(String) });
    const audit = await query<{ after: { importedAnyway?: boolean; reason?: string } }>(sql`select after from audit_log where entity = 'bank_statements' and record_id = ${anyway.body.statementIds[0]}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ importedAnyway: true, reason });
  });

  it("refuses a statement of another account or currency than the bank's", async () => {
    const before = await counts();
    const foreign = await upload('preview', banks.ING!, mt940('X1', 'NL91ABNA0417164300', 'EUR', '0,00', '260101', ['5,00'], '5,00', '260102'), 'x1.940');
    expect(foreign.body.failed).toBe(true);
    expect(foreign.body.statements[0]!.checks.find((c) => c.code === 'Account')).toMatchObject({ outcome: 'Failed', message: "The statement is for account NL91ABNA0417164300, not bank ING's account 0574908765" });
    const dollars = await upload<ErrorObject>('import', banks.ING!, mt940('X2', 'NL77INGB0574908765USD', 'USD', '0,00', '260101', ['5,00'], '5,00', '260102'), 'x2.940');
    expect(dollars.status).toBe(422);
    expect(dollars.body.message).toContain('The statement is in USD; bank ING holds EUR');
    expect(await counts()).toEqual(before);
  });

  it('reports a gap and an overlap against the last imported closing', async () => {
    const first = await upload('import', banks.CHAIN!, mt940('C1', 'NL02ABNA0123456789', 'EUR', '100,00', '260109', ['50,00'], '150,00', '260110'), 'c1.940');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.statements[0]!.checks.find((c) => c.code === 'Continuity')).toMatchObject({ outcome: 'Passed', message: 'The first statement imported for this bank' });
    const next = await upload('preview', banks.CHAIN!, mt940('C2', 'NL02ABNA0123456789', 'EUR', '150,00', '260110', ['-20,00'], '130,00', '260111'), 'c2.940');
    expect(next.body.failed).toBe(false);
    const gap = await upload('preview', banks.CHAIN!, mt940('C3', 'NL02ABNA0123456789', 'EUR', '200,00', '260114', ['1,00'], '201,00', '260115'), 'c3.940');
    expect(gap.body.statements[0]!.checks.find((c) => c.code === 'Continuity')).toMatchObject({ outcome: 'Failed', message: expect.stringContaining('Opening 200.00 is not the closing 150.00 of the last imported statement C1: a gap') });
    const overlap = await upload('preview', banks.CHAIN!, mt940('C4', 'NL02ABNA0123456789', 'EUR', '120,00', '260104', ['1,00'], '121,00', '260105'), 'c4.940');
    const o = overlap.body.statements[0]!.checks.find((c) => c.code === 'Continuity')!;
    expect(o.outcome).toBe('Failed');
    expect(o.message).toContain('an overlap');
    // Two statements of one file chain: the second continues the first, not the database's last.
    const both = await upload('preview', banks.CHAIN!, [mt940('C5', 'NL02ABNA0123456789', 'EUR', '150,00', '260110', ['-20,00'], '130,00', '260111'), mt940('C6', 'NL02ABNA0123456789', 'EUR', '130,00', '260111', ['5,00'], '135,00', '260112')].join('\r\n'), 'c56.940');
    expect(both.body.statements.map((s) => s.checks.find((c) => c.code === 'Continuity')!.outcome)).toEqual(['Passed', 'Passed']);
  });

  it("reads a CSV through the bank's saved mapping, refusing it until one is saved", async () => {
    const none = await upload<ErrorObject>('preview', banks.CSV!, sample('csv_oca_debit_credit_amount.csv'), 'debit_credit.csv');
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('save the bank\'s CSV/XLSX mapping first');
    const bad = await api<ErrorObject>('PUT', `/cm/statement-mappings/${banks.CSV}`, { dateColumn: 'Date', amountMode: 'InOut', amountInColumn: 'Debit' });
    expect(bad.status).toBe(400);
    const mapping = { dateFormat: 'MM/DD/YYYY', dateColumn: 'Date', amountMode: 'InOut', amountInColumn: 'Debit', amountOutColumn: 'Credit', balanceColumn: 'Balance', descriptionColumn: 'Label', counterpartyColumn: 'Partner Name' };
    const saved = await api<StatementMappingResult>('PUT', `/cm/statement-mappings/${banks.CSV}`, mapping);
    expect(saved.status).toBe(200);
    expect((await api<StatementMappingResult>('GET', `/cm/statement-mappings/${banks.CSV}`)).body.mapping).toMatchObject(mapping);
    const imported = await upload('import', banks.CSV!, sample('csv_oca_debit_credit_amount.csv'), 'debit_credit.csv');
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.statements[0]).toMatchObject({ opening: '10.00', closing: '1510.00', lineCount: 4, currency: 'USD' });
    expect(imported.body.linesImported).toBe(4);
  });

  it('keeps statements to their tenant and company', async () => {
    const other = await adminOf(t, 'OTHER');
    const host = () => other.tenant.host;
    const theirs = await upload<ErrorObject>('preview', banks.ING!, sample('mt940_oca_ing_eur.940'), 'test-ing.940', '', other.admin, other.tenant.host);
    expect(theirs.status).toBe(404);
    const list = await api<StatementList>('GET', '/cm/bank-statements', undefined, other.admin, host);
    expect(list.body.total).toBe(0);
    const mapping = await api<ErrorObject>('GET', `/cm/statement-mappings/${banks.CSV}`, undefined, other.admin, host);
    expect(mapping.status).toBe(404);
  });
});
