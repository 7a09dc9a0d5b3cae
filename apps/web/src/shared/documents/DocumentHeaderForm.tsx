import { Col, Descriptions, Form, Row } from 'antd';
import type { ReactNode } from 'react';
import type { DocumentDef, FieldDef } from '@erp/contracts';
import { useDisplay, type Display } from '../useDisplay';
import { displayDate } from '@erp/contracts';
import { FieldWidget } from '../kit/EntityFieldInput';

export type HeaderValues = Readonly<Record<string, unknown>>;

type Props = {
  def: Pick<DocumentDef, 'name' | 'header' | 'headerForm'>;
  values: HeaderValues;
  onChange: (field: string, value: unknown) => void;
  /** Refusals of header fields, by field: shown under the field, which turns red. */
  errors?: Readonly<Record<string, string>>;
  /** The company's date format label. */
  dateFormat: string;
  /** Nothing may change (under approval, posted): the values as text, full contrast, no greyed inputs. */
  readOnly?: boolean;
  knownLabels?: Readonly<Record<string, string>>;
  /** A module's own control of a field (a filtered picker, a link), in place of the definition's widget; its id must be headerFieldId's. */
  widgets?: Readonly<Record<string, ReactNode>>;
};

/** The id of a header field's input: `journal-journalDate`. */
export const headerFieldId = (def: Pick<DocumentDef, 'name'>, field: string): string => `${def.name}-${field}`;

function shown(f: FieldDef, value: unknown, display: Display, dateFormat: string, knownLabels: Readonly<Record<string, string>> | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  // The form's date format (the company's), in the display's locale.
  if (f.type === 'date') return displayDate(String(value), { ...display.settings, dateFormat });
  if (f.type === 'ref' && typeof value === 'string') return knownLabels?.[value] ?? value;
  return String(value);
}

/** Narrow fields (dates, codes) take less of a row than text; rows stack on phones. */
const spanOf = (f: FieldDef, count: number): { xs: number; sm: number; md: number } => {
  const narrow = f.type === 'date' || f.type === 'integer' || f.type === 'decimal' || f.type === 'enum' || f.type === 'boolean';
  const md = count === 1 ? 24 : narrow ? 8 : Math.max(8, Math.floor(24 / count));
  return { xs: 24, sm: count === 1 ? 24 : 12, md };
};

/** A document's header from its definition: the fields of `header` in the rows of `headerForm`, each with its refusal. */
export function DocumentHeaderForm({ def, values, onChange, errors = {}, dateFormat, readOnly = false, knownLabels, widgets = {} }: Props) {
  const display = useDisplay();
  if (readOnly) {
    const items = def.headerForm.flat().map((field) => ({ key: field, label: def.header[field]!.label, children: shown(def.header[field]!, values[field], display, dateFormat, knownLabels) }));
    return <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} />;
  }
  return (
    <Form layout="vertical" component="div" requiredMark>
      {def.headerForm.map((row) => (
        <Row gutter={16} key={row.join('-')}>
          {row.map((field) => {
            const f = def.header[field]!;
            const id = headerFieldId(def, field);
            const error = errors[field];
            return (
              <Col key={field} {...spanOf(f, row.length)}>
                <Form.Item label={f.label} htmlFor={id} required={f.required} validateStatus={error ? 'error' : undefined} help={error} extra={f.help} style={{ marginBottom: 12 }}>
                  {widgets[field] ?? <FieldWidget
                    id={id}
                    f={f}
                    value={values[field]}
                    onChange={(value) => onChange(field, value)}
                    onBlur={() => undefined}
                    invalid={error !== undefined}
                    dateFormat={dateFormat}
                    knownLabels={knownLabels}
                  />}
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      ))}
    </Form>
  );
}
