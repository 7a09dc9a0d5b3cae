import { useQuery } from '@tanstack/react-query';
import type { Company } from '@erp/contracts';
import { apiRequest } from '../api';

/**
 * The signed-in user's company (GET /gl/GetFullCompany). SPEC.md section 7: loading returns
 * nothing if the reply is an error or carries a message, so the App Date stays empty then.
 */
export function useCompany(): Company | undefined {
  const query = useQuery({
    queryKey: ['gl', 'GetFullCompany'],
    queryFn: async () => {
      const result = await apiRequest<Company & { message?: string }>('GET', '/gl/GetFullCompany');
      if (!result.ok || result.data.message !== undefined) return null;
      return result.data;
    },
    staleTime: 5 * 60_000,
  });
  return query.data ?? undefined;
}
