import { Button, DatePicker, Flex, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { formatMoney, parseMoney, type FundTransferLegInput } from '@erp/contracts';
import { useDisplay } from '../../../shared/useDisplay';
import '../../ledger/journals/ledger-screens.css';

/*
 * The legs of a fund transfer as the user divides it: by amount (legs of one value date whose amounts
 * add up to the transfer) or by date (each leg its own value dates out and in). Used by the draft's
 * editor (the legs are saved with it) and by the /journal screen of a FundTransfer task (the approver
 * divides while the task is open).
 */

export type LegDraft = { amount: string; outDate: string; inDate: string };

const SCALE = 2;
const minor = (v: string): bigint | null => {
  try {
    return parseMoney(v.trim() || '0', 4);
  } catch {
    return null;
  }
};

/** A 4-decimal amount as text with at least two decimals (the display shows what it is given). */
const text4 = (m: bigint) => formatMoney(m, 4).replace(/0{1,2}$/, '');

/** The sum of the legs' amounts (4 decimals), or null when one is not an amount. */
export function legsTotal(legs: readonly LegDraft[]): bigint | null {
  let sum = 0n;
  for (const l of legs) {
    const m = minor(l.amount);
    if (m === null) return null;
    sum += m;
  }
  return sum;
}

/** Two legs of the whole: halves (the second takes the odd cent), on the same dates or the second a day later. */
export function splitInTwo(amount: string, outDate: string, inDate: string, byDate: boolean): LegDraft[] {
  const whole = minor(amount) ?? 0n;
  const cents = whole / 100n;
  const first = cents / 2n;
  const second = cents - first;
  const text = (c: bigint) => formatMoney(c, SCALE);
  const next = (d: string) => dayjs(d).add(1, 'day').format('YYYY-MM-DD');
  return [
    { amount: text(first), outDate, inDate },
    { amount: text(second), outDate: byDate ? next(outDate) : outDate, inDate: byDate ? next(inDate) : inDate },
  ];
}

export const legInputs = (legs: readonly LegDraft[]): FundTransferLegInput[] => legs.map((l) => ({ amount: l.amount.trim(), outDate: l.outDate, inDate: l.inDate }));

type Props = {
  legs: LegDraft[];
  onChange: (legs: LegDraft[]) => void;
  /** The transfer's amount out and value dates: what the legs divide. */
  whole: { amount: string; outDate: string; inDate: string };
  currency?: string;
  disabled?: boolean;
  /** The "Legs" heading (off where the card around it already says so). */
  heading?: boolean;
};

export function FundTransferLegs({ legs, onChange, whole, currency, disabled, heading = true }: Props) {
  const display = useDisplay();
  const set = (i: number, patch: Partial<LegDraft>) => onChange(legs.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const total = legsTotal(legs);
  const wholeMinor = minor(whole.amount);
  const adds = total !== null && wholeMinor !== null && total === wholeMinor;
  const rows = legs.map((l, no) => ({ ...l, no }));
  const columns: TableColumnsType<LegDraft & { no: number }> = [
    { title: 'Leg', key: 'no', width: 56, render: (_, _l, i) => i + 1 },
    { title: `Amount${currency ? ` (${currency})` : ''}`, key: 'amount', render: (_, l, i) => <Input aria-label={`Amount of leg ${i + 1}`} disabled={disabled} value={l.amount} onChange={(e) => set(i, { amount: e.target.value })} style={{ width: 140, textAlign: 'right' }} /> },
    { title: 'Value date out', key: 'outDate', render: (_, l, i) => <DatePicker aria-label={`Value date out of leg ${i + 1}`} disabled={disabled} format={display.pickerFormat} allowClear={false} value={dayjs(l.outDate)} onChange={(d) => d && set(i, { outDate: d.format('YYYY-MM-DD') })} /> },
    { title: 'Value date in', key: 'inDate', render: (_, l, i) => <DatePicker aria-label={`Value date in of leg ${i + 1}`} disabled={disabled} format={display.pickerFormat} allowClear={false} value={dayjs(l.inDate)} onChange={(d) => d && set(i, { inDate: d.format('YYYY-MM-DD') })} /> },
    { title: '', key: 'remove', render: (_, _l, i) => <Button size="small" aria-label={`Remove leg ${i + 1}`} disabled={disabled || legs.length <= 1} onClick={() => onChange(legs.filter((_x, j) => j !== i))}>Remove</Button> },
  ];
  return (
    <>
      <Flex justify={heading ? 'space-between' : 'flex-end'} align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        {heading && <Typography.Title level={5} style={{ margin: 0 }}>Legs</Typography.Title>}
        <Space wrap>
          <Button disabled={disabled} onClick={() => onChange(splitInTwo(whole.amount, whole.outDate, whole.inDate, false))}>Divide by amount</Button>
          <Button disabled={disabled} onClick={() => onChange(splitInTwo(whole.amount, whole.outDate, whole.inDate, true))}>Divide by date</Button>
          <Button disabled={disabled} onClick={() => onChange([...legs, { amount: '', outDate: whole.outDate, inDate: whole.inDate }])}>Add leg</Button>
          <Button disabled={disabled || legs.length <= 1} onClick={() => onChange([{ amount: whole.amount, outDate: whole.outDate, inDate: whole.inDate }])}>Undivide</Button>
        </Space>
      </Flex>
      <Table<LegDraft & { no: number }> size="small" rowKey="no" aria-label="Legs" columns={columns} dataSource={rows} pagination={false} />
      <Typography.Text type={adds ? 'secondary' : 'danger'} role="status" style={{ display: 'block', marginTop: 6, textAlign: 'right' }}>
        {total === null ? 'A leg amount is not an amount' : `Legs total ${display.amount(text4(total))} of ${display.amount(whole.amount || '0')}${adds ? '' : ': the legs must add up to the transfer'}`}
      </Typography.Text>
    </>
  );
}
