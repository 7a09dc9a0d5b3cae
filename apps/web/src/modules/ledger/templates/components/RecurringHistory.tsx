import { Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { displayDate, journalStatuses, type GeneratedJournal, type JournalStatus } from '@erp/contracts';
import { JournalStatusTag } from '../../journals/components/JournalStatusTag';
import { fetchRecurringHistory, recurringKey } from '../templates-api';
import { AmountText, DateTimeText } from '../../../../shared/DisplayText';

const PAGE_SIZE = 10;
const isJournalStatus = (status: string): status is JournalStatus => (journalStatuses as readonly string[]).includes(status);

/** The journals a schedule generated, newest first, each opening its journal (a deleted draft says so). */
export function RecurringHistory({ id, dateFormat, currency }: { id: string; dateFormat: string; currency: string }) {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: [...recurringKey, 'history', id, page],
    queryFn: ({ signal }) => fetchRecurringHistory(id, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<GeneratedJournal>
      rowKey="occurrenceDate"
      size="small"
      aria-label="Generated journals"
      dataSource={history.data?.items ?? []}
      loading={history.isFetching}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: history.error ? history.error.message : 'No journal generated yet' }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      columns={[
        { title: 'Occurrence', key: 'occurrenceDate', dataIndex: 'occurrenceDate', render: (date: string) => displayDate(date, { dateFormat }) },
        {
          title: 'Journal',
          key: 'journal',
          render: (_, row) => (row.journalId ? <Link to={`/journal?id=${row.journalId}`}>{row.number ?? '(draft)'}</Link> : '—'),
        },
        {
          title: 'Status',
          key: 'status',
          dataIndex: 'status',
          render: (status: string) => (isJournalStatus(status) ? <JournalStatusTag status={status} /> : status),
        },
        { title: `Total (${currency})`, key: 'total', dataIndex: 'total', align: 'right', render: (total: string | null) => (total ? <span className="ledger-amount"><AmountText value={total} /></span> : '—') },
        { title: 'Generated at', key: 'createdAt', dataIndex: 'createdAt', responsive: ['md'], render: (at: string) => <DateTimeText value={at} /> },
      ]}
    />
  );
}
