import { auditLog } from './audit.tables';
import type { Tx } from '../db/client';

export type AuditAction = 'create' | 'edit' | 'delete' | 'sign-in' | 'password-change' | 'permissions';

export type AuditEntry = {
  entity: string;
  recordId: string;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
};

/** Never let a secret reach the trail. */
const SECRET_KEYS = new Set(['password', 'passwordHash', 'confirmPassword', 'value', 'codeHash', 'newPassword']);

/** A value as the trail keeps it: secrets left out, dates and amounts as text (for a module that writes audit rows in its own statement). */
export function redact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).filter(([k]) => !SECRET_KEYS.has(k)).map(([k, v]) => [k, redact(v)]),
    );
  }
  return value;
}

/** Writes one row of the append-only audit trail in the caller's transaction (who, when, what, before, after). */
export async function recordAudit(tx: Tx, tenantId: string, userId: string | undefined, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((e) => ({
      tenantId,
      userId: userId ?? null,
      entity: e.entity,
      recordId: e.recordId,
      action: e.action,
      before: redact(e.before),
      after: redact(e.after),
    })),
  );
}
