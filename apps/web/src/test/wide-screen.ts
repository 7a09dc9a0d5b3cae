import { vi } from 'vitest';

/** Every media query matches: antd's breakpoints all hold, so the columns shown from md and lg are there. */
export function stubWideScreen(): void {
  const wide = (query: string) => ({ matches: true, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false });
  vi.spyOn(window, 'matchMedia').mockImplementation(wide);
}
