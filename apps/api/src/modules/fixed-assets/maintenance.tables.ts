import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MaintenanceStatus, MaintenanceTreatment } from '@erp/contracts';
import { kitColumns, kitKeys, kitRef } from '../../platform/kit/kit-table';
import { companies } from '../organisation/organisation.tables';
import { invoices } from '../ap-ar/invoices/invoices.tables';
import { vendors } from '../ap-ar/parties.tables';
import { assets } from './assets.tables';
import { assetCapitalisations } from './capitalisations.tables';

/** Maintenance schedules (contracts' maintenanceScheduleEntity): the TypeScript column names are the entity's fields. */
export const maintenanceSchedules = pgTable(
  'maintenance_schedules',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    asset: uuid('asset').notNull(),
    description: text('description').notNull(),
    vendor: uuid('vendor'),
    estimatedCost: numeric('estimated_cost', { precision: 18, scale: 4 }),
    nextDate: date('next_date', { mode: 'string' }).notNull(),
    intervalMonths: integer('interval_months'),
    reminderDays: integer('reminder_days').notNull().default(7),
    remindTo: text('remind_to'),
    status: text('status').$type<MaintenanceStatus>().notNull().default('Active'),
    /** The occurrence (next date) a reminder was sent for: once per occurrence. */
    remindedFor: date('reminded_for', { mode: 'string' }),
  },
  (t) => [
    ...kitKeys('maintenance_schedules', t, companies, [sql`lower(${t.code})`]),
    kitRef('maintenance_schedules_asset_fk', t, t.asset, assets),
    kitRef('maintenance_schedules_vendor_fk', t, t.vendor, vendors),
    // The reminder job's read: active schedules by next date.
    index('maintenance_schedules_due_idx').on(t.tenantId, t.nextDate).where(sql`${t.status} = 'Active'`),
  ],
);

/** One occurrence of a schedule done: its actual cost (minor units, base currency), treatment, vendor invoice and capitalisation. */
export const maintenanceCompletions = pgTable(
  'maintenance_completions',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    schedule: uuid('schedule').notNull(),
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    completedDate: date('completed_date', { mode: 'string' }).notNull(),
    actualCostMinor: bigint('actual_cost_minor', { mode: 'bigint' }).notNull(),
    treatment: text('treatment').$type<MaintenanceTreatment>().notNull(),
    vendorInvoice: uuid('vendor_invoice'),
    invoiceLineNo: integer('invoice_line_no'),
    capitalisation: uuid('capitalisation'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'maintenance_completions_schedule_fk', columns: [t.tenantId, t.schedule], foreignColumns: [maintenanceSchedules.tenantId, maintenanceSchedules.id] }),
    foreignKey({ name: 'maintenance_completions_invoice_fk', columns: [t.tenantId, t.vendorInvoice], foreignColumns: [invoices.tenantId, invoices.id] }),
    foreignKey({ name: 'maintenance_completions_cap_fk', columns: [t.tenantId, t.capitalisation], foreignColumns: [assetCapitalisations.tenantId, assetCapitalisations.id] }),
    index('maintenance_completions_schedule_idx').on(t.tenantId, t.schedule, t.occurrenceDate),
  ],
);
