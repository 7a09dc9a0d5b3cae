import { Button, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { documentLabel, hasOperation, paymentFaces, paymentListQuerySchema, REFUND_KIND, type PaymentFace, type PaymentListItem, type Side } from '@erp/contracts';
import { useSignedInUser } from '../../../app/session/useSession';
import { DocumentListPage, type DocumentColumnContext } from '../../../shared/documents';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { useDisplay, type Display } from '../../../shared/useDisplay';
import { useDocumentsUnderApproval, useApprovalGate } from '../../workflow/index';
import { paymentDefOf, paymentsKey } from './payments-api';
import '../../ledger/journals/ledger-screens.css';

function columnsOf(pf: PaymentFace, display: Display) {
  return ({ sortOrder, linkOf, statusOf }: DocumentColumnContext<PaymentListItem>): TableColumnsType<PaymentListItem> => [
    {
      title: 'Number', key: 'number', dataIndex: 'number', sorter: true, sortOrder: sortOrder('number'),
      render: (number: string | null, row) => (
        <Link to={linkOf(row)} onClick={(e) => e.stopPropagation()}>
          {number ?? '(draft)'}
        </Link>
      ),
    },
    // A refund reads apart from a payment (and the kind filter shows one or the other).
    { title: 'Kind', key: 'kind', render: (_, row) => (row.kind === REFUND_KIND ? <Tag color="purple">Refund</Tag> : <Tag>{pf.noun.charAt(0).toUpperCase() + pf.noun.slice(1)}</Tag>) },
    { title: pf.face.partyLabel, key: 'party', render: (_, row) => `${row.partyCode} · ${row.partyName}`, ellipsis: true },
    { title: 'Bank', key: 'bank', dataIndex: 'bankCode', responsive: ['md'] },
    { title: 'Date', key: 'documentDate', dataIndex: 'documentDate', sorter: true, sortOrder: sortOrder('documentDate'), render: (date: string) => display.date(date) },
    { title: 'Method', key: 'method', dataIndex: 'method', responsive: ['lg'] },
    { title: 'Reference', key: 'reference', dataIndex: 'reference', responsive: ['lg'], ellipsis: true },
    { title: 'Status', key: 'status', render: (_, row) => statusOf(row) },
    { title: 'Currency', key: 'currency', dataIndex: 'currency', responsive: ['sm'] },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, row) => <span className="ledger-amount">{display.amount(row.amount)}</span> },
    { title: 'On account', key: 'unallocated', align: 'right', responsive: ['sm'], render: (_, row) => <span className="ledger-amount">{display.amount(row.unallocated)}</span> },
  ];
}

/** /vendor-payments and /customer-payments: the documents kit's list of the face's payments (search, states, dates, party, export). */
export function PaymentListPage({ side }: { side: Side }) {
  const pf = paymentFaces[side];
  const display = useDisplay();
  const def = paymentDefOf(pf);
  const [party, setParty] = useState<string | null>(null);
  const canSave = hasOperation(useSignedInUser().parentRole.permissions, documentLabel(def, 'Save', REFUND_KIND));
  const extraQuery = useMemo(() => ({ party: party ?? undefined }), [party]);
  const useUnderApproval = (rows: readonly PaymentListItem[]) => {
    const governed = useApprovalGate(pf.approval).data?.workflowActive === true;
    return useDocumentsUnderApproval(pf.approval, governed ? rows.filter((row) => row.status === 'Draft').map((row) => row.id) : []);
  };
  return (
    <DocumentListPage
      def={def}
      kind="Payment"
      listAll
      kindLabel={(kind) => (kind === REFUND_KIND ? 'Refunds' : `${pf.noun.charAt(0).toUpperCase() + pf.noun.slice(1)}s`)}
      query={paymentListQuerySchema}
      columns={columnsOf(pf, display)}
      title={def.plural}
      noun={[`${pf.noun}`, `${pf.noun}s`]}
      queryKey={paymentsKey(pf)}
      searchHint={`Searches number, ${pf.face.partyWord}, reference and description`}
      useUnderApproval={useUnderApproval}
      extraQuery={extraQuery}
      extraFilters={
        <>
          <div style={{ width: 240, maxWidth: '100%' }}>
            <RefSelect id={`${pf.face.partyWord}-payment-party-filter`} refName={pf.face.partyWord} value={party} onChange={setParty} placeholder={`Any ${pf.face.partyWord}`} />
          </div>
          {canSave && (
            <Link to={`${pf.pages.payment}?kind=${REFUND_KIND}`}>
              <Button>New refund</Button>
            </Link>
          )}
        </>
      }
    />
  );
}

export const VendorPaymentsPage = () => <PaymentListPage side="payables" />;
export const CustomerPaymentsPage = () => <PaymentListPage side="receivables" />;
