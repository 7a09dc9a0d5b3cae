import { Alert, Button, Card, Descriptions, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { faces, sides, type CreditNoteView, type DocumentDef, type Face } from '@erp/contracts';
import { DocumentEntryCard, DocumentHistory, DocumentStatusTag, type TaskSubjectProps } from '../../../shared/documents';
import { PageHeading } from '../../../shared/documents/shell-adapter';
import { useDisplay } from '../../../shared/useDisplay';
import { DocumentApproval, useDocumentApproval } from '../../workflow/index';
import { InvoiceLinesTable } from './InvoiceLinesTable';
import { defOf, documentQueryKey, fetchDocument } from './invoices-api';
import '../../ledger/journals/ledger-screens.css';
import './invoices.css';

/** The face whose reversal approval the type is. */
export const faceOfReversalApproval = (type: string): Face | undefined => sides.map((side) => faces[side]).find((face) => face.approvals.reversal === type);

/**
 * /journal opened from a VendorInvoiceReversalApproval or CustomerInvoiceReversalApproval task
 * (SPEC.md section 2): the credit note or full reversal the task is about (party, number, lines,
 * amounts, the invoice it credits), the entry it will post (a preview while submitted) or posted,
 * and its approval with the approver's decision.
 */
export default function CreditNoteSubject({ approvalType, id }: TaskSubjectProps) {
  const face = faceOfReversalApproval(approvalType)!;
  const def = defOf(face, 'creditNote') as unknown as DocumentDef<string, string, string>;
  const display = useDisplay();
  const note = useQuery({ queryKey: documentQueryKey(face, 'creditNote', id), queryFn: ({ signal }) => fetchDocument<CreditNoteView>(face, 'creditNote', id, signal) });
  const approval = useDocumentApproval(approvalType, id);
  if (note.error) return <Alert type="error" showIcon title={note.error.message} action={<Link to="/workflow-task"><Button size="small">Back to the tasks</Button></Link>} />;
  if (!note.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const view = note.data;
  const label = def.kinds[view.kind]!.label;
  const amount = (text: string | null) => (text === null ? '' : <span className="ledger-amount">{display.amount(text)} {view.currency}</span>);
  const facts = [
    { key: 'kind', label: 'Document', children: <Link to={`${face.pages.reversal}?id=${view.id}`}>{`${label} ${view.number ?? '(not numbered until posted)'}`}</Link> },
    { key: 'party', label: face.partyLabel, children: `${view.partyCode} · ${view.partyName}` },
    {
      key: 'invoice', label: 'Credits invoice',
      children: view.invoice ? <Link to={`${face.pages.invoice}?id=${view.invoice}`}>{view.invoiceNumber ?? 'the invoice'}</Link> : 'None: a standalone credit note, allocated later',
    },
    { key: 'documentDate', label: 'Document date', children: display.date(view.documentDate) },
    { key: 'postingDate', label: 'Posting date', children: display.date(view.postingDate) },
    { key: 'currency', label: 'Currency', children: view.rate ? `${view.currency} at ${view.rate}` : view.currency },
    { key: 'net', label: 'Net', children: amount(view.totalNet) },
    { key: 'tax', label: 'Tax', children: amount(view.totalTax) },
    { key: 'gross', label: 'Gross', children: amount(view.totalGross) },
    ...(view.status === 'Draft' ? [] : [{ key: 'applied', label: 'Applied to the invoice', children: amount(view.applied) }]),
    { key: 'reference', label: 'Reference', children: view.reference },
    { key: 'description', label: 'Description', children: view.description, span: 2 },
  ];
  return (
    <>
      <PageHeading title={`${label} ${view.number ?? ''}`.trim()} subtitle={<DocumentStatusTag<string> def={def} status={view.status} />} />
      <Card size="small" style={{ marginBottom: 16 }} role="region" aria-label={label}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={facts} />
      </Card>
      <Card size="small" title={`Lines (${view.lines.length})`} style={{ marginBottom: 16 }}>
        <InvoiceLinesTable view={view} />
      </Card>
      <DocumentEntryCard def={def} id={view.id} />
      <DocumentApproval state={approval} onChanged={() => void note.refetch()} />
      <DocumentHistory def={def} id={view.id} />
    </>
  );
}
