import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Flex,
  Input,
  Popconfirm,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  splitDocument as def,
  splitListQuerySchema,
  type SplitAction,
  type SplitBasis,
  type SplitInput,
  type SplitListItem,
  type SplitStatus,
  type SplitView,
} from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import {
  documentAbilities,
  DocumentActionBar,
  DocumentEditorFrame,
  DocumentListPage,
  type ApprovalOffer,
  type DocumentColumnContext,
  type HeaderValues,
} from '../../shared/documents';
import { useDisplay } from '../../shared/useDisplay';
import { newIdempotencyKey } from '../ledger/journals/idempotency-key';
import { approvalMode, DocumentApproval, useApprovalGate, useDocumentApproval } from '../workflow/index';
import {
  deleteSplit,
  fetchSplit,
  saveSplit,
  splitAction,
  splitKey,
  splitsKey,
  submitSplit,
} from './split-api';
import { useEditorSteps } from './useEditorSteps';
import '../ledger/journals/ledger-screens.css';

function splitColumns(display: ReturnType<typeof useDisplay>) {
  return ({
    sortOrder,
    linkOf,
    statusOf,
  }: DocumentColumnContext<SplitListItem>): TableColumnsType<SplitListItem> => [
    {
      title: 'Number',
      key: 'number',
      dataIndex: 'number',
      sorter: true,
      sortOrder: sortOrder('number'),
      render: (n: string | null, row) => <Link to={linkOf(row)}>{n ?? '(draft)'}</Link>,
    },
    {
      title: 'Date',
      key: 'splitDate',
      dataIndex: 'splitDate',
      sorter: true,
      sortOrder: sortOrder('splitDate'),
      render: (d: string) => display.date(d),
    },
    { title: 'Asset', key: 'assetCode', dataIndex: 'assetCode' },
    { title: 'Split by', key: 'basis', dataIndex: 'basis', responsive: ['md'] },
    { title: 'Parts', key: 'parts', dataIndex: 'parts', align: 'right' },
    {
      title: 'Description',
      key: 'description',
      dataIndex: 'description',
      ellipsis: true,
      responsive: ['lg'],
    },
    { title: 'Status', key: 'status', render: (_, r) => statusOf(r) },
    {
      title: 'Cost',
      key: 'cost',
      align: 'right',
      render: (_, r) => <span className="ledger-amount">{display.amount(r.cost)}</span>,
    },
    { title: 'Journal', key: 'journalNumber', responsive: ['md'], render: (_, r) => r.journalNumber ?? '—' },
  ];
}

/** /splitting-schedules: the documents kit's list of asset splits (New opens /splitting-schedule). */
export function SplitsPage() {
  const display = useDisplay();
  return (
    <DocumentListPage
      def={def}
      kind="Split"
      query={splitListQuerySchema}
      columns={splitColumns(display)}
      title={def.plural}
      searchHint="Searches number, description and asset code"
      noun={['asset split', 'asset splits']}
    />
  );
}

type PartRow = { key: number; share: string; description: string; location: string };
type PartView = SplitView['parts'][number];
type Line = SplitView['lines'][number];

const headerOf = (v: SplitView): HeaderValues => ({
  asset: v.asset,
  splitDate: v.splitDate,
  basis: v.basis,
  description: v.description,
});
const partsOf = (v: SplitView): PartRow[] =>
  v.parts.map((p) => ({
    key: p.lineNo,
    share: p.share,
    description: p.description,
    location: p.location ?? '',
  }));
const newHeader = (): HeaderValues => ({
  asset: null,
  splitDate: dayjs().format('YYYY-MM-DD'),
  basis: 'Quantity',
  description: null,
});
const newParts = (): PartRow[] => [
  { key: 1, share: '', description: '', location: '' },
  { key: 2, share: '', description: '', location: '' },
];
const text = (value: unknown): string | null =>
  value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim();

/**
 * /splitting-schedule?id=: the split of an asset (the documents kit's editor frame): the asset, the
 * date, by quantity or percent and the parts (share, description, location) while a draft; what it
 * posts (each part's quantity, cost, accumulated depreciation, residual, the new asset once posted,
 * the entry's lines, or why posting would be refused), Post (or Submit under a SplittingSchedule
 * workflow), Reverse on a posted split, the journal it posted, the approval and the history.
 */
export function SplitEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const display = useDisplay();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const view = useQuery({
    queryKey: splitKey(id),
    queryFn: ({ signal }) => fetchSplit(id!, signal),
    enabled: id !== undefined,
  });
  const [header, setHeader] = useState<HeaderValues>(newHeader);
  const [parts, setParts] = useState<PartRow[]>(newParts);
  const { refusals, busy, act } = useEditorSteps(splitsKey);
  const [reverseOn, setReverseOn] = useState<string | undefined>(undefined);
  const postKey = useRef(newIdempotencyKey());
  useEffect(() => {
    if (view.data) {
      setHeader(headerOf(view.data));
      setParts(partsOf(view.data));
    }
  }, [view.data]);
  const approvalType = def.approval!.type;
  const approval = useDocumentApproval(approvalType, id);
  const mode = approvalMode(useApprovalGate(approvalType));
  if (view.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={view.error instanceof Error ? view.error.message : 'The split could not be read'}
      />
    );
  const v = view.data;
  const draft = v === undefined || v.status === 'Draft';
  const can = documentAbilities(def, 'Split', permissions);
  const input = (): SplitInput => ({
    asset: String(header.asset ?? ''),
    splitDate: String(header.splitDate ?? ''),
    basis: (header.basis as SplitBasis | null) ?? 'Quantity',
    description: text(header.description),
    parts: parts.map((p) => ({
      share: p.share.trim(),
      description: text(p.description),
      location: text(p.location),
    })),
  });
  const dirty =
    id === undefined ||
    (v !== undefined &&
      (JSON.stringify(headerOf(v)) !== JSON.stringify(header) ||
        JSON.stringify(partsOf(v)) !== JSON.stringify(parts)));
  const store = async (): Promise<string> => {
    const saved = await saveSplit(id, input());
    client.setQueryData(splitKey(saved.id), saved);
    if (!id) void navigate(`/splitting-schedule?id=${saved.id}`, { replace: true });
    return saved.id;
  };
  const save = () =>
    act('save', async () => {
      await store();
      notify.success('The split is saved');
    });
  const post = () =>
    act('post', async () => {
      const at = dirty ? await store() : id!;
      client.setQueryData(splitKey(at), await splitAction(at, 'post', postKey.current));
      notify.success('The split is posted: the parts are new assets');
    });
  const reverse = () =>
    act('reverse', async () => {
      client.setQueryData(
        splitKey(id),
        await splitAction(id!, 'reverse', newIdempotencyKey(), reverseOn ?? v?.splitDate),
      );
      notify.success('The split is reversed: the asset is whole again');
    });
  const remove = () =>
    act('delete', async () => {
      await deleteSplit(id!);
      void navigate('/splitting-schedules');
    });
  const submit = () =>
    act('submit', async () => {
      const at = dirty ? await store() : id!;
      await submitSplit(at);
      approval.refresh();
    });
  const offer: ApprovalOffer =
    mode === 'submit'
      ? { mode: 'submit', needed: undefined, onSubmit: () => void submit() }
      : mode === 'direct'
        ? { mode: 'direct' }
        : { mode: 'pending' };
  const setPart = (key: number, field: keyof Omit<PartRow, 'key'>, value: string) =>
    setParts((ps) => ps.map((p) => (p.key === key ? { ...p, [field]: value } : p)));
  const editable = draft && !approval.running;
  const shareTitle = header.basis === 'Percent' ? 'Percent' : 'Quantity';
  const figureOf = (row: PartRow): PartView | undefined => v?.parts.find((p) => p.lineNo === row.key);
  const amount = (s: string | undefined) =>
    s ? <span className="ledger-amount">{display.amount(s)}</span> : '—';
  const partColumns: TableColumnsType<PartRow> = [
    { title: '#', key: 'n', width: 48, render: (_, __, i) => i + 1 },
    {
      title: shareTitle,
      key: 'share',
      width: 130,
      render: (_, r, i) =>
        editable ? (
          <Input
            aria-label={`${shareTitle} of part ${i + 1}`}
            value={r.share}
            inputMode="decimal"
            onChange={(e) => setPart(r.key, 'share', e.target.value)}
          />
        ) : (
          r.share
        ),
    },
    {
      title: 'Description',
      key: 'description',
      render: (_, r, i) =>
        editable ? (
          <Input
            aria-label={`Description of part ${i + 1}`}
            value={r.description}
            maxLength={150}
            placeholder="The asset's, numbered"
            onChange={(e) => setPart(r.key, 'description', e.target.value)}
          />
        ) : (
          r.description || '—'
        ),
    },
    {
      title: 'Location',
      key: 'location',
      responsive: ['md'],
      render: (_, r, i) =>
        editable ? (
          <Input
            aria-label={`Location of part ${i + 1}`}
            value={r.location}
            maxLength={100}
            placeholder="The asset's"
            onChange={(e) => setPart(r.key, 'location', e.target.value)}
          />
        ) : (
          r.location || '—'
        ),
    },
    {
      title: 'Units',
      key: 'quantity',
      align: 'right',
      responsive: ['lg'],
      render: (_, r) => figureOf(r)?.quantity || '—',
    },
    { title: 'Cost', key: 'cost', align: 'right', render: (_, r) => amount(figureOf(r)?.cost) },
    {
      title: 'Accumulated',
      key: 'accumulated',
      align: 'right',
      render: (_, r) => amount(figureOf(r)?.accumulated),
    },
    {
      title: 'Residual',
      key: 'residual',
      align: 'right',
      responsive: ['lg'],
      render: (_, r) => amount(figureOf(r)?.residual),
    },
    {
      title: 'New asset',
      key: 'newAsset',
      render: (_, r) => {
        const f = figureOf(r);
        return f?.newAsset ? <Link to={`/asset?id=${f.newAsset}`}>{f.newAssetCode}</Link> : '—';
      },
    },
    ...(editable
      ? [
          {
            title: '',
            key: 'remove',
            width: 80,
            render: (_: unknown, r: PartRow) => (
              <Button
                size="small"
                disabled={parts.length <= 2}
                onClick={() => setParts((ps) => ps.filter((p) => p.key !== r.key))}
              >
                Remove
              </Button>
            ),
          },
        ]
      : []),
  ];
  const lineColumns: TableColumnsType<Line> = [
    { title: 'Line', dataIndex: 'role', key: 'role' },
    { title: 'Asset', dataIndex: 'assetCode', key: 'assetCode' },
    { title: 'Account', key: 'account', render: (_, l) => l.account ?? '—' },
    {
      title: 'Debit',
      key: 'debit',
      align: 'right',
      render: (_, l) => (
        <span className="ledger-amount">{Number(l.debit) === 0 ? '' : display.amount(l.debit)}</span>
      ),
    },
    {
      title: 'Credit',
      key: 'credit',
      align: 'right',
      render: (_, l) => (
        <span className="ledger-amount">{Number(l.credit) === 0 ? '' : display.amount(l.credit)}</span>
      ),
    },
  ];
  const figures = v && [
    {
      key: 'asset',
      label: 'Asset',
      children: <Link to={`/asset?id=${v.asset}`}>{`${v.assetCode} ${v.assetDescription}`.trim()}</Link>,
    },
    { key: 'quantity', label: 'Quantity', children: v.quantity },
    {
      key: 'cost',
      label: 'Cost',
      children: (
        <span className="ledger-amount">
          {display.amount(v.cost)} {v.currency}
        </span>
      ),
    },
    {
      key: 'accumulated',
      label: 'Accumulated depreciation',
      children: <span className="ledger-amount">{display.amount(v.accumulated)}</span>,
    },
    {
      key: 'residual',
      label: 'Residual',
      children: <span className="ledger-amount">{display.amount(v.residual)}</span>,
    },
    {
      key: 'nbv',
      label: 'Net book value',
      children: <span className="ledger-amount">{display.amount(v.netBookValue)}</span>,
    },
  ];
  const actions = (id === undefined || v) && (
    <Flex vertical gap={8} align="flex-end">
      <DocumentActionBar<SplitStatus, SplitAction>
        def={def}
        status={v?.status}
        can={can}
        busy={busy === 'reverse' ? undefined : busy}
        on={{ post: () => void post() }}
        onSave={() => void save()}
        onDelete={() => void remove()}
        approval={offer}
        underApproval={approval.running}
      />
      {v?.status === 'Posted' && can.edit && (
        <Flex gap={8} align="center">
          <DatePicker
            aria-label="Reversal date"
            value={dayjs(reverseOn ?? v.splitDate)}
            onChange={(d) => setReverseOn(d?.format('YYYY-MM-DD'))}
            format={display.pickerFormat}
            allowClear={false}
          />
          <Popconfirm
            title="Reverse this split?"
            description="Its entry is reversed, the parts are cancelled and the asset gets its schedule back."
            onConfirm={() => void reverse()}
          >
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
      title={v?.number ? `Asset split ${v.number}` : 'Asset split'}
      subtitle={
        v?.journalId ? (
          <Link to={`/journal?id=${v.journalId}`}>Journal {v.journalNumber}</Link>
        ) : id === undefined ? (
          <Link to="/splitting-schedules">All splits</Link>
        ) : v ? (
          <Typography.Text type="secondary">What posting now would post</Typography.Text>
        ) : undefined
      }
      actions={actions}
      header={header}
      onHeaderChange={(field, value) => setHeader((h) => ({ ...h, [field]: value }))}
      dateFormat={display.pickerFormat}
      knownLabels={v ? { [v.asset]: `${v.assetCode} ${v.assetDescription}`.trim() } : undefined}
      refusals={refusals}
      underApproval={approval.running}
      readOnly={!draft}
      lineCount={parts.length}
      linesExtra={v && `Cost ${display.amount(v.cost)} ${v.currency}`}
      lines={
        <Flex vertical gap={12}>
          {figures && (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 3 }}
              items={figures}
              aria-label="Split figures"
            />
          )}
          {v?.problem && <Alert type="warning" showIcon title={v.problem} />}
          <Table<PartRow>
            size="small"
            rowKey="key"
            columns={partColumns}
            dataSource={parts}
            pagination={false}
            aria-label="Parts of the split"
          />
          {editable && (
            <Flex>
              <Button
                onClick={() =>
                  setParts((ps) => [
                    ...ps,
                    {
                      key: Math.max(0, ...ps.map((p) => p.key)) + 1,
                      share: '',
                      description: '',
                      location: '',
                    },
                  ])
                }
                disabled={parts.length >= 50}
              >
                Add part
              </Button>
            </Flex>
          )}
          {v && v.lines.length > 0 && (
            <Table<Line>
              size="small"
              rowKey={(l) => `${l.role}/${l.assetCode}`}
              columns={lineColumns}
              dataSource={v.lines}
              pagination={false}
              aria-label="Lines of the split"
            />
          )}
        </Flex>
      }
      approval={<DocumentApproval state={approval} />}
    />
  );
}
