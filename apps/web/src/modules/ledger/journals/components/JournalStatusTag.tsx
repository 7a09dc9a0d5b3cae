import { Tag } from 'antd';
import type { JournalStatus } from '@erp/contracts';

const colourOf: Readonly<Record<JournalStatus, string>> = { Draft: 'default', Validated: 'processing', Posted: 'success', Reversed: 'warning' };

export function JournalStatusTag({ status }: { status: JournalStatus }) {
  return <Tag color={colourOf[status]}>{status}</Tag>;
}
