import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { paymentRunFaces, paymentRunListQuerySchema, type PaymentRunFace, type PaymentRunListItem, type Side } from '@erp/contracts';
import { DocumentListPage, type DocumentColumnContext } from '../../../shared/documents';
import { useDisplay, type Display } from '../../../shared/useDisplay';
import { useApprovalGate, useDocumentsUnderApproval } from '../../workflow/index';
import { runDefOf, runsKey } from './payment-runs-api';
import '../../ledger/journals/ledger-screens.css';

function columnsOf(display: Display) {
  return ({ sortOrder, linkOf, statusOf }: DocumentColumnContext<PaymentRunListItem>): TableColumnsType<PaymentRunListItem> => [
    {
      title: 'Number', key: 'number', dataIndex: 'number', sorter: true, sortOrder: sortOrder('number'),
      render: (number: string | null, row) => (
        <Link to={linkOf(row)} onClick={(e) => e.stopPropagation()}>
          {number ?? '(draft)'}
        </Link>
      ),
    },
    { title: 'Payment date', key: 'paymentDate', dataIndex: 'paymentDate', sorter: true, sortOrder: sortOrder('paymentDate'), render: (date: string) => display.date(date) },
    { title: 'Bank', key: 'bank', dataIndex: 'bankCode', responsive: ['md'] },
    { title: 'Method', key: 'method', dataIndex: 'method', responsive: ['lg'] },
    { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['md'] },
    { title: 'Status', key: 'status', render: (_, row) => statusOf(row) },
    { title: 'Parties', key: 'parties', dataIndex: 'parties', align: 'right', responsive: ['sm'] },
    { title: 'Currency', key: 'currency', dataIndex: 'currency', responsive: ['sm'] },
    { title: 'Total', key: 'total', align: 'right', render: (_, row) => <span className="ledger-amount">{display.amount(row.total)}</span> },
  ];
}

/** /vendor-payment-schedules and /customer-payment-schedules: the documents kit's list of the face's payment runs (search, states, dates, export). */
export function PaymentRunListPage({ side }: { side: Side }) {
  const rf: PaymentRunFace = paymentRunFaces[side];
  const display = useDisplay();
  const def = runDefOf(rf);
  const useUnderApproval = (rows: readonly PaymentRunListItem[]) => {
    const governed = useApprovalGate(rf.approval).data?.workflowActive === true;
    return useDocumentsUnderApproval(rf.approval, governed ? rows.filter((row) => row.status === 'Draft').map((row) => row.id) : []);
  };
  return (
    <DocumentListPage
      def={def}
      kind="Run"
      query={paymentRunListQuerySchema}
      columns={columnsOf(display)}
      title={def.plural}
      noun={['payment run', 'payment runs']}
      queryKey={runsKey(rf)}
      searchHint="Searches number, description and bank"
      useUnderApproval={useUnderApproval}
    />
  );
}

export const VendorPaymentRunsPage = () => <PaymentRunListPage side="payables" />;
export const CustomerPaymentRunsPage = () => <PaymentRunListPage side="receivables" />;
