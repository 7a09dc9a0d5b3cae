import { Select, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { EscalationRulesCard } from '../components/EscalationRulesCard';
import { PageHeading } from '../shell-adapter';
import { useWorkflows } from '../workflow-api';
import { approvalTypeLabel } from '../workflow-format';
import '../workflow-screens.css';

/** /escalation: what happens when a step passes its deadline, for every workflow or the one chosen (?workflowId=). */
export default function EscalationPage() {
  const [params, setParams] = useSearchParams();
  const workflowId = params.get('workflowId') ?? undefined;
  const workflows = useWorkflows({ limit: 500, page: 1 });
  return (
    <>
      <PageHeading title="Escalation rules" subtitle="Escalate or remind when an approval step passes its deadline" />
      <Typography.Paragraph type="secondary">
        Rules act on tasks of steps that have a deadline (set on the step in <Link to="/workflow">Workflows</Link>). The escalation job checks every five minutes.
      </Typography.Paragraph>
      <Select<string>
        aria-label="Workflow filter"
        allowClear
        placeholder="Every workflow"
        style={{ width: 360, maxWidth: '100%' }}
        value={workflowId}
        onChange={(value) => setParams(value ? { workflowId: value } : {})}
        options={(workflows.data?.items ?? []).map((w) => ({ value: w.id, label: `${w.name} (${approvalTypeLabel(w.approvalType)})` }))}
      />
      <EscalationRulesCard key={workflowId ?? 'all'} {...(workflowId ? { workflow: { id: workflowId } } : {})} />
    </>
  );
}
