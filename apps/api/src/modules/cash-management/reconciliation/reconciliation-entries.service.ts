// The steps of a reconciliation that reach the ledger: accepting a counterparty proposal posts the
// receipt or payment through payables/receivables; a line with no counterpart becomes an entry
// (fee, interest, suspense) through Cash Management's posting profile and the ledger's port.
// Neither writes a ledger line itself.
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, lineEntryRoles, type LineEntryBody } from '@erp/contracts';
import { recordAudit } from '../../../platform/audit/audit';
import { rowsOf, type Tx } from '../../../platform/db/client';
import type { Actor } from '../../../platform/http/actor';
import { conflict, unprocessable } from '../../../platform/http/errors';
import type { DocumentWorkflow } from '../../../platform/kit/documents';
import type { KitScope } from '../../../platform/kit/registry';
import { bankSettlement } from '../ports';
import { postEntry, resolvePostingAccounts } from '../../ledger/index';
import { statementLines, type StatementFacts } from './reconciliation.repository';
import { holdMatch, insertAcceptedMatch, matchFor, openStatement } from './reconciliation.service';
import { bankMatchLedgerLines, bankMatchStatementLines, bankMatches } from './reconciliation.tables';

/** The line a posted journal wrote on the bank's account (the one a match holds). */
async function bankLineOf(tx: Tx, scope: KitScope, st: StatementFacts, journalId: string): Promise<{ journalId: string; lineNo: number; amountMinor: bigint }> {
  const rows = rowsOf<{ line_no: number; amount: string }>(await tx.execute(sql`
    select line_no, (debit_minor - credit_minor)::text as amount from ledger_entries
    where tenant_id = ${scope.tenantId} and journal_id = ${journalId} and account_id = ${st.bank.account} and currency = ${st.bank.currencyCode} and generated is null
    order by line_no`));
  if (rows.length !== 1) throw new Error(`Journal ${journalId} has ${rows.length} lines on bank ${st.bank.code}'s account, not one`);
  return { journalId, lineNo: rows[0]!.line_no, amountMinor: BigInt(rows[0]!.amount) };
}

/** Accepts a proposal; a counterparty proposal first posts its receipt or payment (the user's label for it is checked by payables/receivables). */
export async function acceptMatch(tx: Tx, actor: Actor, workflow: DocumentWorkflow, id: string, matchId: string): Promise<void> {
  const st = await openStatement(tx, actor, id);
  const m = await matchFor(tx, actor, id, matchId, ['Proposed']);
  if (m.settlement) {
    const s = m.settlement;
    const [held] = await tx.select({ id: bankMatchStatementLines.statementLineId }).from(bankMatchStatementLines).where(and(eq(bankMatchStatementLines.tenantId, actor.tenantId), eq(bankMatchStatementLines.matchId, matchId)));
    const stLine = (await statementLines(tx, actor, id)).find((l) => l.id === held?.id);
    if (!stLine) throw new Error(`Match ${matchId} has no statement line`);
    const magnitude = m.totalMinor < 0n ? -m.totalMinor : m.totalMinor;
    const posted = await bankSettlement().postBankSettlement(tx, actor, workflow, {
      side: s.partyType === 'Customer' ? 'receivables' : 'payables', bank: st.bankId, party: s.partyId, date: stLine.bookingDate,
      amount: formatMoney(magnitude, st.bank.scale), reference: stLine.reference, description: `Bank statement ${st.statementRef} line ${stLine.lineNo}: ${s.partyName}`,
      allocations: s.openItems.map((i) => ({ openItem: i.id, amount: i.amount })),
    });
    const book = await bankLineOf(tx, actor, st, posted.journalId);
    if (book.amountMinor !== m.totalMinor) throw new Error(`The ${s.partyType === 'Customer' ? 'receipt' : 'payment'} posted ${book.amountMinor} on the bank, the line is ${m.totalMinor}`);
    await tx.insert(bankMatchLedgerLines).values({ tenantId: actor.tenantId, companyId: actor.companyId, matchId, journalId: book.journalId, lineNo: book.lineNo, amountMinor: book.amountMinor });
  }
  await holdMatch(tx, actor, matchId);
  await tx.update(bankMatches).set({ status: 'Accepted', decidedBy: actor.userId, decidedAt: sql`now()` }).where(and(eq(bankMatches.tenantId, actor.tenantId), eq(bankMatches.id, matchId)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'bankMatch', recordId: matchId, action: 'edit', before: { status: 'Proposed' }, after: { status: 'Accepted' } }]);
}

const entryWords = { Fee: 'Bank charges', Interest: 'Bank interest', Suspense: 'Unidentified bank item' } as const;

/** Posts the entry a line with no counterpart stands for (bank account against the profile's account of the kind) and matches the line to it. */
export async function createLineEntry(tx: Tx, actor: Actor, id: string, body: LineEntryBody): Promise<{ matchId: string; journalId: string; number: string }> {
  const st = await openStatement(tx, actor, id);
  const line = (await statementLines(tx, actor, id)).find((l) => l.id === body.statementLineId);
  if (!line) throw unprocessable(`statementLineId: not a line of statement ${st.statementRef}`);
  if (line.matchId) throw conflict(`statementLineId: line ${line.lineNo} is already matched`);
  if (line.amountMinor === 0n) throw unprocessable(`statementLineId: line ${line.lineNo} has no amount to book`);
  const role = lineEntryRoles[body.kind];
  const accounts = await resolvePostingAccounts(tx, actor, 'Cash Management', [role]);
  const counter = accounts[role].accountId;
  const inflow = line.amountMinor > 0n;
  const amount = inflow ? line.amountMinor : -line.amountMinor;
  const description = body.description ?? `${entryWords[body.kind]}: ${[line.reference, line.counterpartyName].filter(Boolean).join(' · ') || `statement ${st.statementRef} line ${line.lineNo}`}`;
  const posted = await postEntry(tx, actor, {
    kind: 'Standard', journalDate: line.bookingDate, description, reference: line.reference, source: { module: 'Cash Management', documentType: 'BankStatementLine', documentId: line.id },
    lines: [
      { accountId: st.bank.account, currency: st.bank.currencyCode, debitMinor: inflow ? amount : 0n, creditMinor: inflow ? 0n : amount, lineRef: 'bank', description },
      { accountId: counter, currency: st.bank.currencyCode, debitMinor: inflow ? 0n : amount, creditMinor: inflow ? amount : 0n, lineRef: body.kind.toLowerCase(), description },
    ],
  });
  const book = await bankLineOf(tx, actor, st, posted.journalId);
  const matchId = await insertAcceptedMatch(tx, actor, st, 'Entry', [{ field: 'amount', statement: formatMoney(line.amountMinor, st.bank.scale), book: `${posted.number}: ${formatMoney(book.amountMinor, st.bank.scale)} (${entryWords[body.kind].toLowerCase()})` }], [line.id], [book]);
  return { matchId, journalId: posted.journalId, number: posted.number };
}
