import { Alert, Flex, Form, Input, Modal, Select, Table, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { statementSkipReasonLabels, type Face, type StatementBatchPreview } from '@erp/contracts';
import { useNotify } from '../../../app/notifications/useNotify';
import { useDisplay } from '../../../shared/useDisplay';
import { fetchPartyGroups } from '../ageing/ageing-api';
import { mailAllStatements, previewMailAll } from './statement-api';

type Props = { face: Face; range: [string, string]; open: boolean; onClose: () => void };

/**
 * "Mail all" statements (issue 16): for the screen's range and an optional group and currency, the
 * confirmation lists who will get a statement (to which address) and who is skipped and why, before
 * anything is sent; Mail queues them all in one transaction through the outbox.
 */
export function MailAllModal({ face, range, open, onClose }: Props) {
  const display = useDisplay();
  const notify = useNotify();
  const [group, setGroup] = useState<string | undefined>();
  const [currency, setCurrency] = useState('');
  const [message, setMessage] = useState('');
  const q = { from: range[0], to: range[1], group, currency: currency.length === 3 ? currency : undefined };
  const groups = useQuery({ queryKey: ['ap-ar', face.side, 'ageing-groups'], queryFn: ({ signal }) => fetchPartyGroups(face, signal), enabled: open });
  const preview = useQuery({ queryKey: ['ap-ar', face.side, 'statement-mail-all', q], queryFn: ({ signal }) => previewMailAll(face, q, signal), enabled: open });
  const mail = useMutation({
    mutationFn: () => mailAllStatements(face, q, message.trim() ? { message: message.trim() } : {}),
    onSuccess: (r) => {
      onClose();
      const skipped = r.skipped.length ? `; ${r.skipped.length} skipped (${r.skipped.map((s) => s.code).join(', ')})` : '';
      notify.success(`${r.mailed.length} statement${r.mailed.length === 1 ? ' was' : 's were'} mailed${skipped}`);
    },
  });
  const p: StatementBatchPreview | undefined = preview.data;
  const count = p?.mail.length ?? 0;
  return (
    <Modal
      open={open}
      width={720}
      title={`Mail all ${face.partyWord} statements, ${display.date(range[0])} to ${display.date(range[1])}`}
      okText={`Mail ${count} statement${count === 1 ? '' : 's'}`}
      okButtonProps={{ disabled: !p || count === 0 || preview.isFetching }}
      onOk={() => mail.mutate()}
      confirmLoading={mail.isPending}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Flex gap={8} wrap>
          <Form.Item label="Group" htmlFor="mail-all-group" style={{ minWidth: 220 }}>
            <Select
              id="mail-all-group"
              allowClear
              placeholder="All groups"
              value={group}
              onChange={(v) => setGroup(v)}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: `${String(g.code)} · ${String(g.name)}` }))}
            />
          </Form.Item>
          <Form.Item label="Currency" htmlFor="mail-all-currency">
            <Input id="mail-all-currency" placeholder="All currencies" style={{ width: 140 }} maxLength={3} value={currency} onChange={(e) => setCurrency(e.target.value.toUpperCase())} />
          </Form.Item>
        </Flex>
        <Form.Item label="Message" htmlFor="mail-all-message">
          <Input.TextArea id="mail-all-message" rows={2} maxLength={2000} placeholder="Please find attached your statement of account…" value={message} onChange={(e) => setMessage(e.target.value)} />
        </Form.Item>
      </Form>
      {(preview.error ?? mail.error) && <Alert type="error" showIcon title={(preview.error ?? mail.error)!.message} style={{ marginBottom: 12 }} />}
      {p && (
        <>
          <Typography.Paragraph strong>
            {count === 0
              ? `No ${face.partyWord} with a mail contact has postings in the range or a balance at its end.`
              : `${count} ${face.partyWord}${count === 1 ? '' : 's'} will be mailed a statement (PDF attached, through the outbox).`}
            {p.skipped.length > 0 && ` ${p.skipped.length} will be skipped.`}
          </Typography.Paragraph>
          <Table
            size="small"
            aria-label="Statements to mail"
            rowKey="party"
            loading={preview.isFetching}
            pagination={p.mail.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
            dataSource={p.mail}
            columns={[
              { key: 'code', title: face.partyLabel, render: (_, r) => `${r.code} · ${r.name}` },
              { key: 'to', title: 'To', dataIndex: 'to' },
            ]}
          />
          {p.skipped.length > 0 && (
            <Table
              size="small"
              style={{ marginTop: 12 }}
              aria-label="Skipped"
              rowKey="party"
              pagination={p.skipped.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
              dataSource={p.skipped}
              columns={[
                { key: 'code', title: `Skipped ${face.partyWord}`, render: (_, r) => `${r.code} · ${r.name}` },
                { key: 'reason', title: 'Reason', render: (_, r) => statementSkipReasonLabels[r.reason] },
              ]}
            />
          )}
        </>
      )}
    </Modal>
  );
}
