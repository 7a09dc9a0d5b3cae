import { Select } from 'antd';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '../kit';
import { lookupAccounts, POSTING_ACCOUNTS } from './account-lookup';

const matchesLabel = (input: string, label: unknown) => typeof label === 'string' && label.toLowerCase().includes(input.trim().toLowerCase());

/** Where the picker searches: the company's chart by default; another chart (an intercompany partner's) when given. */
export type AccountLookup = { key: QueryKey; search: (text: string, signal?: AbortSignal) => Promise<{ id: string; label: string }[]>; enabled?: boolean };

/** The company's accounts a journal line may use (no header, inactive or control account). */
const ownChart: AccountLookup = { key: ['gl', 'accounts', 'lookup', 'line'], search: (text, signal) => lookupAccounts(text, signal) };
/** Every posting account of the company, control accounts included (the drill-down reads them). */
export const postingAccounts: AccountLookup = { key: ['gl', 'accounts', 'lookup', 'posting'], search: (text, signal) => lookupAccounts(text, signal, POSTING_ACCOUNTS) };

type Props = {
  id: string;
  value: string | null;
  label: string;
  onChange: (account: string | null, label: string) => void;
  status?: 'error';
  /** Borderless inside the line grid's cells; outlined elsewhere. */
  variant?: 'borderless' | 'outlined';
  lookup?: AccountLookup;
};

/**
 * An account picker (a grid line's, the drill-down's): the server searches code and name as the
 * user types. The lookup runs only while the list is open, so 500 lines do not mean 500 calls.
 */
export function AccountPicker({ id, value, label, onChange, status, variant = 'borderless', lookup: source = ownChart }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const lookup = useQuery({
    queryKey: [...source.key, settled],
    queryFn: ({ signal }) => source.search(settled, signal),
    enabled: open && source.enabled !== false,
    staleTime: 30_000,
    // The list never empties while the next search loads (Enter would find nothing to pick).
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    const found = (lookup.data ?? []).map((option) => ({ value: option.id, label: option.label }));
    const chosen = value && !found.some((option) => option.value === value) ? [{ value, label: label || value }] : [];
    return [...chosen, ...found];
  }, [lookup.data, value, label]);

  return (
    <Select
      id={id}
      aria-label="Account"
      value={value ?? undefined}
      options={options}
      onChange={(next?: string, option?: { label: string } | { label: string }[]) => {
        const picked = option && !Array.isArray(option) ? option.label : '';
        onChange(next ?? null, picked);
      }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      // The server searches; the options already shown are narrowed at once as well, so Enter
      // pressed before the server answers never picks a line from the previous search.
      showSearch={{ filterOption: (input, option) => matchesLabel(input, option?.label), onSearch: setSearch, searchValue: search }}
      loading={open && lookup.isFetching}
      notFoundContent={lookup.isFetching ? 'Searching…' : 'No results found.'}
      placeholder="Search accounts"
      popupMatchSelectWidth={320}
      status={status}
      variant={variant}
      style={{ width: '100%' }}
    />
  );
}
