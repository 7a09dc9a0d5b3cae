import { ApartmentOutlined, ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Popconfirm, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { approvalCompletion, hasOperation, type WorkflowView } from '@erp/contracts';
import { PageHeading, useNotify, useSignedInUser } from '../shell-adapter';
import { useApprovalTypes, useDeleteWorkflow, useSaveWorkflow } from '../workflow-api';
import { blankStep, draftFromView, draftProblems, inputFromDraft, moveStep, type StepDraft, type WorkflowDraft } from '../workflow-form';
import { refusalText } from './TaskDecision';
import { EscalationRulesCard } from './EscalationRulesCard';
import { StepCard } from './StepCard';
import { WorkflowHeaderFields } from './WorkflowHeaderFields';

function knownLabels(view: WorkflowView | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const step of view?.steps ?? []) for (const a of step.assignees) map.set(`${a.kind}:${a.id}`, a.label);
  return map;
}

function useWorkflowAbilities() {
  const { permissions } = useSignedInUser().parentRole;
  return { save: hasOperation(permissions, 'SaveWorkflow'), edit: hasOperation(permissions, 'EditWorkflow'), delete: hasOperation(permissions, 'DeleteWorkflow') };
}

/** Creates or edits one workflow: its approval type, switches and ordered steps; a saved one also shows its escalation rules. */
export function WorkflowEditor({ view }: { view: WorkflowView | undefined }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const can = useWorkflowAbilities();
  const types = useApprovalTypes();
  const save = useSaveWorkflow();
  const remove = useDeleteWorkflow();
  const [draft, setDraft] = useState<WorkflowDraft>(() => draftFromView(view));
  const [showProblems, setShowProblems] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const known = useMemo(() => knownLabels(view), [view]);
  const problems = showProblems ? draftProblems(draft) : {};
  const operations = draft.approvalType ? approvalCompletion[draft.approvalType] : [];
  const mayWrite = view ? can.edit : can.save;
  // A workflow belongs to the signed-in company (one active workflow per approval type and company).
  const company = useSignedInUser().activeUser.company;
  const companyText = company ? `${company.code} · ${company.description}` : 'this company';

  const patch = (change: Partial<WorkflowDraft>) => setDraft((d) => ({ ...d, ...change }));
  const patchStep = (index: number, change: Partial<StepDraft>) => setDraft((d) => ({ ...d, steps: d.steps.map((s, i) => (i === index ? { ...s, ...change } : s)) }));
  const submit = async () => {
    setShowProblems(true);
    setRefusal(undefined);
    if (Object.keys(draftProblems(draft)).length > 0) return;
    try {
      const saved = await save.mutateAsync({ id: view?.id, input: inputFromDraft(draft) });
      notify.success(`Workflow ${saved.name} saved`);
      if (!view) void navigate(`/workflow?id=${saved.id}`, { replace: true });
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };
  const destroy = async () => {
    try {
      await remove.mutateAsync(view!.id);
      notify.success('The workflow is deleted');
      void navigate('/workflow');
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };

  return (
    <>
      <PageHeading
        title={view ? `Workflow: ${view.name}` : 'New workflow'}
        subtitle={view ? `For ${companyText} · thresholds in ${view.currency}` : `For ${companyText}: who approves which documents, in which order`}
        extra={
          <Flex gap={8} wrap>
            <Link to="/workflow"><Button icon={<ArrowLeftOutlined aria-hidden />}>Workflows</Button></Link>
            {view && <Link to={`/workflow-chart?id=${view.id}`}><Button icon={<ApartmentOutlined aria-hidden />}>Chart</Button></Link>}
            {view && can.delete && (
              <Popconfirm title="Delete this workflow?" description="Deactivate it instead while documents are under approval." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void destroy()}>
                <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending}>Delete</Button>
              </Popconfirm>
            )}
            {mayWrite && <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={save.isPending} onClick={() => void submit()}>Save</Button>}
          </Flex>
        }
      />
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" closable={{ onClose: () => setRefusal(undefined) }} style={{ marginBottom: 12 }} />}
      {types.error && <Alert type="error" showIcon title={types.error.message} style={{ marginBottom: 12 }} />}
      <Form layout="vertical" component="div" disabled={!mayWrite}>
        <Card size="small" style={{ marginBottom: 16 }}>
          <WorkflowHeaderFields draft={draft} types={types.data ?? []} problems={problems} onChange={patch} />
        </Card>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>Steps ({draft.steps.length})</Typography.Title>
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => patch({ steps: [...draft.steps, blankStep(draft.steps.length + 1)] })} disabled={draft.steps.length >= 20}>
            Add step
          </Button>
        </Flex>
        {problems.steps && <Alert type="error" showIcon title={problems.steps} style={{ marginBottom: 8 }} />}
        {draft.steps.map((step, index) => (
          <StepCard
            key={step.key}
            step={step}
            index={index}
            count={draft.steps.length}
            currency={view?.currency}
            operations={operations}
            known={known}
            problems={problems}
            onChange={(change) => patchStep(index, change)}
            onMove={(by) => patch({ steps: moveStep(draft.steps, index, by) })}
            onRemove={() => patch({ steps: draft.steps.filter((_, i) => i !== index) })}
          />
        ))}
      </Form>
      {view && <EscalationRulesCard workflow={view} />}
    </>
  );
}
