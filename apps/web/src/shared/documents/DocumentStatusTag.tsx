import { Tag } from 'antd';
import type { DocumentDef } from '@erp/contracts';

/**
 * The colour of a state, from where it sits in the definition: the initial state plain, the other
 * editable ones in progress, the first posted state done, later posted ones (reversed, cancelled) a warning.
 */
export function stateColour<S extends string>(def: Pick<DocumentDef<S>, 'initial' | 'editable' | 'posted'>, state: S): string {
  if (state === def.initial) return 'default';
  if (def.editable.includes(state)) return 'processing';
  if (def.posted[0] === state) return 'success';
  return def.posted.includes(state) ? 'warning' : 'default';
}

type Props<S extends string> = {
  def: Pick<DocumentDef<S>, 'initial' | 'editable' | 'posted'>;
  status: S;
  /** A submission waits for the approvers: that is what the document is, whatever its stored state. */
  underApproval?: boolean;
};

/** A document's state; under approval it says so, as the approval card does, rather than its stored Draft. */
export function DocumentStatusTag<S extends string>({ def, status, underApproval = false }: Props<S>) {
  if (underApproval) return <Tag color="gold" title={`Stored as ${status} until the approvers decide`}>Awaiting approval</Tag>;
  return <Tag color={stateColour(def, status)}>{status}</Tag>;
}
