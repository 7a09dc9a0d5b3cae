import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditTrailFilter } from '@erp/contracts';
import { auditLog } from '../../platform/audit/audit.tables';
import { pgArray, rowsOf, type Tx } from '../../platform/db/client';
import { containsPattern } from '../../platform/db/search';
import type { AuditLabel } from '../../platform/module';
import { users } from '../auth/index';

export type AuditRow = {
  auditId: bigint;
  at: Date;
  userId: string | null;
  userName: string | null;
  userMail: string | null;
  entity: string;
  recordId: string;
  action: string;
  before: unknown;
  after: unknown;
};

const DAY_MS = 86_400_000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A day bound is that UTC day; an instant is itself. `to` is inclusive: the whole of its day, or
 * the whole of its millisecond (the database keeps microseconds, the wire shows milliseconds).
 */
function dateBounds(filter: AuditTrailFilter): SQL[] {
  const bounds: SQL[] = [];
  if (filter.from) bounds.push(gte(auditLog.at, new Date(isDay(filter.from) ? `${filter.from}T00:00:00Z` : filter.from)));
  if (filter.to) {
    const end = isDay(filter.to) ? Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS : Date.parse(filter.to) + 1;
    bounds.push(lt(auditLog.at, new Date(end)));
  }
  return bounds;
}

/** Search text matches the entry's own values, its user, or the label of its record (a journal's number, an account's code and name...). */
function searchCondition(tenantId: string, labels: readonly AuditLabel[], text: string): SQL | undefined {
  const pattern = containsPattern(text);
  return or(
    ilike(auditLog.entity, pattern),
    ilike(auditLog.recordId, pattern),
    ilike(auditLog.action, pattern),
    ilike(users.name, pattern),
    ilike(users.mailAddress, pattern),
    sql`${auditLog.before}::text ilike ${pattern}`,
    sql`${auditLog.after}::text ilike ${pattern}`,
    recordLabelMatches(tenantId, labels, pattern),
  );
}

function auditWhere(tenantId: string, labels: readonly AuditLabel[], filter: AuditTrailFilter, beforeId?: bigint): SQL | undefined {
  return and(
    eq(auditLog.tenantId, tenantId),
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.recordId ? eq(auditLog.recordId, filter.recordId) : undefined,
    filter.userId ? eq(auditLog.userId, filter.userId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    ...dateBounds(filter),
    filter.search ? searchCondition(tenantId, labels, filter.search) : undefined,
    beforeId === undefined ? undefined : lt(auditLog.auditId, beforeId),
  );
}

/**
 * Entries newest first by their identity (the order they were written), after the cursor entry.
 * The identity, not the time, is the key: it is unique, and a transaction's rows share one `now()`.
 */
export async function selectAuditRows(tx: Tx, tenantId: string, labels: readonly AuditLabel[], filter: AuditTrailFilter, limit: number, beforeId?: bigint): Promise<AuditRow[]> {
  return tx
    .select({
      auditId: auditLog.auditId,
      at: auditLog.at,
      userId: auditLog.userId,
      userName: users.name,
      userMail: users.mailAddress,
      entity: auditLog.entity,
      recordId: auditLog.recordId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(users.tenantId, auditLog.tenantId), eq(users.userId, auditLog.userId)))
    .where(auditWhere(tenantId, labels, filter, beforeId))
    .orderBy(desc(auditLog.auditId))
    .limit(limit);
}

/**
 * The distinct entity names of the tenant's trail. A loose index scan (one index probe per name on
 * audit_log_entity_idx) instead of DISTINCT, which would read every entry of a long trail.
 */
export async function selectAuditEntities(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = rowsOf<{ entity: string }>(
    await tx.execute(sql`
      with recursive names as (
        (select entity from audit_log where tenant_id = ${tenantId} order by entity limit 1)
        union all
        select (select a.entity from audit_log a where a.tenant_id = ${tenantId} and a.entity > names.entity order by a.entity limit 1)
        from names where names.entity is not null
      )
      select entity from names where entity is not null`),
  );
  return rows.map((row) => row.entity);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/**
 * The entry's record is one whose label matches: one uncorrelated union over the label sources
 * (each module's manifest names its own, `auditLabels`), read once per search.
 */
function recordLabelMatches(tenantId: string, labels: readonly AuditLabel[], pattern: string): SQL {
  const branches = labels.map(({ table, key, label }) =>
    sql`select t.${sql.raw(key)}::text from ${sql.raw(table)} t where t.tenant_id = ${tenantId}::uuid and (${sql.raw(label)}) ilike ${pattern}`);
  return sql`${auditLog.recordId} in (${sql.join(branches, sql` union all `)})`;
}

/**
 * The labels of the given record ids (a journal's number and description, an account's code and
 * name, a user's name...) in ONE statement, a union over the label sources, whatever the number of
 * ids: a page of the trail costs its entries' query and this one. Identities are random UUIDs,
 * unique across tables, so the lookup needs no entity name. Read as the tenant (RLS) and naming the
 * tenant in each branch: another tenant's ids resolve to nothing.
 */
export async function selectRecordLabels(tx: Tx, tenantId: string, sources: readonly AuditLabel[], ids: Iterable<string>): Promise<Map<string, string>> {
  const keys = [...new Set(ids)].filter(isUuid);
  if (keys.length === 0) return new Map();
  const branches = sources.map(({ table, key, label }) =>
    sql`select t.${sql.raw(key)}::text as key, ${sql.raw(label)} as label from ${sql.raw(table)} t
      where t.tenant_id = ${tenantId}::uuid and t.${sql.raw(key)} in (select id from wanted)`);
  const rows = rowsOf<{ key: string; label: string | null }>(
    await tx.execute(sql`with wanted as (select unnest(${pgArray(keys)}::uuid[]) as id)
      select key, label from (${sql.join(branches, sql` union all `)}) labels`),
  );
  return new Map(rows.flatMap((row) => (row.label === null ? [] : [[row.key, row.label] as const])));
}
