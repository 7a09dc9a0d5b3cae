import { Tag } from 'antd';
import type { ActiveFlag, UserStatus } from '@erp/contracts';

const colours: Record<UserStatus | ActiveFlag, string> = {
  Active: 'green',
  Inactive: 'default',
  Disabled: 'orange',
  Deleted: 'red',
};

export function StatusTag({ status }: { status: UserStatus | ActiveFlag }) {
  return <Tag color={colours[status]}>{status}</Tag>;
}
