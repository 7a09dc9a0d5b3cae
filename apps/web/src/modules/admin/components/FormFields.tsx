import { Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldItem } from './FieldItem';

type BaseProps<T extends FieldValues, O> = {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  /** The control's id; the label points at it, so tests and screen readers find the field by its label. */
  id: string;
  required?: boolean;
  disabled?: boolean;
  extra?: ReactNode;
};

type TextProps<T extends FieldValues, O> = BaseProps<T, O> & {
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'color' | 'textarea';
  maxLength?: number;
  autoComplete?: string;
  rows?: number;
  /** Optional schema fields take undefined, not '', when left empty. */
  emptyAsUndefined?: boolean;
};

/** A labelled text input bound to a react-hook-form field; the field's validation message shows under it. */
export function TextField<T extends FieldValues, O = T>(props: TextProps<T, O>) {
  const { control, name, label, id, required, disabled, extra, type = 'text', emptyAsUndefined } = props;
  const common = { id, disabled, maxLength: props.maxLength, autoComplete: props.autoComplete };
  return (
    <Controller<T, Path<T>, O>
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const onChange = (event: { target: { value: string } }) =>
          field.onChange(emptyAsUndefined && event.target.value === '' ? undefined : event.target.value);
        const bound = { ...common, value, onChange, onBlur: field.onBlur, ref: field.ref };
        const input =
          type === 'password' ? (
            <Input.Password {...bound} />
          ) : type === 'textarea' ? (
            <Input.TextArea {...bound} rows={props.rows ?? 3} />
          ) : (
            <Input {...bound} type={type} style={type === 'color' ? { width: 64, padding: 2 } : undefined} />
          );
        return (
          <FieldItem
            label={label}
            id={id}
            error={fieldState.error?.message}
            required={required}
            extra={extra}
          >
            {input}
          </FieldItem>
        );
      }}
    />
  );
}

type SelectProps<T extends FieldValues, O> = BaseProps<T, O> & {
  options: { value: string; label: string }[];
  loading?: boolean;
  allowClear?: boolean;
  /** Shown instead of the field's value (a disabled selector showing what will be saved). */
  valueOverride?: string;
};

/** A labelled single select bound to a react-hook-form field. */
export function SelectField<T extends FieldValues, O = T>(props: SelectProps<T, O>) {
  const { control, name, label, id, required, disabled, extra, options, valueOverride } = props;
  return (
    <Controller<T, Path<T>, O>
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldItem label={label} id={id} error={fieldState.error?.message} required={required} extra={extra}>
          <Select
            id={id}
            options={options}
            value={valueOverride ?? (field.value as string | undefined)}
            onChange={(value?: string) => field.onChange(value)}
            disabled={disabled}
            loading={props.loading}
            allowClear={props.allowClear}
            style={{ width: '100%' }}
          />
        </FieldItem>
      )}
    />
  );
}

export const optionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
