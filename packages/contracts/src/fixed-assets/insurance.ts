import { z } from 'zod';
import { defineEntity } from '../kit/define-entity';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import { amountSchema, dateSchema, MAIL_ADDRESS } from '../common/scalars';
import { occurrenceDate } from '../ledger/recurring-dates';

/**
 * Insurance companies (issue 18, /insurance-company): who insures the assets, served by the entity
 * kit under /fa/insurance-companies. Status Active or Inactive (an inactive insurer keeps its
 * history). Their policies are the insurance schedules below.
 */
export const insuranceCompanyStates = ['Active', 'Inactive'] as const;
export type InsuranceCompanyState = (typeof insuranceCompanyStates)[number];
export const INSURANCE_COMPANY_ACTIVE: InsuranceCompanyState = 'Active';

export const insuranceCompanyEntity = defineEntity({
  name: 'insuranceCompany', label: 'Insurance Company', plural: 'Insurance Companies', service: 'fa', resource: 'insurance-companies', page: '/insurance-company', permission: 'InsuranceCompany',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true, example: 'ALLIANZ' },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true, example: 'Allianz' },
    contact: { type: 'text', label: 'Contact', max: 100, search: true, list: true },
    mail: { type: 'text', label: 'Mail', max: 254, search: true, list: true, help: 'Where expiry reminders about its policies may be copied' },
    phone: { type: 'text', label: 'Phone', max: 40 },
    address: { type: 'longText', label: 'Address', max: 500 },
    status: { type: 'enum', label: 'Status', options: insuranceCompanyStates, required: true, default: 'Active', list: true },
  },
  form: [['code', 'name'], ['contact', 'status'], ['mail', 'phone'], ['address']],
});

/*
 * Insurance schedules (issue 18, /insurance-schedules and /insurance-schedule): an insurance policy
 * of one insurer over one or several assets, each with its insured value; its premium is paid in
 * instalments generated from the premium frequency over the policy's term (the amount split to the
 * minor unit, the remainder on the last instalment), each marked paid with a date and reference.
 * States: Draft (editable), Active (activated: assets and premium fixed), Expired (the hourly job,
 * once the expiry date has passed), Cancelled. Reminders go through the mail outbox: one per policy
 * expiry (`reminderDays` before it) and one per instalment due (the same days before its due date).
 * Renew makes a new Draft policy starting the day after the expiry, over the same term, with the
 * same assets, insured values and premium. A document of the kit without approval and without a
 * ledger posting (the premium is paid through payables: an unpaid instalment may become a draft vendor
 * invoice there, posted on its own screen; the paid mark stays the user's).
 */
export const insuranceScheduleStates = ['Draft', 'Active', 'Expired', 'Cancelled'] as const;
export type InsuranceScheduleStatus = (typeof insuranceScheduleStates)[number];
export const INSURANCE_DRAFT: InsuranceScheduleStatus = 'Draft';
export const INSURANCE_ACTIVE: InsuranceScheduleStatus = 'Active';
export const INSURANCE_EXPIRED: InsuranceScheduleStatus = 'Expired';
export const INSURANCE_CANCELLED: InsuranceScheduleStatus = 'Cancelled';
export type InsuranceScheduleAction = 'activate' | 'cancel';
export type InsuranceScheduleKind = 'Policy';

export const premiumFrequencies = ['Once', 'Monthly', 'Quarterly', 'Half-yearly', 'Yearly'] as const;
export type PremiumFrequency = (typeof premiumFrequencies)[number];
/** Months between two instalments (Once: a single instalment on the start date). */
export const premiumFrequencyMonths: Readonly<Record<PremiumFrequency, number>> = { Once: 0, Monthly: 1, Quarterly: 3, 'Half-yearly': 6, Yearly: 12 };

/** Most assets one policy insures, and most instalments a premium is paid in. */
export const INSURANCE_ASSETS_MAX = 500;
export const INSURANCE_INSTALMENTS_MAX = 240;

export const insuranceScheduleDocument = defineDocument({
  name: 'insuranceSchedule', label: 'Insurance schedule', plural: 'Insurance schedules', module: 'Fixed Asset', documentType: 'InsuranceSchedule',
  service: 'fa', resource: 'insurance-schedules',
  kinds: { Policy: { label: 'Insurance schedule', permission: 'InsuranceSchedule', listPage: '/insurance-schedules', editorPage: '/insurance-schedule', approved: false, userCreated: true } },
  defaultKind: 'Policy', readPages: [],
  states: insuranceScheduleStates, initial: 'Draft', editable: ['Draft'], posted: [],
  actions: {
    activate: { label: 'Activate', from: ['Draft'], to: 'Active', verb: 'Edit' },
    cancel: { label: 'Cancel', from: ['Draft', 'Active'], to: 'Cancelled', verb: 'Edit' },
  },
  approval: null,
  header: {
    insurer: { type: 'ref', ref: 'insuranceCompany', label: 'Insurance Company', required: true },
    policyNumber: { type: 'text', label: 'Policy Number', required: true, max: 40 },
    coverType: { type: 'text', label: 'Cover Type', max: 60, help: 'Fire, all risks, motor...' },
    description: { type: 'text', label: 'Description', max: 200 },
    startDate: { type: 'date', label: 'Start Date', required: true },
    expiryDate: { type: 'date', label: 'Expiry Date', required: true },
    currency: { type: 'text', label: 'Currency', max: 3, help: "Empty: the company's base currency" },
    premium: { type: 'decimal', label: 'Premium', scale: 4, max: 14, min: 0, required: true },
    premiumFrequency: { type: 'enum', label: 'Premium Frequency', options: premiumFrequencies, required: true, default: 'Yearly' },
    reminderDays: { type: 'integer', label: 'Reminder (days before)', min: 0, max: 365, default: 30 },
    remindTo: { type: 'text', label: 'Remind (mail)', max: 254, help: 'Where the expiry and instalment reminders go; empty: no reminder' },
    vendor: { type: 'ref', ref: 'vendor', label: 'Vendor (payables)', help: "The vendor proposed for the instalments' vendor invoices" },
  },
  headerForm: [['insurer', 'policyNumber'], ['coverType', 'description'], ['startDate', 'expiryDate'], ['currency', 'premium', 'premiumFrequency'], ['reminderDays', 'remindTo'], ['vendor']],
  linesMax: INSURANCE_ASSETS_MAX,
  sortKeys: ['expiryDate', '-expiryDate', 'startDate', '-startDate', 'policyNumber', '-policyNumber'], defaultSort: 'expiryDate',
});

/** One premium instalment: its due date and amount (minor units). */
export type PremiumInstalment = { dueDate: string; amountMinor: bigint };

/**
 * The premium's instalments over a policy's term, pure: one on the start date and one every
 * frequency step after it while on or before the expiry date (a step keeps the start's day,
 * clamped to the month's last day); Once: one on the start date. Each instalment is the premium
 * divided by their count, rounded down to the minor unit; the last takes the remainder, so they sum
 * to the premium exactly (1000.00 in 12: 83.33 × 11 and 83.37).
 */
export function premiumInstalments(premiumMinor: bigint, frequency: PremiumFrequency, startDate: string, expiryDate: string): PremiumInstalment[] {
  if (premiumMinor < 0n) throw new Error('A premium is not negative');
  if (expiryDate < startDate) throw new Error('The expiry date is on or after the start date');
  const months = premiumFrequencyMonths[frequency];
  const dates = [startDate];
  if (months > 0) {
    for (let k = 1; ; k++) {
      const next = occurrenceDate({ frequency: 'Monthly', interval: months, startDate }, k);
      if (next > expiryDate) break;
      if (dates.length >= INSURANCE_INSTALMENTS_MAX) throw new Error(`A premium is paid in at most ${INSURANCE_INSTALMENTS_MAX} instalments`);
      dates.push(next);
    }
  }
  const n = BigInt(dates.length);
  const each = premiumMinor / n;
  return dates.map((dueDate, i) => ({ dueDate, amountMinor: i === dates.length - 1 ? premiumMinor - each * (n - 1n) : each }));
}

/** The day before or after a date (`days` may be negative). */
export const shiftDays = (date: string, days: number): string => occurrenceDate({ frequency: 'Daily', interval: 1, startDate: date }, days);

/**
 * The term of a renewal, pure: it starts the day after the expiry and lasts as long as the policy
 * did: whole months when the policy ran whole months (1 Jan to 31 Dec: a year, leap years
 * included), else the same number of days.
 */
export function renewalTerm(startDate: string, expiryDate: string): { startDate: string; expiryDate: string } {
  const next = shiftDays(expiryDate, 1);
  for (let months = 1; months <= 1200; months++) {
    const end = occurrenceDate({ frequency: 'Monthly', interval: months, startDate }, 1);
    if (end === next) return { startDate: next, expiryDate: shiftDays(occurrenceDate({ frequency: 'Monthly', interval: months, startDate: next }, 1), -1) };
    if (end > next) break;
  }
  const days = Math.round((Date.parse(`${expiryDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000);
  return { startDate: next, expiryDate: shiftDays(next, days) };
}

export const insuredAssetInputSchema = z.object({
  asset: z.uuid(),
  /** The asset's insured value, in the policy's currency. */
  insuredValue: amountSchema(),
});

export const insuranceScheduleInputSchema = z
  .object({
    kind: z.literal('Policy').optional(),
    insurer: z.uuid({ error: 'Choose the insurance company' }),
    policyNumber: z.string().trim().min(1, 'The policy number').max(40),
    coverType: z.string().trim().max(60).nullish(),
    description: z.string().trim().max(200).nullish(),
    startDate: dateSchema(),
    expiryDate: dateSchema(),
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'A currency code of three letters').nullish().or(z.literal('')),
    premium: amountSchema(),
    premiumFrequency: z.enum(premiumFrequencies),
    reminderDays: z.number().int().min(0).max(365).default(30),
    remindTo: z.string().trim().max(254).regex(MAIL_ADDRESS, 'Give a mail address (name@example.com), or leave it empty for no reminder').nullish().or(z.literal('')),
    /** The vendor (payables) proposed for the instalments' vendor invoices. */
    vendor: z.uuid().nullish(),
    lines: z.array(insuredAssetInputSchema).max(INSURANCE_ASSETS_MAX),
  })
  .superRefine((d, ctx) => {
    if (d.expiryDate < d.startDate) ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'The expiry date is on or after the start date' });
    const seen = new Set<string>();
    d.lines.forEach((l, i) => {
      if (seen.has(l.asset)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'asset'], message: 'This asset is already on another line' });
      seen.add(l.asset);
    });
  });
export type InsuranceScheduleInput = z.input<typeof insuranceScheduleInputSchema>;

export const insuredAssetViewSchema = z.object({
  lineNo: z.number().int(),
  asset: z.uuid(),
  assetCode: z.string(),
  assetDescription: z.string(),
  assetStatus: z.string(),
  insuredValue: z.string(),
});

export const premiumInstalmentViewSchema = z.object({
  instalmentNo: z.number().int(),
  dueDate: z.iso.date(),
  amount: z.string(),
  paidDate: z.iso.date().nullable(),
  reference: z.string().nullable(),
  /** The due date a reminder went out for (once per instalment). */
  remindedFor: z.iso.date().nullable(),
  /** The vendor invoice made of it (a draft until posted on /vendor-invoice); null: none, or its draft was deleted. */
  invoice: z.object({ id: z.uuid(), number: z.string().nullable(), status: z.string(), gross: z.string() }).nullable(),
});
export type PremiumInstalmentView = z.infer<typeof premiumInstalmentViewSchema>;

export const insuranceScheduleViewSchema = z.object({
  id: z.uuid(),
  kind: z.literal('Policy'),
  status: z.enum(insuranceScheduleStates),
  insurer: z.uuid(),
  insurerCode: z.string(),
  insurerName: z.string(),
  policyNumber: z.string(),
  coverType: z.string(),
  description: z.string(),
  startDate: z.iso.date(),
  expiryDate: z.iso.date(),
  currency: z.string(),
  premium: z.string(),
  premiumFrequency: z.enum(premiumFrequencies),
  reminderDays: z.number().int(),
  remindTo: z.string(),
  /** The expiry date a reminder went out for (once per policy expiry). */
  remindedFor: z.iso.date().nullable(),
  /** The vendor proposed for the instalments' vendor invoices, and its code and name. */
  vendor: z.uuid().nullable(),
  vendorLabel: z.string().nullable(),
  lines: z.array(insuredAssetViewSchema),
  instalments: z.array(premiumInstalmentViewSchema),
  /** Totals: the insured values, and the premium paid and still to pay. */
  insuredTotal: z.string(),
  paid: z.string(),
  unpaid: z.string(),
  /** The policy this one renews, and the renewal made of it. */
  renewalOf: z.uuid().nullable(),
  renewedBy: z.uuid().nullable(),
});
export type InsuranceScheduleView = z.infer<typeof insuranceScheduleViewSchema>;

export const insuranceScheduleListItemSchema = z.object({
  id: z.uuid(),
  status: z.enum(insuranceScheduleStates),
  policyNumber: z.string(),
  insurerCode: z.string(),
  insurerName: z.string(),
  coverType: z.string(),
  startDate: z.iso.date(),
  expiryDate: z.iso.date(),
  currency: z.string(),
  assets: z.number().int(),
  /** The first asset's code (and how many more). */
  assetCodes: z.string(),
  insuredTotal: z.string(),
  premium: z.string(),
  premiumFrequency: z.enum(premiumFrequencies),
  unpaid: z.string(),
  /** The next unpaid instalment's due date. */
  nextDue: z.iso.date().nullable(),
});
export type InsuranceScheduleListItem = z.infer<typeof insuranceScheduleListItemSchema>;

export const insuranceScheduleListQuerySchema = documentListQuerySchema(insuranceScheduleDocument).extend({
  insurer: z.uuid().optional(),
  /** Active policies whose expiry date is within this many days of today (or has passed). */
  expiringWithin: z.coerce.number().int().min(0).max(3650).optional(),
});
export type InsuranceScheduleListFilter = z.infer<typeof insuranceScheduleListQuerySchema>;

/** POST /fa/insurance-schedules/:id/instalments/:no/pay: an instalment paid. */
/** Renewing a policy: an optional policy number for the new draft (else the old one with the new start year). */
export const insuranceRenewInputSchema = z.object({ policyNumber: z.string().trim().max(40).nullish() }).nullish();

export const instalmentPaymentInputSchema = z.object({
  paidDate: dateSchema(),
  reference: z.string().trim().max(60).nullish(),
});
export type InstalmentPaymentInput = z.infer<typeof instalmentPaymentInputSchema>;
/**
 * POST /fa/insurance-schedules/:id/instalments/:no/invoice: a draft vendor invoice of an unpaid
 * instalment (one line: its amount on the account, with the tax code if any), reviewed and posted on
 * /vendor-invoice. One per instalment while that invoice is not deleted or reversed.
 */
export const instalmentInvoiceInputSchema = z.object({
  vendor: z.uuid({ error: 'Choose the vendor' }),
  /** The expense (insurance) or prepaid insurance account. */
  account: z.uuid({ error: 'Choose the expense account' }),
  tax: z.uuid().nullish(),
});
export type InstalmentInvoiceInput = z.infer<typeof instalmentInvoiceInputSchema>;
export const instalmentParamSchema = z.object({ id: z.uuid(), no: z.coerce.number().int().min(1).max(INSURANCE_INSTALMENTS_MAX) });
