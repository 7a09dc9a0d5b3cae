import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input } from 'antd';
import { useState } from 'react';
import type { InstanceView } from '@erp/contracts';
import { useApproveTask, useRejectTask } from '../workflow-api';
import { ApiError, useNotify } from '../shell-adapter';

/** A refusal as the approver should read it: the server's message, with what it means for the task. */
export function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const { message, statusCode } = error.error;
  if (statusCode === 409) return `${message} (the task is no longer open: refresh the inbox)`;
  if (statusCode === 404) return `${message} (this task is not yours)`;
  return message;
}

type Props = { taskId: string; documentLabel: string; onDone: (instance: InstanceView) => void };

/** Approve (optional comment) or Reject (the comment is required) one open task. */
export function TaskDecision({ taskId, documentLabel, onDone }: Props) {
  const notify = useNotify();
  const approve = useApproveTask();
  const reject = useRejectTask();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const busy = approve.isPending || reject.isPending;
  const id = taskId;
  const number = documentLabel;

  const run = async (action: 'approve' | 'reject') => {
    setProblem(undefined);
    if (action === 'reject' && comment.trim() === '') {
      setProblem('Please give the reason for the rejection');
      return;
    }
    try {
      const text = comment.trim();
      const result = action === 'approve'
        ? await approve.mutateAsync({ id, input: text ? { comment: text } : {} })
        : await reject.mutateAsync({ id, input: { comment: text } });
      notify.success(action === 'approve' ? `Approved ${number}` : `Rejected ${number}`);
      onDone(result.instance);
    } catch (error) {
      setProblem(refusalText(error));
    }
  };

  return (
    <Flex vertical gap={8}>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
      <Input.TextArea aria-label="Comment" placeholder="Comment (required to reject)" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
      <Flex gap={8} justify="flex-end" wrap>
        <Button danger icon={<CloseOutlined aria-hidden />} loading={reject.isPending} disabled={busy} onClick={() => void run('reject')}>
          Reject
        </Button>
        <Button type="primary" icon={<CheckOutlined aria-hidden />} loading={approve.isPending} disabled={busy} onClick={() => void run('approve')}>
          Approve
        </Button>
      </Flex>
    </Flex>
  );
}
