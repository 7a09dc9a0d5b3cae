import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Descriptions, Flex, Input, Popconfirm, Select, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  INSURANCE_ACTIVE,
  INSURANCE_EXPIRED,
  insuranceScheduleDocument as def,
  insuranceScheduleListQuerySchema,
  type InsuranceScheduleAction,
  type InsuranceScheduleInput,
  type InsuranceScheduleListItem,
  type InsuranceScheduleStatus,
  type InsuranceScheduleView,
  type PremiumFrequency,
  type PremiumInstalmentView,
} from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import { documentAbilities, DocumentActionBar, DocumentEditorFrame, DocumentListPage, useEditorSteps, type DocumentColumnContext, type HeaderValues } from '../../shared/documents';
import { RefSelect } from '../../shared/kit/RefSelect';
import { useDisplay } from '../../shared/useDisplay';
import { deletePolicy, fetchPolicy, invoiceInstalment, payInstalment, policiesKey, policyAction, policyKey, renewPolicy, savePolicy, unpayInstalment } from './insurance-api';
import '../ledger/journals/ledger-screens.css';

type Display = ReturnType<typeof useDisplay>;
const amountCell = (display: Display, value: string) => <span className="ledger-amount">{display.amount(value)}</span>;

function policyColumns(display: Display) {
  return ({ sortOrder, linkOf, statusOf }: DocumentColumnContext<InsuranceScheduleListItem>): TableColumnsType<InsuranceScheduleListItem> => [
    { title: 'Policy', key: 'policyNumber', dataIndex: 'policyNumber', sorter: true, sortOrder: sortOrder('policyNumber'), render: (n: string, row) => <Link to={linkOf(row)}>{n}</Link> },
    { title: 'Insurer', key: 'insurer', render: (_, r) => <span title={r.insurerName}>{r.insurerCode}</span> },
    { title: 'Cover', key: 'coverType', dataIndex: 'coverType', responsive: ['lg'] },
    { title: 'Start', key: 'startDate', dataIndex: 'startDate', sorter: true, sortOrder: sortOrder('startDate'), responsive: ['md'], render: (d: string) => display.date(d) },
    { title: 'Expiry', key: 'expiryDate', dataIndex: 'expiryDate', sorter: true, sortOrder: sortOrder('expiryDate'), render: (d: string) => display.date(d) },
    { title: 'Assets', key: 'assetCodes', dataIndex: 'assetCodes', responsive: ['md'] },
    { title: 'Insured value', key: 'insuredTotal', align: 'right', render: (_, r) => amountCell(display, r.insuredTotal) },
    { title: 'Premium', key: 'premium', align: 'right', render: (_, r) => amountCell(display, r.premium) },
    { title: 'Frequency', key: 'premiumFrequency', dataIndex: 'premiumFrequency', responsive: ['lg'] },
    { title: 'Unpaid', key: 'unpaid', align: 'right', responsive: ['md'], render: (_, r) => amountCell(display, r.unpaid) },
    { title: 'Next due', key: 'nextDue', responsive: ['lg'], render: (_, r) => (r.nextDue ? display.date(r.nextDue) : '—') },
    { title: 'Currency', key: 'currency', dataIndex: 'currency', responsive: ['xl'] },
    { title: 'Status', key: 'status', render: (_, r) => statusOf(r) },
  ];
}

const EXPIRING = [30, 60, 90, 180, 365];

/** /insurance-schedules: the policies (the documents kit's list) with the insurer and "expiring within" filters; New opens /insurance-schedule. */
export function InsuranceSchedulesPage() {
  const display = useDisplay();
  const [insurer, setInsurer] = useState<string | null>(null);
  const [within, setWithin] = useState<number | undefined>(undefined);
  return (
    <DocumentListPage
      def={def}
      kind="Policy"
      query={insuranceScheduleListQuerySchema}
      columns={policyColumns(display)}
      title={def.plural}
      searchHint="Searches policy number, cover, description, insurer and asset code or description"
      noun={['policy', 'policies']}
      extraQuery={{ insurer: insurer ?? undefined, expiringWithin: within === undefined ? undefined : String(within) }}
      extraFilters={
        <>
          <div style={{ width: 220 }}>
            <RefSelect id="insurance-list-insurer" refName="insuranceCompany" value={insurer} onChange={setInsurer} placeholder="Any insurer" />
          </div>
          <Select<number>
            aria-label="Expiring within"
            allowClear
            placeholder="Expiring within…"
            style={{ width: 190 }}
            value={within}
            onChange={(v) => setWithin(v ?? undefined)}
            options={EXPIRING.map((d) => ({ value: d, label: `Active, expiring within ${d} days` }))}
          />
        </>
      }
    />
  );
}

/** An insured asset as typed. */
type Draft = { key: string; asset: string | null; insuredValue: string };
let lineSeq = 0;
const newLine = (asset: string | null = null, insuredValue = ''): Draft => ({ key: `i${++lineSeq}`, asset, insuredValue });
const linesOf = (v: InsuranceScheduleView): Draft[] => v.lines.map((l) => newLine(l.asset, l.insuredValue));
const same = (a: Draft[], b: Draft[]) => a.length === b.length && a.every((l, i) => l.asset === b[i]!.asset && Number(l.insuredValue) === Number(b[i]!.insuredValue));
const headerOf = (v: InsuranceScheduleView): HeaderValues => ({
  insurer: v.insurer, policyNumber: v.policyNumber, coverType: v.coverType, description: v.description, startDate: v.startDate, expiryDate: v.expiryDate,
  currency: v.currency, premium: v.premium, premiumFrequency: v.premiumFrequency, reminderDays: v.reminderDays, remindTo: v.remindTo, vendor: v.vendor,
});
const newHeader = (): HeaderValues => {
  const start = dayjs();
  return { insurer: null, policyNumber: null, coverType: null, description: null, startDate: start.format('YYYY-MM-DD'), expiryDate: start.add(1, 'year').subtract(1, 'day').format('YYYY-MM-DD'), currency: null, premium: null, premiumFrequency: 'Yearly', reminderDays: 30, remindTo: null, vendor: null };
};
const text = (value: unknown): string | null => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim());
const DECIMAL_TYPING = /^\d*([.,]\d*)?$/;
type Step = 'save' | 'delete' | 'submit' | InsuranceScheduleAction | 'renew' | 'pay' | 'invoice';

/**
 * /insurance-schedule?id=: one insurance policy (the documents kit's editor frame): the insurer, policy
 * number, cover, term, currency, premium and its frequency, the reminder; the insured assets with
 * their insured values and total; the premium instalments generated from the frequency (marked paid
 * with a date and reference once the policy is active); Activate, Cancel, Renew. No id: a new policy.
 */
export function InsuranceScheduleEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const display = useDisplay();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const view = useQuery({ queryKey: policyKey(id), queryFn: ({ signal }) => fetchPolicy(id!, signal), enabled: id !== undefined });
  const [header, setHeader] = useState<HeaderValues>(newHeader);
  const [lines, setLines] = useState<Draft[]>(() => [newLine()]);
  const [paying, setPaying] = useState<{ no: number; date: string; reference: string } | undefined>(undefined);
  const [invoicing, setInvoicing] = useState<{ no: number; vendor: string | null; account: string | null; tax: string | null } | undefined>(undefined);
  const { refusals, busy, act } = useEditorSteps<Step>(policiesKey, ['fa']);
  useEffect(() => {
    if (view.data) {
      setHeader(headerOf(view.data));
      setLines((current) => (same(current, linesOf(view.data)) ? current : linesOf(view.data)));
    }
  }, [view.data]);
  if (view.isError) return <Alert type="error" showIcon title={view.error instanceof Error ? view.error.message : 'The insurance schedule could not be read'} />;
  const v = view.data;
  const draft = id === undefined || v?.status === 'Draft';
  const can = documentAbilities(def, 'Policy', permissions);
  const input = (): InsuranceScheduleInput => ({
    insurer: String(header.insurer ?? ''),
    vendor: text(header.vendor),
    policyNumber: String(header.policyNumber ?? '').trim(),
    coverType: text(header.coverType),
    description: text(header.description),
    startDate: String(header.startDate ?? ''),
    expiryDate: String(header.expiryDate ?? ''),
    currency: text(header.currency),
    premium: String(header.premium ?? '').trim().replace(',', '.'),
    premiumFrequency: (header.premiumFrequency as PremiumFrequency | null) ?? 'Yearly',
    reminderDays: header.reminderDays === null || header.reminderDays === undefined || header.reminderDays === '' ? 30 : Number(header.reminderDays),
    remindTo: text(header.remindTo),
    lines: lines.filter((l) => l.asset || l.insuredValue).map((l) => ({ asset: l.asset ?? '', insuredValue: l.insuredValue.replace(',', '.') })),
  });
  const dirty = id === undefined || (v !== undefined && (JSON.stringify(headerOf(v)) !== JSON.stringify(header) || !same(lines, linesOf(v))));
  const store = async (): Promise<string> => {
    const saved = await savePolicy(id, input());
    client.setQueryData(policyKey(saved.id), saved);
    if (!id) void navigate(`/insurance-schedule?id=${saved.id}`, { replace: true });
    return saved.id;
  };
  const save = () => act('save', async () => {
    await store();
    notify.success('The policy is saved: its instalments are generated from the premium');
  });
  const perform = (action: InsuranceScheduleAction, done: string) => act(action, async () => {
    const at = dirty && draft ? await store() : id!;
    client.setQueryData(policyKey(at), await policyAction(at, action));
    notify.success(done);
  });
  const renew = () => act('renew', async () => {
    const renewal = await renewPolicy(id!);
    client.setQueryData(policyKey(renewal.id), renewal);
    notify.success(`Renewed: draft policy ${renewal.policyNumber} from ${display.date(renewal.startDate)}`);
    void navigate(`/insurance-schedule?id=${renewal.id}`);
  });
  const remove = () => act('delete', async () => {
    await deletePolicy(id!);
    void navigate('/insurance-schedules');
  });
  const pay = () => act('pay', async () => {
    if (!paying) return;
    client.setQueryData(policyKey(id), await payInstalment(id!, paying.no, { paidDate: paying.date, reference: text(paying.reference) }));
    notify.success(`Instalment ${paying.no} is marked paid`);
    setPaying(undefined);
  });
  const invoice = () => act('invoice', async () => {
    if (!invoicing?.vendor || !invoicing.account) return;
    const next = await invoiceInstalment(id!, invoicing.no, { vendor: invoicing.vendor, account: invoicing.account, tax: invoicing.tax });
    client.setQueryData(policyKey(id), next);
    notify.success(`Instalment ${invoicing.no}: draft vendor invoice made, to review and post on its screen`);
    setInvoicing(undefined);
  });
  const unpay = (no: number) => act('pay', async () => {
    client.setQueryData(policyKey(id), await unpayInstalment(id!, no));
    notify.success(`Instalment ${no} is unpaid again`);
  });
  const setLine = (key: string, patch: Partial<Draft>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const known = v ? Object.fromEntries(v.lines.map((l) => [l.asset, `${l.assetCode} ${l.assetDescription}`.trim()])) : undefined;
  const insurerLabel = v ? { [v.insurer]: `${v.insurerCode} · ${v.insurerName}`, ...(v.vendor && v.vendorLabel ? { [v.vendor]: v.vendorLabel } : {}) } : undefined;
  const lineError = (index: number) => refusals.lines.get(index + 1);
  const editColumns: TableColumnsType<Draft> = [
    { title: '#', key: 'n', width: 48, render: (_, _l, i) => i + 1 },
    {
      title: 'Asset', key: 'asset', render: (_, l, i) => (
        <Flex vertical>
          <RefSelect id={`insured-asset-${i}`} refName="asset" value={l.asset} onChange={(asset) => setLine(l.key, { asset })} knownLabels={known} status={lineError(i) ? 'error' : undefined} placeholder="Choose an asset" />
          {lineError(i) && <Typography.Text type="danger">{lineError(i)!.text}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: 'Insured value', key: 'insuredValue', width: 200, align: 'right', render: (_, l, i) => (
        <Input id={`insured-value-${i}`} aria-label={`Insured value of line ${i + 1}`} inputMode="decimal" value={l.insuredValue} style={{ textAlign: 'right' }} status={lineError(i)?.field === 'insuredValue' ? 'error' : undefined} onChange={(e) => DECIMAL_TYPING.test(e.target.value) && setLine(l.key, { insuredValue: e.target.value })} />
      ),
    },
    {
      title: '', key: 'remove', width: 48, render: (_, l) => (
        <Tooltip title="Remove the asset">
          <Button type="text" aria-label="Remove the asset" icon={<DeleteOutlined aria-hidden />} disabled={lines.length === 1} onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))} />
        </Tooltip>
      ),
    },
  ];
  const assetColumns: TableColumnsType<InsuranceScheduleView['lines'][number]> = [
    { title: '#', key: 'n', width: 48, dataIndex: 'lineNo' },
    { title: 'Asset', key: 'asset', render: (_, l) => <Link to={`/asset?id=${l.asset}`}>{`${l.assetCode} ${l.assetDescription}`.trim()}</Link> },
    { title: 'Asset status', key: 'status', dataIndex: 'assetStatus', responsive: ['md'] },
    { title: 'Insured value', key: 'insuredValue', align: 'right', render: (_, l) => amountCell(display, l.insuredValue) },
  ];
  const payable = v !== undefined && (v.status === INSURANCE_ACTIVE || v.status === INSURANCE_EXPIRED) && can.edit;
  const instalmentColumns: TableColumnsType<PremiumInstalmentView> = [
    { title: '#', key: 'n', width: 48, dataIndex: 'instalmentNo' },
    { title: 'Due', key: 'dueDate', render: (_, i) => display.date(i.dueDate) },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, i) => amountCell(display, i.amount) },
    {
      title: 'Paid', key: 'paid', render: (_, i) => {
        if (i.paidDate) {
          return (
            <Flex gap={8} align="center" wrap>
              <span>{`Paid ${display.date(i.paidDate)}${i.reference ? ` · ${i.reference}` : ''}`}</span>
              {payable && (
                <Popconfirm title={`Undo the payment mark of instalment ${i.instalmentNo}?`} onConfirm={() => void unpay(i.instalmentNo)}>
                  <Button size="small" type="link">Undo</Button>
                </Popconfirm>
              )}
            </Flex>
          );
        }
        if (!payable) return <Typography.Text type="secondary">Unpaid</Typography.Text>;
        if (paying?.no !== i.instalmentNo) return <Button size="small" onClick={() => setPaying({ no: i.instalmentNo, date: dayjs().format('YYYY-MM-DD'), reference: '' })}>Mark paid</Button>;
        return (
          <Flex gap={8} align="center" wrap role="form" aria-label={`Pay instalment ${i.instalmentNo}`}>
            <DatePicker aria-label="Paid on" value={dayjs(paying.date)} format={display.pickerFormat} allowClear={false} onChange={(d) => d && setPaying({ ...paying, date: d.format('YYYY-MM-DD') })} />
            <Input aria-label="Payment reference" placeholder="Reference" maxLength={60} style={{ width: 160 }} value={paying.reference} onChange={(e) => setPaying({ ...paying, reference: e.target.value })} />
            <Button size="small" type="primary" loading={busy === 'pay'} onClick={() => void pay()}>Confirm paid</Button>
            <Button size="small" onClick={() => setPaying(undefined)}>Cancel</Button>
          </Flex>
        );
      },
    },
    {
      title: 'Vendor invoice', key: 'invoice', render: (_, i) => {
        if (i.invoice) return <Link to={`/vendor-invoice?id=${i.invoice.id}`}>{`${i.invoice.number ?? 'Draft'} · ${i.invoice.status}`}</Link>;
        if (!payable || i.paidDate) return null;
        if (invoicing?.no !== i.instalmentNo) {
          return <Button size="small" onClick={() => setInvoicing({ no: i.instalmentNo, vendor: v?.vendor ?? null, account: null, tax: null })}>Create vendor invoice</Button>;
        }
        return (
          <Flex gap={8} align="center" wrap role="form" aria-label={`Vendor invoice of instalment ${i.instalmentNo}`}>
            <div style={{ minWidth: 180 }}><RefSelect id="instalment-invoice-vendor" refName="vendor" value={invoicing.vendor} onChange={(vendor) => setInvoicing({ ...invoicing, vendor })} placeholder="Vendor" /></div>
            <div style={{ minWidth: 180 }}><RefSelect id="instalment-invoice-account" refName="account" value={invoicing.account} onChange={(account) => setInvoicing({ ...invoicing, account })} placeholder="Expense account" /></div>
            <div style={{ minWidth: 120 }}><RefSelect id="instalment-invoice-tax" refName="tax" value={invoicing.tax} onChange={(tax) => setInvoicing({ ...invoicing, tax })} placeholder="No tax" /></div>
            <Button size="small" type="primary" disabled={!invoicing.vendor || !invoicing.account} loading={busy === 'invoice'} onClick={() => void invoice()}>Create draft</Button>
            <Button size="small" onClick={() => setInvoicing(undefined)}>Cancel</Button>
          </Flex>
        );
      },
    },
  ];
  const actions = (id === undefined || v) && (
    <Flex vertical gap={8} align="flex-end">
      <DocumentActionBar<InsuranceScheduleStatus, InsuranceScheduleAction>
        def={def}
        status={v?.status}
        can={can}
        busy={busy === 'renew' || busy === 'pay' || busy === 'invoice' ? undefined : busy}
        on={{ activate: () => void perform('activate', 'The policy is active: its premium instalments are due') }}
        onSave={() => void save()}
        onDelete={() => void remove()}
        approval={{ mode: 'direct' }}
        underApproval={false}
      />
      {v && v.status !== 'Draft' && (
        <Flex gap={8}>
          {v.status === INSURANCE_ACTIVE && can.edit && (
            <Popconfirm title="Cancel this policy?" description="It stays on record, reminds of nothing more and cannot be renewed." onConfirm={() => void perform('cancel', 'The policy is cancelled')}>
              <Button danger loading={busy === 'cancel'}>Cancel policy</Button>
            </Popconfirm>
          )}
          {(v.status === INSURANCE_ACTIVE || v.status === INSURANCE_EXPIRED) && can.save && !v.renewedBy && (
            <Button type="primary" loading={busy === 'renew'} onClick={() => void renew()}>Renew</Button>
          )}
        </Flex>
      )}
    </Flex>
  );
  const readOnly = !draft;
  const shownHeader = readOnly && v ? { ...header, premium: `${display.amount(v.premium)} ${v.currency}`, reminderDays: v.remindTo ? `${v.reminderDays} days before` : 'No reminder', remindTo: v.remindTo || '—' } : header;
  return (
    <DocumentEditorFrame
      def={def}
      id={id}
      status={v?.status}
      title={v ? `Insurance policy ${v.policyNumber}` : 'Insurance policy'}
      subtitle={
        <Flex gap={12} wrap>
          <Link to="/insurance-schedules">All insurance schedules</Link>
          {v?.renewalOf && <Link to={`/insurance-schedule?id=${v.renewalOf}`}>The policy it renews</Link>}
          {v?.renewedBy && <Link to={`/insurance-schedule?id=${v.renewedBy}`}>Its renewal</Link>}
        </Flex>
      }
      actions={actions}
      header={shownHeader}
      onHeaderChange={(field, value) => setHeader((h) => ({ ...h, [field]: value }))}
      dateFormat={display.pickerFormat}
      knownLabels={insurerLabel}
      refusals={refusals}
      underApproval={false}
      readOnly={readOnly}
      linesTitle="Insured assets"
      lineCount={draft ? lines.length : (v?.lines.length ?? 0)}
      linesExtra={v && `Insured ${display.amount(v.insuredTotal)} ${v.currency}`}
      lines={
        <Flex vertical gap={12}>
          {draft ? (
            <>
              <Table<Draft> size="small" rowKey="key" columns={editColumns} dataSource={lines} pagination={false} aria-label="Insured assets" />
              <Flex justify="space-between" align="center">
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => setLines((ls) => [...ls, newLine()])} disabled={lines.length >= def.linesMax}>
                  Add an asset
                </Button>
                {dirty && id !== undefined && <Typography.Text type="secondary">Save to generate the instalments of what is typed.</Typography.Text>}
              </Flex>
            </>
          ) : (
            <Table size="small" rowKey="lineNo" columns={assetColumns} dataSource={v?.lines ?? []} pagination={v && v.lines.length > 50 ? { defaultPageSize: 50 } : false} aria-label="Insured assets" />
          )}
          {v && (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              aria-label="Policy totals"
              items={[
                { key: 'insured', label: 'Total insured', children: <span className="ledger-amount">{`${display.amount(v.insuredTotal)} ${v.currency}`}</span> },
                { key: 'premium', label: 'Premium', children: <span className="ledger-amount">{`${display.amount(v.premium)} ${v.currency}`}</span> },
                { key: 'paid', label: 'Paid', children: <span className="ledger-amount">{display.amount(v.paid)}</span> },
                { key: 'unpaid', label: 'Unpaid', children: <span className="ledger-amount">{display.amount(v.unpaid)}</span> },
              ]}
            />
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            Premium instalments
          </Typography.Title>
          {id === undefined ? (
            <Typography.Text type="secondary">Save the policy to generate its instalments from the premium and its frequency.</Typography.Text>
          ) : (
            <Table<PremiumInstalmentView> size="small" rowKey="instalmentNo" loading={view.isPending} columns={instalmentColumns} dataSource={v?.instalments ?? []} pagination={false} aria-label="Premium instalments" />
          )}
        </Flex>
      }
    />
  );
}
