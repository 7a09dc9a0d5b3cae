import { DEFAULT_LIST_SIZE, MAX_LIST_SIZE } from '@erp/contracts';
import { searchPathSegment } from './path-segment';

/** Path words of GET /auth/user/getbyrole/{role}/{search}/{count} (SPEC.md section 7). */
export const ALL_ROLES = 'all';
export const NO_SEARCH = '*';
export const PAGE_MAX = 100_000;

export type UsersFilter = {
  roleId?: string;
  search?: string;
  page?: number;
  pageSize?: number;
};

function clampInteger(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

/** The users list call for a filter: role id or 'all', search text or '*', page size, 1-based page. */
export function usersListPath(filter: UsersFilter): string {
  const roleId = filter.roleId?.trim();
  const role = roleId ? encodeURIComponent(roleId) : ALL_ROLES;
  const search = searchPathSegment(filter.search === NO_SEARCH ? undefined : filter.search) ?? NO_SEARCH;
  const count = clampInteger(filter.pageSize, 1, MAX_LIST_SIZE, DEFAULT_LIST_SIZE);
  const page = clampInteger(filter.page, 1, PAGE_MAX, 1);
  return `/auth/user/getbyrole/${role}/${search}/${count}?page=${page}`;
}
