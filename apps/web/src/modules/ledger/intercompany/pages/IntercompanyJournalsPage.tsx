import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { intercompanyJournalDocument, intercompanyJournalListQuerySchema, intercompanyJournalOperations as ops, isPosted, type IntercompanyJournalListItem } from '@erp/contracts';
import { DocumentListPage, type DocumentColumnContext } from '../../../../shared/documents';
import { TransferButtons } from '../../../../shared/transfer';
import { formatAmount, formatDate } from '../../journals/amount-format';
import { icKey } from '../intercompany-api';
import { icTransfer } from '../intercompany-transfer';
import '../../journals/ledger-screens.css';

function columns({ sortOrder, linkOf, dateFormat, statusOf }: DocumentColumnContext<IntercompanyJournalListItem>): TableColumnsType<IntercompanyJournalListItem> {
  return [
    { title: 'Number', key: 'number', render: (_, row) => <Link to={linkOf(row)} onClick={(e) => e.stopPropagation()}>{row.number ?? '(draft)'}</Link> },
    { title: 'Date', key: 'journalDate', dataIndex: 'journalDate', sorter: true, sortOrder: sortOrder('journalDate'), render: (date: string) => formatDate(date, dateFormat) },
    { title: 'Partner', key: 'partner', render: (_, row) => <span title={row.partnerName}>{row.partnerCode}</span> },
    { title: 'Partner number', key: 'partnerNumber', dataIndex: 'partnerNumber', responsive: ['md'], render: (n: string | null) => n ?? '—' },
    { title: 'Description', key: 'description', dataIndex: 'description', sorter: true, sortOrder: sortOrder('description'), ellipsis: true, responsive: ['sm'] },
    { title: 'Reference', key: 'reference', dataIndex: 'reference', responsive: ['lg'] },
    { title: 'Status', key: 'status', dataIndex: 'status', sorter: true, sortOrder: sortOrder('status'), render: (_, row) => statusOf(row) },
    {
      title: 'Total', key: 'total', align: 'right',
      render: (_, row) => (isPosted(intercompanyJournalDocument, row.status) && row.total ? <span className="ledger-amount">{formatAmount(row.total)} {row.baseCurrency}</span> : <span aria-label="No total yet" title="The total shows once the journal is posted">—</span>),
    },
  ];
}

/** /intercompany-journals: the journals this company entered or is the partner of, on the documents kit's list; export and import. */
export default function IntercompanyJournalsPage() {
  return (
    <DocumentListPage
      def={intercompanyJournalDocument}
      kind="Intercompany"
      query={intercompanyJournalListQuerySchema}
      queryKey={icKey}
      title="Intercompany Journals"
      searchHint="Searches description, reference, partner and journal numbers"
      noun={['journal', 'journals']}
      columns={columns}
      transfer={(state) => <TransferButtons {...icTransfer('journals', state)} exportLabel={ops.export} importLabel={ops.import} />}
    />
  );
}
