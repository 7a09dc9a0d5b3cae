import { Alert, Button, Card, Checkbox, DatePicker, Dropdown, Flex, Form, Input, Modal, Radio, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  failedPaymentStatuses,
  failureOutcomes,
  failureReasonLabels,
  failureReasons,
  hasOperation,
  parseRefusal,
  paymentFaces,
  type FailedPaymentListItem,
  type FailureOutcome,
  type FailureReason,
  type Side,
} from '@erp/contracts';
import { PageHeading, useNotify, useSignedInUser } from '../../../shared/documents/shell-adapter';
import { useDisplay } from '../../../shared/useDisplay';
import { newIdempotencyKey } from '../../ledger/journals/idempotency-key';
import { downloadFailures, failedPaymentsKey, fetchFailable, fetchFailures, markFailed, retryFailure, type FailedListState } from './failed-payments-api';
import '../../ledger/journals/ledger-screens.css';

/*
 * /failed-payment (SPEC.md: Account Receivable's menu; both faces): the failed payments with their
 * reasons, fees, retries and outcome (search, filters, sort, pages, export); "Mark failed" for a
 * posted payment (reason, date, optional fee) and "Retry" for a failure not retried yet.
 */

export const outcomeLabels: Record<FailureOutcome, string> = {
  AwaitingRetry: 'Awaiting retry', RetryPosted: 'Paid again', RetryDraft: 'Retry to post', RetryFailed: 'Retry failed too',
};
const outcomeColour: Record<FailureOutcome, string> = { AwaitingRetry: 'orange', RetryPosted: 'green', RetryDraft: 'blue', RetryFailed: 'red' };
const sideLabel = (side: Side) => `${paymentFaces[side].face.partyLabel} ${paymentFaces[side].noun}`;
/** A refusal's field (`fee: ...`) and its words; anything else shows above the form. */
const fieldError = (message: string | null, field: string) => {
  if (!message) return undefined;
  const r = parseRefusal(message);
  return r.field === field ? r.text : undefined;
};

/** One submission of a dialog at a time: busy while it runs, its refusal kept to show, `onDone` after it went through. */
function useDialogStep(onDone: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      setError(null);
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

type MarkForm = { side: Side; payment: string | null; reason: FailureReason | null; failedDate: string; fee: string; note: string };

function MarkFailedModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const display = useDisplay();
  const [form, setForm] = useState<MarkForm>({ side: 'receivables', payment: null, reason: null, failedDate: dayjs().format('YYYY-MM-DD'), fee: '', note: '' });
  const [search, setSearch] = useState('');
  const { error, setError, busy, run } = useDialogStep(onDone);
  const [key] = useState(newIdempotencyKey);
  const failable = useQuery({ queryKey: [...failedPaymentsKey, 'failable', form.side, search], queryFn: ({ signal }) => fetchFailable(form.side, search, signal), enabled: open });
  const submit = async () => {
    const { side, payment, reason, failedDate } = form;
    if (!payment) return setError('payment: Please choose the payment');
    if (!reason) return setError('reason: Please choose the reason');
    await run(() => markFailed({ side, payment, reason, failedDate, ...(form.fee.trim() ? { fee: form.fee.trim() } : {}), ...(form.note.trim() ? { note: form.note.trim() } : {}) }, key));
  };
  const at = (field: string) => ({ validateStatus: fieldError(error, field) ? ('error' as const) : undefined, help: fieldError(error, field) });
  const general = error && !['payment', 'reason', 'failedDate', 'fee', 'note'].includes(parseRefusal(error).field ?? '') ? error : null;
  return (
    <Modal open={open} title="Mark a payment failed" okText="Mark failed" onOk={() => void submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden width={560}>
      {general && <Alert type="error" showIcon title={general} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary">The payment is reversed on the date, the documents it paid open again, and the fee (optional) is charged: to the customer as an invoice, or as bank charges for a vendor payment.</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="Side">
          <Radio.Group value={form.side} onChange={(e) => setForm({ ...form, side: e.target.value as Side, payment: null })} options={(['receivables', 'payables'] as const).map((s) => ({ value: s, label: sideLabel(s) }))} />
        </Form.Item>
        <Form.Item label="Payment" required htmlFor="failed-payment-payment" {...at('payment')}>
          <Select id="failed-payment-payment" showSearch={{ filterOption: false, onSearch: setSearch }} value={form.payment} placeholder="Number, party or reference" loading={failable.isFetching}
            onChange={(payment: string) => setForm({ ...form, payment })}
            options={(failable.data ?? []).map((p) => ({ value: p.id, label: `${p.number ?? '(draft)'} · ${p.partyCode} ${p.partyName} · ${display.date(p.documentDate)} · ${p.currency} ${display.amount(p.amount)}` }))} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item label="Reason" required htmlFor="failed-payment-reason" style={{ flex: '1 1 200px' }} {...at('reason')}>
            <Select id="failed-payment-reason" value={form.reason} onChange={(reason: FailureReason) => setForm({ ...form, reason })} options={failureReasons.map((r) => ({ value: r, label: failureReasonLabels[r] }))} />
          </Form.Item>
          <Form.Item label="Failed on" required style={{ flex: '1 1 160px' }} {...at('failedDate')}>
            <DatePicker aria-label="Failed on" format={display.pickerFormat} value={dayjs(form.failedDate)} allowClear={false} onChange={(d) => setForm({ ...form, failedDate: d ? d.format('YYYY-MM-DD') : form.failedDate })} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Fee" htmlFor="failed-payment-fee" style={{ flex: '1 1 120px' }} {...at('fee')}>
            <Input id="failed-payment-fee" value={form.fee} placeholder="0.00" onChange={(e) => setForm({ ...form, fee: e.target.value })} style={{ textAlign: 'right' }} />
          </Form.Item>
        </Flex>
        <Form.Item label="Note" htmlFor="failed-payment-note" {...at('note')}>
          <Input id="failed-payment-note" value={form.note} placeholder="The bank's return code, what the party said" onChange={(e) => setForm({ ...form, note: e.target.value })} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RetryModal({ row, onClose, onDone }: { row: FailedPaymentListItem | null; onClose: () => void; onDone: () => void }) {
  const display = useDisplay();
  const [date, setDate] = useState(dayjs().format('YYYY-MM-DD'));
  const [includeFee, setIncludeFee] = useState(true);
  const { error, busy, run } = useDialogStep(onDone);
  const [key] = useState(newIdempotencyKey);
  const feeCharged = row !== null && row.feeInvoice !== null;
  const submit = () => run(() => retryFailure(row!.id, { date, includeFee: feeCharged && includeFee }, key));
  return (
    <Modal open={row !== null} title={`Retry ${row?.paymentNumber ?? ''}`} okText="Retry" onOk={() => void submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary">A new payment of the same bank, party and method pays the documents the failure reopened{feeCharged ? ' and, if ticked, the fee' : ''}.</Typography.Paragraph>
      <Space direction="vertical">
        <DatePicker aria-label="Retry date" format={display.pickerFormat} value={dayjs(date)} allowClear={false} onChange={(d) => setDate(d ? d.format('YYYY-MM-DD') : date)} />
        {feeCharged && <Checkbox checked={includeFee} onChange={(e) => setIncludeFee(e.target.checked)}>Collect the fee of {display.amount(row.fee)} {row.currency} too</Checkbox>}
      </Space>
    </Modal>
  );
}

export default function FailedPaymentPage() {
  const display = useDisplay();
  const notify = useNotify();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const can = { mark: hasOperation(permissions, 'SaveFailedPayment'), retry: hasOperation(permissions, 'EditFailedPayment'), export: hasOperation(permissions, 'ExportFailedPayment') };
  const [state, setState] = useState<FailedListState>({ page: 1, limit: 20, sort: '-failedDate' });
  const [search, setSearch] = useState('');
  const [marking, setMarking] = useState(false);
  const [retrying, setRetrying] = useState<FailedPaymentListItem | null>(null);
  const list = useQuery({ queryKey: [...failedPaymentsKey, state], queryFn: ({ signal }) => fetchFailures(state, signal), placeholderData: keepPreviousData });
  const set = (patch: Partial<FailedListState>) => setState((s) => ({ ...s, ...patch, page: patch.page ?? 1 }));
  const refresh = () => void client.invalidateQueries({ queryKey: failedPaymentsKey });
  const sortOrder = (field: string) => (state.sort === field ? ('ascend' as const) : state.sort === `-${field}` ? ('descend' as const) : null);
  const columns: TableColumnsType<FailedPaymentListItem> = [
    { title: 'Failed on', key: 'failedDate', sorter: true, sortOrder: sortOrder('failedDate'), render: (_, r) => display.date(r.failedDate) },
    { title: 'Payment', key: 'payment', render: (_, r) => <Link to={`${paymentFaces[r.side].pages.payment}?id=${r.payment}`}>{r.paymentNumber ?? '(payment)'}</Link> },
    { title: 'Party', key: 'party', ellipsis: true, render: (_, r) => `${r.partyCode} · ${r.partyName}` },
    { title: 'Side', key: 'side', responsive: ['lg'], render: (_, r) => sideLabel(r.side) },
    { title: 'Reason', key: 'reason', render: (_, r) => <span title={r.note ?? undefined}>{failureReasonLabels[r.reason]}</span> },
    { title: 'Amount', key: 'amount', align: 'right', sorter: true, sortOrder: sortOrder('amount'), render: (_, r) => <span className="ledger-amount">{display.amount(r.amount)} {r.currency}</span> },
    { title: 'Fee', key: 'fee', align: 'right', responsive: ['md'], render: (_, r) => <span className="ledger-amount">{Number(r.fee) === 0 ? '—' : display.amount(r.fee)}</span> },
    { title: 'Attempt', key: 'attempt', align: 'right', responsive: ['md'], dataIndex: 'attempt' },
    { title: 'Outcome', key: 'outcome', render: (_, r) => <Tag color={outcomeColour[r.outcome]}>{outcomeLabels[r.outcome]}</Tag> },
    {
      title: 'Retry', key: 'retry',
      render: (_, r) => r.retryPayment
        ? <Link to={`${paymentFaces[r.side].pages.payment}?id=${r.retryPayment}`}>{r.retryNumber ?? '(draft)'}</Link>
        : can.retry ? <Button size="small" onClick={() => setRetrying(r)} aria-label={`Retry ${r.paymentNumber ?? ''}`}>Retry</Button> : '—',
    },
  ];
  const exportAs = (format: 'csv' | 'xlsx') => void downloadFailures({ side: state.side, status: state.status, reason: state.reason, from: state.from, to: state.to, search: state.search, sort: state.sort }, format).catch((e: unknown) => notify.error(e instanceof Error ? e.message : String(e)));
  return (
    <>
      <PageHeading title="Failed payments" extra={can.mark && <Button type="primary" onClick={() => setMarking(true)}>Mark failed</Button>} />
      <Card size="small">
        <Flex wrap gap={8} style={{ marginBottom: 12 }}>
          <Input.Search aria-label="Search" placeholder="Payment number, party, note" allowClear value={search} onChange={(e) => setSearch(e.target.value)} onSearch={(v) => set({ search: v.trim() || undefined })} style={{ width: 260, maxWidth: '100%' }} />
          <Select aria-label="Side" allowClear placeholder="Both sides" value={state.side} onChange={(side?: Side) => set({ side })} options={(['receivables', 'payables'] as const).map((s) => ({ value: s, label: sideLabel(s) }))} style={{ width: 180 }} />
          <Select aria-label="Status" allowClear placeholder="Any status" value={state.status} onChange={(status?: FailedListState['status']) => set({ status })} options={failedPaymentStatuses.map((s) => ({ value: s, label: s }))} style={{ width: 140 }} />
          <Select aria-label="Reason" allowClear placeholder="Any reason" value={state.reason} onChange={(reason?: FailureReason) => set({ reason })} options={failureReasons.map((r) => ({ value: r, label: failureReasonLabels[r] }))} style={{ width: 190 }} />
          <DatePicker.RangePicker aria-label="Failed between" format={display.pickerFormat} value={[state.from ? dayjs(state.from) : null, state.to ? dayjs(state.to) : null]} allowEmpty={[true, true]}
            onChange={(r) => set({ from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })} />
          {can.export && (
            <Dropdown menu={{ items: [{ key: 'csv', label: 'CSV' }, { key: 'xlsx', label: 'Excel (XLSX)' }], onClick: ({ key }) => exportAs(key as 'csv' | 'xlsx') }}>
              <Button>Export</Button>
            </Dropdown>
          )}
        </Flex>
        {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
        <Table<FailedPaymentListItem>
          size="small" rowKey="id" aria-label="Failed payments" loading={list.isFetching} columns={columns} dataSource={list.data?.items ?? []}
          pagination={{ current: state.page, pageSize: state.limit, total: list.data?.total ?? 0, showSizeChanger: true, showTotal: (n) => `${n} failed payment${n === 1 ? '' : 's'}` }}
          onChange={(p, _f, sorter, extra) => {
            if (extra.action === 'paginate') return set({ page: p.current ?? 1, limit: p.pageSize ?? state.limit });
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            set({ sort: s?.order ? ((s.order === 'ascend' ? '' : '-') + String(s.columnKey)) as FailedListState['sort'] : '-failedDate' });
          }}
          locale={{ emptyText: 'No failed payments' }}
        />
        <Typography.Text type="secondary">Outcomes: {failureOutcomes.map((o) => outcomeLabels[o]).join(', ')}.</Typography.Text>
      </Card>
      <MarkFailedModal open={marking} onClose={() => setMarking(false)} onDone={() => { setMarking(false); refresh(); notify.success('The payment is marked failed: reversed, its documents open again'); }} />
      <RetryModal row={retrying} onClose={() => setRetrying(null)} onDone={() => { setRetrying(null); refresh(); notify.success('Retried: a new payment is made'); }} />
    </>
  );
}
