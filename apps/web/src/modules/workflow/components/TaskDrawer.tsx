import { LinkOutlined } from '@ant-design/icons';
import { Alert, Descriptions, Divider, Drawer, Grid, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import type { InboxItem } from '@erp/contracts';
import { useDocumentHistory, useTaskDetail } from '../workflow-api';
import { ageLabel, approvalTypeLabel, documentLink } from '../workflow-format';
import { HistoryTimeline } from './HistoryTimeline';
import { InstanceStatusTag, InstanceSteps } from './InstanceSteps';
import { TaskDecision } from './TaskDecision';
import { useDisplay } from '../shell-adapter';

export function DocumentLink({ task }: { task: InboxItem }) {
  const link = documentLink(task);
  // A document without a number yet (a draft journal) reads by its description.
  const label = task.documentNumber ?? task.description;
  if (!link) return <span>{label}</span>;
  return (
    <Link to={link} onClick={(e) => e.stopPropagation()}>
      <LinkOutlined aria-hidden /> {label}
    </Link>
  );
}

function TaskFacts({ task }: { task: InboxItem }) {
  const display = useDisplay();
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="Document"><DocumentLink task={task} /></Descriptions.Item>
      <Descriptions.Item label="Approval type">{approvalTypeLabel(task.approvalType)}</Descriptions.Item>
      <Descriptions.Item label="Description">{task.description}</Descriptions.Item>
      <Descriptions.Item label="Amount">
        <span className="wf-amount">{display.amount(task.amount)} {task.currency}</span>
      </Descriptions.Item>
      <Descriptions.Item label="Step">{task.stepNo}. {task.stepName}{task.operation ? ` (then ${task.operation})` : ''}</Descriptions.Item>
      <Descriptions.Item label="Submitted by">{task.submittedBy.name}</Descriptions.Item>
      {task.onBehalfOf && <Descriptions.Item label="On behalf of">{task.onBehalfOf.name}</Descriptions.Item>}
      <Descriptions.Item label="Age">
        {ageLabel(task.ageHours)}
        {task.dueAt && <Typography.Text type={task.overdue ? 'danger' : 'secondary'}> · due {display.dateTime(task.dueAt)}{task.overdue ? ' (overdue)' : ''}</Typography.Text>}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** One task: the document, where its approval stands, its history and the decision buttons. */
export function TaskDrawer({ taskId, onClose }: { taskId: string | undefined; onClose: () => void }) {
  const narrow = Grid.useBreakpoint().md !== true;
  const detail = useTaskDetail(taskId);
  const task = detail.data?.task;
  const history = useDocumentHistory(task?.approvalType ?? 'None', task?.documentId);
  return (
    <Drawer open={taskId !== undefined} onClose={onClose} destroyOnHidden size={narrow ? '100%' : 560} title={task ? `${approvalTypeLabel(task.approvalType)} ${task.documentNumber ?? ''}` : 'Task'}>
      {detail.error && <Alert type="error" showIcon title={detail.error.message} />}
      {!detail.data && !detail.error && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {detail.data && task && (
        <>
          <TaskFacts task={task} />
          {task.status === 'Open' && detail.data.canAct && (
            <>
              <Divider titlePlacement="start">Decision</Divider>
              <TaskDecision taskId={task.taskId} documentLabel={task.documentNumber ?? task.description} onDone={onClose} />
            </>
          )}
          {task.status === 'Open' && !detail.data.canAct && <Alert style={{ marginTop: 12 }} type="info" showIcon title="You cannot act on this task (for example, it is your own document)." />}
          <Divider titlePlacement="start">
            Progress <InstanceStatusTag status={detail.data.instance.status} />
          </Divider>
          <InstanceSteps instance={detail.data.instance} />
          <Divider titlePlacement="start">History</Divider>
          {history.error ? <Alert type="error" showIcon title={history.error.message} /> : <HistoryTimeline items={history.data?.items ?? []} />}
        </>
      )}
    </Drawer>
  );
}
