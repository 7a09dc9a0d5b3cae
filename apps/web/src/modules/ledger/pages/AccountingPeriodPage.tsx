import { CalendarOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Flex, Select, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { fiscalYearEntity, MAX_LIST_SIZE, type EntityRecord } from '@erp/contracts';
import { PageHeading } from '../../../app/pages/PageHeading';
import { entityKey, fetchEntityList, initialListState } from '../../../shared/kit';
import { PeriodsPanel } from '../components/PeriodsPanel';
import { ScreenLink } from '../components/ScreenLink';
import { fiscalYearInfo } from '../period-form';
import { toIsoDate } from '../../../shared/format';
import { useDisplay } from '../../../shared/useDisplay';

/** Every fiscal year of the company, the latest first (the definition's default sort). */
function useFiscalYears() {
  return useQuery({
    queryKey: [...entityKey(fiscalYearEntity), 'all'],
    queryFn: async ({ signal }) => (await fetchEntityList(fiscalYearEntity, { ...initialListState(), pageSize: MAX_LIST_SIZE }, signal)).items,
  });
}

/** The year the page opens on: the one asked for, else the one holding today, else the latest. */
function chosenYear(years: readonly EntityRecord[], asked: string | null): EntityRecord | undefined {
  // The local calendar day: toISOString would give the UTC one, a day off near midnight.
  const today = toIsoDate(new Date());
  return years.find((year) => year.id === asked) ?? years.find((year) => String(year.startDate) <= today && today <= String(year.endDate)) ?? years[0];
}

/** /accounting-period?fiscalYear=<id>: the periods of one fiscal year with their status changes (child of /fiscal-year). */
export default function AccountingPeriodPage() {
  const [params, setParams] = useSearchParams();
  const years = useFiscalYears();
  const { date: dateLabel } = useDisplay();
  const year = chosenYear(years.data ?? [], params.get('fiscalYear'));

  return (
    <>
      <PageHeading
        title="Accounting Periods"
        subtitle={year ? `${String(year.code)} · ${String(year.name)}` : undefined}
        extra={
          <ScreenLink to="/fiscal-year" icon={<CalendarOutlined aria-hidden />}>
            Fiscal years
          </ScreenLink>
        }
      />
      {years.error && <Alert type="error" showIcon title={years.error.message} style={{ marginBottom: 12 }} />}
      <Card size="small" loading={years.isLoading}>
        {years.isSuccess && years.data.length === 0 ? (
          <Empty description="No fiscal years yet: define one under Fiscal Year first." />
        ) : (
          <Flex vertical gap={16}>
            <Flex gap={16} wrap align="center">
              <Select
                aria-label="Fiscal year"
                value={year?.id}
                onChange={(id: string) => setParams({ fiscalYear: id })}
                options={(years.data ?? []).map((option) => ({ value: option.id, label: `${String(option.code)} · ${String(option.name)}` }))}
                style={{ width: 280, maxWidth: '100%' }}
              />
              {year && (
                <Descriptions
                  size="small"
                  column={{ xs: 1, sm: 3 }}
                  items={[
                    { key: 'start', label: 'Start', children: dateLabel(String(year.startDate)) },
                    { key: 'end', label: 'End', children: dateLabel(String(year.endDate)) },
                    { key: 'status', label: 'Year', children: <Tag color={year.status === 'Open' ? 'success' : undefined}>{String(year.status)}</Tag> },
                  ]}
                  style={{ flex: '1 1 320px' }}
                />
              )}
            </Flex>
            {year && <PeriodsPanel key={year.id} fiscalYear={fiscalYearInfo(year)} />}
          </Flex>
        )}
      </Card>
    </>
  );
}
