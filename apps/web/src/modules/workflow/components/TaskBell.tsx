import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTaskSummary } from '../workflow-api';
import '../workflow-screens.css';

// The panel (tabs, task list, messages) loads at the first click: the bell is on every screen's first load.
const TaskBellPanel = lazy(async () => ({ default: (await import('./TaskBellPanel')).TaskBellPanel }));

/** The top bar's bell: the count of open approval tasks (refreshed every minute and on focus) and the newest ones. */
export function TaskBell() {
  const summary = useTaskSummary();
  const [open, setOpen] = useState(false);
  const { refetch } = summary;
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  const count = summary.data?.count ?? 0;
  const close = () => setOpen(false);
  const label = count === 0 ? 'Notifications' : `Notifications: ${count} approval ${count === 1 ? 'task' : 'tasks'}`;
  const unread = summary.data?.unreadMessages ?? 0;
  const content = (
    <Suspense fallback={<Spin size="small" />}>
      <TaskBellPanel summary={summary.data} open={open} close={close} />
    </Suspense>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button type="text" shape="circle" aria-label={label} icon={<Badge count={count} dot={count === 0 && unread > 0} size="small" overflowCount={99}><BellOutlined /></Badge>} />
    </Popover>
  );
}
