/* The paging and sorting of the template and recurring lists, as the antd table reports them. */
import type { ListState } from './templates-api';

type SorterLike = { columnKey?: unknown; order?: 'ascend' | 'descend' | null } | { columnKey?: unknown; order?: 'ascend' | 'descend' | null }[];
export type SortOrder = 'ascend' | 'descend' | null;

/** The column's order in the table from the list's `field` or `-field`. */
export const orderOf = (sort: string | undefined, field: string): SortOrder => (sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null);

/** The next list state; a new sort or page size starts at page 1, a cleared sort falls back to `fallbackSort`. */
export function nextListState<S extends ListState>(state: S, current: number | undefined, pageSize: number | undefined, sorter: SorterLike, action: string, fallbackSort: string): S {
  if (action === 'paginate') {
    const size = pageSize ?? state.pageSize;
    return { ...state, pageSize: size, page: size === state.pageSize ? (current ?? 1) : 1 };
  }
  if (action !== 'sort') return state;
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = one?.columnKey ? String(one.columnKey as string) : undefined;
  return { ...state, page: 1, sort: field && one?.order ? (one.order === 'ascend' ? field : `-${field}`) : fallbackSort };
}
