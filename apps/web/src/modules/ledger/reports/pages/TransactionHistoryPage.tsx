import { Alert, Button, Card, DatePicker, Descriptions, Flex } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { datePattern, DEFAULT_DATE_FORMAT } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useCompany } from '../../../../app/shell/useCompany';
import { currentYearRange } from '../../journals/amount-format';
import { AccountPicker, postingAccounts } from '../../../../shared/pickers';
import { TransactionTable } from '../components/TransactionTable';
import { downloadTransactions, fetchTransactions, reportsKey } from '../reports-api';
import { ExportButton } from '../../../../shared/transfer';
import { AmountText } from '../../../../shared/DisplayText';

/** The account and range of the address (?account=&from=&to=), this year by default. */
function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const year = currentYearRange();
  const value = { account: params.get('account') ?? '', from: params.get('from') ?? year.from, to: params.get('to') ?? year.to };
  const update = (patch: Partial<typeof value>) => setParams(new URLSearchParams({ ...value, ...patch }), { replace: true });
  return [value, update] as const;
}

/** /transaction-history: one account's lines over a range with the opening and a running balance, 100 at a time. */
export default function TransactionHistoryPage() {
  const [{ account, from, to }, update] = useHistoryParams();
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const history = useInfiniteQuery({
    queryKey: [...reportsKey, 'transactions', account, from, to],
    queryFn: ({ pageParam, signal }) => fetchTransactions(account, from, to, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: account !== '',
  });
  const first = history.data?.pages[0];
  const lines = history.data?.pages.flatMap((page) => page.items) ?? [];
  const accountLabel = first ? `${first.account.code} · ${first.account.name}` : '';

  return (
    <>
      <PageHeading
        title="Transaction History"
        subtitle={accountLabel}
        extra={account && <ExportButton exportFile={(format) => downloadTransactions(account, from, to, format)} exportLabel="ExportTrialBalance" />}
      />
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <div style={{ width: 320, maxWidth: '100%' }}>
          <AccountPicker id="history-account" variant="outlined" value={account || null} label={accountLabel} onChange={(next) => update({ account: next ?? '' })} lookup={postingAccounts} />
        </div>
        <DatePicker.RangePicker
          aria-label="Date range"
          format={datePattern(dateFormat)}
          allowClear={false}
          value={[dayjs(from), dayjs(to)]}
          onChange={(range) => {
            if (range?.[0] && range[1]) update({ from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') });
          }}
          style={{ width: 260, maxWidth: '100%' }}
        />
      </Flex>
      {!account && <Alert type="info" showIcon title="Choose an account to see its lines" />}
      {history.error && <Alert type="error" showIcon title={history.error.message} style={{ marginBottom: 12 }} />}
      {account && (
        <Card size="small">
          {first && (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 3 }}
              style={{ marginBottom: 12 }}
              items={[
                { key: 'currency', label: 'Amounts in', children: `${first.currency} (base)` },
                { key: 'opening', label: 'Opening balance', children: <span className="ledger-amount"><AmountText value={first.opening ?? '0'} /></span> },
                { key: 'lines', label: 'Lines shown', children: `${lines.length}${history.hasNextPage ? '+' : ''}` },
              ]}
            />
          )}
          <TransactionTable opening={first?.opening} lines={lines} complete={!history.hasNextPage} loading={history.isFetching} dateFormat={dateFormat} currency={first?.currency ?? ''} />
          {history.hasNextPage && (
            <Flex justify="center" style={{ marginTop: 12 }}>
              <Button loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                Load more
              </Button>
            </Flex>
          )}
        </Card>
      )}
    </>
  );
}
