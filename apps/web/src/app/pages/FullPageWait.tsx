import { Flex, Spin, Typography } from 'antd';

/** The Please wait state while the app or a screen loads. */
export function FullPageWait() {
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: '60vh' }} role="status" aria-live="polite">
      <Spin size="large" />
      <Typography.Text type="secondary">Please wait</Typography.Text>
    </Flex>
  );
}
