import { Alert, Button, DatePicker, Flex, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { depreciationRunDocument as def, type DepreciationRunAction, type DepreciationRunStatus, type DepreciationRunView, type RunDetail } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import { documentAbilities, DocumentActionBar, DocumentEditorFrame, type ApprovalOffer, type HeaderValues } from '../../shared/documents';
import { useDisplay } from '../../shared/useDisplay';
import { newIdempotencyKey } from '../ledger/journals/idempotency-key';
import { approvalMode, DocumentApproval, useApprovalGate, useDocumentApproval } from '../workflow/index';
import { deleteRun, fetchRun, runAction, runKey, runsKey, saveRun, submitRun } from './fa-api';
import { useEditorSteps } from './useEditorSteps';
import '../ledger/journals/ledger-screens.css';

type Line = DepreciationRunView['lines'][number];

const headerOf = (v: DepreciationRunView): HeaderValues => ({ period: v.periodEnd, assetClass: v.assetClass, detail: v.detail, description: v.description });

/**
 * /depreciation-schedule?id=: a depreciation run (the documents kit's editor frame): its period,
 * class and lines setting while a draft, what it posts (per class or per asset, with the accounts),
 * the assets it cannot depreciate and why, Post (or Submit for approval under a DepreciationSchedule
 * workflow), Reverse on a posted run, and its approval and history.
 */
export function RunEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const display = useDisplay();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const view = useQuery({ queryKey: runKey(id), queryFn: ({ signal }) => fetchRun(id!, signal), enabled: id !== undefined });
  const [header, setHeader] = useState<HeaderValues>({});
  const { refusals, busy, act } = useEditorSteps(runsKey);
  const [reverseOn, setReverseOn] = useState<string | undefined>(undefined);
  const postKey = useRef(newIdempotencyKey());
  useEffect(() => {
    if (view.data) setHeader(headerOf(view.data));
  }, [view.data]);
  const approvalType = def.approval!.type;
  const approval = useDocumentApproval(approvalType, id);
  const mode = approvalMode(useApprovalGate(approvalType));
  if (!id) return <Alert type="info" showIcon title={<>Prepare a run on <Link to="/recurring-depreciation">/recurring-depreciation</Link>, or open one from the list (/depreciation-schedules).</>} />;
  if (view.isError) return <Alert type="error" showIcon title={view.error instanceof Error ? view.error.message : 'The run could not be read'} />;
  const v = view.data;
  const can = documentAbilities(def, 'Run', permissions);
  const input = () => ({ period: String(header.period), assetClass: (header.assetClass as string | null) ?? null, detail: header.detail as RunDetail, description: (header.description as string | null) ?? null });
  const dirty = v !== undefined && JSON.stringify(headerOf(v)) !== JSON.stringify(header);
  const save = () => act('save', async () => {
    client.setQueryData(runKey(id), await saveRun(id, input()));
  });
  const post = () => act('post', async () => {
    if (dirty) client.setQueryData(runKey(id), await saveRun(id, input()));
    client.setQueryData(runKey(id), await runAction(id, 'post', postKey.current));
    notify.success('The run is posted');
  });
  const reverse = () => act('reverse', async () => {
    client.setQueryData(runKey(id), await runAction(id, 'reverse', newIdempotencyKey(), reverseOn ?? v?.periodEnd));
    notify.success('The run is reversed: its rows go back to the schedules');
  });
  const remove = () => act('delete', async () => {
    await deleteRun(id);
    void navigate('/depreciation-schedules');
  });
  const submit = () => act('submit', async () => {
    if (dirty) client.setQueryData(runKey(id), await saveRun(id, input()));
    await submitRun(id);
    approval.refresh();
  });
  const offer: ApprovalOffer = mode === 'submit' ? { mode: 'submit', needed: undefined, onSubmit: () => void submit() } : mode === 'direct' ? { mode: 'direct' } : { mode: 'pending' };
  const lineColumns: TableColumnsType<Line> = [
    { title: 'Class', dataIndex: 'assetClass', key: 'assetClass' },
    ...(v?.detail === 'Per asset' ? [{ title: 'Asset', dataIndex: 'asset', key: 'asset' }] : []),
    { title: 'Expense account', dataIndex: 'expenseAccount', key: 'expense' },
    { title: 'Accumulated depreciation', dataIndex: 'accumulatedAccount', key: 'accumulated' },
    { title: 'Dimensions', key: 'dimensions', responsive: ['md'], render: (_, l) => Object.entries(l.dimensions).map(([g, d]) => `${g}: ${d}`).join(', ') || '—' },
    { title: 'Assets', key: 'assets', align: 'right', render: (_, l) => display.count(l.assets) },
    { title: 'Months', key: 'rows', align: 'right', responsive: ['md'], render: (_, l) => display.count(l.rows) },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, l) => <span className="ledger-amount">{display.amount(l.amount)}</span> },
  ];
  const actions = v && (
    <Flex vertical gap={8} align="flex-end">
      <DocumentActionBar<DepreciationRunStatus, DepreciationRunAction> def={def} status={v.status} can={can} busy={busy === 'reverse' ? undefined : busy} on={{ post: () => void post() }} onSave={() => void save()} onDelete={() => void remove()} approval={offer} underApproval={approval.running} />
      {v.status === 'Posted' && can.edit && (
        <Flex gap={8} align="center">
          <DatePicker aria-label="Reversal date" value={dayjs(reverseOn ?? v.periodEnd)} onChange={(d) => setReverseOn(d?.format('YYYY-MM-DD'))} format={display.pickerFormat} allowClear={false} />
          <Popconfirm title="Reverse this run?" description="The reversal entry is posted and the rows return to the schedules." onConfirm={() => void reverse()}>
            <Button danger loading={busy === 'reverse'}>
              Reverse
            </Button>
          </Popconfirm>
        </Flex>
      )}
    </Flex>
  );
  return (
    <DocumentEditorFrame
      def={def}
      id={id}
      status={v?.status}
      title={v?.number ? `Depreciation run ${v.number}` : 'Depreciation run'}
      subtitle={v?.journalId ? <Link to={`/journal?id=${v.journalId}`}>Journal {v.journalNumber}</Link> : v ? <Typography.Text type="secondary">{v.status === 'Draft' ? 'What posting now would post' : 'Nothing was left to post'}</Typography.Text> : undefined}
      actions={actions}
      header={header}
      onHeaderChange={(field, value) => setHeader((h) => ({ ...h, [field]: value }))}
      dateFormat={display.pickerFormat}
      refusals={refusals}
      underApproval={approval.running || (v !== undefined && v.status !== 'Draft')}
      lineCount={v?.lines.length ?? 0}
      linesExtra={v && `${display.count(v.assets)} assets, ${display.count(v.rows)} months, ${display.amount(v.amount)} ${v.currency}`}
      lines={
        <Flex vertical gap={12}>
          <Table<Line> size="small" rowKey={(l) => `${l.assetClass}/${l.asset ?? ''}`} loading={view.isPending} columns={lineColumns} dataSource={v?.lines ?? []} pagination={{ defaultPageSize: 50 }} aria-label="Lines of the run" />
          {v && v.issueCount > 0 && (
            <Alert
              type="warning"
              showIcon
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
        </Flex>
      }
      approval={<DocumentApproval state={approval} />}
    />
  );
}
