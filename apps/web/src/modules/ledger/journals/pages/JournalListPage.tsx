import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Table, type TablePaginationConfig, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_DATE_FORMAT, DEFAULT_LIST_SIZE, hasOperation } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { useCompany } from '../../../../app/shell/useCompany';
import { useDebouncedValue } from '../../../../shared/kit';
import { ExportButton } from '../../../../shared/transfer';
import { useApprovalGate, useDocumentsUnderApproval } from '../../../workflow/index';
import { pickerFormat } from '../amount-format';
import { journalListColumns } from '../components/journal-list-columns';
import { JournalListFilters } from '../components/JournalListFilters';
import { kindPages, operationOfKind, type PageKind } from '../journal-kinds';
import { downloadJournals, fetchJournals, journalsKey, type JournalListItem, type JournalListState } from '../journals-api';
import '../ledger-screens.css';

type TableChange = NonNullable<TableProps<JournalListItem>['onChange']>;
type Sorter = Parameters<TableChange>[2];

/** The table's paging and sorting as the next list state; a new sort or page size starts at page 1. */
function nextListState(state: JournalListState, pagination: TablePaginationConfig, sorter: Sorter, action: string): JournalListState {
  if (action === 'paginate') {
    const pageSize = pagination.pageSize ?? state.pageSize;
    return { ...state, pageSize, page: pageSize === state.pageSize ? (pagination.current ?? 1) : 1 };
  }
  if (action !== 'sort') return state;
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = one?.columnKey ? String(one.columnKey) : undefined;
  return { ...state, page: 1, sort: field && one?.order ? (one.order === 'ascend' ? field : `-${field}`) : '-journalDate' };
}

/** /journals (every kind) and the lists of one kind: server-side search, filters, sort and paging. */
export function JournalListPage({ pageKind }: { pageKind: PageKind }) {
  const pages = kindPages[pageKind];
  const navigate = useNavigate();
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const canSave = hasOperation(useSignedInUser().parentRole.permissions, operationOfKind('Save', pages.kind));
  const [state, setState] = useState<JournalListState>(() => ({
    kind: pages.listKind, status: undefined, from: undefined, to: undefined, search: '', sort: '-journalDate', page: 1, pageSize: DEFAULT_LIST_SIZE,
  }));
  const [searchText, setSearchText] = useState('');
  const settled = useDebouncedValue(searchText);
  useEffect(() => setState((current) => (current.search === settled ? current : { ...current, search: settled, page: 1 })), [settled]);
  const list = useQuery({
    queryKey: [...journalsKey, 'list', state],
    queryFn: ({ signal }) => fetchJournals(state, signal),
    placeholderData: keepPreviousData,
  });
  // Under an active JournalApproval workflow, the page's unposted journals may be under approval:
  // each is asked once (the gate cache the editor shares); without a workflow, none is asked.
  const governed = useApprovalGate('JournalApproval').data?.workflowActive === true;
  const unposted = governed ? (list.data?.items ?? []).filter((row) => row.status === 'Draft' || row.status === 'Validated').map((row) => row.id) : [];
  const underApproval = useDocumentsUnderApproval('JournalApproval', unposted);
  const linkOf = (row: JournalListItem) => `${pages.editorLink}?id=${row.id}`;
  const filter = (patch: Partial<JournalListState>) => setState((current) => ({ ...current, ...patch, page: 1 }));

  return (
    <>
      <PageHeading
        title={pages.plural}
        extra={
          <Flex gap={8} wrap>
            <ExportButton exportFile={(format) => downloadJournals(state, format)} exportLabel={operationOfKind('Export', pages.kind)} />
            {canSave && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(pages.editorLink)}>New {pages.singular.toLowerCase()}</Button>}
          </Flex>
        }
      />
      <JournalListFilters
        state={state}
        kindFilter={pages.listKind === undefined}
        search={searchText}
        dateFormat={pickerFormat(dateFormat)}
        onSearchChange={setSearchText}
        onSearchNow={(text) => {
          setSearchText(text);
          filter({ search: text });
        }}
        onFilter={filter}
      />
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<JournalListItem>
        rowKey="id"
        size="small"
        aria-label={pages.plural}
        columns={journalListColumns({ sort: state.sort, showKind: pages.listKind === undefined, dateFormat, currency: list.data?.items[0]?.baseCurrency, linkOf, underApproval })}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => void navigate(linkOf(row)), style: { cursor: 'pointer' } })}
        locale={{ emptyText: state.search || state.status || state.from || state.to ? 'No results found.' : `No ${pages.plural.toLowerCase()} yet` }}
        onChange={(pagination, _filters, sorter, extra) => setState((current) => nextListState(current, pagination, sorter, extra.action))}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => `${count} ${count === 1 ? 'journal' : 'journals'}`,
        }}
      />
    </>
  );
}

export const JournalsPage = () => <JournalListPage pageKind="Standard" />;
export const OpeningBalanceJournalsPage = () => <JournalListPage pageKind="OpeningBalance" />;
export const AdjustmentJournalsPage = () => <JournalListPage pageKind="Adjustment" />;
