import { displayDate } from '@erp/contracts';
import { Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useMediaQuery } from '../../../../shared/useMediaQuery';
import type { TransactionLine } from '../reports-api';
import '../../journals/ledger-screens.css';
import { AmountText } from '../../../../shared/DisplayText';

type Row = TransactionLine & { key: string; kind: 'opening' | 'line' | 'closing' };
type Props = { opening: string | undefined; lines: TransactionLine[]; complete: boolean; loading: boolean; dateFormat: string; currency: string };

const isZero = (text: string) => /^-?0*(\.0*)?$/.test(text);
const amount = (text: string) => (text && !isZero(text) ? <span className="ledger-amount"><AmountText value={text} /></span> : null);
const blank = { journal: '', number: null, lineNo: 0, date: '', description: null, currency: '', debit: '', credit: '' };

function columns(dateFormat: string, currency: string, narrow: boolean): TableColumnsType<Row> {
  const line = (row: Row) => row.kind === 'line';
  const label = (row: Row) => <strong>{row.kind === 'opening' ? 'Opening balance' : 'Closing balance'}</strong>;
  const journal = (row: Row) => <Link to={`/journal?id=${row.journal}`}>{row.number ?? 'journal'}</Link>;
  // A phone shows the date under the journal number, which leaves room for the three amounts.
  const lead: TableColumnsType<Row> = narrow
    ? [
        {
          title: 'Journal',
          key: 'journal',
          render: (_, row) =>
            line(row) ? (
              <>
                {journal(row)}
                <div className="ledger-muted">{displayDate(row.date, { dateFormat })}</div>
              </>
            ) : (
              label(row)
            ),
        },
      ]
    : [
        {
          title: 'Date',
          key: 'date',
          width: 100,
          // Opening and closing rows name themselves across Date and Journal.
          onCell: (row) => ({ colSpan: line(row) ? 1 : 2 }),
          render: (_, row) => (line(row) ? displayDate(row.date, { dateFormat }) : label(row)),
        },
        { title: 'Journal', key: 'journal', onCell: (row) => ({ colSpan: line(row) ? 1 : 0 }), render: (_, row) => journal(row) },
        { title: 'Line', dataIndex: 'lineNo', align: 'right', width: 56, render: (n: number, row) => (line(row) ? n : null) },
        { title: 'Description', dataIndex: 'description', ellipsis: true },
        { title: 'Currency', dataIndex: 'currency', width: 80 },
      ];
  // A phone shows one signed amount (credits negative) instead of the debit and credit columns.
  const sides: TableColumnsType<Row> = narrow
    ? [{ title: 'Amount', key: 'amount', align: 'right', render: (_, row) => amount(row.credit && !isZero(row.credit) ? `-${row.credit}` : row.debit) }]
    : [
        { title: `Debit (${currency})`, dataIndex: 'debit', align: 'right', render: amount },
        { title: `Credit (${currency})`, dataIndex: 'credit', align: 'right', render: amount },
      ];
  return [
    ...lead,
    ...sides,
    { title: narrow ? 'Balance' : `Balance (${currency})`, dataIndex: 'balance', align: 'right', render: (text: string) => <span className="ledger-amount"><AmountText value={text} /></span> },
  ];
}

/** The opening balance, the lines with their running balance (each opening its journal) and, once all are loaded, the closing balance. */
export function TransactionTable({ opening, lines, complete, loading, dateFormat, currency }: Props) {
  const narrow = useMediaQuery('(max-width: 575px)');
  const rows: Row[] = [
    ...(opening !== undefined ? [{ ...blank, key: 'opening', kind: 'opening' as const, balance: opening }] : []),
    ...lines.map((line) => ({ ...line, key: `${line.journal}-${line.lineNo}`, kind: 'line' as const })),
    ...(complete && opening !== undefined ? [{ ...blank, key: 'closing', kind: 'closing' as const, balance: lines.at(-1)?.balance ?? opening }] : []),
  ];
  return (
    <Table<Row>
      rowKey="key"
      size="small"
      aria-label="Transactions"
      columns={columns(dateFormat, currency, narrow)}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={narrow ? undefined : { x: 'max-content' }}
      rowClassName={(row) => (row.kind === 'line' ? '' : 'tb-row-classTotal')}
      locale={{ emptyText: 'No lines in this range' }}
    />
  );
}
