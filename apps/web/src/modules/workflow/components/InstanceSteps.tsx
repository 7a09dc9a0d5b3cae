import { Space, Steps, Tag, Typography } from 'antd';
import type { InstanceView } from '@erp/contracts';

type StepStatus = InstanceView['steps'][number]['status'];
const stepState: Record<StepStatus, 'wait' | 'process' | 'finish' | 'error'> = {
  Waiting: 'wait',
  Open: 'process',
  Approved: 'finish',
  Rejected: 'error',
  Cancelled: 'wait',
};
const statusColour: Record<InstanceView['status'], string> = { Running: 'processing', Approved: 'success', Rejected: 'error', Cancelled: 'default' };

export function InstanceStatusTag({ status }: { status: InstanceView['status'] }) {
  return <Tag color={statusColour[status]}>{status === 'Running' ? 'Awaiting approval' : status}</Tag>;
}

/** Where one submission stands: its steps in order, each with its assignees and what they did. */
export function InstanceSteps({ instance }: { instance: InstanceView }) {
  if (instance.steps.length === 0) {
    return <Typography.Text type="secondary">No workflow step applied: {instance.performed.join(', ') || 'nothing'} ran at once.</Typography.Text>;
  }
  return (
    <Steps
      orientation="vertical"
      size="small"
      current={Math.max(0, instance.steps.findIndex((s) => s.status === 'Open'))}
      items={instance.steps.map((step) => ({
        key: step.stepNo,
        status: stepState[step.status],
        title: `${step.stepNo}. ${step.name}`,
        content: (
          <Space orientation="vertical" size={0}>
            <Typography.Text type="secondary">
              {step.status} · {step.rule === 'All' ? 'every assignee approves' : 'any assignee approves'}
              {step.operation ? ` · then ${step.operation}` : ''}
            </Typography.Text>
            {step.tasks.map((task) => (
              <Typography.Text key={task.id}>
                {task.assignee.name}
                {task.delegate ? ` (delegated to ${task.delegate.name})` : ''}: {task.status}
                {task.actedBy && task.actedBy.id !== task.assignee.id ? ` by ${task.actedBy.name}` : ''}
                {task.origin === 'Escalated' ? ' · escalated' : ''}
              </Typography.Text>
            ))}
          </Space>
        ),
      }))}
    />
  );
}
