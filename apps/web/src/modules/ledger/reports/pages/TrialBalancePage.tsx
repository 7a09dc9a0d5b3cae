import { CheckCircleOutlined, ExclamationCircleOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { datePattern, DEFAULT_DATE_FORMAT, displayDate, hasOperation } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { useCompany } from '../../../../app/shell/useCompany';
import { useLedgerReference } from '../../journals/useLedgerReference';
import { TrialBalanceFilters } from '../components/TrialBalanceFilters';
import { TrialBalanceTable } from '../components/TrialBalanceTable';
import { SubledgerTieoutPanel } from '../components/SubledgerTieoutPanel';
import { downloadTrialBalance, fetchFiscalYears, fetchTrialBalance, reportsKey, type TrialBalance, type TrialBalanceExportFormat } from '../reports-api';
import { trialBalanceRows } from '../trial-balance-rows';
import { useTrialBalanceFilter } from '../useTrialBalanceFilter';
import { ExportButton } from '../../../../shared/transfer';

// The import (antd's upload, the file reader, the preview) loads when it is first opened, not with the report.
const OpeningBalanceImportModal = lazy(async () => ({ default: (await import('../components/OpeningBalanceImportModal')).OpeningBalanceImportModal }));

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

const exportFormats: { key: TrialBalanceExportFormat; label: string }[] = [
  { key: 'xlsx', label: 'Excel (XLSX)' },
  { key: 'pdf', label: 'PDF' },
  { key: 'csv', label: 'CSV' },
];

/** /trial-balance: opening, debit, credit and closing per account for a range, grouped by class and group; export to XLSX, PDF or CSV; import opening balances. */
export default function TrialBalancePage() {
  const [filter, setFilter] = useTrialBalanceFilter();
  const company = useCompany();
  const dateFormat = company?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const reference = useLedgerReference();
  const { permissions } = useSignedInUser().parentRole;
  const canImport = hasOperation(permissions, 'ImportTrialBalance');
  const [importing, setImporting] = useState(false);
  // Mounted from its first opening on, so it closes with its animation.
  const [imported, setImported] = useState(false);
  const report = useQuery({
    queryKey: [...reportsKey, 'trial-balance', filter],
    queryFn: ({ signal }) => fetchTrialBalance(filter, signal),
    placeholderData: keepPreviousData,
  });
  const fiscalYears = useQuery({ queryKey: [...reportsKey, 'fiscal-years'], queryFn: ({ signal }) => fetchFiscalYears(signal), staleTime: 5 * 60_000 });
  const tb = report.data;
  const rows = useMemo(() => (tb ? trialBalanceRows(tb) : []), [tb]);

  return (
    <>
      <PageHeading
        title="Trial Balance"
        subtitle={tb && `${displayDate(tb.from, { dateFormat })} – ${displayDate(tb.to, { dateFormat })} · ${filter.currency ? `${tb.currency} (transaction currency)` : `${tb.currency} (base)`}`}
        extra={
          <Flex wrap gap={8} align="center">
            {tb && <BalanceBadge tb={tb} inBase={!filter.currency} />}
            <Button icon={<ReloadOutlined aria-hidden />} loading={report.isFetching} onClick={() => void report.refetch()}>
              Refresh
            </Button>
            <ExportButton exportFile={(format) => downloadTrialBalance(filter, format)} exportLabel="ExportTrialBalance" formats={exportFormats} disabled={!tb} />
            {canImport && (
              <Button icon={<UploadOutlined aria-hidden />} onClick={() => {
                  setImporting(true);
                  setImported(true);
                }}>
                Import as opening balances
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
        dateFormat={datePattern(dateFormat)}
        fiscalYears={fiscalYears.data ?? []}
      />
      {report.error && <Alert type="error" showIcon title={report.error.message} style={{ marginBottom: 12 }} />}
      <TrialBalanceTable rows={rows} from={filter.from} to={filter.to} loading={report.isFetching} currency={tb?.currency ?? reference.baseCurrency ?? ''} />
      <SubledgerTieoutPanel asOf={filter.to} dateFormat={dateFormat} />
      {imported && (
        <Suspense fallback={null}>
          <OpeningBalanceImportModal key={filter.from} open={importing} defaultDate={filter.from} dateFormat={datePattern(dateFormat)} onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}
