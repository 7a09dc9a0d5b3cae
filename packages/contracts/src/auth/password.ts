/**
 * The client never sends a typed password: it sends this transform (SPEC.md section 3, "value
 * (password, transformed before sending)"). The server stores argon2id of the transformed value.
 * Web Crypto is present in browsers and in Node 20, so one function serves both.
 */
export const TRANSFORMED_PASSWORD_PATTERN = /^[0-9a-f]{64}$/;

export async function transformPassword(password: string): Promise<string> {
  const bytes = new TextEncoder().encode(`erp-v1:${password}`);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
