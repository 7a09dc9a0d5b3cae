import { Button, Card, Descriptions, Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { validateUserForSave, type SignedInUser, type UserList } from '@erp/contracts';
import { callApi, errorMessage } from '../api-client';
import { useNotify, useSession, useSignedInUser } from '../shell-adapter';
import { useEditUser } from '../users-api';
import { usersListPath } from '../users-query';
import { TextField } from './FormFields';

type ProfileValues = { name: string; phoneNumber: string; color: string };

const DEFAULT_COLOUR = '#4f46e5';

/*
 * The signed-in record carries no phone number. A user who may list users (the /role page) gets
 * it from the list; for anyone else the field starts empty and is only sent when typed in, so the
 * stored number is kept.
 */
function useOwnPhone(user: SignedInUser) {
  return useQuery({
    queryKey: ['admin', 'own-phone', user.activeUser.code],
    queryFn: async ({ signal }) => {
      const path = usersListPath({ search: user.activeUser.mailAddress, pageSize: 5 });
      const list = await callApi<UserList>('GET', path, undefined, signal);
      return list.items.find((item) => item.code === user.activeUser.code)?.phoneNumber ?? '';
    },
    retry: false,
  });
}

export function ProfileDetailsCard() {
  const user = useSignedInUser();
  const phone = useOwnPhone(user);
  return (
    <Card title="My Details">
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Role">{user.activeUser.role}</Descriptions.Item>
        <Descriptions.Item label="Company">{`${user.activeUser.company.code} - ${user.activeUser.company.description}`}</Descriptions.Item>
        <Descriptions.Item label="Tenant">{user.activeUser.tenant.name}</Descriptions.Item>
      </Descriptions>
      {phone.isPending ? null : (
        <ProfileForm key={phone.data ?? ''} user={user} phoneNumber={phone.data ?? ''} />
      )}
    </Card>
  );
}

function ProfileForm({ user, phoneNumber }: { user: SignedInUser; phoneNumber: string }) {
  const notify = useNotify();
  const session = useSession();
  const edit = useEditUser();
  const { control, handleSubmit, formState } = useForm<ProfileValues>({
    defaultValues: {
      name: user.activeUser.name,
      phoneNumber,
      color: user.activeUser.color ?? DEFAULT_COLOUR,
    },
  });

  // Read while rendering: react-hook-form only tracks what a render has read.
  const { dirtyFields } = formState;

  const submit = handleSubmit(async (values) => {
    const message = validateUserForSave(
      { mailAddress: user.activeUser.mailAddress, name: values.name },
      false,
    );
    if (message) return notify.error(message);
    try {
      const saved = await edit.mutateAsync({
        code: user.activeUser.code,
        mailAddress: user.activeUser.mailAddress,
        name: values.name.trim(),
        phoneNumber: dirtyFields.phoneNumber ? values.phoneNumber.trim() : undefined,
        color: dirtyFields.color ? values.color : undefined,
        state: 'Changed',
      });
      // The top bar shows the stored signed-in record: keep its name and colour current.
      session.signIn({
        ...user,
        name: saved.name,
        activeUser: { ...user.activeUser, name: saved.name, color: saved.color },
      });
      notify.success();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <Form layout="vertical" onFinish={() => void submit()}>
      <TextField
        control={control}
        name="name"
        label="Full Name"
        id="profile-name"
        required
        maxLength={200}
        autoComplete="name"
      />
      <Form.Item label="Email" htmlFor="profile-email" extra="Your email address cannot be changed.">
        <Input id="profile-email" value={user.activeUser.mailAddress} readOnly disabled />
      </Form.Item>
      <TextField
        control={control}
        name="phoneNumber"
        label="Phone Number"
        id="profile-phone"
        type="tel"
        maxLength={40}
      />
      <TextField control={control} name="color" label="Colour" id="profile-colour" type="color" />
      <Button type="primary" htmlType="submit" loading={edit.isPending}>
        Save
      </Button>
    </Form>
  );
}
