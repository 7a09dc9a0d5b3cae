import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { typeAhead, useDebouncedValue } from '../shell-adapter';
import { useUserLookup } from '../workflow-api';

type Common = {
  /** Labels of users already chosen (by id), so they show before any search. */
  known: ReadonlyMap<string, string>;
  /** Users that may not be chosen (the actor as their own delegate). */
  exclude?: readonly string[];
  id?: string;
  ariaLabel: string;
  placeholder?: string;
};
type Props = Common & ({ multiple: true; value: string[]; onChange: (ids: string[]) => void } | { multiple?: false; value: string | null; onChange: (id: string | null) => void });

/** Active users of the tenant, searched on the server (GET /workflow/users/lookup). */
export function UserPicker(props: Props) {
  const { known, exclude = [], id, ariaLabel, placeholder = 'Search users by name or mail' } = props;
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const users = useUserLookup(settled);
  const options = useMemo(() => {
    const labels = new Map(known);
    for (const user of users.data ?? []) labels.set(user.id, user.label);
    return [...labels].filter(([key]) => !exclude.includes(key)).map(([value, label]) => ({ value, label }));
  }, [known, users.data, exclude]);
  const common = { id, 'aria-label': ariaLabel, allowClear: true, placeholder, style: { width: '100%' }, loading: users.isFetching, options, showSearch: typeAhead({ onSearch: setSearch }) } as const;
  if (props.multiple) {
    return <Select<string[]> {...common} mode="multiple" value={props.value} onChange={(next) => { props.onChange(next ?? []); setSearch(''); }} />;
  }
  return <Select<string | null> {...common} value={props.value ?? undefined} onChange={(next) => { props.onChange(next ?? null); setSearch(''); }} />;
}
