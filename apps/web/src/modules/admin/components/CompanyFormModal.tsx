import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Form, Modal } from 'antd';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { companySchema, type Company, type CompanyListItem } from '@erp/contracts';
import { errorMessage } from '../api-client';
import { useSaveCompany } from '../organisation-api';
import { useNotify } from '../shell-adapter';
import { CompanyFields } from './CompanyFields';
import { FormButtons } from './FormButtons';

export type CompanyFormValues = z.input<typeof companySchema>;

type Props = {
  company: CompanyListItem | 'new' | undefined;
  /** The signed-in user's company in full: the only company whose every field can be read. */
  ownCompany: Company | undefined;
  onClose: () => void;
};

export function CompanyFormModal({ company, ownCompany, onClose }: Props) {
  const title = company === 'new' ? 'New Company' : company ? `Edit company ${company.code}` : undefined;
  return (
    <Modal
      open={company !== undefined}
      title={title}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {company !== undefined && (
        <CompanyForm
          key={company === 'new' ? 'new' : company.id}
          company={company === 'new' ? undefined : company}
          ownCompany={ownCompany}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

/*
 * A new company starts from the signed-in user's company settings. An existing company other than
 * the user's own is known only by its list row (code, description): there is no call that reads
 * one company by id, so its other fields start empty and, left empty, keep their stored values.
 */
function initialValues(company: CompanyListItem | undefined, own: Company | undefined): CompanyFormValues {
  if (company && own && company.id === own.id) {
    const { id, code, description, baseCurrency, accountingDate, dateFormat, locale, status } = own;
    return {
      id,
      code,
      description,
      baseCurrency,
      accountingDate,
      dateFormat: dateFormat as CompanyFormValues['dateFormat'],
      locale,
      status,
    };
  }
  if (company) return { id: company.id, code: company.code, description: company.description };
  return {
    code: '',
    description: '',
    baseCurrency: own?.baseCurrency,
    dateFormat: own?.dateFormat as CompanyFormValues['dateFormat'],
    locale: own?.locale,
    status: 'Active',
  };
}

function CompanyForm({
  company,
  ownCompany,
  onClose,
}: {
  company: CompanyListItem | undefined;
  ownCompany: Company | undefined;
  onClose: () => void;
}) {
  const notify = useNotify();
  const save = useSaveCompany();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(companySchema),
    defaultValues: initialValues(company, ownCompany),
  });
  const partial = company !== undefined && company.id !== ownCompany?.id;

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      notify.success();
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <Form layout="vertical" onFinish={() => void submit()}>
      {partial && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="Only this company's code and description are shown. Fields left empty keep their current values."
        />
      )}
      <CompanyFields control={control} optional={partial} />
      <FormButtons onCancel={onClose} saving={save.isPending} />
    </Form>
  );
}
