import { Button, DatePicker, Flex, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  recurringPaymentFaces,
  type PaymentMethod,
  type RecurringAllocation,
  type RecurringFrequency,
  type RecurringMode,
  type RecurringOccurrence,
  type RecurringPaymentAction,
  type RecurringPaymentFace,
  type RecurringPaymentInput,
  type RecurringPaymentStatus,
  type RecurringPaymentView,
  type Side,
} from '@erp/contracts';
import { useNotify } from '../../../app/notifications/useNotify';
import { useSignedInUser } from '../../../app/session/useSession';
import { documentAbilities, DocumentActionBar, DocumentEditorFrame, useEditorSteps, type ApprovalOffer, type HeaderValues } from '../../../shared/documents';
import { useDisplay } from '../../../shared/useDisplay';
import { approvalMode, DocumentApproval, useApprovalGate, useDocumentApproval } from '../../workflow/index';
import { deleteRecurring, fetchRecurring, fetchRecurringHistory, recurringAction, recurringDefOf, recurringHistoryKey, recurringKey, recurringListKey, runRecurring, saveRecurring, submitRecurring } from './recurring-payments-api';
import '../../ledger/journals/ledger-screens.css';

type Step = 'save' | 'delete' | 'submit' | 'post' | 'stop' | 'run';

const headerOf = (v: RecurringPaymentView): HeaderValues => ({
  code: v.code, description: v.description, party: v.party, bank: v.bank, amount: v.amount, method: v.method, allocation: v.allocation, reference: v.reference,
  frequency: v.frequency, interval: v.interval, startDate: v.startDate, endDate: v.endDate, occurrences: v.occurrences, mode: v.mode,
});
const newHeader = (): HeaderValues => ({
  code: null, description: null, party: null, bank: null, amount: null, method: 'Transfer', allocation: 'OnAccount', reference: null,
  frequency: 'Monthly', interval: 1, startDate: dayjs().format('YYYY-MM-DD'), endDate: null, occurrences: null, mode: 'Draft',
});
const text = (value: unknown): string | undefined => (value === null || value === undefined || String(value).trim() === '' ? undefined : String(value).trim());
const count = (value: unknown): number | null => (text(value) === undefined ? null : Number(value));

/** The body of a save, from the header as typed (the server's schema refuses what is wrong, on its field). */
export function inputOf(h: HeaderValues): RecurringPaymentInput {
  return {
    kind: 'Schedule', code: text(h.code) ?? '', description: text(h.description) ?? '', party: text(h.party) ?? '', bank: text(h.bank) ?? '', amount: text(h.amount) ?? '',
    method: (text(h.method) ?? 'Transfer') as PaymentMethod, allocation: (text(h.allocation) ?? 'OnAccount') as RecurringAllocation, reference: text(h.reference),
    frequency: (text(h.frequency) ?? 'Monthly') as RecurringFrequency, interval: count(h.interval) ?? 1, startDate: text(h.startDate) ?? '',
    endDate: text(h.endDate) ?? null, occurrences: count(h.occurrences), mode: (text(h.mode) ?? 'Draft') as RecurringMode,
  };
}

function Occurrences({ rf, id }: { rf: RecurringPaymentFace; id: string }) {
  const display = useDisplay();
  const history = useQuery({ queryKey: recurringHistoryKey(rf, id), queryFn: ({ signal }) => fetchRecurringHistory(rf, id, signal) });
  const columns: TableColumnsType<RecurringOccurrence> = [
    { title: 'Occurrence', key: 'date', render: (_, o) => display.date(o.occurrenceDate) },
    { title: rf.pf.noun === 'receipt' ? 'Receipt' : 'Payment', key: 'payment', render: (_, o) => (o.payment ? <Link to={`${rf.pf.pages.payment}?id=${o.payment}`}>{o.number ?? '(draft)'}</Link> : '—') },
    { title: 'Status', key: 'status', dataIndex: 'status' },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, o) => (o.amount ? <span className="ledger-amount">{display.amount(o.amount)}</span> : '—') },
  ];
  return (
    <Table<RecurringOccurrence> size="small" rowKey="occurrenceDate" loading={history.isPending} columns={columns} dataSource={history.data?.items ?? []} aria-label="Payments made"
      pagination={(history.data?.items.length ?? 0) > 20 ? { pageSize: 20 } : false} locale={{ emptyText: `No ${rf.pf.noun} made yet` }} />
  );
}

/**
 * /vendor-recurring-payment and /customer-recurring-payment (?id=): a schedule of the face (the
 * documents kit's editor frame): party, bank, amount, method, allocation rule, interval, start, end
 * (a date or a count), draft or post; Activate (or Submit for approval under its workflow), Stop, Run
 * now up to a date, the payments it made, the approval and the history. No id: a new schedule.
 */
export function RecurringPaymentEditorPage({ side }: { side: Side }) {
  const rf = recurringPaymentFaces[side];
  const def = recurringDefOf(rf);
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const display = useDisplay();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const view = useQuery({ queryKey: recurringKey(rf, id), queryFn: ({ signal }) => fetchRecurring(rf, id!, signal), enabled: id !== undefined });
  const [header, setHeader] = useState<HeaderValues>(newHeader);
  const [upTo, setUpTo] = useState<string>(dayjs().format('YYYY-MM-DD'));
  const { refusals, busy, act } = useEditorSteps<Step>(recurringListKey(rf));
  useEffect(() => {
    if (view.data) setHeader(headerOf(view.data));
  }, [view.data]);
  const approval = useDocumentApproval(rf.approval, id);
  const mode = approvalMode(useApprovalGate(rf.approval));
  const v = view.data;
  const can = documentAbilities(def, 'Schedule', permissions);
  const dirty = id === undefined || (v !== undefined && JSON.stringify(headerOf(v)) !== JSON.stringify(header));
  const shown = (saved: RecurringPaymentView) => {
    client.setQueryData(recurringKey(rf, saved.id), saved);
    if (!id) void navigate(`${rf.pages.editor}?id=${saved.id}`, { replace: true });
  };
  const store = async (): Promise<string> => {
    const saved = await saveRecurring(rf, id, inputOf(header));
    shown(saved);
    return saved.id;
  };
  const save = () => act('save', async () => {
    await store();
    notify.success(`The recurring ${rf.pf.noun} is saved`);
  });
  const activate = () => act('post', async () => {
    const at = dirty ? await store() : id!;
    shown(await recurringAction(rf, at, 'post'));
    notify.success(`The recurring ${rf.pf.noun} is active: the job makes each ${rf.pf.noun} when due`);
  });
  const stop = () => act('stop', async () => {
    shown(await recurringAction(rf, id!, 'stop'));
    notify.success(`The recurring ${rf.pf.noun} is stopped`);
  });
  const run = () => act('run', async () => {
    const result = await runRecurring(rf, id!, upTo);
    client.setQueryData(recurringKey(rf, id), result.schedule);
    void client.invalidateQueries({ queryKey: recurringHistoryKey(rf, id) });
    if (result.failure) throw new Error(`${display.date(result.failure.occurrenceDate)}: ${result.failure.message}`);
    notify.success(result.made.length ? `${result.made.length} ${rf.pf.noun}(s) made up to ${display.date(result.ranUpTo)}` : `Nothing was due up to ${display.date(result.ranUpTo)}`);
  });
  const remove = () => act('delete', async () => {
    await deleteRecurring(rf, id!);
    void navigate(rf.pages.list);
  });
  const submit = () => act('submit', async () => {
    const at = dirty ? await store() : id!;
    await submitRecurring(rf, at);
    approval.refresh();
  });
  const offer: ApprovalOffer = mode === 'submit' ? { mode: 'submit', needed: undefined, onSubmit: () => void submit() } : mode === 'direct' ? { mode: 'direct' } : { mode: 'pending' };
  if (view.isError) return <Typography.Text type="danger">{view.error instanceof Error ? view.error.message : 'The schedule could not be read'}</Typography.Text>;
  const actions = (id === undefined || v) && (
    <Flex vertical gap={8} align="flex-end">
      <DocumentActionBar<RecurringPaymentStatus, RecurringPaymentAction> def={def} status={v?.status} can={can} busy={busy === 'run' || busy === 'stop' ? undefined : busy}
        on={{ post: () => void activate() }} onSave={() => void save()} onDelete={() => void remove()} approval={offer} underApproval={approval.running} />
      {v?.status === 'Active' && can.edit && (
        <Flex gap={8} align="center">
          <DatePicker aria-label="Run up to" value={dayjs(upTo)} onChange={(d) => setUpTo(d ? d.format('YYYY-MM-DD') : upTo)} format={display.pickerFormat} allowClear={false} />
          <Button loading={busy === 'run'} disabled={busy !== undefined && busy !== 'run'} onClick={() => void run()}>Run now</Button>
          <Popconfirm title={`Stop this recurring ${rf.pf.noun}?`} description={`No more ${rf.pf.noun}s are made; edit it and activate it again to go on.`} okText="Stop" onConfirm={() => void stop()}>
            <Button danger loading={busy === 'stop'} disabled={busy !== undefined && busy !== 'stop'}>Stop</Button>
          </Popconfirm>
        </Flex>
      )}
    </Flex>
  );
  const next = v ? (v.nextDate ? `next ${display.date(v.nextDate)}` : 'completed') : undefined;
  return (
    <DocumentEditorFrame
      def={def}
      id={id}
      status={v?.status}
      title={v ? `${def.label} ${v.code}` : `New ${def.label.toLowerCase()}`}
      subtitle={v ? <Typography.Text type="secondary">{`${next}; ${v.occurrencesGenerated} made${v.lastError ? `; last run failed: ${v.lastError}` : ''}`}</Typography.Text> : <Link to={rf.pages.list}>All recurring {rf.pf.noun}s</Link>}
      actions={actions}
      header={header}
      onHeaderChange={(field, value) => setHeader((h) => ({ ...h, [field]: value }))}
      dateFormat={display.pickerFormat}
      knownLabels={v ? { [v.party]: `${v.partyCode} · ${v.partyName}`, [v.bank]: v.bankCode } : undefined}
      refusals={refusals}
      underApproval={approval.running}
      readOnly={v !== undefined && v.status !== 'Draft' && v.status !== 'Stopped'}
      linesTitle={`${rf.pf.noun === 'receipt' ? 'Receipts' : 'Payments'} made`}
      lineCount={v?.occurrencesGenerated ?? 0}
      linesExtra={v && `${v.currency} ${display.amount(v.amount)} each`}
      lines={id === undefined ? <Typography.Text type="secondary">Save the schedule, then activate it.</Typography.Text> : <Occurrences rf={rf} id={id} />}
      approval={<DocumentApproval state={approval} onChanged={() => void view.refetch()} />}
    />
  );
}

export const VendorRecurringPaymentPage = () => <RecurringPaymentEditorPage side="payables" />;
export const CustomerRecurringPaymentPage = () => <RecurringPaymentEditorPage side="receivables" />;
