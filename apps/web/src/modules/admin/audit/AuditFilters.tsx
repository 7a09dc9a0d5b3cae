import { Button, DatePicker, Flex, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { auditActions } from '@erp/contracts';
import { useDebouncedValue } from '../../../shared/kit';
import { typeAhead } from '../../../shared/option-match';
import { useAuditEntities, useUserOptions } from './audit-api';
import { actionLabel, humanise } from './audit-labels';
import { hasFilter, type AuditFilter } from './audit-query';
import { useTextFilter } from './useTextFilter';

type Props = {
  filter: AuditFilter;
  /** The name of the filtered user, when the list knows it (the select may not have loaded it). */
  userLabel: string | undefined;
  dateFormat: string;
  onChange: (patch: Partial<AuditFilter>) => void;
  onClear: () => void;
};

/** Entity, record id, user, dates, action and free text; every change lands in the address. */
export function AuditFilters({ filter, userLabel, dateFormat, onChange, onClear }: Props) {
  const entities = useAuditEntities();
  const record = useTextFilter(filter.recordId, (recordId) => onChange({ recordId }));
  const search = useTextFilter(filter.search, (text) => onChange({ search: text }));
  const [userSearch, setUserSearch] = useState('');
  const users = useUserOptions(useDebouncedValue(userSearch));
  const userOptions = (users.data ?? []).map((u) => ({ value: u.code, label: `${u.name} (${u.mailAddress})` }));
  if (filter.userId && !userOptions.some((o) => o.value === filter.userId)) userOptions.unshift({ value: filter.userId, label: userLabel ?? filter.userId });
  const entityNames = [...new Set([...(entities.data ?? []), ...(filter.entity ? [filter.entity] : [])])];
  const actions = [...new Set([...auditActions, ...(filter.action ? [filter.action] : [])])];

  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
      <Select<string>
        aria-label="Entity"
        placeholder="Any entity"
        allowClear
        loading={entities.isLoading}
        value={filter.entity}
        options={entityNames.map((name) => ({ value: name, label: humanise(name) }))}
        onChange={(entity) => onChange({ entity })}
        style={{ width: 180 }}
      />
      <Input.Search
        aria-label="Record id"
        placeholder="Record id"
        allowClear
        value={record.text}
        onChange={(e) => record.setText(e.target.value)}
        onSearch={record.commit}
        style={{ width: 300, maxWidth: '100%' }}
      />
      <Select<string>
        aria-label="User"
        placeholder="Any user"
        allowClear
        showSearch={typeAhead({ onSearch: setUserSearch })}
        loading={users.isFetching}
        value={filter.userId}
        options={userOptions}
        notFoundContent={users.isFetching ? 'Searching…' : 'No results found.'}
        onChange={(userId) => onChange({ userId })}
        style={{ width: 240, maxWidth: '100%' }}
      />
      <DatePicker.RangePicker
        aria-label="Date range"
        format={dateFormat}
        allowEmpty={[true, true]}
        value={[filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null]}
        onChange={(range) => onChange({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
        style={{ width: 260, maxWidth: '100%' }}
      />
      <Select<string>
        aria-label="Action"
        placeholder="Any action"
        allowClear
        value={filter.action}
        options={actions.map((action) => ({ value: action, label: actionLabel(action) }))}
        onChange={(action) => onChange({ action })}
        style={{ width: 180 }}
      />
      <Input.Search
        aria-label="Search the audit trail"
        placeholder="Search values, users, records"
        allowClear
        value={search.text}
        onChange={(e) => search.setText(e.target.value)}
        onSearch={search.commit}
        style={{ width: 260, maxWidth: '100%' }}
      />
      {hasFilter(filter) && <Button onClick={onClear}>Clear filters</Button>}
    </Flex>
  );
}
