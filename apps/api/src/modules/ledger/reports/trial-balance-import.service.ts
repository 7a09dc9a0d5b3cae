import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney, JOURNAL_LINES_MAX, parseMoney, type JournalInput, type JournalView, type TbImportRequest, type TbImportResult } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { AppError, badRequest, unprocessable } from '../../../platform/http/errors';
import { parseTabular, type Table } from '../../../platform/kit/tabular-files';
import { accounts } from '../setup/setup.tables';
import { companyLedger } from '../posting/posting-context';
import type { Actor } from '../../../platform/http/actor';
import { createDocument, postDocument } from '../../../platform/kit/documents';
import { journalBinding } from '../journals/journals.document';
import { groupThousands } from './trial-balance-export';

type CellError = { row: number; field: string; message: string };
type Parsed = { row: number; account: string; accountCode: string; accountName: string; currency: string; debit: string; credit: string; debitMinor: bigint; creditMinor: bigint; description?: string };

/** Accepted headers of each column, lower case: the template's names first. */
const COLUMNS = {
  account: ['account', 'account code', 'code'],
  debit: ['debit'],
  credit: ['credit'],
  currency: ['currency'],
  description: ['description', 'name'],
} as const;
type Column = keyof typeof COLUMNS;

function columnsOf(t: Table, errors: CellError[]): Partial<Record<Column, number>> {
  const found: Partial<Record<Column, number>> = {};
  t.headers.forEach((h, i) => {
    const key = (Object.keys(COLUMNS) as Column[]).find((c) => (COLUMNS[c] as readonly string[]).includes(h.trim().toLowerCase()));
    if (key && found[key] === undefined) found[key] = i;
  });
  for (const c of ['account', 'debit', 'credit'] as const) if (found[c] === undefined) errors.push({ row: 1, field: c, message: `The column ${c[0]!.toUpperCase()}${c.slice(1)} is missing` });
  return found;
}

/** A cell as minor units: blank is zero; thousands separators are allowed; negative amounts are not. */
function amountOf(text: string, scale: number): bigint | string {
  const clean = text.replace(/[,\s]/g, '');
  if (clean === '') return 0n;
  if (clean.startsWith('-')) return 'must not be negative: put it in the other column';
  try {
    return parseMoney(clean, scale);
  } catch {
    return `${text} is not an amount with at most ${scale} decimals`;
  }
}

async function accountsByCode(tx: Tx, actor: Actor, codes: string[]) {
  if (codes.length === 0) return new Map<string, { id: string; code: string; name: string; kind: string; active: boolean }>();
  const rows = await tx
    .select({ id: accounts.id, code: accounts.code, name: accounts.name, kind: accounts.kind, active: accounts.active })
    .from(accounts)
    .where(and(eq(accounts.companyId, actor.companyId), inArray(sql`lower(${accounts.code})`, codes.map((c) => c.toLowerCase()))));
  return new Map(rows.map((r) => [r.code.toLowerCase(), r]));
}

/** Every row checked on its own: account known and postable, one side, a known currency. */
async function parseRows(tx: Tx, actor: Actor, t: Table, cols: Partial<Record<Column, number>>, errors: CellError[]) {
  const ledger = await companyLedger(tx, actor);
  const cell = (cells: string[], c: Column) => (cols[c] === undefined ? '' : (cells[cols[c]] ?? '').trim());
  const known = await accountsByCode(tx, actor, [...new Set(t.rows.map((r) => cell(r, 'account')).filter(Boolean))]);
  const parsed: Parsed[] = [];
  let skipped = 0;
  t.rows.forEach((cells, i) => {
    const row = i + 2;
    const rowErrors: CellError[] = [];
    const code = cell(cells, 'account');
    const currency = (cell(cells, 'currency') || ledger.baseCurrency).toUpperCase();
    const scale = ledger.scales[currency];
    if (scale === undefined) rowErrors.push({ row, field: 'currency', message: `Currency ${currency} is unknown or inactive` });
    const debit = amountOf(cell(cells, 'debit'), scale ?? 2);
    const credit = amountOf(cell(cells, 'credit'), scale ?? 2);
    if (typeof debit === 'string') rowErrors.push({ row, field: 'debit', message: `Debit ${debit}` });
    if (typeof credit === 'string') rowErrors.push({ row, field: 'credit', message: `Credit ${credit}` });
    if (debit === 0n && credit === 0n) {
      // A trial balance lists accounts at zero too: such a row carries nothing to import.
      if (rowErrors.length === 0) skipped += 1;
      else errors.push(...rowErrors);
      return;
    }
    if (typeof debit === 'bigint' && typeof credit === 'bigint' && debit > 0n && credit > 0n) rowErrors.push({ row, field: 'credit', message: 'A row has a debit or a credit, not both' });
    const account = known.get(code.toLowerCase());
    if (!code) rowErrors.push({ row, field: 'account', message: 'Please supply the account code' });
    else if (!account) rowErrors.push({ row, field: 'account', message: `No account with code ${code}` });
    else if (account.kind !== 'Posting') rowErrors.push({ row, field: 'account', message: `Account ${account.code} is a header account` });
    else if (!account.active) rowErrors.push({ row, field: 'account', message: `Account ${account.code} is inactive` });
    errors.push(...rowErrors);
    if (rowErrors.length > 0 || !account || typeof debit !== 'bigint' || typeof credit !== 'bigint') return;
    const description = cell(cells, 'description');
    parsed.push({
      row, account: account.id, accountCode: account.code, accountName: account.name, currency, debitMinor: debit, creditMinor: credit,
      debit: debit > 0n ? formatMoney(debit, scale!) : '', credit: credit > 0n ? formatMoney(credit, scale!) : '', ...(description ? { description: description.slice(0, 500) } : {}),
    });
  });
  return { parsed, skipped, scales: ledger.scales };
}

function totalsOf(parsed: Parsed[], scales: Record<string, number>) {
  const sums = new Map<string, { d: bigint; c: bigint }>();
  for (const p of parsed) {
    const s = sums.get(p.currency) ?? { d: 0n, c: 0n };
    s.d += p.debitMinor;
    s.c += p.creditMinor;
    sums.set(p.currency, s);
  }
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, s]) => ({ currency, d: s.d, c: s.c, scale: scales[currency] ?? 2 }));
}

class DryRun extends Error {}

/**
 * The journal through the posting engine: in a savepoint that is rolled back for a preview, or for
 * real. A refusal naming a line is reported on the row it came from.
 */
async function throughEngine(tx: Tx, actor: Actor, input: JournalInput, parsed: Parsed[], request: TbImportRequest, errors: CellError[]): Promise<JournalView | null> {
  const run = () => (request.post ? postDocument(journalBinding, tx, actor, input) : createDocument(journalBinding, tx, actor, input));
  try {
    if (!request.dryRun) return await run();
    await tx.transaction(async (sp) => {
      await postDocument(journalBinding, sp, actor, input);
      throw new DryRun();
    });
  } catch (e) {
    if (e instanceof DryRun) return null;
    if (!(e instanceof AppError) || e.statusCode !== 422) throw e;
    const line = /^Line (\d+): (.*)$/.exec(e.message);
    const row = line ? parsed[Number(line[1]) - 1]?.row : undefined;
    errors.push(row ? { row, field: 'account', message: line![2]! } : { row: 0, field: 'journal', message: e.message });
  }
  return null;
}

/**
 * Import of a trial balance as an opening-balance journal (ImportTrialBalance): one line per row
 * (account code, debit, credit, optional currency and description). A preview (dryRun) checks every
 * row and the journal's posting rules and writes nothing; an import with any error is refused
 * whole with the errors in the error object; else a draft, or a posted journal when asked.
 */
export async function importTrialBalance(tx: Tx, actor: Actor, request: TbImportRequest): Promise<TbImportResult> {
  const table = await parseTabular(request.fileName, request.contentBase64);
  if (table.rows.length > JOURNAL_LINES_MAX) throw badRequest(`An import takes at most ${JOURNAL_LINES_MAX} rows`);
  const errors: CellError[] = [];
  const cols = columnsOf(table, errors);
  const { parsed, skipped, scales } = errors.length ? { parsed: [], skipped: 0, scales: {} } : await parseRows(tx, actor, table, cols, errors);
  const totals = totalsOf(parsed, scales);
  const single = totals.length === 1 ? totals[0]! : undefined;
  // Checked on a file whose rows are all valid: with rows left out, the rest cannot balance anyway.
  if (errors.length === 0 && single && single.d !== single.c) {
    const [d, c] = [single.d, single.c].map((v) => groupThousands(formatMoney(v, single.scale)));
    errors.push({ row: 0, field: 'balance', message: `The trial balance does not balance: debits ${d} and credits ${c} ${single.currency} differ by ${groupThousands(formatMoney(single.d > single.c ? single.d - single.c : single.c - single.d, single.scale))}` });
  }
  if (errors.length === 0 && parsed.length < 2) errors.push({ row: 0, field: 'journal', message: 'The file needs at least two rows with an amount' });
  const input: JournalInput = {
    kind: 'OpeningBalance', journalDate: request.journalDate, description: request.description?.trim() || `Opening balances from ${request.fileName}`.slice(0, 500), reference: request.fileName.slice(0, 100),
    lines: parsed.map((p) => ({ account: p.account, currency: p.currency, ...(p.debit ? { debit: p.debit } : { credit: p.credit }), ...(p.description ? { description: p.description } : {}) })),
  };
  const journal = errors.length === 0 ? await throughEngine(tx, actor, input, parsed, request, errors) : null;
  errors.sort((a, b) => a.row - b.row);
  if (!request.dryRun && errors.length > 0) {
    const shown = errors.slice(0, 10).map((e) => (e.row > 0 ? `Row ${e.row}: ${e.message}` : e.message));
    throw unprocessable(`The trial balance was not imported: ${shown.join('; ')}${errors.length > 10 ? `; and ${errors.length - 10} more` : ''}`);
  }
  return {
    rows: table.rows.length, valid: parsed.length, skipped, errors, journal,
    lines: parsed.slice(0, 200).map(({ row, accountCode, accountName, currency, debit, credit }) => ({ row, accountCode, accountName, currency, debit, credit })),
    totals: totals.map((s) => ({ currency: s.currency, debit: formatMoney(s.d, s.scale), credit: formatMoney(s.c, s.scale) })),
  };
}
