import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { templateJournalKinds, type TemplateJournalKind } from '@erp/contracts';
import { kindLabel } from '../../journals/journal-kinds';
import type { TemplateHeader } from '../template-lines';

type Props = { header: TemplateHeader; onChange: (patch: Partial<TemplateHeader>) => void };

/** Code, name, the kind of journal it makes, description and Active; they stack on narrow screens. */
export function TemplateHeaderFields({ header, onChange }: Props) {
  return (
    <Form layout="vertical" component="div" requiredMark>
      <Row gutter={16}>
        <Col xs={24} sm={8} md={4}>
          <Form.Item label="Code" htmlFor="template-code" required style={{ marginBottom: 12 }}>
            <Input id="template-code" value={header.code} maxLength={30} onChange={(e) => onChange({ code: e.target.value })} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16} md={7}>
          <Form.Item label="Name" htmlFor="template-name" required style={{ marginBottom: 12 }}>
            <Input id="template-name" value={header.name} maxLength={100} onChange={(e) => onChange({ name: e.target.value })} />
          </Form.Item>
        </Col>
        <Col xs={16} sm={8} md={4}>
          <Form.Item label="Journal kind" htmlFor="template-kind" style={{ marginBottom: 12 }}>
            <Select<TemplateJournalKind>
              id="template-kind"
              value={header.kind}
              options={templateJournalKinds.map((kind) => ({ value: kind, label: kindLabel[kind] }))}
              onChange={(kind) => onChange({ kind })}
            />
          </Form.Item>
        </Col>
        <Col xs={8} sm={4} md={2}>
          <Form.Item label="Active" htmlFor="template-active" style={{ marginBottom: 12 }}>
            <Switch id="template-active" checked={header.active} onChange={(active) => onChange({ active })} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={7}>
          <Form.Item label="Description" htmlFor="template-description" style={{ marginBottom: 12 }}>
            <Input id="template-description" value={header.description} maxLength={500} onChange={(e) => onChange({ description: e.target.value })} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
