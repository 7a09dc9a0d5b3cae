import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Tooltip } from 'antd';
import type { ApprovalOperation } from '@erp/contracts';
import type { StepDraft } from '../workflow-form';
import { AssigneePicker } from './AssigneePicker';

type Props = {
  step: StepDraft;
  index: number;
  count: number;
  currency: string | undefined;
  operations: readonly ApprovalOperation[];
  known: ReadonlyMap<string, string>;
  problems: Record<string, string>;
  onChange: (patch: Partial<StepDraft>) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
};

const problemOf = (problems: Record<string, string>, index: number, field: string) => problems[`steps.${index}.${field}`];

/** One step of the workflow editor: name, operation, rule, amount thresholds, deadline and assignees. */
export function StepCard({ step, index, count, currency, operations, known, problems, onChange, onMove, onRemove }: Props) {
  const field = (name: string) => {
    const problem = problemOf(problems, index, name);
    return problem ? { validateStatus: 'error' as const, help: problem } : {};
  };
  const n = index + 1;
  return (
    <Card
      size="small"
      className="wf-step-card"
      aria-label={`Step ${n}`}
      role="group"
      title={`Step ${n}`}
      style={{ marginBottom: 12 }}
      extra={
        <>
          <Tooltip title="Move up"><Button type="text" size="small" aria-label={`Move step ${n} up`} icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => onMove(-1)} /></Tooltip>
          <Tooltip title="Move down"><Button type="text" size="small" aria-label={`Move step ${n} down`} icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => onMove(1)} /></Tooltip>
          <Tooltip title="Remove step"><Button type="text" size="small" danger aria-label={`Remove step ${n}`} icon={<DeleteOutlined />} disabled={count === 1} onClick={onRemove} /></Tooltip>
        </>
      }
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item label="Step name" htmlFor={`step-${step.key}-name`} required {...field('name')}>
            <Input id={`step-${step.key}-name`} value={step.name} maxLength={100} onChange={(e) => onChange({ name: e.target.value })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Performs when complete" htmlFor={`step-${step.key}-operation`} tooltip="An operation of the approval type, run when this step is approved">
            <Select<ApprovalOperation | ''>
              id={`step-${step.key}-operation`}
              aria-label={`Operation of step ${n}`}
              value={step.operation ?? ''}
              onChange={(value) => onChange({ operation: value === '' ? null : value })}
              options={[{ value: '', label: 'Nothing (approval only)' }, ...operations.map((op) => ({ value: op, label: op }))]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Rule">
            <Radio.Group
              aria-label={`Rule of step ${n}`}
              value={step.rule}
              onChange={(e) => onChange({ rule: e.target.value === 'All' ? 'All' : 'Any' })}
              options={[{ value: 'Any', label: 'Any one approves' }, { value: 'All', label: 'All approve' }]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label={`Min amount${currency ? ` (${currency})` : ''}`} htmlFor={`step-${step.key}-min`} {...field('minAmount')}>
            <Input id={`step-${step.key}-min`} inputMode="decimal" style={{ textAlign: 'right' }} placeholder="any" value={step.minAmount} onChange={(e) => onChange({ minAmount: e.target.value })} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label={`Max amount${currency ? ` (${currency})` : ''}`} htmlFor={`step-${step.key}-max`} {...field('maxAmount')}>
            <Input id={`step-${step.key}-max`} inputMode="decimal" style={{ textAlign: 'right' }} placeholder="any" value={step.maxAmount} onChange={(e) => onChange({ maxAmount: e.target.value })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label="Deadline (hours)" htmlFor={`step-${step.key}-deadline`} {...field('deadlineHours')}>
            <InputNumber id={`step-${step.key}-deadline`} min={1} max={8760} precision={0} placeholder="none" style={{ width: '100%' }} value={step.deadlineHours} onChange={(value) => onChange({ deadlineHours: value ?? null })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={18}>
          <Form.Item label="Assignees" htmlFor={`step-${step.key}-assignees`} required {...field('assignees')}>
            <AssigneePicker id={`step-${step.key}-assignees`} ariaLabel={`Assignees of step ${n}`} value={step.assignees} known={known} status={problemOf(problems, index, 'assignees') ? 'error' : undefined} onChange={(assignees) => onChange({ assignees })} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
