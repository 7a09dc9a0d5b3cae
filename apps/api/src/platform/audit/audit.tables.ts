import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only: the API role may insert and read, a trigger refuses update and delete for everyone. */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: uuid('tenant_id').notNull(),
    auditId: bigint('audit_id', { mode: 'bigint' }).notNull().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    entity: text('entity').notNull(),
    recordId: text('record_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.auditId] }),
    index('audit_log_entity_idx').on(t.tenantId, t.entity, t.recordId),
    index('audit_log_at_idx').on(t.tenantId, sql`${t.at} desc`),
  ],
);
