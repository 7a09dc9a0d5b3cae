import { Alert, Empty, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { MessageView } from '@erp/contracts';
import { useMarkMessageRead, useMessages } from '../workflow-api';
import { useDisplay } from '../shell-adapter';

/** The bell's messages tab: the in-app messages of the approval events; opening one marks it read and follows its link. */
export function BellMessages({ onOpen }: { onOpen: () => void }) {
  const display = useDisplay();
  const navigate = useNavigate();
  const messages = useMessages(true);
  const markRead = useMarkMessageRead();
  const open = (message: MessageView) => {
    if (!message.read) markRead.mutate(message.id);
    onOpen();
    if (message.link) void navigate(message.link);
  };
  if (messages.error) return <Alert type="error" showIcon title={messages.error.message} />;
  if (!messages.data) return <Spin style={{ display: 'block', margin: '16px auto' }} />;
  if (messages.data.items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages" />;
  return (
    <ul className="wf-bell-items" aria-label="Messages">
      {messages.data.items.map((message) => (
        <li key={message.id} className="wf-bell-item">
          <button type="button" className="wf-bell-message" onClick={() => open(message)} aria-label={`${message.read ? '' : 'Unread: '}${message.title}`}>
            <Typography.Text strong={!message.read} ellipsis style={{ display: 'block' }}>{message.title}</Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>{message.body}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{display.dateTime(message.createdAt)}</Typography.Text>
          </button>
        </li>
      ))}
    </ul>
  );
}
