import { Col, DatePicker, Form, Input, Row } from 'antd';
import dayjs from 'dayjs';
import type { JournalHeader } from '../journal-lines';

type Props = {
  header: JournalHeader;
  dateFormat: string;
  onChange: (patch: Partial<JournalHeader>) => void;
};

/** Date, description and reference of a journal; they stack on narrow screens. */
export function JournalHeaderFields({ header, dateFormat, onChange }: Props) {
  return (
    <Form layout="vertical" component="div" requiredMark>
      <Row gutter={16}>
        <Col xs={24} sm={8} md={6} xl={4}>
          <Form.Item label="Date" htmlFor="journal-date" required style={{ marginBottom: 12 }}>
            <DatePicker
              id="journal-date"
              format={dateFormat}
              allowClear={false}
              value={header.journalDate ? dayjs(header.journalDate) : null}
              onChange={(value) => onChange({ journalDate: value ? value.format('YYYY-MM-DD') : '' })}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16} md={12} xl={14}>
          <Form.Item label="Description" htmlFor="journal-description" required style={{ marginBottom: 12 }}>
            <Input id="journal-description" value={header.description} maxLength={500} onChange={(e) => onChange({ description: e.target.value })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label="Reference" htmlFor="journal-reference" style={{ marginBottom: 12 }}>
            <Input id="journal-reference" value={header.reference} maxLength={100} onChange={(e) => onChange({ reference: e.target.value })} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
