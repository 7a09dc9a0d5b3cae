import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { fieldSchema, searchFields, type EntityDef, type EntityListQuery, type EntityRecord } from '@erp/contracts';
import type { Tx } from '../db/client';
import { containsPattern } from '../db/search';
import { recordAudit } from '../audit/audit';
import { badRequest, conflict, notFound, unprocessable } from '../http/errors';
import { columnOf, type EntityRegistry, type KitBinding, type KitScope } from './registry';

export type RefLabels = Record<string, Record<string, string>>;

/** Rows of the scope: the tenant (RLS) and, for company data, the signed-in user's company. */
export function scopeWhere(b: KitBinding, scope: Pick<KitScope, 'companyId'>): SQL | undefined {
  return b.def.companyScoped && b.table.companyId ? eq(b.table.companyId, scope.companyId) : undefined;
}

/** A stored row as the wire shows it: fields, id and audit dates; never tenant or company ids. */
export function toRecord(def: EntityDef, row: Record<string, unknown>): EntityRecord {
  const out: EntityRecord = { id: String(row.id), createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
  for (const [field, f] of Object.entries(def.fields)) {
    const v = row[field];
    if (f.type === 'textList' || f.type === 'rows') out[field] = Array.isArray(v) ? v : [];
    else out[field] = v === undefined ? null : f.type === 'decimal' && v !== null ? normaliseDecimal(String(v)) : v;
  }
  return out;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
/** numeric comes back padded to its scale ("1.50000000"); show it without trailing zeros. */
const normaliseDecimal = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/** The field of a list's filter or sort: an own field of the entity, never an inherited name such as `__proto__` or `toString`. */
const ownField = (def: EntityDef, field: string) => (Object.hasOwn(def.fields, field) ? def.fields[field] : undefined);

function parseFilter(b: KitBinding, filter: string | undefined): SQL[] {
  if (!filter) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    throw badRequest('filter must be a JSON object of field values');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('filter must be a JSON object of field values');
  return Object.entries(parsed).map(([field, value]) => {
    const f = ownField(b.def, field);
    if (!f) throw badRequest(`filter: unknown field ${JSON.stringify(field)}`);
    if (value === null) return sql`${columnOf(b.table, field)} is null`;
    // A filter value is checked as the field's own input is, so the database never sees a value of the wrong type.
    if (f.type === 'textList' || f.type === 'rows' || (typeof value === 'object')) throw badRequest(`filter.${field}: must be a single value`);
    const checked = fieldSchema({ ...f, required: false }).safeParse(value);
    if (!checked.success) throw badRequest(`filter.${field}: ${checked.error.issues[0]?.message ?? 'not a value of this field'}`);
    return checked.data === null || checked.data === undefined ? sql`${columnOf(b.table, field)} is null` : eq(columnOf(b.table, field), checked.data);
  });
}

function orderBy(b: KitBinding, sort: string | undefined): SQL[] {
  const spec = sort || b.def.defaultSort;
  const field = spec.replace(/^-/, '');
  const f = ownField(b.def, field);
  if (!f && field !== 'createdAt' && field !== 'updatedAt') throw badRequest(`sort: cannot sort by ${JSON.stringify(field)}`);
  const column = columnOf(b.table, field);
  return [spec.startsWith('-') ? desc(column) : asc(column), asc(b.table.id)];
}

export function listWhere(b: KitBinding, scope: KitScope, query: Pick<EntityListQuery, 'search' | 'filter'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scopeWhere(b, scope), ...parseFilter(b, query.filter)];
  if (query.search?.trim()) {
    const pattern = containsPattern(query.search.trim());
    conditions.push(or(...searchFields(b.def).map((f) => sql`${columnOf(b.table, f)}::text ilike ${pattern}`)));
  }
  return and(...conditions);
}

export async function listEntities(tx: Tx, registry: EntityRegistry, b: KitBinding, scope: KitScope, query: EntityListQuery) {
  const where = listWhere(b, scope, query);
  const rows = await tx
    .select()
    .from(b.table)
    .where(where)
    .orderBy(...orderBy(b, query.sort))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await tx.select({ n: count() }).from(b.table).where(where);
  const items = rows.map((r) => toRecord(b.def, r as Record<string, unknown>));
  return { items, total: total?.n ?? 0, labels: await refLabels(tx, registry, b, scope, items) };
}

/** Every row of a filter (exports): sorted like the list, no paging. */
export async function allEntities(tx: Tx, b: KitBinding, scope: KitScope, query: Pick<EntityListQuery, 'search' | 'filter' | 'sort'>) {
  const rows = await tx.select().from(b.table).where(listWhere(b, scope, query)).orderBy(...orderBy(b, query.sort));
  return rows.map((r) => toRecord(b.def, r as Record<string, unknown>));
}

/** "CODE · Name" of every record the items refer to: one query per reference field. */
export async function refLabels(tx: Tx, registry: EntityRegistry, b: KitBinding, scope: KitScope, items: EntityRecord[]): Promise<RefLabels> {
  const labels: RefLabels = {};
  for (const [field, f] of Object.entries(b.def.fields)) {
    if (f.type !== 'ref' || !f.ref) continue;
    const ids = [...new Set(items.map((i) => i[field]).filter((v): v is string => typeof v === 'string'))];
    labels[field] = ids.length ? await describe(tx, registry.get(f.ref), scope, ids) : {};
  }
  return labels;
}

async function describe(tx: Tx, target: KitBinding, scope: KitScope, ids: string[]): Promise<Record<string, string>> {
  const key = target.def.key[0]!;
  const rows = await tx
    .select({ id: target.table.id, key: columnOf(target.table, key), display: columnOf(target.table, target.def.display) })
    .from(target.table)
    .where(and(inArray(target.table.id, ids), scopeWhere(target, scope)));
  return Object.fromEntries(rows.map((r) => [String(r.id), r.key === r.display ? String(r.key) : `${String(r.key)} · ${String(r.display)}`]));
}

export async function getEntity(tx: Tx, b: KitBinding, scope: KitScope, id: string, forUpdate = false): Promise<EntityRecord> {
  const q = tx.select().from(b.table).where(and(eq(b.table.id, id), scopeWhere(b, scope)));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound(b.def.label);
  return toRecord(b.def, row as Record<string, unknown>);
}

/** References must point at records of the same scope (a company never borrows another's account). */
export async function assertRefsExist(tx: Tx, registry: EntityRegistry, b: KitBinding, scope: KitScope, input: Record<string, unknown>): Promise<void> {
  for (const [field, f] of Object.entries(b.def.fields)) {
    const value = input[field];
    if (f.type !== 'ref' || !f.ref || typeof value !== 'string') continue;
    const target = registry.get(f.ref);
    const [row] = await tx.select({ id: target.table.id }).from(target.table).where(and(eq(target.table.id, value), scopeWhere(target, scope)));
    if (!row) throw notFound(f.label);
  }
}

async function assertKeyFree(tx: Tx, b: KitBinding, scope: KitScope, input: Record<string, unknown>, id?: string): Promise<void> {
  const keyMatch = b.def.key.map((k) => {
    const f = b.def.fields[k]!;
    const col = columnOf(b.table, k);
    return f.type === 'text' ? sql`lower(${col}) = lower(${String(input[k])})` : eq(col, input[k]);
  });
  const [clash] = await tx.select({ id: b.table.id }).from(b.table).where(and(scopeWhere(b, scope), ...keyMatch, id ? ne(b.table.id, id) : undefined));
  if (clash) throw conflict(`${b.def.label} ${b.def.key.map((k) => String(input[k])).join(' / ')} already exists`);
}

/** A generated key left empty: the binding's sequence gives it on create; an edit keeps the record's own. */
const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
async function withGeneratedKey(tx: Tx, b: KitBinding, scope: KitScope, input: Record<string, unknown>, before?: EntityRecord): Promise<Record<string, unknown>> {
  const field = b.def.generatedKey;
  if (!field || !isEmpty(input[field])) return input;
  if (before) return { ...input, [field]: before[field] };
  if (!b.generateKey) throw unprocessable(`Please supply ${b.def.fields[field]?.label.toLowerCase() ?? field}`);
  return { ...input, [field]: await b.generateKey(tx, scope, input) };
}

export async function createEntity(tx: Tx, registry: EntityRegistry, b: KitBinding, scope: KitScope, given: Record<string, unknown>): Promise<EntityRecord> {
  const input = await withGeneratedKey(tx, b, scope, given);
  await assertRefsExist(tx, registry, b, scope, input);
  await assertKeyFree(tx, b, scope, input);
  for (const rule of b.rules ?? []) await rule(tx, scope, input, undefined);
  const values = { ...nullFields(b.def), ...input, tenantId: scope.tenantId, ...(b.def.companyScoped ? { companyId: scope.companyId } : {}) };
  const [row] = await tx.insert(b.table).values(values).returning();
  const record = toRecord(b.def, row as Record<string, unknown>);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: b.def.name, recordId: record.id, action: 'create', after: record }]);
  return record;
}

export async function editEntity(tx: Tx, registry: EntityRegistry, b: KitBinding, scope: KitScope, id: string, given: Record<string, unknown>): Promise<EntityRecord> {
  const before = await getEntity(tx, b, scope, id, true);
  const input = await withGeneratedKey(tx, b, scope, given, before);
  await assertRefsExist(tx, registry, b, scope, input);
  await assertKeyFree(tx, b, scope, input, id);
  for (const rule of b.rules ?? []) await rule(tx, scope, input, id);
  const [row] = await tx
    .update(b.table)
    .set({ ...nullFields(b.def), ...input, updatedAt: new Date() })
    .where(and(eq(b.table.id, id), scopeWhere(b, scope)))
    .returning();
  const after = toRecord(b.def, row as Record<string, unknown>);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: b.def.name, recordId: id, action: 'edit', before, after }]);
  return after;
}

/** An edit replaces the record: a field left out is cleared, not kept. */
function nullFields(def: EntityDef): Record<string, null> {
  return Object.fromEntries(Object.entries(def.fields).filter(([, f]) => !f.required && f.type !== 'textList' && f.type !== 'rows').map(([k]) => [k, null]));
}

/**
 * Deletes a record nothing refers to. Each referring entity is asked first, so the refusal names
 * what still uses the record instead of surfacing a bare foreign-key error.
 */
export async function deleteEntity(tx: Tx, registry: EntityRegistry, b: KitBinding, scope: KitScope, id: string): Promise<void> {
  const before = await getEntity(tx, b, scope, id, true);
  const users: string[] = [];
  for (const other of registry.all()) {
    const fields = Object.entries(other.def.fields).filter(([, f]) => f.type === 'ref' && f.ref === b.def.name).map(([k]) => k);
    if (fields.length === 0) continue;
    const [hit] = await tx.select({ n: count() }).from(other.table).where(or(...fields.map((k) => eq(columnOf(other.table, k), id))));
    if (hit && hit.n > 0) users.push(`${hit.n} ${hit.n === 1 ? other.def.label : other.def.plural}`);
  }
  if (users.length > 0) throw conflict(`${b.def.label} ${describeKey(b, before)} is used by ${users.join(', ')} and cannot be deleted`);
  await tx.delete(b.table).where(and(eq(b.table.id, id), scopeWhere(b, scope)));
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: b.def.name, recordId: id, action: 'delete', before }]);
}

export const describeKey = (b: KitBinding, record: Record<string, unknown>) => b.def.key.map((k) => String(record[k])).join(' / ');
