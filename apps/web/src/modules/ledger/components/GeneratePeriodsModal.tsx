import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Flex, Form, Modal, Radio, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useMediaQuery } from '../../../shared/useMediaQuery';
import { generateFormSchema, generateRequest, type GenerateFormValues } from '../period-form';
import { quarterPlan, type FiscalYearSpan } from '../period-plan';
import type { GeneratePeriodsRequest } from '../setup-api';
import { useDisplay } from '../../../shared/useDisplay';
import { CustomPeriodsEditor } from './CustomPeriodsEditor';

export type FiscalYearInfo = FiscalYearSpan & { code: string };

type Props = {
  fiscalYear: FiscalYearInfo;
  open: boolean;
  onClose: () => void;
  /** Sends the request; rejects with the server's message. */
  onGenerate: (request: GeneratePeriodsRequest) => Promise<unknown>;
  generating: boolean;
};

const FORM_ID = 'generate-periods-form';
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

/** Generate the periods of a fiscal year: monthly, or custom periods that must tile the year; Opening and Adjustment come with either. */
export function GeneratePeriodsModal({ fiscalYear, open, onClose, onGenerate, generating }: Props) {
  const narrow = useMediaQuery('(max-width: 767px)');
  return (
    <Modal
      open={open}
      title={`Generate periods · ${fiscalYear.code}`}
      onCancel={onClose}
      okText="Generate periods"
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: generating }}
      destroyOnHidden
      mask={{ closable: false }}
      width={narrow ? '100%' : 760}
    >
      {open && <GenerateForm fiscalYear={fiscalYear} onClose={onClose} onGenerate={onGenerate} />}
    </Modal>
  );
}

function GenerateForm({ fiscalYear, onClose, onGenerate }: Omit<Props, 'open' | 'generating'>) {
  const { date: dateLabel } = useDisplay();
  const schema = useMemo(() => generateFormSchema(fiscalYear, dateLabel), [fiscalYear, dateLabel]);
  const { control, handleSubmit, getValues, setValue, formState } = useForm<GenerateFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { pattern: 'monthly', periods: quarterPlan(fiscalYear) },
  });
  const pattern = useWatch({ control, name: 'pattern' });
  const [serverError, setServerError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    setSending(true);
    try {
      await onGenerate(generateRequest(values));
      onClose();
    } catch (error) {
      setServerError(messageOf(error));
    } finally {
      setSending(false);
    }
  });

  return (
    <Form id={FORM_ID} layout="vertical" onFinish={() => void submit()} aria-label="Generate periods" disabled={sending}>
      <Flex vertical gap={12}>
        <Typography.Text>
          Fiscal year {fiscalYear.code} runs from {dateLabel(fiscalYear.startDate)} to {dateLabel(fiscalYear.endDate)}. An Opening period on its first day
          and an Adjustment period on its last day are added either way.
        </Typography.Text>
        <Controller
          control={control}
          name="pattern"
          render={({ field }) => (
            <Radio.Group
              aria-label="Pattern"
              optionType="button"
              buttonStyle="solid"
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              options={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'custom', label: 'Custom' },
              ]}
            />
          )}
        />
        {pattern === 'monthly' ? (
          <Alert type="info" showIcon title="One period per calendar month of the year, named by month (Jan 2026, Feb 2026, …)." />
        ) : (
          <CustomPeriodsEditor year={fiscalYear} control={control} getValues={getValues} setValue={setValue} submitted={formState.isSubmitted} disabled={sending} />
        )}
        {serverError && <Alert type="error" showIcon title={serverError} />}
      </Flex>
    </Form>
  );
}
