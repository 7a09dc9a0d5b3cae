import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Flex, Input, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import { Controller, useFieldArray, useFormState, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { addDays, nextPeriodRow, type FiscalYearSpan } from '../period-plan';
import type { GenerateFormValues } from '../period-form';
import { useDateLabel } from '../useDateLabel';

const ISO_DATE = 'YYYY-MM-DD';

type Props = {
  year: FiscalYearSpan;
  control: Control<GenerateFormValues>;
  getValues: UseFormGetValues<GenerateFormValues>;
  setValue: UseFormSetValue<GenerateFormValues>;
  /** Once the form was submitted, changes re-check it at once. */
  submitted: boolean;
  disabled: boolean;
};

type Row = { key: string; index: number };

function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, maxWidth: 220 }}>
      {message}
    </Typography.Text>
  ) : null;
}

/** The custom periods as an editable table; changing an end date moves the next period's start to the day after. */
export function CustomPeriodsEditor({ year, control, getValues, setValue, submitted, disabled }: Props) {
  const { pickerFormat } = useDateLabel();
  const { fields, append, remove } = useFieldArray({ control, name: 'periods' });
  const listError = useFormState({ control, name: 'periods' }).errors.periods?.root?.message;
  const dateCell = (index: number, field: 'startDate' | 'endDate', label: string) => (
    <Controller
      control={control}
      name={`periods.${index}.${field}`}
      render={({ field: bound, fieldState }) => (
        <>
          <DatePicker
            aria-label={`${label} of period ${index + 1}`}
            value={bound.value ? dayjs(bound.value, ISO_DATE) : null}
            format={pickerFormat}
            status={fieldState.error ? 'error' : undefined}
            disabled={disabled}
            allowClear={false}
            onBlur={bound.onBlur}
            onChange={(next) => {
              const value = next ? next.format(ISO_DATE) : '';
              bound.onChange(value);
              // Keep the periods chained: the next one starts the day after this one ends.
              if (field === 'endDate' && value && index + 1 < getValues('periods').length) {
                setValue(`periods.${index + 1}.startDate`, addDays(value, 1), { shouldValidate: submitted });
              }
            }}
            style={{ width: 140 }}
          />
          <FieldError message={fieldState.error?.message} />
        </>
      )}
    />
  );
  const columns: ColumnType<Row>[] = [
    { key: 'no', title: 'No.', width: 48, align: 'right', render: (_: unknown, row) => row.index + 1 },
    {
      key: 'name',
      title: 'Name',
      render: (_: unknown, row) => (
        <Controller
          control={control}
          name={`periods.${row.index}.name`}
          render={({ field: bound, fieldState }) => (
            <>
              <Input {...bound} aria-label={`Name of period ${row.index + 1}`} status={fieldState.error ? 'error' : undefined} disabled={disabled} maxLength={40} style={{ minWidth: 120 }} />
              <FieldError message={fieldState.error?.message} />
            </>
          )}
        />
      ),
    },
    { key: 'start', title: 'Start', render: (_: unknown, row) => dateCell(row.index, 'startDate', 'Start') },
    { key: 'end', title: 'End', render: (_: unknown, row) => dateCell(row.index, 'endDate', 'End') },
    {
      key: 'remove',
      width: 40,
      render: (_: unknown, row) => (
        <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Remove period ${row.index + 1}`} disabled={disabled || fields.length === 1} onClick={() => remove(row.index)} />
      ),
    },
  ];
  return (
    <Flex vertical gap={8}>
      {listError && <Alert type="error" showIcon title={listError} />}
      <Table<Row>
        size="small"
        aria-label="Custom periods"
        rowKey="key"
        columns={columns}
        dataSource={fields.map((field, index) => ({ key: field.id, index }))}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => append(nextPeriodRow(year, getValues('periods')))} disabled={disabled} style={{ alignSelf: 'start' }}>
        Add period
      </Button>
    </Flex>
  );
}
