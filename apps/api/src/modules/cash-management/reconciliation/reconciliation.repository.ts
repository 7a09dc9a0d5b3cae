// Reads of bank reconciliation: a statement with its bank, its lines, the bank account's
// unreconciled ledger lines and the statement's matches. Every function takes (tx, scope, ...).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MatchReason } from '@erp/contracts';
import type { EngineStatementLine } from './engine';
import { rowsOf, type Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { notFound } from '../../../platform/http/errors';
import { currencies } from '../../organisation/index';
import { banks } from '../banks.tables';
import { bankStatementLines, bankStatements } from '../statements.tables';
import { bankMatchLedgerLines, bankMatchStatementLines, bankMatches } from './reconciliation.tables';

export type StatementFacts = {
  id: string;
  companyId: string;
  bankId: string;
  statementRef: string;
  status: 'Open' | 'Reconciled';
  fromDate: string | null;
  toDate: string | null;
  openingMinor: bigint;
  closingMinor: bigint;
  bank: { id: string; code: string; name: string; account: string; currencyCode: string; scale: number };
};

/** The statement of the caller's company with its bank; `lock` takes the statement's row lock (every write of its reconciliation does, so two writers queue). */
export async function statementOf(tx: Tx, scope: KitScope, id: string, lock = false): Promise<StatementFacts> {
  const q = tx
    .select({
      id: bankStatements.id, companyId: bankStatements.companyId, bankId: bankStatements.bankId, statementRef: bankStatements.statementRef, status: bankStatements.status,
      fromDate: bankStatements.fromDate, toDate: bankStatements.toDate, openingMinor: bankStatements.openingMinor, closingMinor: bankStatements.closingMinor,
      bankCode: banks.code, bankName: banks.name, account: banks.account, currencyCode: currencies.code, scale: currencies.minorUnit,
    })
    .from(bankStatements)
    .innerJoin(banks, and(eq(banks.tenantId, bankStatements.tenantId), eq(banks.id, bankStatements.bankId)))
    .innerJoin(currencies, and(eq(currencies.tenantId, banks.tenantId), eq(currencies.id, banks.currency)))
    .where(and(eq(bankStatements.tenantId, scope.tenantId), eq(bankStatements.companyId, scope.companyId), eq(bankStatements.id, id)));
  const [r] = lock ? await q.for('update', { of: bankStatements }) : await q;
  if (!r) throw notFound('The bank statement');
  return {
    id: r.id, companyId: r.companyId, bankId: r.bankId, statementRef: r.statementRef, status: r.status, fromDate: r.fromDate, toDate: r.toDate, openingMinor: r.openingMinor, closingMinor: r.closingMinor,
    bank: { id: r.bankId, code: r.bankCode, name: r.bankName, account: r.account, currencyCode: r.currencyCode, scale: r.scale },
  };
}

export type StatementLineRow = {
  id: string;
  lineNo: number;
  bookingDate: string;
  valueDate: string | null;
  amountMinor: bigint;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  reference: string | null;
  description: string | null;
  matchId: string | null;
};

/** The statement's lines with the accepted match holding each (if any), in statement order. */
export async function statementLines(tx: Tx, scope: KitScope, statementId: string): Promise<StatementLineRow[]> {
  return tx
    .select({
      id: bankStatementLines.id, lineNo: bankStatementLines.lineNo, bookingDate: bankStatementLines.bookingDate, valueDate: bankStatementLines.valueDate, amountMinor: bankStatementLines.amountMinor,
      counterpartyName: bankStatementLines.counterpartyName, counterpartyAccount: bankStatementLines.counterpartyAccount, reference: bankStatementLines.reference, description: bankStatementLines.description,
      matchId: bankMatchStatementLines.matchId,
    })
    .from(bankStatementLines)
    .leftJoin(bankMatchStatementLines, and(eq(bankMatchStatementLines.tenantId, bankStatementLines.tenantId), eq(bankMatchStatementLines.statementLineId, bankStatementLines.id), eq(bankMatchStatementLines.held, true)))
    .where(and(eq(bankStatementLines.tenantId, scope.tenantId), eq(bankStatementLines.statementId, statementId)))
    .orderBy(asc(bankStatementLines.lineNo));
}

/**
 * The statement's lines no accepted match holds, as the engine reads them (its reference is the
 * line's reference and description): one raw query, no row objects made twice for a run of 100,000.
 */
export async function freeStatementLines(tx: Tx, scope: KitScope, statementId: string): Promise<EngineStatementLine[]> {
  const rows = rowsOf<{ id: string; booking_date: string; amount: string; reference: string | null; counterparty_name: string | null; counterparty_account: string | null }>(
    await tx.execute(sql`
      select l.id, l.booking_date::text as booking_date, l.amount_minor::text as amount, nullif(concat_ws(' ', nullif(l.reference, ''), nullif(l.description, '')), '') as reference,
             l.counterparty_name, l.counterparty_account
      from bank_statement_lines l
      where l.tenant_id = ${scope.tenantId} and l.statement_id = ${statementId}
        and not exists (select 1 from bank_match_statement_lines m where m.tenant_id = l.tenant_id and m.statement_line_id = l.id and m.held)
      order by l.line_no`),
  );
  return rows.map((r) => ({ id: r.id, date: r.booking_date, amountMinor: BigInt(r.amount), reference: r.reference, counterpartyName: r.counterparty_name, counterpartyIban: r.counterparty_account }));
}

export type LedgerLineRow = {
  journalId: string;
  lineNo: number;
  entryDate: string;
  amountMinor: bigint;
  number: string | null;
  reference: string | null;
  description: string | null;
  source: string;
};

/**
 * The bank account's ledger lines in the bank's currency that no accepted match holds, up to a
 * day: the account index of ledger_entries gives the bank's lines, the partial unique index of
 * held match lines answers the anti-join. Signed: a debit (money in) is positive.
 */
export async function unreconciledLedgerLines(tx: Tx, scope: KitScope, bank: StatementFacts['bank'], upTo: string | null, withLinesOfStatement?: string): Promise<LedgerLineRow[]> {
  // The screen also shows the lines this statement's own matches (proposed or accepted) name.
  const ofStatement = withLinesOfStatement
    ? sql`or exists (select 1 from bank_match_ledger_lines m join bank_matches b on b.tenant_id = m.tenant_id and b.id = m.match_id
            where m.tenant_id = e.tenant_id and m.journal_id = e.journal_id and m.line_no = e.line_no and b.statement_id = ${withLinesOfStatement} and b.status in ('Proposed', 'Accepted'))`
    : sql``;
  const rows = rowsOf<{ journal_id: string; line_no: number; entry_date: string; amount: string; number: string | null; reference: string | null; description: string | null; source: string }>(
    await tx.execute(sql`
      select e.journal_id, e.line_no, e.entry_date::text as entry_date, (e.debit_minor - e.credit_minor)::text as amount,
             j.number, j.reference, coalesce(e.description, j.description) as description, j.source_module || ' · ' || j.source_type as source
      from ledger_entries e
      join journals j on j.tenant_id = e.tenant_id and j.id = e.journal_id
      where e.tenant_id = ${scope.tenantId} and e.company_id = ${scope.companyId} and e.account_id = ${bank.account} and e.currency = ${bank.currencyCode}
        ${upTo ? sql`and e.entry_date <= ${upTo}` : sql``}
        and (not exists (select 1 from bank_match_ledger_lines m where m.tenant_id = e.tenant_id and m.journal_id = e.journal_id and m.line_no = e.line_no and m.held) ${ofStatement})
      order by e.entry_date, e.journal_id, e.line_no`),
  );
  return rows.map((r) => ({ journalId: r.journal_id, lineNo: r.line_no, entryDate: r.entry_date, amountMinor: BigInt(r.amount), number: r.number, reference: r.reference, description: r.description, source: r.source }));
}

export type MatchRow = {
  id: string;
  status: 'Proposed' | 'Accepted' | 'Rejected';
  origin: 'Rule' | 'Manual' | 'Entry';
  ruleKind: string | null;
  reasons: MatchReason[];
  settlement: typeof bankMatches.$inferSelect.settlement;
  totalMinor: bigint;
  statementLineIds: string[];
  ledgerLines: { journalId: string; lineNo: number; amountMinor: bigint }[];
};

/** The statement's matches (rejected ones only when asked: the engine reads them to skip their pairs). */
export async function matchesOf(tx: Tx, scope: KitScope, statementId: string, withRejected = false): Promise<MatchRow[]> {
  const heads = await tx
    .select()
    .from(bankMatches)
    .where(and(eq(bankMatches.tenantId, scope.tenantId), eq(bankMatches.statementId, statementId), withRejected ? sql`true` : inArray(bankMatches.status, ['Proposed', 'Accepted'])))
    .orderBy(asc(bankMatches.createdAt), asc(bankMatches.id));
  if (heads.length === 0) return [];
  // The lines of the statement's matches, joined by statement (never a list of match ids: a statement may have 100,000).
  const ofStatement = (matchId: typeof bankMatchStatementLines.matchId | typeof bankMatchLedgerLines.matchId) =>
    and(eq(bankMatches.tenantId, scope.tenantId), eq(bankMatches.id, matchId), eq(bankMatches.statementId, statementId));
  const sLines = await tx.select({ matchId: bankMatchStatementLines.matchId, id: bankMatchStatementLines.statementLineId }).from(bankMatchStatementLines)
    .innerJoin(bankMatches, ofStatement(bankMatchStatementLines.matchId)).where(eq(bankMatchStatementLines.tenantId, scope.tenantId));
  const lLines = await tx.select({ matchId: bankMatchLedgerLines.matchId, journalId: bankMatchLedgerLines.journalId, lineNo: bankMatchLedgerLines.lineNo, amountMinor: bankMatchLedgerLines.amountMinor }).from(bankMatchLedgerLines)
    .innerJoin(bankMatches, ofStatement(bankMatchLedgerLines.matchId)).where(eq(bankMatchLedgerLines.tenantId, scope.tenantId));
  const sOf = new Map<string, string[]>();
  for (const s of sLines) sOf.set(s.matchId, [...(sOf.get(s.matchId) ?? []), s.id]);
  const lOf = new Map<string, MatchRow['ledgerLines']>();
  for (const l of lLines) lOf.set(l.matchId, [...(lOf.get(l.matchId) ?? []), { journalId: l.journalId, lineNo: l.lineNo, amountMinor: l.amountMinor }]);
  return heads.map((h) => ({
    id: h.id, status: h.status, origin: h.origin, ruleKind: h.ruleKind, reasons: h.reasons, settlement: h.settlement, totalMinor: h.totalMinor,
    statementLineIds: sOf.get(h.id) ?? [], ledgerLines: lOf.get(h.id) ?? [],
  }));
}

/** The bank account's balance in the bank's currency at the end of a day (the book balance of the report). */
export async function bookBalance(tx: Tx, scope: KitScope, bank: StatementFacts['bank'], asOf: string): Promise<bigint> {
  const [r] = rowsOf<{ balance: string | null }>(
    await tx.execute(sql`
      select sum(e.debit_minor - e.credit_minor)::text as balance from ledger_entries e
      where e.tenant_id = ${scope.tenantId} and e.company_id = ${scope.companyId} and e.account_id = ${bank.account} and e.currency = ${bank.currencyCode} and e.entry_date <= ${asOf}`),
  );
  return BigInt(r?.balance ?? '0');
}
