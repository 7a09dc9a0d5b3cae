import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DepreciationRunStatus, RunDetail } from '@erp/contracts';
import { companies } from '../organisation/organisation.tables';

type Issue = { assetId: string; code: string; message: string };

/**
 * The depreciation run, a document of the kit (contracts' depreciationRunDocument): the period it
 * depreciates up to (first day of the month), one class or all, the entry it posted and what it
 * found it could not depreciate. Its rows are the schedule rows whose `run` it is.
 */
export const depreciationRuns = pgTable(
  'depreciation_runs',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    number: text('number'),
    kind: text('kind').$type<'Run'>().notNull().default('Run'),
    status: text('status').$type<DepreciationRunStatus>().notNull().default('Draft'),
    period: date('period', { mode: 'string' }).notNull(),
    assetClass: uuid('asset_class'),
    /** One asset only: the depreciation a disposal posts up to its date (null: every asset of the scope). */
    asset: uuid('asset'),
    detail: text('detail').$type<RunDetail>().notNull().default('Per class and dimensions'),
    description: text('description').notNull().default(''),
    journalId: uuid('journal_id'),
    reversalJournalId: uuid('reversal_journal_id'),
    assetsCount: integer('assets_count').notNull().default(0),
    rowsCount: integer('rows_count').notNull().default(0),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    lines: jsonb('lines').$type<unknown[]>().notNull().default([]),
    issues: jsonb('issues').$type<Issue[]>().notNull().default([]),
    issueCount: integer('issue_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    index('depreciation_runs_company_idx').on(t.tenantId, t.companyId, t.period),
  ],
);
