import { z } from 'zod';
import { recordStateSchema, userStatusSchema } from '../common/states';
import { userValidationMessages } from './messages';

// The messages live apart from the schemas: the sign-in page reads them without loading zod.
export { signInMessages, userValidationMessages } from './messages';

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** The User entity of SPEC.md section 3, as it travels on the wire. */
export const userSchema = z.object({
  code: z.uuid().optional(),
  isChecked: z.boolean().optional(),
  company: z.uuid().optional(),
  tenant: z.uuid().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  state: recordStateSchema.optional(),
  name: text(200).optional(),
  roleID: z.uuid().optional(),
  mailAddress: text(254).optional(),
  reason: text(500).nullable().optional(),
  phoneNumber: text(40).nullable().optional(),
  role: text(200).nullable().optional(),
  lastLogin: z.string().nullable().optional(),
  color: text(20).nullable().optional(),
  password: text(200).optional(),
  confirmPassword: text(200).optional(),
  key: text(254).optional(),
  value: text(200).optional(),
  status: userStatusSchema.optional(),
  userStatus: userStatusSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The section 5 checks, shared by the form and the server. `requirePassword` is true for a new
 * record (the password only travels when the record is new).
 */
export function validateUserForSave(user: User, requirePassword: boolean): string | undefined {
  if (!user.mailAddress?.trim()) return userValidationMessages.email;
  if (!user.name?.trim()) return userValidationMessages.name;
  if (!requirePassword) return undefined;
  if (!user.password) return userValidationMessages.password;
  if (!user.confirmPassword) return userValidationMessages.confirmPassword;
  if (user.password !== user.confirmPassword) return userValidationMessages.mismatch;
  return undefined;
}

/** A user as lists and forms show it (never a password). */
export const userViewSchema = z.object({
  code: z.uuid(),
  name: z.string(),
  mailAddress: z.string(),
  phoneNumber: z.string().nullable(),
  company: z.uuid(),
  tenant: z.uuid(),
  roleID: z.uuid(),
  role: z.string(),
  status: userStatusSchema,
  color: z.string().nullable(),
  reason: z.string().nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  state: recordStateSchema,
});
export type UserView = z.infer<typeof userViewSchema>;

/** Login form of SPEC.md section 3: key is the mail address, value the transformed password. */
export const signInSchema = z.object({
  key: text(254).optional(),
  value: text(200).optional(),
});
export type SignIn = z.infer<typeof signInSchema>;

export const changePasswordSchema = z.object({
  user: z.object({
    mailAddress: text(254).optional(),
    value: text(200).optional(),
  }),
  newPassword: text(200).optional(),
  changeToken: text(2000).optional(),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const otpValidationSchema = z.object({
  validated: z.boolean(),
  changeToken: z.string(),
  expiresAt: z.string(),
});
export type OtpValidation = z.infer<typeof otpValidationSchema>;

/** One-time code rules of the password-change flow. */
export const OTP_DIGITS = 6;
export const OTP_VALID_MINUTES = 10;
export const OTP_TRIES_MAX = 5;
