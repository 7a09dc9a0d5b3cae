import { Alert, Button, Card, Descriptions, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { assetRevaluationDocument, type AssetRevaluationView, type DocumentDef } from '@erp/contracts';
import { DocumentEntryCard, DocumentHistory, DocumentStatusTag, type TaskSubjectProps } from '../../shared/documents';
import { PageHeading } from '../../shared/documents/shell-adapter';
import { useDisplay } from '../../shared/useDisplay';
import { DocumentApproval, useDocumentApproval } from '../workflow/index';
import { fetchRevaluation, revaluationKey } from './fa-api';
import '../ledger/journals/ledger-screens.css';

type Line = AssetRevaluationView['lines'][number];

/**
 * /journal opened from a RevaluationSchedule task (SPEC.md section 2): the revaluation the task is about
 * (its date, per asset the cost and accumulated depreciation eliminated, the book value, the fair value,
 * the change and its split between the reserve and profit or loss, what stops an asset), the entry it
 * will post (a preview while a draft: the posting staged and rolled back) or posted, and the approval
 * with the approver's decision.
 */
export default function RevaluationSubject({ approvalType, id }: TaskSubjectProps) {
  const def = assetRevaluationDocument as unknown as DocumentDef<string, string, string>;
  const display = useDisplay();
  const revaluation = useQuery({ queryKey: revaluationKey(id), queryFn: ({ signal }) => fetchRevaluation(id, signal) });
  const approval = useDocumentApproval(approvalType, id);
  if (revaluation.error) return <Alert type="error" showIcon title={revaluation.error.message} action={<Link to="/workflow-task"><Button size="small">Back to the tasks</Button></Link>} />;
  if (!revaluation.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const v = revaluation.data;
  const amount = (value: string) => <span className="ledger-amount">{display.amount(value)}</span>;
  const facts = [
    { key: 'document', label: 'Document', children: <Link to={`/revaluation-schedule?id=${v.id}`}>{`Asset revaluation ${v.number ?? '(not numbered)'}`}</Link> },
    { key: 'date', label: 'Revaluation date', children: display.date(v.revaluationDate) },
    { key: 'assets', label: 'Assets', children: display.count(v.lines.length) },
    { key: 'change', label: 'Change', children: <span className="ledger-amount">{`${display.amount(v.change)} ${v.currency}`}</span> },
    { key: 'reserve', label: 'Revaluation reserve', children: amount(v.reserve) },
    { key: 'pnl', label: 'Profit or loss', children: amount(v.profitOrLoss) },
    { key: 'description', label: 'Description', children: v.description || '—', span: 3 },
  ];
  const columns: TableColumnsType<Line> = [
    { title: 'Asset', key: 'asset', render: (_, l) => <Link to={`/asset?id=${l.asset}`}>{`${l.assetCode} ${l.assetDescription}`.trim()}</Link> },
    { title: 'Cost', key: 'cost', align: 'right', render: (_, l) => amount(l.cost) },
    { title: 'Accumulated depreciation', key: 'accumulated', align: 'right', render: (_, l) => amount(l.accumulated) },
    { title: 'Net book value', key: 'nbv', align: 'right', render: (_, l) => amount(l.netBookValue) },
    { title: 'Fair value', key: 'fairValue', align: 'right', render: (_, l) => amount(l.fairValue) },
    { title: 'Change', key: 'change', align: 'right', render: (_, l) => amount(l.change) },
    { title: 'Reserve', key: 'reserve', align: 'right', render: (_, l) => amount(l.reserve) },
    { title: 'Profit or loss', key: 'pnl', align: 'right', render: (_, l) => amount(l.profitOrLoss) },
    { title: 'Note', key: 'problem', render: (_, l) => (l.problem ? <Typography.Text type="danger">{l.problem}</Typography.Text> : '') },
  ];
  return (
    <>
      <PageHeading title={`Asset revaluation ${v.number ?? ''}`.trim()} subtitle={<DocumentStatusTag<string> def={def} status={v.status} />} />
      <Card size="small" style={{ marginBottom: 16 }} role="region" aria-label="Asset revaluation">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={facts} />
      </Card>
      <Card size="small" title={`Assets (${v.lines.length})`} style={{ marginBottom: 16 }}>
        <Table<Line> size="small" rowKey="asset" columns={columns} dataSource={v.lines} pagination={v.lines.length > 50 ? { defaultPageSize: 50 } : false} aria-label="Assets of the revaluation" scroll={{ x: 'max-content' }} />
      </Card>
      <DocumentEntryCard def={def} id={v.id} />
      <DocumentApproval state={approval} onChanged={() => void revaluation.refetch()} />
      <DocumentHistory def={def} id={v.id} />
    </>
  );
}
