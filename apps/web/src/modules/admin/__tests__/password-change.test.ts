// Proves the profile's password change: section 5 messages in order, and only transformed passwords in the body.
import { describe, expect, it } from 'vitest';
import { transformPassword, userValidationMessages } from '@erp/contracts';
import { CURRENT_PASSWORD_MESSAGE, passwordChangeBody, validatePasswordChange } from '../password-change';

describe('validatePasswordChange', () => {
  it('stops at the first missing or mismatched value', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: '', confirmPassword: '' })).toBe(
      CURRENT_PASSWORD_MESSAGE,
    );
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: '', confirmPassword: 'x' })).toBe(
      userValidationMessages.password,
    );
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'new', confirmPassword: '' })).toBe(
      userValidationMessages.confirmPassword,
    );
    expect(
      validatePasswordChange({ currentPassword: 'old', newPassword: 'new', confirmPassword: 'neW' }),
    ).toBe(userValidationMessages.mismatch);
    expect(
      validatePasswordChange({ currentPassword: 'old', newPassword: 'new', confirmPassword: 'new' }),
    ).toBeUndefined();
  });
});

describe('passwordChangeBody', () => {
  it('sends the address with the transformed current password, and the transformed new one', async () => {
    const body = await passwordChangeBody('ada@example.com', {
      currentPassword: 'old pass',
      newPassword: 'new pass',
      confirmPassword: 'new pass',
    });
    expect(body).toEqual({
      user: { mailAddress: 'ada@example.com', value: await transformPassword('old pass') },
      newPassword: await transformPassword('new pass'),
    });
    expect(JSON.stringify(body)).not.toMatch(/old pass|new pass/);
  });
});
