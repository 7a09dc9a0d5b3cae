import { transformPassword, userValidationMessages } from '@erp/contracts';

export type PasswordChangeValues = { currentPassword: string; newPassword: string; confirmPassword: string };

/** The server's words when the current password is missing. */
export const CURRENT_PASSWORD_MESSAGE = 'Please supply your current password';

/** Checked in order, the first failure stops it; the new password follows SPEC.md section 5. */
export function validatePasswordChange(values: PasswordChangeValues): string | undefined {
  if (!values.currentPassword) return CURRENT_PASSWORD_MESSAGE;
  if (!values.newPassword) return userValidationMessages.password;
  if (!values.confirmPassword) return userValidationMessages.confirmPassword;
  if (values.newPassword !== values.confirmPassword) return userValidationMessages.mismatch;
  return undefined;
}

/** The body of POST /auth/user/changepassword: both passwords transformed, never as typed. */
export async function passwordChangeBody(mailAddress: string, values: PasswordChangeValues) {
  const [current, next] = await Promise.all([
    transformPassword(values.currentPassword),
    transformPassword(values.newPassword),
  ]);
  return { user: { mailAddress, value: current }, newPassword: next };
}
