import { Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatAmount, formatDate } from '../amount-format';
import { kindLabel } from '../journal-kinds';
import type { JournalListItem } from '../journals-api';
import { JournalStatusTag } from './JournalStatusTag';

type Options = {
  sort: string | undefined;
  showKind: boolean;
  dateFormat: string;
  currency: string | undefined;
  linkOf: (row: JournalListItem) => string;
  /** The journals of the page under a running approval (an active JournalApproval workflow); none without one. */
  underApproval?: ReadonlySet<string>;
};

const NONE: ReadonlySet<string> = new Set();

type SortOrder = 'ascend' | 'descend' | null;

const orderOf = (sort: string | undefined, field: string): SortOrder => (sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null);

/** The journal list's columns: number (a link), date, kind, description, reference, status, total in base currency. */
export function journalListColumns({ sort, showKind, dateFormat, currency, linkOf, underApproval = NONE }: Options): TableColumnsType<JournalListItem> {
  return [
    {
      title: 'Number',
      key: 'number',
      dataIndex: 'number',
      sorter: true,
      sortOrder: orderOf(sort, 'number'),
      render: (number: string | null, row) => (
        <Link to={linkOf(row)} onClick={(e) => e.stopPropagation()}>
          {number ?? '(draft)'}
        </Link>
      ),
    },
    { title: 'Date', key: 'journalDate', dataIndex: 'journalDate', sorter: true, sortOrder: orderOf(sort, 'journalDate'), render: (date: string) => formatDate(date, dateFormat) },
    // Narrow screens keep number, date, status and total; the rest shows from the breakpoints named.
    ...(showKind ? [{ title: 'Kind', key: 'kind', dataIndex: 'kind', responsive: ['md' as const], render: (kind: JournalListItem['kind']) => kindLabel[kind] }] : []),
    { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['sm'] },
    { title: 'Reference', key: 'reference', dataIndex: 'reference', responsive: ['lg'] },
    {
      title: 'Status',
      key: 'status',
      dataIndex: 'status',
      sorter: true,
      sortOrder: orderOf(sort, 'status'),
      render: (status: JournalListItem['status'], row) => (
        <>
          <JournalStatusTag status={status} />
          {underApproval.has(row.id) && <Tag color="gold">Awaiting approval</Tag>}
        </>
      ),
    },
    {
      // One company, one base currency: it is named once, in the heading.
      title: currency ? `Total (${currency})` : 'Total',
      key: 'total',
      dataIndex: 'total',
      align: 'right',
      // A journal has a total once posted; drafts show none rather than a misleading zero.
      render: (total: string, row) =>
        row.status === 'Posted' || row.status === 'Reversed' ? (
          <span className="ledger-amount">{formatAmount(total)}</span>
        ) : (
          <span aria-label="No total yet">—</span>
        ),
    },
  ];
}
