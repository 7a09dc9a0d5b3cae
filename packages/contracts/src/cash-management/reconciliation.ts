import { z } from 'zod';
import { defineEntity } from '../kit/define-entity';

/**
 * Bank reconciliation (issue 17, "Reconciliation"; SPEC.md section 2: /bank-reconciliations with
 * child /bank-reconciliation). A statement's lines are matched to the bank account's ledger lines
 * that no accepted match holds yet; matching rules, ordered per bank, propose the matches and say
 * why; the user accepts, rejects or matches by hand; a statement's reconciliation is closed (its
 * matches lock) and may be undone with a reason.
 */

/** The kinds of matching rule, in the order the default set runs them. */
export const reconciliationRuleKinds = ['ReferenceAmount', 'AmountDate', 'Counterparty', 'Batch'] as const;
export type ReconciliationRuleKind = (typeof reconciliationRuleKinds)[number];

export const reconciliationRuleKindLabels: Record<ReconciliationRuleKind, string> = {
  ReferenceAmount: 'Reference and amount',
  AmountDate: 'Amount and date within the window',
  Counterparty: "Counterparty's open items",
  Batch: 'Batch booking (several to one)',
};

/** A matching rule of a bank (/bank-reconciliation's rules editor). */
export const bankReconciliationRuleEntity = defineEntity({
  name: 'bankReconciliationRule', label: 'Matching Rule', plural: 'Matching Rules', service: 'cm', resource: 'bank-reconciliation-rules',
  page: '/bank-reconciliation', permission: 'BankReconciliationRule',
  companyScoped: true, key: ['bank', 'sequence'], display: 'description', defaultSort: 'sequence',
  fields: {
    bank: { type: 'ref', ref: 'bank', label: 'Bank', required: true, list: true, example: 'MAIN' },
    sequence: { type: 'integer', label: 'Sequence', required: true, min: 1, max: 999, list: true, help: 'Rules run in this order; a line matched by one is not offered to the next' },
    kind: { type: 'enum', label: 'Kind', options: reconciliationRuleKinds, required: true, default: 'ReferenceAmount', list: true },
    dateWindowDays: { type: 'integer', label: 'Date Window (days)', required: true, min: 0, max: 366, default: 3, list: true, help: 'How many days the bank date may lie before or after the book date' },
    maxGroupSize: { type: 'integer', label: 'Most Lines in a Batch', required: true, min: 2, max: 500, default: 50, help: 'Batch rule only: the most lines one booking may stand for' },
    description: { type: 'text', label: 'Description', max: 200, search: true, list: true },
    active: { type: 'boolean', label: 'Active', default: true, list: true },
  },
  form: [['bank', 'sequence'], ['kind', 'dateWindowDays'], ['maxGroupSize', 'active'], ['description']],
});

/** A rule as the engine reads it. */
export type ReconciliationRule = {
  id: string | null;
  sequence: number;
  kind: ReconciliationRuleKind;
  dateWindowDays: number;
  maxGroupSize: number;
};

/** The rules a bank with none of its own runs (and the rules editor offers to save). */
export const defaultReconciliationRules: readonly ReconciliationRule[] = [
  { id: null, sequence: 10, kind: 'ReferenceAmount', dateWindowDays: 60, maxGroupSize: 50 },
  { id: null, sequence: 20, kind: 'AmountDate', dateWindowDays: 3, maxGroupSize: 50 },
  { id: null, sequence: 30, kind: 'Counterparty', dateWindowDays: 60, maxGroupSize: 50 },
  { id: null, sequence: 40, kind: 'Batch', dateWindowDays: 3, maxGroupSize: 50 },
];

/** Why a proposal matched: the fields compared, with the statement's and the book's values. */
export const matchReasonSchema = z.object({
  field: z.enum(['reference', 'amount', 'date', 'counterpartyIban', 'counterpartyName', 'total']),
  statement: z.string(),
  book: z.string(),
});
export type MatchReason = z.infer<typeof matchReasonSchema>;

export const reconciliationStatuses = ['Open', 'Closed'] as const;
export type ReconciliationStatus = (typeof reconciliationStatuses)[number];

/** Proposed by a rule (or made by hand, then accepted at once), accepted (it holds its lines), rejected (kept so the rules do not offer the pair again). */
export const matchStatuses = ['Proposed', 'Accepted', 'Rejected'] as const;
export type MatchStatus = (typeof matchStatuses)[number];

/** How a match came to be. */
export const matchOrigins = ['Rule', 'Manual', 'Entry'] as const;
export type MatchOrigin = (typeof matchOrigins)[number];

/** The entry a statement line with no counterpart may create, and the posting role of Cash Management's profile it uses. */
export const lineEntryKinds = ['Fee', 'Interest', 'Suspense'] as const;
export type LineEntryKind = (typeof lineEntryKinds)[number];
export const lineEntryRoles = { Fee: 'bankChargesAccount', Interest: 'bankInterestAccount', Suspense: 'clearingAccount' } as const satisfies Record<LineEntryKind, string>;

const amountText = z.string();

export const reconciliationLedgerLineSchema = z.object({
  journalId: z.uuid(),
  lineNo: z.number().int(),
  entryDate: z.string(),
  number: z.string().nullable(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  source: z.string(),
  /** Signed: money in is positive (a debit of the bank account). */
  amount: amountText,
});
export type ReconciliationLedgerLine = z.infer<typeof reconciliationLedgerLineSchema>;

export const reconciliationStatementLineSchema = z.object({
  id: z.uuid(),
  lineNo: z.number().int(),
  bookingDate: z.string(),
  valueDate: z.string().nullable(),
  amount: amountText,
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  reference: z.string().nullable(),
  /** The accepted match holding the line, if any. */
  matchId: z.uuid().nullable(),
});
export type ReconciliationStatementLine = z.infer<typeof reconciliationStatementLineSchema>;

/** A receipt or payment a counterparty rule proposes to create through payables or receivables. */
export const proposedSettlementSchema = z.object({
  partyType: z.enum(['Vendor', 'Customer']),
  partyId: z.uuid(),
  partyName: z.string(),
  openItems: z.array(z.object({ id: z.uuid(), number: z.string(), amount: amountText })),
});
export type ProposedSettlement = z.infer<typeof proposedSettlementSchema>;

export const reconciliationMatchSchema = z.object({
  id: z.uuid(),
  status: z.enum(matchStatuses),
  origin: z.enum(matchOrigins),
  ruleKind: z.enum(reconciliationRuleKinds).nullable(),
  reasons: z.array(matchReasonSchema),
  statementLineIds: z.array(z.uuid()),
  ledgerLines: z.array(z.object({ journalId: z.uuid(), lineNo: z.number().int(), amount: amountText })),
  settlement: proposedSettlementSchema.nullable(),
  total: amountText,
});
export type ReconciliationMatch = z.infer<typeof reconciliationMatchSchema>;

export const bankReconciliationSchema = z.object({
  id: z.uuid(),
  statementId: z.uuid(),
  statementNumber: z.string().nullable(),
  bank: z.object({ id: z.uuid(), code: z.string(), name: z.string(), currency: z.string(), scale: z.number().int() }),
  status: z.enum(reconciliationStatuses),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  openingBalance: amountText,
  closingBalance: amountText,
  closedAt: z.string().nullable(),
  statementLines: z.array(reconciliationStatementLineSchema),
  ledgerLines: z.array(reconciliationLedgerLineSchema),
  matches: z.array(reconciliationMatchSchema),
});
export type BankReconciliation = z.infer<typeof bankReconciliationSchema>;

export const reconciliationIdParamSchema = z.object({ id: z.uuid() });

export const manualMatchBodySchema = z.object({
  statementLineIds: z.array(z.uuid()).min(1).max(500),
  ledgerLines: z.array(z.object({ journalId: z.uuid(), lineNo: z.number().int().min(1) })).min(1).max(500),
});
export type ManualMatchBody = z.infer<typeof manualMatchBodySchema>;

export const matchParamSchema = z.object({ id: z.uuid(), matchId: z.uuid() });

export const lineEntryBodySchema = z.object({
  statementLineId: z.uuid(),
  kind: z.enum(lineEntryKinds),
  description: z.string().trim().min(1).max(200).optional(),
});
export type LineEntryBody = z.infer<typeof lineEntryBodySchema>;

export const undoReconciliationBodySchema = z.object({ reason: z.string().trim().min(3, 'Say why the reconciliation is undone').max(500) });

export const runRulesResultSchema = z.object({ proposed: z.number().int(), statementLines: z.number().int(), ledgerLines: z.number().int() });

/** The report of a closed (or open) reconciliation: book balance, bank balance and the items between them. */
export const reconciliationReportSchema = z.object({
  bank: z.string(),
  currency: z.string(),
  asOf: z.string(),
  status: z.enum(reconciliationStatuses),
  bankBalance: amountText,
  bookBalance: amountText,
  /** Book lines up to the date the bank has not shown (payments not yet presented, deposits in transit). */
  outstandingBook: z.array(z.object({ date: z.string(), number: z.string().nullable(), description: z.string().nullable(), amount: amountText })),
  /** Statement lines no accepted match holds. */
  outstandingBank: z.array(z.object({ date: z.string(), reference: z.string().nullable(), counterparty: z.string().nullable(), amount: amountText })),
  /** bank balance - outstanding bank items + outstanding book items - book balance: zero when everything is explained. */
  difference: amountText,
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const reconciliationFileQuerySchema = z.object({ format: z.enum(['pdf', 'xlsx']).default('pdf') });

export const matchCreatedSchema = z.object({ id: z.uuid() });
export const lineEntryResultSchema = z.object({ matchId: z.uuid(), journalId: z.uuid(), number: z.string() });
export type LineEntryResult = z.infer<typeof lineEntryResultSchema>;
