import { Alert, Button, Card, Descriptions, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paymentRunFaces, paymentRunLabel, sides, type DocumentDef, type PaymentRunFace, type PaymentRunLine } from '@erp/contracts';
import { DocumentHistory, DocumentStatusTag, type TaskSubjectProps } from '../../../shared/documents';
import { PageHeading } from '../../../shared/documents/shell-adapter';
import { useDisplay } from '../../../shared/useDisplay';
import { DocumentApproval, useDocumentApproval } from '../../workflow/index';
import { fetchRun, runDefOf, runQueryKey } from './payment-runs-api';
import '../../ledger/journals/ledger-screens.css';

/** The payment run face whose reversal approval the type is. */
export const runFaceOfApproval = (type: string): PaymentRunFace | undefined =>
  sides.map((side) => paymentRunFaces[side]).find((rf) => rf.approval === type || rf.reversalApproval === type);

/**
 * /journal opened from a VendorPaymentScheduleReversalApproval or CustomerPaymentScheduleReversalApproval
 * task (SPEC.md section 2): the run the task is about (bank, date, method, total), the payment it
 * made per party and each line, then the approval with the approver's decision (Reverse reverses
 * every payment of the run), and the run's history.
 */
export default function PaymentRunSubject({ approvalType, id }: TaskSubjectProps) {
  const rf = runFaceOfApproval(approvalType)!;
  const def = runDefOf(rf) as unknown as DocumentDef<string, string, string>;
  const display = useDisplay();
  const run = useQuery({ queryKey: runQueryKey(rf, id), queryFn: ({ signal }) => fetchRun(rf, id, signal) });
  const approval = useDocumentApproval(approvalType, id);
  if (run.error) return <Alert type="error" showIcon title={run.error.message} action={<Link to="/workflow-task"><Button size="small">Back to the tasks</Button></Link>} />;
  if (!run.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const view = run.data;
  const label = paymentRunLabel(rf);
  const reversal = rf.reversalApproval === approvalType;
  const facts = [
    { key: 'document', label: 'Document', children: <Link to={`${rf.pages.run}?id=${view.id}`}>{`${label} ${view.number ?? '(not numbered until posted)'}`}</Link> },
    { key: 'bank', label: 'Bank', children: view.bankCode },
    { key: 'date', label: 'Payment date', children: display.date(view.paymentDate) },
    { key: 'method', label: 'Method', children: view.method },
    { key: 'parties', label: 'Parties', children: view.parties },
    { key: 'total', label: 'Total', children: <span className="ledger-amount">{`${display.amount(view.total)} ${view.currency}`}</span> },
    { key: 'discount', label: 'Discounts', children: <span className="ledger-amount">{display.amount(view.discount)}</span> },
    { key: 'description', label: 'Description', children: view.description, span: 2 },
  ];
  const columns: TableColumnsType<PaymentRunLine> = [
    { title: rf.pf.face.partyLabel, key: 'party', render: (_, l) => `${l.partyCode} · ${l.partyName}`, ellipsis: true },
    { title: 'Invoice', key: 'invoice', render: (_, l) => l.invoiceNumber ?? '(invoice)' },
    { title: 'Payment', key: 'payment', render: (_, l) => (l.excluded ? <Tag>excluded</Tag> : l.payment ? <Link to={`/journal?id=${l.payment}&approval=${rf.pf.approval}`}>{l.paymentNumber}</Link> : '—') },
    { title: 'Discount', key: 'discount', align: 'right', render: (_, l) => <span className="ledger-amount">{display.amount(l.discount)}</span> },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, l) => <span className="ledger-amount">{display.amount(l.amount)}</span> },
  ];
  return (
    <>
      <PageHeading title={`${reversal ? 'Reversal of ' : ''}${label} ${view.number ?? ''}`.trim()} subtitle={<DocumentStatusTag<string> def={def} status={view.status} />} />
      <Card size="small" style={{ marginBottom: 16 }} role="region" aria-label={label}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={facts} />
      </Card>
      <Card size="small" title={`Lines (${view.lines.length})`} style={{ marginBottom: 16 }}>
        <Table<PaymentRunLine> size="small" rowKey="lineNo" aria-label="Lines" columns={columns} dataSource={view.lines} pagination={view.lines.length > 50 ? { pageSize: 50 } : false} />
      </Card>
      <DocumentApproval state={approval} onChanged={() => void run.refetch()} />
      <DocumentHistory def={def} id={view.id} />
    </>
  );
}
