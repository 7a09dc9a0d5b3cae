// Proves the session store encrypts at rest (AES-GCM), round-trips values, survives a reload in the tab and drops tampered data.
import { describe, expect, it } from 'vitest';
import {
  clearSessionStore,
  forgetSessionKeyForTest,
  getSessionValue,
  rawSessionValue,
  removeSessionValue,
  setSessionValue,
} from '../session/session-store';

describe('encrypted session store', () => {
  it('round-trips values without keeping them in clear text', async () => {
    await setSessionValue('loginMail', 'ada@example.com');
    await setSessionValue('pageType', { kind: 'journal', page: 3 });
    expect(await getSessionValue('loginMail')).toBe('ada@example.com');
    expect(await getSessionValue('pageType')).toEqual({ kind: 'journal', page: 3 });
    expect(rawSessionValue('loginMail')).not.toContain('ada');
    expect(JSON.stringify({ ...localStorage })).toBe('{}');
  });

  it('reads its data back after a reload of the same tab', async () => {
    await setSessionValue('changeToken', 'token-123');
    forgetSessionKeyForTest();
    expect(await getSessionValue('changeToken')).toBe('token-123');
  });

  it('uses a fresh IV per write', async () => {
    await setSessionValue('theme', 'dark');
    const first = rawSessionValue('theme');
    await setSessionValue('theme', 'dark');
    expect(rawSessionValue('theme')).not.toBe(first);
  });

  it('drops a tampered value and a value moved to another name', async () => {
    await setSessionValue('loginMail', 'ada@example.com');
    const sealed = rawSessionValue('loginMail')!;
    sessionStorage.setItem('erp.session.changeToken', sealed);
    expect(await getSessionValue('changeToken')).toBeUndefined();
    sessionStorage.setItem('erp.session.loginMail', `${sealed.slice(0, -4)}AAAA`);
    expect(await getSessionValue('loginMail')).toBeUndefined();
  });

  it('cannot read values after the key is gone (another tab, or logout)', async () => {
    await setSessionValue('loginMail', 'ada@example.com');
    const sealed = rawSessionValue('loginMail')!;
    clearSessionStore();
    sessionStorage.setItem('erp.session.loginMail', sealed);
    expect(await getSessionValue('loginMail')).toBeUndefined();
  });

  it('removes a value', async () => {
    await setSessionValue('company', 'x');
    removeSessionValue('company');
    expect(await getSessionValue('company')).toBeUndefined();
  });
});
