import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { fundTransferDocument, fundTransferListQuerySchema, type FundTransferListItem } from '@erp/contracts';
import { DocumentListPage, type DocumentColumnContext } from '../../../shared/documents';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { useDisplay, type Display } from '../../../shared/useDisplay';
import { useApprovalGate, useDocumentsUnderApproval } from '../../workflow/index';
import { fundTransfersKey } from './fund-transfers-api';
import '../../ledger/journals/ledger-screens.css';

function columnsOf(display: Display) {
  return ({ sortOrder, linkOf, statusOf }: DocumentColumnContext<FundTransferListItem>): TableColumnsType<FundTransferListItem> => [
    {
      title: 'Number', key: 'number', dataIndex: 'number', sorter: true, sortOrder: sortOrder('number'),
      render: (number: string | null, row) => (
        <Link to={linkOf(row)} onClick={(e) => e.stopPropagation()}>
          {number ?? '(draft)'}
        </Link>
      ),
    },
    { title: 'Date', key: 'documentDate', dataIndex: 'documentDate', sorter: true, sortOrder: sortOrder('documentDate'), render: (date: string) => display.date(date) },
    { title: 'From', key: 'from', render: (_, row) => row.fromBankCode },
    { title: 'To', key: 'to', render: (_, row) => (row.toCompanyCode && row.toBankCode ? `${row.toBankCode}${row.toCurrency !== row.fromCurrency ? ` (${row.toCurrency})` : ''}` : '') },
    { title: 'Company', key: 'company', dataIndex: 'toCompanyCode', responsive: ['lg'] },
    { title: 'Out', key: 'outDate', responsive: ['md'], render: (_, row) => display.date(row.outDate) },
    { title: 'In', key: 'inDate', responsive: ['md'], render: (_, row) => display.date(row.inDate) },
    { title: 'Legs', key: 'legs', dataIndex: 'legs', align: 'right', responsive: ['sm'] },
    { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
    { title: 'Status', key: 'status', render: (_, row) => statusOf(row) },
    { title: 'Currency', key: 'currency', dataIndex: 'fromCurrency', responsive: ['sm'] },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, row) => <span className="ledger-amount">{display.amount(row.amount)}</span> },
  ];
}

/** /fund-transfers: the documents kit's list of the company's fund transfers (search, states, dates, bank, export). */
export default function FundTransferListPage() {
  const display = useDisplay();
  const def = fundTransferDocument;
  const [bank, setBank] = useState<string | null>(null);
  const extraQuery = useMemo(() => ({ bank: bank ?? undefined }), [bank]);
  const useUnderApproval = (rows: readonly FundTransferListItem[]) => {
    const governed = useApprovalGate('FundTransfer').data?.workflowActive === true;
    return useDocumentsUnderApproval('FundTransfer', governed ? rows.filter((row) => row.status === 'Draft').map((row) => row.id) : []);
  };
  return (
    <DocumentListPage
      def={def}
      kind="Transfer"
      query={fundTransferListQuerySchema}
      columns={columnsOf(display)}
      title={def.plural}
      noun={['fund transfer', 'fund transfers']}
      queryKey={fundTransfersKey}
      searchHint="Searches number, banks, reference and description"
      useUnderApproval={useUnderApproval}
      extraQuery={extraQuery}
      extraFilters={
        <div style={{ width: 240, maxWidth: '100%' }}>
          <RefSelect id="fund-transfer-bank-filter" refName="bank" value={bank} onChange={setBank} placeholder="Any bank" />
        </div>
      }
    />
  );
}
