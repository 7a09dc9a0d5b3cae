import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../app/notifications/useNotify';
import { workflowKey } from '../workflow/index';
import { fetchPeriods, generatePeriods, setPeriodStatus, setupKeys, submitPeriodClosing, type AccountingPeriod, type GeneratePeriodsRequest, type PeriodStatus } from './setup-api';

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

  /** Submits the closing of an open period (an active PeriodClosing workflow); the gates and the bell reload. */
  const submitClosing = useMutation({
    mutationFn: (period: AccountingPeriod) => submitPeriodClosing(period.id),
    onSuccess: async (instance, period) => {
      await queryClient.invalidateQueries({ queryKey: workflowKey });
      if (instance.status === 'Approved') {
        await queryClient.invalidateQueries({ queryKey: key });
        notify.success(`No approval needed: ${period.name} is closed`);
      } else notify.success(`The closing of ${period.name} is submitted for approval`);
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

  return { periods, status, submitClosing, generate };
}
