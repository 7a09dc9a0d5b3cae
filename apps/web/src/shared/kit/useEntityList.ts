import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EntityDef } from '@erp/contracts';
import { entityKey, fetchEntityList } from './kit-api';
import { listPath, type ListState } from './list-query';

/** One page of an entity's list; the previous page stays shown while the next one loads. */
export function useEntityList(def: EntityDef, state: ListState) {
  return useQuery({
    queryKey: [...entityKey(def), 'list', listPath(def, state)],
    queryFn: ({ signal }) => fetchEntityList(def, state, signal),
    placeholderData: keepPreviousData,
  });
}
