/*
 * A document list's state and calls, derived from its definition (contracts kit/define-document.ts):
 * GET /{service}/{resource}?kind=&status=&from=&to=&search=&sort=&limit=&page= and its export.
 */
import type { DocumentDef } from '@erp/contracts';
import { apiDownload, apiRequest, saveBlob, unwrap } from './shell-adapter';

export type DocumentListState<S extends string = string, K extends string = string> = {
  /** The kind the list shows; undefined: every kind. */
  kind: K | undefined;
  status: S | undefined;
  from: string | undefined;
  to: string | undefined;
  search: string;
  /** One of the definition's sort keys (`field` or `-field`). */
  sort: string | undefined;
  page: number;
  pageSize: number;
};
/** A page of a list (contracts' documentListSchema): its total, or (asked without it) whether more rows follow. */
export type DocumentList<T> = { items: T[]; total?: number; more?: boolean };
/** A module's own filters of its list route (party, currency...), by query parameter; empty ones are left out. */
export type ExtraListQuery = Readonly<Record<string, string | undefined>>;

/** The list query parameters a document's route takes (the keys of its list query schema). */
export type ListFilterKey = 'kind' | 'status' | 'from' | 'to' | 'search' | 'sort';

type Def = Pick<DocumentDef, 'service' | 'resource'>;

/** `/gl/journals`: the document's REST resource. */
export const documentBase = (def: Def): string => `/${def.service}/${def.resource}`;

/** The query keys of a document type start with this, so one invalidation refreshes its lists and editors. */
export const documentKey = (def: Def) => [def.service, def.resource] as const;

export function initialDocumentListState<S extends string, K extends string>(def: Pick<DocumentDef<S, string, K>, 'defaultSort'>, kind: K | undefined, pageSize: number): DocumentListState<S, K> {
  return { kind, status: undefined, from: undefined, to: undefined, search: '', sort: def.defaultSort, page: 1, pageSize };
}

/** The query of a list state (empty parts left out, only what the route takes), with its page or, for an export, without. */
export function documentListQuery(state: DocumentListState, paged: boolean, accepts: readonly ListFilterKey[] = ['kind', 'status', 'from', 'to', 'search', 'sort'], extra: ExtraListQuery = {}): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value));
  };
  const values: Record<ListFilterKey, string | undefined> = { kind: state.kind, status: state.status, from: state.from, to: state.to, search: state.search.trim(), sort: state.sort };
  for (const key of accepts) set(key, values[key]);
  for (const [name, value] of Object.entries(extra)) set(name, value);
  if (paged) {
    set('limit', state.pageSize);
    set('page', state.page);
  }
  return params;
}

export const documentListPath = (def: Def, state: DocumentListState, accepts?: readonly ListFilterKey[], extra?: ExtraListQuery): string => `${documentBase(def)}?${documentListQuery(state, true, accepts, extra).toString()}`;

export async function fetchDocumentList<T>(def: Def, state: DocumentListState, accepts?: readonly ListFilterKey[], signal?: AbortSignal, extra?: ExtraListQuery): Promise<DocumentList<T>> {
  return unwrap(await apiRequest<DocumentList<T>>('GET', documentListPath(def, state, accepts, extra), undefined, signal ? { signal } : {}));
}

/** Downloads every line of the documents of the list's filter (all pages) as CSV or XLSX. */
export async function downloadDocumentList(def: Def, state: DocumentListState, format: 'csv' | 'xlsx', accepts?: readonly ListFilterKey[], extra?: ExtraListQuery): Promise<void> {
  const query = documentListQuery(state, false, accepts, extra);
  query.set('format', format);
  const file = unwrap(await apiDownload(`${documentBase(def)}/export?${query.toString()}`));
  saveBlob(file.blob, file.fileName ?? `${def.resource}.${format}`);
}

export type SortOrder = 'ascend' | 'descend' | null;

/** A column's sort order in the table from the list's sort key. */
export const sortOrderOf = (sort: string | undefined, field: string): SortOrder => (sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null);

/** The table's paging and sorting as the next list state; a new sort or page size starts at page 1; no sort is the definition's default. */
export function nextListState<S extends DocumentListState>(state: S, change: { current?: number; pageSize?: number; field?: string; order?: SortOrder }, action: string, defaultSort: string): S {
  if (action === 'paginate') {
    const pageSize = change.pageSize ?? state.pageSize;
    return { ...state, pageSize, page: pageSize === state.pageSize ? (change.current ?? 1) : 1 };
  }
  if (action !== 'sort') return state;
  const { field, order } = change;
  return { ...state, page: 1, sort: field && order ? (order === 'ascend' ? field : `-${field}`) : defaultSort };
}

/** The editor page that opens a row: its kind's own editor when users make documents of that kind, else the list's. */
export function editorPageOf<K extends string>(def: Pick<DocumentDef<string, string, K>, 'kinds'>, rowKind: K | undefined, fallback: K): string {
  const own = rowKind === undefined ? undefined : def.kinds[rowKind];
  return (own?.userCreated ? own.editorPage : null) ?? def.kinds[fallback].editorPage ?? '/';
}
