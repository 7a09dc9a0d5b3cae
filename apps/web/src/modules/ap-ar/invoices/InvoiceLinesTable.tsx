import { Table } from 'antd';
import type { CreditNoteView, InvoiceView } from '@erp/contracts';
import { useDisplay } from '../../../shared/useDisplay';
import { plainDecimal } from './invoice-lines';

type Lines = Pick<InvoiceView | CreditNoteView, 'lines' | 'taxSummary' | 'totalNet' | 'totalTax' | 'totalGross' | 'currency'>;

/** A saved document's lines read-only at full contrast (posted, under approval, the invoice a reversal takes), with the tax summary. */
export function InvoiceLinesTable({ view }: { view: Lines }) {
  const display = useDisplay();
  const amount = (text: string) => <span className="ledger-amount">{display.amount(text)}</span>;
  return (
    <>
      <Table
        size="small"
        rowKey="lineNo"
        pagination={false}
        aria-label="Invoice lines"
        scroll={{ x: 'max-content' }}
        dataSource={view.lines}
        columns={[
          { key: 'no', title: '#', dataIndex: 'lineNo', width: 40 },
          { key: 'account', title: 'Account', dataIndex: 'accountCode' },
          { key: 'description', title: 'Description', dataIndex: 'description' },
          { key: 'quantity', title: 'Quantity', align: 'right', render: (_, l) => plainDecimal(l.quantity) },
          { key: 'unitPrice', title: 'Unit price', align: 'right', render: (_, l) => amount(plainDecimal(l.unitPrice)) },
          { key: 'discount', title: 'Disc. %', align: 'right', render: (_, l) => (Number(l.discountPercent) === 0 ? '' : plainDecimal(l.discountPercent)) },
          { key: 'tax', title: 'Tax', render: (_, l) => (l.taxCode ? `${l.taxCode}${l.taxInclusive ? ' (incl.)' : ''}` : '') },
          { key: 'net', title: 'Net', align: 'right', render: (_, l) => amount(l.net) },
          { key: 'taxAmount', title: 'Tax amount', align: 'right', render: (_, l) => amount(l.taxAmount) },
          { key: 'gross', title: 'Gross', align: 'right', render: (_, l) => amount(l.gross) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={7}>
              <strong>Total ({view.currency})</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              <strong>{amount(view.totalNet)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right">
              <strong>{amount(view.totalTax)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={9} align="right">
              <strong data-testid="document-gross">{amount(view.totalGross)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {view.taxSummary.length > 0 && (
        <Table
          size="small"
          rowKey="tax"
          pagination={false}
          aria-label="Tax summary"
          style={{ marginTop: 12, maxWidth: 480 }}
          dataSource={view.taxSummary}
          columns={[
            { key: 'code', title: 'Tax code', dataIndex: 'taxCode' },
            { key: 'taxable', title: 'Taxable', align: 'right', render: (_, r) => amount(r.taxable) },
            { key: 'tax', title: 'Tax', align: 'right', render: (_, r) => amount(r.taxAmount) },
          ]}
        />
      )}
    </>
  );
}
