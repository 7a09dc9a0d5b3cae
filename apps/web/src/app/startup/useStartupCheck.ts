import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../api';
import { useSession } from '../session/useSession';

export const SERVER_UNREACHABLE_MESSAGE = 'Unable to contact server, please contact the administrator';

export type StartupState = { status: 'checking' } | { status: 'ready'; tenantHasUser: boolean } | { status: 'unreachable'; retry: () => void };

/**
 * SPEC.md section 4: with no has-active-user flag, ask whether the tenant has a user. A result of
 * 0 sets the flag; any other (non-error) result clears all local storage; an error means the
 * server cannot be reached.
 */
export function useStartupCheck(): StartupState {
  const { tenantHasUser, markTenantHasUser, markTenantEmpty } = useSession();
  const query = useQuery({
    queryKey: ['auth', 'user', 'isempty'],
    queryFn: async () => unwrap(await apiRequest<number>('GET', '/auth/user/isempty', undefined, { public: true })),
    enabled: !tenantHasUser,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const result = query.data;
  useEffect(() => {
    if (result === undefined || tenantHasUser) return;
    if (result === 0) markTenantHasUser();
    else markTenantEmpty();
  }, [result, tenantHasUser, markTenantHasUser, markTenantEmpty]);

  if (tenantHasUser) return { status: 'ready', tenantHasUser: true };
  if (query.isError) return { status: 'unreachable', retry: () => void query.refetch() };
  if (result === undefined) return { status: 'checking' };
  return { status: 'ready', tenantHasUser: result === 0 };
}
