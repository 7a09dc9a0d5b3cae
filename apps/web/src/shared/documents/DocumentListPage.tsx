import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { datePattern, DEFAULT_DATE_FORMAT, DEFAULT_LIST_SIZE, documentLabel, hasOperation, LIST_TOTAL_MAX, type DocumentDef } from '@erp/contracts';
import { useDisplay } from '../useDisplay';
import { useDebouncedValue } from '../kit/useDebouncedValue';
import { ExportButton } from '../transfer';
import { documentKey, downloadDocumentList, type ExtraListQuery, editorPageOf, fetchDocumentList, initialDocumentListState, nextListState, sortOrderOf, type DocumentListState, type ListFilterKey, type SortOrder } from './document-list';
import { DocumentListFilters } from './DocumentListFilters';
import { DocumentStatusTag } from './DocumentStatusTag';
import { PageHeading, useCompany, useSignedInUser } from './shell-adapter';

/** A row of a document list: what the kit itself reads (the module's columns read the rest). */
export type DocumentRow<S extends string, K extends string> = { id: string; status: S; kind?: K };

/** What a module's columns get from the list page. */
export type DocumentColumnContext<T> = {
  /** The column's sort order from the list's sort key (for `sortOrder`; `sorter: true` makes it sortable). */
  sortOrder: (field: string) => SortOrder;
  /** The editor page of a row, with its ?id=. */
  linkOf: (row: T) => string;
  /** The company's date format label. */
  dateFormat: string;
  /** The row's state tag (Awaiting approval while a submission runs). */
  statusOf: (row: T) => ReactNode;
  /** Whether the list shows every kind (a kind column is then worth its room). */
  allKinds: boolean;
  rows: readonly T[];
};

type Props<S extends string, A extends string, K extends string, T extends DocumentRow<S, K>> = {
  def: DocumentDef<S, A, K>;
  /** The page's kind: its title, its New button and the operation labels; `listAll` shows every kind. */
  kind: K;
  listAll?: boolean;
  /** The list route's query schema: the filters shown are the ones it takes. */
  query: { shape: object };
  columns: (context: DocumentColumnContext<T>) => TableColumnsType<T>;
  title: string;
  /** What the search box finds, as its tooltip. */
  searchHint: string;
  /** How a row count reads: 3 journals. */
  noun: [singular: string, plural: string];
  /** The query keys of the list (the module's own cache prefix), else the document's. */
  queryKey?: readonly unknown[];
  kindLabel?: (kind: K) => string;
  /** Export (and import) of the list's filter; the kit's CSV/XLSX export when absent. */
  transfer?: (state: DocumentListState<S, K>) => ReactNode;
  /** The rows of the page under a running approval (a hook: called on every render with the page's rows). */
  useUnderApproval?: (rows: readonly T[]) => ReadonlySet<string>;
  /** The module's own filters of its list route, by query parameter (sent with the list and the export). */
  extraQuery?: ExtraListQuery;
  /** The controls of those filters, after the kit's. */
  extraFilters?: ReactNode;
  /** Under the table: what the module sums over the list's filter (the kit's state and the extra query). */
  footer?: (state: DocumentListState<S, K>, extra: ExtraListQuery) => ReactNode;
  /**
   * The filter's total from another request (a hook, called on every render; undefined while it is
   * counted): the page is then asked without its total (`total=false`, the route answers `more`), so the
   * rows show at once and the pager learns the total when the count arrives.
   */
  useTotal?: (state: DocumentListState<S, K>, extra: ExtraListQuery) => number | undefined;
};

const NONE: ReadonlySet<string> = new Set();
const NO_EXTRA: ExtraListQuery = {};
const noApproval = (): ReadonlySet<string> => NONE;
const noTotal = (): undefined => undefined;
const PAGE_ALONE: ExtraListQuery = { total: 'false' };
const FILTER_KEYS: readonly ListFilterKey[] = ['kind', 'status', 'from', 'to', 'search', 'sort'];

type Sorter<T> = Parameters<NonNullable<TableProps<T>['onChange']>>[2];
function sortOf<T>(sorter: Sorter<T>): { field?: string; order?: SortOrder } {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  return { field: one?.columnKey ? String(one.columnKey) : undefined, order: one?.order ?? null };
}

/**
 * The list page of a document type (issue 19 part 4): search, the definition's states and sort
 * keys, date range and kind as far as the route takes them, server-side paging, export, and each
 * row opening in its kind's editor. The module gives its columns.
 */
export function DocumentListPage<S extends string, A extends string, K extends string, T extends DocumentRow<S, K>>(props: Props<S, A, K, T>) {
  const { def, kind, listAll = false, query, title, searchHint, noun, useUnderApproval = noApproval, extraQuery = NO_EXTRA, useTotal = noTotal } = props;
  const totalApart = props.useTotal !== undefined;
  const accepts = FILTER_KEYS.filter((key) => key in query.shape);
  const navigate = useNavigate();
  const display = useDisplay();
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const canSave = def.kinds[kind].userCreated && hasOperation(useSignedInUser().parentRole.permissions, documentLabel(def, 'Save', kind));
  const [state, setState] = useState<DocumentListState<S, K>>(() => initialDocumentListState(def, listAll ? undefined : kind, DEFAULT_LIST_SIZE));
  const [searchText, setSearchText] = useState('');
  const settled = useDebouncedValue(searchText);
  useEffect(() => setState((current) => (current.search === settled ? current : { ...current, search: settled, page: 1 })), [settled]);
  // A change of the module's filters starts at page 1 again.
  const extraText = JSON.stringify(extraQuery);
  useEffect(() => setState((current) => (current.page === 1 ? current : { ...current, page: 1 })), [extraText]);
  const list = useQuery({
    queryKey: [...(props.queryKey ?? documentKey(def)), 'list', state, extraQuery],
    queryFn: ({ signal }) => fetchDocumentList<T>(def, state, accepts, signal, totalApart ? { ...extraQuery, ...PAGE_ALONE } : extraQuery),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.items ?? [];
  const counted = useTotal(state, extraQuery);
  // Until the count arrives the pager knows the pages up to this one and whether another follows.
  const total = totalApart ? (counted ?? (state.page - 1) * state.pageSize + rows.length + (list.data?.more ? 1 : 0)) : (list.data?.total ?? 0);
  const underApproval = useUnderApproval(rows);
  const editor = (row: T) => editorPageOf(def, row.kind, kind);
  const linkOf = (row: T) => `${editor(row)}?id=${row.id}`;
  const filter = (patch: Partial<DocumentListState<S, K>>) => setState((current) => ({ ...current, ...patch, page: 1 }));
  const filtered = Object.values(extraQuery).some((value) => value !== undefined && value !== '') || state.search !== '' || state.status !== undefined || state.from !== undefined || state.to !== undefined || (listAll && state.kind !== undefined);
  const columns = props.columns({
    sortOrder: (field) => sortOrderOf(state.sort, field),
    linkOf,
    dateFormat,
    statusOf: (row) => <DocumentStatusTag def={def} status={row.status} underApproval={underApproval.has(row.id)} />,
    allKinds: listAll,
    rows,
  });
  const editorPage = def.kinds[kind].editorPage;

  return (
    <>
      <PageHeading
        title={title}
        extra={
          <Flex gap={8} wrap>
            {props.transfer ? props.transfer(state) : <ExportButton exportFile={(format) => downloadDocumentList(def, state, format, accepts, extraQuery)} exportLabel={documentLabel(def, 'Export', kind)} />}
            {canSave && editorPage && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(editorPage)}>
                New {def.kinds[kind].label.toLowerCase()}
              </Button>
            )}
          </Flex>
        }
      />
      <DocumentListFilters
        def={def}
        state={state}
        accepts={accepts}
        kindFilter={listAll}
        kindLabel={props.kindLabel}
        search={searchText}
        searchHint={searchHint}
        dateFormat={datePattern(dateFormat)}
        onSearchChange={setSearchText}
        onSearchNow={(text) => {
          setSearchText(text);
          filter({ search: text } as Partial<DocumentListState<S, K>>);
        }}
        onFilter={filter}
        extra={props.extraFilters}
      />
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<T>
        rowKey="id"
        size="small"
        aria-label={title}
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => void navigate(linkOf(row)), style: { cursor: 'pointer' } })}
        locale={{ emptyText: filtered ? 'No results found.' : `No ${title.toLowerCase()} yet` }}
        onChange={(pagination, _filters, sorter, extra) =>
          setState((current) => nextListState(current, { current: pagination.current, pageSize: pagination.pageSize, ...sortOf(sorter) }, extra.action, def.defaultSort))
        }
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total,
          showSizeChanger: true,
          showTotal: (count) =>
            totalApart && counted === undefined
              ? `Counting ${noun[1]}…`
              : count > LIST_TOTAL_MAX
                ? `More than ${display.count(LIST_TOTAL_MAX)} ${noun[1]}: narrow the filter`
                : `${count} ${count === 1 ? noun[0] : noun[1]}`,
        }}
      />
      {props.footer?.(state, extraQuery)}
    </>
  );
}
