import { Alert, Card, DatePicker, Flex, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TaxReport } from '@erp/contracts';
import { PageHeading } from '../../../shared/documents/shell-adapter';
import { saveBlob } from '../../../shared/kit/kit-api';
import { ExportButton } from '../../../shared/transfer';
import { useDisplay } from '../../../shared/useDisplay';
import { currentYearRange } from '../../ledger/journals/amount-format';
import { csvField } from '../../ledger/reports/trial-balance-csv';
import { fetchTaxReport } from './invoices-api';
import '../../ledger/journals/ledger-screens.css';

/** The tax report as CSV (RFC 4180, amounts as exact decimals with a point), one line per tax code, period and direction, then the tie to the tax accounts. */
export function taxReportCsv(report: TaxReport): string {
  const lines: string[][] = [['Tax code', 'Period', 'Direction', `Taxable (${report.currency})`, `Tax (${report.currency})`]];
  for (const row of report.rows) lines.push([row.taxCode, row.period, row.direction, row.taxable, row.taxAmount]);
  lines.push([]);
  lines.push(['Tax account', 'Direction', 'Report tax', 'Ledger movement', 'Ties out']);
  for (const a of report.accounts) lines.push([a.accountCode, a.direction, a.reportTax, a.ledgerMovement, a.tiesOut ? 'yes' : 'no']);
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * /trial-balance/tax-report: per tax code and period, the taxable amounts and tax of invoices and
 * credit notes (base currency), input (payables) and output (receivables), and whether each tax
 * account's movement ties to it, for the return a company files. A ledger report: granted with the
 * trial balance (GenerateTrialBalance), found by the page search.
 */
export default function TaxReportPage() {
  const display = useDisplay();
  const [range, setRange] = useState(currentYearRange);
  const report = useQuery({ queryKey: ['gl', 'reports', 'tax-report', range], queryFn: ({ signal }) => fetchTaxReport(range.from, range.to, signal) });
  const data = report.data;
  const amount = (text: string) => <span className="ledger-amount">{display.amount(text)}</span>;
  return (
    <>
      <PageHeading
        title="Tax Report"
        extra={
          <ExportButton
            exportLabel="ExportTrialBalance"
            formats={[{ key: 'csv', label: 'CSV' }]}
            disabled={!data}
            exportFile={async () => {
              if (data) saveBlob(new Blob([taxReportCsv(data)], { type: 'text/csv;charset=utf-8' }), `tax-report-${data.from}-${data.to}.csv`);
            }}
          />
        }
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          aria-label="Dates"
          format={display.pickerFormat}
          allowClear={false}
          value={[dayjs(range.from), dayjs(range.to)]}
          onChange={(next) => {
            if (next?.[0] && next[1]) setRange({ from: next[0].format('YYYY-MM-DD'), to: next[1].format('YYYY-MM-DD') });
          }}
        />
      </Flex>
      {report.error && <Alert type="error" showIcon title={report.error.message} style={{ marginBottom: 12 }} />}
      <Card size="small" title={`Tax per code and period${data ? ` (${data.currency})` : ''}`} style={{ marginBottom: 16 }}>
        <Table
          size="small"
          aria-label="Tax per code and period"
          loading={report.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey={(row) => `${row.tax}-${row.period}-${row.direction}`}
          dataSource={data?.rows ?? []}
          locale={{ emptyText: 'No taxed invoices or credit notes in these dates' }}
          columns={[
            { key: 'code', title: 'Tax code', dataIndex: 'taxCode' },
            { key: 'period', title: 'Period', dataIndex: 'period' },
            { key: 'direction', title: 'Direction', render: (_, row) => (row.direction === 'input' ? 'Input (purchases)' : 'Output (sales)') },
            { key: 'taxable', title: 'Taxable', align: 'right', render: (_, row) => amount(row.taxable) },
            { key: 'tax', title: 'Tax', align: 'right', render: (_, row) => amount(row.taxAmount) },
          ]}
        />
      </Card>
      <Card size="small" title="Tie-out to the tax accounts">
        <Table
          size="small"
          aria-label="Tie-out to the tax accounts"
          pagination={false}
          rowKey={(row) => `${row.account}-${row.direction}`}
          dataSource={data?.accounts ?? []}
          columns={[
            { key: 'account', title: 'Account', dataIndex: 'accountCode' },
            { key: 'direction', title: 'Direction', dataIndex: 'direction' },
            { key: 'report', title: 'Report tax', align: 'right', render: (_, row) => amount(row.reportTax) },
            { key: 'ledger', title: 'Ledger movement', align: 'right', render: (_, row) => amount(row.ledgerMovement) },
            { key: 'ties', title: 'Ties out', render: (_, row) => <Tag color={row.tiesOut ? 'success' : 'error'}>{row.tiesOut ? 'Yes' : 'No'}</Tag> },
          ]}
        />
      </Card>
    </>
  );
}
