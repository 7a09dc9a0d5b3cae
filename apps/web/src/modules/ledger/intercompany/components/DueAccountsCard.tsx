import { CheckCircleOutlined, ClockCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hasOperation, intercompanyTemplateOperations as ops, type IntercompanyPartner } from '@erp/contracts';
import { useNotify } from '../../../../app/notifications/useNotify';
import { useSignedInUser } from '../../../../app/session/useSession';
import { AccountPicker } from '../../../../shared/pickers';
import { icKey, saveDueAccounts } from '../intercompany-api';

type Choice = { dueFrom: { id: string | null; label: string }; dueTo: { id: string | null; label: string } };

const choiceOf = (p: IntercompanyPartner): Choice => ({ dueFrom: { id: p.dueFromAccount, label: p.dueFromLabel ?? '' }, dueTo: { id: p.dueToAccount, label: p.dueToLabel ?? '' } });

/**
 * This company's due-from (asset) and due-to (liability) accounts towards each other company of
 * the tenant. Each company sets its own side; journals between two companies post once both have.
 */
export function DueAccountsCard({ partners, ownCode }: { partners: readonly IntercompanyPartner[]; ownCode: string }) {
  const { permissions } = useSignedInUser().parentRole;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [saving, setSaving] = useState<string>();
  const choice = (p: IntercompanyPartner) => choices[p.id] ?? choiceOf(p);
  const set = (p: IntercompanyPartner, patch: Partial<Choice>) => setChoices((c) => ({ ...c, [p.id]: { ...choice(p), ...patch } }));
  const save = async (p: IntercompanyPartner) => {
    const c = choice(p);
    if (!c.dueFrom.id || !c.dueTo.id) {
      notify.error('Choose both the due-from and the due-to account');
      return;
    }
    setSaving(p.id);
    try {
      await saveDueAccounts(p.id, { dueFromAccount: c.dueFrom.id, dueToAccount: c.dueTo.id });
      await queryClient.invalidateQueries({ queryKey: [...icKey, 'partners'] });
      notify.success(`Due accounts towards ${p.code} saved`);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(undefined);
    }
  };
  return (
    <Card size="small" title="Due-to / due-from accounts" style={{ marginBottom: 16 }} extra={<Typography.Text type="secondary">of {ownCode}, per partner company</Typography.Text>}>
      <Table<IntercompanyPartner>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={[...partners]}
        locale={{ emptyText: 'The tenant has no other company' }}
        columns={[
          { title: 'Partner', key: 'partner', render: (_, p) => `${p.code} · ${p.description}` },
          { title: 'Due from (asset)', key: 'dueFrom', width: 280, render: (_, p) => <AccountPicker id={`due-from-${p.id}`} variant="outlined" value={choice(p).dueFrom.id} label={choice(p).dueFrom.label} onChange={(id, label) => set(p, { dueFrom: { id, label } })} /> },
          { title: 'Due to (liability)', key: 'dueTo', width: 280, render: (_, p) => <AccountPicker id={`due-to-${p.id}`} variant="outlined" value={choice(p).dueTo.id} label={choice(p).dueTo.label} onChange={(id, label) => set(p, { dueTo: { id, label } })} /> },
          {
            title: 'Partner side', key: 'ready',
            render: (_, p) => (p.partnerReady ? <Tag color="success" icon={<CheckCircleOutlined aria-hidden />}>set by {p.code}</Tag> : <Tag icon={<ClockCircleOutlined aria-hidden />}>not set by {p.code}</Tag>),
          },
          {
            title: '', key: 'save', align: 'right',
            render: (_, p) => hasOperation(permissions, p.dueFromAccount ? ops.edit : ops.save) && (
              <Button size="small" icon={<SaveOutlined aria-hidden />} loading={saving === p.id} onClick={() => void save(p)}>Save</Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
