import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../../organisation/organisation.tables';
import { accounts } from '../setup/setup.tables';

/** A reusable set of journal lines of one company: "create journal from template" and recurring journals start from it. */
export const journalTemplates = pgTable(
  'journal_templates',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** The kind of journal it produces (contracts templateJournalKinds). */
    kind: text('kind').notNull().default('Standard'),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('journal_templates_code_uq').on(t.tenantId, t.companyId, sql`lower(${t.code})`),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
  ],
);

/** A template's lines; an amount left null is filled on the journal made from it. */
export const journalTemplateLines = pgTable(
  'journal_template_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    templateId: uuid('template_id').notNull(),
    lineNo: integer('line_no').notNull(),
    accountId: uuid('account_id').notNull(),
    description: text('description'),
    currency: text('currency').notNull(),
    debitMinor: bigint('debit_minor', { mode: 'bigint' }),
    creditMinor: bigint('credit_minor', { mode: 'bigint' }),
    dimensions: jsonb('dimensions').$type<Record<string, string>>().notNull().default({}),
    taxId: uuid('tax_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.templateId, t.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.templateId], foreignColumns: [journalTemplates.tenantId, journalTemplates.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.accountId], foreignColumns: [accounts.tenantId, accounts.id] }),
    check('journal_template_lines_sides', sql`coalesce(${t.debitMinor}, 0) >= 0 and coalesce(${t.creditMinor}, 0) >= 0 and (${t.debitMinor} is null or ${t.creditMinor} is null)`),
  ],
);
