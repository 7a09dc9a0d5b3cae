import { AUDIT_EXPORT_ROWS_MAX, changedFields, type AuditEntry, type AuditLabels, type AuditTrailFilter, type AuditTrailPage, type AuditTrailQuery } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import type { AuditLabel } from '../../platform/module';
import type { Table } from '../../platform/kit/tabular-files';
import { isUuid, selectAuditEntities, selectAuditRows, selectRecordLabels, type AuditRow } from './audit-trail.repository';

/** The parts of a record id: most are one id, a few writers join two (`company:partner`, `company:event`). */
const recordParts = (recordId: string) => recordId.split(':');

/** Every record id a recorded value holds, at any depth (an account inside a journal line...). At most `max`. */
function collectIds(value: unknown, into: Set<string>, max: number): void {
  if (into.size >= max) return;
  if (typeof value === 'string') {
    if (isUuid(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into, max);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collectIds(item, into, max);
  }
}

/** How a snapshot names its own record, for one whose row is gone (a deletion) or that no source labels. */
function snapshotLabel(snapshot: unknown): string | null {
  if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) return null;
  const s = snapshot as Record<string, unknown>;
  const text = (key: string) => (typeof s[key] === 'string' && s[key] !== '' ? (s[key] as string) : null);
  const code = text('number') ?? text('code');
  const name = text('name') ?? text('description');
  return code && name ? `${code} · ${name}` : code ?? name;
}

/**
 * The record's label: the live record's (joined parts for a two-part id), else what its own
 * before or after calls it, else null (a sign-in names the user it is about through the labels).
 */
function recordLabel(row: AuditRow, labels: Map<string, string>): string | null {
  const parts = recordParts(row.recordId);
  if (parts.some((part) => labels.has(part.toLowerCase()))) return parts.map((part) => labels.get(part.toLowerCase()) ?? part).join(' · ');
  return snapshotLabel(row.after) ?? snapshotLabel(row.before);
}

function toEntry(row: AuditRow, labels: Map<string, string>): AuditEntry {
  const user = row.userId ? { id: row.userId, name: row.userName ?? 'Unknown user', mailAddress: row.userMail ?? '' } : null;
  return {
    id: row.auditId.toString(),
    at: row.at.toISOString(),
    user,
    entity: row.entity,
    recordId: row.recordId,
    recordLabel: recordLabel(row, labels),
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
    changedFields: changedFields(row.before, row.after),
  };
}

/** A page's ids to label: the records' and those inside before and after, at most this many (a page of huge journals stays one bounded lookup). */
const PAGE_LABEL_IDS_MAX = 5_000;

/**
 * One keyset page, newest first; nextCursor is there only when an older entry exists. Two
 * statements whatever the page size: the entries, then the labels of every id they hold.
 */
export async function listAuditTrail(tx: Tx, tenantId: string, sources: readonly AuditLabel[], query: AuditTrailQuery): Promise<AuditTrailPage> {
  const beforeId = query.cursor === undefined ? undefined : BigInt(query.cursor);
  const rows = await selectAuditRows(tx, tenantId, sources, query, query.limit + 1, beforeId);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const ids = new Set<string>();
  for (const row of page) for (const part of recordParts(row.recordId)) if (isUuid(part)) ids.add(part.toLowerCase());
  for (const row of page) {
    collectIds(row.before, ids, PAGE_LABEL_IDS_MAX);
    collectIds(row.after, ids, PAGE_LABEL_IDS_MAX);
  }
  const labels = await selectRecordLabels(tx, tenantId, sources, ids);
  const valueLabels: AuditLabels = Object.fromEntries(labels);
  return { items: page.map((row) => toEntry(row, labels)), labels: valueLabels, ...(rows.length > query.limit && last ? { nextCursor: last.auditId.toString() } : {}) };
}

export async function listAuditEntities(tx: Tx, tenantId: string): Promise<{ items: string[] }> {
  return { items: await selectAuditEntities(tx, tenantId) };
}

/** Spreadsheet programs run a text cell starting with one of these as a formula (CSV injection); an apostrophe keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;
const safeCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
const jsonCell = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export const AUDIT_EXPORT_HEADERS = ['Time (UTC)', 'User', 'User mail', 'Entity', 'Record', 'Record label', 'Action', 'Changed fields', 'Before', 'After'];

/** The newest AUDIT_EXPORT_ROWS_MAX entries of the filter as a table; `truncated` says older ones were left out. */
export async function exportAuditTrail(tx: Tx, tenantId: string, sources: readonly AuditLabel[], filter: AuditTrailFilter): Promise<{ table: Table; truncated: boolean }> {
  const rows = await selectAuditRows(tx, tenantId, sources, filter, AUDIT_EXPORT_ROWS_MAX + 1);
  const kept = rows.slice(0, AUDIT_EXPORT_ROWS_MAX);
  const labels = await selectRecordLabels(tx, tenantId, sources, kept.flatMap((row) => recordParts(row.recordId).map((part) => part.toLowerCase())));
  const entries = kept.map((row) => toEntry(row, labels));
  const table: Table = {
    headers: AUDIT_EXPORT_HEADERS,
    rows: entries.map((e) =>
      [e.at, e.user?.name ?? 'System', e.user?.mailAddress ?? '', e.entity, e.recordId, e.recordLabel ?? '', e.action, e.changedFields.join(', '), jsonCell(e.before), jsonCell(e.after)].map(safeCell),
    ),
  };
  return { table, truncated: rows.length > AUDIT_EXPORT_ROWS_MAX };
}

/** Excel keeps at most 32,767 characters in a cell; a longer before or after is cut there, saying so. */
const XLSX_CELL_MAX = 32_767;
const CUT_NOTE = ' [cut: see the CSV export]';

export function fitForXlsx(table: Table): Table {
  const fit = (cell: string) => (cell.length > XLSX_CELL_MAX ? `${cell.slice(0, XLSX_CELL_MAX - CUT_NOTE.length)}${CUT_NOTE}` : cell);
  return { headers: table.headers, rows: table.rows.map((row) => row.map(fit)) };
}
