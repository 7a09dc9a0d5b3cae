import { CalendarOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { formatDateLabel } from '../../shared/format';
import { useCompany } from './useCompany';

/** The company's accounting date in its date format; empty when the company call fails. */
export function AppDateBadge({ compact = false }: { compact?: boolean }) {
  const company = useCompany();
  const text = company ? formatDateLabel(company.accountingDate, company.dateFormat) : '';
  return (
    <Tooltip title="Accounting date of the company">
      <Tag icon={<CalendarOutlined />} color="blue" data-testid="app-date" aria-label={`App Date ${text}`} style={{ marginInlineEnd: 4, paddingInline: compact ? 4 : undefined }}>
        {!compact && 'App Date: '}
        <strong>{text}</strong>
      </Tag>
    </Tooltip>
  );
}
