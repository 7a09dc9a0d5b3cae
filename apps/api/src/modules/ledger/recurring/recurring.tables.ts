import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../../organisation/organisation.tables';
import { journalTemplates } from '../templates/templates.tables';

/**
 * A recurring journal: a template and a schedule. `next_date` is the next occurrence to generate
 * (null once the schedule is completed); the scheduled job advances it in the same transaction
 * as the journal it generates.
 */
export const recurringJournals = pgTable(
  'recurring_journals',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    description: text('description').notNull(),
    templateId: uuid('template_id').notNull(),
    frequency: text('frequency').notNull(),
    intervalCount: integer('interval_count').notNull().default(1),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    nextDate: date('next_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    maxOccurrences: integer('max_occurrences'),
    mode: text('mode').notNull().default('Draft'),
    active: boolean('active').notNull().default(true),
    occurrencesGenerated: integer('occurrences_generated').notNull().default(0),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastOccurrenceDate: date('last_occurrence_date', { mode: 'string' }),
    lastJournalId: uuid('last_journal_id'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** The user who last saved the schedule: the journals it generates are made in that user's name. */
    authorisedBy: uuid('authorised_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('recurring_journals_code_uq').on(t.tenantId, t.companyId, sql`lower(${t.code})`),
    index('recurring_journals_due_idx').on(t.tenantId, t.nextDate).where(sql`${t.active} and ${t.nextDate} is not null`),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.templateId], foreignColumns: [journalTemplates.tenantId, journalTemplates.id] }),
    check('recurring_journals_valid', sql`${t.frequency} in ('Daily', 'Weekly', 'Monthly', 'Quarterly', 'Yearly') and ${t.mode} in ('Draft', 'Post')
      and ${t.intervalCount} >= 1 and (${t.maxOccurrences} is null or ${t.maxOccurrences} >= 1) and ${t.occurrencesGenerated} >= 0
      and (${t.endDate} is null or ${t.endDate} >= ${t.startDate})`),
  ],
);

/**
 * One row per occurrence ever generated: the exactly-once key. A run inserts the occurrence with
 * ON CONFLICT DO NOTHING in the transaction that writes its journal, so a run that is repeated
 * (after a crash, by a second worker, or with the next date moved back) never makes it twice.
 * The row outlives a draft journal deleted later: that occurrence is not generated again.
 */
export const recurringJournalRuns = pgTable(
  'recurring_journal_runs',
  {
    tenantId: uuid('tenant_id').notNull(),
    recurringId: uuid('recurring_id').notNull(),
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    journalId: uuid('journal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.recurringId, t.occurrenceDate] }),
    foreignKey({ columns: [t.tenantId, t.recurringId], foreignColumns: [recurringJournals.tenantId, recurringJournals.id] }).onDelete('cascade'),
  ],
);
