import { Alert, Button, DatePicker, Descriptions, Flex, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { disposalDocument as def, faces, type DisposalAction, type DisposalInput, type DisposalStatus, type DisposalType, type DisposalView } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import { documentAbilities, DocumentActionBar, DocumentEditorFrame, DocumentEntryCard, type ApprovalOffer, type HeaderValues } from '../../shared/documents';
import { useDisplay } from '../../shared/useDisplay';
import { newIdempotencyKey } from '../ledger/journals/idempotency-key';
import { approvalMode, DocumentApproval, useApprovalGate, useDocumentApproval } from '../workflow/index';
import { deleteDisposal, disposalAction, disposalKey, disposalsKey, fetchDisposal, saveDisposal, submitDisposal } from './fa-api';
import { useEditorSteps } from './useEditorSteps';
import '../ledger/journals/ledger-screens.css';

type Line = DisposalView['lines'][number];

const headerOf = (v: DisposalView): HeaderValues => ({
  asset: v.asset, disposalDate: v.disposalDate, disposalType: v.disposalType, proceeds: v.disposalType === 'Sale' ? v.proceeds : null, customer: v.customer, tax: v.tax, description: v.description,
});
const newHeader = (): HeaderValues => ({ asset: null, disposalDate: dayjs().format('YYYY-MM-DD'), disposalType: 'Sale', proceeds: null, customer: null, tax: null, description: null });
const invoicePage = faces.receivables.pages.invoice;
const text = (value: unknown): string | null => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim());

/**
 * /disposal-schedule?id=: the disposal of an asset (the documents kit's editor frame): the asset, a
 * sale or a scrap, the date, the proceeds, a sale's customer and tax code (posting posts its customer
 * invoice, linked here) and a description while a draft; what it posts (the cost,
 * the accumulated depreciation with the depreciation up to the date, the net book value, the gain or
 * loss, the lines of its entry), Post (or Submit for approval under a DisposalSchedule workflow),
 * Reverse on a posted disposal, the entry card, the approval and the history. No id: a new disposal.
 */
export function DisposalEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const display = useDisplay();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const view = useQuery({ queryKey: disposalKey(id), queryFn: ({ signal }) => fetchDisposal(id!, signal), enabled: id !== undefined });
  const [header, setHeader] = useState<HeaderValues>(newHeader);
  const { refusals, busy, act } = useEditorSteps(disposalsKey);
  const [reverseOn, setReverseOn] = useState<string | undefined>(undefined);
  const postKey = useRef(newIdempotencyKey());
  useEffect(() => {
    if (view.data) setHeader(headerOf(view.data));
  }, [view.data]);
  const approvalType = def.approval!.type;
  const approval = useDocumentApproval(approvalType, id);
  const mode = approvalMode(useApprovalGate(approvalType));
  if (view.isError) return <Alert type="error" showIcon title={view.error instanceof Error ? view.error.message : 'The disposal could not be read'} />;
  const v = view.data;
  const can = documentAbilities(def, 'Disposal', permissions);
  const input = (): DisposalInput => {
    const disposalType = (header.disposalType as DisposalType | null) ?? 'Sale';
    return {
      asset: String(header.asset ?? ''),
      disposalDate: String(header.disposalDate ?? ''),
      disposalType,
      proceeds: disposalType === 'Sale' ? text(header.proceeds) : null,
      customer: disposalType === 'Sale' ? text(header.customer) : null,
      tax: disposalType === 'Sale' && text(header.customer) ? text(header.tax) : null,
      description: text(header.description),
    };
  };
  const dirty = id === undefined || (v !== undefined && JSON.stringify(headerOf(v)) !== JSON.stringify(header));
  /** Saves what is on the screen; a new disposal is created and the page moves to its id. */
  const store = async (): Promise<string> => {
    const saved = await saveDisposal(id, input());
    client.setQueryData(disposalKey(saved.id), saved);
    if (!id) void navigate(`/disposal-schedule?id=${saved.id}`, { replace: true });
    return saved.id;
  };
  const save = () => act('save', async () => {
    await store();
    notify.success('The disposal is saved');
  });
  const post = () => act('post', async () => {
    const at = dirty ? await store() : id!;
    client.setQueryData(disposalKey(at), await disposalAction(at, 'post', postKey.current));
    notify.success('The disposal is posted: the asset is disposed');
  });
  const reverse = () => act('reverse', async () => {
    client.setQueryData(disposalKey(id), await disposalAction(id!, 'reverse', newIdempotencyKey(), reverseOn ?? v?.disposalDate));
    notify.success('The disposal is reversed: the asset is active again');
  });
  const remove = () => act('delete', async () => {
    await deleteDisposal(id!);
    void navigate('/disposal-schedules');
  });
  const submit = () => act('submit', async () => {
    const at = dirty ? await store() : id!;
    await submitDisposal(at);
    approval.refresh();
  });
  const offer: ApprovalOffer = mode === 'submit' ? { mode: 'submit', needed: undefined, onSubmit: () => void submit() } : mode === 'direct' ? { mode: 'direct' } : { mode: 'pending' };
  const lineColumns: TableColumnsType<Line> = [
    { title: 'Line', dataIndex: 'role', key: 'role' },
    { title: 'Account', key: 'account', render: (_, l) => l.account ?? '—' },
    { title: 'Debit', key: 'debit', align: 'right', render: (_, l) => <span className="ledger-amount">{Number(l.debit) === 0 ? '' : display.amount(l.debit)}</span> },
    { title: 'Credit', key: 'credit', align: 'right', render: (_, l) => <span className="ledger-amount">{Number(l.credit) === 0 ? '' : display.amount(l.credit)}</span> },
  ];
  const gain = v ? Number(v.gainLoss) : 0;
  const figures = v && [
    { key: 'asset', label: 'Asset', children: <Link to={`/asset?id=${v.asset}`}>{`${v.assetCode} ${v.assetDescription}`.trim()}</Link> },
    { key: 'cost', label: 'Cost', children: <span className="ledger-amount">{display.amount(v.cost)} {v.currency}</span> },
    { key: 'depreciation', label: 'Depreciation to the date', children: <span className="ledger-amount">{display.amount(v.depreciation)}</span> },
    { key: 'accumulated', label: 'Accumulated depreciation', children: <span className="ledger-amount">{display.amount(v.accumulated)}</span> },
    { key: 'nbv', label: 'Net book value', children: <span className="ledger-amount">{display.amount(v.netBookValue)}</span> },
    { key: 'proceeds', label: 'Proceeds', children: <span className="ledger-amount">{display.amount(v.proceeds)}</span> },
    { key: 'gainLoss', label: gain < 0 ? 'Loss' : 'Gain', children: <span className="ledger-amount">{display.amount(gain < 0 ? v.gainLoss.replace(/^-/, '') : v.gainLoss)} {v.currency}</span> },
    ...(Number(v.reserveTransferred) !== 0 ? [{ key: 'reserve', label: 'Revaluation reserve to retained earnings', children: <span className="ledger-amount">{display.amount(v.reserveTransferred)}</span> }] : []),
    ...(v.customer
      ? [{
          key: 'invoice', label: 'Customer invoice',
          children: v.invoiceId ? (
            <Link to={`${invoicePage}?id=${v.invoiceId}`}>{`${v.invoiceNumber ?? ''} · ${v.customerCode ?? ''} · ${display.amount(v.invoiceGross ?? '0')}${v.invoiceStatus === 'Reversed' ? ' (reversed)' : ''}`}</Link>
          ) : (
            <Typography.Text type="secondary">{`Posted with the disposal to ${v.customerCode ?? ''}${v.taxCode ? `, tax ${v.taxCode}` : ''}`}</Typography.Text>
          ),
        }]
      : []),
  ];
  const actions = (id === undefined || v) && (
    <Flex vertical gap={8} align="flex-end">
      <DocumentActionBar<DisposalStatus, DisposalAction> def={def} status={v?.status} can={can} busy={busy === 'reverse' ? undefined : busy} on={{ post: () => void post() }} onSave={() => void save()} onDelete={() => void remove()} approval={offer} underApproval={approval.running} />
      {v?.status === 'Posted' && can.edit && (
        <Flex gap={8} align="center">
          <DatePicker aria-label="Reversal date" value={dayjs(reverseOn ?? v.disposalDate)} onChange={(d) => setReverseOn(d?.format('YYYY-MM-DD'))} format={display.pickerFormat} allowClear={false} />
          <Popconfirm title="Reverse this disposal?" description={v.invoiceId ? "Its customer invoice is reversed in full, both its entries are reversed and the asset's schedule is made again." : "Both its entries are reversed and the asset's schedule is made again."} onConfirm={() => void reverse()}>
            <Button danger loading={busy === 'reverse'}>
              Reverse
            </Button>
          </Popconfirm>
        </Flex>
      )}
    </Flex>
  );
  return (
    <>
      <DocumentEditorFrame
        def={def}
        id={id}
        status={v?.status}
        title={v?.number ? `Asset disposal ${v.number}` : 'Asset disposal'}
        subtitle={
          v?.journalId ? <Link to={`/journal?id=${v.journalId}`}>Journal {v.journalNumber}</Link> : id === undefined ? <Link to="/disposal-schedules">All disposals</Link> : v ? <Typography.Text type="secondary">What posting now would post</Typography.Text> : undefined
        }
        actions={actions}
        header={header}
        onHeaderChange={(field, value) => setHeader((h) => ({ ...h, [field]: value, ...(field === 'disposalType' && value === 'Scrap' ? { proceeds: null, customer: null, tax: null } : {}), ...(field === 'customer' && !value ? { tax: null } : {}) }))}
        dateFormat={display.pickerFormat}
        knownLabels={v ? { [v.asset]: `${v.assetCode} ${v.assetDescription}`.trim(), ...(v.customer ? { [v.customer]: v.customerCode ?? '' } : {}), ...(v.tax ? { [v.tax]: v.taxCode ?? '' } : {}) } : undefined}
        refusals={refusals}
        underApproval={approval.running}
        readOnly={v !== undefined && v.status !== 'Draft'}
        lineCount={v?.lines.length ?? 0}
        linesExtra={v && `Gain or loss ${display.amount(v.gainLoss)} ${v.currency}`}
        lines={
          id === undefined ? (
            <Typography.Text type="secondary">Save the disposal to see what it posts.</Typography.Text>
          ) : (
            <Flex vertical gap={12}>
              {figures && <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={figures} aria-label="Disposal figures" />}
              <Table<Line> size="small" rowKey={(l) => `${l.role}/${l.account ?? ''}`} loading={view.isPending} columns={lineColumns} dataSource={v?.lines ?? []} pagination={false} aria-label="Lines of the disposal" />
            </Flex>
          )
        }
        approval={<DocumentApproval state={approval} />}
      />
      {id && <DocumentEntryCard def={def} id={id} />}
    </>
  );
}
