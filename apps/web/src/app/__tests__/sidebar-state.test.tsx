// Proves the sidebar's fold/wide rules: saved as sidebarState, forced folded at 767px or less, and pinning blocks the automatic change.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SIDEBAR_NARROW_QUERY, useSidebarState } from '../shell/useSidebarState';

let narrow = false;
const listeners = new Set<() => void>();

function setWidth(px: number) {
  narrow = px <= 767;
  act(() => listeners.forEach((listener) => listener()));
}

window.matchMedia = ((query: string) => ({
  get matches() {
    return query === SIDEBAR_NARROW_QUERY ? narrow : false;
  },
  media: query,
  addEventListener: (_: string, listener: () => void) => listeners.add(listener),
  removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
})) as unknown as typeof window.matchMedia;

afterEach(() => {
  narrow = false;
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
    narrow = true;
    const { result } = renderHook(() => useSidebarState());
    expect(result.current.folded).toBe(true);
    setWidth(1024);
    expect(result.current.folded).toBe(false);
    setWidth(767);
    expect(result.current.folded).toBe(true);
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
