import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../../shared/kit';
import { icKey, lookupPairAccounts } from '../intercompany-api';

const matchesLabel = (input: string, label: unknown) => typeof label === 'string' && label.toLowerCase().includes(input.trim().toLowerCase());

type Props = {
  id: string;
  /** The company whose chart is searched: the line's company. */
  company: string;
  value: string | null;
  label: string;
  onChange: (account: string | null, label: string) => void;
};

/**
 * An account of one company of the pair. The server searches that company's posting accounts as
 * the user types, only while the list is open, so a long grid does not mean a call per line.
 */
export function IcAccountPicker({ id, company, value, label, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const lookup = useQuery({
    queryKey: [...icKey, 'accounts', company, settled],
    queryFn: ({ signal }) => lookupPairAccounts(company, settled, signal),
    enabled: open && company !== '',
    staleTime: 30_000,
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
      onChange={(next?: string, option?: { label: string } | { label: string }[]) => onChange(next ?? null, option && !Array.isArray(option) ? option.label : '')}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      showSearch={{ filterOption: (input, option) => matchesLabel(input, option?.label), onSearch: setSearch, searchValue: search }}
      loading={open && lookup.isFetching}
      notFoundContent={lookup.isFetching ? 'Searching…' : 'No results found.'}
      placeholder="Search accounts"
      popupMatchSelectWidth={320}
      variant="borderless"
      style={{ width: '100%' }}
    />
  );
}
