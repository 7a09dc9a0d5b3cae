/*
 * The audit trail screen's filter, kept in the address (/audit-trail?entity=journal&recordId=...)
 * so a link or a test can open the history of one record, and the calls it makes.
 */
import { DEFAULT_LIST_SIZE } from '@erp/contracts';

export type AuditFilter = {
  entity?: string;
  recordId?: string;
  userId?: string;
  action?: string;
  /** Local calendar days, 'YYYY-MM-DD', both inclusive. */
  from?: string;
  to?: string;
  search?: string;
};

export const AUDIT_FILTER_KEYS = ['entity', 'recordId', 'userId', 'action', 'from', 'to', 'search'] as const satisfies readonly (keyof AuditFilter)[];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filterFromParams(params: URLSearchParams): AuditFilter {
  const filter: AuditFilter = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if ((key === 'from' || key === 'to') && !DAY.test(value)) continue;
    filter[key] = value;
  }
  return filter;
}

export function paramsFromFilter(filter: AuditFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = filter[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

export const hasFilter = (filter: AuditFilter) => Object.keys(paramsFromFilter(filter)).length > 0;

/** A local day's first or last instant, as the API takes it (the trail is kept in UTC). */
export function dayBound(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date, 0, 0, 0, 0);
  return local.toISOString();
}

/** The query string of the list and the export: the filter, with days as the local day's bounds. */
export function auditQuery(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(paramsFromFilter(filter))) {
    if (key === 'from' || key === 'to') params.set(key, dayBound(value, key === 'to'));
    else params.set(key, value);
  }
  return params;
}

export function auditTrailPath(filter: AuditFilter, cursor?: string, limit = DEFAULT_LIST_SIZE): string {
  const params = auditQuery(filter);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `/admin/audit-trail?${params.toString()}`;
}

export function auditExportPath(filter: AuditFilter, format: 'csv' | 'xlsx'): string {
  const params = auditQuery(filter);
  params.set('format', format);
  return `/admin/audit-trail/export?${params.toString()}`;
}

/** The history of one record: what other screens link to. */
export function auditTrailLink(entity: string, recordId: string): string {
  return `/audit-trail?${new URLSearchParams({ entity, recordId }).toString()}`;
}
