import { Button, DatePicker, Flex, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { depreciationMethods, type AssetSchedule, type AssetTermsChange, type DepreciationMethod } from '@erp/contracts';

type Values = { from: Dayjs; cost?: string; residualValue?: string; lifeMonths?: number | null; method?: DepreciationMethod; reason?: string };

/**
 * Change terms of an active asset from a month on (a capitalised improvement or a revaluation is a
 * new cost): the server regenerates the schedule from that month; posted months never change.
 */
export function ChangeTermsForm({ schedule, onChange, busy }: { schedule: AssetSchedule; onChange: (change: AssetTermsChange) => void; busy: boolean }) {
  const lastPosted = schedule.rows.filter((r) => r.posted).at(-1)?.period;
  const first = lastPosted ? dayjs(`${lastPosted}-01`).add(1, 'month') : dayjs(`${schedule.rows[0]?.period ?? dayjs().format('YYYY-MM')}-01`);
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  if (!open) return <Button onClick={() => setOpen(true)}>Change terms</Button>;
  const submit = (v: Values) =>
    onChange({
      from: v.from.startOf('month').format('YYYY-MM-DD'),
      ...(v.cost ? { cost: v.cost } : {}),
      ...(v.residualValue ? { residualValue: v.residualValue } : {}),
      ...(v.lifeMonths ? { lifeMonths: v.lifeMonths } : {}),
      ...(v.method ? { method: v.method } : {}),
      ...(v.reason ? { reason: v.reason } : {}),
    });
  return (
    <Form<Values> form={form} layout="inline" initialValues={{ from: first }} onFinish={submit} aria-label="Change terms">
      <Form.Item name="from" label="From" rules={[{ required: true }]}>
        <DatePicker picker="month" allowClear={false} disabledDate={(d) => d.isBefore(first, 'month')} />
      </Form.Item>
      <Form.Item name="cost" label="Cost" help={`Now ${schedule.cost}`}>
        <Input inputMode="decimal" style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="residualValue" label="Residual" help={`Now ${schedule.residual}`}>
        <Input inputMode="decimal" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="lifeMonths" label="Life (months)" help={`Now ${schedule.lifeMonths}`}>
        <InputNumber min={1} max={1200} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item name="method" label="Method" help={`Now ${schedule.method}`}>
        <Select allowClear style={{ width: 220 }} options={depreciationMethods.map((m) => ({ value: m, label: m }))} />
      </Form.Item>
      <Form.Item name="reason" label="Reason">
        <Input maxLength={200} style={{ width: 200 }} />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={busy}>
          Regenerate from this month
        </Button>
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </Flex>
    </Form>
  );
}

/** Units of production: the units used in a month (again: replaces them); the schedule follows from that month. */
export function UsageForm({ schedule, onUsage, busy }: { schedule: AssetSchedule; onUsage: (input: { period: string; units: number }) => void; busy: boolean }) {
  const lastPosted = schedule.rows.filter((r) => r.posted).at(-1)?.period;
  const first = lastPosted ? dayjs(`${lastPosted}-01`).add(1, 'month') : undefined;
  const [form] = Form.useForm<{ period: Dayjs; units: number }>();
  return (
    <Form form={form} layout="inline" initialValues={{ period: dayjs().startOf('month') }} onFinish={(v) => onUsage({ period: v.period.startOf('month').format('YYYY-MM-DD'), units: v.units })} aria-label="Usage">
      <Form.Item name="period" label="Month" rules={[{ required: true }]}>
        <DatePicker picker="month" allowClear={false} disabledDate={(d) => (first ? d.isBefore(first, 'month') : false)} />
      </Form.Item>
      <Form.Item name="units" label="Units used" rules={[{ required: true }]}>
        <InputNumber min={0} precision={0} style={{ width: 140 }} />
      </Form.Item>
      <Button htmlType="submit" loading={busy}>
        Record usage
      </Button>
    </Form>
  );
}
