import { Alert, Button, Card, DatePicker, Flex, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AssetMovementRow, AssetMovements, AssetRegister, DepreciationForecast, FaReportFormat, ForecastGrain, ForecastGrouping } from '@erp/contracts';
import { apiDownload, apiRequest, unwrap } from '../../app/api';
import { saveBlob } from '../../shared/kit/kit-api';
import { RefSelect } from '../../shared/kit/RefSelect';
import { useDisplay } from '../../shared/useDisplay';
import '../ledger/journals/ledger-screens.css';
import { useNotify } from '../../app/notifications/useNotify';

/*
 * The fixed-asset reports (issue 18), tabs of /assets (SPEC.md's route list has no report route of
 * the Fixed Asset menu besides the trial balance): the register as of a day, the depreciation
 * forecast, and the movement schedule per class with its tie-out to the ledger. Amounts right-aligned
 * in the company's locale, dates in its format; each report downloads as PDF or XLSX (the server's files).
 */

type Report = 'register' | 'forecast' | 'movements';
const get = async <T,>(report: Report, params: Record<string, string | undefined>, signal?: AbortSignal) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return unwrap(await apiRequest<T>('GET', `/fa/reports/${report}?${q}`, undefined, signal ? { signal } : {}));
};

function Downloads({ report, params }: { report: Report; params: Record<string, string | undefined> }) {
  const notify = useNotify();
  const [busy, setBusy] = useState<FaReportFormat | null>(null);
  const download = async (format: FaReportFormat) => {
    setBusy(format);
    try {
      const q = new URLSearchParams(Object.entries<string | undefined>({ ...params, format }).filter((e): e is [string, string] => e[1] !== undefined));
      const file = unwrap(await apiDownload(`/fa/reports/${report}/export?${q}`));
      saveBlob(file.blob, file.fileName ?? `${report}.${format}`);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space>
      <Button loading={busy === 'pdf'} onClick={() => void download('pdf')}>PDF</Button>
      <Button loading={busy === 'xlsx'} onClick={() => void download('xlsx')}>XLSX</Button>
    </Space>
  );
}

function useAmount() {
  const display = useDisplay();
  return (text: string, bold = false): ReactNode => {
    const v = <span className="ledger-amount">{display.amount(text)}</span>;
    return bold ? <strong>{v}</strong> : v;
  };
}

/** The register as of a day, one class or all; totals per class below. */
export function AssetRegisterReport() {
  const display = useDisplay();
  const amount = useAmount();
  const [asOf, setAsOf] = useState(dayjs().format('YYYY-MM-DD'));
  const [assetClass, setAssetClass] = useState<string | null>(null);
  const params = { asOf, assetClass: assetClass ?? undefined };
  const q = useQuery({ queryKey: ['fa', 'report', 'register', params], queryFn: ({ signal }) => get<AssetRegister>('register', params, signal), placeholderData: keepPreviousData });
  const r = q.data;
  const money = (title: string, key: 'cost' | 'accumulated' | 'netBookValue') => ({ key, title, align: 'right' as const, render: (_: unknown, x: { cost: string; accumulated: string; netBookValue: string }) => amount(x[key]) });
  return (
    <>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <DatePicker aria-label="As of" format={display.pickerFormat} allowClear={false} value={dayjs(asOf)} onChange={(d) => d && setAsOf(d.format('YYYY-MM-DD'))} />
        <div style={{ width: 240 }}><RefSelect id="register-class" refName="assetClass" value={assetClass} onChange={(v) => setAssetClass(v ?? null)} placeholder="All classes" /></div>
        <Downloads report="register" params={params} />
      </Flex>
      {q.error && <Alert type="error" showIcon title={q.error.message} style={{ marginBottom: 12 }} />}
      <Table
        size="small" aria-label="Asset register" loading={q.isFetching} rowKey="id" scroll={{ x: 'max-content' }}
        dataSource={r?.rows ?? []} pagination={(r?.rows.length ?? 0) > 100 ? { pageSize: 100, showSizeChanger: false } : false}
        columns={[
          { key: 'code', title: 'Code', dataIndex: 'code' },
          { key: 'description', title: 'Description', dataIndex: 'description' },
          { key: 'class', title: 'Class', dataIndex: 'classCode' },
          { key: 'location', title: 'Location', dataIndex: 'location' },
          { key: 'custodian', title: 'Custodian', dataIndex: 'custodian' },
          { key: 'inService', title: 'In service', render: (_, a) => display.date(a.inServiceDate) },
          money('Cost', 'cost'), money('Accumulated depreciation', 'accumulated'), money('Net book value', 'netBookValue'),
          { key: 'state', title: 'State', render: (_, a) => <Tag>{a.state}</Tag> },
        ]}
      />
      <Card size="small" title={`Totals per class on ${display.date(r?.asOf ?? asOf)}`} style={{ marginTop: 12 }}>
        <Table
          size="small" aria-label="Register totals" pagination={false} rowKey={(t) => t.assetClass ?? 'total'} dataSource={r?.totals ?? []}
          columns={[
            { key: 'class', title: 'Class', render: (_, t) => (t.assetClass ? `${t.classCode} · ${t.className}` : <strong>Total</strong>) },
            { key: 'assets', title: 'Assets', align: 'right', dataIndex: 'assets' },
            money('Cost', 'cost'), money('Accumulated depreciation', 'accumulated'), money('Net book value', 'netBookValue'),
          ]}
        />
      </Card>
    </>
  );
}

/** The depreciation still to post, per month or year of a range, per class or asset. */
export function DepreciationForecastReport() {
  const display = useDisplay();
  const amount = useAmount();
  const [range, setRange] = useState<[string, string]>([dayjs().add(1, 'month').format('YYYY-MM'), dayjs().add(12, 'month').format('YYYY-MM')]);
  const [grain, setGrain] = useState<ForecastGrain>('Month');
  const [by, setBy] = useState<ForecastGrouping>('Class');
  const params = { from: range[0], to: range[1], grain, by };
  const q = useQuery({ queryKey: ['fa', 'report', 'forecast', params], queryFn: ({ signal }) => get<DepreciationForecast>('forecast', params, signal), placeholderData: keepPreviousData });
  const f = q.data;
  type Row = DepreciationForecast['rows'][number] & { isTotal?: boolean };
  const rows: Row[] = f ? [...f.rows, { id: 'total', code: 'Total', name: '', classCode: '', amounts: f.totals, total: f.total, isTotal: true }] : [];
  const columns: TableColumnsType<Row> = [
    { key: 'code', title: f?.by === 'Asset' ? 'Asset' : 'Class', fixed: 'left', render: (_, r) => (r.isTotal ? <strong>Total</strong> : r.code) },
    { key: 'name', title: f?.by === 'Asset' ? 'Description' : 'Name', dataIndex: 'name' },
    ...(f?.by === 'Asset' ? [{ key: 'class', title: 'Class', dataIndex: 'classCode' }] : []),
    ...(f?.periods ?? []).map((p, i) => ({ key: p, title: p, align: 'right' as const, render: (_: unknown, r: Row) => amount(r.amounts[i] ?? '0', r.isTotal) })),
    { key: 'total', title: 'Total', align: 'right', render: (_, r) => amount(r.total, true) },
  ];
  return (
    <>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker picker="month" aria-label="Months" allowClear={false} value={[dayjs(`${range[0]}-01`), dayjs(`${range[1]}-01`)]}
          onChange={(d) => d?.[0] && d[1] && setRange([d[0].format('YYYY-MM'), d[1].format('YYYY-MM')])} />
        <Segmented<ForecastGrain> aria-label="Per" options={['Month', 'Year']} value={grain} onChange={setGrain} />
        <Segmented<ForecastGrouping> aria-label="By" options={['Class', 'Asset']} value={by} onChange={setBy} />
        <Downloads report="forecast" params={params} />
      </Flex>
      {q.error && <Alert type="error" showIcon title={q.error.message} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary">The unposted schedule rows of active assets, in {f?.currency ?? 'the base currency'}; {display.date(`${range[0]}-01`)} onwards.</Typography.Paragraph>
      <Table<Row> size="small" aria-label="Depreciation forecast" loading={q.isFetching} rowKey="id" scroll={{ x: 'max-content' }} dataSource={rows}
        pagination={rows.length > 100 ? { pageSize: 100, showSizeChanger: false } : false} columns={columns} />
    </>
  );
}

/** The movement schedule per class from the ledger, and each account's tie-out to its ledger balance. */
export function AssetMovementsReport() {
  const display = useDisplay();
  const amount = useAmount();
  const [range, setRange] = useState<[string, string]>([dayjs().startOf('year').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')]);
  const params = { from: range[0], to: range[1] };
  const q = useQuery({ queryKey: ['fa', 'report', 'movements', params], queryFn: ({ signal }) => get<AssetMovements>('movements', params, signal), placeholderData: keepPreviousData });
  const m = q.data;
  type Row = AssetMovementRow & { key: string; isTotal?: boolean };
  const rows: Row[] = m ? [...m.rows.map((r, i) => ({ ...r, key: r.assetClass ?? `none-${i}` })), { ...m.total, key: 'total', isTotal: true }] : [];
  const col = (title: string, key: keyof AssetMovementRow, strong = false) => ({ key, title, align: 'right' as const, render: (_: unknown, r: Row) => amount(String(r[key] ?? '0'), strong || r.isTotal) });
  return (
    <>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker aria-label="Range" format={display.pickerFormat} allowClear={false} value={[dayjs(range[0]), dayjs(range[1])]}
          onChange={(d) => d?.[0] && d[1] && setRange([d[0].format('YYYY-MM-DD'), d[1].format('YYYY-MM-DD')])} />
        <Downloads report="movements" params={params} />
        {m && (m.tiesOut ? <Tag color="green">Ties to the general ledger</Tag> : <Tag color="red">Does not tie to the general ledger</Tag>)}
      </Flex>
      {q.error && <Alert type="error" showIcon title={q.error.message} style={{ marginBottom: 12 }} />}
      <Table<Row>
        size="small" aria-label="Movement schedule" loading={q.isFetching} rowKey="key" scroll={{ x: 'max-content' }} pagination={false} dataSource={rows}
        columns={[
          { key: 'class', title: 'Class', fixed: 'left', render: (_, r) => (r.isTotal ? <strong>Total</strong> : r.classCode ? `${r.classCode} · ${r.className}` : <em>{r.className}</em>) },
          { key: 'cost', title: 'Cost', children: [col('Opening', 'openingCost'), col('Additions', 'additions'), col('Revaluations', 'revaluations'), col('Disposals', 'disposals'), col('Other', 'otherCost'), col('Closing', 'closingCost', true)] },
          { key: 'acc', title: 'Accumulated depreciation', children: [col('Opening', 'openingAccumulated'), col('Depreciation', 'depreciation'), col('Disposals', 'accumulatedDisposals'), col('Other', 'otherAccumulated'), col('Closing', 'closingAccumulated', true)] },
          col('Net book value', 'netBookValue', true),
        ]}
      />
      <Card size="small" title={`Tie-out to the general ledger on ${display.date(m?.to ?? range[1])}`} style={{ marginTop: 12 }}>
        <Table
          size="small" aria-label="Tie-out" pagination={false} rowKey="account" dataSource={m?.tieOut ?? []}
          columns={[
            { key: 'account', title: 'Account', render: (_, t) => `${t.accountCode} · ${t.accountName}` },
            { key: 'role', title: 'Role', dataIndex: 'role' },
            { key: 'classes', title: 'Classes', render: (_, t) => t.classes.join(', ') },
            { key: 'schedule', title: 'Schedule', align: 'right', render: (_, t) => amount(t.schedule) },
            { key: 'ledger', title: 'Ledger balance', align: 'right', render: (_, t) => amount(t.ledger) },
            { key: 'difference', title: 'Difference', align: 'right', render: (_, t) => (t.tiesOut ? amount(t.difference) : <Typography.Text type="danger">{display.amount(t.difference)}</Typography.Text>) },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          Cost is a debit balance, accumulated depreciation a credit balance. Movements are the ledger&apos;s lines on each class&apos;s accounts, by the document that posted them; any other document shows under Other.
        </Typography.Paragraph>
      </Card>
    </>
  );
}
