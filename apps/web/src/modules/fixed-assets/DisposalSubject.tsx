import { Alert, Button, Card, Descriptions, Spin, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { disposalDocument, type DisposalView, type DocumentDef } from '@erp/contracts';
import { DocumentEntryCard, DocumentHistory, DocumentStatusTag, type TaskSubjectProps } from '../../shared/documents';
import { PageHeading } from '../../shared/documents/shell-adapter';
import { useDisplay } from '../../shared/useDisplay';
import { DocumentApproval, useDocumentApproval } from '../workflow/index';
import { disposalKey, fetchDisposal } from './fa-api';
import '../ledger/journals/ledger-screens.css';

type Line = DisposalView['lines'][number];

/**
 * /journal opened from a DisposalSchedule task (SPEC.md section 2): the disposal the task is about (the
 * asset, sale or scrap, the date, the cost, the depreciation up to the date, the accumulated
 * depreciation, the book value, the proceeds and the gain or loss, the reserve moved to retained
 * earnings, the customer invoice a sale posts, the lines of its entry), the entry it
 * will post (a preview while a draft: the posting staged and rolled back) or posted, and the approval
 * with the approver's decision.
 */
export default function DisposalSubject({ approvalType, id }: TaskSubjectProps) {
  const def = disposalDocument as unknown as DocumentDef<string, string, string>;
  const display = useDisplay();
  const disposal = useQuery({ queryKey: disposalKey(id), queryFn: ({ signal }) => fetchDisposal(id, signal) });
  const approval = useDocumentApproval(approvalType, id);
  if (disposal.error) return <Alert type="error" showIcon title={disposal.error.message} action={<Link to="/workflow-task"><Button size="small">Back to the tasks</Button></Link>} />;
  if (!disposal.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const v = disposal.data;
  const gain = Number(v.gainLoss);
  const amount = (value: string) => <span className="ledger-amount">{display.amount(value)}</span>;
  const facts = [
    { key: 'document', label: 'Document', children: <Link to={`/disposal-schedule?id=${v.id}`}>{`Asset disposal ${v.number ?? '(not numbered)'}`}</Link> },
    { key: 'asset', label: 'Asset', children: <Link to={`/asset?id=${v.asset}`}>{`${v.assetCode} ${v.assetDescription}`.trim()}</Link> },
    { key: 'date', label: 'Disposal', children: `${v.disposalType} on ${display.date(v.disposalDate)}` },
    { key: 'cost', label: 'Cost', children: <span className="ledger-amount">{`${display.amount(v.cost)} ${v.currency}`}</span> },
    { key: 'depreciation', label: 'Depreciation to the date', children: amount(v.depreciation) },
    { key: 'accumulated', label: 'Accumulated depreciation', children: amount(v.accumulated) },
    { key: 'nbv', label: 'Net book value', children: amount(v.netBookValue) },
    { key: 'proceeds', label: 'Proceeds', children: amount(v.proceeds) },
    { key: 'gainLoss', label: gain < 0 ? 'Loss' : 'Gain', children: <span className="ledger-amount">{`${display.amount(gain < 0 ? v.gainLoss.replace(/^-/, '') : v.gainLoss)} ${v.currency}`}</span> },
    ...(Number(v.reserveTransferred) !== 0 ? [{ key: 'reserve', label: 'Revaluation reserve to retained earnings', children: amount(v.reserveTransferred) }] : []),
    ...(v.customer
      ? [{
          key: 'invoice', label: 'Customer invoice',
          children: v.invoiceId
            ? <Link to={`/customer-invoice?id=${v.invoiceId}`}>{`${v.invoiceNumber ?? ''} · ${v.customerCode ?? ''}`}</Link>
            : `Posted with the disposal to ${v.customerCode ?? ''}${v.taxCode ? `, tax ${v.taxCode}` : ''}`,
        }]
      : []),
    { key: 'description', label: 'Description', children: v.description || '—', span: 2 },
  ];
  const columns: TableColumnsType<Line> = [
    { title: 'Line', dataIndex: 'role', key: 'role' },
    { title: 'Account', key: 'account', render: (_, l) => l.account ?? '—' },
    { title: 'Debit', key: 'debit', align: 'right', render: (_, l) => (Number(l.debit) === 0 ? '' : amount(l.debit)) },
    { title: 'Credit', key: 'credit', align: 'right', render: (_, l) => (Number(l.credit) === 0 ? '' : amount(l.credit)) },
  ];
  return (
    <>
      <PageHeading title={`Asset disposal ${v.number ?? ''}`.trim()} subtitle={<DocumentStatusTag<string> def={def} status={v.status} />} />
      <Card size="small" style={{ marginBottom: 16 }} role="region" aria-label="Asset disposal">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={facts} />
      </Card>
      <Card size="small" title={`Lines (${v.lines.length})`} style={{ marginBottom: 16 }}>
        <Table<Line> size="small" rowKey={(l) => `${l.role}/${l.account ?? ''}`} columns={columns} dataSource={v.lines} pagination={false} aria-label="Lines of the disposal" />
      </Card>
      <DocumentEntryCard def={def} id={v.id} />
      <DocumentApproval state={approval} onChanged={() => void disposal.refetch()} />
      <DocumentHistory def={def} id={v.id} />
    </>
  );
}
