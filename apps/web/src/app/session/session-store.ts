/*
 * The encrypted session store of SPEC.md section 3: values are JSON encrypted with AES-GCM (Web
 * Crypto) and kept in sessionStorage, so they live for this tab only and never reach other tabs.
 *
 * Key choice: a random 256-bit key is generated once per tab session and its raw bytes are kept
 * in sessionStorage (not localStorage, not IndexedDB, which other tabs share), so a reload in the
 * same tab can read its data back while another tab or the local storage never can. In memory the
 * key is imported as a non-extractable CryptoKey. The threat this answers is data at rest in
 * shared storage; a script running inside the tab could read the raw key, as it could the page.
 * Each value is bound to its name as additional authenticated data, so values cannot be swapped.
 */
const KEY_SLOT = 'erp.session-key';
const VALUE_PREFIX = 'erp.session.';
const IV_BYTES = 12;

/** What the app keeps per tab (SPEC.md section 3 lists the session store's contents). */
export type SessionKey = 'loginMail' | 'changeToken' | 'theme' | 'pageType' | 'company' | 'moduleMenu' | 'listColumns';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let cached: { raw: string; key: Promise<CryptoKey> } | undefined;

/** The tab's key; rebuilt from the slot when the slot changed under us (cleared storage, a new tab). */
function sessionKey(): Promise<CryptoKey> {
  let raw = sessionStorage.getItem(KEY_SLOT);
  if (raw === null) {
    raw = toBase64(crypto.getRandomValues(new Uint8Array(32)));
    sessionStorage.setItem(KEY_SLOT, raw);
  }
  if (cached?.raw !== raw) {
    const key = crypto.subtle.importKey('raw', fromBase64(raw), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
    cached = { raw, key };
  }
  return cached.key;
}

export async function setSessionValue(name: SessionKey, value: unknown): Promise<void> {
  const key = await sessionKey();
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const additionalData = new TextEncoder().encode(name);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, plain));
  const sealed = new Uint8Array(iv.length + cipher.length);
  sealed.set(iv);
  sealed.set(cipher, iv.length);
  sessionStorage.setItem(VALUE_PREFIX + name, toBase64(sealed));
}

/** The stored value, or undefined when absent or unreadable (a tampered value is dropped). */
export async function getSessionValue<T>(name: SessionKey): Promise<T | undefined> {
  const stored = sessionStorage.getItem(VALUE_PREFIX + name);
  if (stored === null) return undefined;
  try {
    const sealed = fromBase64(stored);
    const iv = sealed.slice(0, IV_BYTES);
    const additionalData = new TextEncoder().encode(name);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData }, await sessionKey(), sealed.slice(IV_BYTES));
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  } catch {
    sessionStorage.removeItem(VALUE_PREFIX + name);
    return undefined;
  }
}

export function removeSessionValue(name: SessionKey): void {
  sessionStorage.removeItem(VALUE_PREFIX + name);
}

/** Drops every value and the key (logout). */
export function clearSessionStore(): void {
  sessionStorage.clear();
  cached = undefined;
}

/** For tests: forget the in-memory key, as a reload does, so it is re-read from the slot. */
export function forgetSessionKeyForTest(): void {
  cached = undefined;
}

/** The raw stored form, for tests that check nothing is kept in clear text. */
export function rawSessionValue(name: SessionKey): string | null {
  return sessionStorage.getItem(VALUE_PREFIX + name);
}
