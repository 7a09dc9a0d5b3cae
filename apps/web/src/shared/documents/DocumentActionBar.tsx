import { AuditOutlined, CheckOutlined, DeleteOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { actionsFrom, documentLabel, hasOperation, isEditable, type DocumentDef, type Permission } from '@erp/contracts';

/** What the role may do to the document: save a new one, change a saved one (every action), delete one. */
export type DocumentAbilities = { save: boolean; edit: boolean; delete: boolean };

/** What the role's permissions let it do to a document of `kind`: its Save, Edit and Delete labels. */
export function documentAbilities<K extends string>(def: Pick<DocumentDef<string, string, K>, 'kinds'>, kind: K, permissions: readonly Permission[]): DocumentAbilities {
  return {
    save: hasOperation(permissions, documentLabel(def, 'Save', kind)),
    edit: hasOperation(permissions, documentLabel(def, 'Edit', kind)),
    delete: hasOperation(permissions, documentLabel(def, 'Delete', kind)),
  };
}

/** How the approval gate governs the actions the approval type performs. */
export type ApprovalOffer =
  /** Asked, and no workflow governs: the actions run directly. */
  | { mode: 'direct' }
  /** Still being asked: neither the direct actions nor Submit yet. */
  | { mode: 'pending' }
  /**
   * A workflow governs: Submit replaces the actions its operations perform. `needed` false: no step
   * applies to the document (its amount), so submitting performs them at once, and the button says so.
   */
  | { mode: 'submit'; needed: boolean | undefined; onSubmit: () => void };

type Props<S extends string, A extends string> = {
  def: Pick<DocumentDef<S, A>, 'actions' | 'approval' | 'editable' | 'initial' | 'label'>;
  /** undefined: a new document, not saved yet (it is in the initial state). */
  status: S | undefined;
  can: DocumentAbilities;
  busy: A | 'save' | 'delete' | 'submit' | undefined;
  /** The actions this editor performs (the others, a reversal, are offered where they apply). */
  on: Partial<Record<A, () => void>>;
  /** An action that cannot succeed now, with why: the button is disabled and the reason shown. */
  blocked?: Partial<Record<A | 'submit', string>>;
  onSave: () => void;
  onDelete: () => void;
  approval: ApprovalOffer;
  /** A submission waits for the approvers: nothing may change the document. */
  underApproval: boolean;
};

const icons: Readonly<Record<string, typeof CheckOutlined>> = { validate: CheckOutlined, post: SendOutlined };

/**
 * The editor's actions from the definition: Save draft while editable, each action its state allows
 * (`actionsFrom`, the same check the server makes), Submit for approval in place of the actions a
 * governing workflow performs, and Delete. A blocked action stays visible, disabled, with its reason.
 */
export function DocumentActionBar<S extends string, A extends string>({ def, status, can, busy, on, blocked = {}, onSave, onDelete, approval, underApproval }: Props<S, A>) {
  const saved = status !== undefined;
  const state = status ?? def.initial;
  const mayWrite = (saved ? can.edit : can.save) && isEditable(def, state) && !underApproval;
  const pending = busy !== undefined;
  const governed = new Set<string>(Object.values(def.approval?.operations ?? {}));
  const offered = actionsFrom(def, state).filter((action) => on[action] && (approval.mode === 'direct' || !governed.has(action)));
  const reasons = [...offered, 'submit' as const].map((action) => blocked[action]).filter((reason): reason is string => reason !== undefined);
  const submit = approval.mode === 'submit' && mayWrite ? approval : undefined;
  const primary = offered[offered.length - 1];
  const performed = [...governed].map((action) => def.actions[action as A].label).join(' and ');
  return (
    <Flex vertical align="flex-end" gap={4}>
      <Flex wrap gap={8} justify="flex-end">
        {mayWrite && (
          <Button icon={<SaveOutlined aria-hidden />} loading={busy === 'save'} disabled={pending && busy !== 'save'} onClick={onSave}>
            Save draft
          </Button>
        )}
        {mayWrite &&
          approval.mode !== 'pending' &&
          offered.map((action) => {
            const Icon = icons[action] ?? CheckOutlined;
            const reason = blocked[action];
            return (
              <Button
                key={action}
                type={action === primary && !submit ? 'primary' : 'default'}
                icon={<Icon aria-hidden />}
                loading={busy === action}
                disabled={(pending && busy !== action) || reason !== undefined}
                title={reason}
                onClick={on[action]}
              >
                {def.actions[action].label}
              </Button>
            );
          })}
        {submit && (
          <Button
            type="primary"
            icon={<AuditOutlined aria-hidden />}
            loading={busy === 'submit'}
            disabled={(pending && busy !== 'submit') || blocked.submit !== undefined}
            title={blocked.submit ?? (submit.needed === false ? 'No step of the approval workflow applies to this document: submitting performs its actions at once' : undefined)}
            onClick={submit.onSubmit}
          >
            {submit.needed === false ? `${performed} (no approval needed)` : 'Submit for approval'}
          </Button>
        )}
        {saved && can.delete && isEditable(def, state) && !underApproval && (
          <Popconfirm title={`Delete this ${def.label.toLowerCase()}?`} okText="Delete" okButtonProps={{ danger: true }} onConfirm={onDelete}>
            <Button danger icon={<DeleteOutlined aria-hidden />} loading={busy === 'delete'} disabled={pending && busy !== 'delete'}>
              Delete
            </Button>
          </Popconfirm>
        )}
      </Flex>
      {mayWrite && reasons.length > 0 && (
        <Typography.Text type="danger" role="status" data-testid="blocked-reason" style={{ fontSize: 12 }}>
          {[...new Set(reasons)].join(' · ')}
        </Typography.Text>
      )}
    </Flex>
  );
}
