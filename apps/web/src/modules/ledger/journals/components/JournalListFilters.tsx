import { DatePicker, Flex, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { journalKinds, journalStatuses, type JournalKind, type JournalStatus } from '@erp/contracts';
import { kindLabel } from '../journal-kinds';
import type { JournalListState } from '../journals-api';

type Props = {
  state: JournalListState;
  /** Show the kind filter (the all-kinds list only). */
  kindFilter: boolean;
  search: string;
  dateFormat: string;
  onSearchChange: (text: string) => void;
  onSearchNow: (text: string) => void;
  onFilter: (patch: Partial<JournalListState>) => void;
};

/** Search (number, description, reference), kind, status and date range; wraps on narrow screens. */
export function JournalListFilters({ state, kindFilter, search, dateFormat, onSearchChange, onSearchNow, onFilter }: Props) {
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
      <Input.Search
        aria-label="Search journals"
        placeholder="Search journals"
        title="Searches number, description and reference"
        allowClear
        value={search}
        onChange={(e) => onSearchChange(e.target.value)}
        onSearch={onSearchNow}
        style={{ width: 300, maxWidth: '100%' }}
      />
      {kindFilter && (
        <Select<JournalKind>
          aria-label="Kind"
          placeholder="Any kind"
          allowClear
          value={state.kind}
          options={journalKinds.map((kind) => ({ value: kind, label: kindLabel[kind] }))}
          onChange={(kind) => onFilter({ kind })}
          style={{ width: 160 }}
        />
      )}
      <Select<JournalStatus>
        aria-label="Status"
        placeholder="Any status"
        allowClear
        value={state.status}
        options={journalStatuses.map((status) => ({ value: status, label: status }))}
        onChange={(status) => onFilter({ status })}
        style={{ width: 140 }}
      />
      <DatePicker.RangePicker
        aria-label="Date range"
        format={dateFormat}
        allowEmpty={[true, true]}
        value={[state.from ? dayjs(state.from) : null, state.to ? dayjs(state.to) : null]}
        onChange={(range) => onFilter({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
        style={{ width: 260, maxWidth: '100%' }}
      />
    </Flex>
  );
}
