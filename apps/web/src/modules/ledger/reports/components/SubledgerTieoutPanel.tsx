import { displayDate } from '@erp/contracts';
import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Alert, Collapse, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SubledgerTieout } from '@erp/contracts';
import { fetchSubledgerTieout, reportsKey } from '../reports-api';
import { AmountText } from '../../../../shared/DisplayText';

type Row = SubledgerTieout['rows'][number];

const amount = (key: 'ledgerBalance' | 'partyBalance' | 'difference', title: string): TableColumnsType<Row>[number] => ({
  key, title, dataIndex: key, align: 'right', render: (v: string) => <span className="amount"><AmountText value={v} /></span>,
});

const columns: TableColumnsType<Row> = [
  { key: 'account', title: 'Control account', render: (_, r) => `${r.accountCode} · ${r.accountName}` },
  { key: 'module', title: 'Subledger', dataIndex: 'module' },
  amount('ledgerBalance', 'Ledger balance'),
  amount('partyBalance', 'Sum of parties'),
  amount('difference', 'Difference'),
  { key: 'parties', title: 'Parties', dataIndex: 'parties', align: 'right' },
  {
    key: 'status', title: 'Tie-out', render: (_, r) =>
      r.partyType === null ? <Tag>No parties</Tag> : r.tiesOut ? <Tag color="success">Ties out</Tag> : <Tag color="error">Difference</Tag>,
  },
];

/**
 * Under the trial balance: each control account's ledger balance beside the sum of its party
 * balances as of the report's last day (GET /gl/subledger-tieout), read when the panel is opened.
 */
export function SubledgerTieoutPanel({ asOf, dateFormat }: { asOf: string; dateFormat: string }) {
  const [open, setOpen] = useState(false);
  const tieout = useQuery({ queryKey: [...reportsKey, 'subledger-tieout', asOf], queryFn: ({ signal }) => fetchSubledgerTieout(asOf, signal), enabled: open });
  const report = tieout.data;
  const status = report && (report.tiesOut ? (
    <Tag color="success" icon={<CheckCircleOutlined aria-hidden />} data-testid="tieout-status">Ties out</Tag>
  ) : (
    <Tag color="error" icon={<ExclamationCircleOutlined aria-hidden />} data-testid="tieout-status">Differences</Tag>
  ));
  return (
    <Collapse
      style={{ marginTop: 16 }}
      onChange={(keys) => setOpen(keys.length > 0)}
      items={[{
        key: 'tieout',
        label: `Subledger tie-out as of ${displayDate(asOf, { dateFormat })}`,
        extra: status,
        children: (
          <>
            {tieout.error && <Alert type="error" showIcon title={tieout.error.message} style={{ marginBottom: 12 }} />}
            <Table<Row> size="small" rowKey="account" columns={columns} dataSource={report?.rows ?? []} loading={tieout.isFetching} pagination={false} scroll={{ x: 'max-content' }} />
          </>
        ),
      }]}
    />
  );
}
