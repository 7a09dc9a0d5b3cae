import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from '../../shared/useMediaQuery';
import { readSidebarState, writeSidebarState } from '../session/local-store';

/** SPEC.md section 9: the sidebar folds at 767px or less. */
export const SIDEBAR_NARROW_QUERY = '(max-width: 767px)';
export const SIDEBAR_ANIMATION_MS = 500;

export type SidebarControl = {
  folded: boolean;
  narrow: boolean;
  pinned: boolean;
  toggle: () => void;
  togglePin: () => void;
  /** After a menu choice on a narrow screen the overlay folds away (unless pinned). */
  afterNavigate: () => void;
};

/**
 * Folded or wide, saved as 'fold' or 'wide' in sidebarState. A narrow window forces it folded and
 * a wide one restores the saved state; pinning blocks these automatic changes.
 */
export function useSidebarState(): SidebarControl {
  const narrow = useMediaQuery(SIDEBAR_NARROW_QUERY);
  const [pinned, setPinned] = useState(false);
  const [folded, setFolded] = useState(() => narrow || readSidebarState() === 'fold');

  useEffect(() => {
    if (pinned) return;
    setFolded(narrow || readSidebarState() === 'fold');
    // Only a change of width folds or unfolds automatically, so `pinned` is read but not a trigger.
  }, [narrow]);

  const toggle = useCallback(() => {
    setFolded((current) => {
      const next = !current;
      if (!narrow) writeSidebarState(next ? 'fold' : 'wide');
      return next;
    });
  }, [narrow]);
  const togglePin = useCallback(() => setPinned((current) => !current), []);
  const afterNavigate = useCallback(() => {
    if (narrow && !pinned) setFolded(true);
  }, [narrow, pinned]);
  return { folded, narrow, pinned, toggle, togglePin, afterNavigate };
}
