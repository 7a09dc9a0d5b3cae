import { Input } from 'antd';
import type { KeyboardEvent } from 'react';

export type CellInputProps = {
  id: string;
  label: string;
  value: string;
  onText: (text: string) => void;
  invalid?: boolean;
  decimal?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  maxLength?: number;
  onKeyDown?: (event: KeyboardEvent) => void;
  onFocus?: () => void;
  onBlur?: () => void;
};

/** A text cell of the grid: a borderless input, red when its text cannot be read. */
export function CellInput({ id, label, value, onText, invalid, decimal, readOnly, placeholder, maxLength, onKeyDown, onFocus, onBlur }: CellInputProps) {
  return (
    <Input
      id={id}
      aria-label={label}
      variant="borderless"
      inputMode={decimal ? 'decimal' : undefined}
      readOnly={readOnly}
      placeholder={placeholder}
      maxLength={maxLength}
      value={value}
      status={invalid ? 'error' : undefined}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      onChange={(e) => onText(e.target.value)}
    />
  );
}

