import { Checkbox, DatePicker, Flex, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../../shared/kit';
import type { DimensionOption } from '../../journals/useLedgerReference';
import type { TrialBalanceFilter } from '../reports-api';

type Props = {
  filter: TrialBalanceFilter;
  onChange: (patch: Partial<TrialBalanceFilter>) => void;
  baseCurrency: string | undefined;
  currencyCodes: readonly string[];
  dimensionOptions: readonly { label: string; options: DimensionOption[] }[];
  dateFormat: string;
};

/** An account code box: the report follows once typing stops. */
function AccountCodeInput({ label, value, onChange }: { label: string; value: string; onChange: (code: string) => void }) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text);
  useEffect(() => {
    // Only text that has settled is sent; the value itself changing (a link, going back) resets the box below.
    if (settled !== value) onChange(settled);
  }, [settled]);
  useEffect(() => setText(value), [value]);
  return <Input aria-label={label} placeholder={label} allowClear value={text} onChange={(e) => setText(e.target.value)} style={{ width: 130 }} />;
}

/** Date range, currency, dimension, account range and "include zero"; the report follows each change. */
export function TrialBalanceFilters({ filter, onChange, baseCurrency, currencyCodes, dimensionOptions, dateFormat }: Props) {
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
      <DatePicker.RangePicker
        aria-label="Date range"
        format={dateFormat}
        allowClear={false}
        value={[dayjs(filter.from), dayjs(filter.to)]}
        onChange={(range) => {
          if (range?.[0] && range[1]) onChange({ from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') });
        }}
        style={{ width: 260, maxWidth: '100%' }}
      />
      <Select
        aria-label="Currency"
        allowClear
        showSearch
        placeholder={baseCurrency ? `Base (${baseCurrency})` : 'Base currency'}
        value={filter.currency || undefined}
        options={currencyCodes.map((code) => ({ value: code, label: code }))}
        onChange={(currency?: string) => onChange({ currency: currency ?? '' })}
        style={{ width: 130 }}
      />
      <Select
        aria-label="Dimension"
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder="Every dimension"
        value={filter.dimension || undefined}
        options={dimensionOptions.map((group) => ({ label: group.label, options: group.options }))}
        onChange={(dimension?: string) => onChange({ dimension: dimension ?? '' })}
        popupMatchSelectWidth={260}
        style={{ width: 190 }}
      />
      <AccountCodeInput label="From account" value={filter.fromAccount} onChange={(fromAccount) => onChange({ fromAccount })} />
      <AccountCodeInput label="To account" value={filter.toAccount} onChange={(toAccount) => onChange({ toAccount })} />
      <Checkbox checked={filter.includeZero} onChange={(e) => onChange({ includeZero: e.target.checked })}>
        Include zero balances
      </Checkbox>
    </Flex>
  );
}
