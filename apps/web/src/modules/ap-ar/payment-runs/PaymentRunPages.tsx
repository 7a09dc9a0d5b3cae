import { Alert, Button, Card, Checkbox, ConfigProvider, DatePicker, Descriptions, Flex, Input, Popconfirm, Select, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  formatMoney,
  parseMoney,
  paymentMethods,
  paymentRunBases,
  paymentRunFaces,
  paymentRunLabel,
  type PaymentMethod,
  type PaymentRunBasis,
  type PaymentRunFace,
  type PaymentRunInput,
  type PaymentRunLine,
  type PaymentRunView,
  type Side,
} from '@erp/contracts';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { toIsoDate } from '../../../shared/format';
import { useDisplay } from '../../../shared/useDisplay';
import { DocumentApproval, useApprovalGate, useDocumentApproval } from '../../workflow/index';
import {
  deleteRun,
  downloadBankFile,
  downloadRemittance,
  fetchRun,
  fetchRunProposal,
  mailRemittances,
  postRun,
  reverseRun,
  runQueryKey,
  runsKey,
  saveRun,
  submitRun,
  submitRunReversal,
} from './payment-runs-api';
import '../../ledger/journals/ledger-screens.css';
import './payment-runs.css';
import { lineOfRefusal, type LineRefusal } from './run-refusals';

/*
 * /vendor-payment-schedule and /customer-payment-schedule: a new payment run or, with ?id=, a run (a
 * draft editable; a posted one read-only with its payments, bank file, remittance advices and
 * reversal). The lines come from the proposal of the criteria (due or discount date, party group,
 * the bank's currency, the method) and stay editable: a line is excluded or its amount changed.
 */

type Line = Pick<PaymentRunLine, 'openItem' | 'invoiceNumber' | 'partyDocumentNumber' | 'party' | 'partyCode' | 'partyName' | 'dueDate' | 'discountDate' | 'remaining' | 'discountAvailable' | 'problem'> & {
  amount: string;
  discount: string;
  excluded: boolean;
};
type Header = { bank: string | null; paymentDate: string; method: PaymentMethod; basis: PaymentRunBasis; upTo: string; partyGroup: string | null; description: string };

const newKey = () => crypto.randomUUID();
const Waiting = () => <Spin style={{ display: 'block', margin: '48px auto' }} />;
const SCALE = 4;

/** The sum of decimal texts, exact (minor units of four decimals; a text that is not an amount counts nothing), with the texts' decimals. */
function sumOf(texts: string[]): string {
  const minor = texts.reduce((s, t) => {
    try {
      return s + parseMoney(t.trim() || '0', SCALE);
    } catch {
      return s;
    }
  }, 0n);
  // As many decimals as the texts have (the currency's), at least two.
  const places = Math.max(2, ...texts.map((t) => t.trim().split('.')[1]?.length ?? 0));
  const text = formatMoney(minor, SCALE);
  return text.slice(0, text.length - (SCALE - Math.min(places, SCALE)));
}

const lineOf = (l: PaymentRunLine): Line => ({
  openItem: l.openItem, invoiceNumber: l.invoiceNumber, partyDocumentNumber: l.partyDocumentNumber, party: l.party, partyCode: l.partyCode, partyName: l.partyName,
  dueDate: l.dueDate, discountDate: l.discountDate, remaining: l.remaining, discountAvailable: l.discountAvailable, problem: l.problem, amount: l.amount, discount: l.discount, excluded: l.excluded,
});

function inputOf(h: Header, lines: Line[]): PaymentRunInput {
  return {
    kind: 'Run', bank: h.bank ?? '', paymentDate: h.paymentDate, method: h.method, basis: h.basis, upTo: h.upTo, partyGroup: h.partyGroup, description: h.description.trim(),
    lines: lines.map((l) => ({ openItem: l.openItem, amount: l.amount.trim() || '0', ...(/[1-9]/.test(l.discount) ? { discount: l.discount.trim() } : {}), excluded: l.excluded })),
  };
}

/** The run's lines, each included or not with its amount and discount; `locked` (under approval) shows them without editing. */
function LineEditor({ lines, onChange, refused, locked }: { lines: Line[]; onChange: (lines: Line[]) => void; refused: LineRefusal | null; locked: boolean }) {
  const display = useDisplay();
  // A line's place in the run (the table's render index is the page's, once the lines run over pages).
  const at = new Map(lines.map((l, i) => [l.openItem, i]));
  const set = (l: Line, patch: Partial<Line>) => onChange(lines.map((x) => (x.openItem === l.openItem ? { ...x, ...patch } : x)));
  const label = (l: Line) => l.invoiceNumber ?? '(invoice)';
  const status = (l: Line, field: LineRefusal['field']) => (refused && refused.index === at.get(l.openItem) && (refused.field === field || refused.field === 'openItem') ? 'error' : undefined);
  const columns: TableColumnsType<Line> = [
    { title: 'Pay', key: 'include', width: 50, render: (_, l) => <Checkbox aria-label={`Pay ${label(l)}`} disabled={locked} checked={!l.excluded} onChange={(e) => set(l, { excluded: !e.target.checked })} /> },
    { title: 'Party', key: 'party', ellipsis: true, render: (_, l) => <>{`${l.partyCode} · ${l.partyName}`} {l.problem && <Tag color="red" title={l.problem}>{l.problem}</Tag>}</> },
    { title: 'Invoice', key: 'invoice', render: (_, l) => <>{label(l)}{l.partyDocumentNumber ? <Typography.Text type="secondary">{` (${l.partyDocumentNumber})`}</Typography.Text> : null}</> },
    { title: 'Due', key: 'due', render: (_, l) => display.date(l.dueDate), responsive: ['sm'] },
    { title: 'Discount by', key: 'discountDate', render: (_, l) => (l.discountDate ? display.date(l.discountDate) : '—'), responsive: ['lg'] },
    { title: 'Open', key: 'remaining', align: 'right', render: (_, l) => <span className="ledger-amount">{display.amount(l.remaining)}</span> },
    { title: 'Discount', key: 'discount', align: 'right', render: (_, l) => <Input aria-label={`Discount of ${label(l)}`} status={status(l, 'discount')} value={l.discount} disabled={locked || l.excluded} onChange={(e) => set(l, { discount: e.target.value })} style={{ width: 100, textAlign: 'right' }} /> },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, l) => <Input aria-label={`Amount of ${label(l)}`} status={status(l, 'amount')} value={l.amount} disabled={locked || l.excluded} onChange={(e) => set(l, { amount: e.target.value })} style={{ width: 120, textAlign: 'right' }} /> },
  ];
  return (
    <Table<Line>
      size="small"
      rowKey="openItem"
      columns={columns}
      dataSource={lines}
      rowClassName={(l) => [l.excluded ? 'payment-run-excluded' : '', refused?.index === at.get(l.openItem) ? 'payment-run-refused' : ''].join(' ').trim()}
      pagination={lines.length > 50 ? { pageSize: 50, showSizeChanger: true } : false}
      locale={{ emptyText: 'No lines: choose the criteria and Propose' }}
    />
  );
}

function DraftEditor({ rf, view }: { rf: PaymentRunFace; view: PaymentRunView | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const display = useDisplay();
  const today = toIsoDate(new Date());
  const label = paymentRunLabel(rf);
  const [h, setH] = useState<Header>(() => view
    ? { bank: view.bank, paymentDate: view.paymentDate, method: view.method, basis: view.basis, upTo: view.upTo, partyGroup: view.partyGroup, description: view.description }
    : { bank: null, paymentDate: today, method: rf.defaultMethod, basis: 'Due date', upTo: today, partyGroup: null, description: '' });
  const [lines, setLines] = useState<Line[]>(() => (view ? view.lines.map(lineOf) : []));
  const [error, setError] = useState<string | null>(null);
  const [postKey] = useState(newKey);
  const done = async (v: PaymentRunView) => {
    await queryClient.invalidateQueries({ queryKey: runsKey(rf) });
    void navigate(`${rf.pages.run}?id=${v.id}`, { replace: true });
  };
  const propose = useMutation({
    mutationFn: async () => {
      if (!h.bank) throw new Error('Choose the bank first');
      return fetchRunProposal(rf, { bank: h.bank, paymentDate: h.paymentDate, method: h.method, basis: h.basis, upTo: h.upTo, partyGroup: h.partyGroup });
    },
    onSuccess: (p) => {
      setError(p.lines.length === 0 ? 'Nothing is open for these criteria' : null);
      setLines(p.lines.map(lineOf));
    },
    onError: (e) => setError(e.message),
  });
  const save = useMutation({ mutationFn: () => saveRun(rf, view?.id, inputOf(h, lines)), onSuccess: done, onError: (e) => setError(e.message) });
  const post = useMutation({ mutationFn: async () => postRun(rf, (await saveRun(rf, view?.id, inputOf(h, lines))).id, postKey), onSuccess: done, onError: (e) => setError(e.message) });
  const gate = useApprovalGate(rf.approval, view?.id);
  const governed = gate.data?.workflowActive === true;
  const underApproval = gate.data?.underApproval === true;
  const approval = useDocumentApproval(rf.approval, view?.id);
  const submit = useMutation({
    mutationFn: async () => {
      const saved = await saveRun(rf, view?.id, inputOf(h, lines));
      await submitRun(rf, saved.id);
      return saved;
    },
    onSuccess: done,
    onError: (e) => setError(e.message),
  });
  const remove = useMutation({
    mutationFn: () => deleteRun(rf, view!.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: runsKey(rf) });
      void navigate(rf.pages.runs);
    },
    onError: (e) => setError(e.message),
  });
  const busy = save.isPending || post.isPending || remove.isPending || submit.isPending || underApproval;
  const kept = lines.filter((l) => !l.excluded);
  const total = useMemo(() => sumOf(kept.map((l) => l.amount)), [kept]);
  const discount = useMemo(() => sumOf(kept.map((l) => l.discount)), [kept]);
  const parties = new Set(kept.map((l) => l.party)).size;
  const field = (text: string, control: React.ReactNode, htmlFor?: string) => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 200, flex: '1 1 200px' }}>
      <label htmlFor={htmlFor}>
        <Typography.Text type="secondary">{text}</Typography.Text>
      </label>
      {control}
    </div>
  );
  return (
    <Card title={view ? `${label} (draft)` : `New ${label.toLowerCase()}`} extra={<Link to={rf.pages.runs}>Back to the list</Link>}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} />}
      {underApproval && <Alert type="info" showIcon title={`This run is under approval (${rf.approval}): it is posted when the approval completes`} style={{ marginBottom: 12 }} />}
      {/* Under approval the run is what the approvers decide on: its criteria and lines read, not edited. */}
      <ConfigProvider componentDisabled={underApproval}>
        <Flex wrap gap={12} style={{ marginBottom: 12 }}>
          {field('Bank', <RefSelect id="run-bank" refName="bank" value={h.bank} onChange={(bank) => setH({ ...h, bank })} knownLabels={view ? { [view.bank]: view.bankCode } : undefined} />, 'run-bank')}
          {field('Payment date', <DatePicker aria-label="Payment date" format={display.pickerFormat} value={dayjs(h.paymentDate)} allowClear={false} onChange={(d) => setH({ ...h, paymentDate: d ? d.format('YYYY-MM-DD') : h.paymentDate })} />)}
          {field('Method', <Select aria-label="Method" value={h.method} options={paymentMethods.map((m) => ({ value: m, label: m }))} onChange={(method: PaymentMethod) => setH({ ...h, method })} />)}
          {field('Select by', <Select aria-label="Select by" value={h.basis} options={paymentRunBases.map((b) => ({ value: b, label: b }))} onChange={(basis: PaymentRunBasis) => setH({ ...h, basis })} />)}
          {field('Up to', <DatePicker aria-label="Up to" format={display.pickerFormat} value={dayjs(h.upTo)} allowClear={false} onChange={(d) => setH({ ...h, upTo: d ? d.format('YYYY-MM-DD') : h.upTo })} />)}
          {field(`${rf.pf.face.partyLabel} group`, <RefSelect id="run-group" refName={`${rf.pf.face.partyWord}Group`} value={h.partyGroup} onChange={(partyGroup) => setH({ ...h, partyGroup })} placeholder="Every group" knownLabels={view?.partyGroup && view.partyGroupCode ? { [view.partyGroup]: view.partyGroupCode } : undefined} />, 'run-group')}
          {field('Description', <Input aria-label="Description" value={h.description} onChange={(e) => setH({ ...h, description: e.target.value })} />)}
        </Flex>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>Lines</Typography.Title>
          <Button onClick={() => propose.mutate()} loading={propose.isPending}>Propose</Button>
        </Flex>
        <LineEditor lines={lines} onChange={setLines} refused={lineOfRefusal(error)} locked={underApproval} />
      </ConfigProvider>
      <Flex justify="flex-end" gap={24} style={{ marginTop: 8 }} aria-label="Run totals" role="group">
        <Typography.Text>{`${parties} ${rf.pf.face.partyWord}${parties === 1 ? '' : 's'}, ${kept.length} of ${lines.length} lines`}</Typography.Text>
        <Typography.Text>Discounts <span className="ledger-amount">{display.amount(discount, 2)}</span></Typography.Text>
        <Typography.Text strong>Total <span className="ledger-amount" data-testid="run-total">{display.amount(total, 2)}</span></Typography.Text>
      </Flex>
      <Space wrap style={{ marginTop: 12 }}>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={busy}>Save draft</Button>
        {governed ? (
          <Button type="primary" onClick={() => submit.mutate()} loading={submit.isPending} disabled={busy}>Submit for approval</Button>
        ) : (
          <Button type="primary" onClick={() => post.mutate()} loading={post.isPending} disabled={busy}>Post</Button>
        )}
        {view && (
          <Popconfirm title="Delete this draft run?" onConfirm={() => remove.mutate()}>
            <Button danger disabled={busy}>Delete</Button>
          </Popconfirm>
        )}
      </Space>
      {view && <DocumentApproval state={approval} onChanged={() => void queryClient.invalidateQueries({ queryKey: runsKey(rf) })} />}
    </Card>
  );
}

type PartyRow = { party: string; code: string; name: string; payment: string | null; paymentNumber: string | null; lines: number; amount: string; discount: string };

function PostedRun({ rf, view }: { rf: PaymentRunFace; view: PaymentRunView }) {
  const display = useDisplay();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [date, setDate] = useState(toIsoDate(new Date()));
  const label = paymentRunLabel(rf);
  const refresh = async () => {
    setError(null);
    await queryClient.invalidateQueries({ queryKey: runsKey(rf) });
  };
  const reverse = useMutation({ mutationFn: () => reverseRun(rf, view.id, date, newKey()), onSuccess: refresh, onError: (e) => setError(e.message) });
  const reversalGate = useApprovalGate(rf.reversalApproval, view.id);
  const reversalGoverned = reversalGate.data?.workflowActive === true;
  const reversalRunning = reversalGate.data?.underApproval === true;
  const submitReverse = useMutation({ mutationFn: () => submitRunReversal(rf, view.id), onSuccess: async () => { await refresh(); await queryClient.invalidateQueries({ queryKey: ['workflow'] }); }, onError: (e) => setError(e.message) });
  const file = useMutation({ mutationFn: (format: 'xml' | 'csv') => downloadBankFile(rf, view.id, format), onError: (e) => setError(e.message) });
  const advice = useMutation({ mutationFn: (party: string) => downloadRemittance(rf, view.id, party), onError: (e) => setError(e.message) });
  const mail = useMutation({
    mutationFn: () => mailRemittances(rf, view.id),
    onSuccess: (r) => setNotice(`${r.queued} advice${r.queued === 1 ? '' : 's'} queued in the outbox${r.skipped.length ? `; no mail for ${r.skipped.join(', ')}` : ''}`),
    onError: (e) => setError(e.message),
  });
  const approval = useDocumentApproval(rf.approval, view.id);
  const posted = view.status === 'Posted';
  const kept = view.lines.filter((l) => !l.excluded);
  const parties: PartyRow[] = [...new Set(kept.map((l) => l.party))].map((party) => {
    const own = kept.filter((l) => l.party === party);
    const first = own[0]!;
    return { party, code: first.partyCode, name: first.partyName, payment: first.payment, paymentNumber: first.paymentNumber, lines: own.length, amount: sumOf(own.map((l) => l.amount)), discount: sumOf(own.map((l) => l.discount)) };
  });
  const partyColumns: TableColumnsType<PartyRow> = [
    { title: rf.pf.face.partyLabel, key: 'party', render: (_, p) => `${p.code} · ${p.name}`, ellipsis: true },
    { title: 'Payment', key: 'payment', render: (_, p) => (p.payment ? <Link to={`${rf.pf.pages.payment}?id=${p.payment}`}>{p.paymentNumber}</Link> : '—') },
    { title: 'Invoices', key: 'lines', dataIndex: 'lines', align: 'right', responsive: ['sm'] },
    { title: 'Discount', key: 'discount', align: 'right', responsive: ['md'], render: (_, p) => <span className="ledger-amount">{display.amount(p.discount, 2)}</span> },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, p) => <span className="ledger-amount">{display.amount(p.amount, 2)}</span> },
    { title: '', key: 'advice', render: (_, p) => <Button size="small" onClick={() => advice.mutate(p.party)} disabled={!posted}>{`Remittance advice ${p.code}`}</Button> },
  ];
  const lineColumns: TableColumnsType<PaymentRunLine> = [
    { title: 'Line', dataIndex: 'lineNo', key: 'lineNo', width: 60 },
    { title: rf.pf.face.partyLabel, key: 'party', render: (_, l) => l.partyCode },
    { title: 'Invoice', key: 'invoice', render: (_, l) => l.invoiceNumber ?? '(invoice)' },
    { title: 'Due', key: 'due', render: (_, l) => display.date(l.dueDate), responsive: ['sm'] },
    { title: 'Discount', key: 'discount', align: 'right', render: (_, l) => <span className="ledger-amount">{display.amount(l.discount)}</span> },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, l) => <span className="ledger-amount">{display.amount(l.amount)}</span> },
    { title: 'Paid', key: 'paid', render: (_, l) => (l.excluded ? <Tag>excluded</Tag> : (l.paymentNumber ?? '—')) },
  ];
  return (
    <Card title={`${label} ${view.number ?? ''}`} extra={<Link to={rf.pages.runs}>Back to the list</Link>}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} />}
      {notice && <Alert type="success" showIcon title={notice} style={{ marginBottom: 12 }} closable onClose={() => setNotice(null)} />}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Status">{view.status}</Descriptions.Item>
        <Descriptions.Item label="Bank">{view.bankCode}</Descriptions.Item>
        <Descriptions.Item label="Payment date">{display.date(view.paymentDate)}</Descriptions.Item>
        <Descriptions.Item label="Method">{view.method}</Descriptions.Item>
        <Descriptions.Item label="Selected by">{`${view.basis} up to ${display.date(view.upTo)}${view.partyGroupCode ? `, group ${view.partyGroupCode}` : ''}`}</Descriptions.Item>
        <Descriptions.Item label="Total">{`${display.amount(view.total)} ${view.currency}`}</Descriptions.Item>
        <Descriptions.Item label="Discounts">{display.amount(view.discount)}</Descriptions.Item>
        <Descriptions.Item label="Description">{view.description}</Descriptions.Item>
      </Descriptions>
      {posted && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => file.mutate('xml')} loading={file.isPending && file.variables === 'xml'}>{`Download ${rf.message}`}</Button>
          <Button onClick={() => file.mutate('csv')} loading={file.isPending && file.variables === 'csv'}>Download CSV</Button>
          <Button onClick={() => mail.mutate()} loading={mail.isPending}>Mail remittance advices</Button>
        </Space>
      )}
      <Typography.Title level={5}>Payments</Typography.Title>
      <Table<PartyRow> size="small" rowKey="party" columns={partyColumns} dataSource={parties} pagination={parties.length > 50 ? { pageSize: 50 } : false} style={{ marginBottom: 12 }} />
      <Typography.Title level={5}>Lines</Typography.Title>
      <Table<PaymentRunLine> size="small" rowKey="lineNo" columns={lineColumns} dataSource={view.lines} pagination={view.lines.length > 50 ? { pageSize: 50 } : false} />
      {posted && (
        <Space wrap style={{ marginTop: 12 }}>
          {reversalRunning ? (
            <Typography.Text type="secondary">{`Its reversal is under approval (${rf.reversalApproval})`}</Typography.Text>
          ) : reversalGoverned ? (
            <Popconfirm title="Submit the reversal of this run for approval?" onConfirm={() => submitReverse.mutate()}>
              <Button danger loading={submitReverse.isPending}>Submit reversal for approval</Button>
            </Popconfirm>
          ) : (
            <>
              <DatePicker aria-label="Reversal date" format={display.pickerFormat} value={dayjs(date)} allowClear={false} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />
              <Popconfirm title="Reverse this run? Every payment it made is reversed and its invoices reopen." onConfirm={() => reverse.mutate()}>
                <Button danger loading={reverse.isPending}>Reverse</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      )}
      <DocumentApproval state={approval} />
    </Card>
  );
}

export function PaymentRunEditorPage({ side }: { side: Side }) {
  const rf = paymentRunFaces[side];
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const doc = useQuery({ queryKey: runQueryKey(rf, id), queryFn: ({ signal }) => fetchRun(rf, id!, signal), enabled: id !== undefined });
  if (id && doc.error) return <Alert type="error" showIcon title={doc.error.message} action={<Link to={rf.pages.runs}>Back to the list</Link>} />;
  if (id && !doc.data) return <Waiting />;
  if (doc.data && doc.data.status !== 'Draft') return <PostedRun rf={rf} view={doc.data} />;
  return <DraftEditor key={id ?? 'new'} rf={rf} view={doc.data} />;
}

export const VendorPaymentRunPage = () => <PaymentRunEditorPage side="payables" />;
export const CustomerPaymentRunPage = () => <PaymentRunEditorPage side="receivables" />;
