import type { TableColumnsType } from 'antd';
import { Tooltip } from 'antd';
import { Link } from 'react-router';
import { recurringPaymentFaces, recurringPaymentListQuerySchema, type RecurringPaymentFace, type RecurringPaymentListItem, type Side } from '@erp/contracts';
import { DocumentListPage, type DocumentColumnContext } from '../../../shared/documents';
import { useDisplay, type Display } from '../../../shared/useDisplay';
import { recurringDefOf, recurringListKey } from './recurring-payments-api';
import '../../ledger/journals/ledger-screens.css';

function columnsOf(rf: RecurringPaymentFace, display: Display) {
  return ({ sortOrder, linkOf, statusOf }: DocumentColumnContext<RecurringPaymentListItem>): TableColumnsType<RecurringPaymentListItem> => [
    {
      title: 'Code', key: 'code', dataIndex: 'code', sorter: true, sortOrder: sortOrder('code'),
      render: (code: string, row) => <Link to={linkOf(row)} onClick={(e) => e.stopPropagation()}>{code}</Link>,
    },
    { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['md'] },
    { title: rf.pf.face.partyLabel, key: 'party', render: (_, row) => `${row.partyCode} · ${row.partyName}`, ellipsis: true },
    { title: 'Every', key: 'every', render: (_, row) => (row.interval === 1 ? row.frequency : `${row.interval} × ${row.frequency}`), responsive: ['sm'] },
    { title: 'Next', key: 'nextDate', dataIndex: 'nextDate', sorter: true, sortOrder: sortOrder('nextDate'), render: (d: string | null) => (d ? display.date(d) : '—') },
    { title: 'Mode', key: 'mode', dataIndex: 'mode', responsive: ['lg'] },
    { title: 'Allocation', key: 'allocation', dataIndex: 'allocation', responsive: ['lg'] },
    {
      title: 'Status', key: 'status',
      render: (_, row) => (row.lastError ? <Tooltip title={row.lastError}><span>{statusOf(row)} ⚠</span></Tooltip> : statusOf(row)),
    },
    { title: 'Made', key: 'made', dataIndex: 'occurrencesGenerated', align: 'right', responsive: ['md'] },
    { title: 'Currency', key: 'currency', dataIndex: 'currency', responsive: ['sm'] },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, row) => <span className="ledger-amount">{display.amount(row.amount)}</span> },
  ];
}

/** /vendor-recurring-payments and /customer-recurring-payments: the documents kit's list of the face's schedules (search, states, next dates, export). */
export function RecurringPaymentListPage({ side }: { side: Side }) {
  const rf = recurringPaymentFaces[side];
  const display = useDisplay();
  const def = recurringDefOf(rf);
  return (
    <DocumentListPage
      def={def}
      kind="Schedule"
      query={recurringPaymentListQuerySchema}
      columns={columnsOf(rf, display)}
      title={def.plural}
      noun={[`recurring ${rf.pf.noun}`, `recurring ${rf.pf.noun}s`]}
      queryKey={recurringListKey(rf)}
      searchHint={`Searches code, description, reference and ${rf.pf.face.partyWord}`}
    />
  );
}

export const VendorRecurringPaymentsPage = () => <RecurringPaymentListPage side="payables" />;
export const CustomerRecurringPaymentsPage = () => <RecurringPaymentListPage side="receivables" />;
