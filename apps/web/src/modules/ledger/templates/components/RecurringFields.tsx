import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { recurringFrequencies, RECURRING_INTERVAL_MAX, RECURRING_OCCURRENCES_MAX, type RecurringFrequency } from '@erp/contracts';
import type { EndKind, RecurringForm } from '../recurring-form';
import { TemplateSelect } from './TemplateSelect';

type Props = { form: RecurringForm; dateFormat: string; onChange: (patch: Partial<RecurringForm>) => void };

const day = (iso: string) => (iso ? dayjs(iso) : null);
const isoOf = (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : '');

/** The schedule: code, description, template; how often, from when, until when; draft or post. */
export function RecurringFields({ form, dateFormat, onChange }: Props) {
  return (
    <Form layout="vertical" component="div" requiredMark>
      <Row gutter={16}>
        <Col xs={24} sm={8} md={4}>
          <Form.Item label="Code" htmlFor="recurring-code" required style={{ marginBottom: 12 }}>
            <Input id="recurring-code" value={form.code} maxLength={30} onChange={(e) => onChange({ code: e.target.value })} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16} md={10}>
          <Form.Item label="Description" htmlFor="recurring-description" required style={{ marginBottom: 12 }}>
            <Input id="recurring-description" value={form.description} maxLength={500} onChange={(e) => onChange({ description: e.target.value })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item
            label="Template"
            htmlFor="recurring-template"
            required
            style={{ marginBottom: 12 }}
            extra={form.template ? <Link to={`/journal-template?id=${form.template}`}>Open the template</Link> : undefined}
          >
            <TemplateSelect id="recurring-template" value={form.template} label={form.templateLabel} onChange={(template, templateLabel) => onChange({ template, templateLabel })} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} md={4}>
          <Form.Item label="Frequency" htmlFor="recurring-frequency" required style={{ marginBottom: 12 }}>
            <Select<RecurringFrequency> id="recurring-frequency" value={form.frequency} options={recurringFrequencies.map((f) => ({ value: f, label: f }))} onChange={(frequency) => onChange({ frequency })} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} md={3}>
          <Form.Item label="Every" htmlFor="recurring-interval" required style={{ marginBottom: 12 }}>
            <InputNumber id="recurring-interval" min={1} max={RECURRING_INTERVAL_MAX} precision={0} value={form.interval} onChange={(interval) => onChange({ interval: interval ?? 1 })} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} md={4}>
          <Form.Item label="Start date" htmlFor="recurring-start" required style={{ marginBottom: 12 }}>
            <DatePicker id="recurring-start" format={dateFormat} allowClear={false} value={day(form.startDate)} onChange={(value) => onChange({ startDate: isoOf(value) })} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} md={4}>
          <Form.Item label="Next date" htmlFor="recurring-next" style={{ marginBottom: 12 }} extra={form.nextDate ? undefined : 'The start date'}>
            <DatePicker id="recurring-next" format={dateFormat} value={day(form.nextDate)} onChange={(value) => onChange({ nextDate: isoOf(value) })} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item label="Ends" style={{ marginBottom: 12 }}>
            <Row gutter={8} align="middle" wrap={false}>
              <Col flex="none">
                <Radio.Group
                  aria-label="Ends"
                  optionType="button"
                  value={form.endKind}
                  options={[{ value: 'never', label: 'Never' }, { value: 'date', label: 'On' }, { value: 'count', label: 'After' }]}
                  onChange={(e) => onChange({ endKind: e.target.value as EndKind })}
                />
              </Col>
              <Col flex="auto">
                {form.endKind === 'date' && (
                  <DatePicker aria-label="End date" format={dateFormat} value={day(form.endDate)} onChange={(value) => onChange({ endDate: isoOf(value) })} style={{ width: '100%' }} />
                )}
                {form.endKind === 'count' && (
                  <InputNumber
                    aria-label="Number of journals"
                    min={1}
                    max={RECURRING_OCCURRENCES_MAX}
                    precision={0}
                    value={form.occurrences}
                    suffix="journals"
                    onChange={(occurrences) => onChange({ occurrences })}
                    style={{ width: '100%' }}
                  />
                )}
              </Col>
            </Row>
          </Form.Item>
        </Col>
        <Col xs={16} sm={12} md={8}>
          <Form.Item label="Each journal is" style={{ marginBottom: 12 }}>
            <Radio.Group
              aria-label="Each journal is"
              value={form.mode}
              options={[{ value: 'Draft', label: 'A draft to review' }, { value: 'Post', label: 'Posted at once' }]}
              onChange={(e) => onChange({ mode: e.target.value as RecurringForm['mode'] })}
            />
          </Form.Item>
        </Col>
        <Col xs={8} sm={4} md={3}>
          <Form.Item label="Active" htmlFor="recurring-active" style={{ marginBottom: 12 }}>
            <Switch id="recurring-active" checked={form.active} onChange={(active) => onChange({ active })} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
