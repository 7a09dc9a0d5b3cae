import { useCallback, useMemo, type Ref } from 'react';
import { DocumentLineGrid, type LineColumn } from '../../../../shared/documents';
import type { GridLine } from '../journal-lines';
import { cellId, type FocusRequest, type GridApi, type GridColumn } from '../useLineGrid';
import type { DimensionOption, TaxOption } from '../useLedgerReference';
import { LineCardView, LineRow } from './LineRow';
import '../ledger-screens.css';

type Props = {
  lines: readonly GridLine[];
  api: GridApi;
  focus: FocusRequest | undefined;
  baseCurrency: string;
  scales: Readonly<Record<string, number>>;
  currencyCodes: readonly string[];
  dimensionOptions: readonly { label: string; options: DimensionOption[] }[];
  taxOptions: readonly TaxOption[];
  /** Template lines: no rate to type. */
  rateless?: boolean;
  /** Refusals by grid line number (from 1): the line is marked, its named cell red, the message on it. */
  refusals?: ReadonlyMap<number, { text: string; field?: string }>;
};

const NO_LINE_REFUSALS: ReadonlyMap<number, { text: string; field?: string }> = new Map();

/** The journal line's columns, in the order of LineRow's cells. */
const COLUMNS: readonly LineColumn[] = [
  { key: 'no', title: '#', width: 40, className: 'journal-grid-no' },
  { key: 'account', title: 'Account', width: '22%' },
  { key: 'description', title: 'Description' },
  { key: 'currency', title: 'Currency', width: 84 },
  { key: 'rate', title: 'Rate', width: 96 },
  { key: 'debit', title: 'Debit', width: 128, className: 'journal-grid-amount' },
  { key: 'credit', title: 'Credit', width: 128, className: 'journal-grid-amount' },
  { key: 'dimensions', title: 'Dimensions', width: '16%' },
  { key: 'tax', title: 'Tax', width: 120 },
  { key: 'remove', title: <span className="journal-grid-sr">Remove</span>, width: 36, className: 'journal-grid-remove' },
];

const journalCellId = (lineKey: string, column: string) => cellId(lineKey, column as GridColumn);

/**
 * The journal's lines on the documents kit's grid: Tab moves through the cells in reading order,
 * Enter on a line's last cell adds a line below it, Ctrl+Delete removes the line; rows are
 * memoised, so a keystroke renders one row and the totals.
 */
export function LineGrid({ lines, api, focus, baseCurrency, scales, currencyCodes, dimensionOptions, taxOptions, rateless, refusals = NO_LINE_REFUSALS }: Props) {
  const currencyOptions = useMemo(() => {
    const codes = currencyCodes.includes(baseCurrency) ? currencyCodes : [baseCurrency, ...currencyCodes];
    return codes.map((code) => ({ value: code, label: code }));
  }, [currencyCodes, baseCurrency]);
  const renderRow = useCallback(
    (line: GridLine, index: number, rowRef: Ref<HTMLTableRowElement> | undefined) => (
      <LineRow
        key={line.key}
        rowRef={rowRef}
        index={index}
        line={line}
        api={api}
        baseCurrency={baseCurrency}
        scales={scales}
        currencyOptions={currencyOptions}
        dimensionOptions={dimensionOptions}
        taxOptions={taxOptions}
        rateless={rateless}
        refusal={refusals.get(index + 1)}
      />
    ),
    [api, baseCurrency, scales, currencyOptions, dimensionOptions, taxOptions, rateless, refusals],
  );
  const renderCard = useCallback(
    (line: GridLine, index: number) => (
      <LineCardView
        key={line.key}
        index={index}
        line={line}
        api={api}
        baseCurrency={baseCurrency}
        scales={scales}
        currencyOptions={currencyOptions}
        dimensionOptions={dimensionOptions}
        taxOptions={taxOptions}
        rateless={rateless}
        refusal={refusals.get(index + 1)}
      />
    ),
    [api, baseCurrency, scales, currencyOptions, dimensionOptions, taxOptions, rateless, refusals],
  );
  return (
    <DocumentLineGrid
      label="Journal lines"
      classPrefix="journal"
      columns={COLUMNS}
      lines={lines}
      focus={focus}
      cellId={journalCellId}
      onFocused={api.focused}
      onAdd={() => api.addAfter()}
      renderRow={renderRow}
      renderCard={renderCard}
      hint="Tab moves between cells · Enter on the last cell adds a line · Ctrl+Delete removes a line"
    />
  );
}
