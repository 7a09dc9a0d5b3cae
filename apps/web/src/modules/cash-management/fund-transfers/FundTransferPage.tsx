import { Alert, Button, Card, DatePicker, Descriptions, Flex, Input, Popconfirm, Select, Space, Spin, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { feeBearers, type FeeBearer, type FundTransferInput, type FundTransferLegView, type FundTransferView } from '@erp/contracts';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { toIsoDate } from '../../../shared/format';
import { useDisplay } from '../../../shared/useDisplay';
import { useApprovalGate } from '../../workflow/index';
import { FundTransferLegs, legInputs, type LegDraft } from './FundTransferLegs';
import { deleteFundTransfer, fetchFundTransfer, fetchReceivers, fundTransferQueryKey, fundTransfersKey, postFundTransfer, reverseFundTransfer, saveFundTransfer, submitFundTransfer } from './fund-transfers-api';
import '../../ledger/journals/ledger-screens.css';

/*
 * /fund-transfer: a new transfer or, with ?id=, a transfer (a draft editable with its legs, a posted
 * one read-only with the entries of each leg and its reversal). Divide by amount or by date edits
 * the legs; Post saves and posts (or Submit for approval while a FundTransfer workflow governs).
 */

type Header = {
  documentDate: string; reference: string; fromBank: string | null; toCompany: string | null; toBank: string | null; amount: string; rate: string; amountIn: string;
  fee: string; feeBearer: FeeBearer; outDate: string; inDate: string; description: string;
};

const newKey = () => crypto.randomUUID();
const Waiting = () => <Spin style={{ display: 'block', margin: '48px auto' }} />;
const trimmed = (v: string) => (v.trim() ? v.trim() : undefined);

function inputOf(h: Header, legs: LegDraft[]): FundTransferInput {
  return {
    kind: 'Transfer', documentDate: h.documentDate, fromBank: h.fromBank ?? '', ...(h.toCompany ? { toCompany: h.toCompany } : {}), toBank: h.toBank ?? '', amount: h.amount.trim(),
    ...(trimmed(h.rate) ? { rate: h.rate.trim() } : {}), ...(trimmed(h.amountIn) ? { amountIn: h.amountIn.trim() } : {}), ...(trimmed(h.fee) ? { fee: h.fee.trim() } : {}),
    feeBearer: h.feeBearer, outDate: h.outDate, inDate: h.inDate, ...(trimmed(h.reference) ? { reference: h.reference.trim() } : {}), description: h.description.trim(),
    legs: legs.length > 1 ? legInputs(legs) : [],
  };
}

/** The field a refusal names first (`amount: …`, `legs: …`), so it shows under its field. */
export const fieldOf = (message: string | null): string | null => message?.match(/^([a-zA-Z]+)(\[\d+\]\.[a-zA-Z]+)?: /)?.[1] ?? null;

function DraftEditor({ view }: { view: FundTransferView | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const display = useDisplay();
  const today = toIsoDate(new Date());
  const [h, setH] = useState<Header>(() => view
    ? { documentDate: view.documentDate, reference: view.reference ?? '', fromBank: view.fromBank, toCompany: view.intercompany ? view.toCompany : null, toBank: view.toBank, amount: view.amount, rate: view.rate ?? '', amountIn: view.fromCurrency === view.toCurrency ? '' : view.amountIn, fee: view.fee === '0.00' ? '' : view.fee, feeBearer: view.feeBearer, outDate: view.outDate, inDate: view.inDate, description: view.description }
    : { documentDate: today, reference: '', fromBank: null, toCompany: null, toBank: null, amount: '', rate: '', amountIn: '', fee: '', feeBearer: 'Sender', outDate: today, inDate: today, description: '' });
  const [legs, setLegs] = useState<LegDraft[]>(() => (view ? view.legs.map((l) => ({ amount: l.amount, outDate: l.outDate, inDate: l.inDate })) : [{ amount: '', outDate: today, inDate: today }]));
  const [error, setError] = useState<string | null>(null);
  const [postKey] = useState(newKey);
  // From the state as it is, not as this render saw it: two pickers answering in one tick must not undo each other.
  const setHeader = (patch: Partial<Header>) => {
    setH((prev) => {
      const next = { ...prev, ...patch };
      // An undivided transfer's one leg is the whole.
      setLegs((ls) => (ls.length <= 1 ? [{ amount: next.amount, outDate: next.outDate, inDate: next.inDate }] : ls));
      return next;
    });
  };
  const done = async (v: FundTransferView) => {
    setError(null);
    await queryClient.invalidateQueries({ queryKey: fundTransfersKey });
    void navigate(`/fund-transfer?id=${v.id}`, { replace: true });
  };
  const fail = (e: Error) => setError(e.message);
  const save = useMutation({ mutationFn: () => saveFundTransfer(view?.id, inputOf(h, legs)), onSuccess: done, onError: fail });
  const post = useMutation({ mutationFn: async () => postFundTransfer((await saveFundTransfer(view?.id, inputOf(h, legs))).id, postKey), onSuccess: done, onError: fail });
  // Another company of the tenant may receive (through the intercompany accounts): its banks are offered.
  const receivers = useQuery({ queryKey: [...fundTransfersKey, 'receivers'], queryFn: ({ signal }) => fetchReceivers(signal), staleTime: 60_000 });
  const receiver = receivers.data?.find((c) => c.id === h.toCompany);
  const gate = useApprovalGate('FundTransfer', view?.id);
  const governed = gate.data?.workflowActive === true;
  const underApproval = gate.data?.underApproval === true;
  const submit = useMutation({
    mutationFn: async () => {
      const saved = await saveFundTransfer(view?.id, inputOf(h, legs));
      await submitFundTransfer(saved.id);
      return saved;
    },
    onSuccess: done,
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => deleteFundTransfer(view!.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: fundTransfersKey });
      void navigate('/fund-transfers');
    },
    onError: fail,
  });
  const busy = save.isPending || post.isPending || remove.isPending || submit.isPending || underApproval;
  const errorField = fieldOf(error);
  const field = (name: string, label: string, control: ReactNode, htmlFor?: string) => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 220, flex: '1 1 220px' }}>
      <label htmlFor={htmlFor}>
        <Typography.Text type="secondary">{label}</Typography.Text>
      </label>
      {control}
      {errorField === name && <Typography.Text type="danger" role="alert">{error!.replace(/^[^:]+: /, '')}</Typography.Text>}
    </div>
  );
  const date = (name: keyof Header, label: string) => field(name, label, <DatePicker aria-label={label} format={display.pickerFormat} value={dayjs(h[name] as string)} allowClear={false} disabled={busy} onChange={(d) => d && setHeader({ [name]: d.format('YYYY-MM-DD') })} />);
  const text = (name: keyof Header, label: string, right = false, placeholder?: string) => field(name, label, <Input aria-label={label} value={h[name] as string} disabled={busy} placeholder={placeholder} onChange={(e) => setHeader({ [name]: e.target.value })} style={right ? { textAlign: 'right' } : undefined} />);
  return (
    <Card title={view ? 'Fund transfer (draft)' : 'New fund transfer'} extra={<Link to="/fund-transfers">Back to the list</Link>}>
      {error && !errorField && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} />}
      {underApproval && <Alert type="info" showIcon title="This fund transfer is under approval (FundTransfer): its approver may divide it, and it is posted when the approval completes" style={{ marginBottom: 12 }} />}
      <Flex wrap gap={12} style={{ marginBottom: 12 }}>
        {date('documentDate', 'Transfer date')}
        {text('reference', 'Reference')}
        {field('fromBank', 'From bank', <RefSelect id="transfer-from-bank" refName="bank" value={h.fromBank} disabled={busy} onChange={(fromBank) => setHeader({ fromBank })} knownLabels={view ? { [view.fromBank]: view.fromBankCode } : undefined} />, 'transfer-from-bank')}
        {(receivers.data?.length ?? 0) > 0 && field('toCompany', 'To company', (
          <Select id="transfer-to-company" aria-label="To company" value={h.toCompany ?? ''} disabled={busy} onChange={(toCompany: string) => setHeader({ toCompany: toCompany || null, toBank: null })}
            options={[{ value: '', label: 'This company' }, ...(receivers.data ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.description}` }))]} />
        ), 'transfer-to-company')}
        {field('toBank', 'To bank', receiver ? (
          <Select id="transfer-to-bank" aria-label="To bank" value={h.toBank ?? undefined} disabled={busy} placeholder={`A bank of ${receiver.code}`} onChange={(toBank: string) => setHeader({ toBank })}
            options={receiver.banks.map((b) => ({ value: b.id, label: `${b.code} · ${b.name} (${b.currency})` }))} />
        ) : (
          <RefSelect id="transfer-to-bank" refName="bank" value={h.toBank} disabled={busy} onChange={(toBank) => setHeader({ toBank })} knownLabels={view ? { [view.toBank]: view.toBankCode } : undefined} />
        ), 'transfer-to-bank')}
        {text('amount', 'Amount out', true)}
        {text('rate', 'Rate', false, 'To-bank units per from-bank unit')}
        {text('amountIn', 'Amount in', true, 'Across currencies: the amount at the rate')}
        {text('fee', 'Fee', true)}
        {field('feeBearer', 'Fee borne by', <Select aria-label="Fee borne by" value={h.feeBearer} disabled={busy} options={feeBearers.map((b) => ({ value: b, label: b === 'Sender' ? 'Sender (from bank)' : 'Receiver (to bank)' }))} onChange={(feeBearer: FeeBearer) => setHeader({ feeBearer })} />)}
        {date('outDate', 'Value date out')}
        {date('inDate', 'Value date in')}
        {text('description', 'Description')}
      </Flex>
      <FundTransferLegs legs={legs} onChange={setLegs} whole={{ amount: h.amount, outDate: h.outDate, inDate: h.inDate }} disabled={busy} />
      {errorField === 'legs' && <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>{error!.replace(/^[^:]+: /, '')}</Typography.Text>}
      <Space wrap style={{ marginTop: 12 }}>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={busy}>Save draft</Button>
        {governed ? (
          <Button type="primary" onClick={() => submit.mutate()} loading={submit.isPending} disabled={busy}>Submit for approval</Button>
        ) : (
          <Button type="primary" onClick={() => post.mutate()} loading={post.isPending} disabled={busy}>Post</Button>
        )}
        {view && (
          <Popconfirm title="Delete this draft fund transfer?" onConfirm={() => remove.mutate()}>
            <Button danger disabled={busy}>Delete</Button>
          </Popconfirm>
        )}
      </Space>
    </Card>
  );
}

/** The legs of a transfer as stored: amounts, value dates, whether through transit, and the entries that booked each. */
export function LegsTable({ view }: { view: FundTransferView }) {
  const display = useDisplay();
  const entry = (id: string | null, number: string | null) => (id ? <Link to={`/journal?id=${id}`}>{number ?? 'entry'}</Link> : '—');
  const columns: TableColumnsType<FundTransferLegView> = [
    { title: 'Leg', dataIndex: 'lineNo', key: 'lineNo', width: 56 },
    { title: `Out (${view.fromCurrency})`, key: 'amount', align: 'right', render: (_, l) => <span className="ledger-amount">{display.amount(l.amount)}</span> },
    { title: `In (${view.toCurrency})`, key: 'amountIn', align: 'right', render: (_, l) => <span className="ledger-amount">{display.amount(l.amountIn)}</span> },
    { title: 'Fee', key: 'fee', align: 'right', responsive: ['sm'], render: (_, l) => <span className="ledger-amount">{display.amount(l.fee)}</span> },
    { title: 'Value date out', key: 'outDate', render: (_, l) => display.date(l.outDate) },
    { title: 'Value date in', key: 'inDate', render: (_, l) => display.date(l.inDate) },
    { title: 'Route', key: 'route', responsive: ['md'], render: (_, l) => (view.intercompany ? 'Intercompany' : l.viaTransit ? 'In transit' : 'Direct') },
    { title: 'Entries', key: 'entries', render: (_, l) => (l.outJournal === l.inJournal ? entry(l.outJournal, l.outJournalNumber) : <>{entry(l.outJournal, l.outJournalNumber)} / {entry(l.inJournal, l.inJournalNumber)}</>) },
  ];
  return <Table<FundTransferLegView> size="small" rowKey="lineNo" aria-label="Legs" columns={columns} dataSource={view.legs} pagination={false} />;
}

/** What a transfer is: its banks, amounts, rate, fee and dates. */
export function TransferFacts({ view, link }: { view: FundTransferView; link?: boolean }) {
  const display = useDisplay();
  const money = (text: string, currency: string) => <span className="ledger-amount">{display.amount(text)} {currency}</span>;
  const name = `Fund transfer ${view.number ?? '(not numbered until posted)'}`;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 12 }}>
      {link && <Descriptions.Item label="Document"><Link to={`/fund-transfer?id=${view.id}`}>{name}</Link></Descriptions.Item>}
      <Descriptions.Item label="Status">{view.status}</Descriptions.Item>
      <Descriptions.Item label="Transfer date">{display.date(view.documentDate)}</Descriptions.Item>
      <Descriptions.Item label="From bank">{view.fromBankCode}</Descriptions.Item>
      <Descriptions.Item label="To bank">{view.intercompany ? `${view.toBankCode} (company ${view.toCompanyCode})` : view.toBankCode}</Descriptions.Item>
      <Descriptions.Item label="Amount out">{money(view.amount, view.fromCurrency)}</Descriptions.Item>
      <Descriptions.Item label="Amount in">{money(view.amountIn, view.toCurrency)}</Descriptions.Item>
      {view.rate && <Descriptions.Item label="Rate">{view.rate}</Descriptions.Item>}
      <Descriptions.Item label="Fee">{`${display.amount(view.fee)} ${view.feeBearer === 'Sender' ? view.fromCurrency : view.toCurrency} (${view.feeBearer.toLowerCase()})`}</Descriptions.Item>
      <Descriptions.Item label="Value dates">{`${display.date(view.outDate)} out, ${display.date(view.inDate)} in`}</Descriptions.Item>
      <Descriptions.Item label="Reference">{view.reference ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Description">{view.description}</Descriptions.Item>
    </Descriptions>
  );
}

function PostedTransfer({ view }: { view: FundTransferView }) {
  const display = useDisplay();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [date, setDate] = useState(toIsoDate(new Date()));
  const reverse = useMutation({
    mutationFn: () => reverseFundTransfer(view.id, date, newKey()),
    onSuccess: async () => {
      setError(null);
      await queryClient.invalidateQueries({ queryKey: fundTransfersKey });
    },
    onError: (e) => setError(e.message),
  });
  return (
    <Card title={`Fund transfer ${view.number ?? ''}`} extra={<Link to="/fund-transfers">Back to the list</Link>}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} />}
      <TransferFacts view={view} />
      <LegsTable view={view} />
      {view.status === 'Posted' && (
        <Space wrap style={{ marginTop: 12 }}>
          <DatePicker aria-label="Reversal date" format={display.pickerFormat} value={dayjs(date)} allowClear={false} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />
          <Popconfirm title="Reverse this fund transfer? Every entry of its legs is reversed." onConfirm={() => reverse.mutate()}>
            <Button danger loading={reverse.isPending}>Reverse</Button>
          </Popconfirm>
        </Space>
      )}
    </Card>
  );
}

/** /fund-transfer */
export default function FundTransferPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const doc = useQuery({ queryKey: fundTransferQueryKey(id), queryFn: ({ signal }) => fetchFundTransfer(id!, signal), enabled: id !== undefined });
  if (id && doc.error) return <Alert type="error" showIcon title={doc.error.message} action={<Link to="/fund-transfers">Back to the list</Link>} />;
  if (id && !doc.data) return <Waiting />;
  if (doc.data && doc.data.status !== 'Draft') return <PostedTransfer view={doc.data} />;
  return <DraftEditor key={id ?? 'new'} view={doc.data} />;
}
