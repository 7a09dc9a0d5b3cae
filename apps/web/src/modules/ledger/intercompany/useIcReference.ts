import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { IntercompanyPartner } from '@erp/contracts';
import { useLedgerReference } from '../journals/useLedgerReference';
import { fetchOwnCompany, fetchPartners, icKey } from './intercompany-api';
import type { PairCompany } from './intercompany-totals';

const STALE_MS = 60_000;

export type IcReference = {
  /** The signed-in user's company: the side that enters intercompany journals. */
  own: (PairCompany & { description: string }) | undefined;
  partners: readonly IntercompanyPartner[];
  scales: Readonly<Record<string, number>>;
  currencyCodes: readonly string[];
  error: Error | null;
  /** A company of the pair by id (own or a partner). */
  companyOf: (id: string | undefined) => (PairCompany & { description: string }) | undefined;
};

/** The companies of the tenant an intercompany screen needs, with the currencies' scales. */
export function useIcReference(): IcReference {
  const ledger = useLedgerReference();
  const own = useQuery({ queryKey: [...icKey, 'own-company'], queryFn: ({ signal }) => fetchOwnCompany(signal), staleTime: STALE_MS });
  const partners = useQuery({ queryKey: [...icKey, 'partners'], queryFn: ({ signal }) => fetchPartners(signal), staleTime: STALE_MS });
  return useMemo(() => {
    const mine = own.data ? { id: own.data.id, code: own.data.code, description: own.data.description, baseCurrency: own.data.baseCurrency } : undefined;
    const list = partners.data ?? [];
    return {
      own: mine,
      partners: list,
      scales: ledger.scales,
      currencyCodes: ledger.currencyCodes,
      error: own.error ?? partners.error ?? ledger.error,
      companyOf: (id) => (id === mine?.id ? mine : list.find((p) => p.id === id)),
    };
  }, [own.data, own.error, partners.data, partners.error, ledger.scales, ledger.currencyCodes, ledger.error]);
}
