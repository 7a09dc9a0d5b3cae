import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Select, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_DATE_FORMAT, DEFAULT_LIST_SIZE, hasOperation, recurringStates, type RecurringJournalView, type RecurringState } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { useCompany } from '../../../../app/shell/useCompany';
import { useDebouncedValue } from '../../../../shared/kit';
import { recurringListColumns } from '../components/recurring-list-columns';
import { TransferButtons } from '../../../../shared/transfer';
import { templatesTransfer } from '../templates-transfer';
import { nextListState } from '../list-state';
import { fetchRecurringList, recurringKey, type ListState } from '../templates-api';
import { RECURRING_LINK } from '../useRecurringActions';
import '../../journals/ledger-screens.css';

/** /recurring-journals: the schedules with their next date and last run; search, state filter, sort, pages, export and import. */
export default function RecurringJournalsPage() {
  const navigate = useNavigate();
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const canSave = hasOperation(useSignedInUser().parentRole.permissions, 'SaveRecurringJournal');
  const [state, setState] = useState<ListState>({ search: '', sort: 'nextDate', page: 1, pageSize: DEFAULT_LIST_SIZE, state: undefined });
  const [searchText, setSearchText] = useState('');
  const settled = useDebouncedValue(searchText);
  useEffect(() => setState((current) => (current.search === settled ? current : { ...current, search: settled, page: 1 })), [settled]);
  const list = useQuery({ queryKey: [...recurringKey, 'list', state], queryFn: ({ signal }) => fetchRecurringList(state, signal), placeholderData: keepPreviousData });
  const linkOf = (row: RecurringJournalView) => `${RECURRING_LINK}?id=${row.id}`;

  return (
    <>
      <PageHeading
        title="Recurring Journals"
        subtitle="A template on a schedule: due journals are generated each day, as drafts or posted"
        extra={
          <Flex wrap gap={8}>
            <TransferButtons {...templatesTransfer('recurring', state)} exportLabel="ExportRecurringJournal" importLabel="ImportRecurringJournal" />
            {canSave && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(RECURRING_LINK)}>
                New recurring journal
              </Button>
            )}
          </Flex>
        }
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Search recurring journals"
          placeholder="Search recurring journals"
          title="Searches code, description and template"
          allowClear
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onSearch={(text) => {
            setSearchText(text);
            setState((current) => ({ ...current, search: text, page: 1 }));
          }}
          style={{ width: 300, maxWidth: '100%' }}
        />
        <Select<RecurringState>
          aria-label="State"
          placeholder="Any state"
          allowClear
          value={state.state}
          options={recurringStates.map((s) => ({ value: s, label: s }))}
          onChange={(next) => setState((current) => ({ ...current, state: next, page: 1 }))}
          style={{ width: 150 }}
        />
      </Flex>
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<RecurringJournalView>
        rowKey="id"
        size="small"
        aria-label="Recurring Journals"
        columns={recurringListColumns({ sort: state.sort, dateFormat, linkOf })}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => void navigate(linkOf(row)), style: { cursor: 'pointer' } })}
        locale={{ emptyText: state.search || state.state ? 'No results found.' : 'No recurring journals yet' }}
        onChange={(pagination, _filters, sorter, extra) => setState((current) => nextListState(current, pagination.current, pagination.pageSize, sorter, extra.action, 'nextDate'))}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => `${count} recurring ${count === 1 ? 'journal' : 'journals'}`,
        }}
      />
    </>
  );
}
