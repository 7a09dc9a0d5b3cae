import { Alert, Table, type TablePaginationConfig, type TableProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { type EntityDef, type EntityRecord } from '@erp/contracts';
import type { FormValues } from './form-values';
import type { RefLabels } from './kit-api';
import { entityColumns } from './entity-columns';
import { EntityFormDrawer } from './EntityFormDrawer';
import { EntityListToolbar } from './EntityListToolbar';
import { ImportWizard } from './ImportWizard';
import { filterParam, initialListState, nextListState, type ListState } from './list-query';
import { useDisplay } from '../useDisplay';
import { PageHeading } from './shell-adapter';
import { useColumnChoice } from './useColumnChoice';
import { useDebouncedValue } from './useDebouncedValue';
import { useEntityDelete } from './useEntityDelete';
import { useEntityExport } from './useEntityExport';
import { useEntityList } from './useEntityList';
import { useEntityOperations } from './useEntityOperations';

type Props = {
  def: EntityDef;
  /** Heading; the definition's plural by default. */
  title?: string;
  /** The page's own actions beside the heading (e.g. a link to a related screen). */
  actions?: ReactNode;
  /** A filter the list always applies (e.g. the segments of one sequence); exports keep it too. */
  filter?: ListState['filter'];
  /** Values a new record starts with (e.g. the sequence the list is filtered by). */
  initial?: FormValues;
  /** Labels of referenced records the caller knows (e.g. of that sequence), for the form's pickers. */
  knownLabels?: RefLabels;
  /** Fields never shown as columns here (e.g. the one the fixed filter pins). */
  hiddenFields?: readonly string[];
  /** The detail shown when a row is expanded (e.g. the periods of a fiscal year). */
  expandedRow?: (record: EntityRecord) => ReactNode;
  /** Inside another screen: no page heading (the caller titles it). */
  embedded?: boolean;
};

/** Rows ticked for bulk delete, kept across pages. */
function selection(selected: ReadonlyMap<string, EntityRecord>, setSelected: (next: ReadonlyMap<string, EntityRecord>) => void): NonNullable<TableProps<EntityRecord>['rowSelection']> {
  return {
    selectedRowKeys: [...selected.keys()],
    preserveSelectedRowKeys: true,
    onChange: (_keys, rows) => setSelected(new Map(rows.filter(Boolean).map((row) => [row.id, row]))),
  };
}

/** Server-side paging, 20 rows by default (SPEC.md section 9), with the page size changer. */
function pagination(def: EntityDef, state: ListState, total: number): TablePaginationConfig {
  return {
    current: state.page,
    pageSize: state.pageSize,
    total,
    showSizeChanger: true,
    showTotal: (count) => `${count} ${(count === 1 ? def.label : def.plural).toLowerCase()}`,
  };
}

function mergeLabels(known: RefLabels | undefined, listed: RefLabels | undefined): RefLabels | undefined {
  if (!known) return listed;
  const fields = new Set([...Object.keys(known), ...Object.keys(listed ?? {})]);
  return Object.fromEntries([...fields].map((field) => [field, { ...known[field], ...listed?.[field] }]));
}

/** Search, sort, filter and page; typed search text reaches the list once it settles, Enter sends it at once. */
function useListState(filter: ListState['filter'] | undefined) {
  const [state, setState] = useState<ListState>(() => initialListState(filter));
  const [searchText, setSearchText] = useState('');
  const settledSearch = useDebouncedValue(searchText);
  useEffect(() => setState((current) => (current.search === settledSearch ? current : { ...current, search: settledSearch, page: 1 })), [settledSearch]);
  const searchNow = (text: string) => {
    setSearchText(text);
    setState((current) => ({ ...current, search: text, page: 1 }));
  };
  return { state, setState, searchText, setSearchText, searchNow };
}

/** The generic list of a kit entity: server-side search, sort, filter and paging, chosen columns, New, Import, Export, delete. */
export function EntityListPage({ def, title, actions, filter, initial, knownLabels, hiddenFields = [], expandedRow, embedded }: Props) {
  const can = useEntityOperations(def);
  const display = useDisplay();
  const { state, setState, searchText, setSearchText, searchNow } = useListState(filter);
  const list = useEntityList(def, state);
  const [columns, setColumns] = useColumnChoice(def);
  const [editing, setEditing] = useState<EntityRecord | 'new' | undefined>();
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<ReadonlyMap<string, EntityRecord>>(new Map());
  const { remove, deleting } = useEntityDelete(def);
  const exporter = useEntityExport(def, state);

  const deleteRecords = async (records: readonly EntityRecord[]) => {
    const gone = await remove(records);
    setSelected((current) => new Map([...current].filter(([id]) => !gone.includes(id))));
  };

  return (
    <>
      {!embedded && <PageHeading title={title ?? def.plural} extra={actions} />}
      <EntityListToolbar
        def={def}
        can={can}
        search={searchText}
        onSearchChange={setSearchText}
        onSearchNow={searchNow}
        selectedCount={selected.size}
        deleting={deleting}
        onDeleteSelected={() => void deleteRecords([...selected.values()])}
        onNew={() => setEditing('new')}
        onImport={() => setImporting(true)}
        exporting={exporter.exporting}
        onExport={(format) => void exporter.run(format)}
        columns={columns}
        onColumns={setColumns}
      />
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<EntityRecord>
        rowKey="id"
        size="small"
        aria-label={def.plural}
        columns={entityColumns({
          def,
          fields: columns.filter((field) => !hiddenFields.includes(field)),
          state,
          labels: list.data?.labels ?? {},
          display,
          onEdit: can.edit ? setEditing : undefined,
          onDelete: can.delete ? (record) => void deleteRecords([record]) : undefined,
        })}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: state.search || filterParam(state.filter) !== filterParam(filter ?? {}) ? 'No results found.' : `No ${def.plural.toLowerCase()} yet` }}
        onChange={(...args) => setState((current) => nextListState(current, ...args))}
        rowSelection={can.delete ? selection(selected, setSelected) : undefined}
        expandable={expandedRow ? { expandedRowRender: expandedRow, fixed: 'left' } : undefined}
        pagination={pagination(def, state, list.data?.total ?? 0)}
      />
      <EntityFormDrawer
        def={def}
        open={editing !== undefined}
        record={editing === 'new' ? undefined : editing}
        initial={initial}
        labels={mergeLabels(knownLabels, list.data?.labels)}
        readOnly={editing === 'new' ? !can.save : !can.edit}
        onClose={() => setEditing(undefined)}
      />
      {can.import && <ImportWizard def={def} open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}
