import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../../shared/kit';
import { typeAhead } from '../../../../shared/option-match';
import { lookupTemplates, templatesKey } from '../templates-api';

type Props = { id: string; value: string | null; label: string; onChange: (template: string | null, label: string) => void };

/** Picks an active journal template; the server searches code and name while the list is open. */
export function TemplateSelect({ id, value, label, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const lookup = useQuery({
    queryKey: [...templatesKey, 'lookup', settled],
    queryFn: ({ signal }) => lookupTemplates(settled, signal),
    enabled: open,
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
      value={value ?? undefined}
      options={options}
      onChange={(next?: string, option?: { label: string } | { label: string }[]) => onChange(next ?? null, option && !Array.isArray(option) ? option.label : '')}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      showSearch={typeAhead({ onSearch: setSearch, searchValue: search })}
      loading={open && lookup.isFetching}
      notFoundContent={lookup.isFetching ? 'Searching…' : 'No active template found'}
      placeholder="Search templates"
      style={{ width: '100%' }}
    />
  );
}
