import { Alert, Button, DatePicker, Descriptions, Flex, Form, Input, Radio, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  hasOperation,
  MAINTENANCE_ACTIVE,
  MAINTENANCE_EXPENSED,
  maintenanceScheduleEntity,
  maintenanceTreatments,
  type EntityRecord,
  type InvoiceLineRef,
  type MaintenanceCompletion,
  type MaintenanceTreatment,
} from '@erp/contracts';
import { apiRequest, unwrap } from '../../app/api';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import { EntityListPage } from '../../shared/kit';
import { PageHeading } from '../../shared/kit/shell-adapter';
import { useDisplay } from '../../shared/useDisplay';
import { AssetSchedulePanel } from './AssetSchedulePanel';
import { completeMaintenance, fetchMaintenanceHistory, maintenanceKey } from './fa-api';
import { InvoiceLineSelect } from './InvoiceLineSelect';
import '../ledger/journals/ledger-screens.css';

/** /maintenance-schedules: the kit's list and form; a row opens its screen (/maintenance-schedule). */
export const MaintenanceSchedulesPage = () => (
  <EntityListPage def={maintenanceScheduleEntity} expandedRow={(record) => <Link to={`/maintenance-schedule?id=${record.id}`}>Open the schedule: complete it, its history</Link>} />
);

type Values = { completedDate: Dayjs; actualCost: string; treatment: MaintenanceTreatment; invoiceLine?: InvoiceLineRef | null; note?: string };

/**
 * /maintenance-schedule?id=: one schedule, its completed occurrences, and Complete: the actual cost,
 * the vendor invoice line, Expensed (nothing posted here) or Capitalised (the asset's cost rises and
 * its schedule, shown below, is regenerated).
 */
export function MaintenanceSchedulePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const display = useDisplay();
  const notify = useNotify();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const record = useQuery({ queryKey: ['fa', 'maintenance-record', id], enabled: !!id, queryFn: async ({ signal }) => unwrap(await apiRequest<EntityRecord>('GET', `/fa/maintenance-schedules/${id}`, undefined, { signal })) });
  const history = useQuery({ queryKey: maintenanceKey(id ?? undefined), enabled: !!id, queryFn: ({ signal }) => fetchMaintenanceHistory(id!, signal) });
  if (!id) return <><PageHeading title="Maintenance Schedule" subtitle={<Link to="/maintenance-schedules">All maintenance schedules</Link>} /><Alert type="info" showIcon title="Open a schedule from the list (/maintenance-schedules)." /></>;
  const r = record.data;
  const h = history.data;
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await completeMaintenance(id, { completedDate: v.completedDate.format('YYYY-MM-DD'), actualCost: v.actualCost.trim(), treatment: v.treatment, ...(v.invoiceLine ? { invoiceLine: v.invoiceLine } : {}), ...(v.note ? { note: v.note } : {}) });
      await client.invalidateQueries({ queryKey: ['fa'] });
      form.resetFields();
      notify.success(v.treatment === MAINTENANCE_EXPENSED ? 'Completed: expensed (the vendor invoice carries the cost)' : "Completed: capitalised, the asset's schedule is regenerated");
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const columns: TableColumnsType<MaintenanceCompletion> = [
    { title: 'Occurrence', key: 'occurrence', render: (_, c) => display.date(c.occurrenceDate) },
    { title: 'Completed', key: 'completed', render: (_, c) => display.date(c.completedDate) },
    { title: 'Actual cost', key: 'cost', align: 'right', render: (_, c) => <span className="ledger-amount">{display.amount(c.actualCost)}</span> },
    { title: 'Treatment', key: 'treatment', render: (_, c) => <Tag color={c.treatment === MAINTENANCE_EXPENSED ? 'default' : 'purple'}>{c.treatment}</Tag> },
    { title: 'Vendor invoice', key: 'invoice', render: (_, c) => (c.invoiceNumber ? `${c.invoiceNumber} line ${c.invoiceLineNo}` : '') },
    { title: 'Note', dataIndex: 'note', key: 'note' },
  ];
  return (
    <>
      <PageHeading title="Maintenance Schedule" subtitle={<Link to="/maintenance-schedules">All maintenance schedules</Link>} />
      {(record.isError || history.isError) && <Alert type="error" showIcon title="The maintenance schedule could not be read" />}
      <Flex vertical gap={16}>
        {r && h && (
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
            <Descriptions.Item label="Code">{String(r.code)}</Descriptions.Item>
            <Descriptions.Item label="Description">{String(r.description)}</Descriptions.Item>
            <Descriptions.Item label="Status">{h.status}</Descriptions.Item>
            <Descriptions.Item label="Next date">{display.date(h.nextDate)}</Descriptions.Item>
            <Descriptions.Item label="Interval">{r.intervalMonths ? `${String(r.intervalMonths)} months` : 'One-off'}</Descriptions.Item>
            <Descriptions.Item label="Estimated cost">{r.estimatedCost ? display.amount(String(r.estimatedCost)) : ''}</Descriptions.Item>
            <Descriptions.Item label="Reminder">{r.remindTo ? `${String(r.reminderDays)} days before, to ${String(r.remindTo)}` : 'None'}</Descriptions.Item>
            <Descriptions.Item label="Reminded for">{h.remindedFor ? display.date(h.remindedFor) : ''}</Descriptions.Item>
          </Descriptions>
        )}
        {h?.status === MAINTENANCE_ACTIVE && hasOperation(permissions, 'EditMaintenanceSchedule') && (
          <Form<Values> form={form} layout="inline" initialValues={{ completedDate: dayjs(), treatment: MAINTENANCE_EXPENSED }} onFinish={(v) => void submit(v)} aria-label="Complete the occurrence">
            <Form.Item name="completedDate" label="Completed" rules={[{ required: true }]}>
              <DatePicker allowClear={false} format={display.pickerFormat} />
            </Form.Item>
            <Form.Item name="actualCost" label="Actual cost" rules={[{ required: true, message: 'The actual cost' }]}>
              <Input inputMode="decimal" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="treatment" label="Treatment">
              <Radio.Group options={maintenanceTreatments.map((t) => ({ value: t, label: t }))} />
            </Form.Item>
            <Form.Item name="invoiceLine" label="Vendor invoice line">
              <InvoiceLineSelect onChange={(v) => form.setFieldsValue({ invoiceLine: v })} />
            </Form.Item>
            <Form.Item name="note" label="Note">
              <Input maxLength={200} style={{ width: 200 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>Complete</Button>
          </Form>
        )}
        <Typography.Title level={5} style={{ margin: 0 }}>Completed occurrences</Typography.Title>
        <Table<MaintenanceCompletion> size="small" rowKey="id" loading={history.isPending} columns={columns} dataSource={h?.completions ?? []} pagination={false} aria-label="Completed occurrences" />
        {r && (
          <>
            <Typography.Title level={5} style={{ margin: 0 }}>
              Asset <Link to={`/asset?id=${String(r.asset)}`}>schedule</Link>
            </Typography.Title>
            <AssetSchedulePanel id={String(r.asset)} />
          </>
        )}
      </Flex>
    </>
  );
}
