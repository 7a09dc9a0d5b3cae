import { Form } from 'antd';
import type { ReactNode } from 'react';

type Props = {
  label: string;
  id: string;
  error?: string;
  required?: boolean;
  extra?: ReactNode;
  children: ReactNode;
};

/** A labelled form row whose label points at the control (by id) and shows the field's error. */
export function FieldItem({ label, id, error, required, extra, children }: Props) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}
