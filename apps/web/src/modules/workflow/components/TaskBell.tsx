import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { InboxItem } from '@erp/contracts';
import { useTaskSummary } from '../workflow-api';
import { ageLabel, approvalTypeLabel } from '../workflow-format';
import { BellMessages } from './BellMessages';
import { documentLink } from './TaskDrawer';
import '../workflow-screens.css';
import { useDisplay } from '../shell-adapter';

function NewestTask({ task, onOpen }: { task: InboxItem; onOpen: () => void }) {
  const display = useDisplay();
  const link = documentLink(task) ?? `/workflow-task?task=${task.taskId}`;
  return (
    <li className="wf-bell-item">
      <Link to={link} onClick={onOpen} style={{ display: 'block', width: '100%' }} aria-label={`Open ${task.documentNumber ?? task.description}`}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text strong ellipsis>{task.documentNumber ?? approvalTypeLabel(task.approvalType)}</Typography.Text>
          <span className="wf-amount">{display.amount(task.amount)} {task.currency}</span>
        </Flex>
        <Flex justify="space-between" gap={8}>
          <Typography.Text type="secondary" ellipsis>{task.description}</Typography.Text>
          <Typography.Text type={task.overdue ? 'danger' : 'secondary'} style={{ whiteSpace: 'nowrap' }}>{ageLabel(task.ageHours)}</Typography.Text>
        </Flex>
      </Link>
    </li>
  );
}

/** The top bar's bell: the count of open approval tasks (refreshed every minute and on focus) and the newest ones. */
export function TaskBell() {
  const summary = useTaskSummary();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('tasks');
  const { refetch } = summary;
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  const count = summary.data?.count ?? 0;
  const newest = summary.data?.newest ?? [];
  const close = () => setOpen(false);
  const label = count === 0 ? 'Notifications' : `Notifications: ${count} approval ${count === 1 ? 'task' : 'tasks'}`;
  const unread = summary.data?.unreadMessages ?? 0;
  const tasks = (
    <>
      {newest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing waits for your approval" />
      ) : (
        <ul className="wf-bell-items" aria-label="Newest approval tasks">
          {newest.map((task) => <NewestTask key={task.taskId} task={task} onOpen={close} />)}
        </ul>
      )}
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
        <Link to="/workflow-task" onClick={close}>All my tasks{count > 0 ? ` (${count})` : ''}</Link>
        {unread > 0 && <Typography.Text type="secondary">{unread} unread {unread === 1 ? 'message' : 'messages'}</Typography.Text>}
      </Flex>
    </>
  );
  const content = (
    <div className="wf-bell-list">
      <Tabs
        size="small"
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'tasks', label: `Tasks${count > 0 ? ` (${count})` : ''}`, children: tasks },
          { key: 'messages', label: `Messages${unread > 0 ? ` (${unread})` : ''}`, children: open && tab === 'messages' ? <BellMessages onOpen={close} /> : null },
        ]}
      />
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button type="text" shape="circle" aria-label={label} icon={<Badge count={count} dot={count === 0 && unread > 0} size="small" overflowCount={99}><BellOutlined /></Badge>} />
    </Popover>
  );
}
