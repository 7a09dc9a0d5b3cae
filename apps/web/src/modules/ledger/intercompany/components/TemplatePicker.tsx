import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '../../../../shared/kit';
import { fetchIcTemplates, icKey } from '../intercompany-api';

/** "Start from a template": the company's intercompany templates, searched on the server as the user types. */
export function TemplatePicker({ onPick }: { onPick: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const list = useQuery({
    queryKey: [...icKey, 'template-pick', settled],
    queryFn: ({ signal }) => fetchIcTemplates({ search: settled, sort: 'code', page: 1, pageSize: 20 }, signal),
    enabled: open,
    staleTime: 30_000,
  });
  return (
    <Select
      aria-label="Start from a template"
      placeholder="Start from a template"
      value={null}
      style={{ width: 260, maxWidth: '100%' }}
      options={(list.data?.items ?? []).map((t) => ({ value: t.id, label: `${t.code} · ${t.name} (${t.partnerCode})` }))}
      onOpenChange={setOpen}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={list.isFetching}
      notFoundContent={list.isFetching ? 'Searching…' : 'No results found.'}
      onChange={(id: string) => onPick(id)}
    />
  );
}
