import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, date } from 'drizzle-orm/pg-core';
import { companies } from '../../organisation/organisation.tables';
import { accounts } from '../setup/setup.tables';
import { journals } from '../journals/journals.tables';
import type { JournalStatus } from '@erp/contracts';

/**
 * The due accounts of a company towards one partner company of the tenant (one row per ordered
 * pair): due-from (asset, the partner owes us) and due-to (liability, we owe the partner). Both
 * are the company's own accounts; each company sets its side of the pair.
 */
export const intercompanyAccounts = pgTable(
  'intercompany_accounts',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    partnerCompanyId: uuid('partner_company_id').notNull(),
    dueFromAccount: uuid('due_from_account').notNull(),
    dueToAccount: uuid('due_to_account').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.companyId, t.partnerCompanyId] }),
    foreignKey({ name: 'intercompany_accounts_company_fk', columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'intercompany_accounts_partner_fk', columns: [t.tenantId, t.partnerCompanyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'intercompany_accounts_due_from_fk', columns: [t.tenantId, t.dueFromAccount], foreignColumns: [accounts.tenantId, accounts.id] }),
    foreignKey({ name: 'intercompany_accounts_due_to_fk', columns: [t.tenantId, t.dueToAccount], foreignColumns: [accounts.tenantId, accounts.id] }),
    check('intercompany_accounts_pair', sql`${t.companyId} <> ${t.partnerCompanyId}`),
  ],
);

/** A reusable set of intercompany lines between the company and one partner. */
export const intercompanyTemplates = pgTable(
  'intercompany_templates',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    name: text('name').notNull(),
    partnerCompanyId: uuid('partner_company_id').notNull(),
    description: text('description'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('intercompany_templates_code_uq').on(t.tenantId, t.companyId, sql`lower(${t.code})`),
    foreignKey({ name: 'intercompany_templates_company_fk', columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'intercompany_templates_partner_fk', columns: [t.tenantId, t.partnerCompanyId], foreignColumns: [companies.tenantId, companies.companyId] }),
  ],
);

/** A template line in either company of the template; an amount left null is filled on the journal. */
export const intercompanyTemplateLines = pgTable(
  'intercompany_template_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    templateId: uuid('template_id').notNull(),
    lineNo: integer('line_no').notNull(),
    companyId: uuid('company_id').notNull(),
    accountId: uuid('account_id').notNull(),
    description: text('description'),
    currency: text('currency').notNull(),
    debitMinor: bigint('debit_minor', { mode: 'bigint' }),
    creditMinor: bigint('credit_minor', { mode: 'bigint' }),
    dimensions: jsonb('dimensions').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.templateId, t.lineNo] }),
    foreignKey({ name: 'intercompany_template_lines_template_fk', columns: [t.tenantId, t.templateId], foreignColumns: [intercompanyTemplates.tenantId, intercompanyTemplates.id] }).onDelete('cascade'),
    foreignKey({ name: 'intercompany_template_lines_account_fk', columns: [t.tenantId, t.accountId], foreignColumns: [accounts.tenantId, accounts.id] }),
    check('intercompany_template_lines_sides', sql`coalesce(${t.debitMinor}, 0) >= 0 and coalesce(${t.creditMinor}, 0) >= 0 and (${t.debitMinor} is null or ${t.creditMinor} is null)`),
  ],
);

/**
 * An intercompany journal as entered, in the company that enters it. Posting writes one journal
 * per company (journals.intercompany_id = this id); their ids, and their reversals', are kept here.
 */
export const intercompanyJournals = pgTable(
  'intercompany_journals',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    partnerCompanyId: uuid('partner_company_id').notNull(),
    status: text('status').$type<JournalStatus>().notNull().default('Draft'),
    journalDate: date('journal_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    templateId: uuid('template_id'),
    journalId: uuid('journal_id'),
    partnerJournalId: uuid('partner_journal_id'),
    reversalId: uuid('reversal_id'),
    partnerReversalId: uuid('partner_reversal_id'),
    createdBy: uuid('created_by'),
    postedBy: uuid('posted_by'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('intercompany_journals_list_idx').on(t.tenantId, t.companyId, t.journalDate, t.id),
    foreignKey({ name: 'intercompany_journals_company_fk', columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'intercompany_journals_partner_fk', columns: [t.tenantId, t.partnerCompanyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'intercompany_journals_journal_fk', columns: [t.tenantId, t.journalId], foreignColumns: [journals.tenantId, journals.id] }),
    foreignKey({ name: 'intercompany_journals_partner_journal_fk', columns: [t.tenantId, t.partnerJournalId], foreignColumns: [journals.tenantId, journals.id] }),
    check('intercompany_journals_pair', sql`${t.companyId} <> ${t.partnerCompanyId}`),
  ],
);

/** The lines as entered, each in one of the two companies; kept after posting as the record of what was entered. */
export const intercompanyJournalLines = pgTable(
  'intercompany_journal_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    intercompanyId: uuid('intercompany_id').notNull(),
    lineNo: integer('line_no').notNull(),
    companyId: uuid('company_id').notNull(),
    accountId: uuid('account_id').notNull(),
    description: text('description'),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 21, scale: 10 }),
    debitMinor: bigint('debit_minor', { mode: 'bigint' }).notNull(),
    creditMinor: bigint('credit_minor', { mode: 'bigint' }).notNull(),
    dimensions: jsonb('dimensions').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.intercompanyId, t.lineNo] }),
    foreignKey({ name: 'intercompany_journal_lines_journal_fk', columns: [t.tenantId, t.intercompanyId], foreignColumns: [intercompanyJournals.tenantId, intercompanyJournals.id] }).onDelete('cascade'),
    foreignKey({ name: 'intercompany_journal_lines_account_fk', columns: [t.tenantId, t.accountId], foreignColumns: [accounts.tenantId, accounts.id] }),
    check('intercompany_journal_lines_sides', sql`${t.debitMinor} >= 0 and ${t.creditMinor} >= 0 and (${t.debitMinor} = 0) <> (${t.creditMinor} = 0)`),
  ],
);
