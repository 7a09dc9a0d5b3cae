import { Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { reportColumns, useLayout } from '../../../../shared/layout';
import type { Amounts } from '../reports-api';
import type { TbDisplayRow } from '../trial-balance-rows';
import '../../journals/ledger-screens.css';
import { AmountText } from '../../../../shared/DisplayText';

type Props = { rows: TbDisplayRow[]; from: string; to: string; loading: boolean; currency: string };

const AMOUNT_COLUMNS: readonly (keyof Amounts)[] = ['opening', 'debit', 'credit', 'closing'];
const TITLES: Readonly<Record<keyof Amounts, string>> = { opening: 'Opening', debit: 'Debit', credit: 'Credit', closing: 'Closing' };
const isHeading = (row: TbDisplayRow) => row.kind === 'class' || row.kind === 'group';

function amountsOf(row: TbDisplayRow): Amounts | undefined {
  if (row.kind === 'account') return row.row;
  if (row.kind === 'class' || row.kind === 'group') return undefined;
  return row;
}

function label(row: TbDisplayRow, from: string, to: string) {
  switch (row.kind) {
    case 'class':
      return <strong>{`${row.code} · ${row.name}`}</strong>;
    case 'group':
      return <span className="tb-group-heading">{`${row.code} · ${row.name}`}</span>;
    case 'account': {
      const link = `/transaction-history?${new URLSearchParams({ account: row.row.account, from, to }).toString()}`;
      return (
        <Link to={link} title="Open the transaction history">
          {row.row.code} · {row.row.name}
        </Link>
      );
    }
    case 'groupTotal':
      return `Total ${row.code} · ${row.name}`;
    case 'classTotal':
      return <strong>{`Total ${row.code} · ${row.name}`}</strong>;
    case 'total':
      return <strong>Total</strong>;
  }
}

function columns(from: string, to: string, currency: string, narrow: boolean, shown: number): TableColumnsType<TbDisplayRow> {
  return [
    {
      title: 'Account',
      key: 'account',
      // On a phone the account stays in view while the amounts scroll sideways.
      fixed: 'left',
      width: narrow ? 150 : undefined,
      render: (_, row) => label(row, from, to),
      // A heading row spans the whole width.
      onCell: (row) => ({ colSpan: isHeading(row) ? 1 + shown : 1 }),
    },
    ...AMOUNT_COLUMNS.map((field) => ({
      title: `${TITLES[field]} (${currency})`,
      key: field,
      align: 'right' as const,
      width: narrow ? 120 : 150,
      onCell: (row: TbDisplayRow) => ({ colSpan: isHeading(row) ? 0 : 1 }),
      render: (_: unknown, row: TbDisplayRow) => {
        const amounts = amountsOf(row);
        if (!amounts) return null;
        const text = <span className="ledger-amount"><AmountText value={amounts[field]} /></span>;
        return row.kind === 'account' ? text : <strong>{text}</strong>;
      },
    })),
  ];
}

/** The trial balance grouped by class and group, with subtotal rows and a totals row; every account opens its transaction history. */
export function TrialBalanceTable({ rows, from, to, loading, currency }: Props) {
  const layout = useLayout();
  const narrow = layout === 'phone';
  // A tablet takes every column at the narrow widths, so the closing balance is in view without scrolling.
  const compact = layout === 'phone' || layout === 'tablet';
  // On a phone: the account and its closing balance, the figure a reader wants; the rest on request.
  const [showAll, setShowAll] = useState(false);
  const shown = reportColumns(columns(from, to, currency, compact, AMOUNT_COLUMNS.length), layout, ['closing'], showAll).length - 1;
  const visible = reportColumns(columns(from, to, currency, compact, shown), layout, ['closing'], showAll);
  return (
    <>
      {narrow && (
        <Typography.Text type="secondary" style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
          <Switch size="small" checked={showAll} onChange={setShowAll} aria-label="Show opening, debit and credit" />
          Opening, debit and credit
        </Typography.Text>
      )}
      <Table<TbDisplayRow>
        rowKey="key"
        size="small"
        aria-label="Trial balance"
        columns={visible}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => `tb-row-${row.kind}`}
        locale={{ emptyText: 'No balances in this range' }}
      />
    </>
  );
}
