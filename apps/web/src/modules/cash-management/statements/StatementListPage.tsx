import { Alert, Button, DatePicker, Flex, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { hasOperation, statementStatuses, type StatementListItem, type StatementListQuery } from '@erp/contracts';
import { PageHeading } from '../../../shared/documents/shell-adapter';
import { saveBlob } from '../../../shared/kit/kit-api';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { useDebouncedValue } from '../../../shared/kit/useDebouncedValue';
import { ExportButton } from '../../../shared/transfer';
import { countLabel } from '../../../shared/count-label';
import { useDisplay } from '../../../shared/useDisplay';
import { useSignedInUser } from '../../../app/session/useSession';
import { downloadStatements, fetchStatements, statementsKey } from './statements-api';
import { ImportStatementDrawer } from './ImportStatementDrawer';
import { MappingDrawer } from './MappingDrawer';
import '../../ledger/journals/ledger-screens.css';

const PAGE = 20;
type Sort = NonNullable<StatementListQuery['sort']>;
const SORTABLE: Record<string, string> = { bank: 'bank', statementRef: 'statementRef', fromDate: 'fromDate', toDate: 'toDate', importedAt: 'importedAt' };

/**
 * /bank-reconciliations (SPEC.md section 2): the imported statements of every bank of the company,
 * with their dates, balances, lines and reconciliation state; search, filters, sort, pages and
 * export; "Import statement" (ImportBankReconciliation) reads a file, shows its checks and imports
 * it; "CSV/XLSX mapping" edits a bank's mapping. A row opens its reconciliation (/bank-reconciliation).
 */
export function StatementListPage() {
  const display = useDisplay();
  const { permissions } = useSignedInUser().parentRole;
  const canImport = hasOperation(permissions, 'ImportBankReconciliation');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const [bank, setBank] = useState<string | null>(null);
  const [status, setStatus] = useState<StatementListItem['status'] | undefined>();
  const [range, setRange] = useState<[string, string] | null>(null);
  const [sort, setSort] = useState<Sort>('-toDate');
  const [page, setPage] = useState(1);
  const [importing, setImporting] = useState(false);
  const [mapping, setMapping] = useState(false);
  const filter = { search: debounced.trim() || undefined, bank: bank ?? undefined, status, from: range?.[0], to: range?.[1], sort };
  const list = useQuery({ queryKey: [...statementsKey, filter, page], queryFn: ({ signal }) => fetchStatements({ ...filter, limit: PAGE, page }, signal), placeholderData: keepPreviousData });
  const order = (key: string) => (sort === key ? 'ascend' : sort === `-${key}` ? 'descend' : null);
  const amount = (text: string) => <span className="ledger-amount">{display.amount(text)}</span>;
  const columns: TableColumnsType<StatementListItem> = [
    { key: 'bank', title: 'Bank', sorter: true, sortOrder: order('bank'), render: (_, r) => `${r.bankCode} · ${r.bankName}`, ellipsis: true },
    {
      key: 'statementRef', title: 'Statement', sorter: true, sortOrder: order('statementRef'),
      render: (_, r) => <Link to={`/bank-reconciliation?id=${r.id}`}>{r.statementRef}</Link>,
    },
    { key: 'fromDate', title: 'From', sorter: true, sortOrder: order('fromDate'), render: (_, r) => display.date(r.fromDate), responsive: ['md'] },
    { key: 'toDate', title: 'To', sorter: true, sortOrder: order('toDate'), render: (_, r) => display.date(r.toDate) },
    { key: 'currency', title: 'Currency', dataIndex: 'currency', responsive: ['sm'] },
    { key: 'opening', title: 'Opening', align: 'right', render: (_, r) => amount(r.opening), responsive: ['sm'] },
    { key: 'closing', title: 'Closing', align: 'right', render: (_, r) => amount(r.closing) },
    { key: 'lines', title: 'Lines', align: 'right', render: (_, r) => display.count(r.lineCount), responsive: ['md'] },
    { key: 'unreconciled', title: 'Unreconciled', align: 'right', render: (_, r) => display.count(r.unreconciledCount), responsive: ['md'] },
    {
      key: 'status', title: 'State',
      render: (_, r) => (
        <Flex gap={4} wrap>
          <Tag color={r.status === 'Reconciled' ? 'green' : r.unreconciledCount < r.lineCount ? 'blue' : 'default'}>{r.status === 'Reconciled' ? 'Reconciled' : r.unreconciledCount < r.lineCount ? 'In progress' : 'Open'}</Tag>
          {r.importedAnyway && <Tag color="orange" title="Imported although a check failed">Imported anyway</Tag>}
        </Flex>
      ),
    },
    { key: 'importedAt', title: 'Imported', sorter: true, sortOrder: order('importedAt'), render: (_, r) => `${display.dateTime(r.importedAt)}${r.importedBy ? ` · ${r.importedBy}` : ''}`, responsive: ['lg'] },
  ];
  const onTableChange = (_p: unknown, _f: unknown, sorter: SorterResult<StatementListItem> | SorterResult<StatementListItem>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.columnKey ? SORTABLE[String(s.columnKey)] : undefined;
    setSort((key && s?.order ? (s.order === 'descend' ? `-${key}` : key) : '-toDate') as Sort);
    setPage(1);
  };
  return (
    <>
      <PageHeading
        title="Bank Reconciliations"
        subtitle="Imported bank statements, per bank"
        extra={
          <Flex gap={8} wrap>
            {canImport && <Button onClick={() => setMapping(true)}>CSV/XLSX mapping</Button>}
            <ExportButton
              exportLabel="ExportBankReconciliation"
              exportFile={async (format) => {
                const file = await downloadStatements(filter, format);
                saveBlob(file.blob, file.fileName ?? `bank-statements.${format}`);
              }}
            />
            {canImport && (
              <Button type="primary" onClick={() => setImporting(true)}>
                Import statement
              </Button>
            )}
          </Flex>
        }
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Input.Search aria-label="Search" allowClear placeholder="Statement, file, bank or account" style={{ width: 260 }} value={search} onChange={(e) => (setSearch(e.target.value), setPage(1))} />
        <div style={{ width: 240, maxWidth: '100%' }}>
          <RefSelect id="statement-bank-filter" refName="bank" value={bank} onChange={(v) => (setBank(v), setPage(1))} placeholder="Any bank" />
        </div>
        <Select aria-label="State" allowClear placeholder="Any state" style={{ width: 160 }} value={status} onChange={(v) => (setStatus(v), setPage(1))} options={statementStatuses.map((s) => ({ value: s, label: s }))} />
        <DatePicker.RangePicker
          aria-label="Dates"
          format={display.pickerFormat}
          value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
          onChange={(v) => (setRange(v?.[0] && v[1] ? [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')] : null), setPage(1))}
        />
      </Flex>
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table
        size="small"
        aria-label="Bank statements"
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowKey="id"
        dataSource={list.data?.items ?? []}
        columns={columns}
        onChange={onTableChange}
        locale={{ emptyText: 'No statements imported yet' }}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (n) => countLabel(n, 'statement') }}
      />
      {importing && <ImportStatementDrawer onClose={() => setImporting(false)} initialBank={bank} />}
      {mapping && <MappingDrawer onClose={() => setMapping(false)} initialBank={bank} />}
    </>
  );
}

export default StatementListPage;
