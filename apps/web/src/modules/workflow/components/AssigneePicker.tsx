import { TagsOutlined, UserOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import type { Assignee } from '@erp/contracts';
import { typeAhead, useDebouncedValue } from '../shell-adapter';
import { useTags, useUserLookup } from '../workflow-api';
import { assigneeFromValue, assigneeValue } from '../workflow-form';

type Props = {
  value: Assignee[];
  onChange: (next: Assignee[]) => void;
  /** Labels of assignees already saved (by `Kind:id`), so they show before any search. */
  known: ReadonlyMap<string, string>;
  /** One assignee only (an escalation target). */
  single?: boolean;
  id?: string;
  status?: 'error';
  ariaLabel?: string;
};

/** Users (searched through GET /workflow/users/lookup) and tags (GET /workflow/tags), in one picker. */
export function AssigneePicker({ value, onChange, known, single, id, status, ariaLabel = 'Assignees' }: Props) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const users = useUserLookup(settled);
  const tags = useTags({ limit: 500, page: 1 });
  const options = useMemo(() => {
    const userOptions = new Map<string, string>();
    for (const [key, label] of known) if (key.startsWith('User:')) userOptions.set(key, label);
    for (const user of users.data ?? []) userOptions.set(`User:${user.id}`, user.label);
    const tagOptions = (tags.data?.items ?? []).map((tag) => ({ value: `Tag:${tag.id}`, label: <span><TagsOutlined aria-hidden /> {tag.code} · {tag.name}</span>, text: `${tag.code} ${tag.name}` }));
    for (const [key, label] of known) if (key.startsWith('Tag:') && !tagOptions.some((o) => o.value === key)) tagOptions.push({ value: key, label: <span><TagsOutlined aria-hidden /> {label}</span>, text: label });
    return [
      { label: 'Users', title: 'Users', options: [...userOptions].map(([key, label]) => ({ value: key, label: <span><UserOutlined aria-hidden /> {label}</span>, text: label })) },
      { label: 'Tags', title: 'Tags', options: tagOptions.filter((o) => !settled || o.text.toLowerCase().includes(settled.toLowerCase())) },
    ];
  }, [known, users.data, tags.data, settled]);
  const values = value.map(assigneeValue);
  return (
    <Select<string[] | string>
      id={id}
      aria-label={ariaLabel}
      mode={single ? undefined : 'multiple'}
      allowClear
      showSearch={typeAhead({ onSearch: setSearch })}
      placeholder="Search users, or pick a tag"
      status={status}
      style={{ width: '100%' }}
      value={single ? values[0] : values}
      loading={users.isFetching}
      options={options}
      onChange={(next) => {
        const list = next === undefined ? [] : Array.isArray(next) ? next : [next];
        onChange(list.map(assigneeFromValue));
        setSearch('');
      }}
    />
  );
}
