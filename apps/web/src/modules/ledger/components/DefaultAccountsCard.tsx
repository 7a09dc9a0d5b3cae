import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Row } from 'antd';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { accountEntity, numberSequenceEntity } from '@erp/contracts';
import { useNotify } from '../../../app/notifications/useNotify';
import { RefSelect } from '../../../shared/kit';
import { configFields, configPayload, fieldOfConfigMessage, type ConfigField } from '../company-config';
import { fetchRecordLabel, saveCompanyConfig, setupKeys, type CompanyConfig } from '../setup-api';

type Values = Record<string, string | null>;

/** Default accounts take only active posting accounts (the server refuses others too). */
const POSTING_ACCOUNTS = { kind: 'Posting', active: true } as const;
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

/** 'CODE · Name' of the accounts and sequence chosen now, so the pickers read well before any search. */
function useChosenLabels(config: CompanyConfig, fields: readonly ConfigField[]): Record<string, string> {
  const chosen = fields.flatMap((field) => {
    const id = config[field.key];
    return id ? [{ id, def: field.kind === 'account' ? accountEntity : numberSequenceEntity }] : [];
  });
  const answers = useQueries({
    queries: chosen.map(({ id, def }) => ({ queryKey: ['kit', def.name, 'label', id], queryFn: ({ signal }: { signal: AbortSignal }) => fetchRecordLabel(def, id, signal), staleTime: 60_000 })),
  });
  const labels: Record<string, string> = {};
  chosen.forEach(({ id }, index) => {
    const label = answers[index]?.data;
    if (label) labels[id] = label;
  });
  return labels;
}

/** The default accounts (posting accounts only) and the journal sequence, saved with PUT /gl/company-config. */
export function DefaultAccountsCard({ config, canEdit }: { config: CompanyConfig; canEdit: boolean }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fields = useMemo(() => configFields(config), [config]);
  const labels = useChosenLabels(config, fields);
  const { control, handleSubmit, setError } = useForm<Values>({ defaultValues: Object.fromEntries(fields.map((field) => [field.key, config[field.key] ?? null])) });
  const save = useMutation({
    mutationFn: (values: Values) => saveCompanyConfig(configPayload(config, values)),
    onSuccess: (saved) => queryClient.setQueryData(setupKeys.companyConfig, saved),
  });
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify.success();
    } catch (error) {
      const message = messageOf(error);
      notify.error(message);
      const field = fieldOfConfigMessage(config, message);
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
    }
  });

  return (
    <Card size="small" title="Default accounts">
      <Form layout="vertical" aria-label="Default accounts" disabled={!canEdit || save.isPending} onFinish={() => void submit()}>
        <Row gutter={16}>
          {fields.map((field) => (
            <Col key={field.key} xs={24} md={12}>
              <Controller
                control={control}
                name={field.key}
                render={({ field: bound, fieldState }) => (
                  <Form.Item label={field.label} htmlFor={`config-${field.key}`} validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message} extra={field.help}>
                    <RefSelect
                      id={`config-${field.key}`}
                      refName={field.kind === 'account' ? accountEntity.name : numberSequenceEntity.name}
                      filter={field.kind === 'account' ? POSTING_ACCOUNTS : undefined}
                      placeholder={field.kind === 'account' ? 'Search posting accounts' : 'Search number sequences'}
                      value={bound.value}
                      onChange={bound.onChange}
                      onBlur={bound.onBlur}
                      knownLabels={labels}
                      status={fieldState.error ? 'error' : undefined}
                      disabled={!canEdit || save.isPending}
                    />
                  </Form.Item>
                )}
              />
            </Col>
          ))}
        </Row>
        {canEdit && (
          <Flex justify="end">
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save default accounts
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
