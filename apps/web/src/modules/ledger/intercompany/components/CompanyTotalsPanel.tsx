import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { formatAmount } from '../../journals/amount-format';
import { LineTotals } from '../../journals/components/LineTotals';
import type { CompanyTotals, CurrencyBalance } from '../intercompany-totals';

/** One company's running totals and the due lines posting will add to balance it. */
function CompanyCard({ item }: { item: CompanyTotals }) {
  const { company, partner, due, totals, lineCount } = item;
  return (
    <Card size="small" title={`${company.code} · base ${company.baseCurrency}`} extra={<Typography.Text type="secondary">{lineCount} {lineCount === 1 ? 'line' : 'lines'}</Typography.Text>} data-testid={`company-totals-${company.code}`}>
      <LineTotals totals={totals} />
      <Flex wrap gap={8} align="center" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">Posting balances it with:</Typography.Text>
        {due.length === 0 ? (
          <Typography.Text type="secondary">no due line</Typography.Text>
        ) : (
          due.map((d) => (
            <Tag key={d.currency} color={d.side === 'Due from' ? 'blue' : 'orange'} data-testid={`due-${company.code}-${d.currency}`}>
              {d.side} {partner.code}: {formatAmount(d.amount)} {d.currency}
            </Tag>
          ))
        )}
      </Flex>
    </Card>
  );
}

type Props = { companies: CompanyTotals[]; entry: CurrencyBalance[] };

/**
 * Running totals per company (each balances on its own once its due lines are added) and the
 * entry as a whole, which must balance in each currency across the two companies to post.
 */
export function CompanyTotalsPanel({ companies, entry }: Props) {
  const open = entry.filter((e) => !e.balanced);
  return (
    <div aria-live="polite" aria-label="Totals per company" style={{ marginTop: 12 }}>
      <Row gutter={[12, 12]}>
        {companies.map((item) => (
          <Col key={item.company.id} xs={24} lg={12}>
            <CompanyCard item={item} />
          </Col>
        ))}
      </Row>
      <Flex wrap gap={8} align="center" style={{ marginTop: 12 }} data-testid="entry-balance">
        <Typography.Text strong>Entry across both companies:</Typography.Text>
        {entry.length === 0 && <Typography.Text type="secondary">no amounts yet</Typography.Text>}
        {entry.length > 0 && open.length === 0 && (
          <Tag color="success" icon={<CheckCircleOutlined aria-hidden />}>
            balanced in {entry.map((e) => e.currency).join(', ')}
          </Tag>
        )}
        {open.map((e) => (
          <Tag key={e.currency} color="error" icon={<WarningOutlined aria-hidden />}>
            {e.currency} differs by {formatAmount(e.difference)}
          </Tag>
        ))}
      </Flex>
    </div>
  );
}
