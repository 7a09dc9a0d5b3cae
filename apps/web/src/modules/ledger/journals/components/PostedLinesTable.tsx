import { Grid, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { isPosted, journalDocument, type JournalLineView, type JournalView } from '@erp/contracts';
import { formatAmount } from '../amount-format';
import { useTaxCodes } from '../useLedgerReference';
import '../ledger-screens.css';

const generatedLabel: Readonly<Record<string, string>> = { rounding: 'Rounding', exchange: 'Exchange' };
const LINES_PAGE_SIZE = 100;
// A line has one side: the other reads blank, not 0.00, as on a printed journal.
const amount = (text: string) => (/^-?0*(\.0*)?$/.test(text) ? null : <span className="ledger-amount">{formatAmount(text)}</span>);

/** `draft`: a journal not posted yet has no base amounts; its own amounts show at every width instead. */
function columns(baseCurrency: string, taxCodes: ReadonlyMap<string, string> | undefined, draft: boolean): TableColumnsType<JournalLineView> {
  const lines: TableColumnsType<JournalLineView> = [
    // On a phone: account and base amounts; the transaction-currency detail from the breakpoints named.
    { title: '#', dataIndex: 'lineNo', width: 48, align: 'right', responsive: ['sm'] },
    {
      title: 'Account',
      key: 'account',
      render: (_, line) => (
        <>
          {line.accountCode} · {line.accountName}
          {line.generated && (
            <Tag color="purple" style={{ marginInlineStart: 8 }}>
              {generatedLabel[line.generated] ?? line.generated}
            </Tag>
          )}
        </>
      ),
    },
    { title: 'Description', dataIndex: 'description', ellipsis: true, responsive: ['md'] },
    { title: 'Currency', dataIndex: 'currency', width: 80, responsive: ['md'] },
    { title: 'Rate', dataIndex: 'rate', width: 100, align: 'right', responsive: ['lg'] },
    { title: 'Debit', dataIndex: 'debit', align: 'right', ...(draft ? {} : { responsive: ['md' as const] }), render: (text: string) => amount(text) },
    { title: 'Credit', dataIndex: 'credit', align: 'right', ...(draft ? {} : { responsive: ['md' as const] }), render: (text: string) => amount(text) },
    ...(draft
      ? []
      : [
          { title: `Debit (${baseCurrency})`, dataIndex: 'baseDebit', align: 'right' as const, render: (text: string) => amount(text) },
          { title: `Credit (${baseCurrency})`, dataIndex: 'baseCredit', align: 'right' as const, render: (text: string) => amount(text) },
        ]),
    {
      title: 'Dimensions',
      key: 'dimensions',
      responsive: ['lg'],
      render: (_, line) =>
        Object.entries(line.dimensions).map(([group, code]) => (
          <Tag key={group}>
            {group}: {code}
          </Tag>
        )),
    },
  ];
  // The tax column only for a journal with a taxed line (an ellipsis while the tax codes load).
  if (taxCodes) lines.push({ title: 'Tax', dataIndex: 'tax', width: 90, responsive: ['lg'], render: (tax: string | null) => (tax ? (taxCodes.get(tax) ?? '…') : null) });
  return lines;
}

/** The ledger lines of a posted journal, generated rounding and exchange lines marked, base totals below; a draft's lines (read by its approvers) as entered. */
export function PostedLinesTable({ view }: { view: JournalView }) {
  const draft = !isPosted(journalDocument, view.status);
  // The columns this width shows, so the totals row lines up under the base amounts.
  const screens = Grid.useBreakpoint();
  const taxed = view.lines.some((line) => line.tax !== null);
  const taxCodes = useTaxCodes(taxed);
  const shown = columns(view.baseCurrency, taxed ? taxCodes : undefined, draft).filter((column) => !column.responsive || column.responsive.some((size) => screens[size]));
  const baseAt = shown.findIndex((column) => 'dataIndex' in column && column.dataIndex === 'baseDebit');
  return (
    <Table<JournalLineView>
      rowKey="lineNo"
      size="small"
      aria-label={draft ? 'Journal lines' : 'Posted lines'}
      columns={shown.map(({ responsive: _responsive, ...column }) => column)}
      dataSource={view.lines}
      rowClassName={(line) => (line.generated ? 'journal-generated-line' : '')}
      // A phone wraps the few columns it shows instead of scrolling sideways.
      scroll={screens.sm ? { x: 'max-content' } : undefined}
      pagination={view.lines.length > LINES_PAGE_SIZE ? { pageSize: LINES_PAGE_SIZE, showSizeChanger: false } : false}
      summary={() => draft ? null : (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={baseAt}>
            <Typography.Text strong>Total ({view.baseCurrency})</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={baseAt} align="right">
            <strong className="ledger-amount">{formatAmount(view.totalDebit)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={baseAt + 1} align="right">
            <strong className="ledger-amount">{formatAmount(view.totalCredit)}</strong>
          </Table.Summary.Cell>
          {shown.length > baseAt + 2 && <Table.Summary.Cell index={baseAt + 2} colSpan={shown.length - baseAt - 2} />}
        </Table.Summary.Row>
      )}
    />
  );
}
