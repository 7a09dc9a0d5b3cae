import { useState } from 'react';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { User, UserView } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSession } from '../../app/session/useSession';
import { AgreementModal, AGREEMENT_TITLE } from './AgreementModal';
import { UserAdminFields } from './UserAdminFields';
import { useAgreement } from './useAgreement';
import { saveModeOf, saveUser, validateValues, type UserFormValues } from './user-save';

export type UserFormProps = {
  /** An existing user (state Unchanged), or a new one with preset fields (e.g. roleID); none for a blank form. */
  record?: User;
  /** Signed-in mode: Company, Role and Status selectors, create or edit through the user calls. */
  loggedIn: boolean;
  /** The End User License Agreement dialog; by default only for first-user setup. */
  showAgreement?: boolean;
  onSaved?: (saved: UserView) => void;
};

function initialValues(record: User | undefined): UserFormValues {
  return {
    name: record?.name ?? '',
    mailAddress: record?.mailAddress ?? '',
    password: '',
    confirmPassword: '',
    company: record?.company,
    roleID: record?.roleID,
    userStatus: record?.status ?? record?.userStatus ?? 'Active',
  };
}

function TextField({ control, name, label, type = 'text', disabled, autoComplete }: {
  control: Control<UserFormValues>;
  name: 'name' | 'mailAddress' | 'password' | 'confirmPassword';
  label: string;
  type?: 'text' | 'email' | 'password';
  disabled?: boolean;
  autoComplete?: string;
}) {
  const id = `user-form-${name}`;
  return (
    <Form.Item label={label} htmlFor={id} required>
      <Controller
        control={control}
        name={name}
        render={({ field }) =>
          type === 'password' ? (
            <Input.Password {...field} id={id} autoComplete={autoComplete} disabled={disabled} />
          ) : (
            <Input {...field} id={id} type={type} autoComplete={autoComplete} disabled={disabled} />
          )
        }
      />
    </Form.Item>
  );
}

/**
 * The Create User form of SPEC.md section 2, for first-user setup and for administrators: Create
 * User for a new record, Update User otherwise; email disabled for an unchanged record; role
 * disabled for a new one; the section 5 messages in order in the error banner.
 */
export function UserForm({ record: initialRecord, loggedIn, showAgreement = !loggedIn, onSaved }: UserFormProps) {
  const notify = useNotify();
  const { markTenantHasUser } = useSession();
  const [record, setRecord] = useState<User | undefined>(initialRecord);
  const [saving, setSaving] = useState(false);
  const agreement = useAgreement(showAgreement);
  const { control, handleSubmit, reset } = useForm<UserFormValues>({ defaultValues: initialValues(initialRecord) });
  const mode = saveModeOf(record, loggedIn);
  const isNew = mode !== 'edit';

  const submit = handleSubmit(async (values) => {
    const message = validateValues(values, mode);
    if (message) return notify.error(message);
    setSaving(true);
    const result = await saveUser(values, record, mode);
    setSaving(false);
    if (!result.ok) return notify.error(result.error.message);
    if (mode === 'first') {
      markTenantHasUser();
      window.location.assign('/login');
      return;
    }
    notify.success();
    setRecord(result.data);
    reset(initialValues(result.data));
    onSaved?.(result.data);
  });

  return (
    <>
      <Form layout="vertical" component={false} requiredMark={false}>
        <form onSubmit={submit} aria-label={isNew ? 'Create User' : 'Update User'} noValidate>
          <TextField control={control} name="name" label="Full Name" autoComplete="name" />
          <TextField control={control} name="mailAddress" label="Email" type="email" autoComplete="email" disabled={record?.state === 'Unchanged'} />
          {isNew && <TextField control={control} name="password" label="Password" type="password" autoComplete="new-password" />}
          {isNew && <TextField control={control} name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />}
          {loggedIn && <UserAdminFields control={control} roleDisabled={isNew} />}
          {!agreement.accepted && !agreement.open && !agreement.loading && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`Please accept the ${AGREEMENT_TITLE} to continue.`}
              action={<Button size="small" onClick={agreement.reopen}>Read agreement</Button>}
            />
          )}
          <Button type="primary" htmlType="submit" block={!loggedIn} loading={saving} disabled={!agreement.accepted}>
            {isNew ? 'Create User' : 'Update User'}
          </Button>
        </form>
      </Form>
      {showAgreement && <AgreementModal agreement={agreement} />}
      <Spin fullscreen spinning={saving || agreement.loading} description="Please wait" />
    </>
  );
}
