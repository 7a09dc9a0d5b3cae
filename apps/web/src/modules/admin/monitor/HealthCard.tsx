import { Badge, Card, Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import type { HealthStatus } from '@erp/contracts';
import { statusBadge, statusText } from './monitor-format';

const tagColour: Record<HealthStatus, string> = { ok: 'success', warning: 'warning', down: 'error', off: 'default' };

export type Figure = { label: string; value: ReactNode };

/** One component's health: a coloured status and its figures. */
export function HealthCard({ title, status, figures }: { title: string; status: HealthStatus; figures: Figure[] }) {
  return (
    <Card
      size="small"
      title={<Badge status={statusBadge[status]} text={title} />}
      extra={<Tag color={tagColour[status]}>{statusText[status]}</Tag>}
      style={{ height: '100%' }}
      aria-label={`${title}: ${statusText[status]}`}
      role="region"
    >
      <Descriptions size="small" column={1} items={figures.map((f) => ({ key: f.label, label: f.label, children: f.value }))} />
    </Card>
  );
}
