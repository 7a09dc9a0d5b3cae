import { date, foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../organisation/organisation.tables';

/**
 * The monthly depreciation job's claim of a company's month (RULES.md "The monthly job"): inserted
 * with ON CONFLICT DO NOTHING in the transaction that makes the month's run, so a rerun, a retry
 * after a crash or a second worker finds the month's run instead of making another; `outcome` is
 * what the job last reported for it. `run` has no foreign key: a draft run the job made may be
 * deleted by hand (the claim then stays, and the job makes no other run for that month).
 */
export const depreciationJobRuns = pgTable(
  'depreciation_job_runs',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    run: uuid('run').notNull(),
    outcome: text('outcome').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.companyId, t.period] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
  ],
);
