import { CalendarOutlined, LockOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { fiscalYearEntity } from '@erp/contracts';
import { useEntityOperations } from '../../../shared/kit';
import { approvalMode, useApprovalGate, useDocumentsUnderApproval } from '../../workflow/index';
import { usePeriods } from '../usePeriods';
import { GeneratePeriodsModal, type FiscalYearInfo } from './GeneratePeriodsModal';
import { PeriodsTable } from './PeriodsTable';
import { ScreenLink } from './ScreenLink';
import { YearEndCloseModal } from './YearEndCloseModal';

type Props = {
  fiscalYear: FiscalYearInfo & { id: string };
  /** Inside the fiscal year list: a link to the accounting periods screen of the year. */
  linkToPage?: boolean;
};

/** The operation labels of the period screens: generating edits the fiscal year; status changes edit the period. */
const periodPermission = { permission: 'AccountingPeriod' } as const;

/** The periods of one fiscal year: the table with Close, Open and Lock (Submit closing for approval under an active PeriodClosing workflow), and Generate periods while it has none. */
export function PeriodsPanel({ fiscalYear, linkToPage }: Props) {
  const { periods, status, submitClosing, generate } = usePeriods(fiscalYear.id);
  const canGenerate = useEntityOperations(fiscalYearEntity).edit;
  const canChange = useEntityOperations(periodPermission).edit;
  const [generating, setGenerating] = useState(false);
  const [closingYear, setClosingYear] = useState(false);
  const rows = periods.data ?? [];
  const empty = periods.isSuccess && rows.length === 0;
  const regular = rows.filter((period) => period.type === 'Regular').length;
  // An active PeriodClosing workflow: an open period is closed by approval; which open ones wait for it.
  const closingMode = approvalMode(useApprovalGate('PeriodClosing'));
  const governed = closingMode === 'submit';
  const underApproval = useDocumentsUnderApproval('PeriodClosing', governed ? rows.filter((period) => period.status === 'Open').map((period) => period.id) : []);
  const changing = status.isPending ? status.variables.period.id : submitClosing.isPending ? submitClosing.variables.id : undefined;

  return (
    <Flex vertical gap={8}>
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Typography.Text strong>
          Periods of {fiscalYear.code}
          {rows.length > 0 && (
            <Typography.Text type="secondary">
              {' '}
              · {rows.length} periods ({regular} regular)
            </Typography.Text>
          )}
        </Typography.Text>
        <Flex gap={8} wrap>
          {empty && canGenerate && (
            <Button type="primary" icon={<ScheduleOutlined aria-hidden />} onClick={() => setGenerating(true)}>
              Generate periods
            </Button>
          )}
          {rows.length > 0 && canGenerate && (
            <Button icon={<LockOutlined aria-hidden />} onClick={() => setClosingYear(true)}>
              Year-end close
            </Button>
          )}
          {linkToPage && (
            <ScreenLink to={`/accounting-period?fiscalYear=${fiscalYear.id}`} icon={<CalendarOutlined aria-hidden />}>
              Accounting periods
            </ScreenLink>
          )}
        </Flex>
      </Flex>
      {periods.error && <Alert type="error" showIcon title={periods.error.message} />}
      <PeriodsTable
        label={`Periods of ${fiscalYear.code}`}
        periods={rows}
        loading={periods.isFetching}
        canChange={canChange}
        changing={changing}
        onChange={(period, next) => status.mutate({ period, next })}
        onSubmitClosing={governed ? (period) => submitClosing.mutate(period) : undefined}
        underApproval={underApproval}
        closingPending={closingMode === undefined}
      />
      <GeneratePeriodsModal
        fiscalYear={fiscalYear}
        open={generating}
        generating={generate.isPending}
        onClose={() => setGenerating(false)}
        onGenerate={(request) => generate.mutateAsync(request)}
      />
      <YearEndCloseModal fiscalYear={fiscalYear} open={closingYear} onClose={() => setClosingYear(false)} />
    </Flex>
  );
}
