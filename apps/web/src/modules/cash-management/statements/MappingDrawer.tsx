import { Alert, Button, Col, Drawer, Flex, Form, Input, InputNumber, Radio, Row, Select, Switch, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { mappingDateFormats, mappingDelimiters, statementMappingSchema, type StatementMappingInput } from '@erp/contracts';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { useNotify } from '../../../app/notifications/useNotify';
import { fetchMapping, saveMapping } from './statements-api';

type Values = StatementMappingInput;
type Key = keyof Values;

const COLUMNS: { key: Key; label: string; help?: string }[] = [
  { key: 'dateColumn', label: 'Booking date column' },
  { key: 'valueDateColumn', label: 'Value date column' },
  { key: 'counterpartyColumn', label: 'Counterparty column' },
  { key: 'counterpartyAccountColumn', label: 'Counterparty IBAN/account column' },
  { key: 'referenceColumn', label: 'Reference column' },
  { key: 'bankReferenceColumn', label: 'Bank reference column' },
  { key: 'descriptionColumn', label: 'Description column' },
  { key: 'balanceColumn', label: 'Running balance column', help: 'Gives the opening (first row) and closing (last row) balances' },
  { key: 'foreignCurrencyColumn', label: 'Original currency column' },
  { key: 'foreignAmountColumn', label: 'Original amount column' },
];

const delimiterLabel: Record<string, string> = { ',': 'Comma', ';': 'Semicolon', '\t': 'Tab', '|': 'Bar' };
const blank: Values = { headerRowsSkip: 0, hasHeader: true, delimiter: ',', dateFormat: 'YYYY-MM-DD', decimalSeparator: '.', amountMode: 'Signed', invertSign: false, dateColumn: '' };

/**
 * A bank's CSV/XLSX statement mapping (saved per bank): header rows to skip, date format, decimal
 * separator, delimiter, one signed amount or money-in and money-out columns, and the columns by
 * their header text (or number when the file has no header). A refusal is shown on its field.
 */
export function MappingDrawer({ onClose, initialBank }: { onClose: () => void; initialBank: string | null }) {
  const notify = useNotify();
  const [bank, setBank] = useState<string | null>(initialBank);
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const current = useQuery({ queryKey: ['cash-management', 'statement-mapping', bank], queryFn: ({ signal }) => fetchMapping(bank!, signal), enabled: bank !== null });
  useEffect(() => {
    if (current.data) setValues(current.data.mapping ?? blank);
    setErrors({});
  }, [current.data]);
  const save = useMutation({ mutationFn: () => saveMapping(bank!, statementMappingSchema.parse(clean(values))), onSuccess: () => (notify.success('Mapping saved'), onClose()) });
  const set = <K extends Key>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const field = (key: string) => ({ validateStatus: errors[key] ? ('error' as const) : undefined, help: errors[key] });
  const submit = () => {
    const parsed = statementMappingSchema.safeParse(clean(values));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? ''), i.message])));
      return;
    }
    setErrors({});
    save.mutate();
  };
  const text = (key: Key) => (
    <Input aria-label={COLUMNS.find((c) => c.key === key)?.label ?? key} value={(values[key] as string | undefined) ?? ''} onChange={(e) => set(key, e.target.value as never)} maxLength={100} />
  );
  return (
    <Drawer open onClose={onClose} size="large" title="CSV/XLSX statement mapping" destroyOnHidden>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label="Bank" htmlFor="mapping-bank" required>
          <RefSelect id="mapping-bank" refName="bank" value={bank} onChange={setBank} placeholder="The bank whose files this reads" />
        </Form.Item>
        {current.error && <Alert type="error" showIcon title={current.error.message} style={{ marginBottom: 12 }} />}
        {bank && (
          <>
            <Typography.Paragraph type="secondary">{current.data?.mapping ? 'This bank has a saved mapping: change it below.' : 'This bank has no mapping yet.'}</Typography.Paragraph>
            <Row gutter={12}>
              <Col xs={24} sm={8}>
                <Form.Item label="Rows to skip before the header" {...field('headerRowsSkip')}>
                  <InputNumber aria-label="Rows to skip" min={0} max={100} value={values.headerRowsSkip ?? 0} onChange={(v) => set('headerRowsSkip', v ?? 0)} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label="First row names the columns">
                  <Switch aria-label="Has header" checked={values.hasHeader ?? true} onChange={(v) => set('hasHeader', v)} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label="Delimiter (CSV)">
                  <Select aria-label="Delimiter" value={values.delimiter ?? ','} onChange={(v) => set('delimiter', v)} options={mappingDelimiters.map((d) => ({ value: d, label: delimiterLabel[d] }))} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label="Date format">
                  <Select aria-label="Date format" value={values.dateFormat ?? 'YYYY-MM-DD'} onChange={(v) => set('dateFormat', v)} options={mappingDateFormats.map((d) => ({ value: d, label: d }))} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label="Decimal separator">
                  <Radio.Group aria-label="Decimal separator" value={values.decimalSeparator ?? '.'} onChange={(e) => set('decimalSeparator', e.target.value as '.' | ',')} options={[{ value: '.', label: 'Point (1,234.56)' }, { value: ',', label: 'Comma (1.234,56)' }]} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label="Turn every sign">
                  <Switch aria-label="Invert sign" checked={values.invertSign ?? false} onChange={(v) => set('invertSign', v)} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label="Amounts">
              <Radio.Group aria-label="Amounts" value={values.amountMode ?? 'Signed'} onChange={(e) => set('amountMode', e.target.value as 'Signed' | 'InOut')} options={[{ value: 'Signed', label: 'One signed amount column' }, { value: 'InOut', label: 'Money in and money out columns' }]} />
            </Form.Item>
            <Row gutter={12}>
              {(values.amountMode ?? 'Signed') === 'Signed' ? (
                <Col xs={24} sm={12}>
                  <Form.Item label="Amount column" required {...field('amountColumn')}>{text('amountColumn')}</Form.Item>
                </Col>
              ) : (
                <>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Money in column" required {...field('amountInColumn')}>{text('amountInColumn')}</Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Money out column" required {...field('amountOutColumn')}>{text('amountOutColumn')}</Form.Item>
                  </Col>
                </>
              )}
              {COLUMNS.map((c) => (
                <Col xs={24} sm={12} key={c.key}>
                  <Form.Item label={c.label} required={c.key === 'dateColumn'} extra={c.help} {...field(c.key)}>
                    {text(c.key)}
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </>
        )}
        {save.error && <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 12 }} />}
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" disabled={!bank} loading={save.isPending}>
            Save mapping
          </Button>
        </Flex>
      </Form>
    </Drawer>
  );
}

/** Empty column names are no column. */
function clean(v: Values): Values {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => !(typeof x === 'string' && x.trim() === ''))) as Values;
}
