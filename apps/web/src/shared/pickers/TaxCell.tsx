import { Select } from 'antd';
import { useRef } from 'react';
import { lastCellPickerCapture } from './grid-tab';
import type { TaxOption } from './options';

type Props = {
  id: string;
  value: string | null;
  options: readonly TaxOption[];
  onChange: (tax: string | null) => void;
  /** Enter while the list is closed: the grid adds a line (the tax is a line's last cell). */
  onEnter: () => void;
};

/** A line's tax code: one searchable choice among the company's active taxes, or none. */
export function TaxCell({ id, value, options, onChange, onEnter }: Props) {
  const open = useRef(false);
  // Capture phase, as in the other pickers: Tab moves on (taking the active option when a search
  // was typed); Enter on the closed list adds a line instead of opening the list.
  const onKeyDownCapture = lastCellPickerCapture(true, () => open.current, onEnter);
  return (
    <div onKeyDownCapture={onKeyDownCapture}>
      <Select
        id={id}
        aria-label="Tax"
        showSearch
        allowClear
        value={value ?? undefined}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        onChange={(tax: string | undefined) => onChange(tax ?? null)}
        onOpenChange={(next) => {
          open.current = next;
        }}
        optionFilterProp="label"
        placeholder={options.length > 0 ? 'None' : 'No taxes'}
        disabled={options.length === 0 && !value}
        popupMatchSelectWidth={240}
        variant="borderless"
        style={{ width: '100%' }}
      />
    </div>
  );
}
