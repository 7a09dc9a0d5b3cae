import { randomBytes } from 'node:crypto';

/*
 * Ids for rows written by the ten thousand (imported statement lines, a run's proposals): the first
 * 24 hex digits of a UUIDv7 (RFC 9562: 48 bits of milliseconds, the version, 26 random bits, the
 * variant) taken once per batch of rows, the row's ordinal making the last 12. The rows' ids rise in
 * time and write order, so a primary key's index takes them at its right edge instead of at random
 * pages; two prefixes collide only when taken in the same millisecond with the same 26 random bits.
 */
export function orderedIdPrefix(): string {
  const ms = Date.now().toString(16).padStart(12, '0');
  const random = randomBytes(4).readUInt32BE(0);
  const a = (random >>> 20) & 0xfff;
  const b = 0x8000 | ((random >>> 6) & 0x3fff);
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${a.toString(16).padStart(3, '0')}-${b.toString(16)}-`;
}

/** The id of the `ordinal`th row under a prefix (0 ≤ ordinal < 2^48). */
export const orderedId = (prefix: string, ordinal: number): string => `${prefix}${ordinal.toString(16).padStart(12, '0')}`;
