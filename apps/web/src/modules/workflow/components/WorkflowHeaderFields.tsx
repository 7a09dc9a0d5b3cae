import { Col, Form, Input, Row, Select, Switch, Tag } from 'antd';
import type { ApprovalType, ApprovalTypeInfo } from '@erp/contracts';
import { approvalTypeLabel } from '../workflow-format';
import type { WorkflowDraft } from '../workflow-form';

type Props = {
  draft: WorkflowDraft;
  types: readonly ApprovalTypeInfo[];
  problems: Record<string, string>;
  onChange: (patch: Partial<WorkflowDraft>) => void;
};

const problemProps = (problem: string | undefined) => (problem ? { validateStatus: 'error' as const, help: problem } : {});

/** The approval type (showing which can be submitted yet), name, description and switches of a workflow. */
export function WorkflowHeaderFields({ draft, types, problems, onChange }: Props) {
  const options = types
    .filter((t) => t.type !== 'None')
    .map((t) => ({
      value: t.type,
      text: approvalTypeLabel(t.type),
      label: (
        <span>
          {approvalTypeLabel(t.type)}{' '}
          {t.available ? <Tag color="green">available</Tag> : <Tag>{t.awaiting ? `awaits ${t.awaiting}` : 'not available yet'}</Tag>}
        </span>
      ),
    }));
  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item label="Approval type" htmlFor="wf-type" required {...problemProps(problems.approvalType)}>
          <Select<ApprovalType>
            id="wf-type"
            aria-label="Approval type"
            showSearch={{ optionFilterProp: 'text' }}
            placeholder="Choose the documents this workflow approves"
            value={draft.approvalType}
            options={options}
            onChange={(approvalType) => onChange({ approvalType })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Name" htmlFor="wf-name" required {...problemProps(problems.name)}>
          <Input id="wf-name" maxLength={100} value={draft.name} onChange={(e) => onChange({ name: e.target.value })} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label="Description" htmlFor="wf-description" {...problemProps(problems.description)}>
          <Input.TextArea id="wf-description" rows={2} maxLength={500} value={draft.description} onChange={(e) => onChange({ description: e.target.value })} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label="Active" htmlFor="wf-active" tooltip="One active workflow per approval type and company">
          <Switch id="wf-active" checked={draft.active} onChange={(active) => onChange({ active })} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label="Allow self-approval" htmlFor="wf-self" tooltip="May the document's creator or submitter approve it?">
          <Switch id="wf-self" checked={draft.allowSelfApproval} onChange={(allowSelfApproval) => onChange({ allowSelfApproval })} />
        </Form.Item>
      </Col>
    </Row>
  );
}
