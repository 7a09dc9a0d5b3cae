/*
 * The four layouts of docs/breakpoints.md, from SPEC.md section 2's breakpoints (320, 375, 425 are
 * phones; 768 a tablet; 1024 a desktop; 1600 and up wide). The shell and the kit (list page, form
 * drawer, report table) read them here, so a screen follows the same rule as every other.
 */
import { useMediaQuery } from './useMediaQuery';

export type Layout = 'phone' | 'tablet' | 'desktop' | 'wide';

export const PHONE_QUERY = '(max-width: 767px)';
/** Below a desktop: the sidebar folds to an icon rail and opens over the content, the breadcrumb leaves the top bar. */
export const BELOW_DESKTOP_QUERY = '(max-width: 1023px)';
export const WIDE_QUERY = '(min-width: 1600px)';

export function useLayout(): Layout {
  const phone = useMediaQuery(PHONE_QUERY);
  const belowDesktop = useMediaQuery(BELOW_DESKTOP_QUERY);
  const wide = useMediaQuery(WIDE_QUERY);
  if (phone) return 'phone';
  if (belowDesktop) return 'tablet';
  return wide ? 'wide' : 'desktop';
}

/** On a phone a list or report shows this many leading columns (what names the row) unless the user picks more. */
export const PHONE_LIST_COLUMNS = 2;

/**
 * A report's columns on a phone: the label column and the key figures only (the trial balance's
 * closing balance), unless the user asks for all of them; elsewhere every column. The page never
 * scrolls sideways; with all columns a report table scrolls inside itself.
 */
export function reportColumns<C extends { key?: unknown }>(columns: readonly C[], layout: Layout, keyFigures: readonly string[], showAll: boolean): C[] {
  if (layout !== 'phone' || showAll) return [...columns];
  return columns.filter((column, index) => index === 0 || keyFigures.includes(String(column.key)));
}
