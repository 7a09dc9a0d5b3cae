import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

/** One labelled field of a line card: the module's control (the same one its grid row shows) under a visible label. */
export type LineCardField = {
  /** The grid column it stands for (data-col, as on the row's cell). */
  key: string;
  label: string;
  /** The control's input id, so the label names it and a click on the label focuses it. */
  id: string;
  node: ReactNode;
  /** An amount: right-aligned tabular figures; two amounts share a row. */
  amount?: boolean;
};

type Props = {
  index: number;
  lineKey: string;
  /** The main fields, in entry order; the last one's Enter adds the next card (the module's control does it). */
  fields: readonly LineCardField[];
  /** Fields behind "More" (currency, rate, dimensions, tax...). */
  more?: readonly LineCardField[];
  /** What the last action refused on this line, and the field it names (a field behind More opens it). */
  refusal?: { text: string; field?: string } | undefined;
  onRemove: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
};

function Field({ field }: { field: LineCardField }) {
  return (
    <div className={field.amount ? 'doc-line-card-field doc-line-card-amount' : 'doc-line-card-field'} data-col={field.key}>
      <label htmlFor={field.id}>{field.label}</label>
      {field.node}
    </div>
  );
}

/**
 * A document line as a card, for the phone layout of the line grid (docs/breakpoints.md "Grids"): its number, a remove button
 * a thumb can hit, the main fields one under the other (two amounts side by side), the rest behind More.
 */
export function LineCard({ index, lineKey, fields, more = [], refusal, onRemove, onKeyDown }: Props) {
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const shown = open || (refusal?.field !== undefined && more.some((field) => field.key === refusal.field));
  const n = index + 1;
  return (
    <section className={refusal ? 'doc-line-card doc-line-card-refused' : 'doc-line-card'} role="listitem" aria-label={`Line ${n}`} data-line={lineKey} aria-invalid={refusal ? true : undefined} onKeyDown={onKeyDown}>
      <div className="doc-line-card-head">
        <strong>Line {n}</strong>
        <Button type="text" icon={<DeleteOutlined aria-hidden />} aria-label={`Remove line ${n}`} title="Remove line (Ctrl+Delete)" onClick={onRemove} className="doc-line-card-remove" />
      </div>
      {refusal && (
        <div className="doc-line-card-refusal" role="img" aria-label={`Line ${n}: ${refusal.text}`} data-testid="line-refusal">
          {refusal.text}
        </div>
      )}
      <div className="doc-line-card-fields">
        {fields.map((field) => (
          <Field key={field.key} field={field} />
        ))}
      </div>
      {more.length > 0 && (
        <>
          <Button type="link" size="small" className="doc-line-card-more" aria-expanded={shown} aria-controls={moreId} onClick={() => setOpen(!shown)}>
            {shown ? 'Less' : `More: ${more.map((field) => field.label.toLowerCase()).join(', ')}`}
          </Button>
          <div id={moreId} className="doc-line-card-fields" hidden={!shown}>
            {shown && more.map((field) => <Field key={field.key} field={field} />)}
          </div>
        </>
      )}
    </section>
  );
}
