import { Alert, Table } from 'antd';
import { useEffect, useState } from 'react';
import { DEFAULT_DATE_FORMAT, type EntityDef, type EntityRecord } from '@erp/contracts';
import { entityColumns } from './entity-columns';
import { EntityFormDrawer } from './EntityFormDrawer';
import { EntityListToolbar } from './EntityListToolbar';
import { ImportWizard } from './ImportWizard';
import { filterParam, initialListState, nextListState, type ListState } from './list-query';
import { PageHeading, useCompany } from './shell-adapter';
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
};

/** The generic list of a kit entity: server-side search, sort, filter and paging, chosen columns, New, Import, Export, delete. */
export function EntityListPage({ def, title }: Props) {
  const can = useEntityOperations(def);
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const [state, setState] = useState<ListState>(() => initialListState());
  const [searchText, setSearchText] = useState('');
  const settledSearch = useDebouncedValue(searchText);
  useEffect(() => setState((current) => (current.search === settledSearch ? current : { ...current, search: settledSearch, page: 1 })), [settledSearch]);
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
  const searchNow = (text: string) => {
    setSearchText(text);
    setState((current) => ({ ...current, search: text, page: 1 }));
  };

  return (
    <>
      <PageHeading title={title ?? def.plural} />
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
          fields: columns,
          state,
          labels: list.data?.labels ?? {},
          dateFormat,
          onEdit: can.edit ? setEditing : undefined,
          onDelete: can.delete ? (record) => void deleteRecords([record]) : undefined,
        })}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: state.search || filterParam(state.filter) ? 'No results found.' : `No ${def.plural.toLowerCase()} yet` }}
        onChange={(...args) => setState((current) => nextListState(current, ...args))}
        rowSelection={
          can.delete
            ? {
                selectedRowKeys: [...selected.keys()],
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => setSelected(new Map(rows.filter(Boolean).map((row) => [row.id, row]))),
              }
            : undefined
        }
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => `${count} ${(count === 1 ? def.label : def.plural).toLowerCase()}`,
        }}
      />
      <EntityFormDrawer
        def={def}
        open={editing !== undefined}
        record={editing === 'new' ? undefined : editing}
        labels={list.data?.labels}
        readOnly={editing === 'new' ? !can.save : !can.edit}
        onClose={() => setEditing(undefined)}
      />
      {can.import && <ImportWizard def={def} open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}
