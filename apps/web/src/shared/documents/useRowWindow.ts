import { useCallback, useLayoutEffect, useRef, useState, type UIEvent } from 'react';

/** Rows rendered beyond each edge of the view, so Tab and Enter always find the next line on screen. */
const OVERSCAN_ROWS = 12;
const ROW_HEIGHT_FALLBACK_PX = 33;
/** Used before the scroll box is measured (and in tests, where nothing has a size). */
const VIEW_HEIGHT_FALLBACK_PX = 600;

/**
 * A window of fixed-height rows over a scroll box: only the rows in view (and a margin) are in the
 * document, spacer rows stand in for the rest. A 500-line journal renders about 40 rows, so typing
 * and layout cost the same as for a short one.
 */
export function useRowWindow(count: number) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(0);
  const [rowHeight, setRowHeight] = useState(ROW_HEIGHT_FALLBACK_PX);
  const frame = useRef(0);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    setViewHeight(box.clientHeight);
    const observer = new ResizeObserver(() => setViewHeight(box.clientHeight));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(box.scrollTop));
  }, []);

  /** A callback ref for a rendered line row: the rows' real height drives the spacers. */
  const measureRow = useCallback((row: HTMLTableRowElement | null) => {
    if (row && row.offsetHeight > 0) setRowHeight((current) => (current === row.offsetHeight ? current : row.offsetHeight));
  }, []);

  /** Scrolls a row into the view when it is outside it. */
  const reveal = useCallback(
    (index: number) => {
      const box = boxRef.current;
      if (!box) return;
      const top = index * rowHeight;
      if (top < box.scrollTop || top + rowHeight > box.scrollTop + box.clientHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 2);
      setScrollTop(box.scrollTop);
    },
    [rowHeight],
  );

  const view = viewHeight || VIEW_HEIGHT_FALLBACK_PX;
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS);
  const end = Math.min(count, Math.ceil((scrollTop + view) / rowHeight) + OVERSCAN_ROWS);
  return { boxRef, onScroll, measureRow, reveal, start, end, padTopPx: start * rowHeight, padBottomPx: Math.max(0, count - end) * rowHeight };
}
