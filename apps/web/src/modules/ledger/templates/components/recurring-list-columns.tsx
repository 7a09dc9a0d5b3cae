import { displayDate } from '@erp/contracts';
import { WarningOutlined } from '@ant-design/icons';
import { Tooltip, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { RecurringJournalView } from '@erp/contracts';
import { orderOf } from '../list-state';
import { frequencyText } from '../recurring-form';
import { RecurringStateTag } from './RecurringStateTag';
import { DateTimeText } from '../../../../shared/DisplayText';

type Options = { sort: string | undefined; dateFormat: string; linkOf: (row: RecurringJournalView) => string };

const endText = (row: RecurringJournalView, dateFormat: string) =>
  row.endDate ? `On ${displayDate(row.endDate, { dateFormat })}` : row.occurrences ? `After ${row.occurrences} (${row.occurrencesGenerated} made)` : 'Never';

/** The recurring list's columns: code (a link), description, template, how often, next date, end, mode, state and the last run. */
export function recurringListColumns({ sort, dateFormat, linkOf }: Options): TableColumnsType<RecurringJournalView> {
  return [
    {
      title: 'Code',
      key: 'code',
      dataIndex: 'code',
      sorter: true,
      sortOrder: orderOf(sort, 'code'),
      render: (code: string, row) => (
        <Link to={linkOf(row)} onClick={(e) => e.stopPropagation()}>
          {code}
        </Link>
      ),
    },
    { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['sm'] },
    { title: 'Template', key: 'template', responsive: ['lg'], render: (_, row) => `${row.templateCode} · ${row.templateName}` },
    { title: 'Frequency', key: 'frequency', render: (_, row) => frequencyText(row.frequency, row.interval) },
    { title: 'Next date', key: 'nextDate', dataIndex: 'nextDate', sorter: true, sortOrder: orderOf(sort, 'nextDate'), render: (date: string | null) => (date ? displayDate(date, { dateFormat }) : '—') },
    { title: 'Ends', key: 'end', responsive: ['lg'], render: (_, row) => endText(row, dateFormat) },
    { title: 'Mode', key: 'mode', dataIndex: 'mode', responsive: ['md'], render: (mode: RecurringJournalView['mode']) => (mode === 'Post' ? 'Post' : 'Draft') },
    { title: 'State', key: 'state', dataIndex: 'state', render: (state: RecurringJournalView['state']) => <RecurringStateTag state={state} /> },
    {
      title: 'Last run',
      key: 'lastRunAt',
      dataIndex: 'lastRunAt',
      sorter: true,
      sortOrder: orderOf(sort, 'lastRunAt'),
      responsive: ['md'],
      render: (at: string | null, row) => (
        <>
          {at ? <DateTimeText value={at} /> : 'Never'}
          {row.lastError && (
            <Tooltip title={row.lastError}>
              <WarningOutlined style={{ color: 'var(--ant-color-error, #ff4d4f)', marginLeft: 6 }} aria-label={`Last run failed: ${row.lastError}`} />
            </Tooltip>
          )}
        </>
      ),
    },
  ];
}
