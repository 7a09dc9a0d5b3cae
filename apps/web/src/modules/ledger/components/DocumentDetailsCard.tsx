import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { bicIsValid, ibanIsValid, looksLikeIban } from '@erp/contracts';
import { useNotify } from '../../../app/notifications/useNotify';
import { saveCompanyConfig, setupKeys, type CompanyConfig } from '../setup-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

type Details = Pick<CompanyConfig, 'address' | 'taxNumber' | 'bankName' | 'iban' | 'bic'>;
const fields = ['address', 'taxNumber', 'bankName', 'iban', 'bic'] as const;

/** What the form's bank fields would be refused for (the server checks the same), by field. */
export function detailsProblems(d: Record<(typeof fields)[number], string>): Partial<Record<'iban' | 'bic', string>> {
  const iban = d.iban.trim();
  const bic = d.bic.trim();
  return {
    ...(iban && looksLikeIban(iban) && !ibanIsValid(iban) ? { iban: 'Not a valid IBAN: check the digits' } : {}),
    ...(bic && !bicIsValid(bic) ? { bic: 'Not a BIC (8 or 11 letters and digits, e.g. DEUTDEFF)' } : {}),
  };
}

/**
 * The company as its documents print it (issue 15): the address, tax number and bank account in the
 * invoice PDF's header, and the account a customer invoice asks to be paid into; saved with the
 * default accounts through PUT /gl/company-config.
 */
export function DocumentDetailsCard({ config, canEdit }: { config: CompanyConfig; canEdit: boolean }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<(typeof fields)[number], string>>(() => Object.fromEntries(fields.map((f) => [f, config[f] ?? ''])) as Record<(typeof fields)[number], string>);
  const problems = detailsProblems(values);
  const save = useMutation({
    mutationFn: () => saveCompanyConfig({ ...config, ...(Object.fromEntries(fields.map((f) => [f, values[f].trim() || null])) as Details) }),
    onSuccess: (saved) => queryClient.setQueryData(setupKeys.companyConfig, saved),
  });
  const submit = async () => {
    if (Object.keys(problems).length) return;
    try {
      await save.mutateAsync();
      notify.success();
    } catch (error) {
      notify.error(messageOf(error));
    }
  };
  const set = (field: (typeof fields)[number]) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <Card size="small" title="Company details on documents">
      <Form layout="vertical" aria-label="Company details on documents" disabled={!canEdit || save.isPending} onFinish={() => void submit()}>
        <Form.Item label="Address" htmlFor="config-address" extra="One line per line, as the invoice prints it">
          <Input.TextArea id="config-address" value={values.address} onChange={set('address')} maxLength={500} autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="Tax Number" htmlFor="config-taxNumber">
          <Input id="config-taxNumber" value={values.taxNumber} onChange={set('taxNumber')} maxLength={50} placeholder="DE811234567" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label="Bank" htmlFor="config-bankName">
              <Input id="config-bankName" value={values.bankName} onChange={set('bankName')} maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="BIC" htmlFor="config-bic" validateStatus={problems.bic ? 'error' : undefined} help={problems.bic}>
              <Input id="config-bic" value={values.bic} onChange={set('bic')} maxLength={11} placeholder="HASPDEHHXXX" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="IBAN or Account" htmlFor="config-iban" validateStatus={problems.iban ? 'error' : undefined} help={problems.iban} extra="Where customers pay: printed on every customer invoice">
          <Input id="config-iban" value={values.iban} onChange={set('iban')} maxLength={42} placeholder="DE89 3704 0044 0532 0130 00" />
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
