import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { hasOperation, type EscalationRuleView } from '@erp/contracts';
import { useNotify, useSignedInUser } from '../shell-adapter';
import { useDeleteEscalation, useEscalations } from '../workflow-api';
import { approvalTypeLabel } from '../workflow-format';
import { EscalationRuleModal } from './EscalationRuleModal';
import { refusalText } from './TaskDecision';

type Editing = { rule: EscalationRuleView | undefined } | undefined;

export function ruleSummary(rule: EscalationRuleView): string {
  const when = rule.afterHours === 0 ? 'at the deadline' : `${rule.afterHours} h after the deadline`;
  const repeat = rule.repeatEveryHours ? `, every ${rule.repeatEveryHours} h, at most ${rule.maxTimes}×` : '';
  return `${when}${repeat}`;
}

function ruleColumns(showWorkflow: boolean, actions: (rule: EscalationRuleView) => ReactNode): TableColumnsType<EscalationRuleView> {
  return [
    ...(showWorkflow ? [{ key: 'workflow', title: 'Workflow', render: (_: unknown, r: EscalationRuleView) => `${r.workflowName} (${approvalTypeLabel(r.approvalType)})` }] : []),
    { key: 'step', title: 'Step', render: (_, r) => r.stepName ?? 'Every step with a deadline' },
    { key: 'action', title: 'Action', render: (_, r) => (r.action === 'Escalate' ? `Escalate to ${r.target?.label ?? '?'}` : 'Remind the assignee') },
    { key: 'when', title: 'When', render: (_, r) => ruleSummary(r) },
    { key: 'active', title: 'Active', render: (_, r) => (r.active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>) },
    { key: 'actions', title: '', align: 'right', render: (_, r) => actions(r) },
  ];
}

/** The escalation rules of one workflow (or of every workflow): list, add, edit, delete. */
export function EscalationRulesCard({ workflow, filterWorkflowId }: { workflow?: { id: string }; filterWorkflowId?: string }) {
  const notify = useNotify();
  const { permissions } = useSignedInUser().parentRole;
  const workflowId = workflow?.id ?? filterWorkflowId;
  const rules = useEscalations(workflowId);
  const remove = useDeleteEscalation();
  const [editing, setEditing] = useState<Editing>();
  const canSave = hasOperation(permissions, 'SaveWorkflow');
  const canEdit = hasOperation(permissions, 'EditWorkflow');
  const canDelete = hasOperation(permissions, 'DeleteWorkflow');
  const destroy = async (rule: EscalationRuleView) => {
    try {
      await remove.mutateAsync(rule.id);
      notify.success('The escalation rule is deleted');
    } catch (error) {
      notify.error(refusalText(error));
    }
  };
  const actions = (rule: EscalationRuleView) => (
    <Flex gap={4} justify="flex-end">
      {canEdit && <Button size="small" type="text" aria-label="Edit rule" icon={<EditOutlined />} onClick={() => setEditing({ rule })} />}
      {canDelete && (
        <Popconfirm title="Delete this escalation rule?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void destroy(rule)}>
          <Button size="small" type="text" danger aria-label="Delete rule" icon={<DeleteOutlined />} />
        </Popconfirm>
      )}
    </Flex>
  );
  return (
    <Card
      size="small"
      title={`Escalation rules (${rules.data?.total ?? 0})`}
      extra={canSave && <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ rule: undefined })}>Add rule</Button>}
      style={{ marginTop: 16 }}
    >
      {rules.error && <Alert type="error" showIcon title={rules.error.message} />}
      <Table<EscalationRuleView>
        rowKey="id"
        size="small"
        aria-label="Escalation rules"
        columns={ruleColumns(workflow === undefined, actions)}
        dataSource={rules.data?.items ?? []}
        loading={rules.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: 'No escalation rules: overdue tasks stay with their assignees' }}
      />
      {editing && <EscalationRuleModal rule={editing.rule} workflowId={workflow?.id} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
