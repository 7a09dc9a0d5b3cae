import { Empty, Tag, Timeline, Typography } from 'antd';
import type { HistoryAction, HistoryItem } from '@erp/contracts';
import { useDisplay } from '../shell-adapter';

const actionColour: Record<HistoryAction, string> = {
  submitted: 'blue',
  delegated: 'purple',
  approved: 'green',
  rejected: 'red',
  escalated: 'orange',
  reminded: 'gold',
  performed: 'cyan',
  completed: 'green',
  cancelled: 'gray',
};

function itemText(item: HistoryItem): string {
  const who = item.actor?.name ?? 'The escalation job';
  const behalf = item.onBehalfOf ? ` on behalf of ${item.onBehalfOf.name}` : '';
  const step = item.stepNo !== null ? ` at step ${item.stepNo}` : '';
  const target = item.target ? ` to ${item.target.name}` : '';
  const operation = item.operation ? ` (${item.operation})` : '';
  return `${who}${behalf}${target}${step}${operation}`;
}

/** A document's approval history, oldest first: who did what, when, with the comment. */
export function HistoryTimeline({ items }: { items: readonly HistoryItem[] }) {
  const display = useDisplay();
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No approval history yet" />;
  return (
    <section aria-label="Approval history">
    <Timeline
      items={items.map((item) => ({
        key: item.id,
        color: actionColour[item.action],
        content: (
          <div data-testid="history-item">
            <Tag color={actionColour[item.action]}>{item.action}</Tag>
            <Typography.Text>{itemText(item)}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{display.dateTime(item.at)}</Typography.Text>
            </div>
            {item.comment && <Typography.Paragraph style={{ margin: 0 }} italic>“{item.comment}”</Typography.Paragraph>}
          </div>
        ),
      }))}
    />
    </section>
  );
}
