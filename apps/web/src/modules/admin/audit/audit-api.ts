/* Calls of the audit trail routes (apps/api modules/admin/audit-trail.routes.ts). */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditEntities, AuditTrailPage, UserList } from '@erp/contracts';
import { apiDownload, unwrap } from '../../../app/api';
import { saveBlob } from '../../../shared/kit/kit-api';
import { callApi } from '../api-client';
import { usersListPath } from '../users-query';
import { auditExportPath, auditTrailPath, type AuditFilter } from './audit-query';

export const auditKey = ['admin', 'audit-trail'] as const;

/** Newest first, a page at a time: each further page continues from the previous page's cursor. */
export function useAuditTrail(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: [...auditKey, 'list', filter],
    queryFn: ({ pageParam, signal }) => callApi<AuditTrailPage>('GET', auditTrailPath(filter, pageParam), undefined, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useAuditEntities() {
  return useQuery({
    queryKey: [...auditKey, 'entities'],
    queryFn: ({ signal }) => callApi<AuditEntities>('GET', '/admin/audit-trail/entities', undefined, signal),
    select: (data) => data.items,
  });
}

/** Users matching a search, for the user filter (the users list of /role, which the trail's readers hold). */
export function useUserOptions(search: string) {
  return useQuery({
    queryKey: [...auditKey, 'users', search],
    queryFn: ({ signal }) => callApi<UserList>('GET', usersListPath({ search: search || undefined, pageSize: 20 }), undefined, signal),
    select: (data) => data.items,
  });
}

export async function downloadAuditTrail(filter: AuditFilter, format: 'csv' | 'xlsx'): Promise<void> {
  const file = unwrap(await apiDownload(auditExportPath(filter, format)));
  saveBlob(file.blob, file.fileName ?? `audit-trail.${format}`);
}
