import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../shared/kit';

/**
 * A text box bound to one filter value: typing applies once it settles (or at once with `commit`),
 * and a change from outside (a link, a click on a record) shows in the box.
 */
export function useTextFilter(value: string | undefined, onChange: (text: string | undefined) => void) {
  const [text, setText] = useState(value ?? '');
  const settled = useDebouncedValue(text);
  const applied = useRef(value ?? '');
  useEffect(() => {
    if (settled.trim() === applied.current) return;
    applied.current = settled.trim();
    onChange(settled.trim() || undefined);
    // Only a settled edit applies: onChange is a new function on every render, so it is no dependency.
  }, [settled]);
  useEffect(() => {
    if ((value ?? '') === applied.current) return;
    applied.current = value ?? '';
    setText(value ?? '');
  }, [value]);
  const commit = (next: string) => {
    setText(next);
    applied.current = next.trim();
    onChange(next.trim() || undefined);
  };
  return { text, setText, commit };
}
