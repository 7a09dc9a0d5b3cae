import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Select, Spin, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { WorkflowChart } from '../components/WorkflowChart';
import { PageHeading } from '../shell-adapter';
import { useEscalations, useWorkflow, useWorkflows } from '../workflow-api';
import { approvalTypeLabel } from '../workflow-format';
import '../workflow-screens.css';

/** /workflow-chart?id=: draws one workflow's steps; without an id, choose the workflow first. */
export default function WorkflowChartPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const workflows = useWorkflows({ limit: 500, page: 1 });
  const workflow = useWorkflow(id);
  const rules = useEscalations(id);
  const view = workflow.data;
  return (
    <>
      <PageHeading
        title={view ? `Workflow chart: ${view.name}` : 'Workflow chart'}
        subtitle={view ? <Flex gap={6} align="center" wrap>{approvalTypeLabel(view.approvalType)}{view.active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}</Flex> : 'The steps a document goes through, in order'}
        extra={view && <Link to={`/workflow?id=${view.id}`}><Button icon={<EditOutlined aria-hidden />}>Edit workflow</Button></Link>}
      />
      <Select<string>
        aria-label="Workflow"
        placeholder="Choose a workflow to draw"
        style={{ width: 360, maxWidth: '100%', marginBottom: 16 }}
        loading={workflows.isFetching}
        value={id}
        onChange={(value) => setParams({ id: value })}
        options={(workflows.data?.items ?? []).map((w) => ({ value: w.id, label: `${w.name} (${approvalTypeLabel(w.approvalType)})` }))}
      />
      {workflows.error && <Alert type="error" showIcon title={workflows.error.message} style={{ marginBottom: 12 }} />}
      {workflow.error && <Alert type="error" showIcon title={workflow.error.message} />}
      {id && !view && !workflow.error && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {!id && <Empty description="Choose a workflow to see its chart" />}
      {view && (
        <Card size="small">
          <WorkflowChart view={view} rules={rules.data?.items ?? []} />
        </Card>
      )}
    </>
  );
}
