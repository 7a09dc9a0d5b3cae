import { Select } from 'antd';
import { useRef } from 'react';
import { lastCellPickerCapture } from './grid-tab';
import type { DimensionOption } from './options';

type Props = {
  id: string;
  value: Readonly<Record<string, string>>;
  options: readonly { label: string; options: DimensionOption[] }[];
  onChange: (dimensions: Record<string, string>) => void;
  /** Enter while the list is closed: the grid adds a line. */
  onEnter?: () => void;
};

/** 'GROUP=CODE' choices -> one code per group; a later choice in a group replaces the earlier one. */
export function dimensionsOf(values: readonly string[]): Record<string, string> {
  const dimensions: Record<string, string> = {};
  for (const value of values) {
    const [group, code] = value.split('=');
    if (group && code) dimensions[group] = code;
  }
  return dimensions;
}

/** A line's dimensions: one searchable multi-select over every group, at most one value per group. */
export function DimensionsCell({ id, value, options, onChange, onEnter }: Props) {
  const open = useRef(false);
  const selected = Object.entries(value).map(([group, code]) => `${group}=${code}`);
  // Capture phase: Enter on the closed list adds a line instead of opening the list; Tab never
  // toggles a value (it would in a multiple picker), it moves on.
  const onKeyDownCapture = lastCellPickerCapture(false, () => open.current, onEnter);
  return (
    <div onKeyDownCapture={onKeyDownCapture}>
      <Select
        id={id}
        aria-label="Dimensions"
        mode="multiple"
        value={selected}
        options={options.map((group) => ({ label: group.label, options: group.options }))}
        onChange={(values: string[]) => onChange(dimensionsOf(values))}
        onOpenChange={(next) => {
          open.current = next;
        }}
        optionFilterProp="label"
        maxTagCount="responsive"
        placeholder={options.length > 0 ? 'None' : 'No dimensions'}
        disabled={options.length === 0 && selected.length === 0}
        popupMatchSelectWidth={280}
        variant="borderless"
        style={{ width: '100%' }}
      />
    </div>
  );
}
