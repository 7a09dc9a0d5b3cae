import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_LIST_SIZE,
  type Company,
  type CompanyInput,
  type CompanyList,
  type CurrencyList,
  type Locale,
  type Tenant,
  type TenantInput,
  type TenantList,
} from '@erp/contracts';
import { callApi } from './api-client';
import { searchPathSegment } from './path-segment';

const tenantsKey = ['admin', 'tenants'] as const;
const companiesKey = ['admin', 'companies'] as const;
/** The shell's cache of the signed-in user's company (its App Date badge reads it). */
const fullCompanyKey = ['gl', 'GetFullCompany'] as const;

/* These lists take a count and no page: the screens ask for the largest count and page locally. */
export function tenantsPath(search?: string): string {
  const text = searchPathSegment(search);
  return text ? `/gl/SearchTenants/${text}/false/${MAX_LIST_SIZE}` : `/gl/GetTenants/${MAX_LIST_SIZE}`;
}

export function companiesPath(search?: string): string {
  const text = searchPathSegment(search);
  return text ? `/gl/SearchCompanies/${text}/${MAX_LIST_SIZE}` : `/gl/GetCompanies/${MAX_LIST_SIZE}`;
}

export function useTenants(search = '') {
  return useQuery({
    queryKey: [...tenantsKey, search],
    queryFn: ({ signal }) => callApi<TenantList>('GET', tenantsPath(search), undefined, signal),
  });
}

export function useCompanies(search = '') {
  return useQuery({
    queryKey: [...companiesKey, search],
    queryFn: ({ signal }) =>
      callApi<CompanyList>('GET', companiesPath(search), undefined, signal),
  });
}

export function useCurrencies() {
  return useQuery({
    queryKey: ['admin', 'currencies'],
    queryFn: ({ signal }) =>
      callApi<CurrencyList>('GET', `/gl/GetCurrencies/${MAX_LIST_SIZE}`, undefined, signal),
    staleTime: 300_000,
  });
}

export function useLocales() {
  return useQuery({
    queryKey: ['admin', 'locales'],
    queryFn: ({ signal }) => callApi<Locale[]>('GET', '/gl/getlocales', undefined, signal),
    staleTime: 300_000,
  });
}

/** POST /gl/SaveTenants with one tenant: an edit with an id, a new tenant without (license manager only). */
export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tenant: TenantInput) =>
      (await callApi<Tenant[]>('POST', '/gl/SaveTenants', [tenant]))[0],
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantsKey }),
  });
}

/** POST /gl/SaveCompanies with one company: created without an id, edited with one. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (company: CompanyInput) =>
      (await callApi<Company[]>('POST', '/gl/SaveCompanies', [company]))[0],
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: companiesKey });
      await queryClient.invalidateQueries({ queryKey: fullCompanyKey });
    },
  });
}
