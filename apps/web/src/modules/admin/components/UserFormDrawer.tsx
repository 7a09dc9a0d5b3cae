import { Alert, Drawer, Form } from 'antd';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { userStatuses, type CompanyListItem, type Role, type UserView } from '@erp/contracts';
import { errorMessage } from '../api-client';
import { useNotify, useSignedInUser } from '../shell-adapter';
import { useSaveUser } from '../users-api';
import { prepareUserSave, type UserFormValues } from '../user-save';
import { FormButtons } from './FormButtons';
import { optionsOf, SelectField, TextField } from './FormFields';

type Props = {
  open: boolean;
  /** The user to edit; none for a new record. */
  user: UserView | undefined;
  roles: readonly Role[];
  companies: readonly CompanyListItem[];
  /** The role a new user gets: the selector is disabled for a new record (SPEC.md section 2). */
  defaultRoleId: string | undefined;
  onClose: () => void;
};

export function UserFormDrawer({ open, user, onClose, ...rest }: Props) {
  return (
    <Drawer open={open} onClose={onClose} destroyOnHidden title={user ? 'Edit User' : 'New User'} size={460}>
      {open && <UserForm key={user?.code ?? 'new'} user={user} onClose={onClose} {...rest} />}
    </Drawer>
  );
}

function initialValues(user: UserView | undefined, companyId: string): UserFormValues {
  return {
    code: user?.code,
    name: user?.name ?? '',
    mailAddress: user?.mailAddress ?? '',
    password: '',
    confirmPassword: '',
    phoneNumber: user?.phoneNumber ?? '',
    company: user?.company ?? companyId,
    roleID: user?.roleID,
    status: user?.status ?? 'Active',
    reason: user?.reason ?? '',
  };
}

function UserForm({ user, roles, companies, defaultRoleId, onClose }: Omit<Props, 'open'>) {
  const notify = useNotify();
  const signedIn = useSignedInUser();
  const save = useSaveUser();
  const isNew = user === undefined;
  const { control, handleSubmit } = useForm<UserFormValues>({
    defaultValues: initialValues(user, signedIn.activeUser.company.id),
  });

  const submit = handleSubmit(async (values) => {
    const prepared = await prepareUserSave(
      { ...values, roleID: isNew ? defaultRoleId : values.roleID },
      isNew,
    );
    if (!prepared.ok) return notify.error(prepared.message);
    try {
      await save.mutateAsync(prepared.save);
      notify.success();
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <Form layout="vertical" onFinish={() => void submit()}>
      <UserFields
        control={control}
        isNew={isNew}
        roles={roles}
        companies={companies}
        defaultRoleId={defaultRoleId}
      />
      {isNew && !defaultRoleId && (
        <Alert
          type="warning"
          showIcon
          title="Create a role first: a new user needs one."
          style={{ marginBottom: 12 }}
        />
      )}
      <FormButtons onCancel={onClose} saving={save.isPending} label={isNew ? 'Create User' : 'Update User'} />
    </Form>
  );
}

type SelectorProps = Pick<Props, 'roles' | 'companies' | 'defaultRoleId'> & {
  control: Control<UserFormValues>;
  isNew: boolean;
};

/** Full Name, Email, the passwords of a new record, Phone Number, then the administrator's selectors. */
function UserFields(props: SelectorProps) {
  const { control, isNew } = props;
  return (
    <>
      <TextField
        control={control}
        name="name"
        label="Full Name"
        id="user-name"
        required
        autoComplete="name"
      />
      {/* An existing record is Unchanged when loaded, so its address is shown but cannot change. */}
      <TextField
        control={control}
        name="mailAddress"
        label="Email"
        id="user-email"
        type="email"
        required
        disabled={!isNew}
      />
      {isNew && (
        <>
          <TextField
            control={control}
            name="password"
            label="Password"
            id="user-password"
            type="password"
            required
            autoComplete="new-password"
          />
          <TextField
            control={control}
            name="confirmPassword"
            label="Confirm Password"
            id="user-confirm-password"
            type="password"
            required
            autoComplete="new-password"
          />
        </>
      )}
      <TextField
        control={control}
        name="phoneNumber"
        label="Phone Number"
        id="user-phone"
        type="tel"
        maxLength={40}
      />
      <AdminSelectors {...props} />
    </>
  );
}

/** Company, Role and Status (with a reason when not Active): the signed-in administrator's fields. */
function AdminSelectors({ control, isNew, roles, companies, defaultRoleId }: SelectorProps) {
  const status = useWatch({ control, name: 'status' });
  const roleOptions = roles.map((role) => ({ value: role.id, label: role.name }));
  const companyOptions = companies.map((company) => ({
    value: company.id,
    label: `${company.code} - ${company.description}`,
  }));
  const roleHelp = isNew
    ? 'A new user gets the role chosen in the role filter; change it once the user exists.'
    : undefined;
  return (
    <>
      <SelectField
        control={control}
        name="company"
        label="Company"
        id="user-company"
        options={companyOptions}
      />
      <SelectField
        control={control}
        name="roleID"
        label="Role"
        id="user-role"
        options={roleOptions}
        disabled={isNew}
        valueOverride={isNew ? defaultRoleId : undefined}
        extra={roleHelp}
      />
      <SelectField
        control={control}
        name="status"
        label="Status"
        id="user-status"
        options={optionsOf(userStatuses)}
      />
      {status !== 'Active' && (
        <TextField
          control={control}
          name="reason"
          label="Reason"
          id="user-reason"
          type="textarea"
          rows={2}
          maxLength={500}
        />
      )}
    </>
  );
}
