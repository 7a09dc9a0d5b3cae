import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Company } from '@erp/contracts';
import { apiRequest, unwrap } from '../../../app/api';
import { useGrants } from '../../../app/session/useGrants';
import { fetchCurrencies, fetchDimensionGroups, fetchDimensions, fetchTaxes } from './journals-api';

const REFERENCE_STALE_MS = 5 * 60_000;

import type { DimensionOption, TaxOption } from '../../../shared/pickers/options';

export type { DimensionOption, TaxOption };

export type LedgerReference = {
  baseCurrency: string | undefined;
  /** Decimal places by currency code (minorUnit). */
  scales: Readonly<Record<string, number>>;
  currencyCodes: readonly string[];
  /** Dimension values as 'GROUP=CODE' options, grouped by their group code. */
  dimensionOptions: readonly { label: string; options: DimensionOption[] }[];
  /** The company's active tax codes, to choose on a line. */
  taxOptions: readonly TaxOption[];
  error: Error | null;
};

const taxesQuery = (enabled: boolean) => ({ queryKey: ['gl', 'journal-taxes'], queryFn: ({ signal }: { signal: AbortSignal }) => fetchTaxes(signal), staleTime: REFERENCE_STALE_MS, enabled });

/** The code of each tax by id, inactive ones too (a posted line may name one), read only when `enabled` (a journal with a taxed line); the editor's reference shares the query. */
export function useTaxCodes(enabled: boolean): ReadonlyMap<string, string> {
  const taxes = useQuery(taxesQuery(enabled));
  return useMemo(() => new Map((taxes.data ?? []).map((t) => [t.id, t.code])), [taxes.data]);
}

/** The company's base currency, the currencies' scales and the dimensions, shared by the journal editor and the reports. */
export function useLedgerReference(): LedgerReference {
  const company = useQuery({
    queryKey: ['gl', 'journal-company'],
    queryFn: async ({ signal }) => unwrap(await apiRequest<Company>('GET', '/gl/GetFullCompany', undefined, { signal })),
    staleTime: REFERENCE_STALE_MS,
  });
  const currencies = useQuery({ queryKey: ['gl', 'journal-currencies'], queryFn: ({ signal }) => fetchCurrencies(signal), staleTime: REFERENCE_STALE_MS });
  // Asked only of a role that may read them (their set-up pages): another gets no dimension options, not a refused call.
  const { mayOpen } = useGrants();
  const readsDimensions = mayOpen('/dimension') && mayOpen('/dimension-group');
  const dimensions = useQuery({ queryKey: ['gl', 'journal-dimensions'], queryFn: ({ signal }) => fetchDimensions(signal), staleTime: REFERENCE_STALE_MS, enabled: readsDimensions });
  const groups = useQuery({ queryKey: ['gl', 'journal-dimension-groups'], queryFn: ({ signal }) => fetchDimensionGroups(signal), staleTime: REFERENCE_STALE_MS, enabled: readsDimensions });
  const taxes = useQuery(taxesQuery(true));

  const scales = useMemo(() => Object.fromEntries((currencies.data ?? []).map((c) => [c.code, c.minorUnit])), [currencies.data]);
  const currencyCodes = useMemo(() => (currencies.data ?? []).filter((c) => c.status !== 'Inactive').map((c) => c.code), [currencies.data]);
  const dimensionOptions = useMemo(() => {
    const codeOfGroup = new Map((groups.data ?? []).map((g) => [g.id, g.code]));
    const byGroup = new Map<string, DimensionOption[]>();
    for (const d of dimensions.data ?? []) {
      const group = codeOfGroup.get(d.dimensionGroup);
      if (!group || d.active === false) continue;
      byGroup.set(group, [...(byGroup.get(group) ?? []), { value: `${group}=${d.code}`, label: `${group}: ${d.code} · ${d.name}`, group }]);
    }
    return [...byGroup.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, options]) => ({ label, options }));
  }, [dimensions.data, groups.data]);

  const taxOptions = useMemo(() => (taxes.data ?? []).filter((t) => t.active !== false).map((t) => ({ value: t.id, label: `${t.code} · ${t.name}` })), [taxes.data]);

  return {
    baseCurrency: company.data?.baseCurrency,
    scales,
    currencyCodes,
    dimensionOptions,
    taxOptions,
    error: company.error ?? currencies.error,
  };
}
