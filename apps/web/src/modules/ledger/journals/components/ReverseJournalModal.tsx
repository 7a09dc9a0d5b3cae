import { DatePicker, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

type Props = {
  open: boolean;
  number: string | null;
  dateFormat: string;
  busy: boolean;
  onReverse: (date: string) => void;
  onClose: () => void;
};

/** Asks the date of the reversal: a linked journal with every line's sides swapped, posted on that date. */
export function ReverseJournalModal({ open, number, dateFormat, busy, onReverse, onClose }: Props) {
  const [date, setDate] = useState<Dayjs | null>(() => dayjs());
  return (
    <Modal
      title={`Reverse journal ${number ?? ''}`}
      open={open}
      okText="Reverse"
      okButtonProps={{ disabled: !date, danger: true }}
      confirmLoading={busy}
      onOk={() => date && onReverse(date.format('YYYY-MM-DD'))}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>A reversing journal with the debits and credits swapped is posted on this date; this journal becomes Reversed.</Typography.Paragraph>
      <label htmlFor="reversal-date" style={{ display: 'block', marginBottom: 4 }}>
        Reversal date
      </label>
      <DatePicker id="reversal-date" format={dateFormat} value={date} onChange={setDate} allowClear={false} style={{ width: '100%' }} />
    </Modal>
  );
}
