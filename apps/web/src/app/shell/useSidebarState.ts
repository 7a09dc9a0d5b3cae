import { useCallback, useEffect, useState } from 'react';
import { BELOW_DESKTOP_QUERY } from '../../shared/layout';
import { useMediaQuery } from '../../shared/useMediaQuery';
import { readSidebarState, writeSidebarState } from '../session/local-store';

/** SPEC.md section 9: the sidebar folds at 767px or less. */
export const SIDEBAR_NARROW_QUERY = '(max-width: 767px)';
export const SIDEBAR_ANIMATION_MS = 500;

export type SidebarControl = {
  folded: boolean;
  /** A phone: folded, the sidebar is gone (0 px); unfolded, it covers the content. */
  narrow: boolean;
  /** Below a desktop (docs/breakpoints.md): the sidebar starts folded and, unfolded, covers the content instead of taking its width. */
  compact: boolean;
  pinned: boolean;
  toggle: () => void;
  togglePin: () => void;
  /** After a menu choice on a narrow screen the overlay folds away (unless pinned). */
  afterNavigate: () => void;
};

/**
 * Folded or wide, saved as 'fold' or 'wide' in sidebarState. A window below a desktop (1023px or
 * less, so the spec's 767px too) forces it folded and a desktop one restores the saved state;
 * pinning blocks these automatic changes. At 768px the unfolded sidebar took 240 of the 768px.
 */
export function useSidebarState(): SidebarControl {
  const narrow = useMediaQuery(SIDEBAR_NARROW_QUERY);
  const compact = useMediaQuery(BELOW_DESKTOP_QUERY) || narrow;
  const [pinned, setPinned] = useState(false);
  const [folded, setFolded] = useState(() => compact || readSidebarState() === 'fold');

  useEffect(() => {
    if (pinned) return;
    setFolded(compact || readSidebarState() === 'fold');
    // Only a change of width folds or unfolds automatically, so `pinned` is read but not a trigger.
  }, [compact]);

  const toggle = useCallback(() => {
    setFolded((current) => {
      const next = !current;
      if (!compact) writeSidebarState(next ? 'fold' : 'wide');
      return next;
    });
  }, [compact]);
  const togglePin = useCallback(() => setPinned((current) => !current), []);
  const afterNavigate = useCallback(() => {
    if (compact && !pinned) setFolded(true);
  }, [compact, pinned]);
  return { folded, narrow, compact, pinned, toggle, togglePin, afterNavigate };
}
