import { Tag } from 'antd';
import type { RecurringState } from '@erp/contracts';

const colourOf: Readonly<Record<RecurringState, string>> = { Active: 'success', Inactive: 'default', Completed: 'blue' };

export function RecurringStateTag({ state }: { state: RecurringState }) {
  return <Tag color={colourOf[state]}>{state}</Tag>;
}
