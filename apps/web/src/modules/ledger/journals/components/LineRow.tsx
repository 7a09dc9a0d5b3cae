import { DeleteOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { memo, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { LineCard, LineNumberCell, type LineCardField } from '../../../../shared/documents';
import { isAmountText, RATE_TEXT, type GridLine } from '../journal-lines';
import { amountPatch } from '../line-grid-state';
import { formatAmount } from '../amount-format';
import { SCALE_FALLBACK } from '../journal-totals';
import { AccountPicker, CellInput, DimensionsCell, gridTabCapture, TaxCell, type CellInputProps, type DimensionOption, type TaxOption } from '../../../../shared/pickers';
import { cellId, type GridApi, type GridColumn } from '../useLineGrid';

export type LineRowProps = {
  index: number;
  /** The first rendered row reports its height to the window. */
  rowRef?: Ref<HTMLTableRowElement>;
  line: GridLine;
  api: GridApi;
  baseCurrency: string;
  scales: Readonly<Record<string, number>>;
  currencyOptions: { value: string; label: string }[];
  dimensionOptions: readonly { label: string; options: DimensionOption[] }[];
  taxOptions: readonly TaxOption[];
  /** Template lines carry no rate (each journal made from them takes the day's rate): the cell stays read-only. */
  rateless?: boolean;
  /** What the last action refused on this line, and the cell it names. */
  refusal?: { text: string; field?: string };
};

const singlePickerTab = gridTabCapture(true);

const columnOf = (target: EventTarget): GridColumn => {
  const cell = (target as HTMLElement).closest<HTMLElement>('[data-col]');
  return (cell?.dataset.col as GridColumn | undefined) ?? 'account';
};

/**
 * An amount cell: the text as typed while it has the focus, the amount in the browser's locale
 * (thousands separators, at least two decimals) once it has not; a text that does not read as an
 * amount stays as typed, in red.
 */
function AmountInput(props: CellInputProps) {
  const [editing, setEditing] = useState(false);
  const shown = editing || props.invalid ? props.value : formatAmount(props.value.trim());
  return <CellInput {...props} value={shown} onFocus={() => setEditing(true)} onBlur={() => setEditing(false)} />;
}

type LineCells = Record<'account' | 'description' | 'currency' | 'rate' | 'debit' | 'credit' | 'dimensions' | 'tax', ReactNode>;

/**
 * A line's controls, shared by its grid row and its phone card (same ids, same changes); `lastEnter` is the Enter of the
 * credit cell when it is the row's last editable cell.
 */
function lineCells({ line, api, baseCurrency, scales, currencyOptions, dimensionOptions, taxOptions, rateless, refusal }: LineRowProps, onCreditEnter: ((event: KeyboardEvent) => void) | undefined): LineCells {
  const { key } = line;
  const scale = scales[line.currency] ?? SCALE_FALLBACK;
  const foreign = line.currency !== baseCurrency;
  const hasTaxes = taxOptions.length > 0 || line.tax !== null;
  const badRate = line.rate.trim() !== '' && !RATE_TEXT.test(line.rate.trim());
  const refused = (column: GridColumn) => refusal?.field === column;
  return {
    account: <AccountPicker id={cellId(key, 'account')} status={refused('account') ? 'error' : undefined} value={line.account} label={line.accountLabel} onChange={(account, accountLabel) => api.patch(key, { account, accountLabel })} />,
    description: <CellInput id={cellId(key, 'description')} label="Line description" maxLength={500} invalid={refused('description')} value={line.description} onText={(description) => api.patch(key, { description })} />,
    currency: (
      <Select
        id={cellId(key, 'currency')}
        aria-label="Currency"
        variant="borderless"
        showSearch
        value={line.currency}
        options={currencyOptions}
        onChange={(currency: string) => api.patch(key, currency === baseCurrency ? { currency, rate: '' } : { currency })}
        popupMatchSelectWidth={100}
        style={{ width: '100%' }}
      />
    ),
    // Read-only rather than disabled for the base currency: Tab stops in the same cells on every line.
    rate: <CellInput id={cellId(key, 'rate')} label="Rate" decimal readOnly={!foreign || rateless} placeholder={rateless ? '—' : foreign ? 'Auto' : '1'} value={line.rate} invalid={badRate || refused('rate')} onText={(rate) => api.patch(key, { rate })} />,
    debit: <AmountInput id={cellId(key, 'debit')} label="Debit" decimal value={line.debit} invalid={!isAmountText(line.debit, scale) || refused('debit')} onText={(text) => api.patch(key, amountPatch('debit', text))} />,
    credit: <AmountInput id={cellId(key, 'credit')} label="Credit" decimal value={line.credit} invalid={!isAmountText(line.credit, scale) || refused('credit')} onKeyDown={onCreditEnter} onText={(text) => api.patch(key, amountPatch('credit', text))} />,
    dimensions: <DimensionsCell id={cellId(key, 'dimensions')} value={line.dimensions} options={dimensionOptions} onChange={(dimensions) => api.patch(key, { dimensions })} onEnter={hasTaxes ? undefined : () => api.addAfter(key)} />,
    tax: <TaxCell id={cellId(key, 'tax')} value={line.tax} options={taxOptions} onChange={(tax) => api.patch(key, { tax })} onEnter={() => api.addAfter(key)} />,
  };
}

/** Ctrl+Delete anywhere in a line removes it; the focus goes to the same cell of the next line. */
const removeKey = (api: GridApi, key: string) => (event: KeyboardEvent) => {
  if (event.ctrlKey && event.key === 'Delete') {
    event.preventDefault();
    api.remove(key, columnOf(event.target));
  }
};

/**
 * One line of the grid. Memoised: typing in a line renders that row only, because every other
 * row gets the same line object and the same stable callbacks.
 */
export const LineRow = memo(function LineRow(props: LineRowProps) {
  const { index, rowRef, line, api, dimensionOptions, taxOptions, refusal } = props;
  const { key } = line;
  // The line's last cell takes Enter to add a line: tax, else dimensions, else credit (a picker
  // with nothing to choose is disabled, and Tab skips it).
  const hasTaxes = taxOptions.length > 0 || line.tax !== null;
  const hasDimensions = dimensionOptions.length > 0;
  const onCreditEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !hasDimensions && !hasTaxes) {
      event.preventDefault();
      api.addAfter(key);
    }
  };
  const cells = lineCells(props, onCreditEnter);

  return (
    <tr ref={rowRef} className={refusal ? 'journal-line journal-line-refused' : 'journal-line'} onKeyDown={removeKey(api, key)} data-line={key} aria-invalid={refusal ? true : undefined}>
      <LineNumberCell index={index} note={refusal?.text} />
      <td data-col="account" onKeyDownCapture={singlePickerTab}>
        {cells.account}
      </td>
      <td data-col="description">{cells.description}</td>
      <td data-col="currency" onKeyDownCapture={singlePickerTab}>
        {cells.currency}
      </td>
      <td data-col="rate">{cells.rate}</td>
      <td data-col="debit" className="journal-grid-amount">
        {cells.debit}
      </td>
      <td data-col="credit" className="journal-grid-amount">
        {cells.credit}
      </td>
      <td data-col="dimensions">{cells.dimensions}</td>
      <td data-col="tax">{cells.tax}</td>
      <td className="journal-grid-remove">
        <Button type="text" size="small" tabIndex={-1} aria-label={`Remove line ${index + 1}`} title="Remove line (Ctrl+Delete)" icon={<DeleteOutlined aria-hidden />} onClick={() => api.remove(key)} />
      </td>
    </tr>
  );
});

/**
 * The same line as a card on a phone (docs/breakpoints.md "Grids"): account, debit and credit, description; currency, rate,
 * dimensions and tax behind More. Enter in the description (the card's last main field) adds the next card.
 */
export const LineCardView = memo(function LineCardView(props: Omit<LineRowProps, 'rowRef'>) {
  const { index, line, api, refusal } = props;
  const { key } = line;
  const cells = lineCells(props, undefined);
  const field = (column: keyof LineCells, label: string, amount?: boolean): LineCardField => ({ key: column, label, id: cellId(key, column), node: cells[column], amount });
  const onDescriptionEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).id === cellId(key, 'description')) {
      event.preventDefault();
      api.addAfter(key);
    }
  };
  return (
    <LineCard
      index={index}
      lineKey={key}
      refusal={refusal}
      onRemove={() => api.remove(key)}
      onKeyDown={(event) => {
        removeKey(api, key)(event);
        onDescriptionEnter(event);
      }}
      fields={[field('account', 'Account'), field('debit', 'Debit', true), field('credit', 'Credit', true), field('description', 'Description')]}
      more={[field('currency', 'Currency'), field('rate', 'Rate'), field('dimensions', 'Dimensions'), field('tax', 'Tax')]}
    />
  );
});
