import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useEffect, type ReactNode, type Ref } from 'react';
import { useLayout } from '../layout';
import { useRowWindow } from './useRowWindow';
import './document-lines.css';

/** A column of a document's line grid: its heading and width (a fixed layout: a keystroke never re-measures rows). */
export type LineColumn = { key: string; title: ReactNode; width?: number | string; className?: string };

/** A cell that should take the focus once it is on screen (the grid shows a window of its lines). */
export type LineFocus = { key: string; column: string };

type Props<L extends { key: string }> = {
  /** The table's accessible name ('Journal lines'). */
  label: string;
  /** Class prefix of the module's grid styles: `journal` gives journal-grid, journal-grid-scroll... */
  classPrefix: string;
  columns: readonly LineColumn[];
  lines: readonly L[];
  /** A cell to move the focus to (a grid whose rows move the focus themselves gives none). */
  focus?: LineFocus | undefined;
  /** The id of a cell's input, so the focus can move to it. */
  cellId?: (lineKey: string, column: string) => string;
  /** The grid has moved the focus where it was asked to. */
  onFocused?: () => void;
  /** A narrower grid's least width (a grid without its rate column in a drawer). */
  minWidth?: number;
  onAdd: () => void;
  /** One line's row (memoised by the module, so a keystroke renders one row); the first rendered row takes `rowRef`. */
  renderRow: (line: L, index: number, rowRef: Ref<HTMLTableRowElement> | undefined) => ReactNode;
  /**
   * One line as a card (the kit's LineCard), shown instead of the table on a phone (docs/breakpoints.md "Grids"): a grid of
   * eight columns cannot be used at 375 px. Its fields keep the row's cell ids, so the focus moves work alike. A grid without
   * it scrolls inside its box on a phone too.
   */
  renderCard?: (line: L, index: number) => ReactNode;
  hint?: ReactNode;
};

const noop = () => undefined;

/** Moves the focus to the asked cell, scrolling its line into the window first when it is not rendered. */
function useFocusRequest<L extends { key: string }>(p: Pick<Props<L>, 'focus' | 'lines' | 'cellId' | 'onFocused'>, reveal: ((index: number) => void) | undefined, windowKey: string) {
  const { focus, lines, cellId, onFocused = noop } = p;
  useEffect(() => {
    if (!focus || !cellId) return;
    const cell = document.getElementById(cellId(focus.key, focus.column));
    if (cell) {
      cell.focus();
      onFocused();
      return;
    }
    const index = lines.findIndex((line) => line.key === focus.key);
    // Cards render every line: a cell not found is behind a card's More, and the focus stays where it is.
    if (index < 0 || !reveal) onFocused();
    else reveal(index);
  }, [focus, lines, cellId, onFocused, reveal, windowKey]);
}

/**
 * A document's keyboard line grid (issue 19 part 4): the module gives its columns and its row; the
 * grid gives the table, a window over the lines (only those in view are rendered, so 500 lines
 * type as fast as 5), the focus moves the module asks for, and Add line.
 */
export function DocumentLineGrid<L extends { key: string }>(p: Props<L>) {
  const { classPrefix: c, columns, lines, renderCard } = p;
  const rows = useRowWindow(lines.length);
  const cards = useLayout() === 'phone' && renderCard !== undefined;
  useFocusRequest(p, cards ? undefined : rows.reveal, cards ? 'cards' : `${rows.start}-${rows.end}`);
  const footer = (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: cards ? 10 : 8 }}>
      <Button icon={<PlusOutlined aria-hidden />} onClick={p.onAdd} block={cards} size={cards ? 'large' : undefined}>
        Add line
      </Button>
      {p.hint && !cards && (
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {p.hint}
        </Typography.Text>
      )}
    </Flex>
  );
  if (cards) {
    return (
      <>
        <div className="doc-line-cards" role="list" aria-label={p.label} data-line-cards>
          {lines.map((line, index) => renderCard(line, index))}
        </div>
        {footer}
      </>
    );
  }
  return (
    <>
      <div className={`${c}-grid-scroll`} ref={rows.boxRef} onScroll={rows.onScroll}>
        <table className={`${c}-grid`} aria-label={p.label} style={p.minWidth ? { minWidth: p.minWidth } : undefined}>
          <colgroup>
            {columns.map((column) => (
              <col key={column.key} style={column.width === undefined ? undefined : { width: column.width }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} className={column.className}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.padTopPx > 0 && (
              <tr aria-hidden className={`${c}-grid-spacer`}>
                <td colSpan={columns.length} style={{ height: rows.padTopPx }} />
              </tr>
            )}
            {lines.slice(rows.start, rows.end).map((line, offset) => p.renderRow(line, rows.start + offset, offset === 0 ? rows.measureRow : undefined))}
            {rows.padBottomPx > 0 && (
              <tr aria-hidden className={`${c}-grid-spacer`}>
                <td colSpan={columns.length} style={{ height: rows.padBottomPx }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {footer}
    </>
  );
}
