import type { ReactNode } from 'react';
import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';

/**
 * An error or warning with an action, laid out as antd's Result. The start-up and route-error screens use this instead
 * of Result, whose module carries its 403/404/500 illustrations into the first load of every page (about 9 KB compressed).
 */
export function StatusMessage({ status, title, subTitle, extra }: { status: 'error' | 'warning'; title: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : ExclamationCircleFilled;
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 32px', textAlign: 'center' }}>
      <Icon style={{ fontSize: 72, color: status === 'error' ? token.colorError : token.colorWarning }} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {subTitle && <Typography.Text type="secondary">{subTitle}</Typography.Text>}
      {extra && <div style={{ marginTop: 12 }}>{extra}</div>}
    </Flex>
  );
}
