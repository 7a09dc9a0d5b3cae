import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** A screen's title row: heading, optional subtitle and actions on the right. */
export function PageHeading({ title, subtitle, icon, extra }: { title: ReactNode; subtitle?: ReactNode; icon?: ReactNode; extra?: ReactNode }) {
  return (
    <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
      <Flex align="center" gap={12} style={{ minWidth: 0 }}>
        {icon}
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
      </Flex>
      {extra}
    </Flex>
  );
}
