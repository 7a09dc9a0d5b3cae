import { Button, DatePicker, Flex, Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { useDisplay } from '../../../shared/useDisplay';
import type { InstalmentRow } from './invoice-lines';

type Props = {
  /** What is shown: the typed rows, else the term's. */
  rows: readonly InstalmentRow[];
  /** Typed here or saved with the draft (sent with the document); undefined: the term's (the server computes the same). */
  typed: 'typed' | 'saved' | undefined;
  termName: string | undefined;
  problem: string | undefined;
  readOnly: boolean;
  onChange: (rows: InstalmentRow[]) => void;
  onReset: () => void;
};

/** Due dates and instalments: from the party's payment term (dueSchedule of contracts), editable before posting. */
export function InstalmentsEditor({ rows, typed, termName, problem, readOnly, onChange, onReset }: Props) {
  const display = useDisplay();
  const patch = (index: number, change: Partial<InstalmentRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <section aria-label="Due dates" className="invoice-instalments">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 6 }}>
        <Typography.Text strong>Due dates</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {typed === 'typed' ? 'As typed' : typed === 'saved' ? 'As saved' : termName ? `From payment term ${termName}` : 'From the payment term once the party and the lines are in'}
          {typed !== undefined && !readOnly && (
            <Button type="link" size="small" onClick={onReset}>
              Back to the term
            </Button>
          )}
        </Typography.Text>
      </Flex>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        <table className="invoice-instalment-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Due date</th>
              <th className="journal-grid-amount">Amount</th>
              <th>Discount until</th>
              <th className="journal-grid-amount">Discount</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} data-testid="instalment">
                <td>{index + 1}</td>
                <td>
                  {readOnly ? (
                    display.date(row.dueDate)
                  ) : (
                    <DatePicker
                      aria-label={`Due date ${index + 1}`}
                      size="small"
                      format={display.pickerFormat}
                      allowClear={false}
                      value={row.dueDate ? dayjs(row.dueDate) : null}
                      onChange={(next) => patch(index, { dueDate: next ? next.format('YYYY-MM-DD') : '' })}
                    />
                  )}
                </td>
                <td className="journal-grid-amount">
                  {readOnly ? display.amount(row.amount) : <Input size="small" aria-label={`Due amount ${index + 1}`} inputMode="decimal" value={row.amount} onChange={(e) => patch(index, { amount: e.target.value })} style={{ width: 120, textAlign: 'right' }} />}
                </td>
                <td>{row.discountDate ? display.date(row.discountDate) : '—'}</td>
                <td className="journal-grid-amount">{row.discountAmount ? display.amount(row.discountAmount) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {problem && (
        <Typography.Text type="danger" role="status" style={{ display: 'block', marginTop: 4 }} data-testid="instalment-problem">
          {problem}
        </Typography.Text>
      )}
    </section>
  );
}
