import { DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox } from 'antd';
import { memo, useCallback, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { DocumentLineGrid, LineCard, LineNumberCell, type LineCardField, type LineColumn } from '../../../shared/documents';
import { useDisplay } from '../../../shared/useDisplay';
import { AccountPicker, CellInput, DimensionsCell, gridTabCapture, TaxCell, type DimensionOption, type TaxOption } from '../../../shared/pickers';
import { formatMoney } from '@erp/contracts';
import { lineProblem, type InvoiceGridLine, type LineFigures } from './invoice-lines';
import { invoiceCellId, type InvoiceColumn, type InvoiceFocus, type InvoiceGridApi } from './useInvoiceGrid';
import '../../ledger/journals/ledger-screens.css';

type LineRefusal = { text: string; field?: string };

type RowProps = {
  index: number;
  rowRef?: Ref<HTMLTableRowElement>;
  line: InvoiceGridLine;
  figures: LineFigures | undefined;
  api: InvoiceGridApi;
  minorDigits: number;
  dimensionOptions: readonly { label: string; options: DimensionOption[] }[];
  taxOptions: readonly TaxOption[];
  refusal?: LineRefusal;
};

const COLUMNS: readonly LineColumn[] = [
  { key: 'no', title: '#', width: 40, className: 'journal-grid-no' },
  { key: 'account', title: 'Account', width: '15%' },
  { key: 'description', title: 'Description' },
  { key: 'quantity', title: 'Quantity', width: 84, className: 'journal-grid-amount' },
  { key: 'unitPrice', title: 'Unit price', width: 104, className: 'journal-grid-amount' },
  { key: 'discountPercent', title: 'Disc. %', width: 72, className: 'journal-grid-amount' },
  { key: 'tax', title: 'Tax', width: 112 },
  { key: 'taxInclusive', title: <span title="The unit price includes the tax">Incl.</span>, width: 48 },
  { key: 'dimensions', title: 'Dimensions', width: '10%' },
  { key: 'net', title: 'Net', width: 104, className: 'journal-grid-amount' },
  { key: 'taxAmount', title: 'Tax amount', width: 96, className: 'journal-grid-amount' },
  { key: 'gross', title: 'Gross', width: 104, className: 'journal-grid-amount' },
  { key: 'remove', title: <span className="journal-grid-sr">Remove</span>, width: 36, className: 'journal-grid-remove' },
];

const singlePickerTab = gridTabCapture(true);

type Cells = Record<InvoiceColumn | 'net' | 'taxAmount' | 'gross', ReactNode>;

/** A line's controls and figures, shared by its grid row and its phone card (same ids). */
function useCells({ line, figures, api, minorDigits, dimensionOptions, taxOptions, refusal }: RowProps): Cells {
  const display = useDisplay();
  const { key } = line;
  const refused = (column: string) => refusal?.field === column;
  const problem = figures && !figures.ok ? lineProblem(line) : undefined;
  const bad = (column: 'quantity' | 'unitPrice' | 'discountPercent') => refused(column) || (problem !== undefined && problem.includes(column === 'unitPrice' ? 'unit price' : column === 'quantity' ? 'quantity' : 'discount'));
  const figure = (pick: 'netMinor' | 'taxMinor' | 'grossMinor', label: string) => (
    <span className="invoice-figure" aria-label={label} data-testid={`line-${pick}`}>
      {figures?.ok ? display.amount(formatMoney(figures.totals[pick], minorDigits), minorDigits) : ''}
    </span>
  );
  const addAfter = () => api.addAfter(key);
  return {
    account: <AccountPicker id={invoiceCellId(key, 'account')} status={refused('account') ? 'error' : undefined} value={line.account} label={line.accountLabel} onChange={(account, accountLabel) => api.patch(key, { account, accountLabel })} />,
    description: <CellInput id={invoiceCellId(key, 'description')} label="Line description" maxLength={500} invalid={refused('description')} value={line.description} onText={(description) => api.patch(key, { description })} />,
    quantity: <CellInput id={invoiceCellId(key, 'quantity')} label="Quantity" decimal invalid={bad('quantity')} value={line.quantity} onText={(quantity) => api.patch(key, { quantity })} />,
    unitPrice: <CellInput id={invoiceCellId(key, 'unitPrice')} label="Unit price" decimal invalid={bad('unitPrice')} value={line.unitPrice} onText={(unitPrice) => api.patch(key, { unitPrice })} />,
    discountPercent: <CellInput id={invoiceCellId(key, 'discountPercent')} label="Discount percent" decimal placeholder="0" invalid={bad('discountPercent')} value={line.discountPercent} onText={(discountPercent) => api.patch(key, { discountPercent })} />,
    tax: <TaxCell id={invoiceCellId(key, 'tax')} value={line.tax} options={taxOptions} onChange={(tax) => api.patch(key, { tax })} onEnter={addAfter} />,
    taxInclusive: (
      <Checkbox
        id={invoiceCellId(key, 'taxInclusive')}
        aria-label="Price includes tax"
        checked={line.taxInclusive}
        onChange={(e) => api.patch(key, { taxInclusive: e.target.checked })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && dimensionOptions.length === 0) {
            e.preventDefault();
            addAfter();
          }
        }}
      />
    ),
    dimensions: <DimensionsCell id={invoiceCellId(key, 'dimensions')} value={line.dimensions} options={dimensionOptions} onChange={(dimensions) => api.patch(key, { dimensions })} onEnter={addAfter} />,
    net: figure('netMinor', 'Net'),
    taxAmount: figure('taxMinor', 'Tax amount'),
    gross: figure('grossMinor', 'Gross'),
  };
}

const removeKey = (api: InvoiceGridApi, key: string) => (event: KeyboardEvent) => {
  if (event.ctrlKey && event.key === 'Delete') {
    event.preventDefault();
    api.remove(key);
  }
};

const InvoiceLineRow = memo(function InvoiceLineRow(props: RowProps) {
  const { index, rowRef, line, api, refusal, figures } = props;
  const cells = useCells(props);
  const note = refusal?.text ?? (figures && !figures.ok ? figures.problem : undefined);
  return (
    <tr ref={rowRef} className={refusal ? 'journal-line journal-line-refused' : 'journal-line'} onKeyDown={removeKey(api, line.key)} data-line={line.key} aria-invalid={refusal ? true : undefined}>
      <LineNumberCell index={index} note={note} testId={refusal ? 'line-refusal' : 'line-problem'} />
      <td data-col="account" onKeyDownCapture={singlePickerTab}>
        {cells.account}
      </td>
      <td data-col="description">{cells.description}</td>
      <td data-col="quantity" className="journal-grid-amount">
        {cells.quantity}
      </td>
      <td data-col="unitPrice" className="journal-grid-amount">
        {cells.unitPrice}
      </td>
      <td data-col="discountPercent" className="journal-grid-amount">
        {cells.discountPercent}
      </td>
      <td data-col="tax">{cells.tax}</td>
      <td data-col="taxInclusive" style={{ textAlign: 'center' }}>
        {cells.taxInclusive}
      </td>
      <td data-col="dimensions">{cells.dimensions}</td>
      <td className="journal-grid-amount invoice-figure-cell">{cells.net}</td>
      <td className="journal-grid-amount invoice-figure-cell">{cells.taxAmount}</td>
      <td className="journal-grid-amount invoice-figure-cell">{cells.gross}</td>
      <td className="journal-grid-remove">
        <Button type="text" size="small" tabIndex={-1} aria-label={`Remove line ${index + 1}`} title="Remove line (Ctrl+Delete)" icon={<DeleteOutlined aria-hidden />} onClick={() => api.remove(line.key)} />
      </td>
    </tr>
  );
});

/** The same line as a card on a phone: account, quantity and price, description, tax, the line's gross; discount, inclusive and dimensions behind More. */
const InvoiceLineCard = memo(function InvoiceLineCard(props: RowProps) {
  const { index, line, api, refusal, figures } = props;
  const cells = useCells(props);
  const field = (column: InvoiceColumn, label: string, amount?: boolean): LineCardField => ({ key: column, label, id: invoiceCellId(line.key, column), node: cells[column], amount });
  const onDescriptionEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).id === invoiceCellId(line.key, 'description')) {
      event.preventDefault();
      api.addAfter(line.key);
    }
  };
  const problem = figures && !figures.ok ? { text: figures.problem } : undefined;
  return (
    <LineCard
      index={index}
      lineKey={line.key}
      refusal={refusal ?? problem}
      onRemove={() => api.remove(line.key)}
      onKeyDown={(event) => {
        removeKey(api, line.key)(event);
        onDescriptionEnter(event);
      }}
      fields={[
        field('account', 'Account'),
        field('quantity', 'Quantity', true),
        field('unitPrice', 'Unit price', true),
        field('tax', 'Tax'),
        { key: 'gross', label: 'Gross', id: invoiceCellId(line.key, 'gross'), node: cells.gross, amount: true },
        field('description', 'Description'),
      ]}
      more={[field('discountPercent', 'Discount %'), field('taxInclusive', 'Price includes tax'), field('dimensions', 'Dimensions')]}
    />
  );
});

type Props = {
  lines: readonly InvoiceGridLine[];
  figures: readonly (LineFigures | undefined)[];
  api: InvoiceGridApi;
  focus: InvoiceFocus | undefined;
  minorDigits: number;
  dimensionOptions: readonly { label: string; options: DimensionOption[] }[];
  taxOptions: readonly TaxOption[];
  refusals: ReadonlyMap<number, LineRefusal>;
};

/**
 * The invoice's lines on the documents kit's grid, by keyboard as the journal's: Tab moves through the cells, Enter on
 * the tax (closed) or the line's last cell adds a line, Ctrl+Delete removes one; each line's net, tax and gross as typed.
 */
export function InvoiceLineGrid({ lines, figures, api, focus, minorDigits, dimensionOptions, taxOptions, refusals }: Props) {
  const renderRow = useCallback(
    (line: InvoiceGridLine, index: number, rowRef: Ref<HTMLTableRowElement> | undefined) => (
      <InvoiceLineRow key={line.key} rowRef={rowRef} index={index} line={line} figures={figures[index]} api={api} minorDigits={minorDigits} dimensionOptions={dimensionOptions} taxOptions={taxOptions} refusal={refusals.get(index + 1)} />
    ),
    [figures, api, minorDigits, dimensionOptions, taxOptions, refusals],
  );
  const renderCard = useCallback(
    (line: InvoiceGridLine, index: number) => (
      <InvoiceLineCard key={line.key} index={index} line={line} figures={figures[index]} api={api} minorDigits={minorDigits} dimensionOptions={dimensionOptions} taxOptions={taxOptions} refusal={refusals.get(index + 1)} />
    ),
    [figures, api, minorDigits, dimensionOptions, taxOptions, refusals],
  );
  return (
    <DocumentLineGrid
      label="Invoice lines"
      classPrefix="journal"
      columns={COLUMNS}
      lines={lines}
      focus={focus}
      cellId={invoiceCellId}
      onFocused={api.focused}
      onAdd={() => api.addAfter()}
      renderRow={renderRow}
      renderCard={renderCard}
      minWidth={1180}
      hint="Tab moves between cells · Enter on the tax or the last cell adds a line · Ctrl+Delete removes a line"
    />
  );
}
