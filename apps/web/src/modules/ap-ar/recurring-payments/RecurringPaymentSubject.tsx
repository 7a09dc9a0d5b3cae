import { Alert, Button, Card, Descriptions, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { recurringPaymentFaces, sides, type DocumentDef, type RecurringPaymentFace } from '@erp/contracts';
import { DocumentHistory, DocumentStatusTag, type TaskSubjectProps } from '../../../shared/documents';
import { PageHeading } from '../../../shared/documents/shell-adapter';
import { useDisplay } from '../../../shared/useDisplay';
import { DocumentApproval, useDocumentApproval } from '../../workflow/index';
import { fetchRecurring, recurringDefOf, recurringKey } from './recurring-payments-api';
import '../../ledger/journals/ledger-screens.css';

/** The recurring payment face whose approval the type is. */
export const recurringFaceOfApproval = (type: string): RecurringPaymentFace | undefined => sides.map((side) => recurringPaymentFaces[side]).find((rf) => rf.approval === type);

/**
 * /journal opened from a RecurringVendorPaymentApproval or RecurringCustomerPaymentApproval task
 * (SPEC.md section 2): the schedule its Post activates (party, bank, amount and currency, method,
 * allocation rule, interval, start and end, draft or post), the approval and the history.
 */
export default function RecurringPaymentSubject({ approvalType, id }: TaskSubjectProps) {
  const rf = recurringFaceOfApproval(approvalType)!;
  const def = recurringDefOf(rf) as unknown as DocumentDef<string, string, string>;
  const display = useDisplay();
  const schedule = useQuery({ queryKey: recurringKey(rf, id), queryFn: ({ signal }) => fetchRecurring(rf, id, signal) });
  const approval = useDocumentApproval(approvalType, id);
  if (schedule.error) return <Alert type="error" showIcon title={schedule.error.message} action={<Link to="/workflow-task"><Button size="small">Back to the tasks</Button></Link>} />;
  if (!schedule.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const v = schedule.data;
  const end = v.endDate ? `on ${display.date(v.endDate)}` : v.occurrences ? `after ${v.occurrences} ${rf.pf.noun}s` : 'never';
  const facts = [
    { key: 'document', label: 'Schedule', children: <Link to={`${rf.pages.editor}?id=${v.id}`}>{`${v.code} · ${v.description}`}</Link> },
    { key: 'party', label: rf.pf.face.partyLabel, children: `${v.partyCode} · ${v.partyName}` },
    { key: 'bank', label: 'Bank', children: v.bankCode },
    { key: 'amount', label: 'Amount each time', children: <span className="ledger-amount">{display.amount(v.amount)} {v.currency}</span> },
    { key: 'method', label: 'Method', children: v.method },
    { key: 'allocation', label: 'Allocation', children: v.allocation === 'OldestFirst' ? 'Oldest open items first' : 'On account' },
    { key: 'every', label: 'Every', children: v.interval === 1 ? v.frequency : `${v.interval} × ${v.frequency}` },
    { key: 'start', label: 'Starts', children: display.date(v.startDate) },
    { key: 'end', label: 'Ends', children: end },
    { key: 'mode', label: 'Each occurrence', children: v.mode === 'Post' ? 'Posted' : 'A draft to review' },
  ];
  return (
    <>
      <PageHeading title={`${def.label} ${v.code}`} subtitle={<DocumentStatusTag<string> def={def} status={v.status} />} />
      <Card size="small" style={{ marginBottom: 16 }} role="region" aria-label={def.label}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={facts} />
      </Card>
      <DocumentApproval state={approval} onChanged={() => void schedule.refetch()} />
      <DocumentHistory def={def} id={v.id} />
    </>
  );
}
