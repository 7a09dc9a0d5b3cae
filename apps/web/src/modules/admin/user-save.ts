import {
  transformPassword,
  validateUserForSave,
  type Role,
  type User,
  type UserStatus,
} from '@erp/contracts';

/** What the user form holds; passwords only matter for a new record. */
export type UserFormValues = {
  code?: string;
  name: string;
  mailAddress: string;
  password: string;
  confirmPassword: string;
  phoneNumber: string;
  company?: string;
  roleID?: string;
  status: UserStatus;
  reason: string;
};

export type PreparedUserSave = { path: string; body: User };
export type UserSavePreparation = { ok: true; save: PreparedUserSave } | { ok: false; message: string };

/**
 * SPEC.md sections 4 and 5: check in order (the first failure stops the save), then create when
 * the record is new (the password transformed: the typed one never leaves the browser) or edit otherwise.
 * On save a new record is sent as New and an existing one as Changed.
 */
export async function prepareUserSave(values: UserFormValues, isNew: boolean): Promise<UserSavePreparation> {
  const message = validateUserForSave(values, isNew);
  if (message) return { ok: false, message };
  const common: User = {
    name: values.name.trim(),
    mailAddress: values.mailAddress.trim(),
    company: values.company,
    roleID: values.roleID,
    status: values.status,
  };
  if (isNew) {
    const password = await transformPassword(values.password);
    const phoneNumber = values.phoneNumber.trim() || undefined;
    // The server repeats the section 5 checks, so the confirmation travels too, transformed like the password.
    const body: User = { ...common, phoneNumber, password, confirmPassword: password, state: 'New' };
    return { ok: true, save: { path: `/auth/user/create/${password}`, body } };
  }
  const body: User = {
    ...common,
    code: values.code,
    phoneNumber: values.phoneNumber.trim(),
    reason: values.reason.trim(),
    state: 'Changed',
  };
  return { ok: true, save: { path: '/auth/user/edit', body } };
}

/** The built-in role a new user gets when no role is chosen in the filter: it sees pages, changes nothing. */
const FALLBACK_ROLE = 'Viewer';

/**
 * The role selector is disabled for a new record (SPEC.md section 2), so a new user takes the role
 * chosen in the list's role filter, else the built-in Viewer role, else the first role that is
 * not Administrator.
 */
export function defaultRoleFor(roles: readonly Role[], filterRoleId: string | undefined): string | undefined {
  if (filterRoleId && roles.some((role) => role.id === filterRoleId)) return filterRoleId;
  const viewer = roles.find((role) => role.isSystem && role.name === FALLBACK_ROLE);
  return (viewer ?? roles.find((role) => role.name !== 'Administrator') ?? roles[0])?.id;
}
