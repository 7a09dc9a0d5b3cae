import { Alert, Button, Card, Descriptions, Spin, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { splitDocument, type DocumentDef, type SplitView } from '@erp/contracts';
import { DocumentEntryCard, DocumentHistory, DocumentStatusTag, type TaskSubjectProps } from '../../shared/documents';
import { PageHeading } from '../../shared/documents/shell-adapter';
import { useDisplay } from '../../shared/useDisplay';
import { DocumentApproval, useDocumentApproval } from '../workflow/index';
import { fetchSplit, splitKey } from './split-api';
import '../ledger/journals/ledger-screens.css';

type Part = SplitView['parts'][number];

/**
 * /journal opened from a SplittingSchedule task (SPEC.md section 2): the split the task is about (the
 * asset, the date, its cost, accumulated depreciation and book value as the ledger holds them, and each
 * part's share of them), the entry it will post (a preview while a draft: the posting staged and rolled
 * back) or posted, and the approval with the approver's decision.
 */
export default function SplitSubject({ approvalType, id }: TaskSubjectProps) {
  const def = splitDocument as unknown as DocumentDef<string, string, string>;
  const display = useDisplay();
  const split = useQuery({ queryKey: splitKey(id), queryFn: ({ signal }) => fetchSplit(id, signal) });
  const approval = useDocumentApproval(approvalType, id);
  if (split.error) return <Alert type="error" showIcon title={split.error.message} action={<Link to="/workflow-task"><Button size="small">Back to the tasks</Button></Link>} />;
  if (!split.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const v = split.data;
  const amount = (value: string) => <span className="ledger-amount">{display.amount(value)}</span>;
  const facts = [
    { key: 'document', label: 'Document', children: <Link to={`/splitting-schedule?id=${v.id}`}>{`Asset split ${v.number ?? '(not numbered)'}`}</Link> },
    { key: 'asset', label: 'Asset', children: <Link to={`/asset?id=${v.asset}`}>{`${v.assetCode} ${v.assetDescription}`.trim()}</Link> },
    { key: 'date', label: 'Split', children: `By ${v.basis.toLowerCase()} on ${display.date(v.splitDate)}` },
    { key: 'cost', label: 'Cost', children: <span className="ledger-amount">{`${display.amount(v.cost)} ${v.currency}`}</span> },
    { key: 'accumulated', label: 'Accumulated depreciation', children: amount(v.accumulated) },
    { key: 'nbv', label: 'Net book value', children: amount(v.netBookValue) },
    { key: 'description', label: 'Description', children: v.description || '—', span: 2 },
  ];
  const columns: TableColumnsType<Part> = [
    { title: 'Part', dataIndex: 'lineNo', key: 'lineNo' },
    { title: v.basis === 'Quantity' ? 'Quantity' : 'Percent', dataIndex: 'share', key: 'share', align: 'right' },
    { title: 'Description', dataIndex: 'description', key: 'description' },
    { title: 'Cost', key: 'cost', align: 'right', render: (_, p) => amount(p.cost) },
    { title: 'Accumulated', key: 'accumulated', align: 'right', render: (_, p) => amount(p.accumulated) },
    { title: 'Net book value', key: 'nbv', align: 'right', render: (_, p) => amount(p.netBookValue) },
    { title: 'New asset', key: 'newAsset', render: (_, p) => (p.newAsset ? <Link to={`/asset?id=${p.newAsset}`}>{p.newAssetCode}</Link> : '—') },
  ];
  return (
    <>
      <PageHeading title={`Asset split ${v.number ?? ''}`.trim()} subtitle={<DocumentStatusTag<string> def={def} status={v.status} />} />
      <Card size="small" style={{ marginBottom: 16 }} role="region" aria-label="Asset split">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={facts} />
      </Card>
      {v.problem && <Alert type="warning" showIcon title={v.problem} style={{ marginBottom: 16 }} />}
      <Card size="small" title={`Parts (${v.parts.length})`} style={{ marginBottom: 16 }}>
        <Table<Part> size="small" rowKey="lineNo" columns={columns} dataSource={v.parts} pagination={false} aria-label="Parts of the split" scroll={{ x: 'max-content' }} />
      </Card>
      <DocumentEntryCard def={def} id={v.id} />
      <DocumentApproval state={approval} onChanged={() => void split.refetch()} />
      <DocumentHistory def={def} id={v.id} />
    </>
  );
}
