import { Button, DatePicker, Flex, Form, Input, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { ASSET_ACTIVE, ASSET_DRAFT, ASSET_FULLY_DEPRECIATED, CAPITALISATION_POSTED, hasOperation, type CapitalisationView, type InvoiceLineRef } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import { useDisplay } from '../../shared/useDisplay';
import { capitalisationsKey, capitalise, fetchCapitalisations, fetchSchedule, reverseCapitalisation, scheduleKey } from './fa-api';
import { InvoiceLineSelect } from './InvoiceLineSelect';

type Values = { date: Dayjs; amount: string; invoiceLine?: InvoiceLineRef | null; description?: string };

/**
 * An asset's capitalisations and the action that adds one: by hand, or from a posted vendor
 * invoice's line on the class's clearing account ("Capitalise from vendor invoice"). The cost rises
 * and an active asset's schedule is regenerated from the next unposted month; Reverse undoes one.
 */
export function CapitalisationPanel({ id }: { id: string }) {
  const display = useDisplay();
  const notify = useNotify();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const may = hasOperation(permissions, 'EditAsset');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const schedule = useQuery({ queryKey: scheduleKey(id), queryFn: ({ signal }) => fetchSchedule(id, signal) });
  const caps = useQuery({ queryKey: capitalisationsKey(id), queryFn: ({ signal }) => fetchCapitalisations(id, signal) });
  const status = schedule.data?.status;
  const capitalisable = status === ASSET_DRAFT || status === ASSET_ACTIVE || status === ASSET_FULLY_DEPRECIATED;
  const refresh = () => client.invalidateQueries({ queryKey: ['fa'] });
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const done = await capitalise(id, { date: v.date.format('YYYY-MM-DD'), amount: v.amount.trim(), ...(v.invoiceLine ? { invoiceLine: v.invoiceLine } : {}), ...(v.description ? { description: v.description } : {}) });
      await refresh();
      form.resetFields();
      setOpen(false);
      notify.success(`Capitalised ${display.amount(done.amount)}: the cost is ${display.amount(done.costAfter)}${done.fromPeriod ? `, the schedule regenerated from ${done.fromPeriod}` : ''}`);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const reverse = async (c: CapitalisationView) => {
    try {
      await reverseCapitalisation(c.id, dayjs().format('YYYY-MM-DD'));
      await refresh();
      notify.success('The capitalisation is reversed: cost and schedule restored');
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    }
  };
  const columns: TableColumnsType<CapitalisationView> = [
    { title: 'Date', key: 'date', render: (_, c) => display.date(c.date) },
    { title: 'Source', dataIndex: 'source', key: 'source' },
    { title: 'Amount', key: 'amount', align: 'right', render: (_, c) => <span className="ledger-amount">{display.amount(c.amount)}</span> },
    { title: 'Cost after', key: 'costAfter', align: 'right', render: (_, c) => <span className="ledger-amount">{display.amount(c.costAfter)}</span> },
    { title: 'From', key: 'from', render: (_, c) => c.fromPeriod ?? 'Draft' },
    { title: 'Vendor invoice', key: 'invoice', render: (_, c) => (c.invoiceNumber ? `${c.invoiceNumber} line ${c.invoiceLineNo}` : '') },
    { title: 'Entry', key: 'entry', render: (_, c) => (c.journalId ? <Link to={`/journal?id=${c.journalId}`}>{c.journalNumber ?? 'Entry'}</Link> : '') },
    { title: 'Status', key: 'status', render: (_, c) => <Tag color={c.status === CAPITALISATION_POSTED ? 'green' : 'default'}>{c.status}</Tag> },
    {
      title: '', key: 'actions',
      render: (_, c) => may && c.status === CAPITALISATION_POSTED && (
        <Popconfirm title="Reverse this capitalisation?" description="Its entry is reversed today; the cost and schedule return to what they were." onConfirm={() => void reverse(c)}>
          <Button size="small">Reverse</Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>Capitalisations</Typography.Title>
        {may && capitalisable && !open && <Button onClick={() => setOpen(true)}>Capitalise from vendor invoice</Button>}
      </Flex>
      {open && (
        <Form<Values> form={form} layout="inline" initialValues={{ date: dayjs() }} onFinish={(v) => void submit(v)} aria-label="Capitalise">
          <Form.Item name="invoiceLine" label="Invoice line" help="Empty: by hand (the clearing account is credited)">
            <InvoiceLineSelect onChange={(v, line) => form.setFieldsValue({ invoiceLine: v, ...(line ? { amount: line.left, date: dayjs(line.documentDate) } : {}) })} />
          </Form.Item>
          <Form.Item name="amount" label="Amount" rules={[{ required: true, message: 'The amount to capitalise' }]}>
            <Input inputMode="decimal" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="date" label="Date" rules={[{ required: true }]}>
            <DatePicker allowClear={false} format={display.pickerFormat} />
          </Form.Item>
          <Form.Item name="description" label="Description">
            <Input maxLength={200} style={{ width: 200 }} />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={busy}>Capitalise</Button>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
          </Flex>
        </Form>
      )}
      <Table<CapitalisationView> size="small" rowKey="id" loading={caps.isPending} columns={columns} dataSource={caps.data ?? []} pagination={false} aria-label="Capitalisations" />
    </Flex>
  );
}
