import { Alert, Button, Card, Descriptions, Spin, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { depreciationRunDocument, type DepreciationRunView, type DocumentDef } from '@erp/contracts';
import { DocumentEntryCard, DocumentHistory, DocumentStatusTag, type TaskSubjectProps } from '../../shared/documents';
import { PageHeading } from '../../shared/documents/shell-adapter';
import { useDisplay } from '../../shared/useDisplay';
import { DocumentApproval, useDocumentApproval } from '../workflow/index';
import { fetchRun, runKey } from './fa-api';
import '../ledger/journals/ledger-screens.css';

type Line = DepreciationRunView['lines'][number];

/**
 * /journal opened from a DepreciationSchedule task (SPEC.md section 2): the depreciation run the task
 * is about (period, the class it is limited to or all classes, how many assets and months, the amount,
 * its lines per class or asset with their accounts, the assets it leaves out and why), the entry it
 * will post (a preview while a draft) or posted, and the approval with the approver's decision.
 */
export default function DepreciationRunSubject({ approvalType, id }: TaskSubjectProps) {
  const def = depreciationRunDocument as unknown as DocumentDef<string, string, string>;
  const display = useDisplay();
  const run = useQuery({ queryKey: runKey(id), queryFn: ({ signal }) => fetchRun(id, signal) });
  const approval = useDocumentApproval(approvalType, id);
  if (run.error) return <Alert type="error" showIcon title={run.error.message} action={<Link to="/workflow-task"><Button size="small">Back to the tasks</Button></Link>} />;
  if (!run.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const v = run.data;
  const classes = [...new Set(v.lines.map((l) => l.assetClass))];
  const facts = [
    { key: 'document', label: 'Document', children: <Link to={`/depreciation-schedule?id=${v.id}`}>{`Depreciation run ${v.number ?? '(not numbered)'}`}</Link> },
    { key: 'period', label: 'Period', children: `${v.period} (posted on ${display.date(v.periodEnd)})` },
    { key: 'classes', label: 'Classes', children: v.assetClassCode ? `${v.assetClassCode} only` : `All classes${classes.length ? ` (${classes.join(', ')})` : ''}` },
    { key: 'detail', label: 'Lines', children: v.detail },
    { key: 'assets', label: 'Assets', children: `${display.count(v.assets)} (${display.count(v.rows)} months)` },
    { key: 'amount', label: 'Amount', children: <span className="ledger-amount">{display.amount(v.amount)} {v.currency}</span> },
    { key: 'skipped', label: 'Assets left out', children: display.count(v.issueCount) },
    { key: 'description', label: 'Description', children: v.description, span: 2 },
  ];
  const columns: TableColumnsType<Line> = [
    { title: 'Class', dataIndex: 'assetClass', key: 'assetClass' },
    ...(v.detail === 'Per asset' ? [{ title: 'Asset', dataIndex: 'asset', key: 'asset' }] : []),
    { title: 'Expense account', dataIndex: 'expenseAccount', key: 'expense' },
    { title: 'Accumulated depreciation', dataIndex: 'accumulatedAccount', key: 'accumulated' },
    { title: 'Dimensions', key: 'dimensions', render: (_, l) => Object.entries(l.dimensions).map(([g, d]) => `${g}: ${d}`).join(', ') || '—' },
    { title: 'Assets', key: 'assets', align: 'right', render: (_, l) => display.count(l.assets) },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, l) => <span className="ledger-amount">{display.amount(l.amount)}</span> },
  ];
  return (
    <>
      <PageHeading title={`Depreciation run ${v.number ?? ''}`.trim()} subtitle={<DocumentStatusTag<string> def={def} status={v.status} />} />
      <Card size="small" style={{ marginBottom: 16 }} role="region" aria-label="Depreciation run">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={facts} />
      </Card>
      <Card size="small" title={`Lines (${v.lines.length})`} style={{ marginBottom: 16 }}>
        <Table<Line> size="small" rowKey={(l) => `${l.assetClass}/${l.asset ?? ''}`} columns={columns} dataSource={v.lines} pagination={v.lines.length > 50 ? { defaultPageSize: 50 } : false} aria-label="Lines of the run" />
      </Card>
      {v.issueCount > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${display.count(v.issueCount)} ${v.issueCount === 1 ? 'asset is' : 'assets are'} not depreciated by this run`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {v.issues.slice(0, 50).map((i) => (
                <li key={i.assetId}>
                  <Link to={`/asset?id=${i.assetId}`}>{i.code}</Link>: {i.message}
                </li>
              ))}
              {v.issueCount > 50 && <li>… and {display.count(v.issueCount - 50)} more</li>}
            </ul>
          }
        />
      )}
      <DocumentEntryCard def={def} id={v.id} />
      <DocumentApproval state={approval} onChanged={() => void run.refetch()} />
      <DocumentHistory def={def} id={v.id} />
    </>
  );
}
