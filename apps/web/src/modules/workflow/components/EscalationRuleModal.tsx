import { Alert, Form, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';
import type { EscalationRuleView } from '@erp/contracts';
import { useNotify } from '../shell-adapter';
import { useSaveEscalation, useWorkflow, useWorkflows } from '../workflow-api';
import { ruleDraft, ruleInput, ruleProblems, type RuleDraft } from '../escalation-form';
import { AssigneePicker } from './AssigneePicker';
import { refusalText } from './TaskDecision';

type Props = { rule: EscalationRuleView | undefined; workflowId: string | undefined; onClose: () => void };

const problemProps = (problem: string | undefined) => (problem ? { validateStatus: 'error' as const, help: problem } : {});

/** Adds or edits one escalation rule: which workflow and step, escalate to whom or remind, when and how often. */
export function EscalationRuleModal({ rule, workflowId, onClose }: Props) {
  const notify = useNotify();
  const save = useSaveEscalation();
  const [draft, setDraft] = useState<RuleDraft>(() => ruleDraft(rule, workflowId));
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const workflows = useWorkflows({ limit: 500, page: 1 });
  const workflow = useWorkflow(draft.workflowId);
  const known = useMemo(() => new Map(rule?.target ? [[`${rule.target.kind}:${rule.target.id}`, rule.target.label]] : []), [rule]);
  const problems = checked ? ruleProblems(draft) : {};
  const patch = (change: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...change }));
  const submit = async () => {
    setChecked(true);
    setRefusal(undefined);
    if (Object.keys(ruleProblems(draft)).length > 0) return;
    try {
      await save.mutateAsync({ id: rule?.id, input: ruleInput(draft) });
      notify.success('The escalation rule is saved');
      onClose();
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };
  return (
    <Modal open title={rule ? 'Edit escalation rule' : 'New escalation rule'} okText="Save" onOk={() => void submit()} confirmLoading={save.isPending} onCancel={onClose} destroyOnHidden>
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" style={{ marginBottom: 12 }} />}
      <Form layout="vertical" component="div">
        <Form.Item label="Workflow" htmlFor="esc-workflow" required {...problemProps(problems.workflowId)}>
          <Select id="esc-workflow" aria-label="Workflow" disabled={workflowId !== undefined} value={draft.workflowId} placeholder="Choose a workflow"
            options={(workflows.data?.items ?? []).map((w) => ({ value: w.id, label: w.name }))} onChange={(value: string) => patch({ workflowId: value, stepId: null })} />
        </Form.Item>
        <Form.Item label="Step" htmlFor="esc-step">
          <Select<string> id="esc-step" aria-label="Step" value={draft.stepId ?? ''} onChange={(value) => patch({ stepId: value === '' ? null : value })}
            options={[{ value: '', label: 'Every step with a deadline' }, ...(workflow.data?.steps ?? []).map((s) => ({ value: s.id, label: `${s.stepNo}. ${s.name}${s.deadlineHours ? ` (${s.deadlineHours} h)` : ' (no deadline)'}` }))]} />
        </Form.Item>
        <Form.Item label="Action">
          <Radio.Group aria-label="Action" value={draft.action} onChange={(e) => patch({ action: e.target.value === 'Remind' ? 'Remind' : 'Escalate' })}
            options={[{ value: 'Escalate', label: 'Escalate to another user or tag' }, { value: 'Remind', label: 'Remind the assignee' }]} />
        </Form.Item>
        {draft.action === 'Escalate' && (
          <Form.Item label="Escalate to" htmlFor="esc-target" required {...problemProps(problems.target)}>
            <AssigneePicker id="esc-target" ariaLabel="Escalate to" single known={known} value={draft.target ? [draft.target] : []} onChange={(list) => patch({ target: list[0] ?? null })} />
          </Form.Item>
        )}
        <Form.Item label="Hours after the deadline" htmlFor="esc-after" {...problemProps(problems.afterHours)}>
          <InputNumber id="esc-after" min={0} max={8760} precision={0} style={{ width: '100%' }} value={draft.afterHours} onChange={(v) => patch({ afterHours: v ?? 0 })} />
        </Form.Item>
        <Form.Item label="Repeat every (hours)" htmlFor="esc-repeat" {...problemProps(problems.repeatEveryHours)}>
          <InputNumber id="esc-repeat" min={1} max={8760} precision={0} placeholder="once" style={{ width: '100%' }} value={draft.repeatEveryHours} onChange={(v) => patch({ repeatEveryHours: v ?? null })} />
        </Form.Item>
        <Form.Item label="At most (times per task)" htmlFor="esc-max" {...problemProps(problems.maxTimes)}>
          <InputNumber id="esc-max" min={1} max={100} precision={0} style={{ width: '100%' }} value={draft.maxTimes} onChange={(v) => patch({ maxTimes: v ?? 1 })} />
        </Form.Item>
        <Form.Item label="Active" htmlFor="esc-active">
          <Switch id="esc-active" checked={draft.active} onChange={(active) => patch({ active })} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
