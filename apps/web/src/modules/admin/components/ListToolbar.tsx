import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import type { ReactNode } from 'react';

type Props = {
  searchLabel: string;
  placeholder: string;
  onSearch: (text: string) => void;
  onExport: () => void;
  exporting?: boolean;
  children?: ReactNode;
};

/** Search box, the screen's own filters and actions, and Export CSV, wrapping on narrow screens. */
export function ListToolbar({
  searchLabel,
  placeholder,
  onSearch,
  onExport,
  exporting = false,
  children,
}: Props) {
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
      <Input.Search
        aria-label={searchLabel}
        placeholder={placeholder}
        allowClear
        enterButton
        onSearch={(text) => onSearch(text)}
        style={{ width: 240, maxWidth: '100%' }}
      />
      {children}
      <Button icon={<DownloadOutlined aria-hidden />} onClick={onExport} loading={exporting}>
        Export CSV
      </Button>
    </Flex>
  );
}
