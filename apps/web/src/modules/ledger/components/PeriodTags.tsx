import { AuditOutlined, CheckCircleOutlined, LockOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import type { PeriodStatus, PeriodType } from '../setup-api';

const typeColor: Record<PeriodType, string | undefined> = { Opening: 'blue', Regular: undefined, Adjustment: 'purple' };

/** Opening and Adjustment periods stand out from the regular months. */
export function PeriodTypeTag({ type }: { type: PeriodType }) {
  return <Tag color={typeColor[type]}>{type}</Tag>;
}

/** Open takes postings; Closed refuses them until reopened; Locked refuses them for good. */
export function PeriodStatusTag({ status }: { status: PeriodStatus }) {
  if (status === 'Open') {
    return (
      <Tag color="success" icon={<CheckCircleOutlined aria-hidden />}>
        Open
      </Tag>
    );
  }
  if (status === 'Closed') {
    return (
      <Tag color="warning" icon={<MinusCircleOutlined aria-hidden />}>
        Closed
      </Tag>
    );
  }
  return (
    <Tag color="error" icon={<LockOutlined aria-hidden />}>
      Locked
    </Tag>
  );
}

/** An open period whose closing waits for its PeriodClosing approval: it closes on the last approval. */
export function ClosingUnderApprovalTag() {
  return (
    <Tag color="processing" icon={<AuditOutlined aria-hidden />}>
      Closing under approval
    </Tag>
  );
}
