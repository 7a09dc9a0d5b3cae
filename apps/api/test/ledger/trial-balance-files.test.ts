// Proves the ledger's files: the journal list and drill-down exports hold every line of their filter; the trial balance XLSX, PDF and CSV exports read back to the same amounts, subtotals and totals as the report, and an XLSX trial balance imports as an opening-balance journal, with per-row errors and nothing written when a row is wrong.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv, transformPassword, type EntityRecord, type ErrorObject, type JournalView, type Role } from '@erp/contracts';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { line, openBooks, post, type Books } from './helpers';
import { assertValidPdf, pdfLayout, pdfText } from './pdf-text';
import { sql } from 'drizzle-orm';
import { withSystem } from '../../src/platform/db/tenancy';

type Amounts = { opening: string; debit: string; credit: string; closing: string };
type TB = { balanced: boolean; rows: (Amounts & { code: string; name: string })[]; groups: (Amounts & { code: string; name: string })[]; classes: (Amounts & { code: string; name: string })[]; totals: Amounts };
type ImportResult = { rows: number; valid: number; skipped: number; errors: { row: number; field: string; message: string }[]; lines: { accountCode: string; debit: string; credit: string; currency: string }[]; totals: { currency: string; debit: string; credit: string }[]; journal: JournalView | null };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let viewer: Session;
let books: Books;
const RANGE = 'from=2026-01-01&to=2026-12-31';
const acct = (code: string) => books.accounts.get(code)!;
const api = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, as: Session = admin) => call<T>(t.app, tenant.host, method, url, body, as);
const fetchFile = async (url: string, as: Session = admin) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: tenant.host, authorization: `Bearer ${as.token}`, token: as.tenantId } });
  return { status: res.statusCode, type: res.headers['content-type'], disposition: res.headers['content-disposition'], body: res.rawPayload };
};
const download = (query: string, as: Session = admin) => fetchFile(`/gl/trial-balance/export?${query}`, as);
const csvOf = (body: Buffer) => readCsv(body.toString('utf8').replace(/^\uFEFF/, ''));
const report = async (query = RANGE) => (await api<TB>('GET', `/gl/trial-balance?${query}`)).body;

async function xlsxFile(rows: (string | number)[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('TB');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}
const importTb = (contentBase64: string, extra: object = {}, as: Session = admin) =>
  api<ImportResult & ErrorObject>('POST', '/gl/trial-balance/import', { fileName: 'opening.xlsx', contentBase64, journalDate: '2026-01-01', ...extra }, as);

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'TBFILE'));
  books = await openBooks(t, tenant, admin);
  for (const body of [
    { journalDate: '2026-02-01', description: 'Capital', lines: [line(acct('1010'), 'debit', '1234567.89'), line(acct('3000'), 'credit', '1234567.89')] },
    { journalDate: '2026-03-10', description: 'Sales', lines: [line(acct('1010'), 'debit', '1500'), line(acct('4000'), 'credit', '1500')] },
    { journalDate: '2026-07-15', description: 'EUR services', lines: [line(acct('1300'), 'debit', '100', 'EUR'), line(acct('4100'), 'credit', '100', 'EUR')] },
    { journalDate: '2026-04-01', description: 'Rent', lines: [line(acct('6100'), 'debit', '400.25'), line(acct('1010'), 'credit', '400.25')] },
  ]) expect((await post(t, tenant, admin, body)).status).toBe(200);
  const roles = (await api<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items;
  const p = await transformPassword('Viewer horse 1');
  await api('POST', `/auth/user/create/${p}`, { name: 'Viewer', mailAddress: 'viewer@tbfile.test', password: p, confirmPassword: p, roleID: roles.find((r) => r.name === 'Viewer')!.id });
  viewer = await signIn(t.app, tenant.host, 'viewer@tbfile.test', 'Viewer horse 1');
});
afterAll(() => t.close());

describe('trial balance export', () => {
  it('writes an XLSX with a title, numeric cells at two decimals, group and class subtotals and the totals', async () => {
    const tb = await report();
    const file = await download(`${RANGE}&format=xlsx`);
    expect([file.status, file.type, file.disposition]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'attachment; filename="trial-balance-2026-01-01-2026-12-31.xlsx"']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect([sheet.getCell('A1').value, sheet.getCell('A2').value, sheet.getCell('A3').value]).toEqual(['Trial Balance', expect.stringContaining('TBFILE'), '01/01/26 – 31/12/26 · USD (base currency)']);
    expect(sheet.getRow(6).values).toEqual([undefined, 'Account', 'Name', 'Opening', 'Debit', 'Credit', 'Closing']);
    const byLabel = new Map<string, ExcelJS.Row>();
    sheet.eachRow((row) => byLabel.set(String(row.getCell(1).value ?? '') || String(row.getCell(2).value), row));
    const amounts = (row: ExcelJS.Row) => [3, 4, 5, 6].map((c) => row.getCell(c).value);
    const asNumbers = (a: Amounts) => [a.opening, a.debit, a.credit, a.closing].map(Number);
    for (const r of tb.rows) expect(amounts(byLabel.get(r.code)!), r.code).toEqual(asNumbers(r));
    const cash = byLabel.get('1010')!.getCell(4);
    expect([cash.value, cash.numFmt, cash.type]).toEqual([1236067.89, '#,##0.00;-#,##0.00', ExcelJS.ValueType.Number]);
    const group = tb.groups.find((g) => g.code === '10')!;
    expect(amounts(byLabel.get(`Total 10 ${group.name}`)!)).toEqual(asNumbers(group));
    expect(amounts(byLabel.get('Total Revenue')!)).toEqual(asNumbers(tb.classes.find((c) => c.code === '4')!));
    expect(amounts(byLabel.get('Total')!)).toEqual(asNumbers(tb.totals));
    expect(tb.totals.closing).toBe('0.00');
  });

  it('writes a PDF with the title, company, range and totals', async () => {
    const tb = await report();
    const file = await download(`${RANGE}&format=pdf`);
    expect([file.status, file.type]).toEqual([200, 'application/pdf']);
    assertValidPdf(file.body);
    const text = pdfText(file.body).flat();
    expect(text.slice(0, 4)).toEqual(['Trial Balance', expect.stringContaining('TBFILE'), '01/01/26 – 31/12/26 · USD (base currency)', 'Balanced']);
    const total = text.indexOf('Total');
    expect(total).toBeGreaterThan(0);
    expect(text.slice(total + 1, total + 5)).toEqual(['0.00', '1,236,588.14', '1,236,588.14', '0.00']);
    expect([tb.totals.debit, tb.totals.credit]).toEqual(['1236588.14', '1236588.14']);
    expect(text).toContain(`Total 10 ${tb.groups.find((g) => g.code === '10')!.name}`);
    expect(text.some((s) => /^Page 1 of \d+$/.test(s))).toBe(true);
  });

  it('keeps every column, rule and footer of the PDF between the page margins, the amounts ending where the rules end', async () => {
    const file = await download(`${RANGE}&format=pdf&includeZero=true`);
    const margin = 36;
    for (const page of pdfLayout(file.body)) {
      const right = page.width - margin;
      expect(page.runs.length).toBeGreaterThan(0);
      for (const run of page.runs) {
        expect(run.x, run.text).toBeGreaterThanOrEqual(margin - 0.01);
        expect(run.right, run.text).toBeLessThanOrEqual(right + 0.01);
      }
      const rules = page.rules.filter((r) => r.y1 === r.y2);
      expect(rules.length).toBeGreaterThan(0);
      for (const rule of rules) expect(Math.max(rule.x1, rule.x2)).toBeLessThanOrEqual(right + 0.01);
      const closing = page.runs.find((r) => r.text === 'Closing')!;
      expect(closing.right).toBeCloseTo(right, 0);
      expect(page.runs.find((r) => /^Page \d+ of \d+$/.test(r.text))!.right).toBeCloseTo(right, 0);
    }
  });

  it("writes the PDF's dates and amounts in the company's date format and locale", async () => {
    const own = (await api<{ id: string; code: string; description: string; dateFormat: string; locale: string }>('GET', '/gl/GetFullCompany')).body;
    const company = { id: own.id, code: own.code, description: own.description };
    expect((await api('POST', '/gl/SaveCompanies', [{ ...company, dateFormat: 'dd.mm.yyyy', locale: 'de-DE' }])).status).toBe(200);
    try {
      const text = pdfText((await download(`${RANGE}&format=pdf`)).body).flat();
      expect(text[2]).toBe('01.01.2026 – 31.12.2026 · USD (base currency)');
      const total = text.indexOf('Total');
      expect(text.slice(total + 1, total + 5)).toEqual(['0,00', '1.236.588,14', '1.236.588,14', '0,00']);
      expect(text.some((s) => /Generated \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} UTC$/.test(s))).toBe(true);
    } finally {
      await api('POST', '/gl/SaveCompanies', [{ ...company, dateFormat: own.dateFormat, locale: own.locale }]);
    }
  });

  it('writes CSV with exact decimal amounts, the same filters as the report', async () => {
    const filtered = 'from=2026-01-01&to=2026-12-31&currency=EUR';
    const file = await download(`${filtered}&format=csv`);
    expect([file.status, file.type, file.disposition]).toEqual([200, 'text/csv; charset=utf-8', 'attachment; filename="trial-balance-2026-01-01-2026-12-31-EUR.csv"']);
    const { headers, rows } = readCsv(file.body.toString('utf8').replace(/^\uFEFF/, ''));
    expect(headers).toEqual(['Row', 'Class', 'Group', 'Account', 'Name', 'Opening', 'Debit', 'Credit', 'Closing']);
    const tb = await report(filtered);
    expect(rows.filter((r) => r[0] === 'Account').map((r) => [r[3], r[5], r[6], r[7], r[8]])).toEqual(tb.rows.map((r) => [r.code, r.opening, r.debit, r.credit, r.closing]));
    expect(rows.find((r) => r[0] === 'Account' && r[3] === '4100')!.slice(5)).toEqual(['0.00', '0.00', '100.00', '-100.00']);
    expect(rows.at(-1)).toEqual(['Total', '', '', '', 'Total', tb.totals.opening, tb.totals.debit, tb.totals.credit, tb.totals.closing]);
    const ranged = readCsv((await download(`${RANGE}&fromAccount=4000&toAccount=4999&format=csv`)).body.toString('utf8').replace(/^\uFEFF/, ''));
    expect(ranged.rows.filter((r) => r[0] === 'Account').map((r) => r[3])).toEqual(['4000', '4100']);
  });

  it('needs ExportTrialBalance', async () => {
    expect((await download(`${RANGE}&format=pdf`, viewer)).status).toBe(403);
  });
});

describe('chart balances', () => {
  it("gives each posting account's base balance on a day, the trial balance's closing from the start of the books", async () => {
    type Balances = { currency: string; asOf: string; balances: { account: string; balance: string }[] };
    const year = (await api<Balances>('GET', '/gl/chart-balances?asOf=2026-12-31')).body;
    const tb = await report('from=2025-01-01&to=2026-12-31');
    expect(year, JSON.stringify(year)).toMatchObject({ currency: 'USD', asOf: '2026-12-31' });
    expect(year.balances).toEqual(tb.rows.map((r) => ({ account: (r as unknown as { account: string }).account, balance: r.closing })));
    expect(year.balances.find((b) => b.account === acct('1010').id)!.balance).toBe('1235667.64');
    // Cut inside a period: the rent of 1 April is not in a balance taken on 31 March.
    const march = (await api<Balances>('GET', '/gl/chart-balances?asOf=2026-03-31')).body;
    expect(march.balances.find((b) => b.account === acct('1010').id)!.balance).toBe('1236067.89');
    expect(march.balances.some((b) => b.account === acct('6100').id)).toBe(false);
  });
});

describe('journal and drill-down export', () => {
  it('exports the journals of the filter one row per line: posted lines with base amounts and generated lines, drafts as entered', async () => {
    const draft = (await api<JournalView>('POST', '/gl/journals', { journalDate: '2026-05-05', description: 'Draft accrual', lines: [line(acct('6200'), 'debit', '12.34'), line(acct('2100'), 'credit', '12.34')] })).body;
    const file = await fetchFile('/gl/journals/export?from=2026-01-01&to=2026-12-31&sort=journalDate&format=csv');
    expect([file.status, file.type, file.disposition]).toEqual([200, 'text/csv; charset=utf-8', 'attachment; filename="journals.csv"']);
    const { headers, rows } = csvOf(file.body);
    expect(headers.slice(0, 8)).toEqual(['Number', 'Date', 'Kind', 'Status', 'Journal Description', 'Reference', 'Line', 'Account']);
    const col = (name: string) => headers.indexOf(name);
    expect(rows.map((r) => r[col('Journal Description')])).toEqual(['Capital', 'Capital', 'Sales', 'Sales', 'Rent', 'Rent', 'Draft accrual', 'Draft accrual', 'EUR services', 'EUR services']);
    const capital = rows.filter((r) => r[col('Journal Description')] === 'Capital').map((r) => [r[col('Account')], r[col('Debit')], r[col('Credit')], r[col('Base Debit')], r[col('Base Credit')]]);
    expect(capital).toEqual([['1010', '1234567.89', '', '1234567.89', ''], ['3000', '', '1234567.89', '', '1234567.89']]);
    const eur = rows.filter((r) => r[col('Journal Description')] === 'EUR services');
    expect(eur.map((r) => [r[col('Currency')], r[col('Debit')], r[col('Credit')]])).toEqual([['EUR', '100.00', ''], ['EUR', '', '100.00']]);
    expect(eur.every((r) => r[col('Base Debit')] !== '' || r[col('Base Credit')] !== '')).toBe(true);
    const drafted = rows.filter((r) => r[col('Journal Description')] === 'Draft accrual');
    expect(drafted.map((r) => [r[col('Status')], r[col('Number')], r[col('Debit')], r[col('Base Debit')]])).toEqual([['Draft', '', '12.34', ''], ['Draft', '', '', '']]);
    // Base amounts of the posted lines net to zero, as the ledger does.
    const cents = (v: string) => (v === '' ? 0 : Math.round(Number(v) * 100));
    expect(rows.reduce((sum, r) => sum + cents(r[col('Base Debit')]!) - cents(r[col('Base Credit')]!), 0)).toBe(0);
    const opening = csvOf((await fetchFile('/gl/journals/export?kind=OpeningBalance&format=csv')).body);
    expect(opening.rows).toEqual([]);
    await api('DELETE', `/gl/journals/${draft.id}`);
  });

  it('exports an XLSX workbook of the same rows, and needs the Export label of the kind', async () => {
    const file = await fetchFile('/gl/journals/export?search=Rent&format=xlsx');
    expect([file.status, file.disposition]).toEqual([200, 'attachment; filename="journals.xlsx"']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(String(sheet.getRow(2).getCell(5).value)).toBe('Rent');
    expect((await fetchFile('/gl/journals/export?format=csv', viewer)).status).toBe(403);
  });

  it('exports the drill-down of an account: opening, each line with its running balance, closing equal to the trial balance', async () => {
    const file = await fetchFile(`/gl/accounts/${acct('1010').id}/transactions/export?from=2026-03-01&to=2026-12-31&format=csv`);
    expect([file.status, file.disposition]).toEqual([200, 'attachment; filename="transactions-1010-2026-03-01-2026-12-31.csv"']);
    const { headers, rows } = csvOf(file.body);
    expect(headers).toEqual(['Date', 'Journal', 'Line', 'Description', 'Currency', 'Debit (USD)', 'Credit (USD)', 'Balance (USD)']);
    expect(rows.map((r) => [r[0], r[3], r[5], r[6], r[7]])).toEqual([
      ['2026-03-01', 'Opening balance', '', '', '1234567.89'],
      ['2026-03-10', 'Sales', '1500.00', '', '1236067.89'],
      ['2026-04-01', 'Rent', '', '400.25', '1235667.64'],
      ['2026-12-31', 'Closing balance', '', '', '1235667.64'],
    ]);
    expect((await report()).rows.find((r) => r.code === '1010')!.closing).toBe('1235667.64');
    expect((await fetchFile(`/gl/accounts/${acct('1010').id}/transactions/export?from=2026-03-01&to=2026-12-31`, viewer)).status).toBe(403);
  });
});

describe('trial balance import', () => {
  let fy2027: string;
  beforeAll(async () => {
    fy2027 = (await api<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2027', name: '2027', startDate: '2027-01-01', endDate: '2027-12-31' })).body.id;
    await api('POST', `/gl/fiscal-years/${fy2027}/periods`, { pattern: 'monthly' });
  });

  it('previews a file row by row and reports unknown accounts, both sides and an unbalanced file, writing nothing', async () => {
    const file = await xlsxFile([
      ['Account', 'Debit', 'Credit', 'Currency'],
      ['1010', 1000, '', ''],
      ['9999', 50, '', ''],
      ['6100', 10, 10, ''],
      ['3000', '', 900, ''],
      ['4000', 0, 0, ''],
      ['1000', 5, '', ''],
      ['1300', '', '', 'XYZ'],
    ]);
    const preview = await importTb(file);
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([
      { row: 3, field: 'account', message: 'No account with code 9999' },
      { row: 4, field: 'credit', message: 'A row has a debit or a credit, not both' },
      { row: 7, field: 'account', message: 'Account 1000 is a header account' },
      { row: 8, field: 'currency', message: 'Currency XYZ is unknown or inactive' },
    ]);
    expect([preview.body.rows, preview.body.valid, preview.body.skipped]).toEqual([7, 2, 1]);
    const unbalanced = await importTb(await xlsxFile([['Account', 'Debit', 'Credit'], ['1010', 1000, ''], ['3000', '', 900]]));
    expect(unbalanced.body.errors).toEqual([{ row: 0, field: 'balance', message: 'The trial balance does not balance: debits 1,000.00 and credits 900.00 USD differ by 100.00' }]);
    const refused = await importTb(file, { dryRun: false });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The trial balance was not imported: Row 3: No account with code 9999; Row 4: A row has a debit or a credit, not both; Row 7: Account 1000 is a header account; Row 8: Currency XYZ is unknown or inactive');
    expect((await api<{ total: number }>('GET', '/gl/journals?kind=OpeningBalance')).body.total).toBe(0);
  });

  it('reports a posting rule on the row it comes from', async () => {
    const control = await importTb(await xlsxFile([['Account', 'Debit', 'Credit'], ['1010', 10, ''], ['1100', '', 10]]));
    expect(control.body.errors).toEqual([{ row: 3, field: 'account', message: 'account 1100 is a Receivables control account: only its subledger posts to it' }]);
    const noPeriod = await importTb(await xlsxFile([['Account', 'Debit', 'Credit'], ['1010', 10, ''], ['3000', '', 10]]), { journalDate: '2027-03-01' });
    expect(noPeriod.body.errors).toEqual([{ row: 0, field: 'journal', message: 'There is no opening period on 2027-03-01: define the fiscal year and its periods' }]);
  });

  it('imports a multi-currency trial balance as a draft opening-balance journal, then posted', async () => {
    const file = await xlsxFile([
      ['Account Code', 'Debit', 'Credit', 'Currency', 'Description'],
      ['1010', '2,500.00', '', 'USD', 'Cash'],
      ['1300', 1000, '', 'EUR', 'EUR prepayment'],
      ['2100', '', 1200, 'USD', ''],
      ['3000', '', 2500, '', 'Capital'],
    ]);
    const draft = await importTb(file, { dryRun: false, journalDate: '2027-01-01' });
    expect(draft.status, draft.body.message).toBe(200);
    expect(draft.body.journal).toMatchObject({ kind: 'OpeningBalance', status: 'Draft', journalDate: '2027-01-01', reference: 'opening.xlsx' });
    expect(draft.body.totals).toEqual([{ currency: 'EUR', debit: '1000.00', credit: '0.00' }, { currency: 'USD', debit: '2500.00', credit: '3700.00' }]);
    expect(draft.body.journal!.lines.map((l) => [l.accountCode, l.currency, l.debit, l.credit, l.description])).toEqual([
      ['1010', 'USD', '2500.00', '0.00', 'Cash'], ['1300', 'EUR', '1000.00', '0.00', 'EUR prepayment'], ['2100', 'USD', '0.00', '1200.00', null], ['3000', 'USD', '0.00', '2500.00', 'Capital'],
    ]);
    const posted = await importTb(file, { dryRun: false, post: true, journalDate: '2027-01-01', description: 'Opening balances 2027' });
    expect(posted.body.journal).toMatchObject({ kind: 'OpeningBalance', status: 'Posted', period: 'Opening', description: 'Opening balances 2027' });
    const tb = await report('from=2027-01-01&to=2027-12-31');
    expect(tb.balanced).toBe(true);
    const moved = (code: string) => tb.rows.find((r) => r.code === code)!;
    // The 2026 closing balances are the opening; the imported journal is the movement of 2027's opening period.
    expect([moved('1300').debit, moved('2100').credit, moved('3000').credit]).toEqual(['1200.00', '1200.00', '2500.00']);
  });

  it('needs ImportTrialBalance', async () => {
    expect((await importTb(await xlsxFile([['Account', 'Debit', 'Credit'], ['1010', 10, ''], ['3000', '', 10]]), {}, viewer)).status).toBe(403);
  });
});

// Last in the file: it writes lines behind the triggers' back (balances not kept), dated in 2028 where nothing else is.
describe('export limits', () => {
  it('refuses a journal export or a drill-down export of more than 100,000 lines, naming the way out', async () => {
    const journalId = '00000000-0000-4000-8000-00000000e0a1';
    await withSystem(t.platform.database.db, async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into journals (tenant_id, company_id, id, number, kind, status, journal_date, period_id, description, base_currency, total_base_minor)
        values (${tenant.tenantId}::uuid, ${tenant.companyId}::uuid, ${journalId}::uuid, 'BIG-1', 'Standard', 'Posted', '2028-01-10', ${books.periods[1]!.id}::uuid, 'Too big to export', 'USD', 0)`);
      await tx.execute(sql`insert into ledger_entries (tenant_id, company_id, journal_id, line_no, entry_date, period_id, account_id, currency, rate, debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id)
        select ${tenant.tenantId}::uuid, ${tenant.companyId}::uuid, ${journalId}::uuid, g, '2028-01-10', ${books.periods[1]!.id}::uuid, ${acct('1010').id}::uuid, 'USD', 1,
          case when g % 2 = 1 then 1 else 0 end, case when g % 2 = 0 then 1 else 0 end, case when g % 2 = 1 then 1 else 0 end, case when g % 2 = 0 then 1 else 0 end, '00000000-0000-0000-0000-000000000000'
        from generate_series(1, 100002) g`);
    });
    const journals = await api<ErrorObject>('GET', '/gl/journals/export?from=2028-01-01&to=2028-12-31&format=csv');
    expect([journals.status, journals.body.message]).toEqual([422, 'The export would hold 100,002 lines, more than 100,000: narrow the filter (dates, kind or status)']);
    const history = await api<ErrorObject>('GET', `/gl/accounts/${acct('1010').id}/transactions/export?from=2028-01-01&to=2028-12-31`);
    expect([history.status, history.body.message]).toEqual([422, 'The account has more than 100,000 lines in this range: narrow the dates']);
  });
});
