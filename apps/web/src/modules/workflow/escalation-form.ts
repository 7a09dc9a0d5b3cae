/* The escalation rule form's values, from a saved rule or blank, and the body they send. */
import { escalationRuleInputSchema, type Assignee, type EscalationAction, type EscalationRuleInput, type EscalationRuleView } from '@erp/contracts';

export type RuleDraft = {
  workflowId: string | undefined;
  stepId: string | null;
  action: EscalationAction;
  target: Assignee | null;
  afterHours: number;
  repeatEveryHours: number | null;
  maxTimes: number;
  active: boolean;
};

export function ruleDraft(rule: EscalationRuleView | undefined, workflowId: string | undefined): RuleDraft {
  if (!rule) return { workflowId, stepId: null, action: 'Escalate', target: null, afterHours: 0, repeatEveryHours: null, maxTimes: 1, active: true };
  return {
    workflowId: rule.workflowId, stepId: rule.stepId, action: rule.action, target: rule.target ? { kind: rule.target.kind, id: rule.target.id } : null,
    afterHours: rule.afterHours, repeatEveryHours: rule.repeatEveryHours, maxTimes: rule.maxTimes, active: rule.active,
  };
}

export function ruleInput(draft: RuleDraft): EscalationRuleInput {
  return { ...draft, workflowId: draft.workflowId ?? '', target: draft.action === 'Remind' ? null : draft.target };
}

/** Problems by field, the contract's messages. */
export function ruleProblems(draft: RuleDraft): Record<string, string> {
  const parsed = escalationRuleInputSchema.safeParse(ruleInput(draft));
  const problems: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path.join('.').split('.')[0] ?? ''] ??= issue.message;
  return problems;
}
