import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentMethod, RecurringAllocation, RecurringFrequency, RecurringMode, RecurringPaymentKind, RecurringPaymentStatus, Side } from '@erp/contracts';
import { companies } from '../../organisation/organisation.tables';
import { banks } from '../../cash-management/banks.tables';
import { payments } from '../payments/payments.tables';

/**
 * A recurring payment (issue 16): a schedule that makes a payment of its face (`side`) at each
 * occurrence. `next_date` is the next occurrence to make (null once completed); the run advances it
 * in the same transaction as the payment it makes.
 */
export const recurringPayments = pgTable(
  'recurring_payments',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    side: text('side').$type<Side>().notNull(),
    kind: text('kind').$type<RecurringPaymentKind>().notNull().default('Schedule'),
    status: text('status').$type<RecurringPaymentStatus>().notNull().default('Draft'),
    code: text('code').notNull(),
    description: text('description').notNull(),
    partyId: uuid('party_id').notNull(),
    bankId: uuid('bank_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    allocation: text('allocation').$type<RecurringAllocation>().notNull(),
    reference: text('reference'),
    frequency: text('frequency').$type<RecurringFrequency>().notNull(),
    intervalCount: integer('interval_count').notNull().default(1),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    nextDate: date('next_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    maxOccurrences: integer('max_occurrences'),
    mode: text('mode').$type<RecurringMode>().notNull().default('Draft'),
    occurrencesGenerated: integer('occurrences_generated').notNull().default(0),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastOccurrenceDate: date('last_occurrence_date', { mode: 'string' }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** Who activated the schedule (or the approval's last actor): the payments are made in that user's name. */
    authorisedBy: uuid('authorised_by'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('recurring_payments_code_uq').on(t.tenantId, t.companyId, t.side, sql`lower(${t.code})`),
    index('recurring_payments_due_idx').on(t.tenantId, t.nextDate).where(sql`${t.status} = 'Active' and ${t.nextDate} is not null`),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.bankId], foreignColumns: [banks.tenantId, banks.id] }),
    check('recurring_payments_valid', sql`${t.amountMinor} > 0 and ${t.intervalCount} >= 1 and (${t.maxOccurrences} is null or ${t.maxOccurrences} >= 1)
      and ${t.occurrencesGenerated} >= 0 and (${t.endDate} is null or ${t.endDate} >= ${t.startDate})`),
  ],
);

/**
 * One row per occurrence ever made: the exactly-once key. A run inserts the occurrence with ON
 * CONFLICT DO NOTHING in the transaction that writes its payment, so a run repeated (after a crash,
 * by the job and "Run now" at once) never pays twice. It outlives a draft payment deleted later.
 */
export const recurringPaymentRuns = pgTable(
  'recurring_payment_runs',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    recurringId: uuid('recurring_id').notNull(),
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    paymentId: uuid('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.recurringId, t.occurrenceDate] }),
    foreignKey({ columns: [t.tenantId, t.recurringId], foreignColumns: [recurringPayments.tenantId, recurringPayments.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }).onDelete('set null'),
  ],
);
