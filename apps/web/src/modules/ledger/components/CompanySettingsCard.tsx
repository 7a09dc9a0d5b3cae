import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Form, Select } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { dateFormats, formatDateLabel, type Company } from '@erp/contracts';
import { useNotify } from '../../../app/notifications/useNotify';
import { companyPayload, companySettingsOf, companySettingsSchema, type CompanySettings } from '../company-config';
import { saveCompany, useCurrencyOptions, useLocaleOptions } from '../setup-api';
import { useDisplay } from '../../../shared/useDisplay';

const ISO_DATE = 'YYYY-MM-DD';
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

type FieldProps = { control: Control<CompanySettings>; name: keyof CompanySettings; label: string; help?: string; children: (bound: { value: unknown; onChange: (value: unknown) => void; status?: 'error'; id: string }) => ReactNode };

/** A labelled form item bound to one setting, with its validation message. */
function SettingField({ control, name, label, help, children }: FieldProps) {
  const id = `company-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item label={label} htmlFor={id} required validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message} extra={help}>
          {children({ value: field.value, onChange: field.onChange, status: fieldState.error ? 'error' : undefined, id })}
        </Form.Item>
      )}
    />
  );
}

/** The company's base currency, accounting date, date format and locale, saved through SaveCompanies. */
export function CompanySettingsCard({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { pickerFormat } = useDisplay();
  const currencies = useCurrencyOptions();
  const locales = useLocaleOptions();
  const { control, handleSubmit } = useForm<CompanySettings>({ resolver: zodResolver(companySettingsSchema), defaultValues: companySettingsOf(company) });
  const save = useMutation({
    mutationFn: (settings: CompanySettings) => saveCompany(companyPayload(company, settings)),
    // The shell's App Date and every screen's date format read the company: refresh them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['gl'] }),
  });
  const submit = handleSubmit(async (settings) => {
    try {
      await save.mutateAsync(settings);
      notify.success();
    } catch (error) {
      notify.error(messageOf(error));
    }
  });
  const today = dayjs().format(ISO_DATE);
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

  return (
    <Card size="small" title="Company">
      <Form layout="vertical" aria-label="Company settings" disabled={!canEdit || save.isPending} onFinish={() => void submit()}>
        <SettingField control={control} name="baseCurrency" label="Base Currency" help="Balances and reports are kept in it">
          {({ value, onChange, status, id }) => (
            <Select
              id={id}
              value={text(value)}
              onChange={onChange}
              status={status}
              loading={currencies.isLoading}
              options={(currencies.data ?? []).map((currency) => ({ value: currency.code, label: `${currency.code} · ${currency.name}` }))}
            />
          )}
        </SettingField>
        <SettingField control={control} name="accountingDate" label="Accounting Date" help="The App Date: the default date of new documents">
          {({ value, onChange, status, id }) => (
            <DatePicker id={id} value={text(value) ? dayjs(text(value), ISO_DATE) : null} onChange={(next) => onChange(next ? next.format(ISO_DATE) : undefined)} format={pickerFormat} status={status} style={{ width: '100%' }} />
          )}
        </SettingField>
        <SettingField control={control} name="dateFormat" label="Date Format">
          {({ value, onChange, status, id }) => (
            <Select id={id} value={text(value)} onChange={onChange} status={status} options={dateFormats.map((format) => ({ value: format, label: `${format} (${formatDateLabel(today, format)})` }))} />
          )}
        </SettingField>
        <SettingField control={control} name="locale" label="Locale" help="Numbers and texts follow it">
          {({ value, onChange, status, id }) => (
            <Select
              id={id}
              value={text(value)}
              onChange={onChange}
              status={status}
              loading={locales.isLoading}
              options={(locales.data ?? []).map((locale) => ({ value: locale.code, label: `${locale.code} · ${locale.name}` }))}
            />
          )}
        </SettingField>
        {canEdit && (
          <Flex justify="end">
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save company settings
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
