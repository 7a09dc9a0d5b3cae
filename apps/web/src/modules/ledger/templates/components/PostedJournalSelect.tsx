import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../../shared/kit';
import { typeAhead } from '../../../../shared/option-match';
import { fetchJournals, journalsKey, type JournalListItem } from '../../journals/journals-api';
import { useDisplay, type Display } from '../../../../shared/useDisplay';

type Props = {
  id: string;
  value: string | undefined;
  /** How the chosen journal reads when the search does not list it (it is reversed now, or on another page). */
  valueLabel: string;
  onChange: (journal: string | undefined) => void;
};

/** 'JV2026-000001 · 16/03/26 · Office rent · 1,250.50 USD' */
export const postedJournalLabel = (row: JournalListItem, display: Display): string =>
  [row.number ?? '(draft)', display.date(row.journalDate), row.description, `${display.amount(row.total)} ${row.baseCurrency}`].join(' · ');

/** Picks a posted journal not reversed yet; the server searches number, description and reference. */
export function PostedJournalSelect({ id, value, valueLabel, onChange }: Props) {
  const display = useDisplay();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const found = useQuery({
    queryKey: [...journalsKey, 'list', 'reversible', settled],
    queryFn: ({ signal }) => fetchJournals({ kind: undefined, status: 'Posted', from: undefined, to: undefined, search: settled, sort: '-journalDate', page: 1, pageSize: 20 }, signal),
    placeholderData: keepPreviousData,
  });
  const options = useMemo(
    // A reversal cannot itself be reversed, and a journal is reversed at most once.
    () => (found.data?.items ?? []).filter((row) => row.kind !== 'Reversal' && !row.reversedBy).map((row) => ({ value: row.id, label: postedJournalLabel(row, display) })),
    [found.data, display],
  );
  return (
    <Select
      id={id}
      value={value}
      options={value && !options.some((o) => o.value === value) ? [{ value, label: valueLabel }, ...options] : options}
      onChange={(next?: string) => onChange(next)}
      showSearch={typeAhead({ onSearch: setSearch, searchValue: search })}
      allowClear
      loading={found.isFetching}
      notFoundContent={found.isFetching ? 'Searching…' : 'No posted journal found'}
      placeholder="Search posted journals by number, description or reference"
      style={{ width: '100%' }}
    />
  );
}
