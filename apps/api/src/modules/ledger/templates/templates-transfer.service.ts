import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney, journalTemplateInputSchema, type ImportRequest, type ImportResult, type JournalTemplateInput } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { containsPattern } from '../../../platform/db/search';
import { AppError, badRequest } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { parseTabular, type Table } from '../../../platform/kit/tabular-files';
import { accounts, taxes } from '../setup/setup.tables';
import { journalTemplateLines, journalTemplates } from './templates.tables';
import { companyLedger } from '../posting/posting-context';
import { insertTemplate, replaceTemplate } from './templates.service';
import type { Actor } from '../../../platform/http/actor';

/*
 * Templates travel as one row per line, the template's own columns repeated on each of its rows:
 * an export reads back as an import. Accounts and taxes are written by code, dimensions as
 * GROUP=CODE pairs separated by semicolons.
 */
export const TEMPLATE_COLUMNS = ['Code', 'Name', 'Description', 'Kind', 'Active', 'Account', 'Line description', 'Currency', 'Debit', 'Credit', 'Dimensions', 'Tax'] as const;
type Column = (typeof TEMPLATE_COLUMNS)[number];
const IMPORT_ROWS_MAX = 10_000;

const dimensionsText = (d: Record<string, string>) => Object.keys(d).sort().map((g) => `${g}=${d[g]}`).join(';');

export async function exportTemplates(tx: Tx, actor: Actor, search: string | undefined): Promise<Table> {
  const { scales } = await companyLedger(tx, actor);
  const pattern = search?.trim() ? containsPattern(search.trim()) : undefined;
  const rows = await tx
    .select({ t: journalTemplates, l: journalTemplateLines, account: accounts.code, tax: taxes.code })
    .from(journalTemplateLines)
    .innerJoin(journalTemplates, eq(journalTemplates.id, journalTemplateLines.templateId))
    .innerJoin(accounts, eq(accounts.id, journalTemplateLines.accountId))
    .leftJoin(taxes, eq(taxes.id, journalTemplateLines.taxId))
    .where(and(eq(journalTemplates.companyId, actor.companyId), pattern ? sql`(${journalTemplates.code} ilike ${pattern} or ${journalTemplates.name} ilike ${pattern} or ${journalTemplates.description} ilike ${pattern})` : undefined))
    .orderBy(asc(journalTemplates.code), asc(journalTemplateLines.lineNo));
  const money = (v: bigint | null, c: string) => (v === null ? '' : formatMoney(v, scales[c] ?? 2));
  return {
    headers: [...TEMPLATE_COLUMNS],
    rows: rows.map(({ t, l, account, tax }) => [
      t.code, t.name, t.description ?? '', t.kind, t.active ? 'Yes' : 'No', account, l.description ?? '', l.currency,
      money(l.debitMinor, l.currency), money(l.creditMinor, l.currency), dimensionsText(l.dimensions), tax ?? '',
    ]),
  };
}

type CellError = ImportResult['errors'][number];
type Group = { code: string; rowNos: number[]; input?: JournalTemplateInput };

function columnIndex(headers: string[], errors: CellError[]): Map<Column, number> {
  const index = new Map<Column, number>();
  headers.forEach((h, i) => {
    const column = TEMPLATE_COLUMNS.find((c) => c.toLowerCase() === h.trim().toLowerCase());
    if (column) index.set(column, i);
    else if (h.trim() !== '') errors.push({ row: 1, field: h, message: `Unknown column ${h}` });
  });
  for (const required of ['Code', 'Name', 'Account', 'Currency'] as const) {
    if (!index.has(required)) errors.push({ row: 1, field: required, message: `The column ${required} is missing` });
  }
  return index;
}

/** Code (lower case) -> id of the company's rows of a table with a code. */
async function idsByCode(tx: Tx, scope: KitScope, table: typeof accounts | typeof taxes, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await tx.select({ id: table.id, code: table.code }).from(table).where(and(eq(table.companyId, scope.companyId), inArray(sql`lower(${table.code})`, codes.map((c) => c.toLowerCase()))));
  return new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
}

function parseDimensions(text: string): Record<string, string> | undefined {
  if (!text) return undefined;
  const pairs = text.split(';').map((p) => p.trim()).filter(Boolean).map((p) => p.split('=').map((s) => s.trim()));
  if (pairs.some((p) => p.length !== 2 || !p[0] || !p[1])) throw new Error('Dimensions are GROUP=CODE pairs separated by semicolons');
  return Object.fromEntries(pairs);
}

/** The file's column of a schema field, so a cell is reported once, by the name the file uses. */
const headerColumn: Record<string, Column> = { code: 'Code', name: 'Name', description: 'Description', kind: 'Kind', active: 'Active' };
const lineColumn: Record<string, Column> = { account: 'Account', description: 'Line description', currency: 'Currency', debit: 'Debit', credit: 'Credit', dimensions: 'Dimensions', tax: 'Tax' };

const yes = (text: string) => (text === '' ? undefined : /^(yes|true|1|y)$/i.test(text));

/** The file's rows as one input per template code, with an error per row and cell that cannot be read. */
async function readGroups(tx: Tx, scope: KitScope, table: Table, errors: CellError[]): Promise<Group[]> {
  const col = columnIndex(table.headers, errors);
  if (errors.length > 0) return [];
  const cell = (cells: string[], c: Column) => (col.has(c) ? (cells[col.get(c)!] ?? '').trim() : '');
  const accountIds = await idsByCode(tx, scope, accounts, [...new Set(table.rows.map((r) => cell(r, 'Account')).filter(Boolean))]);
  const taxIds = await idsByCode(tx, scope, taxes, [...new Set(table.rows.map((r) => cell(r, 'Tax')).filter(Boolean))]);
  const groups = new Map<string, { group: Group; raw: Record<string, unknown>; lines: Record<string, unknown>[] }>();
  table.rows.forEach((cells, i) => {
    const rowNo = i + 2;
    const code = cell(cells, 'Code');
    const key = code.toLowerCase();
    const entry = groups.get(key) ?? { group: { code, rowNos: [] }, raw: { code, name: cell(cells, 'Name'), description: cell(cells, 'Description') || undefined, kind: cell(cells, 'Kind') || undefined, active: yes(cell(cells, 'Active')) }, lines: [] };
    groups.set(key, entry);
    entry.group.rowNos.push(rowNo);
    const account = cell(cells, 'Account');
    const tax = cell(cells, 'Tax');
    if (account && !accountIds.has(account.toLowerCase())) errors.push({ row: rowNo, field: 'Account', message: `No account with code ${account}` });
    if (tax && !taxIds.has(tax.toLowerCase())) errors.push({ row: rowNo, field: 'Tax', message: `No tax with code ${tax}` });
    let dimensions: Record<string, string> | undefined;
    try {
      dimensions = parseDimensions(cell(cells, 'Dimensions'));
    } catch (e) {
      errors.push({ row: rowNo, field: 'Dimensions', message: (e as Error).message });
    }
    entry.lines.push({
      account: accountIds.get(account.toLowerCase()) ?? account, description: cell(cells, 'Line description') || undefined, currency: cell(cells, 'Currency'),
      debit: cell(cells, 'Debit') || undefined, credit: cell(cells, 'Credit') || undefined, dimensions, tax: taxIds.get(tax.toLowerCase()),
    });
  });
  return [...groups.values()].map(({ group, raw, lines }) => {
    const parsed = journalTemplateInputSchema.safeParse({ ...raw, lines });
    if (parsed.success) return { ...group, input: parsed.data };
    for (const issue of parsed.error.issues) {
      const [first, lineIndex, field] = issue.path;
      const rowNo = first === 'lines' && typeof lineIndex === 'number' ? group.rowNos[lineIndex] ?? group.rowNos[0]! : group.rowNos[0]!;
      const column = first === 'lines' ? (field === undefined ? 'Code' : lineColumn[String(field)] ?? 'Account') : headerColumn[String(first)] ?? 'Code';
      if (!errors.some((e) => e.row === rowNo && e.field === column)) errors.push({ row: rowNo, field: column, message: issue.message });
    }
    return group;
  });
}

class RollBack extends Error {}

/** Writes one template in a savepoint: a new code is created, a known one replaced; a refusal is reported on its row. */
async function writeGroup(tx: Tx, scope: KitScope, group: Group, errors: CellError[]): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      const [existing] = await sp.select({ id: journalTemplates.id }).from(journalTemplates).where(and(eq(journalTemplates.companyId, scope.companyId), sql`lower(${journalTemplates.code}) = lower(${group.code})`));
      if (existing) await replaceTemplate(sp, scope, existing.id, group.input!);
      else await insertTemplate(sp, scope, group.input!);
    });
    return true;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const line = /^Line (\d+):/.exec(e.message);
    errors.push({ row: group.rowNos[line ? Number(line[1]) - 1 : 0] ?? group.rowNos[0]!, field: 'Code', message: e.message });
    return false;
  }
}

/**
 * Import with a preview, like the kit's: every row is read and every template tried in a
 * savepoint; a dry run, or an all-or-nothing import with any error, rolls everything back.
 */
export async function importTemplates(tx: Tx, actor: Actor, request: ImportRequest): Promise<ImportResult> {
  const table = await parseTabular(request.fileName, request.contentBase64);
  if (table.rows.length > IMPORT_ROWS_MAX) throw badRequest(`An import takes at most ${IMPORT_ROWS_MAX} rows`);
  const errors: CellError[] = [];
  const groups = await readGroups(tx, actor, table, errors);
  const readable = groups.filter((g) => g.input && !errors.some((e) => g.rowNos.includes(e.row)));
  // valid counts rows (as the kit's import does), written counts templates.
  let written = 0;
  let valid = 0;
  try {
    await tx.transaction(async (sp) => {
      for (const group of readable) {
        if (!(await writeGroup(sp, actor, group, errors))) continue;
        valid += group.rowNos.length;
        written++;
      }
      if (request.dryRun || (request.mode === 'all' && errors.length > 0)) throw new RollBack();
    });
  } catch (e) {
    if (!(e instanceof RollBack)) throw e;
    written = 0;
  }
  const preview = readable.slice(0, 50).map((g) => ({ row: g.rowNos[0]!, code: g.input!.code, name: g.input!.name, kind: g.input!.kind, lines: g.input!.lines.length }));
  return { rows: table.rows.length, valid, written, errors: errors.sort((a, b) => a.row - b.row), preview };
}
