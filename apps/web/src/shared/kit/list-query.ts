/*
 * The query strings of the kit's generic routes (apps/api platform/kit/entity-routes.ts): list
 * (search, sort, limit, page, filter), lookup and export. Pure, so the list page's calls are testable.
 */
import type { TableProps } from 'antd';
import { DEFAULT_LIST_SIZE, type EntityDef, type EntityRecord } from '@erp/contracts';

/** One equality filter value: the server compares the column with it (null: the column is empty). */
export type FilterValue = string | number | boolean | null;

export type ListState = {
  search: string;
  /** `field` or `-field`; none: the entity's default sort. */
  sort: string | undefined;
  page: number;
  pageSize: number;
  filter: Readonly<Record<string, FilterValue | undefined>>;
};

export const initialListState = (filter: ListState['filter'] = {}): ListState => ({
  search: '',
  sort: undefined,
  page: 1,
  pageSize: DEFAULT_LIST_SIZE,
  filter,
});

export type EntityRef = Pick<EntityDef, 'service' | 'resource'>;

export const entityBasePath = (def: EntityRef): string => `/${def.service}/${def.resource}`;

/** The filter as the JSON the server takes, or undefined when no field is filtered. */
export function filterParam(filter: ListState['filter']): string | undefined {
  const set = Object.entries(filter).filter((entry): entry is [string, FilterValue] => entry[1] !== undefined);
  return set.length > 0 ? JSON.stringify(Object.fromEntries(set)) : undefined;
}

/** An antd sorter's order on a field as the sort parameter: ascend -> field, descend -> -field. */
export function sortParam(field: string, order: 'ascend' | 'descend' | null | undefined): string | undefined {
  if (order === 'ascend') return field;
  if (order === 'descend') return `-${field}`;
  return undefined;
}

function query(params: [string, string | number | undefined][]): string {
  const search = new URLSearchParams();
  for (const [name, value] of params) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET base?search=&sort=&limit=&page=&filter= (empty parts left out). */
export function listPath(def: EntityRef, state: ListState): string {
  return `${entityBasePath(def)}${query([
    ['search', state.search.trim()],
    ['sort', state.sort],
    ['limit', state.pageSize],
    ['page', state.page],
    ['filter', filterParam(state.filter)],
  ])}`;
}

/** GET base/export?format=&search=&filter=&sort=: every row of the current filter, not one page. */
export function exportPath(def: EntityRef, state: ListState, format: 'csv' | 'xlsx'): string {
  return `${entityBasePath(def)}/export${query([
    ['format', format],
    ['search', state.search.trim()],
    ['filter', filterParam(state.filter)],
    ['sort', state.sort],
  ])}`;
}

export const LOOKUP_LIMIT = 20;

/** GET base/lookup?search=&limit=: id and 'CODE · Name' of the first matches, for reference pickers. */
export function lookupPath(def: EntityRef, search: string, limit = LOOKUP_LIMIT): string {
  return `${entityBasePath(def)}/lookup${query([['search', search.trim()], ['limit', limit]])}`;
}

type TableChange = NonNullable<TableProps<EntityRecord>['onChange']>;

/** The table's paging, sorting and header filters as the next list state; each change but paging starts at page 1. */
export function nextListState(state: ListState, ...[pagination, filters, sorter, extra]: Parameters<TableChange>): ListState {
  if (extra.action === 'paginate') {
    const pageSize = pagination.pageSize ?? state.pageSize;
    return { ...state, pageSize, page: pageSize === state.pageSize ? (pagination.current ?? 1) : 1 };
  }
  if (extra.action === 'sort') {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    return { ...state, page: 1, sort: one?.columnKey ? sortParam(String(one.columnKey), one.order) : undefined };
  }
  const filter: Record<string, FilterValue | undefined> = {};
  for (const [field, values] of Object.entries(filters)) filter[field] = values?.[0] as FilterValue | undefined;
  return { ...state, page: 1, filter: { ...state.filter, ...filter } };
}
