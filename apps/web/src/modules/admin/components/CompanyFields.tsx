import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import { activeFlags, dateFormats, type companySchema } from '@erp/contracts';
import { useCurrencies, useLocales } from '../organisation-api';
import { optionsOf, SelectField, TextField } from './FormFields';

type Values = z.input<typeof companySchema>;
type Output = z.output<typeof companySchema>;
type Props = { control: Control<Values, unknown, Output>; optional: boolean };

/** The company form's fields; `optional` lets the settings be cleared (left empty they keep their values). */
export function CompanyFields({ control, optional }: Props) {
  const currencies = useCurrencies();
  const locales = useLocales();
  const currencyOptions = (currencies.data?.items ?? []).map((c) => ({
    value: c.code,
    label: `${c.code} - ${c.name}`,
  }));
  const localeOptions = (locales.data ?? []).map((l) => ({ value: l.code, label: `${l.code} - ${l.name}` }));
  const field = { control, allowClear: optional } as const;
  return (
    <>
      <TextField control={control} name="code" label="Code" id="company-code" required maxLength={40} />
      <TextField
        control={control}
        name="description"
        label="Description"
        id="company-description"
        required
        maxLength={200}
      />
      <SelectField
        {...field}
        name="baseCurrency"
        label="Base Currency"
        id="company-currency"
        options={currencyOptions}
        loading={currencies.isLoading}
      />
      <TextField
        control={control}
        name="accountingDate"
        label="Accounting Date"
        id="company-accounting-date"
        type="date"
        emptyAsUndefined
      />
      <SelectField
        {...field}
        name="dateFormat"
        label="Date Format"
        id="company-date-format"
        options={optionsOf(dateFormats)}
      />
      <SelectField
        {...field}
        name="locale"
        label="Locale"
        id="company-locale"
        options={localeOptions}
        loading={locales.isLoading}
      />
      <SelectField
        {...field}
        name="status"
        label="Status"
        id="company-status"
        options={optionsOf(activeFlags)}
      />
    </>
  );
}
