import { z } from 'zod';
import { amountSchema, dateSchema } from '../common/scalars';

/**
 * Capitalisation (issue 18): an amount added to an asset's cost. ONE entry through the posting
 * port (source Fixed Asset, document type AssetCapitalisation): debit the cost (the class profile's
 * `controlAccount`, party the asset), credit its `clearingAccount`. An active asset's schedule is
 * regenerated from the next unposted month; a draft's cost rises (its schedule is a preview).
 * Three ways in: by hand on the asset (/asset), from a line of a posted vendor invoice (the line
 * hit the clearing account; never capitalised beyond its amount), and a maintenance occurrence
 * completed as Capitalised (maintenance.ts).
 */

export const CAPITALISATION_DOCUMENT_TYPE = 'AssetCapitalisation';

export const capitalisationStates = ['Posted', 'Reversed'] as const;
export type CapitalisationStatus = (typeof capitalisationStates)[number];
export const CAPITALISATION_POSTED: CapitalisationStatus = 'Posted';
export const CAPITALISATION_REVERSED: CapitalisationStatus = 'Reversed';

export const capitalisationSources = ['Manual', 'Vendor invoice', 'Maintenance'] as const;
export type CapitalisationSource = (typeof capitalisationSources)[number];
export const CAPITALISED_BY_HAND: CapitalisationSource = 'Manual';
export const CAPITALISED_FROM_INVOICE: CapitalisationSource = 'Vendor invoice';
export const CAPITALISED_BY_MAINTENANCE: CapitalisationSource = 'Maintenance';

/** A line of a posted vendor invoice: the invoice and its line number. */
export const invoiceLineRefSchema = z.object({ vendorInvoice: z.uuid(), lineNo: z.number().int().min(1).max(100_000) });
export type InvoiceLineRef = z.infer<typeof invoiceLineRefSchema>;

/** POST /fa/assets/:id/capitalise: an amount (base currency) added to the asset's cost at a date, by hand or from a vendor invoice's line. */
export const capitalisationInputSchema = z.object({
  date: dateSchema(),
  amount: amountSchema(),
  description: z.string().trim().max(200).optional(),
  /** The vendor invoice line the amount comes from (its clearing account is relieved); empty: by hand. */
  invoiceLine: invoiceLineRefSchema.nullish(),
});
export type CapitalisationInput = z.infer<typeof capitalisationInputSchema>;

/** POST /fa/capitalisations/:id/reverse. */
export const capitalisationReverseSchema = z.object({ date: dateSchema() });
export type CapitalisationReverse = z.infer<typeof capitalisationReverseSchema>;

export const capitalisationViewSchema = z.object({
  id: z.uuid(),
  asset: z.uuid(),
  assetCode: z.string(),
  date: z.iso.date(),
  amount: z.string(),
  currency: z.string(),
  source: z.enum(capitalisationSources),
  status: z.enum(capitalisationStates),
  description: z.string(),
  /** The asset's cost before and after. */
  costBefore: z.string(),
  costAfter: z.string(),
  /** The first month the schedule was regenerated from (null: the asset was a draft). */
  fromPeriod: z.string().nullable(),
  vendorInvoice: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceLineNo: z.number().int().nullable(),
  journalId: z.uuid().nullable(),
  journalNumber: z.string().nullable(),
  reversalJournalId: z.uuid().nullable(),
});
export type CapitalisationView = z.infer<typeof capitalisationViewSchema>;
export const capitalisationListSchema = z.array(capitalisationViewSchema);

/** GET /fa/capitalisable-invoice-lines: lines of posted vendor invoices on an asset class's clearing account, with what is left to capitalise. */
export const capitalisableLinesQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  vendorInvoice: z.uuid().optional(),
  /** Also lines already capitalised in full. */
  all: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type CapitalisableLinesQuery = z.infer<typeof capitalisableLinesQuerySchema>;

export const capitalisableLineSchema = z.object({
  vendorInvoice: z.uuid(),
  invoiceNumber: z.string().nullable(),
  partyDocumentNumber: z.string().nullable(),
  documentDate: z.iso.date(),
  lineNo: z.number().int(),
  description: z.string(),
  accountCode: z.string(),
  /** The line's amount on the clearing account (base currency), what was capitalised, what is left. */
  amount: z.string(),
  capitalised: z.string(),
  left: z.string(),
  currency: z.string(),
});
export type CapitalisableLine = z.infer<typeof capitalisableLineSchema>;
export const capitalisableLinesSchema = z.array(capitalisableLineSchema);

/** POST /fa/vendor-invoice-assets: new draft assets from lines (or parts) of one posted vendor invoice. */
export const invoiceAssetsInputSchema = z.object({
  vendorInvoice: z.uuid(),
  assets: z
    .array(
      z.object({
        lineNo: z.number().int().min(1).max(100_000),
        amount: amountSchema(),
        assetClass: z.uuid(),
        description: z.string().trim().min(1).max(150),
      }),
    )
    .min(1)
    .max(100),
});
export type InvoiceAssetsInput = z.infer<typeof invoiceAssetsInputSchema>;
export const invoiceAssetsResultSchema = z.object({ assets: z.array(z.object({ asset: z.uuid(), code: z.string(), capitalisation: z.uuid() })) });
export type InvoiceAssetsResult = z.infer<typeof invoiceAssetsResultSchema>;

/**
 * POST /fa/vendor-invoice-capitalisations: lines (or parts) of one posted vendor invoice added to an
 * existing asset at a date (empty: the invoice's date), in one transaction: one capitalisation per line.
 */
export const invoiceCapitaliseInputSchema = z.object({
  vendorInvoice: z.uuid(),
  asset: z.uuid(),
  date: dateSchema().optional(),
  lines: z
    .array(z.object({ lineNo: z.number().int().min(1).max(100_000), amount: amountSchema() }))
    .min(1)
    .max(100),
});
export type InvoiceCapitaliseInput = z.infer<typeof invoiceCapitaliseInputSchema>;
