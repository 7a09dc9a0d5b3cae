// The reconciliation of one statement: view, run the bank's rules, accept, reject, match by hand,
// close (its lines lock) and undo a close with a reason. Each write takes the statement's row lock
// first; the partial unique indexes of held match lines keep a line in one accepted match.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  defaultReconciliationRules, formatMoney, type BankReconciliation, type ManualMatchBody, type MatchReason, type ProposedSettlement, type ReconciliationRule, type StatementLineState,
} from '@erp/contracts';
import { recordAudit } from '../../../platform/audit/audit';
import { pgArray, type Tx } from '../../../platform/db/client';
import type { Actor } from '../../../platform/http/actor';
import { conflict, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { orderedId, orderedIdPrefix } from '../ordered-ids';
import { bankSettlement } from '../ports';
import { bankStatementLines, bankStatements } from '../statements.tables';
import { proposeMatches, type EngineProposal } from './engine';
import { bookBalance, freeStatementLines, matchesOf, statementLines, statementOf, unreconciledLedgerLines, type LedgerLineRow, type StatementFacts } from './reconciliation.repository';
import { bankMatchLedgerLines, bankMatchStatementLines, bankMatches, bankReconciliationEvents, bankReconciliationRules } from './reconciliation.tables';

/** Book lines up to this many days after the statement's last day are offered (the book may record a line after the bank). */
export const LEDGER_DAYS_AFTER = 31;

export const addDays = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const ledgerKey = (l: { journalId: string; lineNo: number }) => `${l.journalId}:${l.lineNo}`;

export async function viewReconciliation(tx: Tx, scope: KitScope, id: string): Promise<BankReconciliation> {
  const st = await statementOf(tx, scope, id);
  const money = (m: bigint) => formatMoney(m, st.bank.scale);
  const [lines, ledger, matches] = [await statementLines(tx, scope, id), await unreconciledLedgerLines(tx, scope, st.bank, st.toDate ? addDays(st.toDate, LEDGER_DAYS_AFTER) : null, id), await matchesOf(tx, scope, id)];
  return {
    id: st.id, statementId: st.id, statementNumber: st.statementRef,
    bank: { id: st.bank.id, code: st.bank.code, name: st.bank.name, currency: st.bank.currencyCode, scale: st.bank.scale },
    status: st.status === 'Reconciled' ? 'Closed' : 'Open', periodStart: st.fromDate, periodEnd: st.toDate, openingBalance: money(st.openingMinor), closingBalance: money(st.closingMinor),
    closedAt: st.status === 'Reconciled' ? await lastClosedAt(tx, scope, id) : null,
    statementLines: lines.map((l) => ({ id: l.id, lineNo: l.lineNo, bookingDate: l.bookingDate, valueDate: l.valueDate, amount: money(l.amountMinor), counterpartyName: l.counterpartyName, counterpartyIban: l.counterpartyAccount, reference: l.reference ?? l.description, matchId: l.matchId })),
    ledgerLines: ledger.map((l) => ({ journalId: l.journalId, lineNo: l.lineNo, entryDate: l.entryDate, number: l.number, description: l.description, reference: l.reference, source: l.source, amount: money(l.amountMinor) })),
    matches: matches.map((m) => ({
      id: m.id, status: m.status, origin: m.origin, ruleKind: m.ruleKind as BankReconciliation['matches'][number]['ruleKind'], reasons: m.reasons, statementLineIds: m.statementLineIds,
      ledgerLines: m.ledgerLines.map((l) => ({ journalId: l.journalId, lineNo: l.lineNo, amount: money(l.amountMinor) })), settlement: m.settlement, total: money(m.totalMinor),
    })),
  };
}

async function lastClosedAt(tx: Tx, scope: KitScope, id: string): Promise<string | null> {
  const [e] = await tx.select({ at: bankReconciliationEvents.at }).from(bankReconciliationEvents)
    .where(and(eq(bankReconciliationEvents.tenantId, scope.tenantId), eq(bankReconciliationEvents.statementId, id), eq(bankReconciliationEvents.action, 'Close')))
    .orderBy(sql`${bankReconciliationEvents.at} desc`).limit(1);
  return e ? e.at.toISOString() : null;
}

/** The statement, locked, refused once its reconciliation is closed. */
export async function openStatement(tx: Tx, scope: KitScope, id: string): Promise<StatementFacts> {
  const st = await statementOf(tx, scope, id, true);
  if (st.status === 'Reconciled') throw unprocessable(`The reconciliation of statement ${st.statementRef} is closed: its lines are locked (undo the reconciliation to change it)`);
  return st;
}

/** The bank's active rules in order, or the default set when it has none. */
export async function rulesOf(tx: Tx, scope: KitScope, bankId: string): Promise<ReconciliationRule[]> {
  const rows = await tx.select().from(bankReconciliationRules)
    .where(and(eq(bankReconciliationRules.tenantId, scope.tenantId), eq(bankReconciliationRules.companyId, scope.companyId), eq(bankReconciliationRules.bank, bankId), eq(bankReconciliationRules.active, true)))
    .orderBy(asc(bankReconciliationRules.sequence));
  if (rows.length === 0) return [...defaultReconciliationRules];
  return rows.map((r) => ({ id: r.id, sequence: r.sequence, kind: r.kind, dateWindowDays: r.dateWindowDays, maxGroupSize: r.maxGroupSize }));
}

/** Runs the bank's rules over the statement's free lines: the proposals replace the previous ones; rejected pairs are not offered again. */
export async function runRules(tx: Tx, actor: Actor, id: string): Promise<{ proposed: number; statementLines: number; ledgerLines: number }> {
  const st = await openStatement(tx, actor, id);
  await tx.delete(bankMatches).where(and(eq(bankMatches.tenantId, actor.tenantId), eq(bankMatches.statementId, id), eq(bankMatches.status, 'Proposed')));
  const lines = await freeStatementLines(tx, actor, id);
  const ledger = await unreconciledLedgerLines(tx, actor, st.bank, st.toDate ? addDays(st.toDate, LEDGER_DAYS_AFTER) : null);
  const rejected = new Set<string>();
  for (const m of await matchesOf(tx, actor, id, true)) if (m.status === 'Rejected') for (const s of m.statementLineIds) for (const l of m.ledgerLines) rejected.add(`${s}|${ledgerKey(l)}`);
  const rules = await rulesOf(tx, actor, st.bankId);
  const parties = rules.some((r) => r.kind === 'Counterparty') ? await bankSettlement().partiesWithOpenItems(tx, actor, st.bank.currencyCode) : [];
  const byKey = new Map<string, LedgerLineRow>();
  const proposals = proposeMatches({
    statementLines: lines,
    ledgerLines: ledger.map((l) => {
      const key = ledgerKey(l);
      byKey.set(key, l);
      return { key, date: l.entryDate, amountMinor: l.amountMinor, references: referencesOf(l) };
    }),
    parties, rules, rejected, formatAmount: (m) => formatMoney(m, st.bank.scale),
  });
  await insertProposals(tx, actor, st, proposals, byKey, new Map(lines.map((l) => [l.id, l.amountMinor])));
  return { proposed: proposals.length, statementLines: lines.length, ledgerLines: ledger.length };
}

/** The identifiers a book line carries: its journal's number and reference, and the words of its description that hold a digit (a document number). */
export function referencesOf(l: Pick<LedgerLineRow, 'number' | 'reference' | 'description'>): string[] {
  // A description without a digit has no such word (most book lines): no split then.
  const words = l.description && /\d/.test(l.description) ? l.description.split(/[\s:;,]+/).filter((w) => /\d/.test(w) && w.length >= 4) : [];
  return [l.number, l.reference, ...words].filter((x): x is string => !!x);
}

/**
 * Writes a run's proposals in one statement: the matches from one JSON parameter (their reasons and
 * settlements are JSON already), their statement and ledger lines from array parameters (unnest),
 * the matches' ids made here in write order. The lines' keys to their match are checked at the
 * statement's end, when the matches are written.
 */
async function insertProposals(tx: Tx, scope: KitScope, st: StatementFacts, proposals: EngineProposal[], ledger: Map<string, LedgerLineRow>, amounts: Map<string, bigint>): Promise<void> {
  if (proposals.length === 0) return;
  const prefix = orderedIdPrefix();
  const matches: { id: string; rule_kind: string; rule_id: string | null; reasons: MatchReason[]; settlement: ProposedSettlement | null; total_minor: string }[] = [];
  const sMatch: string[] = [];
  const sLine: string[] = [];
  const lMatch: string[] = [];
  const lJournal: string[] = [];
  const lLineNo: number[] = [];
  const lAmount: bigint[] = [];
  proposals.forEach((p, i) => {
    const id = orderedId(prefix, i);
    let total = 0n;
    for (const statementLineId of p.statementLineIds) {
      sMatch.push(id);
      sLine.push(statementLineId);
      total += amounts.get(statementLineId)!;
    }
    for (const k of p.ledgerKeys) {
      const l = ledger.get(k)!;
      lMatch.push(id);
      lJournal.push(l.journalId);
      lLineNo.push(l.lineNo);
      lAmount.push(l.amountMinor);
    }
    matches.push({ id, rule_kind: p.ruleKind, rule_id: p.ruleId, reasons: p.reasons, settlement: p.settlement ? settlementOf(p.settlement, st.bank.scale) : null, total_minor: total.toString() });
  });
  await tx.execute(sql`
    with m as (
      insert into bank_matches (tenant_id, company_id, id, bank_id, statement_id, status, origin, rule_kind, rule_id, reasons, settlement, total_minor, created_by)
      select ${scope.tenantId}, ${scope.companyId}, u.id, ${st.bankId}, ${st.id}, 'Proposed', 'Rule', u.rule_kind, u.rule_id, u.reasons, u.settlement, u.total_minor, ${scope.userId}
      from json_to_recordset(${JSON.stringify(matches)}::json) as u(id uuid, rule_kind text, rule_id uuid, reasons jsonb, settlement jsonb, total_minor bigint)
    ), s as (
      insert into bank_match_statement_lines (tenant_id, company_id, match_id, statement_line_id)
      select ${scope.tenantId}, ${scope.companyId}, u.match_id, u.statement_line_id from unnest(${pgArray(sMatch)}::uuid[], ${pgArray(sLine)}::uuid[]) as u(match_id, statement_line_id)
    )
    insert into bank_match_ledger_lines (tenant_id, company_id, match_id, journal_id, line_no, amount_minor)
    select ${scope.tenantId}, ${scope.companyId}, u.match_id, u.journal_id, u.line_no, u.amount_minor
    from unnest(${pgArray(lMatch)}::uuid[], ${pgArray(lJournal)}::uuid[], ${pgArray(lLineNo)}::int[], ${pgArray(lAmount)}::bigint[]) as u(match_id, journal_id, line_no, amount_minor)`);
}

/** A counterparty proposal's settlement as the match keeps it: the party and the items it settles, amounts in the bank's currency. */
function settlementOf(s: NonNullable<EngineProposal['settlement']>, scale: number): ProposedSettlement {
  return { partyType: s.partyType, partyId: s.partyId, partyName: s.partyName, openItems: s.openItems.map((i) => ({ id: i.id, number: i.number, amount: formatMoney(i.remainingMinor, scale) })) };
}

/** Holds a match's lines (the unique indexes refuse a line another accepted match holds) and marks its statement lines matched. */
export async function holdMatch(tx: Tx, scope: KitScope, matchId: string): Promise<void> {
  try {
    await tx.update(bankMatchStatementLines).set({ held: true }).where(and(eq(bankMatchStatementLines.tenantId, scope.tenantId), eq(bankMatchStatementLines.matchId, matchId)));
    await tx.update(bankMatchLedgerLines).set({ held: true }).where(and(eq(bankMatchLedgerLines.tenantId, scope.tenantId), eq(bankMatchLedgerLines.matchId, matchId)));
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('A line of this match is already matched elsewhere: run the rules again');
    throw e;
  }
  await setLineStates(tx, scope, matchId, 'Matched');
}

function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause) if ((x as { code?: unknown }).code === '23505') return true;
  return false;
}

async function setLineStates(tx: Tx, scope: KitScope, matchId: string, state: StatementLineState): Promise<void> {
  await tx.update(bankStatementLines).set({ state, updatedAt: sql`now()` }).where(and(
    eq(bankStatementLines.tenantId, scope.tenantId),
    inArray(bankStatementLines.id, tx.select({ id: bankMatchStatementLines.statementLineId }).from(bankMatchStatementLines).where(and(eq(bankMatchStatementLines.tenantId, scope.tenantId), eq(bankMatchStatementLines.matchId, matchId)))),
  ));
}

/** A match of the open statement, locked, in one of the states the step takes. */
export async function matchFor(tx: Tx, scope: KitScope, statementId: string, matchId: string, from: readonly ('Proposed' | 'Accepted')[]) {
  const [m] = await tx.select().from(bankMatches).where(and(eq(bankMatches.tenantId, scope.tenantId), eq(bankMatches.statementId, statementId), eq(bankMatches.id, matchId))).for('update');
  if (!m) throw unprocessable('This match is not one of the statement’s: refresh the reconciliation');
  if (!(from as readonly string[]).includes(m.status)) throw conflict(`This match is ${m.status.toLowerCase()}: refresh the reconciliation`);
  return m;
}

/** Rejects a proposal, or undoes an accepted match while the reconciliation is open: its lines are free again, and the rules will not offer the pair again. */
export async function rejectMatch(tx: Tx, actor: Actor, id: string, matchId: string): Promise<void> {
  await openStatement(tx, actor, id);
  const m = await matchFor(tx, actor, id, matchId, ['Proposed', 'Accepted']);
  if (m.status === 'Accepted') {
    await tx.update(bankMatchStatementLines).set({ held: false }).where(and(eq(bankMatchStatementLines.tenantId, actor.tenantId), eq(bankMatchStatementLines.matchId, matchId)));
    await tx.update(bankMatchLedgerLines).set({ held: false }).where(and(eq(bankMatchLedgerLines.tenantId, actor.tenantId), eq(bankMatchLedgerLines.matchId, matchId)));
    await setLineStates(tx, actor, matchId, 'Unreconciled');
  }
  await tx.update(bankMatches).set({ status: 'Rejected', decidedBy: actor.userId, decidedAt: sql`now()` }).where(and(eq(bankMatches.tenantId, actor.tenantId), eq(bankMatches.id, matchId)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'bankMatch', recordId: matchId, action: 'edit', before: { status: m.status }, after: { status: 'Rejected' } }]);
}

/** Matches statement lines to book lines by hand, several to several: the totals must be equal and every line free. */
export async function manualMatch(tx: Tx, actor: Actor, id: string, body: ManualMatchBody): Promise<string> {
  const st = await openStatement(tx, actor, id);
  const money = (m: bigint) => formatMoney(m, st.bank.scale);
  const lines = await statementLines(tx, actor, id);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const chosen = [...new Set(body.statementLineIds)].map((lineId) => {
    const l = byId.get(lineId);
    if (!l) throw unprocessable(`statementLineIds: line ${lineId} is not a line of this statement`);
    if (l.matchId) throw conflict(`statementLineIds: line ${l.lineNo} is already matched`);
    return l;
  });
  const free = new Map((await unreconciledLedgerLines(tx, actor, st.bank, null)).map((l) => [ledgerKey(l), l]));
  const books = [...new Set(body.ledgerLines.map(ledgerKey))].map((k) => {
    const l = free.get(k);
    if (!l) throw unprocessable(`ledgerLines: ${k} is not an unreconciled line of bank ${st.bank.code}'s account`);
    return l;
  });
  const bankTotal = chosen.reduce((sum, l) => sum + l.amountMinor, 0n);
  const bookTotal = books.reduce((sum, l) => sum + l.amountMinor, 0n);
  if (bankTotal !== bookTotal) throw unprocessable(`The totals differ: the statement lines come to ${money(bankTotal)}, the book lines to ${money(bookTotal)}`);
  const reasons: MatchReason[] = [{ field: 'total', statement: `${chosen.length} lines: ${money(bankTotal)}`, book: `${books.length} lines: ${money(bookTotal)}` }];
  return insertAcceptedMatch(tx, actor, st, 'Manual', reasons, chosen.map((l) => l.id), books);
}

/** An accepted match written at once (by hand, or for an entry made from a line), holding its lines. */
export async function insertAcceptedMatch(tx: Tx, actor: Actor, st: StatementFacts, origin: 'Manual' | 'Entry', reasons: MatchReason[], statementLineIds: string[], books: Pick<LedgerLineRow, 'journalId' | 'lineNo' | 'amountMinor'>[]): Promise<string> {
  const total = books.reduce((sum, l) => sum + l.amountMinor, 0n);
  const [m] = await tx.insert(bankMatches).values({
    tenantId: actor.tenantId, companyId: actor.companyId, bankId: st.bankId, statementId: st.id, status: 'Accepted', origin, reasons, totalMinor: total,
    createdBy: actor.userId, decidedBy: actor.userId, decidedAt: sql`now()`,
  }).returning({ id: bankMatches.id });
  const matchId = m!.id;
  await tx.insert(bankMatchStatementLines).values(statementLineIds.map((statementLineId) => ({ tenantId: actor.tenantId, companyId: actor.companyId, matchId, statementLineId })));
  await tx.insert(bankMatchLedgerLines).values(books.map((l) => ({ tenantId: actor.tenantId, companyId: actor.companyId, matchId, journalId: l.journalId, lineNo: l.lineNo, amountMinor: l.amountMinor })));
  await holdMatch(tx, actor, matchId);
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'bankMatch', recordId: matchId, action: 'create', after: { statement: st.id, origin, statementLineIds, ledgerLines: books.map(ledgerKey), total } }]);
  return matchId;
}

/** Closes the statement's reconciliation: no proposal left undecided; its matched lines lock; the balances are kept with the event. */
export async function closeReconciliation(tx: Tx, actor: Actor, id: string): Promise<void> {
  const st = await openStatement(tx, actor, id);
  const pending = (await matchesOf(tx, actor, id)).filter((m) => m.status === 'Proposed').length;
  if (pending > 0) throw unprocessable(`${pending} proposal${pending === 1 ? '' : 's'} still to accept or reject: decide them before closing`);
  if (!st.toDate) throw unprocessable('The statement has no last day: its book balance cannot be taken');
  const book = await bookBalance(tx, actor, st.bank, st.toDate);
  await tx.insert(bankReconciliationEvents).values({ tenantId: actor.tenantId, companyId: actor.companyId, statementId: id, action: 'Close', bookBalanceMinor: book, bankBalanceMinor: st.closingMinor, byUser: actor.userId });
  await tx.update(bankStatements).set({ status: 'Reconciled', updatedAt: sql`now()` }).where(and(eq(bankStatements.tenantId, actor.tenantId), eq(bankStatements.id, id)));
  await tx.update(bankStatementLines).set({ state: 'Reconciled', updatedAt: sql`now()` }).where(and(eq(bankStatementLines.tenantId, actor.tenantId), eq(bankStatementLines.statementId, id), eq(bankStatementLines.state, 'Matched')));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'bankReconciliation', recordId: id, action: 'edit', before: { status: 'Open' }, after: { status: 'Closed', bookBalance: book, bankBalance: st.closingMinor } }]);
}

/** Undoes a closed reconciliation, with the reason: the statement is open again, its matched lines unlock (the matches stay). */
export async function undoReconciliation(tx: Tx, actor: Actor, id: string, reason: string): Promise<void> {
  const st = await statementOf(tx, actor, id, true);
  if (st.status !== 'Reconciled') throw unprocessable(`The reconciliation of statement ${st.statementRef} is not closed: there is nothing to undo`);
  await tx.insert(bankReconciliationEvents).values({ tenantId: actor.tenantId, companyId: actor.companyId, statementId: id, action: 'Undo', reason, byUser: actor.userId });
  await tx.update(bankStatements).set({ status: 'Open', updatedAt: sql`now()` }).where(and(eq(bankStatements.tenantId, actor.tenantId), eq(bankStatements.id, id)));
  await tx.update(bankStatementLines).set({ state: 'Matched', updatedAt: sql`now()` }).where(and(eq(bankStatementLines.tenantId, actor.tenantId), eq(bankStatementLines.statementId, id), eq(bankStatementLines.state, 'Reconciled')));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'bankReconciliation', recordId: id, action: 'edit', before: { status: 'Closed' }, after: { status: 'Open', reason } }]);
}
