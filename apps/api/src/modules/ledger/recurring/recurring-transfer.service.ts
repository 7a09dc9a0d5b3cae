import { and, eq, inArray, sql } from 'drizzle-orm';
import { recurringJournalInputSchema, type ImportRequest, type ImportResult, type RecurringJournalInput, type RecurringJournalView, type RecurringState } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { AppError, badRequest } from '../../../platform/http/errors';
import { parseTabular, type Table } from '../../../platform/kit/tabular-files';
import { journalTemplates } from '../templates/templates.tables';
import { recurringJournals } from './recurring.tables';
import { allRecurring, insertRecurring, updateRecurring } from './recurring.service';
import type { Actor } from '../../../platform/http/actor';

/*
 * Recurring journals travel one per row, the template by its code. The run columns (state, count,
 * last run and error) are exported for reading; an import ignores them.
 */
const SCHEDULE_COLUMNS = ['Code', 'Description', 'Template', 'Frequency', 'Interval', 'Start date', 'Next date', 'End date', 'Occurrences', 'Mode', 'Active'] as const;
const RUN_COLUMNS = ['State', 'Generated', 'Last run', 'Last error'] as const;
type Column = (typeof SCHEDULE_COLUMNS)[number];
const IMPORT_ROWS_MAX = 10_000;

const exportRow = (v: RecurringJournalView): string[] => [
  v.code, v.description, v.templateCode, v.frequency, String(v.interval), v.startDate, v.nextDate ?? '', v.endDate ?? '', v.occurrences === null ? '' : String(v.occurrences),
  v.mode, v.active ? 'Yes' : 'No', v.state, String(v.occurrencesGenerated), v.lastRunAt ?? '', v.lastError ?? '',
];

export async function exportRecurring(tx: Tx, actor: Actor, q: { search?: string; sort?: string; state?: RecurringState }): Promise<Table> {
  return { headers: [...SCHEDULE_COLUMNS, ...RUN_COLUMNS], rows: (await allRecurring(tx, actor, q)).map(exportRow) };
}

type CellError = ImportResult['errors'][number];
type Parsed = { rowNo: number; input: RecurringJournalInput };

const fieldColumn: Record<string, Column> = {
  code: 'Code', description: 'Description', template: 'Template', frequency: 'Frequency', interval: 'Interval', startDate: 'Start date', nextDate: 'Next date',
  endDate: 'End date', occurrences: 'Occurrences', mode: 'Mode', active: 'Active',
};

function columnIndex(headers: string[], errors: CellError[]): Map<Column, number> {
  const index = new Map<Column, number>();
  headers.forEach((h, i) => {
    const name = h.trim().toLowerCase();
    const column = SCHEDULE_COLUMNS.find((c) => c.toLowerCase() === name);
    if (column) index.set(column, i);
    else if (name !== '' && !RUN_COLUMNS.some((c) => c.toLowerCase() === name)) errors.push({ row: 1, field: h, message: `Unknown column ${h}` });
  });
  for (const required of ['Code', 'Description', 'Template', 'Frequency', 'Start date'] as const) {
    if (!index.has(required)) errors.push({ row: 1, field: required, message: `The column ${required} is missing` });
  }
  return index;
}

async function templateIds(tx: Tx, actor: Actor, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await tx.select({ id: journalTemplates.id, code: journalTemplates.code }).from(journalTemplates).where(and(eq(journalTemplates.companyId, actor.companyId), inArray(sql`lower(${journalTemplates.code})`, codes.map((c) => c.toLowerCase()))));
  return new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
}

const number = (text: string) => (text === '' ? undefined : /^\d+$/.test(text) ? Number(text) : text);

async function readRows(tx: Tx, actor: Actor, table: Table, errors: CellError[]): Promise<Parsed[]> {
  const col = columnIndex(table.headers, errors);
  if (errors.length > 0) return [];
  const cell = (cells: string[], c: Column) => (col.has(c) ? (cells[col.get(c)!] ?? '').trim() : '');
  const templates = await templateIds(tx, actor, [...new Set(table.rows.map((r) => cell(r, 'Template')).filter(Boolean))]);
  const seen = new Map<string, number>();
  const parsed: Parsed[] = [];
  table.rows.forEach((cells, i) => {
    const rowNo = i + 2;
    const rowErrors: CellError[] = [];
    const template = cell(cells, 'Template');
    if (template && !templates.has(template.toLowerCase())) rowErrors.push({ row: rowNo, field: 'Template', message: `No journal template with code ${template}` });
    const active = cell(cells, 'Active');
    const result = recurringJournalInputSchema.safeParse({
      code: cell(cells, 'Code'), description: cell(cells, 'Description'), template: templates.get(template.toLowerCase()) ?? template, frequency: cell(cells, 'Frequency'),
      interval: number(cell(cells, 'Interval')), startDate: cell(cells, 'Start date'), nextDate: cell(cells, 'Next date') || undefined, endDate: cell(cells, 'End date') || null,
      occurrences: number(cell(cells, 'Occurrences')) ?? null, mode: cell(cells, 'Mode') || undefined, active: active === '' ? undefined : /^(yes|true|1|y)$/i.test(active),
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = fieldColumn[String(issue.path[0] ?? 'code')] ?? 'Code';
        if (!rowErrors.some((e) => e.field === field)) rowErrors.push({ row: rowNo, field, message: issue.message });
      }
    }
    const key = cell(cells, 'Code').toLowerCase();
    if (seen.has(key)) rowErrors.push({ row: rowNo, field: 'Code', message: `Duplicate of row ${seen.get(key)}` });
    else seen.set(key, rowNo);
    errors.push(...rowErrors);
    if (rowErrors.length === 0 && result.success) parsed.push({ rowNo, input: result.data });
  });
  return parsed;
}

class RollBack extends Error {}

/** One schedule in a savepoint: a known code is edited, a new one created; a refusal is its row's error. */
async function writeRow(tx: Tx, actor: Actor, row: Parsed, errors: CellError[]): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      const [existing] = await sp.select({ id: recurringJournals.id }).from(recurringJournals).where(and(eq(recurringJournals.companyId, actor.companyId), sql`lower(${recurringJournals.code}) = lower(${row.input.code})`));
      if (existing) await updateRecurring(sp, actor, existing.id, row.input);
      else await insertRecurring(sp, actor, row.input);
    });
    return true;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    errors.push({ row: row.rowNo, field: 'Code', message: e.message });
    return false;
  }
}

/** Import with a preview, like the kit's: a dry run, or an all-or-nothing import with any error, writes nothing. */
export async function importRecurring(tx: Tx, actor: Actor, request: ImportRequest): Promise<ImportResult> {
  const table = await parseTabular(request.fileName, request.contentBase64);
  if (table.rows.length > IMPORT_ROWS_MAX) throw badRequest(`An import takes at most ${IMPORT_ROWS_MAX} rows`);
  const errors: CellError[] = [];
  const parsed = await readRows(tx, actor, table, errors);
  let written = 0;
  try {
    await tx.transaction(async (sp) => {
      for (const row of parsed) if (await writeRow(sp, actor, row, errors)) written++;
      if (request.dryRun || (request.mode === 'all' && errors.length > 0)) throw new RollBack();
    });
  } catch (e) {
    if (!(e instanceof RollBack)) throw e;
  }
  const valid = parsed.length - errors.filter((e) => parsed.some((p) => p.rowNo === e.row)).length;
  const committed = request.dryRun || (request.mode === 'all' && errors.length > 0) ? 0 : written;
  const preview = parsed.slice(0, 50).map((p) => ({ row: p.rowNo, ...p.input }));
  return { rows: table.rows.length, valid, written: committed, errors: errors.sort((a, b) => a.row - b.row), preview };
}
