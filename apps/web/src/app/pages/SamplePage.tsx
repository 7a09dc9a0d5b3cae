import { Button, Card, Flex, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatNumber, relativeDayLabel } from '../../shared/format';

const rows = [
  { key: '1', account: '1000 Cash at bank', debit: 12500, credit: 0 },
  { key: '2', account: '4000 Sales revenue', debit: 0, credit: 12500 },
];

/** /sample: a public page showing the look of the product (type, table, tags) without signing in. */
export function SamplePage() {
  const today = new Date();
  return (
    <Flex justify="center" style={{ padding: 24, minHeight: '100vh' }}>
      <Card title="Sample" style={{ width: '100%', maxWidth: 720 }} extra={<Link to="/">Sign in</Link>}>
        <Typography.Paragraph>
          This public page shows the building blocks of the application: text in Montserrat at 12px, numbers with 2
          decimals in your browser locale ({formatNumber(1234.5)}), and relative dates ({relativeDayLabel(today)}).
        </Typography.Paragraph>
        <Table
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: 'Account', dataIndex: 'account' },
            { title: 'Debit', dataIndex: 'debit', align: 'right', render: (value: number) => formatNumber(value) },
            { title: 'Credit', dataIndex: 'credit', align: 'right', render: (value: number) => formatNumber(value) },
          ]}
        />
        <Space style={{ marginTop: 16 }} wrap>
          <Tag color="green">Balanced</Tag>
          <Button type="primary">Primary action</Button>
          <Button>Secondary action</Button>
        </Space>
      </Card>
    </Flex>
  );
}
