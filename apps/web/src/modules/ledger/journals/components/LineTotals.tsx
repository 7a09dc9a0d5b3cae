import { Alert, Flex, Tag, Typography } from 'antd';
import { formatAmount } from '../amount-format';
import { bucketText, differenceMinor, type GridTotals, type TotalsBucket } from '../journal-totals';

function BucketRow({ bucket }: { bucket: TotalsBucket }) {
  const text = bucketText(bucket);
  const open = differenceMinor(bucket) !== 0n;
  const label = bucket.base ? `Total (${bucket.currency})` : `${bucket.currency} lines without a rate`;
  return (
    <Flex className="journal-totals-row" align="center" justify="flex-end" wrap gap={16} data-testid={`totals-${bucket.currency}`}>
      <Typography.Text strong style={{ marginRight: 'auto' }}>
        {label}
      </Typography.Text>
      <span>
        Debit <strong data-testid="total-debit">{formatAmount(text.debit)}</strong>
      </span>
      <span>
        Credit <strong data-testid="total-credit">{formatAmount(text.credit)}</strong>
      </span>
      <span>
        Difference{' '}
        <Tag color={open ? 'error' : 'success'} data-testid="total-difference" style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums', fontSize: 13, fontWeight: 600 }}>
          {formatAmount(text.difference)}
        </Tag>
      </span>
    </Flex>
  );
}

/** Running totals under the grid: base currency first, then each currency whose lines have no rate; open differences in red. */
export function LineTotals({ totals }: { totals: GridTotals }) {
  return (
    <div className="journal-totals" aria-live="polite" aria-label="Totals">
      {totals.buckets.map((bucket) => (
        <BucketRow key={bucket.currency + String(bucket.base)} bucket={bucket} />
      ))}
      {totals.unreadable.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={`Not counted: line ${totals.unreadable.map((index) => index + 1).join(', ')} (an amount or rate that does not read as a number)`}
        />
      )}
    </div>
  );
}
