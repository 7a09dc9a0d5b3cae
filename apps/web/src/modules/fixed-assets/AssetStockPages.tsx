import { Alert, Button, Card, Checkbox, DatePicker, Descriptions, Flex, Form, Input, Popconfirm, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  assetStockEntity,
  hasOperation,
  insuranceCompanyEntity,
  STOCK_ISSUED,
  type AssetStockIssueResult,
  type AssetStockIssueView,
  type EntityRecord,
} from '@erp/contracts';
import { apiRequest, unwrap } from '../../app/api';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import { EntityListPage } from '../../shared/kit';
import { PageHeading } from '../../shared/kit/shell-adapter';
import { useDisplay } from '../../shared/useDisplay';
import { fetchStockIssues, stockIssuesKey, undoStockIssue } from './fa-api';

const stockKey = (id: string | null) => ['fa', 'asset-stock', id] as const;

/** /insurance-company: the kit's list and form of insurance companies. */
export const InsuranceCompanyPage = () => <EntityListPage def={insuranceCompanyEntity} />;

/** /asset-stocks: the kit's list of stock items; a row opens its screen (/asset-stock) to issue into service. */
export const AssetStocksPage = () => (
  <EntityListPage
    def={assetStockEntity}
    expandedRow={(record) => (
      <Link to={`/asset-stock?id=${record.id}`}>Open the stock item to issue it into service</Link>
    )}
  />
);

/**
 * /asset-stock?id=: one stock item (what it holds, where, at what unit cost) and "Issue into
 * service": a quantity becomes one asset at quantity × unit cost (a draft, or activated), the cost
 * moving from the class's clearing account to the control account. Its issues, each with "Undo
 * issue" while its asset has nothing posted but the issue (the entry reversed, the quantity back).
 */
export function AssetStockPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const display = useDisplay();
  const notify = useNotify();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const canIssue = hasOperation(permissions, `Edit${assetStockEntity.permission}`);
  const stock = useQuery({
    queryKey: stockKey(id),
    queryFn: async ({ signal }) =>
      unwrap(await apiRequest<EntityRecord>('GET', `/fa/asset-stocks/${id}`, undefined, { signal })),
    enabled: id !== null,
  });
  const [quantity, setQuantity] = useState('1');
  const [issueDate, setIssueDate] = useState(dayjs().format('YYYY-MM-DD'));
  const [description, setDescription] = useState('');
  const [activate, setActivate] = useState(true);
  const [busy, setBusy] = useState(false);
  const issues = useQuery({
    queryKey: stockIssuesKey(id),
    queryFn: ({ signal }) => fetchStockIssues(id!, signal),
    enabled: id !== null,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!id) return <Alert type="info" showIcon title="Open a stock item from the list (/asset-stocks)." />;
  if (stock.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={stock.error instanceof Error ? stock.error.message : 'The stock item could not be read'}
      />
    );
  const s = stock.data;
  const undo = async (r: AssetStockIssueView) => {
    const today = dayjs().format('YYYY-MM-DD');
    try {
      await undoStockIssue(r.id, today < r.issueDate ? r.issueDate : today);
      setRefusal(null);
      notify.success(`The issue of ${r.assetCode} is undone: ${r.quantity} back in stock, the asset cancelled`);
      await client.invalidateQueries({ queryKey: ['fa'] });
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    }
  };
  const issue = async () => {
    setBusy(true);
    try {
      const result = unwrap(
        await apiRequest<AssetStockIssueResult>('POST', `/fa/asset-stocks/${id}/issue`, {
          quantity: quantity.trim(),
          issueDate,
          description: description.trim() || null,
          activate,
        }),
      );
      setRefusal(null);
      notify.success(`Asset ${result.assetCode} is issued from stock`);
      void client.invalidateQueries({ queryKey: ['fa'] });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setRefusal(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeading
        title={s ? `Asset stock ${String(s.code)}` : 'Asset stock'}
        subtitle={<Link to="/asset-stocks">All asset stock</Link>}
      />
      <Flex vertical gap={16}>
        {s && (
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 3 }}
            aria-label="Stock item"
            items={[
              { key: 'description', label: 'Description', children: String(s.description) },
              {
                key: 'quantity',
                label: 'Quantity held',
                children: <span data-testid="stock-quantity">{String(s.quantity)}</span>,
              },
              {
                key: 'unitCost',
                label: 'Unit cost',
                children: <span className="ledger-amount">{display.amount(String(s.unitCost))}</span>,
              },
              { key: 'location', label: 'Location', children: s.location ? String(s.location) : '—' },
              {
                key: 'acquisitionDate',
                label: 'Acquired',
                children: display.date(String(s.acquisitionDate)),
              },
              { key: 'reference', label: 'Reference', children: s.reference ? String(s.reference) : '—' },
            ]}
          />
        )}
        {canIssue && (
          <Card title="Issue into service" size="small">
            <Form layout="vertical" onFinish={() => void issue()}>
              <Flex gap={12} wrap>
                <Form.Item label="Quantity" required>
                  <Input
                    aria-label="Quantity to issue"
                    value={quantity}
                    inputMode="decimal"
                    onChange={(e) => setQuantity(e.target.value)}
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Form.Item label="In service from" required>
                  <DatePicker
                    aria-label="Issue date"
                    value={dayjs(issueDate)}
                    onChange={(d) => d && setIssueDate(d.format('YYYY-MM-DD'))}
                    format={display.pickerFormat}
                    allowClear={false}
                  />
                </Form.Item>
                <Form.Item label="Asset description">
                  <Input
                    aria-label="Asset description"
                    value={description}
                    maxLength={150}
                    placeholder={s ? String(s.description) : undefined}
                    onChange={(e) => setDescription(e.target.value)}
                    style={{ width: 260 }}
                  />
                </Form.Item>
                <Form.Item label=" ">
                  <Checkbox checked={activate} onChange={(e) => setActivate(e.target.checked)}>
                    Activate (store its schedule)
                  </Checkbox>
                </Form.Item>
              </Flex>
              {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
              <Button type="primary" htmlType="submit" loading={busy}>
                Issue into service
              </Button>
            </Form>
          </Card>
        )}
        <Card title="Issues" size="small">
          <Table<AssetStockIssueView>
            size="small"
            rowKey="id"
            pagination={false}
            aria-label="Issues from stock"
            loading={issues.isPending}
            dataSource={issues.data ?? []}
            locale={{ emptyText: 'Nothing issued from this stock item yet' }}
            columns={[
              { key: 'asset', title: 'Asset', render: (_, r) => <Link to={`/asset?id=${r.asset}`}>{r.assetCode}</Link> },
              { key: 'date', title: 'In service from', render: (_, r) => display.date(r.issueDate) },
              { key: 'quantity', title: 'Quantity', align: 'right', dataIndex: 'quantity' },
              { key: 'cost', title: 'Cost', align: 'right', render: (_, r) => <span className="ledger-amount">{display.amount(r.cost)}</span> },
              { key: 'assetStatus', title: 'Asset status', dataIndex: 'assetStatus' },
              { key: 'entry', title: 'Entry', render: (_, r) => (r.journalId ? <Link to={`/journal?id=${r.journalId}`}>{r.journalNumber ?? 'its entry'}</Link> : '') },
              {
                key: 'status', title: 'Issue',
                render: (_, r) => (r.status === STOCK_ISSUED ? <Tag color="green">Issued</Tag> : (
                  <Space size={4}>
                    <Tag>Undone {r.undoDate ? display.date(r.undoDate) : ''}</Tag>
                    {r.undoJournalId && <Link to={`/journal?id=${r.undoJournalId}`}>reversal</Link>}
                  </Space>
                )),
              },
              {
                key: 'undo', title: '',
                render: (_, r) => canIssue && r.status === STOCK_ISSUED && (
                  <Popconfirm
                    title={`Undo the issue of ${r.assetCode}?`}
                    description="Its entry is reversed, the quantity returns to stock and the asset is cancelled. Refused once the asset was depreciated, capitalised, revalued, split or disposed of."
                    okText="Undo issue"
                    onConfirm={() => void undo(r)}
                  >
                    <Button size="small">Undo issue</Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        </Card>
      </Flex>
    </>
  );
}
