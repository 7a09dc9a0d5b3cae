import { UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Popconfirm, Row, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApprovalType, DocumentHistory, InstanceView } from '@erp/contracts';
import { useDisplay, useNotify, useSignedInUser } from '../shell-adapter';
import { cancelInstance, useDocumentHistory, workflowKey } from '../workflow-api';
import { HistoryTimeline } from './HistoryTimeline';
import { InstanceStatusTag, InstanceSteps } from './InstanceSteps';
import { refusalText, TaskDecision } from './TaskDecision';

export type DocumentApprovalState = {
  /** The latest submission, null when never submitted (undefined while loading). */
  current: InstanceView | null | undefined;
  /** A submission waits for approval: the document may not be edited. */
  running: boolean;
  history: DocumentHistory | undefined;
  /** Reloads the approval queries after the document was submitted, approved or changed. */
  refresh: () => Promise<void>;
};

/** Where a document's approval stands, for its screen (a journal: /journal?id=). */
export function useDocumentApproval(approvalType: ApprovalType, documentId: string | undefined): DocumentApprovalState {
  const client = useQueryClient();
  const history = useDocumentHistory(approvalType, documentId);
  const current = documentId === undefined ? null : history.data ? history.data.current : undefined;
  return {
    current,
    running: current?.status === 'Running',
    history: history.data,
    refresh: () => client.invalidateQueries({ queryKey: workflowKey }),
  };
}

/** The open task of the instance that the user holds (as assignee or delegate), if any. */
export function myOpenTask(instance: InstanceView | null | undefined, userId: string): string | undefined {
  if (!instance || instance.status !== 'Running') return undefined;
  for (const step of instance.steps) {
    if (step.status !== 'Open') continue;
    const task = step.tasks.find((t) => t.status === 'Open' && (t.assignee.id === userId || t.delegate?.id === userId));
    if (task) return task.id;
  }
  return undefined;
}

/** The approval card of a document screen: the current submission's steps, withdraw (its submitter), and every action so far. */
export function DocumentApproval({ state, onChanged }: { state: DocumentApprovalState; onChanged?: () => void }) {
  const display = useDisplay();
  const notify = useNotify();
  const client = useQueryClient();
  const me = useSignedInUser();
  const [busy, setBusy] = useState(false);
  const current = state.current;
  if (!current && (state.history?.items.length ?? 0) === 0) return null;
  const mine = current?.submittedBy.id === me.activeUser.code;
  const taskId = myOpenTask(current, me.activeUser.code);
  const withdraw = async () => {
    if (!current) return;
    setBusy(true);
    try {
      await cancelInstance(current.id);
      await state.refresh();
      notify.success('The submission is withdrawn: the document can be edited again');
      onChanged?.();
    } catch (error) {
      notify.error(refusalText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      size="small"
      role="region"
      aria-label="Approval"
      title={<span>Approval {current && <InstanceStatusTag status={current.status} />}</span>}
      extra={state.running && mine && (
        <Popconfirm title="Withdraw this submission?" description="The approvers' open tasks close; you can edit and submit again." okText="Withdraw" onConfirm={() => void withdraw()}>
          <Button size="small" icon={<UndoOutlined aria-hidden />} loading={busy}>Withdraw</Button>
        </Popconfirm>
      )}
      style={{ marginTop: 16 }}
    >
      {state.running && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Awaiting approval: the document cannot be changed until the approvers decide or the submission is withdrawn." />}
      {taskId && current && (
        <div style={{ marginBottom: 16 }} role="group" aria-label="Your decision">
          <Typography.Text strong>Your decision</Typography.Text>
          <TaskDecision taskId={taskId} documentLabel={current.documentNumber ?? current.description} onDone={() => void client.invalidateQueries().then(() => onChanged?.())} />
        </div>
      )}
      <Row gutter={24}>
        {current && (
          <Col xs={24} lg={12}>
            <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
              Submitted by {current.submittedBy.name} on {display.dateTime(current.submittedAt)}
              {current.workflowName ? ` · workflow ${current.workflowName}` : ' · no workflow applied'}
            </Typography.Paragraph>
            <InstanceSteps instance={current} />
          </Col>
        )}
        <Col xs={24} lg={current ? 12 : 24}>
          <Typography.Text strong>History</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <HistoryTimeline items={state.history?.items ?? []} />
          </div>
        </Col>
      </Row>
    </Card>
  );
}
