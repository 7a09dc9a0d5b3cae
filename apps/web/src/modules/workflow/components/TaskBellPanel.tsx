import { Empty, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { InboxItem, TaskSummary } from '@erp/contracts';
import { ageLabel, approvalTypeLabel, documentLink } from '../workflow-format';
import { BellMessages } from './BellMessages';
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

/**
 * What the bell opens: the newest tasks and the messages, in tabs. Its own chunk, loaded at the first click: every screen
 * shows the bell, few open it.
 */
export function TaskBellPanel({ summary, open, close }: { summary: TaskSummary | undefined; open: boolean; close: () => void }) {
  const [tab, setTab] = useState('tasks');
  const count = summary?.count ?? 0;
  const newest = summary?.newest ?? [];
  const unread = summary?.unreadMessages ?? 0;
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
  return (
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
}
