import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import type { GridLine } from '../journal-lines';
import { cellId, type FocusRequest, type GridApi } from '../useLineGrid';
import { useRowWindow } from '../useRowWindow';
import type { DimensionOption, TaxOption } from '../useLedgerReference';
import { LineRow } from './LineRow';
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

const COLUMN_COUNT = 10;

/** Moves the focus to the asked cell, scrolling its line into the window first when it is not rendered. */
function useFocusRequest(focus: FocusRequest | undefined, lines: readonly GridLine[], api: GridApi, reveal: (index: number) => void, windowKey: string) {
  useEffect(() => {
    if (!focus) return;
    const cell = document.getElementById(cellId(focus.key, focus.column));
    if (cell) {
      cell.focus();
      api.focused();
      return;
    }
    const index = lines.findIndex((line) => line.key === focus.key);
    if (index < 0) api.focused();
    else reveal(index);
  }, [focus, lines, api, reveal, windowKey]);
}

/** Column widths and headings; a fixed layout takes its widths from here, so a keystroke never re-measures rows. */
function GridHead() {
  return (
    <>
      <colgroup>
        <col style={{ width: 40 }} />
        <col style={{ width: '22%' }} />
        <col />
        <col style={{ width: 84 }} />
        <col style={{ width: 96 }} />
        <col style={{ width: 128 }} />
        <col style={{ width: 128 }} />
        <col style={{ width: '16%' }} />
        <col style={{ width: 120 }} />
        <col style={{ width: 36 }} />
      </colgroup>
      <thead>
        <tr>
          <th className="journal-grid-no">#</th>
          <th>Account</th>
          <th>Description</th>
          <th>Currency</th>
          <th>Rate</th>
          <th className="journal-grid-amount">Debit</th>
          <th className="journal-grid-amount">Credit</th>
          <th>Dimensions</th>
          <th>Tax</th>
          <th className="journal-grid-remove">
            <span className="journal-grid-sr">Remove</span>
          </th>
        </tr>
      </thead>
    </>
  );
}

/**
 * The keyboard line grid: Tab moves through the cells in reading order, Enter on a line's last
 * cell adds a line below it, Ctrl+Delete removes the line. It stays quick at 500 lines: only the
 * lines in view are rendered (a window over a scroll box), and rows are memoised, so a keystroke
 * renders one row and the totals.
 */
export function LineGrid({ lines, api, focus, baseCurrency, scales, currencyCodes, dimensionOptions, taxOptions, rateless, refusals = NO_LINE_REFUSALS }: Props) {
  const rows = useRowWindow(lines.length);
  useFocusRequest(focus, lines, api, rows.reveal, `${rows.start}-${rows.end}`);
  const currencyOptions = useMemo(() => {
    const codes = currencyCodes.includes(baseCurrency) ? currencyCodes : [baseCurrency, ...currencyCodes];
    return codes.map((code) => ({ value: code, label: code }));
  }, [currencyCodes, baseCurrency]);
  return (
    <>
      <div className="journal-grid-scroll" ref={rows.boxRef} onScroll={rows.onScroll}>
        <table className="journal-grid" aria-label="Journal lines">
          <GridHead />
          <tbody>
            {rows.padTopPx > 0 && (
              <tr aria-hidden className="journal-grid-spacer">
                <td colSpan={COLUMN_COUNT} style={{ height: rows.padTopPx }} />
              </tr>
            )}
            {lines.slice(rows.start, rows.end).map((line, offset) => (
              <LineRow
                key={line.key}
                rowRef={offset === 0 ? rows.measureRow : undefined}
                index={rows.start + offset}
                line={line}
                api={api}
                baseCurrency={baseCurrency}
                scales={scales}
                currencyOptions={currencyOptions}
                dimensionOptions={dimensionOptions}
                taxOptions={taxOptions}
                rateless={rateless}
                refusal={refusals.get(rows.start + offset + 1)}
              />
            ))}
            {rows.padBottomPx > 0 && (
              <tr aria-hidden className="journal-grid-spacer">
                <td colSpan={COLUMN_COUNT} style={{ height: rows.padBottomPx }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => api.addAfter()}>
          Add line
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          Tab moves between cells · Enter on the last cell adds a line · Ctrl+Delete removes a line
        </Typography.Text>
      </Flex>
    </>
  );
}
