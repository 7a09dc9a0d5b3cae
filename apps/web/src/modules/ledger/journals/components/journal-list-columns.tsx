import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { isPosted, journalDocument } from '@erp/contracts';
import type { DocumentColumnContext } from '../../../../shared/documents';
import { formatAmount, formatDate } from '../amount-format';
import { kindLabel } from '../journal-kinds';
import type { JournalListItem } from '../journals-api';

/** The journal list's columns: number (a link), date, kind (the all-kinds list), description, reference, status, total in base currency. */
export function journalListColumns({ sortOrder, linkOf, dateFormat, statusOf, allKinds, rows }: DocumentColumnContext<JournalListItem>): TableColumnsType<JournalListItem> {
  // One company, one base currency: it is named once, in the heading.
  const currency = rows[0]?.baseCurrency;
  return [
    {
      title: 'Number',
      key: 'number',
      dataIndex: 'number',
      sorter: true,
      sortOrder: sortOrder('number'),
      render: (number: string | null, row) => (
        <Link to={linkOf(row)} onClick={(e) => e.stopPropagation()}>
          {number ?? '(draft)'}
        </Link>
      ),
    },
    { title: 'Date', key: 'journalDate', dataIndex: 'journalDate', sorter: true, sortOrder: sortOrder('journalDate'), render: (date: string) => formatDate(date, dateFormat) },
    // Narrow screens keep number, date, status and total; the rest shows from the breakpoints named.
    ...(allKinds ? [{ title: 'Kind', key: 'kind', dataIndex: 'kind', responsive: ['md' as const], render: (kind: JournalListItem['kind']) => kindLabel[kind] }] : []),
    { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['sm'] },
    { title: 'Reference', key: 'reference', dataIndex: 'reference', responsive: ['lg'] },
    { title: 'Status', key: 'status', dataIndex: 'status', sorter: true, sortOrder: sortOrder('status'), render: (_, row) => statusOf(row) },
    {
      title: currency ? `Total (${currency})` : 'Total',
      key: 'total',
      dataIndex: 'total',
      align: 'right',
      // A journal has a total once posted; drafts show none rather than a misleading zero.
      render: (total: string, row) =>
        isPosted(journalDocument, row.status) ? <span className="ledger-amount">{formatAmount(total)}</span> : <span aria-label="No total yet">—</span>,
    },
  ];
}
