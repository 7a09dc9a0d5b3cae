import { Checkbox, DatePicker, Flex, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../../shared/kit';
import type { DimensionOption } from '../../journals/useLedgerReference';
import type { FiscalYearRange, TrialBalanceFilter } from '../reports-api';

type Props = {
  filter: TrialBalanceFilter;
  onChange: (patch: Partial<TrialBalanceFilter>) => void;
  baseCurrency: string | undefined;
  currencyCodes: readonly string[];
  dimensionOptions: readonly { label: string; options: DimensionOption[] }[];
  dateFormat: string;
  /** The company's fiscal years: the range presets, and where an as-of report starts. */
  fiscalYears: readonly FiscalYearRange[];
};

/**
 * The range of a report "as of" a day: from the start of the fiscal year that holds it (the year
 * to date, with what came before as the opening), or from 1 January when no year holds it.
 */
export function asOfRange(day: string, fiscalYears: readonly FiscalYearRange[]): { from: string; to: string } {
  const year = fiscalYears.find((fy) => fy.startDate <= day && day <= fy.endDate);
  return { from: year?.startDate ?? `${day.slice(0, 4)}-01-01`, to: day };
}

/** Range presets: each fiscal year whole and, for the current one, to date; this and last month. */
function rangePresets(fiscalYears: readonly FiscalYearRange[]) {
  const today = dayjs();
  const years = fiscalYears.flatMap((fy) => {
    const whole = { label: fy.code, value: [dayjs(fy.startDate), dayjs(fy.endDate)] as [Dayjs, Dayjs] };
    const current = fy.startDate <= today.format('YYYY-MM-DD') && today.format('YYYY-MM-DD') <= fy.endDate;
    return current ? [{ label: `${fy.code} to date`, value: [dayjs(fy.startDate), today] as [Dayjs, Dayjs] }, whole] : [whole];
  });
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: 'This month', value: [today.startOf('month'), today.endOf('month')] as [Dayjs, Dayjs] },
    { label: 'Last month', value: [lastMonth.startOf('month'), lastMonth.endOf('month')] as [Dayjs, Dayjs] },
    ...years,
  ];
}

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

/** Date range (with fiscal-year presets, or as of a day), currency, dimension, account range and "include zero"; the report follows each change. */
export function TrialBalanceFilters({ filter, onChange, baseCurrency, currencyCodes, dimensionOptions, dateFormat, fiscalYears }: Props) {
  const presets = useMemo(() => rangePresets(fiscalYears), [fiscalYears]);
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
      <DatePicker.RangePicker
        aria-label="Date range"
        format={dateFormat}
        allowClear={false}
        presets={presets}
        value={[dayjs(filter.from), dayjs(filter.to)]}
        onChange={(range) => {
          if (range?.[0] && range[1]) onChange({ from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') });
        }}
        style={{ width: 260, maxWidth: '100%' }}
      />
      <DatePicker
        aria-label="As of"
        placeholder="As of…"
        format={dateFormat}
        value={null}
        onChange={(day: Dayjs | null) => {
          if (day) onChange(asOfRange(day.format('YYYY-MM-DD'), fiscalYears));
        }}
        style={{ width: 130 }}
      />
      <Select
        aria-label="Currency"
        allowClear
        placeholder={baseCurrency ? `Base (${baseCurrency})` : 'Base currency'}
        value={filter.currency || undefined}
        options={currencyCodes.map((code) => ({ value: code, label: code }))}
        onChange={(currency?: string) => onChange({ currency: currency ?? '' })}
        style={{ width: 130 }}
      />
      <Select
        aria-label="Dimension"
        allowClear
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
