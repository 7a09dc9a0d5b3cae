/*
 * The workflow editor's state as plain data: a draft made from a saved workflow (or blank), the
 * moves of its ordered steps, and the body it sends, checked by the contract's own schema.
 */
import { workflowInputSchema, type ApprovalOperation, type ApprovalRule, type ApprovalType, type Assignee, type WorkflowInput, type WorkflowView } from '@erp/contracts';

export type StepDraft = {
  /** A stable key for React; the saved step's id when it has one. */
  key: string;
  id: string | undefined;
  name: string;
  operation: ApprovalOperation | null;
  rule: ApprovalRule;
  minAmount: string;
  maxAmount: string;
  deadlineHours: number | null;
  assignees: Assignee[];
};

export type WorkflowDraft = {
  approvalType: ApprovalType | undefined;
  name: string;
  description: string;
  active: boolean;
  allowSelfApproval: boolean;
  steps: StepDraft[];
};

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

export const blankStep = (stepNo: number): StepDraft => ({
  key: newKey(), id: undefined, name: `Step ${stepNo}`, operation: null, rule: 'Any', minAmount: '', maxAmount: '', deadlineHours: null, assignees: [],
});

export function draftFromView(view: WorkflowView | undefined): WorkflowDraft {
  if (!view) return { approvalType: undefined, name: '', description: '', active: true, allowSelfApproval: false, steps: [blankStep(1)] };
  return {
    approvalType: view.approvalType,
    name: view.name,
    description: view.description ?? '',
    active: view.active,
    allowSelfApproval: view.allowSelfApproval,
    steps: view.steps.map((s) => ({
      key: s.id, id: s.id, name: s.name, operation: s.operation, rule: s.rule, minAmount: s.minAmount ?? '', maxAmount: s.maxAmount ?? '', deadlineHours: s.deadlineHours,
      assignees: s.assignees.map(({ kind, id }) => ({ kind, id })),
    })),
  };
}

/** The steps with the one at `index` moved by `by` places (-1 up, +1 down); out of range: unchanged. */
export function moveStep(steps: readonly StepDraft[], index: number, by: number): StepDraft[] {
  const target = index + by;
  if (index < 0 || index >= steps.length || target < 0 || target >= steps.length) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved!);
  return next;
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function inputFromDraft(draft: WorkflowDraft): WorkflowInput {
  return {
    approvalType: draft.approvalType as ApprovalType,
    name: draft.name,
    description: blankToNull(draft.description),
    active: draft.active,
    allowSelfApproval: draft.allowSelfApproval,
    steps: draft.steps.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      name: s.name, operation: s.operation, rule: s.rule, minAmount: blankToNull(s.minAmount), maxAmount: blankToNull(s.maxAmount), deadlineHours: s.deadlineHours, assignees: s.assignees,
    })),
  };
}

/** Problems by field path ('name', 'steps.0.assignees'...), the contract's messages; empty when it may be sent. */
export function draftProblems(draft: WorkflowDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.approvalType) problems.approvalType = 'Please choose the approval type';
  const parsed = workflowInputSchema.safeParse(inputFromDraft(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (path === 'approvalType' && problems.approvalType) continue;
      problems[path] ??= issue.message;
    }
  }
  return problems;
}

export const assigneeValue = (a: Assignee) => `${a.kind}:${a.id}`;
export function assigneeFromValue(value: string): Assignee {
  const [kind, id] = value.split(':');
  return { kind: kind === 'Tag' ? 'Tag' : 'User', id: id ?? '' };
}
