import { Alert, Button, Card, DatePicker, Descriptions, Flex, Input, Popconfirm, Segmented, Select, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  PAYMENT_KIND,
  paymentFaces,
  paymentKinds,
  paymentMethods,
  REFUND_KIND,
  type AllocationItemKind,
  type AllocationView,
  type EntityRecord,
  type PaymentFace,
  type PaymentInput,
  type PaymentKind,
  type PaymentMethod,
  type PaymentView,
  type Side,
} from '@erp/contracts';
import { apiRequest, unwrap } from '../../../app/api';
import { useApprovalGate } from '../../workflow/index';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { toIsoDate } from '../../../shared/format';
import { useDisplay } from '../../../shared/useDisplay';
import { allocatePayment, deletePayment, fetchPayment, kindWord, fetchProposal, fetchRefundProposal, paymentQueryKey, paymentsKey, postPayment, reversePayment, savePayment, submitPayment, submitReversal, unallocatePayment } from './payments-api';
import '../../ledger/journals/ledger-screens.css';

/*
 * /vendor-payment and /customer-payment: a new payment or, with ?id=, a payment (a draft editable, a
 * posted one read-only with its allocations, un-allocation, allocation of what is on account and
 * reversal). The allocation lines come from the proposal (reference or amount match, then oldest due,
 * discounts when on time) and stay editable before saving. The kind toggle makes the draft a refund
 * (?kind=Refund opens one): its lines are the party's credits (open credit notes, payments' amounts on
 * account) from the refund proposal, and what they return is the refund's amount.
 */

/** A line settles an open item (`openItem`) or, on a refund, returns a payment's amount on account (`payment`). */
type Line = { openItem: string | null; payment: string | null; label: string; kind: AllocationItemKind; dueDate: string; remaining: string | null; amount: string; discount: string; writeOff: string };
const lineKey = (l: Pick<Line, 'openItem' | 'payment'>) => l.openItem ?? l.payment ?? '';
type Header = { kind: PaymentKind; bank: string | null; party: string | null; documentDate: string; postingDate: string; amount: string; rate: string; method: PaymentMethod; reference: string; description: string };

const newKey = () => crypto.randomUUID();
const Waiting = () => <Spin style={{ display: 'block', margin: '48px auto' }} />;

/** The code of the bank's currency (the proposal is in it). */
async function bankCurrency(bank: string): Promise<string> {
  const b = unwrap(await apiRequest<EntityRecord>('GET', `/cm/banks/${bank}`));
  const c = unwrap(await apiRequest<EntityRecord>('GET', `/gl/currencies/${String(b.currency)}`));
  return String(c.code);
}

/** A typed amount other than zero (an empty or zero discount or write-off is not sent). */
const nonZero = (v: string) => /[1-9]/.test(v);

function inputOf(h: Header, lines: Line[]): PaymentInput {
  const items = lines.filter((l) => l.openItem !== null);
  const onAccount = lines.filter((l) => l.payment !== null).map((l) => ({ payment: l.payment!, amount: l.amount.trim() || '0' }));
  return {
    kind: h.kind, bank: h.bank ?? '', party: h.party ?? '', documentDate: h.documentDate, ...(h.postingDate ? { postingDate: h.postingDate } : {}), amount: h.amount.trim(),
    ...(h.rate.trim() ? { rate: h.rate.trim() } : {}), method: h.method, ...(h.reference.trim() ? { reference: h.reference.trim() } : {}), description: h.description.trim(),
    allocations: items.map((l) => ({ openItem: l.openItem!, amount: l.amount.trim() || '0', ...(nonZero(l.discount) ? { discount: l.discount.trim() } : {}), ...(nonZero(l.writeOff) ? { writeOff: l.writeOff.trim() } : {}) })),
    ...(h.kind === REFUND_KIND ? { onAccount } : {}),
  };
}

/** The tag of a credit line: a credit note, or a payment's amount on account. */
const CreditTag = ({ kind }: { kind: AllocationItemKind }) => (kind === 'CreditNote' ? <Tag>credit</Tag> : kind === 'OnAccount' ? <Tag>on account</Tag> : null);

function AllocationEditor({ lines, onChange, refund }: { lines: Line[]; onChange: (lines: Line[]) => void; refund: boolean }) {
  const display = useDisplay();
  const set = (i: number, patch: Partial<Line>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const columns: TableColumnsType<Line> = [
    { title: 'Document', key: 'label', render: (_, l) => <>{l.label} <CreditTag kind={l.kind} /></> },
    { title: refund ? 'Date' : 'Due', key: 'due', render: (_, l) => display.date(l.dueDate), responsive: ['sm'] },
    { title: 'Open', key: 'remaining', align: 'right', render: (_, l) => (l.remaining === null ? '—' : <span className="ledger-amount">{display.amount(l.remaining)}</span>) },
    { title: 'Amount', key: 'amount', render: (_, l, i) => <Input aria-label={`Amount of ${l.label}`} value={l.amount} onChange={(e) => set(i, { amount: e.target.value })} style={{ width: 120, textAlign: 'right' }} /> },
    { title: 'Discount', key: 'discount', render: (_, l, i) => <Input aria-label={`Discount of ${l.label}`} value={l.discount} disabled={l.kind !== 'Invoice'} onChange={(e) => set(i, { discount: e.target.value })} style={{ width: 100, textAlign: 'right' }} /> },
    { title: 'Write-off', key: 'writeOff', render: (_, l, i) => <Input aria-label={`Write-off of ${l.label}`} value={l.writeOff} disabled={l.kind !== 'Invoice'} onChange={(e) => set(i, { writeOff: e.target.value })} style={{ width: 100, textAlign: 'right' }} /> },
    { title: '', key: 'remove', render: (_, l, i) => <Button size="small" aria-label={`Remove ${l.label}`} onClick={() => onChange(lines.filter((_x, j) => j !== i))}>Remove</Button> },
  ];
  // A refund's credits take neither a discount nor a write-off: those columns are the payment's.
  const shown = refund ? columns.filter((c) => c.key !== 'discount' && c.key !== 'writeOff') : columns;
  return (
    <Table<Line> size="small" rowKey={lineKey} columns={shown} dataSource={lines} pagination={lines.length > 50 ? { pageSize: 50 } : false}
      locale={{ emptyText: refund ? 'No credits yet: propose the credits to refund' : 'No allocations: the whole amount stays on account' }} />
  );
}

function linesOfView(view: PaymentView): Line[] {
  return view.allocations.map((a) => ({ openItem: a.openItem, payment: a.payment, label: a.invoiceNumber ?? '(document)', kind: a.itemKind, dueDate: a.dueDate, remaining: null, amount: a.amount, discount: a.discount, writeOff: a.writeOff }));
}

function DraftEditor({ pf, view, initialKind }: { pf: PaymentFace; view: PaymentView | undefined; initialKind: PaymentKind }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const display = useDisplay();
  const today = toIsoDate(new Date());
  const [h, setH] = useState<Header>(() => view
    ? { kind: view.kind, bank: view.bank, party: view.party, documentDate: view.documentDate, postingDate: view.postingDate === view.documentDate ? '' : view.postingDate, amount: view.amount, rate: view.rate ?? '', method: view.method, reference: view.reference ?? '', description: view.description }
    : { kind: initialKind, bank: null, party: null, documentDate: today, postingDate: '', amount: '', rate: '', method: 'Transfer', reference: '', description: '' });
  const [lines, setLines] = useState<Line[]>(() => (view ? linesOfView(view) : []));
  const [error, setError] = useState<string | null>(null);
  const [postKey] = useState(newKey);
  const done = async (v: PaymentView) => {
    await queryClient.invalidateQueries({ queryKey: paymentsKey(pf) });
    void navigate(`${pf.pages.payment}?id=${v.id}`, { replace: true });
  };
  const propose = useMutation({
    mutationFn: async () => {
      if (!h.bank || !h.party || !h.amount.trim()) throw new Error('Choose the bank and the party and type the amount first');
      return fetchProposal(pf, { party: h.party, currency: await bankCurrency(h.bank), amount: h.amount.trim(), date: h.documentDate, reference: h.reference.trim() || undefined });
    },
    onSuccess: (p) => {
      setError(null);
      setLines(p.lines.map((l) => ({ openItem: l.openItem, payment: null, label: l.invoiceNumber ?? '(document)', kind: l.itemKind, dueDate: l.dueDate, remaining: l.remaining, amount: l.amount, discount: l.discount, writeOff: '0' })));
    },
    onError: (e) => setError(e.message),
  });
  const refund = h.kind === REFUND_KIND;
  // A refund's credits: the party's open credit notes and amounts on account, the amount (all of the credit when empty) spread oldest first.
  const proposeCredits = useMutation({
    mutationFn: async () => {
      if (!h.bank || !h.party) throw new Error('Choose the bank and the party first');
      return fetchRefundProposal(pf, { party: h.party, currency: await bankCurrency(h.bank), amount: h.amount.trim() || undefined });
    },
    onSuccess: (p) => {
      setError(p.lines.length === 0 ? `The ${pf.face.partyWord} has no credit to refund in ${p.currency}` : null);
      setH((current) => ({ ...current, amount: p.amount }));
      setLines(p.lines.map((l) => ({ openItem: l.openItem, payment: l.payment, label: l.number ?? '(document)', kind: l.itemKind, dueDate: l.date, remaining: l.remaining, amount: l.amount, discount: '0', writeOff: '0' })));
    },
    onError: (e) => setError(e.message),
  });
  const setKind = (kind: PaymentKind) => {
    if (kind === h.kind) return;
    // The lines of one kind mean nothing to the other (invoices are not refunded; amounts on account are not paid).
    setH({ ...h, kind });
    setLines([]);
  };
  const save = useMutation({ mutationFn: () => savePayment(pf, view?.id, inputOf(h, lines)), onSuccess: done, onError: (e) => setError(e.message) });
  const post = useMutation({
    mutationFn: async () => postPayment(pf, (await savePayment(pf, view?.id, inputOf(h, lines))).id, postKey),
    onSuccess: done,
    onError: (e) => setError(e.message),
  });
  // A workflow of the payment's approval type governs: the draft is submitted, not posted (the server refuses Post).
  const gate = useApprovalGate(pf.approval, view?.id);
  const governed = gate.data?.workflowActive === true;
  const underApproval = gate.data?.underApproval === true;
  const submit = useMutation({
    mutationFn: async () => {
      const saved = await savePayment(pf, view?.id, inputOf(h, lines));
      await submitPayment(pf, saved.id);
      return saved;
    },
    onSuccess: done,
    onError: (e) => setError(e.message),
  });
  const remove = useMutation({
    mutationFn: () => deletePayment(pf, view!.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentsKey(pf) });
      void navigate(pf.pages.payments);
    },
    onError: (e) => setError(e.message),
  });
  const busy = save.isPending || post.isPending || remove.isPending || submit.isPending || underApproval;
  // Each control is named by its label (the pickers by `for` their input's id, the others by aria-label).
  const field = (label: string, control: React.ReactNode, htmlFor?: string) => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 220, flex: '1 1 220px' }}>
      <label htmlFor={htmlFor}>
        <Typography.Text type="secondary">{label}</Typography.Text>
      </label>
      {control}
    </div>
  );
  return (
    <Card title={view ? `${kindWord(pf, h.kind)} (draft)` : `New ${kindWord(pf, h.kind).toLowerCase()}`} extra={<Link to={pf.pages.payments}>Back to the list</Link>}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} />}
      {underApproval && <Alert type="info" showIcon title={`This ${pf.noun} is under approval (${pf.approval}): it is posted when the approval completes`} style={{ marginBottom: 12 }} />}
      <Segmented<PaymentKind>
        aria-label="Kind"
        style={{ marginBottom: 12 }}
        value={h.kind}
        onChange={setKind}
        options={paymentKinds.map((k) => ({ value: k, label: kindWord(pf, k) }))}
      />
      {refund && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }}
          title={pf.bankSide === 'debit'
            ? 'A refund pays the customer back from the bank: it returns their open credit notes and receipts kept on account.'
            : 'A refund is the vendor paying us back into the bank: it returns their open credit notes and payments kept on account.'} />
      )}
      <Flex wrap gap={12} style={{ marginBottom: 12 }}>
        {field('Bank', <RefSelect id="payment-bank" refName="bank" value={h.bank} onChange={(bank) => setH({ ...h, bank })} knownLabels={view ? { [view.bank]: view.bankCode } : undefined} />, 'payment-bank')}
        {field(pf.face.partyLabel, <RefSelect id="payment-party" refName={pf.face.partyWord} value={h.party} onChange={(party) => setH({ ...h, party })} knownLabels={view ? { [view.party]: `${view.partyCode} · ${view.partyName}` } : undefined} />, 'payment-party')}
        {field('Payment date', <DatePicker aria-label="Payment date" format={display.pickerFormat} value={dayjs(h.documentDate)} allowClear={false} onChange={(d) => setH({ ...h, documentDate: d ? d.format('YYYY-MM-DD') : h.documentDate })} />)}
        {field('Posting date', <DatePicker aria-label="Posting date" format={display.pickerFormat} value={h.postingDate ? dayjs(h.postingDate) : null} onChange={(d) => setH({ ...h, postingDate: d ? d.format('YYYY-MM-DD') : '' })} />)}
        {field('Amount', <Input aria-label="Amount" value={h.amount} onChange={(e) => setH({ ...h, amount: e.target.value })} style={{ textAlign: 'right' }} />)}
        {field('Rate', <Input aria-label="Rate" placeholder="The company's rate of the date" value={h.rate} onChange={(e) => setH({ ...h, rate: e.target.value })} />)}
        {field('Method', <Select aria-label="Method" value={h.method} options={paymentMethods.map((m) => ({ value: m, label: m }))} onChange={(method: PaymentMethod) => setH({ ...h, method })} />)}
        {field('Reference', <Input aria-label="Reference" value={h.reference} onChange={(e) => setH({ ...h, reference: e.target.value })} />)}
        {field('Description', <Input aria-label="Description" value={h.description} onChange={(e) => setH({ ...h, description: e.target.value })} />)}
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>{refund ? 'Credits refunded' : 'Allocations'}</Typography.Title>
        {refund
          ? <Button onClick={() => proposeCredits.mutate()} loading={proposeCredits.isPending}>Propose credits</Button>
          : <Button onClick={() => propose.mutate()} loading={propose.isPending}>Propose allocation</Button>}
      </Flex>
      <AllocationEditor lines={lines} onChange={setLines} refund={refund} />
      <Space wrap style={{ marginTop: 12 }}>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={busy}>Save draft</Button>
        {governed ? (
          <Button type="primary" onClick={() => submit.mutate()} loading={submit.isPending} disabled={busy}>Submit for approval</Button>
        ) : (
          <Button type="primary" onClick={() => post.mutate()} loading={post.isPending} disabled={busy}>Post</Button>
        )}
        {view && (
          <Popconfirm title={`Delete this draft ${pf.noun}?`} onConfirm={() => remove.mutate()}>
            <Button danger disabled={busy}>Delete</Button>
          </Popconfirm>
        )}
      </Space>
    </Card>
  );
}

function PostedPayment({ pf, view }: { pf: PaymentFace; view: PaymentView }) {
  const display = useDisplay();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [date, setDate] = useState(toIsoDate(new Date()));
  const refresh = async () => {
    setError(null);
    await queryClient.invalidateQueries({ queryKey: paymentsKey(pf) });
  };
  const reverse = useMutation({ mutationFn: () => reversePayment(pf, view.id, date, newKey()), onSuccess: refresh, onError: (e) => setError(e.message) });
  // A reversal workflow governs: the reversal is submitted to it (its approver's Reverse reverses the payment).
  const reversalGate = useApprovalGate(pf.reversalApproval, view.id);
  const reversalGoverned = reversalGate.data?.workflowActive === true;
  const reversalRunning = reversalGate.data?.underApproval === true;
  const submitReverse = useMutation({ mutationFn: () => submitReversal(pf, view.id), onSuccess: async () => { await refresh(); await queryClient.invalidateQueries({ queryKey: ['workflow'] }); }, onError: (e) => setError(e.message) });
  const undo = useMutation({ mutationFn: (line: number) => unallocatePayment(pf, view.id, [line], newKey()), onSuccess: refresh, onError: (e) => setError(e.message) });
  const allocate = useMutation({
    mutationFn: async () => {
      const p = await fetchProposal(pf, { party: view.party, currency: view.currency, amount: view.unallocated, date: view.documentDate });
      if (p.lines.length === 0) throw new Error(`The ${pf.face.partyWord} has no open items in ${view.currency} to allocate to`);
      return allocatePayment(pf, view.id, p.lines.map((l) => ({ openItem: l.openItem, amount: l.amount, discount: l.discount })), newKey());
    },
    onSuccess: refresh,
    onError: (e) => setError(e.message),
  });
  const posted = view.status === 'Posted';
  const refund = view.kind === REFUND_KIND;
  const columns: TableColumnsType<AllocationView> = [
    { title: 'Line', dataIndex: 'lineNo', key: 'lineNo', width: 60 },
    { title: 'Document', key: 'doc', render: (_, a) => <>{a.invoiceNumber ?? '(document)'} <CreditTag kind={a.itemKind} /></> },
    { title: 'Due', key: 'due', render: (_, a) => display.date(a.dueDate), responsive: ['sm'] },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, a) => <span className="ledger-amount">{display.amount(a.amount)}</span> },
    { title: 'Discount', key: 'discount', align: 'right', responsive: ['md'], render: (_, a) => <span className="ledger-amount">{display.amount(a.discount)}</span> },
    { title: 'Write-off', key: 'writeOff', align: 'right', responsive: ['md'], render: (_, a) => <span className="ledger-amount">{display.amount(a.writeOff)}</span> },
    { title: 'Status', key: 'status', render: (_, a) => <Tag>{a.status}</Tag> },
    { title: 'Entry', key: 'entry', responsive: ['lg'], render: (_, a) => [a.journalNumber, a.undoneJournalNumber].filter(Boolean).join(' / ') },
    {
      title: '', key: 'undo',
      // A refund's lines are undone by reversing it.
      render: (_, a) => posted && !refund && a.status === 'Active' && (
        <Popconfirm title="Undo this allocation? The document reopens and the amount goes back on account." onConfirm={() => undo.mutate(a.lineNo)}>
          <Button size="small">Undo</Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Card title={<>{`${kindWord(pf, view.kind)} ${view.number ?? ''}`} {refund && <Tag color="purple">Refund</Tag>}</>} extra={<Link to={pf.pages.payments}>Back to the list</Link>}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} />}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Status">{view.status}</Descriptions.Item>
        <Descriptions.Item label={pf.face.partyLabel}>{`${view.partyCode} · ${view.partyName}`}</Descriptions.Item>
        <Descriptions.Item label="Bank">{view.bankCode}</Descriptions.Item>
        <Descriptions.Item label="Payment date">{display.date(view.documentDate)}</Descriptions.Item>
        <Descriptions.Item label="Amount">{`${display.amount(view.amount)} ${view.currency}`}</Descriptions.Item>
        <Descriptions.Item label="Rate">{view.rate ?? '1'}</Descriptions.Item>
        <Descriptions.Item label={refund ? 'Credits returned' : 'Allocated'}>{display.amount(view.allocated)}</Descriptions.Item>
        {!refund && <Descriptions.Item label="On account">{display.amount(view.unallocated)}</Descriptions.Item>}
        <Descriptions.Item label="Method">{`${view.method}${view.bankNumber ? ` ${view.bankNumber}` : ''}`}</Descriptions.Item>
        <Descriptions.Item label="Entry">{view.journal ? <Link to={`/journal?id=${view.journal}`}>{view.journalNumber}</Link> : '—'}</Descriptions.Item>
        <Descriptions.Item label="Reference">{view.reference ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Description">{view.description}</Descriptions.Item>
      </Descriptions>
      <Table<AllocationView> size="small" rowKey="lineNo" columns={columns} dataSource={view.allocations} pagination={view.allocations.length > 50 ? { pageSize: 50 } : false} />
      {posted && (
        <Space wrap style={{ marginTop: 12 }}>
          {!refund && view.unallocated !== '0' && Number(view.unallocated) > 0 && <Button onClick={() => allocate.mutate()} loading={allocate.isPending}>Allocate what is on account</Button>}
          {reversalRunning ? (
            <Typography.Text type="secondary">{`Its reversal is under approval (${pf.reversalApproval})`}</Typography.Text>
          ) : reversalGoverned ? (
            <Popconfirm title={`Submit the reversal of this ${pf.noun} for approval?`} onConfirm={() => submitReverse.mutate()}>
              <Button danger loading={submitReverse.isPending}>Submit reversal for approval</Button>
            </Popconfirm>
          ) : (
            <>
              <DatePicker aria-label="Reversal date" format={display.pickerFormat} value={dayjs(date)} allowClear={false} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />
              <Popconfirm title={refund ? 'Reverse this refund? Its entry is reversed and the credits it returned are open again.' : `Reverse this ${pf.noun}? Its entries are reversed and its documents reopen.`} onConfirm={() => reverse.mutate()}>
                <Button danger loading={reverse.isPending}>Reverse</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      )}
    </Card>
  );
}

export function PaymentEditorPage({ side }: { side: Side }) {
  const pf = paymentFaces[side];
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const doc = useQuery({ queryKey: paymentQueryKey(pf, id), queryFn: ({ signal }) => fetchPayment(pf, id!, signal), enabled: id !== undefined });
  if (id && doc.error) return <Alert type="error" showIcon title={doc.error.message} action={<Link to={pf.pages.payments}>Back to the list</Link>} />;
  if (id && !doc.data) return <Waiting />;
  if (doc.data && doc.data.status !== 'Draft') return <PostedPayment pf={pf} view={doc.data} />;
  const initialKind: PaymentKind = params.get('kind') === REFUND_KIND ? REFUND_KIND : PAYMENT_KIND;
  return <DraftEditor key={`${id ?? 'new'}-${initialKind}`} pf={pf} view={doc.data} initialKind={initialKind} />;
}

export const VendorPaymentPage = () => <PaymentEditorPage side="payables" />;
export const CustomerPaymentPage = () => <PaymentEditorPage side="receivables" />;
