import { and, eq, inArray, sql } from 'drizzle-orm';
import { entityInputSchema, fieldOfHeader, rowsCell, type EntityDef, type EntityImportResult, type EntityRecord, type ImportRequest } from '@erp/contracts';
import type { Tx } from '../db/client';
import { recordAudit } from '../audit/audit';
import { AppError, badRequest } from '../http/errors';
import { scopeWhere, toRecord } from './entity-repository';
import { columnOf, type EntityRegistry, type KitBinding, type KitScope } from './registry';
import { parseTabular, type Table } from './tabular-files';

export const IMPORT_ROWS_MAX = 10_000;
type CellError = EntityImportResult['errors'][number];

/** Export: every row of the filter, references written as the referenced record's key. */
export async function exportTable(tx: Tx, registry: EntityRegistry, b: KitBinding, scope: KitScope, records: EntityRecord[]): Promise<Table> {
  const fields = Object.entries(b.def.fields);
  const keys: Record<string, Record<string, string>> = {};
  for (const [field, f] of fields) {
    if (f.type !== 'ref' || !f.ref) continue;
    const ids = [...new Set(records.map((r) => r[field]).filter((v): v is string => typeof v === 'string'))];
    keys[field] = ids.length ? await keysOf(tx, registry.get(f.ref), scope, ids) : {};
  }
  const text = (field: string, v: unknown): string => {
    const f = b.def.fields[field]!;
    if (v === null || v === undefined) return '';
    if (f.type === 'ref') return keys[field]?.[String(v)] ?? '';
    if (f.type === 'boolean') return v ? 'Yes' : 'No';
    if (f.type === 'textList') return (v as string[]).join(';');
    if (f.type === 'rows') return rowsCell(v);
    return String(v);
  };
  return { headers: fields.map(([, f]) => f.label), rows: records.map((r) => fields.map(([k]) => text(k, r[k]))) };
}

async function keysOf(tx: Tx, target: KitBinding, scope: KitScope, ids: string[]) {
  const rows = await tx
    .select({ id: target.table.id, key: columnOf(target.table, target.def.key[0]!) })
    .from(target.table)
    .where(and(inArray(target.table.id, ids), scopeWhere(target, scope)));
  return Object.fromEntries(rows.map((r) => [String(r.id), String(r.key)]));
}

/** Column header -> field, by label or by field name, ignoring case. */
function mapHeaders(def: EntityDef, headers: string[], errors: CellError[]): (string | undefined)[] {
  const mapped = headers.map((h) => {
    const field = fieldOfHeader(def, h);
    if (!field && h.trim() !== '') errors.push({ row: 1, field: h, message: `Unknown column ${h}` });
    return field;
  });
  for (const [k, f] of Object.entries(def.fields)) {
    if (f.required && f.default === undefined && !mapped.includes(k)) errors.push({ row: 1, field: k, message: `The column ${f.label} is missing` });
  }
  return mapped;
}

/** Key (lower case) -> id of the target's records in scope, for the keys the file names. */
async function resolveKeys(tx: Tx, target: KitBinding, scope: KitScope, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const keyCol = columnOf(target.table, target.def.key[0]!);
  const rows = await tx
    .select({ id: target.table.id, key: keyCol })
    .from(target.table)
    .where(and(inArray(sql`lower(${keyCol})`, keys.map((k) => k.toLowerCase())), scopeWhere(target, scope)));
  return new Map(rows.map((r) => [String(r.key).toLowerCase(), String(r.id)]));
}

type Parsed = { rowNo: number; values: Record<string, unknown>; selfRefs: Record<string, string> };

/**
 * Import with a preview (SPEC issue 4): every row is validated first and errors are reported per
 * row and cell; nothing is written unless every row passes, or, in `valid` mode, only the rows
 * that pass. Rows whose natural key exists update that record. One transaction (the caller's).
 */
export async function importEntities(tx: Tx, registry: EntityRegistry, b: KitBinding, scope: KitScope, request: ImportRequest): Promise<EntityImportResult> {
  const table = await parseTabular(request.fileName, request.contentBase64);
  if (table.rows.length > IMPORT_ROWS_MAX) throw badRequest(`An import takes at most ${IMPORT_ROWS_MAX} rows`);
  const errors: CellError[] = [];
  const columns = mapHeaders(b.def, table.headers, errors);
  const schema = entityInputSchema(b.def);
  const refs = await resolveAllRefs(tx, registry, b, scope, table, columns);
  const parsed: Parsed[] = [];
  const seen = new Map<string, number>();

  table.rows.forEach((cells, i) => {
    const rowNo = i + 2;
    const raw: Record<string, unknown> = {};
    const selfRefs: Record<string, string> = {};
    const rowErrors: CellError[] = [];
    columns.forEach((field, c) => {
      if (!field) return;
      const f = b.def.fields[field]!;
      const text = (cells[c] ?? '').trim();
      if (f.type === 'textList') raw[field] = text ? text.split(';').map((s) => s.trim()).filter(Boolean) : [];
      else if (f.type === 'ref' && text) {
        const id = refs.get(field)?.get(text.toLowerCase());
        if (id) raw[field] = id;
        else if (f.ref === b.def.name && fileKeys(b.def, table, columns).has(text.toLowerCase())) selfRefs[field] = text.toLowerCase();
        else rowErrors.push({ row: rowNo, field, message: `No ${f.label} with code ${text}` });
      } else raw[field] = text === '' ? undefined : text;
    });
    const result = schema.safeParse(raw);
    // One message per cell: a reference already reported as unknown is not also "missing".
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (!rowErrors.some((e) => e.field === field)) rowErrors.push({ row: rowNo, field, message: issue.message });
      }
    }
    const key = b.def.key.map((k) => String(raw[k] ?? '').toLowerCase()).join('\u0000');
    // A row that leaves a generated key empty makes a new record with the next number: no duplicate of another.
    const generated = b.def.generatedKey !== undefined && (raw[b.def.generatedKey] === undefined || raw[b.def.generatedKey] === '');
    if (!generated && seen.has(key)) rowErrors.push({ row: rowNo, field: b.def.key[0]!, message: `Duplicate of row ${seen.get(key)}` });
    else if (!generated) seen.set(key, rowNo);
    errors.push(...rowErrors);
    if (rowErrors.length === 0 && result.success) parsed.push({ rowNo, values: result.data, selfRefs });
  });

  const preview = parsed.slice(0, 50).map((p) => ({ row: p.rowNo, ...p.values }));
  // Which valid rows name a record that exists: the preview says so before anything is written.
  const existing = await existingByKey(tx, b, scope, parsed);
  const updates = parsed.filter((p) => existing.has(compositeKey(b.def, p.values))).map((p) => p.rowNo);
  const none = { written: 0, created: 0, updated: 0 };
  if (request.mode === 'all' && errors.length > 0) return { rows: table.rows.length, valid: parsed.length, ...none, updates, errors, preview };
  // The writes run in a savepoint so the entity's rules can judge every row against the stored
  // data; a preview, or an all-or-nothing import with a refused row, rolls the savepoint back.
  let candidates = parsed;
  for (let attempt = 0; attempt < 2; attempt++) {
    const outcome = await tryWrite(tx, b, scope, candidates, request.dryRun);
    const ruleErrors = outcome.ruleErrors;
    const refused = new Set(ruleErrors.map((e) => e.row));
    const valid = candidates.length - refused.size;
    if (ruleErrors.length === 0 || request.mode === 'all' || request.dryRun) {
      const counts = request.dryRun || ruleErrors.length > 0 ? none : { written: outcome.created + outcome.updated, created: outcome.created, updated: outcome.updated };
      return { rows: table.rows.length, valid, ...counts, updates, errors: [...errors, ...ruleErrors].sort((x, y) => x.row - y.row), preview };
    }
    errors.push(...ruleErrors);
    candidates = candidates.filter((c) => !refused.has(c.rowNo));
  }
  return { rows: table.rows.length, valid: 0, ...none, updates, errors, preview };
}

class RollBack extends Error {}

/**
 * Rows that leave the entity's generated key empty take the next numbers of its sequence, inside
 * the savepoint: a preview or a refused import rolls the numbers back with the rows.
 */
async function withGeneratedKeys(tx: Tx, b: KitBinding, scope: KitScope, rows: Parsed[]): Promise<Parsed[]> {
  const field = b.def.generatedKey;
  if (!field || !b.generateKey) return rows;
  const out: Parsed[] = [];
  for (const r of rows) {
    const v = r.values[field];
    out.push(v === undefined || v === null || v === '' ? { ...r, values: { ...r.values, [field]: await b.generateKey(tx, scope, r.values) } } : r);
  }
  return out;
}

/** Writes the rows in a savepoint and checks the rules; rolls back when asked or when a rule refuses a row. */
async function tryWrite(tx: Tx, b: KitBinding, scope: KitScope, rows: Parsed[], rollBack: boolean): Promise<{ created: number; updated: number; ruleErrors: CellError[] }> {
  let result = { created: 0, updated: 0, ruleErrors: [] as CellError[] };
  try {
    await tx.transaction(async (sp) => {
      rows = await withGeneratedKeys(sp, b, scope, rows);
      const written = await writeRows(sp, b, scope, rows);
      const ruleErrors = await checkRules(sp, b, scope, written.ids, rows);
      result = { created: written.created, updated: written.updated, ruleErrors };
      if (rollBack || ruleErrors.length > 0) throw new RollBack();
    });
  } catch (e) {
    if (!(e instanceof RollBack)) throw e;
  }
  return result;
}

/** The entity's own rules, on every written record as stored (after linking rows of the same file). */
async function checkRules(tx: Tx, b: KitBinding, scope: KitScope, ids: string[], rows: Parsed[]): Promise<CellError[]> {
  if (!b.rules?.length || ids.length === 0) return [];
  const stored = await tx.select().from(b.table).where(and(inArray(b.table.id, ids), scopeWhere(b, scope)));
  const rowNoOf = new Map(rows.map((r) => [compositeKey(b.def, r.values), r.rowNo]));
  const errors: CellError[] = [];
  for (const row of stored) {
    const record = toRecord(b.def, row as Record<string, unknown>);
    for (const rule of b.rules) {
      try {
        await rule(tx, scope, record, record.id);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push({ row: rowNoOf.get(compositeKey(b.def, record)) ?? 0, field: b.def.key[0]!, message: e.message });
      }
    }
  }
  return errors;
}

/** The natural key of a row as one string: text compared without case, other values as they are. */
function compositeKey(def: EntityDef, values: Record<string, unknown>): string {
  return def.key.map((k) => (def.fields[k]!.type === 'text' ? String(values[k] ?? '').toLowerCase() : String(values[k] ?? ''))).join('\u0000');
}

/** Existing records whose natural key a row of the file repeats: those rows update them. */
async function existingByKey(tx: Tx, b: KitBinding, scope: KitScope, rows: Parsed[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const first = b.def.key[0]!;
  const firstCol = columnOf(b.table, first);
  const isText = b.def.fields[first]!.type === 'text';
  const wanted = [...new Set(rows.map((r) => (isText ? String(r.values[first]).toLowerCase() : String(r.values[first]))))];
  const keyCols = Object.fromEntries(b.def.key.map((k) => [k, columnOf(b.table, k)]));
  const found = await tx
    .select({ id: b.table.id, ...keyCols })
    .from(b.table)
    .where(and(isText ? inArray(sql`lower(${firstCol})`, wanted) : inArray(firstCol, wanted), scopeWhere(b, scope)));
  return new Map(found.map((f) => [compositeKey(b.def, f as Record<string, unknown>), String(f.id)]));
}

function fileKeys(def: EntityDef, table: Table, columns: (string | undefined)[]): Set<string> {
  const c = columns.indexOf(def.key[0]!);
  return new Set(c < 0 ? [] : table.rows.map((r) => (r[c] ?? '').trim().toLowerCase()));
}

async function resolveAllRefs(tx: Tx, registry: EntityRegistry, b: KitBinding, scope: KitScope, table: Table, columns: (string | undefined)[]) {
  const out = new Map<string, Map<string, string>>();
  for (const [c, field] of columns.entries()) {
    const f = field ? b.def.fields[field] : undefined;
    if (!field || f?.type !== 'ref' || !f.ref) continue;
    const keys = [...new Set(table.rows.map((r) => (r[c] ?? '').trim()).filter(Boolean))];
    out.set(field, await resolveKeys(tx, registry.get(f.ref), scope, keys));
  }
  return out;
}

/** Inserts new rows in one statement, updates existing ones, then links rows that refer to rows of the same file. */
async function writeRows(tx: Tx, b: KitBinding, scope: KitScope, rows: Parsed[]): Promise<{ created: number; updated: number; ids: string[] }> {
  if (rows.length === 0) return { created: 0, updated: 0, ids: [] };
  const keyField = b.def.key[0]!;
  const existing = await existingByKey(tx, b, scope, rows);
  const company = b.def.companyScoped ? { companyId: scope.companyId } : {};
  const toInsert = rows.filter((r) => !existing.has(compositeKey(b.def, r.values)));
  const toUpdate = rows.filter((r) => existing.has(compositeKey(b.def, r.values)));
  const inserted = toInsert.length
    ? await tx.insert(b.table).values(toInsert.map((r) => ({ ...r.values, tenantId: scope.tenantId, ...company }))).returning()
    : [];
  const updated = [];
  for (const r of toUpdate) {
    const id = existing.get(compositeKey(b.def, r.values))!;
    const [row] = await tx.update(b.table).set({ ...r.values, updatedAt: new Date() }).where(and(eq(b.table.id, id), scopeWhere(b, scope))).returning();
    updated.push(row);
  }
  const linked = rows.filter((r) => Object.keys(r.selfRefs).length > 0);
  if (linked.length > 0) {
    const ids = await resolveKeys(tx, b, scope, [...new Set(linked.flatMap((r) => Object.values(r.selfRefs)))]);
    for (const r of linked) {
      const set = Object.fromEntries(Object.entries(r.selfRefs).map(([field, key]) => [field, ids.get(key)!]));
      await tx.update(b.table).set(set).where(and(sql`lower(${columnOf(b.table, keyField)}) = ${String(r.values[keyField]).toLowerCase()}`, scopeWhere(b, scope)));
    }
  }
  await recordAudit(tx, scope.tenantId, scope.userId, [
    ...inserted.map((row) => ({ entity: b.def.name, recordId: String((row as { id: string }).id), action: 'create' as const, after: toRecord(b.def, row as Record<string, unknown>) })),
    ...updated.map((row) => ({ entity: b.def.name, recordId: String((row as { id: string }).id), action: 'edit' as const, after: toRecord(b.def, row as Record<string, unknown>) })),
  ]);
  return { created: inserted.length, updated: updated.length, ids: [...inserted, ...updated].map((row) => String((row as { id: string }).id)) };
}

