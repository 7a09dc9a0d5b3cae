import { Alert, Card, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { DocumentDef, Refusal } from '@erp/contracts';
import { DocumentHeaderForm, type HeaderValues } from './DocumentHeaderForm';
import { DocumentHistory } from './DocumentHistory';
import { DocumentStatusTag } from './DocumentStatusTag';
import type { Refusals } from './refusal-state';
import { PageHeading } from './shell-adapter';

type Props<S extends string> = {
  def: DocumentDef<S, string, string>;
  /** The saved document's id and state; none for a new one. */
  id: string | undefined;
  status: S | undefined;
  title: ReactNode;
  /** Beside the state in the heading (the kind, unsaved changes). */
  subtitle?: ReactNode;
  /** The action bar (DocumentActionBar). */
  actions: ReactNode;
  header: HeaderValues;
  onHeaderChange: (field: string, value: unknown) => void;
  dateFormat: string;
  knownLabels?: Readonly<Record<string, string>>;
  /** A module's own controls of header fields (DocumentHeaderForm `widgets`). */
  widgets?: Readonly<Record<string, ReactNode>>;
  /** Under the header form, in its card (due dates...). */
  headerExtra?: ReactNode;
  refusals: Refusals;
  /** A submission waits for the approvers: the document reads as what it is, not as a greyed form. */
  underApproval: boolean;
  /** The header reads as text though no approval runs (a state that is not editable: an active schedule). */
  readOnly?: boolean;
  /** What the lines card counts ('Lines' by default; a schedule's 'Payments made'). */
  linesTitle?: string;
  /** The lines card's title extra (base currency...). */
  linesExtra?: ReactNode;
  lineCount: number;
  /** The line grid (or, under approval, the lines read-only) and the totals under it. */
  lines: ReactNode;
  /** The approval card of the document's approval type. */
  approval?: ReactNode;
};

/** How a refusal reads above the form: a header field by its label, a line by its number. */
function refusalLine(def: Pick<DocumentDef, 'header'>, refusal: Refusal): string {
  if (refusal.line !== undefined) return `Line ${refusal.line}: ${refusal.text}`;
  if (refusal.field) return `${def.header[refusal.field]?.label ?? refusal.field}: ${refusal.text}`;
  return refusal.message;
}

/**
 * The editor of a document (issue 19 part 4): heading with its typed state, the action bar, the
 * refusals of the last action (each also marked on its field or line), the header form from the
 * definition, the module's lines and totals, the approval card and the document's history.
 */
export function DocumentEditorFrame<S extends string>(p: Props<S>) {
  const { def, id, status, refusals, underApproval } = p;
  return (
    <>
      <PageHeading
        title={p.title}
        subtitle={
          <Space size={8} wrap>
            {status !== undefined && <DocumentStatusTag def={def} status={status} underApproval={underApproval} />}
            {p.subtitle}
          </Space>
        }
        extra={p.actions}
      />
      {refusals.all.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="document-refusals"
          style={{ marginBottom: 12 }}
          title={refusals.all.length === 1 ? refusalLine(def, refusals.all[0]!) : 'Please check the marked fields and lines'}
          description={refusals.all.length > 1 ? <ul style={{ margin: 0, paddingInlineStart: 20 }}>{refusals.all.map((r) => <li key={r.message}>{refusalLine(def, r)}</li>)}</ul> : undefined}
        />
      )}
      <Card size="small" style={{ marginBottom: 16 }}>
        <DocumentHeaderForm def={def} values={p.header} onChange={p.onHeaderChange} errors={refusals.fields} dateFormat={p.dateFormat} readOnly={underApproval || p.readOnly === true} knownLabels={p.knownLabels} widgets={p.widgets} />
        {p.headerExtra}
      </Card>
      <Card
        size="small"
        title={
          <Flex justify="space-between" align="center" wrap gap={8}>
            <span>{p.linesTitle ?? 'Lines'} ({p.lineCount})</span>
            {p.linesExtra && <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>{p.linesExtra}</Typography.Text>}
          </Flex>
        }
      >
        {p.lines}
      </Card>
      {p.approval}
      {id && <DocumentHistory def={def} id={id} />}
    </>
  );
}
