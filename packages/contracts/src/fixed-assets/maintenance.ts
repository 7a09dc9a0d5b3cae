import { z } from 'zod';
import { defineEntity } from '../kit/define-entity';
import { amountSchema, dateSchema } from '../common/scalars';
import { invoiceLineRefSchema } from './capitalisations';

/**
 * Maintenance schedules (issue 18, /maintenance-schedules and /maintenance-schedule): planned or
 * recurring maintenance of an asset. A reminder goes through the mail outbox `reminderDays` before
 * the next date, once per occurrence. Completing an occurrence (POST
 * /fa/maintenance-schedules/:id/complete) records the actual cost, the vendor invoice and the
 * treatment: Expensed (nothing posted here: the vendor invoice carries the expense) or Capitalised
 * (a capitalisation of the asset, capitalisations.ts); a recurring schedule moves its next date by
 * its interval, a one-off one becomes Completed.
 */

export const maintenanceStates = ['Active', 'Completed'] as const;
export type MaintenanceStatus = (typeof maintenanceStates)[number];
export const MAINTENANCE_ACTIVE: MaintenanceStatus = 'Active';
export const MAINTENANCE_COMPLETED: MaintenanceStatus = 'Completed';

export const maintenanceTreatments = ['Expensed', 'Capitalised'] as const;
export type MaintenanceTreatment = (typeof maintenanceTreatments)[number];
export const MAINTENANCE_EXPENSED: MaintenanceTreatment = 'Expensed';
export const MAINTENANCE_CAPITALISED: MaintenanceTreatment = 'Capitalised';

export const maintenanceScheduleEntity = defineEntity({
  name: 'maintenanceSchedule', label: 'Maintenance Schedule', plural: 'Maintenance Schedules', service: 'fa', resource: 'maintenance-schedules', page: '/maintenance-schedules', permission: 'MaintenanceSchedule',
  companyScoped: true, key: ['code'], display: 'description', defaultSort: 'nextDate',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 30, search: true, list: true, example: 'MS-VAN-SERVICE' },
    asset: { type: 'ref', ref: 'asset', label: 'Asset', required: true, list: true, example: 'A00001' },
    description: { type: 'text', label: 'Description', required: true, max: 150, search: true, list: true, example: 'Annual service' },
    vendor: { type: 'ref', ref: 'vendor', label: 'Vendor', list: true },
    estimatedCost: { type: 'decimal', label: 'Estimated Cost', scale: 4, max: 14, min: 0, list: true },
    nextDate: { type: 'date', label: 'Next Date', required: true, list: true, example: '2026-06-30' },
    intervalMonths: { type: 'integer', label: 'Interval (months)', min: 1, max: 120, list: true, help: 'Empty: a one-off maintenance, Completed when done' },
    reminderDays: { type: 'integer', label: 'Reminder (days before)', min: 0, max: 365, default: 7 },
    remindTo: { type: 'text', label: 'Remind (mail)', max: 254, help: 'The address the reminder goes to; empty: no reminder' },
    status: { type: 'enum', label: 'Status', options: maintenanceStates, required: true, default: 'Active', list: true, help: 'Completing the last occurrence of a one-off schedule makes it Completed' },
  },
  form: [['code', 'description'], ['asset', 'vendor'], ['nextDate', 'intervalMonths'], ['estimatedCost', 'status'], ['reminderDays', 'remindTo']],
});

/** POST /fa/maintenance-schedules/:id/complete: the next occurrence done. */
export const maintenanceCompletionInputSchema = z
  .object({
    completedDate: dateSchema(),
    actualCost: amountSchema(),
    treatment: z.enum(maintenanceTreatments),
    /** The vendor invoice line that carries the cost (optional; a capitalised one relieves its clearing account). */
    invoiceLine: invoiceLineRefSchema.nullish(),
    note: z.string().trim().max(200).optional(),
  });
export type MaintenanceCompletionInput = z.infer<typeof maintenanceCompletionInputSchema>;

export const maintenanceCompletionSchema = z.object({
  id: z.uuid(),
  schedule: z.uuid(),
  occurrenceDate: z.iso.date(),
  completedDate: z.iso.date(),
  actualCost: z.string(),
  treatment: z.enum(maintenanceTreatments),
  vendorInvoice: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceLineNo: z.number().int().nullable(),
  capitalisation: z.uuid().nullable(),
  note: z.string(),
});
export type MaintenanceCompletion = z.infer<typeof maintenanceCompletionSchema>;

/** GET /fa/maintenance-schedules/:id/completions and the answer of complete. */
export const maintenanceHistorySchema = z.object({
  schedule: z.uuid(),
  status: z.enum(maintenanceStates),
  nextDate: z.iso.date(),
  remindedFor: z.iso.date().nullable(),
  completions: z.array(maintenanceCompletionSchema),
});
export type MaintenanceHistory = z.infer<typeof maintenanceHistorySchema>;
