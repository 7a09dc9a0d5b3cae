import { Alert, Button, Card, Spin, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { fundTransferDocument, type DocumentDef } from '@erp/contracts';
import { useSignedInUser } from '../../../app/session/useSession';
import { DocumentEntryCard, DocumentHistory, DocumentStatusTag, documentEntryKey, type TaskSubjectProps } from '../../../shared/documents';
import { PageHeading } from '../../../shared/documents/shell-adapter';
import { DocumentApproval, myOpenTask, useDocumentApproval } from '../../workflow/index';
import { FundTransferLegs, legInputs, legsTotal, type LegDraft } from './FundTransferLegs';
import { LegsTable, TransferFacts } from './FundTransferPage';
import { divideFundTransfer, fetchFundTransfer, fundTransferQueryKey, fundTransfersKey } from './fund-transfers-api';

/**
 * /journal opened from a FundTransfer task (SPEC.md section 2): the transfer the task is about (banks,
 * amounts, rate, fee, value dates), its legs, the entries posting will write (a preview while a draft,
 * the posted entries after), and the approval with the approver's decision. The approver holding the
 * open task may Divide the transfer here, by amount or by date, before approving (Post).
 */
export default function FundTransferSubject({ approvalType, id }: TaskSubjectProps) {
  const def = fundTransferDocument as unknown as DocumentDef<string, string, string>;
  const me = useSignedInUser();
  const client = useQueryClient();
  const transfer = useQuery({ queryKey: fundTransferQueryKey(id), queryFn: ({ signal }) => fetchFundTransfer(id, signal) });
  const approval = useDocumentApproval(approvalType, id);
  const [legs, setLegs] = useState<LegDraft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const divide = useMutation({
    mutationFn: (drafts: LegDraft[]) => divideFundTransfer(id, legInputs(drafts)),
    onSuccess: async () => {
      setError(null);
      setLegs(null);
      await client.invalidateQueries({ queryKey: fundTransfersKey });
      await client.invalidateQueries({ queryKey: documentEntryKey(def, id) });
    },
    onError: (e) => setError(e.message),
  });
  if (transfer.error) return <Alert type="error" showIcon title={transfer.error.message} action={<Link to="/workflow-task"><Button size="small">Back to the tasks</Button></Link>} />;
  if (!transfer.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const view = transfer.data;
  const mayDivide = view.status === 'Draft' && myOpenTask(approval.current, me.activeUser.code) !== undefined;
  const editing = legs ?? view.legs.map((l) => ({ amount: l.amount, outDate: l.outDate, inDate: l.inDate }));
  return (
    <>
      <PageHeading title={`Fund transfer ${view.number ?? ''}`.trim()} subtitle={<DocumentStatusTag<string> def={def} status={view.status} />} />
      <Card size="small" style={{ marginBottom: 16 }} role="region" aria-label="Fund transfer">
        <TransferFacts view={view} link />
      </Card>
      <Card size="small" title={`Legs (${view.legs.length})`} style={{ marginBottom: 16 }}>
        {mayDivide ? (
          <>
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} />}
            <FundTransferLegs legs={editing} onChange={setLegs} whole={{ amount: view.amount, outDate: view.outDate, inDate: view.inDate }} currency={view.fromCurrency} disabled={divide.isPending} heading={false} />
            <Space style={{ marginTop: 8 }}>
              <Button type="primary" disabled={legs === null || editing.length < 2 || legsTotal(editing) === null} loading={divide.isPending} onClick={() => divide.mutate(editing)}>Divide</Button>
              {legs !== null && <Button onClick={() => setLegs(null)}>Discard</Button>}
            </Space>
          </>
        ) : (
          <LegsTable view={view} />
        )}
      </Card>
      <DocumentEntryCard def={def} id={view.id} />
      <DocumentApproval state={approval} onChanged={() => void transfer.refetch()} />
      <DocumentHistory def={def} id={view.id} />
    </>
  );
}
