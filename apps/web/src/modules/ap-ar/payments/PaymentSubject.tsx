import { Alert, Button, Card, Descriptions, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paymentFaces, REFUND_KIND, sides, type AllocationView, type DocumentDef, type PaymentFace } from '@erp/contracts';
import { DocumentEntryCard, DocumentHistory, DocumentStatusTag, type TaskSubjectProps } from '../../../shared/documents';
import { PageHeading } from '../../../shared/documents/shell-adapter';
import { useDisplay } from '../../../shared/useDisplay';
import { DocumentApproval, useDocumentApproval } from '../../workflow/index';
import { fetchPayment, kindWord, paymentDefOf, paymentQueryKey } from './payments-api';
import '../../ledger/journals/ledger-screens.css';

/** The payment face whose approval or reversal approval the type is. */
export const paymentFaceOfApproval = (type: string): PaymentFace | undefined =>
  sides.map((side) => paymentFaces[side]).find((pf) => pf.approval === type || pf.reversalApproval === type);

/**
 * /journal opened from a CustomerPaymentApproval, VendorPaymentApproval or their reversal approvals'
 * task (SPEC.md section 2): the payment the task is about (party, bank, amount, what it allocates to
 * which documents), its entry (a preview while a draft, the posted entry after), for a reversal task
 * the entry reversing it (a preview until the approval reverses it, then as posted), and the
 * approval with the approver's decision.
 */
export default function PaymentSubject({ approvalType, id }: TaskSubjectProps) {
  const pf = paymentFaceOfApproval(approvalType)!;
  const reversal = pf.reversalApproval === approvalType;
  const def = paymentDefOf(pf) as unknown as DocumentDef<string, string, string>;
  const display = useDisplay();
  const payment = useQuery({ queryKey: paymentQueryKey(pf, id), queryFn: ({ signal }) => fetchPayment(pf, id, signal) });
  const approval = useDocumentApproval(approvalType, id);
  if (payment.error) return <Alert type="error" showIcon title={payment.error.message} action={<Link to="/workflow-task"><Button size="small">Back to the tasks</Button></Link>} />;
  if (!payment.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const view = payment.data;
  const label = view.kind === REFUND_KIND ? kindWord(pf, view.kind) : `${pf.face.partyLabel} ${pf.noun}`;
  const amount = (text: string) => <span className="ledger-amount">{display.amount(text)} {view.currency}</span>;
  const facts = [
    { key: 'document', label: 'Document', children: <Link to={`${pf.pages.payment}?id=${view.id}`}>{`${label} ${view.number ?? '(not numbered until posted)'}`}</Link> },
    { key: 'party', label: pf.face.partyLabel, children: `${view.partyCode} · ${view.partyName}` },
    { key: 'bank', label: 'Bank', children: view.bankCode },
    { key: 'method', label: 'Method', children: `${view.method}${view.bankNumber ? ` ${view.bankNumber}` : ''}` },
    { key: 'documentDate', label: 'Payment date', children: display.date(view.documentDate) },
    { key: 'currency', label: 'Currency', children: view.rate ? `${view.currency} at ${view.rate}` : view.currency },
    { key: 'amount', label: 'Amount', children: amount(view.amount) },
    { key: 'allocated', label: 'Allocated', children: amount(view.allocated) },
    { key: 'onAccount', label: 'On account', children: amount(view.unallocated) },
    { key: 'reference', label: 'Reference', children: view.reference },
    { key: 'description', label: 'Description', children: view.description, span: 2 },
  ];
  const columns: TableColumnsType<AllocationView> = [
    { title: 'Line', dataIndex: 'lineNo', key: 'lineNo', width: 60 },
    { title: 'Document', key: 'doc', render: (_, a) => <>{a.invoiceNumber ?? '(document)'} {a.itemKind === 'CreditNote' && <Tag>credit</Tag>}{a.itemKind === 'OnAccount' && <Tag>on account</Tag>}</> },
    { title: 'Due', key: 'due', render: (_, a) => display.date(a.dueDate), responsive: ['sm'] },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, a) => <span className="ledger-amount">{display.amount(a.amount)}</span> },
    { title: 'Discount', key: 'discount', align: 'right', render: (_, a) => <span className="ledger-amount">{display.amount(a.discount)}</span> },
    { title: 'Write-off', key: 'writeOff', align: 'right', render: (_, a) => <span className="ledger-amount">{display.amount(a.writeOff)}</span> },
    { title: 'Status', key: 'status', render: (_, a) => <Tag>{a.status}</Tag> },
  ];
  return (
    <>
      <PageHeading title={`${reversal ? 'Reversal of ' : ''}${label} ${view.number ?? ''}`.trim()} subtitle={<DocumentStatusTag<string> def={def} status={view.status} />} />
      <Card size="small" style={{ marginBottom: 16 }} role="region" aria-label={label}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={facts} />
      </Card>
      <Card size="small" title={`Allocations (${view.allocations.length})`} style={{ marginBottom: 16 }}>
        <Table<AllocationView> size="small" rowKey="lineNo" aria-label="Allocations" columns={columns} dataSource={view.allocations} pagination={view.allocations.length > 50 ? { pageSize: 50 } : false} />
      </Card>
      {reversal && <DocumentEntryCard def={def} id={view.id} route="reversal-entry" label="Reversal entry" />}
      <DocumentEntryCard def={def} id={view.id} />
      <DocumentApproval state={approval} onChanged={() => void payment.refetch()} />
      <DocumentHistory def={def} id={view.id} />
    </>
  );
}
