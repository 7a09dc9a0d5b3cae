import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../app/notifications/useNotify';
import { fetchPeriods, generatePeriods, setPeriodStatus, setupKeys, type AccountingPeriod, type GeneratePeriodsRequest, type PeriodStatus } from './setup-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

/** The periods of a fiscal year, and the calls that change them; each answer says so in the banner. */
export function usePeriods(fiscalYearId: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const key = setupKeys.periods(fiscalYearId);
  const periods = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPeriods(fiscalYearId, signal) });

  const status = useMutation({
    mutationFn: ({ period, next }: { period: AccountingPeriod; next: PeriodStatus }) => setPeriodStatus(period.id, next),
    onSuccess: (saved) => {
      queryClient.setQueryData<AccountingPeriod[]>(key, (current) => current?.map((period) => (period.id === saved.id ? saved : period)));
      notify.success();
    },
    onError: (error) => notify.error(messageOf(error)),
  });

  const generate = useMutation({
    mutationFn: (request: GeneratePeriodsRequest) => generatePeriods(fiscalYearId, request),
    onSuccess: (created) => {
      queryClient.setQueryData(key, created);
      notify.success();
    },
    onError: (error) => notify.error(messageOf(error)),
  });

  return { periods, status, generate };
}
