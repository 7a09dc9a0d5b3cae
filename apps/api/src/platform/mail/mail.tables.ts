import { sql } from 'drizzle-orm';
import { customType, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail is written here first; with no SMTP configured it stays here for an admin to read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    tenantId: uuid('tenant_id').notNull(),
    mailId: uuid('mail_id').notNull().default(sql`gen_random_uuid()`),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('Queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.mailId] }), index('mail_outbox_created_idx').on(t.tenantId, t.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** The files a mail carries (a statement's PDF, a remittance advice), in the order they are attached. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    tenantId: uuid('tenant_id').notNull(),
    mailId: uuid('mail_id').notNull(),
    n: integer('n').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.mailId, t.n] }),
    foreignKey({ columns: [t.tenantId, t.mailId], foreignColumns: [mailOutbox.tenantId, mailOutbox.mailId] }).onDelete('cascade'),
  ],
);
