import { Alert, Flex, Table, Typography } from 'antd';
import { formatMoney, type InvoiceTotals } from '@erp/contracts';
import { useDisplay } from '../../../shared/useDisplay';

type Props = { totals: InvoiceTotals; currency: string; minorDigits: number; unreadable: readonly number[] };

/** The running totals under the grid and the tax summary per tax code: the figures `invoiceTotals` gives, which the server posts. */
export function InvoiceTotalsPanel({ totals, currency, minorDigits, unreadable }: Props) {
  const display = useDisplay();
  const money = (minor: bigint) => display.amount(formatMoney(minor, minorDigits), minorDigits);
  return (
    <>
      {totals.taxSummary.length > 0 && (
        <Table
          size="small"
          pagination={false}
          aria-label="Tax summary"
          rowKey="key"
          style={{ marginTop: 12, maxWidth: 520, marginLeft: 'auto' }}
          dataSource={totals.taxSummary}
          columns={[
            { key: 'key', title: 'Tax code', dataIndex: 'key' },
            { key: 'base', title: 'Taxable', align: 'right', render: (_, row) => money(row.baseMinor) },
            { key: 'tax', title: 'Tax', align: 'right', render: (_, row) => money(row.taxMinor) },
          ]}
        />
      )}
      {unreadable.length > 0 && <Alert type="warning" showIcon style={{ marginTop: 8 }} title={`Not counted: line ${unreadable.join(', ')} (a quantity, price or discount that does not read)`} />}
      {/* The totals bar (on a phone it stays at the bottom of the screen, as the journal's). */}
      <div className="journal-totals invoice-totals" aria-live="polite" aria-label="Totals">
        <Flex wrap gap={16} justify="flex-end" align="center" className="journal-totals-row">
          <Typography.Text strong style={{ marginRight: 'auto' }}>
            Total ({currency})
          </Typography.Text>
          <span>
            Net <strong data-testid="total-net">{money(totals.netMinor)}</strong>
          </span>
          <span>
            Tax <strong data-testid="total-tax">{money(totals.taxMinor)}</strong>
          </span>
          <span>
            Gross <strong data-testid="total-gross">{money(totals.grossMinor)}</strong>
          </span>
        </Flex>
      </div>
    </>
  );
}
