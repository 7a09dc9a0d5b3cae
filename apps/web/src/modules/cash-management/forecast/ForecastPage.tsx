import { Alert, Button, Card, DatePicker, Drawer, Flex, InputNumber, Select, Switch, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  FORECAST_PERIODS_MAX, forecastGranularities, forecastScopes, forecastSources,
  type EntityRecord, type ForecastBucketRow, type ForecastGranularity, type ForecastQueryInput, type ForecastScope,
} from '@erp/contracts';
import { apiRequest, unwrap } from '../../../app/api';
import { PageHeading } from '../../../shared/documents/shell-adapter';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { ExportButton } from '../../../shared/transfer';
import { useDisplay } from '../../../shared/useDisplay';
import { downloadForecast, fetchForecast, fetchForecastItems } from './forecast-api';
import '../../ledger/journals/ledger-screens.css';

const ForecastChart = lazy(() => import('./ForecastChart'));
const PAGE = 50;
const sourceLabel = new Map<string, string>(forecastSources.map((s) => [s.key, s.label]));

/** The saved forecasts for the scenario picker. */
async function fetchSaved(signal?: AbortSignal): Promise<EntityRecord[]> {
  return unwrap(await apiRequest<{ items: EntityRecord[] }>('GET', '/cm/cashflow-forecasts?limit=100', undefined, signal ? { signal } : {})).items;
}

/**
 * The cash-flow forecast (/cashflow-forecast, issue 17): a saved forecast (?id=) or settings of the
 * moment; per currency of the banks, a chart and the table of buckets (opening, receipts,
 * payments, adjustments, closing); a row, or a bar or point of the chart, opens the bucket's items. The sources not wired yet are
 * named above the result.
 */
export function ForecastPage() {
  const display = useDisplay();
  const [params, setParams] = useSearchParams();
  const saved = params.get('id') ?? undefined;
  const [scope, setScope] = useState<ForecastScope>('All banks');
  const [bankGroup, setBankGroup] = useState<string | null>(null);
  const [bank, setBank] = useState<string | null>(null);
  const [granularity, setGranularity] = useState<ForecastGranularity>('Week');
  const [periods, setPeriods] = useState(13);
  const [startDate, setStartDate] = useState<string | undefined>();
  const [shift, setShift] = useState(true);
  const [drill, setDrill] = useState<{ currency: string; bucket: ForecastBucketRow } | null>(null);
  const [itemsPage, setItemsPage] = useState(1);
  const query: ForecastQueryInput = saved
    ? { forecast: saved, startDate }
    : { scope, bankGroup: scope === 'Bank group' ? bankGroup ?? undefined : undefined, bank: scope === 'Bank' ? bank ?? undefined : undefined, granularity, periods, startDate, shiftByLateness: shift };
  const ready = saved !== undefined || (scope === 'All banks') || (scope === 'Bank group' && bankGroup !== null) || (scope === 'Bank' && bank !== null);
  const result = useQuery({ queryKey: ['cm', 'forecast', query], queryFn: ({ signal }) => fetchForecast(query, signal), enabled: ready, placeholderData: keepPreviousData });
  const scenarios = useQuery({ queryKey: ['cm', 'forecast-saved'], queryFn: ({ signal }) => fetchSaved(signal) });
  const items = useQuery({
    queryKey: ['cm', 'forecast-items', query, drill?.currency, drill?.bucket.index, itemsPage],
    queryFn: ({ signal }) => fetchForecastItems({ ...query, currency: drill!.currency, bucket: drill!.bucket.index, limit: PAGE, page: itemsPage }, signal),
    enabled: drill !== null,
  });
  const data = result.data;
  const amount = (text: string) => <span className="ledger-amount">{display.amount(text)}</span>;
  const bucketLabel = (b: { from: string; to: string }) => (b.from === b.to ? display.date(b.from) : `${display.date(b.from)} – ${display.date(b.to)}`);
  const missing = (data?.sources ?? []).filter((s) => !s.wired);
  /** The drill-down of one bucket of one currency: a row of the table and a bar or point of the chart open it. */
  const openBucket = (currency: string, bucket: ForecastBucketRow) => {
    setDrill({ currency, bucket });
    setItemsPage(1);
  };
  return (
    <>
      <PageHeading
        title={data?.forecast ? `Cash-flow forecast ${data.forecast.code} · ${data.forecast.name}` : 'Cash-flow forecast'}
        extra={<ExportButton exportLabel="ExportCashflowForecast" formats={[{ key: 'xlsx', label: 'XLSX' }]} disabled={!data} exportFile={() => downloadForecast(query)} />}
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }} align="center">
        <Select
          aria-label="Scenario"
          style={{ width: 240 }}
          value={saved ?? ''}
          onChange={(v) => setParams(v ? { id: v } : {})}
          options={[{ value: '', label: 'Ad hoc (settings below)' }, ...(scenarios.data ?? []).map((s) => ({ value: s.id, label: `${String(s.code)} · ${String(s.name)}` }))]}
        />
        {!saved && (
          <>
            <Select aria-label="Banks" style={{ width: 140 }} value={scope} onChange={setScope} options={forecastScopes.map((s) => ({ value: s, label: s }))} />
            {scope === 'Bank group' && <div style={{ width: 220 }}><RefSelect id="forecast-bank-group" refName="bankGroup" value={bankGroup} onChange={setBankGroup} placeholder="Bank group" /></div>}
            {scope === 'Bank' && <div style={{ width: 220 }}><RefSelect id="forecast-bank" refName="bank" value={bank} onChange={setBank} placeholder="Bank" /></div>}
            <Select aria-label="Buckets" style={{ width: 110 }} value={granularity} onChange={setGranularity} options={forecastGranularities.map((g) => ({ value: g, label: `By ${g.toLowerCase()}` }))} />
            <InputNumber aria-label="Periods" min={1} max={FORECAST_PERIODS_MAX} value={periods} onChange={(v) => v && setPeriods(v)} addonAfter="periods" style={{ width: 150 }} />
            <Flex gap={4} align="center">
              <Switch aria-label="Shift by average days late" checked={shift} onChange={setShift} size="small" />
              <Typography.Text>Shift by average days late</Typography.Text>
            </Flex>
          </>
        )}
        <DatePicker aria-label="Start date" placeholder="App Date" format={display.pickerFormat} value={startDate ? dayjs(startDate) : null} onChange={(d) => setStartDate(d ? d.format('YYYY-MM-DD') : undefined)} />
        <Link to="/cashflow-forecasts">Saved forecasts</Link>
      </Flex>
      {result.error && <Alert type="error" showIcon title={result.error.message} style={{ marginBottom: 12 }} />}
      {data && (
        <Typography.Paragraph type="secondary">
          {data.scope}: {data.banks.map((b) => `${b.code} (${b.currency}, ${b.account})`).join(', ') || 'no active bank'} · {data.granularity.toLowerCase()} buckets from {display.date(data.startDate)} to {display.date(data.endDate)}
          {data.shiftByLateness ? ' · due dates shifted by each party\'s average days late' : ''}
        </Typography.Paragraph>
      )}
      {missing.length > 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`Not included yet: ${missing.map((s) => s.label.toLowerCase()).join(', ')}`} description={missing.map((s) => s.note).join('; ')} />
      )}
      {data && data.currencies.length === 0 && <Alert type="warning" showIcon title="No active bank in this selection" />}
      {(data?.currencies ?? []).map((c) => (
        <Card key={c.currency} size="small" title={`${c.currency}: opening ${display.amount(c.opening)}, closing ${display.amount(c.closing)}`} style={{ marginBottom: 16 }}>
          <Suspense fallback={<div style={{ height: 240 }} />}>
            <ForecastChart currency={c} label={(i) => bucketLabel(c.buckets[i]!)} onOpen={(i) => openBucket(c.currency, c.buckets[i]!)} />
          </Suspense>
          <Table
            size="small"
            aria-label={`Buckets ${c.currency}`}
            loading={result.isFetching}
            scroll={{ x: 'max-content' }}
            rowKey="index"
            dataSource={c.buckets}
            pagination={c.buckets.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
            onRow={(row) => ({ onClick: () => openBucket(c.currency, row), style: { cursor: 'pointer' } })}
            columns={[
              { key: 'period', title: 'Period', render: (_, row) => bucketLabel(row) },
              { key: 'opening', title: 'Opening', align: 'right', render: (_, row) => amount(row.opening) },
              { key: 'receipts', title: 'Receipts', align: 'right', render: (_, row) => amount(row.receipts) },
              { key: 'payments', title: 'Payments', align: 'right', render: (_, row) => amount(row.payments) },
              { key: 'adjustments', title: 'Adjustments', align: 'right', render: (_, row) => amount(row.adjustments) },
              { key: 'closing', title: 'Closing', align: 'right', render: (_, row) => <strong>{amount(row.closing)}</strong> },
            ]}
          />
        </Card>
      ))}
      <Drawer open={drill !== null} onClose={() => setDrill(null)} size="large" title={drill ? `${drill.currency} · ${bucketLabel(drill.bucket)}` : ''}>
        {items.error && <Alert type="error" showIcon title={items.error.message} style={{ marginBottom: 12 }} />}
        <Table
          size="small"
          aria-label="Bucket items"
          loading={items.isFetching}
          scroll={{ x: 'max-content' }}
          rowKey={(row) => `${row.source}-${row.reference ?? ''}-${row.expectedDate}-${row.dueDate}-${row.amount}-${row.description}`}
          dataSource={items.data?.items ?? []}
          locale={{ emptyText: 'Nothing expected in this period' }}
          pagination={{ current: itemsPage, pageSize: PAGE, total: items.data?.total ?? 0, showSizeChanger: false, onChange: setItemsPage }}
          columns={[
            { key: 'expected', title: 'Expected', render: (_, row) => display.date(row.expectedDate) },
            { key: 'due', title: 'Due', render: (_, row) => display.date(row.dueDate) },
            { key: 'late', title: 'Days late', align: 'right', render: (_, row) => display.count(row.daysLate) },
            { key: 'source', title: 'Source', render: (_, row) => <Tag>{sourceLabel.get(row.source) ?? row.source}</Tag> },
            { key: 'party', title: 'Party', render: (_, row) => row.party ?? '' },
            { key: 'reference', title: 'Reference', render: (_, row) => row.reference ?? '' },
            { key: 'description', title: 'Description', dataIndex: 'description' },
            { key: 'bank', title: 'Bank', render: (_, row) => row.bank ?? '' },
            { key: 'amount', title: 'Amount', align: 'right', render: (_, row) => amount(row.amount) },
          ]}
        />
        <Button style={{ marginTop: 8 }} onClick={() => setDrill(null)}>
          Close
        </Button>
      </Drawer>
    </>
  );
}
