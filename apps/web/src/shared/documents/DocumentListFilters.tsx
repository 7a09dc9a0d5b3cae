import { DatePicker, Flex, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { DocumentDef } from '@erp/contracts';
import type { DocumentListState, ListFilterKey } from './document-list';

type Props<S extends string, K extends string> = {
  def: Pick<DocumentDef<S, string, K>, 'states' | 'kinds' | 'plural'>;
  state: DocumentListState<S, K>;
  /** The filters the list route takes; the kind filter shows only where the list is not one kind's. */
  accepts: readonly ListFilterKey[];
  kindFilter: boolean;
  /** How the kind filter names a kind (the definition's label unless the module says shorter). */
  kindLabel?: (kind: K) => string;
  search: string;
  searchHint: string;
  /** The date picker's pattern ('DD/MM/YYYY'). */
  dateFormat: string;
  onSearchChange: (text: string) => void;
  onSearchNow: (text: string) => void;
  onFilter: (patch: Partial<DocumentListState<S, K>>) => void;
  /** A module's own filters, after the kit's. */
  extra?: ReactNode;
};

/** Search, kind, status (the definition's states) and date range, as far as the route takes them; wraps on narrow screens. */
export function DocumentListFilters<S extends string, K extends string>({ def, state, accepts, kindFilter, kindLabel = (kind) => def.kinds[kind].label, search, searchHint, dateFormat, onSearchChange, onSearchNow, onFilter, extra }: Props<S, K>) {
  const label = `Search ${def.plural.toLowerCase()}`;
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
      {accepts.includes('search') && (
        <Input.Search aria-label={label} placeholder={label} title={searchHint} allowClear value={search} onChange={(e) => onSearchChange(e.target.value)} onSearch={onSearchNow} style={{ width: 320, maxWidth: '100%' }} />
      )}
      {kindFilter && accepts.includes('kind') && (
        <Select<K>
          aria-label="Kind"
          placeholder="Any kind"
          allowClear
          value={state.kind}
          options={(Object.keys(def.kinds) as K[]).map((kind) => ({ value: kind, label: kindLabel(kind) }))}
          onChange={(kind) => onFilter({ kind } as Partial<DocumentListState<S, K>>)}
          style={{ width: 200 }}
        />
      )}
      {accepts.includes('status') && (
        <Select<S>
          aria-label="Status"
          placeholder="Any status"
          allowClear
          value={state.status}
          options={def.states.map((status) => ({ value: status, label: status }))}
          onChange={(status) => onFilter({ status } as Partial<DocumentListState<S, K>>)}
          style={{ width: 140 }}
        />
      )}
      {accepts.includes('from') && (
        <DatePicker.RangePicker
          aria-label="Date range"
          format={dateFormat}
          allowEmpty={[true, true]}
          value={[state.from ? dayjs(state.from) : null, state.to ? dayjs(state.to) : null]}
          onChange={(range) => onFilter({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') } as Partial<DocumentListState<S, K>>)}
          style={{ width: 260, maxWidth: '100%' }}
        />
      )}
      {extra}
    </Flex>
  );
}
