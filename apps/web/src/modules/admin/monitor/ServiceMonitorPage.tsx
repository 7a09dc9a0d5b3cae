import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Col, Flex, Row, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { AUDIT_TRAIL_ACCESS_PAGE, AUDIT_TRAIL_PAGE, SERVICE_MONITOR_REFRESH_MS, hasPage, type ServiceMonitor } from '@erp/contracts';
import { PageHeading, useSignedInUser } from '../shell-adapter';
import { useDisplay } from '../../../shared/useDisplay';
import { entryTimeLabel } from '../audit/audit-labels';
import { HealthCard } from './HealthCard';
import { useServiceMonitor } from './monitor-api';
import { apiFigures, databaseFigures, failureRows, jobFigures, mailFigures, type FailureRow } from './monitor-figures';
import { describeCron, formatMs, statusBadge, statusText, worstStatus } from './monitor-format';

type Queue = ServiceMonitor['jobs']['queues'][number];

function When({ iso }: { iso: string | null }) {
  const display = useDisplay();
  return iso ? <span title={display.dateTime(iso)}>{entryTimeLabel(iso)}</span> : '—';
}
const when = (iso: string | null) => <When iso={iso} />;

const queueColumns: TableColumnsType<Queue> = [
  { title: 'Queue', dataIndex: 'name', key: 'name' },
  { title: 'Schedule (UTC)', dataIndex: 'cron', key: 'cron', render: (cron: string | null) => (cron ? <span title={`cron ${cron} (UTC)`}>{describeCron(cron)}</span> : 'On demand') },
  { title: 'Waiting', dataIndex: 'queued', key: 'queued', align: 'right' },
  { title: 'Active', dataIndex: 'active', key: 'active', align: 'right' },
  { title: 'Failed', dataIndex: 'failed', key: 'failed', align: 'right', render: (n: number) => (n > 0 ? <Typography.Text type="danger">{n}</Typography.Text> : n) },
  { title: 'Last run', key: 'lastRunAt', render: (_, q) => when(q.lastRunAt) },
  { title: 'Took', key: 'lastRunMs', align: 'right', render: (_, q) => formatMs(q.lastRunMs) },
  { title: 'Result', key: 'result', render: (_, q) => (q.lastRunAt === null ? '—' : q.lastRunFailed ? <Tag color="error">Failed</Tag> : <Tag color="success">Done</Tag>) },
];

const failureColumns: TableColumnsType<FailureRow> = [
  { title: 'Time', key: 'at', render: (_, f) => when(f.at) },
  { title: 'Part', dataIndex: 'component', key: 'component' },
  { title: 'Source', dataIndex: 'source', key: 'source' },
  { title: 'Message', dataIndex: 'message', key: 'message', render: (message: string) => <Typography.Text style={{ overflowWrap: 'anywhere' }}>{message}</Typography.Text> },
];

function Figures({ monitor }: { monitor: ServiceMonitor }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={6}><HealthCard title="API" status={monitor.api.status} figures={apiFigures(monitor.api)} /></Col>
      <Col xs={24} md={12} xl={6}><HealthCard title="Database" status={monitor.database.status} figures={databaseFigures(monitor.database)} /></Col>
      <Col xs={24} md={12} xl={6}><HealthCard title="Job queue" status={monitor.jobs.status} figures={jobFigures(monitor.jobs)} /></Col>
      <Col xs={24} md={12} xl={6}><HealthCard title="Mail" status={monitor.mail.status} figures={mailFigures(monitor.mail)} /></Col>
      <Col xs={24}>
        <Card size="small" title="Queues">
          <Table<Queue> rowKey="name" size="small" aria-label="Queues" columns={queueColumns} dataSource={monitor.jobs.queues} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: 'No jobs are defined' }} />
        </Card>
      </Col>
      <Col xs={24}>
        <Card size="small" title="Last failures">
          {!monitor.jobs.failureDetails && monitor.jobs.lastFailures.length > 0 && (
            <Typography.Paragraph type="secondary">Job failure texts may come from any tenant's work, so only the operator (the license-manager tenant) reads them.</Typography.Paragraph>
          )}
          <Table<FailureRow> rowKey="key" size="small" aria-label="Last failures" columns={failureColumns} dataSource={failureRows(monitor)} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: 'No failures' }} />
        </Card>
      </Col>
    </Row>
  );
}

/** /service-monitor: the health of the API, the database, the job queue and mail; refreshes itself every 30 s. */
export default function ServiceMonitorPage() {
  const monitor = useServiceMonitor();
  const navigate = useNavigate();
  const canAudit = hasPage(useSignedInUser().parentRole.permissions, AUDIT_TRAIL_ACCESS_PAGE);
  const data = monitor.data;
  const overall = data ? worstStatus([data.api.status, data.database.status, data.jobs.status, data.mail.status]) : undefined;
  const subtitle = data && overall && (
    <Flex gap={8} align="center" wrap>
      <Badge status={statusBadge[overall]} text={overall === 'ok' ? 'All working' : statusText[overall]} />
      <span>Checked {entryTimeLabel(data.checkedAt)}, refreshes every {SERVICE_MONITOR_REFRESH_MS / 1000} s</span>
    </Flex>
  );
  return (
    <>
      <PageHeading
        title="Service monitor"
        subtitle={subtitle}
        extra={
          <Flex gap={8} wrap>
            {canAudit && <Button onClick={() => void navigate(AUDIT_TRAIL_PAGE)}>Audit trail</Button>}
            <Button icon={<ReloadOutlined aria-hidden />} loading={monitor.isFetching} onClick={() => void monitor.refetch()}>Refresh</Button>
          </Flex>
        }
      />
      {monitor.error && <Alert type="error" showIcon title={monitor.error.message} style={{ marginBottom: 12 }} />}
      {data ? <Figures monitor={data} /> : !monitor.error && <Card loading />}
    </>
  );
}
