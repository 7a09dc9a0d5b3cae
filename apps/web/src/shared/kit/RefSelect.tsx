import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { entityByName } from './entity-catalogue';
import { entityKey, fetchFilteredLookup, fetchLookup } from './kit-api';
import { filterParam, type ListState } from './list-query';
import { typeAhead } from '../option-match';
import { useDebouncedValue } from './useDebouncedValue';

type Props = {
  id: string;
  /** The referenced entity's name (FieldDef.ref). */
  refName: string;
  value: string | null | undefined;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  /** 'CODE · Name' of ids the caller already knows (the list's labels, a prefill), so the chosen one reads well. */
  knownLabels?: Readonly<Record<string, string>>;
  status?: 'error';
  disabled?: boolean;
  /** Offer only records matching these field values (e.g. posting accounts: { kind: 'Posting', active: true }). */
  filter?: ListState['filter'];
  placeholder?: string;
};

/** A searchable picker on the referenced entity's lookup route; the server searches, as the user types. */
export function RefSelect({ id, refName, value, onChange, onBlur, knownLabels, status, disabled, filter, placeholder }: Props) {
  const target = entityByName(refName);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const lookup = useQuery({
    queryKey: [...entityKey(target), 'lookup', settled, filter ? filterParam(filter) : ''],
    queryFn: ({ signal }) => (filter ? fetchFilteredLookup(target, settled, filter, signal) : fetchLookup(target, settled, signal)),
    staleTime: 30_000,
  });
  // The label of the chosen record stays known when a later search no longer lists it.
  const [picked, setPicked] = useState<Readonly<Record<string, string>>>({});
  const options = useMemo(() => {
    const found = (lookup.data ?? []).map((option) => ({ value: option.id, label: option.label }));
    const label = value ? (picked[value] ?? knownLabels?.[value]) : undefined;
    const known = value && !found.some((option) => option.value === value) ? [{ value, label: label ?? value }] : [];
    return [...known, ...found];
  }, [lookup.data, value, knownLabels, picked]);

  return (
    <Select
      id={id}
      value={value ?? undefined}
      options={options}
      onChange={(next?: string, option?: { label: string } | { label: string }[]) => {
        if (next && option && !Array.isArray(option)) setPicked((current) => ({ ...current, [next]: option.label }));
        onChange(next ?? null);
      }}
      onBlur={onBlur}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      showSearch={typeAhead({ onSearch: setSearch, searchValue: search })}
      loading={lookup.isFetching}
      allowClear
      placeholder={placeholder ?? `Search ${target.plural.toLowerCase()}`}
      notFoundContent={lookup.isFetching || search !== settled ? 'Searching…' : 'No results found.'}
      status={status}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
