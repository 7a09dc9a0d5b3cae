import { z } from 'zod';
import { subledgerModules, type ControlType } from './setup-entities';
import { dateSchema } from '../common/scalars';

/**
 * The modules that post to the ledger, by their menu names (SPEC.md section 2). Every entry names
 * its source: the module, the document type and the document, so a subledger finds its entries.
 */
export const ledgerModules = subledgerModules;
export type LedgerModule = (typeof ledgerModules)[number];

/** Who a control-account line is about: the subledger's party (a vendor, a customer, an asset...). */
export const partyTypes = ['Vendor', 'Customer', 'Asset', 'Item', 'Employee'] as const;
export type PartyType = (typeof partyTypes)[number];

/**
 * The control accounts each module may post to, and the party type that every line on such an
 * account must name (null: the subledger keeps no party balances, as a bank's account).
 */
export const subledgerOfModule: Record<Exclude<LedgerModule, 'General Ledger'>, { control: Exclude<ControlType, 'None'> | null; party: PartyType | null }> = {
  'Account Payable': { control: 'Payables', party: 'Vendor' },
  'Account Receivable': { control: 'Receivables', party: 'Customer' },
  'Cash Management': { control: null, party: null },
  'Fixed Asset': { control: 'FixedAsset', party: 'Asset' },
  Inventory: { control: 'Inventory', party: 'Item' },
  Payroll: { control: 'Payroll', party: 'Employee' },
};

/** The module whose subledger a control type belongs to. */
export const moduleOfControl = Object.fromEntries(Object.entries(subledgerOfModule).flatMap(([m, s]) => (s.control ? [[s.control, m]] : []))) as Record<Exclude<ControlType, 'None'>, Exclude<LedgerModule, 'General Ledger'>>;

/** Where an entry comes from: the module, its document type, and the document (none for a journal typed in the ledger). */
export type SourceRef = { module: LedgerModule; documentType: string; documentId?: string | null };
export type PartyRef = { type: PartyType; id: string };

export const subledgerTieoutQuerySchema = z.object({
  /** The day the balances are taken at (inclusive); today when absent. */
  asOf: dateSchema().optional(),
});
export const subledgerTieoutRowSchema = z.object({
  account: z.uuid(),
  accountCode: z.string(),
  accountName: z.string(),
  controlType: z.string(),
  module: z.string(),
  partyType: z.string().nullable(),
  /** The control account's balance in the ledger (base currency, debit positive). */
  ledgerBalance: z.string(),
  /** The sum of the party balances on that account. */
  partyBalance: z.string(),
  difference: z.string(),
  parties: z.number().int(),
  tiesOut: z.boolean(),
});
export const subledgerTieoutSchema = z.object({
  asOf: z.iso.date(),
  baseCurrency: z.string(),
  tiesOut: z.boolean(),
  rows: z.array(subledgerTieoutRowSchema),
});
export type SubledgerTieout = z.infer<typeof subledgerTieoutSchema>;
