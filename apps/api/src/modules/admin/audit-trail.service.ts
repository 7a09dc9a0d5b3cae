import { AUDIT_EXPORT_ROWS_MAX, changedFields, type AuditEntry, type AuditTrailFilter, type AuditTrailPage, type AuditTrailQuery } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import type { Table } from '../../platform/kit/tabular-files';
import { selectAuditEntities, selectAuditRows, type AuditRow } from './audit-trail.repository';

function toEntry(row: AuditRow): AuditEntry {
  const user = row.userId ? { id: row.userId, name: row.userName ?? 'Unknown user', mailAddress: row.userMail ?? '' } : null;
  return {
    id: row.auditId.toString(),
    at: row.at.toISOString(),
    user,
    entity: row.entity,
    recordId: row.recordId,
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
    changedFields: changedFields(row.before, row.after),
  };
}

/** One keyset page, newest first; nextCursor is there only when an older entry exists. */
export async function listAuditTrail(tx: Tx, tenantId: string, query: AuditTrailQuery): Promise<AuditTrailPage> {
  const beforeId = query.cursor === undefined ? undefined : BigInt(query.cursor);
  const rows = await selectAuditRows(tx, tenantId, query, query.limit + 1, beforeId);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { items: page.map(toEntry), ...(rows.length > query.limit && last ? { nextCursor: last.auditId.toString() } : {}) };
}

export async function listAuditEntities(tx: Tx, tenantId: string): Promise<{ items: string[] }> {
  return { items: await selectAuditEntities(tx, tenantId) };
}

/** Spreadsheet programs run a text cell starting with one of these as a formula (CSV injection); an apostrophe keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;
const safeCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
const jsonCell = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export const AUDIT_EXPORT_HEADERS = ['Time (UTC)', 'User', 'User mail', 'Entity', 'Record', 'Action', 'Changed fields', 'Before', 'After'];

/** The newest AUDIT_EXPORT_ROWS_MAX entries of the filter as a table; `truncated` says older ones were left out. */
export async function exportAuditTrail(tx: Tx, tenantId: string, filter: AuditTrailFilter): Promise<{ table: Table; truncated: boolean }> {
  const rows = await selectAuditRows(tx, tenantId, filter, AUDIT_EXPORT_ROWS_MAX + 1);
  const entries = rows.slice(0, AUDIT_EXPORT_ROWS_MAX).map(toEntry);
  const table: Table = {
    headers: AUDIT_EXPORT_HEADERS,
    rows: entries.map((e) =>
      [e.at, e.user?.name ?? 'System', e.user?.mailAddress ?? '', e.entity, e.recordId, e.action, e.changedFields.join(', '), jsonCell(e.before), jsonCell(e.after)].map(safeCell),
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
