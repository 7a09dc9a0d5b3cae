import { CheckCircleOutlined, DownloadOutlined, ExclamationCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DEFAULT_DATE_FORMAT, hasOperation } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { useCompany } from '../../../../app/shell/useCompany';
import { formatDate, pickerFormat } from '../../journals/amount-format';
import { useLedgerReference } from '../../journals/useLedgerReference';
import { TrialBalanceFilters } from '../components/TrialBalanceFilters';
import { TrialBalanceTable } from '../components/TrialBalanceTable';
import { fetchTrialBalance, reportsKey, type TrialBalance } from '../reports-api';
import { downloadCsv, trialBalanceCsv } from '../trial-balance-csv';
import { trialBalanceRows } from '../trial-balance-rows';
import { useTrialBalanceFilter } from '../useTrialBalanceFilter';

const isZero = (text: string) => /^-?0*(\.0*)?$/.test(text);

function BalanceBadge({ tb, inBase }: { tb: TrialBalance; inBase: boolean }) {
  // The server checks that closing balances net to zero in base currency; in one transaction
  // currency (which the exchange lines also keep balanced) the screen checks the totals itself.
  if (inBase ? tb.balanced : isZero(tb.totals.closing)) {
    return (
      <Tag color="success" icon={<CheckCircleOutlined aria-hidden />} data-testid="tb-balance">
        Balanced
      </Tag>
    );
  }
  return (
    <Tag color="error" icon={<ExclamationCircleOutlined aria-hidden />} data-testid="tb-balance">
      Not balanced
    </Tag>
  );
}

/** /trial-balance: opening, debit, credit and closing per account for a range, grouped by class and group, exportable to CSV. */
export default function TrialBalancePage() {
  const [filter, setFilter] = useTrialBalanceFilter();
  const company = useCompany();
  const dateFormat = company?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const reference = useLedgerReference();
  const canExport = hasOperation(useSignedInUser().parentRole.permissions, 'ExportTrialBalance');
  const report = useQuery({
    queryKey: [...reportsKey, 'trial-balance', filter],
    queryFn: ({ signal }) => fetchTrialBalance(filter, signal),
    placeholderData: keepPreviousData,
  });
  const tb = report.data;
  const rows = useMemo(() => (tb ? trialBalanceRows(tb) : []), [tb]);
  const exportCsv = () => tb && downloadCsv(`trial-balance-${tb.from}-${tb.to}${tb.currency ? `-${tb.currency}` : ''}.csv`, trialBalanceCsv(rows));

  return (
    <>
      <PageHeading
        title="Trial Balance"
        subtitle={tb && `${formatDate(tb.from, dateFormat)} – ${formatDate(tb.to, dateFormat)} · ${filter.currency ? `${tb.currency} (transaction currency)` : `${tb.currency} (base)`}`}
        extra={
          <Flex wrap gap={8} align="center">
            {tb && <BalanceBadge tb={tb} inBase={!filter.currency} />}
            <Button icon={<ReloadOutlined aria-hidden />} loading={report.isFetching} onClick={() => void report.refetch()}>
              Refresh
            </Button>
            {canExport && (
              <Button icon={<DownloadOutlined aria-hidden />} disabled={!tb} onClick={exportCsv}>
                Export CSV
              </Button>
            )}
          </Flex>
        }
      />
      <TrialBalanceFilters
        filter={filter}
        onChange={setFilter}
        baseCurrency={reference.baseCurrency}
        currencyCodes={reference.currencyCodes}
        dimensionOptions={reference.dimensionOptions}
        dateFormat={pickerFormat(dateFormat)}
      />
      {report.error && <Alert type="error" showIcon title={report.error.message} style={{ marginBottom: 12 }} />}
      <TrialBalanceTable rows={rows} from={filter.from} to={filter.to} loading={report.isFetching} currency={tb?.currency ?? reference.baseCurrency ?? ''} />
    </>
  );
}
