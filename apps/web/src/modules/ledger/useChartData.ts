import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { accountClassEntity, accountEntity, accountGroupEntity, MAX_LIST_SIZE, type ChartBalances, type EntityDef, type EntityRecord } from '@erp/contracts';
import { apiRequest, unwrap } from '../../app/api';
import { entityKey, fetchEntityList, initialListState } from '../../shared/kit';
import type { ChartData } from './chart-tree';

/** Every record of an entity: pages of 500 until the total is reached. */
export async function fetchAllRecords(def: EntityDef, signal?: AbortSignal): Promise<EntityRecord[]> {
  const records: EntityRecord[] = [];
  for (let page = 1; ; page += 1) {
    const list = await fetchEntityList(def, { ...initialListState(), pageSize: MAX_LIST_SIZE, page }, signal);
    records.push(...list.items);
    if (list.items.length === 0 || records.length >= list.total) return records;
  }
}

function useAll(def: EntityDef) {
  return useQuery({
    queryKey: [...entityKey(def), 'all'],
    queryFn: ({ signal }) => fetchAllRecords(def, signal),
  });
}

/** The classes, groups and accounts of the chart; saving any of them refreshes it (same query key prefix). */
export function useChartData(): { data: ChartData | undefined; loading: boolean; error: Error | null } {
  const classes = useAll(accountClassEntity);
  const groups = useAll(accountGroupEntity);
  const accounts = useAll(accountEntity);
  const data = useMemo(
    () => (classes.data && groups.data && accounts.data ? { classes: classes.data, groups: groups.data, accounts: accounts.data } : undefined),
    [classes.data, groups.data, accounts.data],
  );
  return { data, loading: classes.isFetching || groups.isFetching || accounts.isFetching, error: classes.error ?? groups.error ?? accounts.error };
}

/** Each posting account's balance today in base currency (GET /gl/chart-balances), from the maintained balances. */
export function useChartBalances() {
  return useQuery({
    queryKey: [...entityKey(accountEntity), 'balances'],
    queryFn: async ({ signal }) => unwrap(await apiRequest<ChartBalances>('GET', '/gl/chart-balances', undefined, { signal })),
  });
}
