import { z } from 'zod';
import { amountSchema, dateSchema, rateSchema } from '../common/scalars';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';

/*
 * Fund transfers (issue 17, "Fund transfers"; /fund-transfers with child /fund-transfer): money
 * moved from one bank of the company to another bank of the company, or to a bank of another
 * company of the tenant (through the intercompany due-from and due-to accounts). A document of the
 * kit: Draft → Posted → Reversed.
 *
 * - `amount` leaves the from-bank in its currency; `amountIn` arrives in the to-bank's currency
 *   (the same amount when both banks hold one currency; else given, or the amount at `rate`, units
 *   of the to-currency per unit of the from-currency).
 * - `fee` is in the currency of the bank that bears it (`feeBearer`: the sender's or the receiver's),
 *   booked to the Cash Management posting profile's bank charges account.
 * - Value dates: `outDate` leaves the from-bank, `inDate` (not before it) reaches the to-bank.
 * - Legs: an undivided transfer has one leg (the whole, on the transfer's dates). Divide splits it
 *   into several legs by amount (amounts that sum to the whole) or by date (each leg its own value
 *   dates); each leg's incoming amount and fee are its share of the whole, the last taking the
 *   rounding, so the legs sum to the transfer on every side.
 * - Post books each leg through the ledger's port: on one date, one entry (to-bank against
 *   from-bank, the realised exchange difference between the two base values); on two dates, the
 *   out-leg on its out date (transfer-in-transit against the from-bank) and the in-leg on its in date
 *   (to-bank against transit, the exchange difference); between companies, the sender's entry
 *   against its due-from account on the out date and the receiver's against its due-to account on
 *   the in date, each in its own company.
 *
 * Approval: FundTransfer (SPEC.md section 4: Divide and Post). The kit maps Post (the approval's
 * completion posts the transfer; a step performs only its completion's operations); Divide is done
 * by the approver holding the open task (POST …/:id/divide), before approving. With no workflow, a
 * role with EditFundTransfer divides and posts directly. The task links to /journal.
 */

export const fundTransferStatuses = ['Draft', 'Posted', 'Reversed'] as const;
export type FundTransferStatus = (typeof fundTransferStatuses)[number];
export const fundTransferKinds = ['Transfer'] as const;
export type FundTransferKind = (typeof fundTransferKinds)[number];
export const feeBearers = ['Sender', 'Receiver'] as const;
export type FeeBearer = (typeof feeBearers)[number];

/** Most legs a transfer may be divided into. */
export const FUND_TRANSFER_LEGS_MAX = 50;

const magnitude = () => amountSchema('must be an amount of zero or more with at most 4 decimals');

/** One leg: its part of the amount (from-bank currency) and its value dates. */
export const fundTransferLegInputSchema = z.object({
  amount: magnitude(),
  outDate: dateSchema('Please supply the value date out'),
  inDate: dateSchema('Please supply the value date in'),
});
export type FundTransferLegInput = z.infer<typeof fundTransferLegInputSchema>;

export const fundTransferInputSchema = z.object({
  kind: z.enum(fundTransferKinds).default('Transfer'),
  documentDate: dateSchema('Please supply the transfer date'),
  fromBank: z.uuid({ error: 'Please choose the bank the money leaves' }),
  /** Another company of the tenant that receives (through the intercompany accounts); this company when empty. */
  toCompany: z.uuid().optional(),
  toBank: z.uuid({ error: 'Please choose the bank the money reaches' }),
  amount: magnitude(),
  /** Units of the to-bank's currency per unit of the from-bank's (cross-currency only). */
  rate: rateSchema().optional(),
  /** What reaches the to-bank, in its currency (cross-currency: the amount at the rate when empty). */
  amountIn: magnitude().optional(),
  fee: magnitude().optional(),
  feeBearer: z.enum(feeBearers).default('Sender'),
  outDate: dateSchema('Please supply the value date out'),
  inDate: dateSchema('Please supply the value date in'),
  reference: z.string().trim().max(100).optional(),
  description: z.string().trim().min(1, 'Please supply a description').max(500),
  /** The legs it is divided into (one leg, the whole, when empty). */
  legs: z.array(fundTransferLegInputSchema).max(FUND_TRANSFER_LEGS_MAX).default([]),
});
export type FundTransferInput = z.infer<typeof fundTransferInputSchema>;

/** Divide: the legs the transfer becomes (at least two; their amounts sum to the transfer's). */
export const fundTransferDivideSchema = z.object({
  legs: z.array(fundTransferLegInputSchema).min(2, 'Divide into at least two legs').max(FUND_TRANSFER_LEGS_MAX),
});
export type FundTransferDivide = z.infer<typeof fundTransferDivideSchema>;

export const fundTransferLegViewSchema = z.object({
  lineNo: z.number().int(),
  amount: z.string(),
  amountIn: z.string(),
  fee: z.string(),
  outDate: z.string(),
  inDate: z.string(),
  /** Through the transfer-in-transit account (its out and in dates differ, one company). */
  viaTransit: z.boolean(),
  outJournal: z.uuid().nullable(),
  outJournalNumber: z.string().nullable(),
  inJournal: z.uuid().nullable(),
  inJournalNumber: z.string().nullable(),
});
export type FundTransferLegView = z.infer<typeof fundTransferLegViewSchema>;

export const fundTransferViewSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  kind: z.enum(fundTransferKinds),
  status: z.enum(fundTransferStatuses),
  documentDate: z.string(),
  fromBank: z.uuid(),
  fromBankCode: z.string(),
  fromCurrency: z.string(),
  toCompany: z.uuid(),
  toCompanyCode: z.string(),
  intercompany: z.boolean(),
  toBank: z.uuid(),
  toBankCode: z.string(),
  toCurrency: z.string(),
  amount: z.string(),
  rate: z.string().nullable(),
  amountIn: z.string(),
  fee: z.string(),
  feeBearer: z.enum(feeBearers),
  outDate: z.string(),
  inDate: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
  legs: z.array(fundTransferLegViewSchema),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
});
export type FundTransferView = z.infer<typeof fundTransferViewSchema>;

export const fundTransferListItemSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  kind: z.enum(fundTransferKinds),
  status: z.enum(fundTransferStatuses),
  documentDate: z.string(),
  fromBankCode: z.string(),
  fromCurrency: z.string(),
  toCompanyCode: z.string(),
  toBankCode: z.string(),
  toCurrency: z.string(),
  amount: z.string(),
  amountIn: z.string(),
  outDate: z.string(),
  inDate: z.string(),
  legs: z.number().int(),
  reference: z.string().nullable(),
  description: z.string(),
});
export type FundTransferListItem = z.infer<typeof fundTransferListItemSchema>;

export const fundTransferDocument = defineDocument({
  name: 'fundTransfer', label: 'Fund transfer', plural: 'Fund transfers', module: 'Cash Management', documentType: 'FundTransfer',
  service: 'cm', resource: 'fund-transfers',
  kinds: { Transfer: { label: 'Fund transfer', permission: 'FundTransfer', listPage: '/fund-transfers', editorPage: '/fund-transfer', approved: true, userCreated: true } },
  defaultKind: 'Transfer',
  readPages: [],
  states: fundTransferStatuses,
  initial: 'Draft',
  editable: ['Draft'],
  posted: ['Posted', 'Reversed'],
  actions: {
    post: { label: 'Post', from: ['Draft'], to: 'Posted', verb: 'Edit', idempotent: true },
    reverse: { label: 'Reverse', from: ['Posted'], to: 'Reversed', verb: 'Edit', idempotent: true, onDate: true },
  },
  approval: { type: 'FundTransfer', operations: { Post: 'post' } },
  header: {
    documentDate: { type: 'date', label: 'Transfer Date', required: true },
    reference: { type: 'text', label: 'Reference', max: 100 },
    fromBank: { type: 'ref', ref: 'bank', label: 'From Bank', required: true },
    toCompany: { type: 'ref', ref: 'company', label: 'To Company', help: 'Another company of the group receives through the intercompany accounts; this company when empty' },
    toBank: { type: 'ref', ref: 'bank', label: 'To Bank', required: true },
    amount: { type: 'decimal', label: 'Amount Out', scale: 4, max: 15, required: true },
    rate: { type: 'decimal', label: 'Rate', scale: 10, positive: true, help: 'Units of the to-bank currency per unit of the from-bank currency' },
    amountIn: { type: 'decimal', label: 'Amount In', scale: 4, max: 15, help: 'What reaches the to-bank, in its currency' },
    fee: { type: 'decimal', label: 'Fee', scale: 4, max: 15, help: 'In the currency of the bank that bears it' },
    feeBearer: { type: 'enum', label: 'Fee Borne By', options: feeBearers, required: true, default: 'Sender' },
    outDate: { type: 'date', label: 'Value Date Out', required: true },
    inDate: { type: 'date', label: 'Value Date In', required: true },
    description: { type: 'text', label: 'Description', required: true, max: 500 },
  },
  headerForm: [['documentDate', 'reference'], ['fromBank', 'toCompany'], ['toBank', 'amount'], ['rate', 'amountIn'], ['fee', 'feeBearer'], ['outDate', 'inDate'], ['description']],
  linesMax: FUND_TRANSFER_LEGS_MAX,
  sortKeys: ['documentDate', '-documentDate', 'number', '-number', 'createdAt', '-createdAt'],
  defaultSort: '-documentDate',
});
export type FundTransferAction = keyof (typeof fundTransferDocument)['actions'];

export const fundTransferListQuerySchema = documentListQuerySchema(fundTransferDocument).extend({
  bank: z.uuid().optional(),
});
export type FundTransferListFilter = z.infer<typeof fundTransferListQuerySchema>;

/**
 * The legs of a whole divided as asked: each leg's incoming amount and fee its share of the whole
 * (floor), the last leg taking what is left, so the legs sum to the whole on every side. Pure: the
 * API stores what it answers and the editor previews it.
 */
export function shareLegs(whole: { amount: bigint; amountIn: bigint; fee: bigint }, amounts: readonly bigint[]): { amount: bigint; amountIn: bigint; fee: bigint }[] {
  let inLeft = whole.amountIn;
  let feeLeft = whole.fee;
  return amounts.map((amount, i) => {
    if (i === amounts.length - 1) return { amount, amountIn: inLeft, fee: feeLeft };
    const amountIn = whole.amount === 0n ? 0n : (whole.amountIn * amount) / whole.amount;
    const fee = whole.amount === 0n ? 0n : (whole.fee * amount) / whole.amount;
    inLeft -= amountIn;
    feeLeft -= fee;
    return { amount, amountIn, fee };
  });
}

/** Another company of the tenant and its active banks: where an intercompany transfer may go (GET /cm/fund-transfers/receivers). */
export const fundTransferReceiverSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string(),
  banks: z.array(z.object({ id: z.uuid(), code: z.string(), name: z.string(), currency: z.string() })),
});
export const fundTransferReceiversSchema = z.array(fundTransferReceiverSchema);
export type FundTransferReceiver = z.infer<typeof fundTransferReceiverSchema>;
