import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Flex, Input, Popconfirm, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  assetRevaluationDocument as def,
  type AssetRevaluationAction,
  type AssetRevaluationInput,
  type AssetRevaluationStatus,
  type AssetRevaluationView,
} from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import { documentAbilities, DocumentActionBar, DocumentEditorFrame, DocumentEntryCard, type ApprovalOffer, type HeaderValues } from '../../shared/documents';
import { RefSelect } from '../../shared/kit/RefSelect';
import { useDisplay } from '../../shared/useDisplay';
import { newIdempotencyKey } from '../ledger/journals/idempotency-key';
import { approvalMode, DocumentApproval, useApprovalGate, useDocumentApproval } from '../workflow/index';
import { deleteRevaluation, fetchRevaluation, revaluationAction, revaluationKey, revaluationsKey, saveRevaluation, submitRevaluation } from './fa-api';
import { useEditorSteps } from './useEditorSteps';
import '../ledger/journals/ledger-screens.css';

type Figures = AssetRevaluationView['lines'][number];
type EntryLine = AssetRevaluationView['entryLines'][number];
/** A line as typed: the asset and its fair value. */
type Draft = { key: string; asset: string | null; fairValue: string };

let lineSeq = 0;
const newLine = (asset: string | null = null, fairValue = ''): Draft => ({ key: `l${++lineSeq}`, asset, fairValue });
const headerOf = (v: AssetRevaluationView): HeaderValues => ({ revaluationDate: v.revaluationDate, description: v.description });
const newHeader = (): HeaderValues => ({ revaluationDate: dayjs().format('YYYY-MM-DD'), description: null });
const linesOf = (v: AssetRevaluationView): Draft[] => v.lines.map((l) => newLine(l.asset, l.fairValue));
const text = (value: unknown): string | null => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim());
const same = (a: Draft[], b: Draft[]) => a.length === b.length && a.every((l, i) => l.asset === b[i]!.asset && Number(l.fairValue) === Number(b[i]!.fairValue));
const DECIMAL_TYPING = /^\d*([.,]\d*)?$/;

/**
 * /revaluation-schedule?id=: the revaluation of assets (the documents kit's editor frame): its date and
 * one line per asset with its fair value while a draft; per asset what it posts (the cost and the
 * accumulated depreciation eliminated, the book value, the change and its split between the reserve
 * and profit or loss, the asset's surplus and deficit before, the depreciation after), the lines of
 * its entry, Post (or Submit for approval under a RevaluationSchedule workflow), Reverse on a posted
 * revaluation, the entry card, the approval and the history. No id: a new revaluation.
 */
export function RevaluationEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const display = useDisplay();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const view = useQuery({ queryKey: revaluationKey(id), queryFn: ({ signal }) => fetchRevaluation(id!, signal), enabled: id !== undefined });
  const [header, setHeader] = useState<HeaderValues>(newHeader);
  const [lines, setLines] = useState<Draft[]>(() => [newLine()]);
  const { refusals, busy, act } = useEditorSteps(revaluationsKey);
  const [reverseOn, setReverseOn] = useState<string | undefined>(undefined);
  const postKey = useRef(newIdempotencyKey());
  useEffect(() => {
    if (view.data) {
      setHeader(headerOf(view.data));
      setLines((current) => (same(current, linesOf(view.data)) ? current : linesOf(view.data)));
    }
  }, [view.data]);
  const approvalType = def.approval!.type;
  const approval = useDocumentApproval(approvalType, id);
  const mode = approvalMode(useApprovalGate(approvalType));
  if (view.isError) return <Alert type="error" showIcon title={view.error instanceof Error ? view.error.message : 'The revaluation could not be read'} />;
  const v = view.data;
  const editable = id === undefined || v?.status === 'Draft';
  const can = documentAbilities(def, 'Revaluation', permissions);
  const input = (): AssetRevaluationInput => ({
    revaluationDate: String(header.revaluationDate ?? ''),
    description: text(header.description),
    lines: lines.filter((l) => l.asset || l.fairValue).map((l) => ({ asset: l.asset ?? '', fairValue: l.fairValue.replace(',', '.') })),
  });
  const dirty = id === undefined || (v !== undefined && (JSON.stringify(headerOf(v)) !== JSON.stringify(header) || !same(lines, linesOf(v))));
  /** Saves what is on the screen; a new revaluation is created and the page moves to its id. */
  const store = async (): Promise<string> => {
    const saved = await saveRevaluation(id, input());
    client.setQueryData(revaluationKey(saved.id), saved);
    if (!id) void navigate(`/revaluation-schedule?id=${saved.id}`, { replace: true });
    return saved.id;
  };
  const save = () => act('save', async () => {
    await store();
    notify.success('The revaluation is saved');
  });
  const post = () => act('post', async () => {
    const at = dirty ? await store() : id!;
    client.setQueryData(revaluationKey(at), await revaluationAction(at, 'post', postKey.current));
    notify.success('The revaluation is posted: the assets are restated and their schedules regenerated');
  });
  const reverse = () => act('reverse', async () => {
    client.setQueryData(revaluationKey(id), await revaluationAction(id!, 'reverse', newIdempotencyKey(), reverseOn ?? v?.revaluationDate));
    notify.success('The revaluation is reversed: the previous costs and schedules are back');
  });
  const remove = () => act('delete', async () => {
    await deleteRevaluation(id!);
    void navigate('/revaluation-schedules');
  });
  const submit = () => act('submit', async () => {
    const at = dirty ? await store() : id!;
    await submitRevaluation(at);
    approval.refresh();
  });
  const offer: ApprovalOffer = mode === 'submit' ? { mode: 'submit', needed: undefined, onSubmit: () => void submit() } : mode === 'direct' ? { mode: 'direct' } : { mode: 'pending' };
  const setLine = (key: string, patch: Partial<Draft>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const known = v ? Object.fromEntries(v.lines.map((l) => [l.asset, `${l.assetCode} ${l.assetDescription}`.trim()])) : undefined;
  const lineRefusal = (index: number) => refusals.all.find((r) => r.line === index + 1 || r.message.startsWith(`lines.${index}.`));
  const editColumns: TableColumnsType<Draft> = [
    { title: '#', key: 'n', width: 48, render: (_, _l, i) => i + 1 },
    {
      title: 'Asset', key: 'asset', render: (_, l, i) => (
        <RefSelect id={`revaluation-asset-${i}`} refName="asset" value={l.asset} onChange={(asset) => setLine(l.key, { asset })} knownLabels={known} status={lineRefusal(i) ? 'error' : undefined} placeholder="Choose an asset" />
      ),
    },
    {
      title: 'Fair value', key: 'fairValue', width: 200, align: 'right', render: (_, l, i) => (
        <Input id={`revaluation-fair-value-${i}`} aria-label={`Fair value of line ${i + 1}`} inputMode="decimal" value={l.fairValue} style={{ textAlign: 'right' }} onChange={(e) => DECIMAL_TYPING.test(e.target.value) && setLine(l.key, { fairValue: e.target.value })} />
      ),
    },
    {
      title: '', key: 'remove', width: 48, render: (_, l) => (
        <Tooltip title="Remove the line">
          <Button type="text" aria-label="Remove the line" icon={<DeleteOutlined aria-hidden />} disabled={lines.length === 1} onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))} />
        </Tooltip>
      ),
    },
  ];
  const amount = (value: string) => <span className="ledger-amount">{display.amount(value)}</span>;
  const figureColumns: TableColumnsType<Figures> = [
    { title: 'Asset', key: 'asset', render: (_, l) => <Link to={`/asset?id=${l.asset}`}>{`${l.assetCode} ${l.assetDescription}`.trim()}</Link> },
    { title: 'Cost', key: 'cost', align: 'right', render: (_, l) => amount(l.cost) },
    { title: 'Accumulated depreciation', key: 'accumulated', align: 'right', render: (_, l) => amount(l.accumulated) },
    { title: 'Net book value', key: 'nbv', align: 'right', render: (_, l) => amount(l.netBookValue) },
    { title: 'Fair value', key: 'fairValue', align: 'right', render: (_, l) => amount(l.fairValue) },
    { title: 'Change', key: 'change', align: 'right', render: (_, l) => amount(l.change) },
    { title: 'Reserve', key: 'reserve', align: 'right', render: (_, l) => amount(l.reserve) },
    { title: 'Profit or loss', key: 'pnl', align: 'right', render: (_, l) => amount(l.profitOrLoss) },
    { title: 'Surplus / deficit before', key: 'before', align: 'right', responsive: ['lg'], render: (_, l) => <span className="ledger-amount">{`${display.amount(l.surplusBefore)} / ${display.amount(l.deficitBefore)}`}</span> },
    {
      title: 'Depreciation after', key: 'after', render: (_, l) =>
        l.problem ? <Typography.Text type="danger">{l.problem}</Typography.Text> : l.nextDepreciation === null ? '—' : `${display.amount(l.nextDepreciation)} a month, ${display.count(l.monthsLeft)} months`,
    },
  ];
  const entryColumns: TableColumnsType<EntryLine> = [
    { title: 'Line', dataIndex: 'role', key: 'role' },
    { title: 'Asset', dataIndex: 'assetCode', key: 'assetCode' },
    { title: 'Account', key: 'account', render: (_, l) => l.account ?? '—' },
    { title: 'Debit', key: 'debit', align: 'right', render: (_, l) => <span className="ledger-amount">{Number(l.debit) === 0 ? '' : display.amount(l.debit)}</span> },
    { title: 'Credit', key: 'credit', align: 'right', render: (_, l) => <span className="ledger-amount">{Number(l.credit) === 0 ? '' : display.amount(l.credit)}</span> },
  ];
  const actions = (id === undefined || v) && (
    <Flex vertical gap={8} align="flex-end">
      <DocumentActionBar<AssetRevaluationStatus, AssetRevaluationAction> def={def} status={v?.status} can={can} busy={busy === 'reverse' ? undefined : busy} on={{ post: () => void post() }} onSave={() => void save()} onDelete={() => void remove()} approval={offer} underApproval={approval.running} />
      {v?.status === 'Posted' && can.edit && (
        <Flex gap={8} align="center">
          <DatePicker aria-label="Reversal date" value={dayjs(reverseOn ?? v.revaluationDate)} onChange={(d) => setReverseOn(d?.format('YYYY-MM-DD'))} format={display.pickerFormat} allowClear={false} />
          <Popconfirm title="Reverse this revaluation?" description="Its entry is reversed and the assets' previous costs and schedules come back." onConfirm={() => void reverse()}>
            <Button danger loading={busy === 'reverse'}>
              Reverse
            </Button>
          </Popconfirm>
        </Flex>
      )}
    </Flex>
  );
  const totals = v && `Change ${display.amount(v.change)} · reserve ${display.amount(v.reserve)} · profit or loss ${display.amount(v.profitOrLoss)} ${v.currency}`;
  return (
    <>
      <DocumentEditorFrame
        def={def}
        id={id}
        status={v?.status}
        title={v?.number ? `Asset revaluation ${v.number}` : 'Asset revaluation'}
        subtitle={
          v?.journalId ? <Link to={`/journal?id=${v.journalId}`}>Journal {v.journalNumber}</Link> : id === undefined ? <Link to="/revaluation-schedules">All revaluations</Link> : v ? <Typography.Text type="secondary">What posting now would post</Typography.Text> : undefined
        }
        actions={actions}
        header={header}
        onHeaderChange={(field, value) => setHeader((h) => ({ ...h, [field]: value }))}
        dateFormat={display.pickerFormat}
        refusals={refusals}
        underApproval={approval.running}
        readOnly={v !== undefined && v.status !== 'Draft'}
        linesTitle="Assets"
        lineCount={lines.length}
        linesExtra={totals}
        lines={
          <Flex vertical gap={12}>
            {editable && !approval.running && (
              <>
                <Table<Draft> size="small" rowKey="key" columns={editColumns} dataSource={lines} pagination={false} aria-label="Assets to revalue" />
                <Flex justify="space-between" align="center">
                  <Button icon={<PlusOutlined aria-hidden />} onClick={() => setLines((ls) => [...ls, newLine()])} disabled={lines.length >= def.linesMax}>
                    Add an asset
                  </Button>
                  {dirty && id !== undefined && <Typography.Text type="secondary">Save to see the figures of what is typed.</Typography.Text>}
                </Flex>
              </>
            )}
            {id === undefined ? (
              <Typography.Text type="secondary">Save the revaluation to see what it posts.</Typography.Text>
            ) : (
              <>
                <Table<Figures> size="small" rowKey="asset" loading={view.isPending} columns={figureColumns} dataSource={v?.lines ?? []} pagination={v && v.lines.length > 50 ? { defaultPageSize: 50 } : false} aria-label="Revaluation figures" scroll={{ x: 'max-content' }} />
                <Table<EntryLine> size="small" rowKey={(l) => `${l.assetCode}/${l.role}`} columns={entryColumns} dataSource={v?.entryLines ?? []} pagination={v && v.entryLines.length > 50 ? { defaultPageSize: 50 } : false} aria-label="Lines of the revaluation" />
              </>
            )}
          </Flex>
        }
        approval={<DocumentApproval state={approval} />}
      />
      {id && <DocumentEntryCard def={def} id={id} />}
    </>
  );
}
