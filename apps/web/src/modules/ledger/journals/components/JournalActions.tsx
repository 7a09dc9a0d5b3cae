import { AuditOutlined, CheckOutlined, DeleteOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm } from 'antd';
import type { JournalStatus } from '@erp/contracts';
import type { JournalAction } from '../useJournalActions';

export type JournalAbilities = { save: boolean; edit: boolean; delete: boolean };

type Props = {
  /** undefined: a new journal not saved yet. */
  status: JournalStatus | undefined;
  can: JournalAbilities;
  busy: JournalAction | undefined;
  onSave: () => void;
  onValidate: () => void;
  onPost: () => void;
  onDelete: () => void;
  /**
   * An active JournalApproval workflow governs the company's journals: Submit for approval is
   * offered instead of Validate and Post (the server refuses those). Absent: Validate and Post.
   */
  onSubmit?: () => void;
  /** Whether a workflow governs is still being asked: neither Validate and Post nor Submit yet. */
  gatePending?: boolean;
  /** A submission waits for approval: nothing may change the journal meanwhile. */
  underApproval?: boolean;
};

/**
 * Save draft, Validate and Post, or Submit for approval under an active JournalApproval workflow
 * (SPEC.md section 4), and Delete, for the operations the role holds: saving a new journal needs
 * Save, everything on a saved one needs Edit.
 */
export function JournalActions({ status, can, busy, onSave, onValidate, onPost, onDelete, onSubmit, gatePending = false, underApproval = false }: Props) {
  const saved = status !== undefined;
  const mayWrite = (saved ? can.edit : can.save) && !underApproval;
  const direct = mayWrite && !onSubmit && !gatePending;
  const pending = busy !== undefined;
  return (
    <Flex wrap gap={8}>
      {mayWrite && (
        <Button icon={<SaveOutlined aria-hidden />} loading={busy === 'save'} disabled={pending && busy !== 'save'} onClick={onSave}>
          Save draft
        </Button>
      )}
      {direct && status !== 'Validated' && (
        <Button icon={<CheckOutlined aria-hidden />} loading={busy === 'validate'} disabled={pending && busy !== 'validate'} onClick={onValidate}>
          Validate
        </Button>
      )}
      {direct && (
        <Button type="primary" icon={<SendOutlined aria-hidden />} loading={busy === 'post'} disabled={pending && busy !== 'post'} onClick={onPost}>
          Post
        </Button>
      )}
      {mayWrite && onSubmit && !gatePending && (
        <Button type="primary" icon={<AuditOutlined aria-hidden />} loading={busy === 'submit'} disabled={pending && busy !== 'submit'} onClick={onSubmit}>
          Submit for approval
        </Button>
      )}
      {saved && can.delete && !underApproval && (
        <Popconfirm title="Delete this journal?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={onDelete}>
          <Button danger icon={<DeleteOutlined aria-hidden />} loading={busy === 'delete'} disabled={pending && busy !== 'delete'}>
            Delete
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
