import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Select, Table, type TableColumnsType, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_DATE_FORMAT, DEFAULT_LIST_SIZE, hasOperation, intercompanyJournalOperations as ops, journalStatuses, type IntercompanyJournalListItem, type JournalStatus } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { useCompany } from '../../../../app/shell/useCompany';
import { useDebouncedValue } from '../../../../shared/kit';
import { formatAmount, formatDate } from '../../journals/amount-format';
import { JournalStatusTag } from '../../journals/components/JournalStatusTag';
import { TransferButtons } from '../../../../shared/transfer';
import { fetchIcJournals, icKey, type IcListState } from '../intercompany-api';
import { icTransfer } from '../intercompany-transfer';
import { IC_EDITOR } from '../useIcActions';
import '../../journals/ledger-screens.css';

type Sorter = Parameters<NonNullable<TableProps<IntercompanyJournalListItem>['onChange']>>[2];
type SortOrder = 'ascend' | 'descend' | null;
const orderOf = (sort: string | undefined, field: string): SortOrder => (sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null);

function columns(sort: string | undefined, dateFormat: string): TableColumnsType<IntercompanyJournalListItem> {
  const posted = (row: IntercompanyJournalListItem) => row.status === 'Posted' || row.status === 'Reversed';
  return [
    { title: 'Number', key: 'number', render: (_, row) => <Link to={`${IC_EDITOR}?id=${row.id}`} onClick={(e) => e.stopPropagation()}>{row.number ?? '(draft)'}</Link> },
    { title: 'Date', key: 'journalDate', dataIndex: 'journalDate', sorter: true, sortOrder: orderOf(sort, 'journalDate'), render: (date: string) => formatDate(date, dateFormat) },
    { title: 'Partner', key: 'partner', render: (_, row) => <span title={row.partnerName}>{row.partnerCode}</span> },
    { title: 'Partner number', key: 'partnerNumber', dataIndex: 'partnerNumber', responsive: ['md'], render: (n: string | null) => n ?? '—' },
    { title: 'Description', key: 'description', dataIndex: 'description', sorter: true, sortOrder: orderOf(sort, 'description'), ellipsis: true, responsive: ['sm'] },
    { title: 'Reference', key: 'reference', dataIndex: 'reference', responsive: ['lg'] },
    { title: 'Status', key: 'status', dataIndex: 'status', sorter: true, sortOrder: orderOf(sort, 'status'), render: (status: JournalStatus) => <JournalStatusTag status={status} /> },
    {
      title: 'Total', key: 'total', align: 'right',
      render: (_, row) => (posted(row) && row.total ? <span className="ledger-amount">{formatAmount(row.total)} {row.baseCurrency}</span> : <span aria-label="No total yet" title="The total shows once the journal is posted">—</span>),
    },
  ];
}

/** The table's paging and sorting as the next list state; a new sort or page size starts at page 1. */
function nextState(state: IcListState, current: number | undefined, pageSize: number | undefined, sorter: Sorter, action: string): IcListState {
  if (action === 'paginate') {
    const size = pageSize ?? state.pageSize;
    return { ...state, pageSize: size, page: size === state.pageSize ? (current ?? 1) : 1 };
  }
  if (action !== 'sort') return state;
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = one?.columnKey ? String(one.columnKey) : undefined;
  return { ...state, page: 1, sort: field && one?.order ? (one.order === 'ascend' ? field : `-${field}`) : '-journalDate' };
}

/** /intercompany-journals: the journals this company entered or is the partner of; server-side search, status, sort, pages; export and import. */
export default function IntercompanyJournalsPage() {
  const navigate = useNavigate();
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const canSave = hasOperation(useSignedInUser().parentRole.permissions, ops.save);
  const [state, setState] = useState<IcListState>({ status: undefined, search: '', sort: '-journalDate', page: 1, pageSize: DEFAULT_LIST_SIZE });
  const [searchText, setSearchText] = useState('');
  const settled = useDebouncedValue(searchText);
  useEffect(() => setState((s) => (s.search === settled ? s : { ...s, search: settled, page: 1 })), [settled]);
  const list = useQuery({ queryKey: [...icKey, 'list', 'journals', state], queryFn: ({ signal }) => fetchIcJournals(state, signal), placeholderData: keepPreviousData });
  const filtered = state.search !== '' || state.status !== undefined;

  return (
    <>
      <PageHeading
        title="Intercompany Journals"
        extra={
          <Flex wrap gap={8}>
            <TransferButtons {...icTransfer('journals', state)} exportLabel={ops.export} importLabel={ops.import} />
            {canSave && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(IC_EDITOR)}>New intercompany journal</Button>}
          </Flex>
        }
      />
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Search intercompany journals"
          placeholder="Search intercompany journals"
          title="Searches description, reference, partner and journal numbers"
          allowClear
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onSearch={(text) => {
            setSearchText(text);
            setState((s) => ({ ...s, search: text, page: 1 }));
          }}
          style={{ width: 320, maxWidth: '100%' }}
        />
        <Select<JournalStatus> aria-label="Status" placeholder="Any status" allowClear value={state.status} options={journalStatuses.map((s) => ({ value: s, label: s }))} onChange={(status) => setState((s) => ({ ...s, status, page: 1 }))} style={{ width: 140 }} />
      </Flex>
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<IntercompanyJournalListItem>
        rowKey="id"
        size="small"
        aria-label="Intercompany journals"
        columns={columns(state.sort, dateFormat)}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => void navigate(`${IC_EDITOR}?id=${row.id}`), style: { cursor: 'pointer' } })}
        locale={{ emptyText: filtered ? 'No results found.' : 'No intercompany journals yet' }}
        onChange={(pagination, _filters, sorter, extra) => setState((s) => nextState(s, pagination.current, pagination.pageSize, sorter, extra.action))}
        pagination={{ current: state.page, pageSize: state.pageSize, total: list.data?.total ?? 0, showSizeChanger: true, showTotal: (n) => `${n} ${n === 1 ? 'journal' : 'journals'}` }}
      />
    </>
  );
}
