import { Alert, Button, Card, DatePicker, Flex, Form, Input, Select, Tabs, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  assetClassEntity,
  assetEntity,
  assetRevaluationDocument,
  assetRevaluationListQuerySchema,
  depreciationRunDocument,
  depreciationRunListQuerySchema,
  disposalDocument,
  disposalListQuerySchema,
  documentLabel,
  hasOperation,
  runDetails,
  type AssetRevaluationListItem,
  type DepreciationRunListItem,
  type DisposalListItem,
  type RunDetail,
} from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import { DocumentListPage, type DocumentColumnContext } from '../../shared/documents';
import { EntityListPage } from '../../shared/kit';
import { PageHeading } from '../../shared/kit/shell-adapter';
import { RefSelect } from '../../shared/kit/RefSelect';
import { useDisplay } from '../../shared/useDisplay';
import { AssetSchedulePanel } from './AssetSchedulePanel';
import { CapitalisationPanel } from './CapitalisationPanel';
import { AssetMovementsReport, AssetRegisterReport, DepreciationForecastReport } from './AssetReports';
import { saveRun } from './fa-api';
import '../ledger/journals/ledger-screens.css';

/** /asset-class: the kit's list and form of asset classes. */
export const AssetClassPage = () => <EntityListPage def={assetClassEntity} />;

const assetTabs = ['assets', 'register', 'forecast', 'movements'] as const;
type AssetTab = (typeof assetTabs)[number];

/**
 * /assets: the kit's list of assets (a row opens its schedule, and its screen /asset), and the
 * fixed-asset reports as tabs (?tab=register, forecast, movements): SPEC.md has no route for them.
 */
export function AssetsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: AssetTab = (assetTabs as readonly string[]).includes(asked ?? '') ? (asked as AssetTab) : 'assets';
  const list = (
    <EntityListPage
      def={assetEntity}
      expandedRow={(record) => (
        <Flex vertical gap={8}>
          <Link to={`/asset?id=${record.id}`}>Open the asset</Link>
          <AssetSchedulePanel id={record.id} />
        </Flex>
      )}
    />
  );
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'assets' ? {} : { tab: key }, { replace: true })}
      destroyOnHidden
      items={[
        { key: 'assets', label: 'Assets', children: list },
        { key: 'register', label: 'Register', children: <AssetRegisterReport /> },
        { key: 'forecast', label: 'Depreciation forecast', children: <DepreciationForecastReport /> },
        { key: 'movements', label: 'Movement schedule', children: <AssetMovementsReport /> },
      ]}
    />
  );
}

/** /asset?id=: one asset and its schedule row by row (Activate on a draft). */
export function AssetPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <>
      <PageHeading title="Asset" subtitle={<Link to="/assets">All assets</Link>} />
      {id ? (
        <Flex vertical gap={16}>
          <AssetSchedulePanel id={id} />
          <CapitalisationPanel id={id} />
        </Flex>
      ) : <Alert type="info" showIcon title="Open an asset from the list of assets (/assets)." />}
    </>
  );
}

/** /recurring-depreciation: a run for a period and company (one class or all), made as a draft and opened to post or submit. */
export function RecurringDepreciationPage() {
  const display = useDisplay();
  const notify = useNotify();
  const navigate = useNavigate();
  const { permissions } = useSignedInUser().parentRole;
  const [period, setPeriod] = useState(dayjs().subtract(1, 'month').endOf('month'));
  const [assetClass, setAssetClass] = useState<string | null>(null);
  const [detail, setDetail] = useState<RunDetail>('Per class and dimensions');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const may = hasOperation(permissions, documentLabel(depreciationRunDocument, 'Save', 'Run'));
  const create = async () => {
    setBusy(true);
    try {
      const run = await saveRun(undefined, { period: period.endOf('month').format('YYYY-MM-DD'), assetClass, detail, description: description || null });
      void navigate(`/depreciation-schedule?id=${run.id}`);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeading title="Depreciation run" subtitle={<Link to="/depreciation-schedules">All runs</Link>} />
      <Card size="small" style={{ maxWidth: 640 }}>
        <Typography.Paragraph type="secondary">
          Depreciates every active asset up to the end of the month chosen: months missed before are caught up, and a month already posted is not posted again. The run is one ledger entry; an asset that cannot be
          depreciated is listed and the others are posted.
        </Typography.Paragraph>
        <Form layout="vertical" onFinish={() => void create()}>
          <Form.Item label="Period" required>
            <DatePicker picker="month" value={period} onChange={(v) => v && setPeriod(v)} format={display.pickerFormat.includes('MM') ? 'MM/YYYY' : 'YYYY-MM'} aria-label="Period" allowClear={false} />
          </Form.Item>
          <Form.Item label="Asset class" help="Empty: every class">
            <RefSelect id="depreciation-run-class" refName="assetClass" value={assetClass} onChange={setAssetClass} placeholder="Every class" />
          </Form.Item>
          <Form.Item label="Lines">
            <Select<RunDetail> value={detail} onChange={setDetail} options={runDetails.map((d) => ({ value: d, label: d }))} aria-label="Lines" />
          </Form.Item>
          <Form.Item label="Description">
            <Input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!may}>
            Prepare the run
          </Button>
        </Form>
      </Card>
    </>
  );
}

function runColumns(display: ReturnType<typeof useDisplay>) {
  return ({ sortOrder, linkOf, statusOf }: DocumentColumnContext<DepreciationRunListItem>): TableColumnsType<DepreciationRunListItem> => [
    { title: 'Number', key: 'number', dataIndex: 'number', sorter: true, sortOrder: sortOrder('number'), render: (n: string | null, row) => <Link to={linkOf(row)}>{n ?? '(draft)'}</Link> },
    { title: 'Period', key: 'period', dataIndex: 'period', sorter: true, sortOrder: sortOrder('period') },
    { title: 'Class', key: 'assetClassCode', render: (_, r) => r.assetClassCode ?? 'All' },
    { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
    { title: 'Status', key: 'status', render: (_, r) => statusOf(r) },
    { title: 'Assets', key: 'assets', align: 'right', render: (_, r) => display.count(r.assets) },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, r) => <span className="ledger-amount">{display.amount(r.amount)}</span> },
    { title: 'Not depreciated', key: 'issueCount', align: 'right', responsive: ['md'], render: (_, r) => display.count(r.issueCount) },
    { title: 'Journal', key: 'journalNumber', responsive: ['md'], render: (_, r) => r.journalNumber ?? '—' },
  ];
}

/** /depreciation-schedules: the documents kit's list of depreciation runs. */
export function DepreciationRunsPage() {
  const display = useDisplay();
  return (
    <DocumentListPage
      def={depreciationRunDocument}
      kind="Run"
      query={depreciationRunListQuerySchema}
      columns={runColumns(display)}
      title={depreciationRunDocument.plural}
      searchHint="Searches number and description"
      noun={['depreciation run', 'depreciation runs']}
    />
  );
}

function disposalColumns(display: ReturnType<typeof useDisplay>) {
  return ({ sortOrder, linkOf, statusOf }: DocumentColumnContext<DisposalListItem>): TableColumnsType<DisposalListItem> => [
    { title: 'Number', key: 'number', dataIndex: 'number', sorter: true, sortOrder: sortOrder('number'), render: (n: string | null, row) => <Link to={linkOf(row)}>{n ?? '(draft)'}</Link> },
    { title: 'Date', key: 'disposalDate', dataIndex: 'disposalDate', sorter: true, sortOrder: sortOrder('disposalDate'), render: (d: string) => display.date(d) },
    { title: 'Asset', key: 'assetCode', dataIndex: 'assetCode' },
    { title: 'Disposal', key: 'disposalType', dataIndex: 'disposalType' },
    { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
    { title: 'Status', key: 'status', render: (_, r) => statusOf(r) },
    { title: 'Proceeds', key: 'proceeds', align: 'right', render: (_, r) => <span className="ledger-amount">{display.amount(r.proceeds)}</span> },
    { title: 'Gain or loss', key: 'gainLoss', align: 'right', render: (_, r) => <span className="ledger-amount">{display.amount(r.gainLoss)}</span> },
    { title: 'Journal', key: 'journalNumber', responsive: ['md'], render: (_, r) => r.journalNumber ?? '—' },
  ];
}

/** /disposal-schedules: the documents kit's list of asset disposals (New opens /disposal-schedule). */
export function DisposalsPage() {
  const display = useDisplay();
  return (
    <DocumentListPage
      def={disposalDocument}
      kind="Disposal"
      query={disposalListQuerySchema}
      columns={disposalColumns(display)}
      title={disposalDocument.plural}
      searchHint="Searches number and description"
      noun={['asset disposal', 'asset disposals']}
    />
  );
}

function revaluationColumns(display: ReturnType<typeof useDisplay>) {
  return ({ sortOrder, linkOf, statusOf }: DocumentColumnContext<AssetRevaluationListItem>): TableColumnsType<AssetRevaluationListItem> => [
    { title: 'Number', key: 'number', dataIndex: 'number', sorter: true, sortOrder: sortOrder('number'), render: (n: string | null, row) => <Link to={linkOf(row)}>{n ?? '(draft)'}</Link> },
    { title: 'Date', key: 'revaluationDate', dataIndex: 'revaluationDate', sorter: true, sortOrder: sortOrder('revaluationDate'), render: (d: string) => display.date(d) },
    { title: 'Assets', key: 'assetCodes', dataIndex: 'assetCodes' },
    { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
    { title: 'Status', key: 'status', render: (_, r) => statusOf(r) },
    { title: 'Change', key: 'change', align: 'right', render: (_, r) => <span className="ledger-amount">{r.status === 'Draft' ? '—' : display.amount(r.change)}</span> },
    { title: 'Journal', key: 'journalNumber', responsive: ['md'], render: (_, r) => r.journalNumber ?? '—' },
  ];
}

/** /revaluation-schedules: the documents kit's list of asset revaluations (New opens /revaluation-schedule). */
export function RevaluationsPage() {
  const display = useDisplay();
  return (
    <DocumentListPage
      def={assetRevaluationDocument}
      kind="Revaluation"
      query={assetRevaluationListQuerySchema}
      columns={revaluationColumns(display)}
      title={assetRevaluationDocument.plural}
      searchHint="Searches number, description and asset code"
      noun={['asset revaluation', 'asset revaluations']}
    />
  );
}
