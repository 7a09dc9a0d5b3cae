import { DatePicker, Form, Input, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../app/api';
import { useNotify } from '../../../../app/notifications/useNotify';
import { editorLinkOfKind } from '../../journals/journal-kinds';
import { journalsKey } from '../../journals/journals-api';
import { journalFromTemplate } from '../templates-api';

type Props = {
  /** The template to make a journal from; nothing open when undefined. */
  template: { id: string; code: string; name: string; hasBlankAmounts: boolean } | undefined;
  dateFormat: string;
  onClose: () => void;
};

const messageOf = (e: unknown) => (e instanceof ApiError ? e.error.message : e instanceof Error ? e.message : String(e));

/** "Create journal from template": a draft on the chosen date, opened in its editor to review, fill and post. */
export function CreateJournalModal({ template, dateFormat, onClose }: Props) {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [date, setDate] = useState<Dayjs | null>(() => dayjs());
  const [description, setDescription] = useState('');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const create = async () => {
    if (!template || !date) return;
    setBusy(true);
    setError(undefined);
    try {
      const journal = await journalFromTemplate(template.id, {
        journalDate: date.format('YYYY-MM-DD'),
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: [...journalsKey, 'list'] });
      notify.success(`Draft journal created from template ${template.code}`);
      onClose();
      void navigate(`${editorLinkOfKind(journal.kind)}?id=${journal.id}`);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={template !== undefined}
      title={template ? `Create journal from ${template.code}` : ''}
      okText="Create draft journal"
      okButtonProps={{ disabled: !date }}
      confirmLoading={busy}
      onOk={() => void create()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        A draft journal with the lines of {template?.name}; rates are taken from the exchange rates of the journal date.
        {template?.hasBlankAmounts ? ' Some lines have no amount: fill them in the journal before posting.' : ''}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="Journal date" htmlFor="template-journal-date" required>
          <DatePicker id="template-journal-date" format={dateFormat} value={date} onChange={setDate} allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Description" htmlFor="template-journal-description" extra="The template's description when left empty">
          <Input id="template-journal-description" value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        </Form.Item>
        <Form.Item label="Reference" htmlFor="template-journal-reference" style={{ marginBottom: error ? 12 : 0 }}>
          <Input id="template-journal-reference" value={reference} maxLength={100} onChange={(e) => setReference(e.target.value)} />
        </Form.Item>
        {error && <Typography.Text type="danger" role="alert">{error}</Typography.Text>}
      </Form>
    </Modal>
  );
}
