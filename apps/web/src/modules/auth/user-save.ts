/*
 * Saving the Create User form (SPEC.md sections 4 and 5): the checks in order, then create when
 * the record is new (password transformed, in the path) or edit otherwise. An unchanged record is
 * saved as Changed, any other as New; after a successful save the record is Unchanged.
 */
import { transformPassword, validateUserForSave, type RecordState, type User, type UserStatus, type UserView } from '@erp/contracts';
import type { ApiResult } from '../../app/api';
import { createFirstUser, createUser, editUser } from './auth-api';

export type UserFormValues = {
  name: string;
  mailAddress: string;
  password: string;
  confirmPassword: string;
  company?: string;
  roleID?: string;
  userStatus: UserStatus;
};

export type UserSaveMode = 'first' | 'create' | 'edit';

/** The state a record is saved with: Unchanged (or Changed) becomes Changed, anything else New. */
export function nextRecordState(record: User | undefined): RecordState {
  return record?.state === 'Unchanged' || record?.state === 'Changed' ? 'Changed' : 'New';
}

export function saveModeOf(record: User | undefined, loggedIn: boolean): UserSaveMode {
  if (nextRecordState(record) === 'Changed') return 'edit';
  return loggedIn ? 'create' : 'first';
}

export function validateValues(values: UserFormValues, mode: UserSaveMode): string | undefined {
  return validateUserForSave(values, mode !== 'edit');
}

export async function saveUser(values: UserFormValues, record: User | undefined, mode: UserSaveMode): Promise<ApiResult<UserView>> {
  const base: User = {
    ...(record?.code ? { code: record.code } : {}),
    name: values.name.trim(),
    mailAddress: values.mailAddress.trim(),
    state: nextRecordState(record),
  };
  if (mode === 'edit') {
    return editUser({ ...base, company: values.company, roleID: values.roleID, status: values.userStatus, userStatus: values.userStatus });
  }
  const transformed = await transformPassword(values.password);
  // The server repeats the section 5 checks, so the confirmation travels too, in transformed form.
  const secret = { password: transformed, confirmPassword: transformed, key: base.mailAddress, value: transformed };
  if (mode === 'first') return createFirstUser({ ...base, ...secret, userStatus: 'Active' }, transformed);
  return createUser({ ...base, ...secret, company: values.company, roleID: values.roleID ?? record?.roleID, status: values.userStatus, userStatus: values.userStatus }, transformed);
}
