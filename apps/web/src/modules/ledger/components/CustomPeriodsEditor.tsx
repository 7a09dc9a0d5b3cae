import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Flex, Input, Table, Typography, theme } from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import { Controller, useFieldArray, useFormState, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { useMediaQuery } from '../../../shared/useMediaQuery';
import { addDays, nextPeriodRow, PERIOD_NAME_MAX, type FiscalYearSpan } from '../period-plan';
import type { GenerateFormValues } from '../period-form';
import { useDisplay } from '../../../shared/useDisplay';

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
    <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, maxWidth: 240 }}>
      {message}
    </Typography.Text>
  ) : null;
}

/** The inputs of one row, bound to the form; changing an end date moves the next period's start to the day after. */
function useRowInputs({ control, getValues, setValue, submitted, disabled }: Props) {
  const { pickerFormat } = useDisplay();
  const name = (index: number) => (
    <Controller
      control={control}
      name={`periods.${index}.name`}
      render={({ field: bound, fieldState }) => (
        <>
          <Input {...bound} aria-label={`Name of period ${index + 1}`} status={fieldState.error ? 'error' : undefined} disabled={disabled} maxLength={PERIOD_NAME_MAX} style={{ minWidth: 120 }} />
          <FieldError message={fieldState.error?.message} />
        </>
      )}
    />
  );
  const date = (index: number, field: 'startDate' | 'endDate', width: number | string) => (
    <Controller
      control={control}
      name={`periods.${index}.${field}`}
      render={({ field: bound, fieldState }) => (
        <>
          <DatePicker
            aria-label={`${field === 'startDate' ? 'Start' : 'End'} of period ${index + 1}`}
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
            style={{ width }}
          />
          <FieldError message={fieldState.error?.message} />
        </>
      )}
    />
  );
  return { name, date };
}

/** Wide screens: one table row per period. */
function PeriodRowsTable({ rows, inputs, onRemove, canRemove }: { rows: Row[]; inputs: ReturnType<typeof useRowInputs>; onRemove: (index: number) => void; canRemove: boolean }) {
  const columns: ColumnType<Row>[] = [
    { key: 'no', title: 'No.', width: 48, align: 'right', render: (_: unknown, row) => row.index + 1 },
    { key: 'name', title: 'Name', render: (_: unknown, row) => inputs.name(row.index) },
    { key: 'start', title: 'Start', render: (_: unknown, row) => inputs.date(row.index, 'startDate', 150) },
    { key: 'end', title: 'End', render: (_: unknown, row) => inputs.date(row.index, 'endDate', 150) },
    {
      key: 'remove',
      width: 40,
      render: (_: unknown, row) => <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Remove period ${row.index + 1}`} disabled={!canRemove} onClick={() => onRemove(row.index)} />,
    },
  ];
  return <Table<Row> size="small" aria-label="Custom periods" rowKey="key" columns={columns} dataSource={rows} pagination={false} />;
}

/** Narrow screens: one small block per period, the dates side by side. */
function PeriodRowsStack({ rows, inputs, onRemove, canRemove }: { rows: Row[]; inputs: ReturnType<typeof useRowInputs>; onRemove: (index: number) => void; canRemove: boolean }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={8} role="list" aria-label="Custom periods">
      {rows.map((row) => (
        <Flex key={row.key} vertical gap={6} role="listitem" style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: 8 }}>
          <Flex align="center" justify="space-between">
            <Typography.Text strong>Period {row.index + 1}</Typography.Text>
            <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Remove period ${row.index + 1}`} disabled={!canRemove} onClick={() => onRemove(row.index)} />
          </Flex>
          {inputs.name(row.index)}
          <Flex gap={8}>
            <div style={{ flex: 1, minWidth: 0 }}>{inputs.date(row.index, 'startDate', '100%')}</div>
            <div style={{ flex: 1, minWidth: 0 }}>{inputs.date(row.index, 'endDate', '100%')}</div>
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}

/** The custom periods, editable: name, start and end of each, add and remove; faults show on the row and field. */
export function CustomPeriodsEditor(props: Props) {
  const { year, control, getValues, disabled } = props;
  const narrow = useMediaQuery('(max-width: 575px)');
  const { fields, append, remove } = useFieldArray({ control, name: 'periods' });
  const listError = useFormState({ control, name: 'periods' }).errors.periods?.root?.message;
  const inputs = useRowInputs(props);
  const rows = fields.map((field, index) => ({ key: field.id, index }));
  const Rows = narrow ? PeriodRowsStack : PeriodRowsTable;
  return (
    <Flex vertical gap={8}>
      {listError && <Alert type="error" showIcon title={listError} />}
      <Rows rows={rows} inputs={inputs} onRemove={remove} canRemove={!disabled && fields.length > 1} />
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => append(nextPeriodRow(year, getValues('periods')))} disabled={disabled} style={{ alignSelf: 'start' }}>
        Add period
      </Button>
    </Flex>
  );
}
