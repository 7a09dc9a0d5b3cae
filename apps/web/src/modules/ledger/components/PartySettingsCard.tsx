import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { creditLimitPolicies, creditorIdIsValid, type CreditLimitPolicy } from '@erp/contracts';
import { useNotify } from '../../../app/notifications/useNotify';
import { saveCompanyConfig, setupKeys, type CompanyConfig } from '../setup-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');
const isPolicy = (value: unknown): value is CreditLimitPolicy => creditLimitPolicies.includes(value as CreditLimitPolicy);

/**
 * The payables and receivables settings of the company (issue 15), saved with the default accounts
 * through PUT /gl/company-config: what a customer invoice past the credit limit does, and the SEPA
 * creditor identifier of direct-debit mandates (checked by its digits here and on the server).
 */
export function PartySettingsCard({ config, canEdit }: { config: CompanyConfig; canEdit: boolean }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [policy, setPolicy] = useState<CreditLimitPolicy>(isPolicy(config.creditLimitPolicy) ? config.creditLimitPolicy : 'Refuse');
  const [creditorId, setCreditorId] = useState(config.sepaCreditorId ?? '');
  const compact = creditorId.replace(/\s+/g, '').toUpperCase();
  const creditorError = compact !== '' && !creditorIdIsValid(compact) ? 'Not a valid SEPA creditor identifier (e.g. DE98ZZZ09999999999): check the digits' : undefined;
  const save = useMutation({
    mutationFn: () => saveCompanyConfig({ ...config, creditLimitPolicy: policy, sepaCreditorId: compact || null }),
    onSuccess: (saved) => queryClient.setQueryData(setupKeys.companyConfig, saved),
  });
  const submit = async () => {
    if (creditorError) return;
    try {
      await save.mutateAsync();
      notify.success();
    } catch (error) {
      notify.error(messageOf(error));
    }
  };

  return (
    <Card size="small" title="Payables and receivables">
      <Form layout="vertical" aria-label="Payables and receivables settings" disabled={!canEdit || save.isPending} onFinish={() => void submit()}>
        <Form.Item label="Credit Limit Policy" htmlFor="config-creditLimitPolicy" extra="A customer invoice that takes the customer past its credit limit is refused, or sent for approval">
          <Select id="config-creditLimitPolicy" value={policy} onChange={setPolicy} options={creditLimitPolicies.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item label="SEPA Creditor Identifier" htmlFor="config-sepaCreditorId" validateStatus={creditorError ? 'error' : undefined} help={creditorError} extra="Needed before a customer's direct-debit mandate is recorded">
          <Input id="config-sepaCreditorId" value={creditorId} onChange={(e) => setCreditorId(e.target.value)} maxLength={35} placeholder="DE98ZZZ09999999999" />
        </Form.Item>
        {canEdit && (
          <Flex justify="end">
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
