import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { currentYearRange } from '../journals/amount-format';
import type { TrialBalanceFilter } from './reports-api';

/**
 * The trial balance's filters live in the address (?from=&to=&currency=...), so coming back from
 * a drill-down, a reload or a shared link shows the same report. The range defaults to this year.
 */
export function useTrialBalanceFilter(): [TrialBalanceFilter, (patch: Partial<TrialBalanceFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo<TrialBalanceFilter>(() => {
    const year = currentYearRange();
    return {
      from: params.get('from') ?? year.from,
      to: params.get('to') ?? year.to,
      currency: params.get('currency') ?? '',
      dimension: params.get('dimension') ?? '',
      fromAccount: params.get('fromAccount') ?? '',
      toAccount: params.get('toAccount') ?? '',
      includeZero: params.get('includeZero') === 'true',
    };
  }, [params]);
  const update = useCallback(
    (patch: Partial<TrialBalanceFilter>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(patch)) {
            if (value === '' || value === false || value === undefined) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filter, update];
}
