// The sign-in and user messages of SPEC.md section 5, apart from the schemas of user.ts so that a screen can read them without zod.

/** SPEC.md section 5, in order: the first failure stops the save. */
export const userValidationMessages = {
  email: 'Please supply valid email address',
  name: 'Please supply name',
  password: 'Please supply password',
  confirmPassword: 'Please supply confirm password',
  mismatch: 'Password and confirm password must be the same',
} as const;

export const signInMessages = {
  email: 'Please supply email address',
  password: 'Please supply password',
  failed: 'Invalid email address or password',
  locked: 'Too many failed sign-in attempts; try again later',
} as const;
