// Proves the sidebar's fold/wide rules: saved as sidebarState, forced folded at 767px or less (and below a desktop, 1023px), and pinning blocks the automatic change.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSidebarState } from '../shell/useSidebarState';

let width = 1600;
const listeners = new Set<() => void>();

function setWidth(px: number) {
  width = px;
  act(() => listeners.forEach((listener) => listener()));
}

/** Answers the (max-width) and (min-width) queries the shell asks, for the window width set above. */
function matches(query: string): boolean {
  const max = /max-width:\s*(\d+)px/.exec(query);
  const min = /min-width:\s*(\d+)px/.exec(query);
  return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
}

window.matchMedia = ((query: string) => ({
  get matches() {
    return matches(query);
  },
  media: query,
  addEventListener: (_: string, listener: () => void) => listeners.add(listener),
  removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
})) as unknown as typeof window.matchMedia;

afterEach(() => {
  width = 1600;
  listeners.clear();
});

describe('useSidebarState', () => {
  it('starts wide on a wide screen, saves fold or wide on toggle', () => {
    const { result } = renderHook(() => useSidebarState());
    expect(result.current.folded).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.folded).toBe(true);
    expect(localStorage.getItem('sidebarState')).toBe('fold');
    act(() => result.current.toggle());
    expect(localStorage.getItem('sidebarState')).toBe('wide');
  });

  it('starts folded at 767px and folds when the window narrows, restoring the saved state when it widens', () => {
    width = 767;
    const { result } = renderHook(() => useSidebarState());
    expect(result.current.folded).toBe(true);
    setWidth(1024);
    expect(result.current.folded).toBe(false);
    setWidth(767);
    expect(result.current.folded).toBe(true);
  });

  it('below a desktop (768 px) starts folded as an icon rail that opens over the content, without touching the saved state', () => {
    localStorage.setItem('sidebarState', 'wide');
    width = 768;
    const { result } = renderHook(() => useSidebarState());
    expect(result.current).toMatchObject({ folded: true, compact: true, narrow: false });
    act(() => result.current.toggle());
    expect(result.current.folded).toBe(false);
    act(() => result.current.afterNavigate());
    expect(result.current.folded).toBe(true);
    expect(localStorage.getItem('sidebarState')).toBe('wide');
    setWidth(1024);
    expect(result.current).toMatchObject({ folded: false, compact: false });
  });

  it('does not fold or unfold automatically while pinned', () => {
    const { result } = renderHook(() => useSidebarState());
    act(() => result.current.togglePin());
    setWidth(375);
    expect(result.current.folded).toBe(false);
    act(() => result.current.togglePin());
    setWidth(1600);
    setWidth(320);
    expect(result.current.folded).toBe(true);
  });

  it('starts from the saved fold state', () => {
    localStorage.setItem('sidebarState', 'fold');
    const { result } = renderHook(() => useSidebarState());
    expect(result.current.folded).toBe(true);
  });
});
