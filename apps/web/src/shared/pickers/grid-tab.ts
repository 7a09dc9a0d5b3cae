/*
 * Tab in the line grid's pickers. antd's Select treats Tab on an open list as "choose the active
 * option" and keeps the focus there, and after a choice its list closes only a task later, so a
 * quick Enter then Tab would be swallowed. In the grid, Tab always moves to the next cell; with
 * search text typed into a single picker it also takes the active option, as Enter would.
 */
import type { KeyboardEvent } from 'react';

/** The grid's editable inputs in reading order (disabled cells are skipped, as Tab skips them). */
function gridInputs(from: HTMLElement): HTMLInputElement[] {
  const table = from.closest('table, [data-line-cards]');
  return table ? [...table.querySelectorAll<HTMLInputElement>('input:not([disabled])')] : [];
}

export function moveFocus(from: HTMLElement, backwards: boolean): void {
  const inputs = gridInputs(from);
  const index = inputs.indexOf(from as HTMLInputElement);
  inputs[index + (backwards ? -1 : 1)]?.focus();
}

/** onKeyDownCapture of a picker cell; `choosesOnTab` for single pickers (account, currency). */
export function gridTabCapture(choosesOnTab: boolean) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.ctrlKey || event.altKey || event.metaKey) return;
    const input = event.target as HTMLInputElement;
    const choosing = choosesOnTab && input.getAttribute('aria-expanded') === 'true' && input.value.trim() !== '';
    if (!choosing) {
      // The picker never sees this Tab: the browser moves the focus as in any other cell.
      event.stopPropagation();
      return;
    }
    // The picker still takes the active option (it sees this key after us); the focus moves now,
    // so a second quick Tab starts from the next cell.
    event.preventDefault();
    moveFocus(input, event.shiftKey);
  };
}

/**
 * onKeyDownCapture of a picker that is a line's last cell: Tab as `gridTabCapture` says; Enter on
 * the closed list with no search typed adds a line (`onEnter`) instead of opening the list.
 */
export function lastCellPickerCapture(choosesOnTab: boolean, isOpen: () => boolean, onEnter: (() => void) | undefined) {
  const tab = gridTabCapture(choosesOnTab);
  return (event: KeyboardEvent) => {
    tab(event);
    if (event.key !== 'Enter' || isOpen() || !onEnter || event.nativeEvent.isComposing) return;
    if ((event.target as HTMLInputElement).value) return;
    event.preventDefault();
    event.stopPropagation();
    onEnter();
  };
}
