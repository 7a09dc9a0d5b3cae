import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { Controller, type Control } from 'react-hook-form';
import { datePattern, type EntityDef, type FieldDef } from '@erp/contracts';
import { fieldId, type FormValues } from './form-values';
import { RefSelect } from './RefSelect';
import { RowsInput } from './RowsInput';

/** What a decimal box lets through while typing: digits, one point, a leading minus. */
const DECIMAL_TYPING = /^-?\d*(\.\d*)?$/;
const ISO_DATE = 'YYYY-MM-DD';

export type FieldWidgetProps = {
  id: string;
  f: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  invalid: boolean;
  dateFormat: string;
  knownLabels?: Readonly<Record<string, string>>;
};

const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
const optionsOf = (values: readonly string[] = []) => values.map((value) => ({ value, label: value }));

/** The widget of one field type (the entity form's and the document header's); every widget reports empty as '', null, false or [] (see form-values.ts). */
export function FieldWidget({ id, f, value, onChange, onBlur, invalid, dateFormat, knownLabels }: FieldWidgetProps) {
  const status = invalid ? ('error' as const) : undefined;
  const common = { id, onBlur, status };
  switch (f.type) {
    case 'longText':
      return <Input.TextArea {...common} value={text(value)} onChange={(e) => onChange(e.target.value)} rows={3} maxLength={f.max} showCount={f.max !== undefined} />;
    case 'integer':
      return <InputNumber {...common} value={typeof value === 'number' ? value : null} onChange={(next) => onChange(next)} precision={0} min={f.min} max={f.max} style={{ width: '100%' }} />;
    case 'decimal':
      return (
        <Input
          {...common}
          value={text(value)}
          inputMode="decimal"
          onChange={(e) => {
            if (DECIMAL_TYPING.test(e.target.value)) onChange(e.target.value);
          }}
          style={{ textAlign: 'right' }}
        />
      );
    case 'boolean':
      return <Switch id={id} checked={value === true} onChange={(checked) => onChange(checked)} />;
    case 'date':
      return (
        <DatePicker
          {...common}
          value={typeof value === 'string' && value ? dayjs(value, ISO_DATE) : null}
          onChange={(next) => onChange(next ? next.format(ISO_DATE) : null)}
          format={datePattern(dateFormat)}
          style={{ width: '100%' }}
        />
      );
    case 'enum':
      return <Select {...common} value={typeof value === 'string' ? value : undefined} options={optionsOf(f.options)} onChange={(next?: string) => onChange(next ?? null)} allowClear={!f.required} style={{ width: '100%' }} />;
    case 'ref':
      return <RefSelect id={id} refName={f.ref!} value={typeof value === 'string' ? value : null} onChange={onChange} onBlur={onBlur} knownLabels={knownLabels} status={status} />;
    case 'textList':
      return (
        <Select
          {...common}
          mode="tags"
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(next: string[]) => onChange(next)}
          tokenSeparators={[',', ';']}
          open={false}
          suffixIcon={null}
          placeholder="Type and press Enter"
          style={{ width: '100%' }}
        />
      );
    case 'rows':
      return <RowsInput id={id} f={f} value={value} onChange={onChange} invalid={invalid} dateFormat={dateFormat} />;
    default:
      return <Input {...common} value={text(value)} onChange={(e) => onChange(e.target.value)} maxLength={f.max} />;
  }
}

type FieldProps = {
  def: EntityDef;
  field: string;
  control: Control<FormValues>;
  dateFormat: string;
  knownLabels?: Readonly<Record<string, string>>;
};

/** One field of an entity form: its label, widget, help text and validation message. */
export function EntityFieldInput({ def, field, control, dateFormat, knownLabels }: FieldProps) {
  const f = def.fields[field]!;
  const id = fieldId(def, field);
  return (
    <Controller
      control={control}
      name={field}
      render={({ field: bound, fieldState }) => (
        <Form.Item
          label={f.label}
          htmlFor={id}
          required={f.required}
          validateStatus={fieldState.error ? 'error' : undefined}
          help={fieldState.error?.message}
          extra={f.help}
        >
          <FieldWidget
            id={id}
            f={f}
            value={bound.value}
            onChange={bound.onChange}
            onBlur={bound.onBlur}
            invalid={fieldState.error !== undefined}
            dateFormat={dateFormat}
            knownLabels={knownLabels}
          />
        </Form.Item>
      )}
    />
  );
}
