import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { parseRate, RATE_SCALE, subledgerOfModule, type JournalKind, type PartyRef, type SourceRef } from '@erp/contracts';
import { executePrepared, pgArray, rowsOf, type Tx } from '../../../platform/db/client';
import { perTick, type Answer } from '../../../platform/db/per-tick';
import { conflict, notFound, unprocessable } from '../../../platform/http/errors';
import { recordAudit } from '../../../platform/audit/audit';
import { auditLog } from '../../../platform/audit/audit.tables';
import type { KitScope } from '../../../platform/kit/registry';
import { journalLines, journals, ledgerEntries } from '../journals/journals.tables';
import { dimensionSetIds, EMPTY_DIMENSION_SET, postingFacts, ratesOn, storedDimensions, type AccountFacts, type CompanyLedger, type PeriodType, type PostingFacts, type TaxCodeFacts } from './posting-context';
import { planEntry, reverseLines, type EntryPlan, type PlannedLine } from './posting';
import { nextNumber } from '../setup/sequences.service';
import { counterBucket, numberTemplate } from '../setup/sequences';
import { numberCounters, numberSequences } from '../periods/periods.tables';
import { taxes } from '../setup/setup.tables';

/** A line handed to the posting engine by any module: amounts already in minor units. */
export type EntryLine = {
  accountId: string;
  currency: string;
  /** Base units per unit of currency at RATE_SCALE decimals; looked up on the date when absent. */
  rate?: bigint;
  debitMinor: bigint;
  creditMinor: bigint;
  dimensions?: Record<string, string>;
  description?: string | null;
  taxId?: string | null;
  /** The source document's line (an invoice line, an asset of a depreciation run...). */
  lineRef?: string | null;
  /** On a control account: the subledger's party, of the type its module keeps (contracts' subledgerOfModule). */
  party?: PartyRef | null;
};

/**
 * A line with its exact base amounts, written as given (a reversal, a closing, a revaluation): no
 * conversion, no generated lines; the database still checks that the entry balances in base and
 * in each currency. Its amounts move what is already in the ledger, so the account need not be
 * active nor take the currency or the dimensions it would need for a new amount.
 */
export type ExactLine = Omit<EntryLine, 'rate' | 'dimensions'> & {
  rate: bigint;
  baseDebitMinor: bigint;
  baseCreditMinor: bigint;
  dimensionSetId?: string;
  generated?: 'rounding' | 'exchange' | null;
};

type EntryHeader = {
  /** The new journal's id when the caller must name it first (a reversal links its original before it is numbered). */
  id?: string;
  kind: JournalKind;
  journalDate: string;
  description: string;
  reference?: string | null;
  /** Where the entry comes from; control accounts accept only their own subledger's module. */
  source: SourceRef;
  /** The period type to post into when not the kind's own (a year's closing entry in its last regular period). */
  periodType?: PeriodType;
  reversalOf?: string | null;
  intercompanyId?: string | null;
  recurringId?: string | null;
};
export type EntryRequest = EntryHeader & ({ exact?: false; lines: EntryLine[] } | { exact: true; lines: ExactLine[] });

export type Posted = { journalId: string; number: string; totalBaseMinor: bigint; postedAt: Date };
/**
 * A written entry: `finish` answers its number, taking it and marking the entry posted when the
 * write could not (an existing draft, or a sequence that needs the general path). It carries what
 * was written (lines, period, accounts, ledger) so a caller can answer without
 * reading the entry back.
 */
export type Staged = {
  journalId: string;
  totalBaseMinor: bigint;
  createdAt: Date | null;
  period: { id: string; name: string };
  ledger: CompanyLedger;
  lines: PlannedLine[];
  /** The dimensions of each written line, as the dimension set stores them. */
  dimensions: Record<string, string>[];
  accounts: ReadonlyMap<string, AccountFacts>;
  finish: () => Promise<Posted>;
};

const fail = (lineNo: number, message: string) => unprocessable(`Line ${lineNo}: ${message}`);

/** The tax codes lines name, each once. */
export const taxIdsOf = (lines: readonly { taxId?: string | null }[]): string[] => [...new Set(lines.flatMap((l) => (l.taxId ? [l.taxId] : [])))];

/**
 * Every line is checked against its account, currency, dimensions and party before anything is
 * written. A control account takes lines only from its subledger's module, each naming a party of
 * the type that subledger keeps; a party goes only on a control account.
 */
function checkLines(req: EntryRequest, ledger: CompanyLedger, facts: ReadonlyMap<string, AccountFacts>): void {
  const { scales } = ledger;
  const subledger = req.source.module === 'General Ledger' ? undefined : subledgerOfModule[req.source.module];
  req.lines.forEach((l: EntryLine | ExactLine, i) => {
    const n = i + 1;
    const a = facts.get(l.accountId);
    if (!a) throw fail(n, 'the account does not exist in this company');
    if (a.kind !== 'Posting') throw fail(n, `account ${a.code} is a header account`);
    if (a.controlType !== 'None' && a.controlType !== subledger?.control) throw fail(n, `account ${a.code} is a ${a.controlType} control account: only its subledger posts to it`);
    if (a.controlType !== 'None' && subledger?.party && l.party?.type !== subledger.party) throw fail(n, `account ${a.code} is a control account: the line names its ${subledger.party.toLowerCase()}`);
    if (l.party && (a.controlType === 'None' || l.party.type !== subledger?.party)) throw fail(n, `a ${l.party.type.toLowerCase()} goes only on a control account of ${req.source.module}`);
    if (scales[l.currency] === undefined) throw fail(n, `currency ${l.currency} is unknown or inactive`);
    if (l.debitMinor < 0n || l.creditMinor < 0n || (l.debitMinor !== 0n && l.creditMinor !== 0n)) throw fail(n, 'a line has a debit or a credit');
    // An exact line may move base only (a currency's balance that is zero in its own units but not in base).
    if (req.exact) return;
    if (l.debitMinor === 0n && l.creditMinor === 0n) throw fail(n, 'a line has a debit or a credit');
    if (!a.active) throw fail(n, `account ${a.code} is inactive`);
    if (a.allowedCurrencies.length > 0 && !a.allowedCurrencies.includes(l.currency)) throw fail(n, `account ${a.code} does not take ${l.currency}`);
    const missing = a.requiredDimensions.find((g) => !(l as EntryLine).dimensions?.[g]);
    if (missing) throw fail(n, `account ${a.code} needs a ${missing} dimension`);
  });
}

/**
 * A line's tax code must be one of the company's active taxes: checked against the codes read with
 * the posting's facts; a code they lack (facts a caller read without it) is read here.
 */
async function checkTaxes(tx: Tx, scope: KitScope, lines: EntryLine[], known: ReadonlyMap<string, TaxCodeFacts>): Promise<void> {
  const named = [...new Set(lines.flatMap((l) => (l.taxId ? [l.taxId] : [])))];
  if (named.length === 0) return;
  const missing = named.filter((id) => !known.has(id));
  const found = new Map(known);
  if (missing.length > 0) {
    for (const t of await tx.select({ id: taxes.id, code: taxes.code, active: taxes.active }).from(taxes).where(and(inArray(taxes.id, missing), eq(taxes.companyId, scope.companyId)))) found.set(t.id, t);
  }
  lines.forEach((l, i) => {
    if (!l.taxId) return;
    const tax = found.get(l.taxId);
    if (!tax) throw fail(i + 1, 'the tax code does not exist in this company');
    if (!tax.active) throw fail(i + 1, `tax ${tax.code} is inactive`);
  });
}

/**
 * The one posting function of the product (DESIGN.md principle 2): every module hands it a set of
 * lines; it checks the period, accounts, currencies, dimensions and parties, converts and balances
 * the entry, writes the immutable ledger lines (the database re-checks balance and period and keeps
 * the balances) with their audit row, and takes the gapless number with its last write, so the
 * sequence lock is held from that statement to the commit only. All in the caller's transaction.
 * `journalId` posts an existing draft header instead of a new one.
 */
export async function postEntry(tx: Tx, scope: KitScope, req: EntryRequest, journalId?: string): Promise<Posted> {
  return (await stageEntry(tx, scope, req, journalId)).finish();
}

/**
 * Only the port writes ledger lines: the insert trigger refuses a statement of a transaction that
 * has not set erp.ledger_port (SET LOCAL: for this transaction, or the savepoint it is made in, and
 * propagated to the nodes of a distributed database like the tenant). Set once per transaction.
 */
const portOpened = new WeakMap<Tx, Promise<void>>();
function openPort(tx: Tx): Promise<void> {
  let opened = portOpened.get(tx);
  // Drizzle's query is a thenable that runs its statement at every `then`: kept as itself, each call
  // of a group commit awaiting it would send the statement again, one round trip after another, and
  // the calls would reach their write in different ticks (one insert each instead of one for all).
  // `.then` here runs it once; the calls then await one plain promise and resume together.
  if (!opened) portOpened.set(tx, (opened = tx.execute(sql`set local erp.ledger_port = 'on'`).then(() => undefined)));
  return opened;
}

/** A posted entry's audit row: what was posted, from where (the number is the journal's, found by the trail's record label). */
const auditAfter = (req: EntryRequest, totalBaseMinor: bigint) => ({
  status: 'Posted', kind: req.kind, journalDate: req.journalDate, description: req.description, reference: req.reference ?? null,
  source: req.source, totalBase: totalBaseMinor.toString(), lines: req.lines.length, reversalOf: req.reversalOf ?? null,
});

/**
 * The same in two steps, for the ledger's own documents: a new entry is written with its number in
 * one statement; an existing draft (`journalId`) is written first and numbered by `finish`, so a
 * caller can do its remaining reads before the sequence row is locked (an intercompany journal
 * stages both legs, then numbers them). `known`: the facts the caller already read with `postingFacts`.
 */
export async function stageEntry(tx: Tx, scope: KitScope, req: EntryRequest, journalId?: string, known?: PostingFacts): Promise<Staged> {
  const facts = known ?? (await postingFacts(tx, scope, req.kind, req.journalDate, req.lines.map((l) => l.accountId), undefined, req.periodType, taxIdsOf(req.lines)));
  const { ledger } = facts;
  const period = facts.period();
  checkLines(req, ledger, facts.accounts);
  await checkTaxes(tx, scope, req.lines, facts.taxes);
  const plan = req.exact ? exactPlan(req.lines) : await convertedPlan(tx, scope, req, ledger);
  await openPort(tx);

  let id: string;
  let createdAt: Date | null = null;
  let posted: Posted | undefined;
  if (journalId) {
    id = journalId;
    await tx.execute(entriesInsert(scope, [{ id, date: req.journalDate, periodId: period.id, lines: plan.lines }]));
    await tx.delete(journalLines).where(eq(journalLines.journalId, journalId));
    await tx.update(journals).set({ periodId: period.id, totalBaseMinor: plan.totalBaseMinor }).where(eq(journals.id, id));
    await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'journal', recordId: id, action: 'edit', after: auditAfter(req, plan.totalBaseMinor) }]);
  } else {
    // The number, the header, the lines and the audit row in one statement (the lines' checks run
    // at its end, when all exist), shared with the entries of the company written in the same tick
    // of this transaction (a group commit's calls): the counter row is locked from here to the
    // commit, with no round trip of the posting left in between. A sequence that refuses leaves the
    // journal a draft for `finish`.
    id = req.id ?? randomUUID();
    const written = await writeEntry(tx, scope.companyId, { scope, write: { id, req, ledger, periodId: period.id, totalBaseMinor: plan.totalBaseMinor, lines: plan.lines } });
    createdAt = written.createdAt;
    if (written.number !== null && written.postedAt !== null) posted = { journalId: id, number: written.number, totalBaseMinor: plan.totalBaseMinor, postedAt: written.postedAt };
  }
  const finish = async (): Promise<Posted> => posted ?? takeNumber(tx, scope, ledger, id, req.journalDate, plan.totalBaseMinor);
  const dimensions = plan.lines.map((l, i) => (!req.exact && i < req.lines.length ? storedDimensions(req.lines[i]!.dimensions ?? {}) : {}));
  return { journalId: id, totalBaseMinor: plan.totalBaseMinor, createdAt, period, ledger, lines: plan.lines, dimensions, accounts: facts.accounts, finish };
}

/** Lines in transaction currency: each converted at its rate (looked up when absent), the entry balanced by the engine. */
async function convertedPlan(tx: Tx, scope: KitScope, req: EntryHeader & { lines: EntryLine[] }, ledger: CompanyLedger): Promise<EntryPlan> {
  const rates = await ratesOn(tx, ledger.baseCurrency, req.lines.filter((l) => l.rate === undefined).map((l) => l.currency), req.journalDate);
  const setIds = await dimensionSetIds(tx, scope, req.lines.map((l) => l.dimensions ?? {}));
  const lines = req.lines.map((l, i) => {
    const rate = l.currency === ledger.baseCurrency ? 10n ** BigInt(RATE_SCALE) : (l.rate ?? rates.get(l.currency));
    if (rate === undefined) throw fail(i + 1, `there is no ${l.currency} exchange rate on ${req.journalDate}`);
    return { ...l, rate, dimensionSetId: setIds[i]! };
  });
  const plan = planEntry(lines, { ...ledger, emptyDimensionSetId: EMPTY_DIMENSION_SET });
  if ('error' in plan) throw unprocessable(plan.error);
  return plan;
}

/** Lines with exact base amounts, as given: the database checks that they balance. */
function exactPlan(lines: ExactLine[]): EntryPlan {
  let totalBaseMinor = 0n;
  const planned = lines.map((l, i): PlannedLine => {
    if ((l.baseDebitMinor !== 0n && l.baseCreditMinor !== 0n) || l.baseDebitMinor < 0n || l.baseCreditMinor < 0n) throw fail(i + 1, 'a line has a base debit or a base credit');
    if (l.debitMinor === 0n && l.creditMinor === 0n && l.baseDebitMinor === 0n && l.baseCreditMinor === 0n) throw fail(i + 1, 'a line moves no amount');
    totalBaseMinor += l.baseDebitMinor;
    return { ...l, dimensionSetId: l.dimensionSetId ?? EMPTY_DIMENSION_SET, generated: l.generated ?? null };
  });
  return { lines: planned, totalBaseMinor };
}

/**
 * Reverses a posted entry on a date, through the port: a new entry of kind Reversal with every
 * ledger line's sides swapped (generated lines, line references and parties included), at the
 * original's exact base amounts, with the original's source; the original is marked Reversed and
 * linked both ways, with its audit row, before the reversal takes its number (the last statement).
 * An entry is reversed at most once (the database refuses a second reversal too).
 */
export async function reverseEntry(tx: Tx, scope: KitScope, journalId: string, date: string): Promise<Posted> {
  const [posted] = await reverseEntries(tx, scope, [{ journalId, date }]);
  return posted!;
}

/** Reversals handed to the port's group commit at once (their facts read and their entries written by one statement each). */
const REVERSAL_BATCH = 2000;

/**
 * `reverseEntry` for many entries at once (a payment run's payments), set-based: the originals locked
 * in id order and checked, their lines read, the originals marked Reversed and their audit rows written
 * by one statement each, then every reversal posted through the group commit (a facts statement and a
 * write statement per REVERSAL_BATCH entries), numbered in the order asked. Answers in that order; any
 * refusal refuses them all (the caller's transaction writes nothing).
 */
export async function reverseEntries(tx: Tx, scope: KitScope, wanted: { journalId: string; date: string }[]): Promise<Posted[]> {
  if (wanted.length === 0) return [];
  const ids = wanted.map((w) => w.journalId);
  if (new Set(ids).size !== ids.length) throw conflict('A journal is named twice in one reversal: it is reversed once');
  // Driven from the ids (a join: the planner knows the array's size), locked in one order.
  const originals = await tx.select(getTableColumns(journals)).from(journals)
    .innerJoin(sql`unnest(${pgArray(ids)}::uuid[]) as w(id)`, sql`${journals.id} = w.id`)
    .where(and(eq(journals.tenantId, scope.tenantId), eq(journals.companyId, scope.companyId))).orderBy(asc(journals.id)).for('update', { of: journals });
  const byId = new Map(originals.map((j) => [j.id, j]));
  const ordered = ids.map((id) => {
    const original = byId.get(id);
    if (!original) throw notFound('Journal');
    if (original.status === 'Reversed' || original.reversedBy) throw conflict(`Journal ${original.number} is already reversed`);
    if (original.status !== 'Posted') throw unprocessable('Only a posted journal can be reversed');
    return original;
  });
  const entries = await tx.select(getTableColumns(ledgerEntries)).from(ledgerEntries)
    .innerJoin(sql`unnest(${pgArray(ids)}::uuid[]) as w(id)`, sql`${ledgerEntries.journalId} = w.id`)
    .where(eq(ledgerEntries.tenantId, scope.tenantId)).orderBy(asc(ledgerEntries.journalId), asc(ledgerEntries.lineNo));
  const linesOf = new Map<string, (typeof entries)[number][]>();
  for (const e of entries) {
    const lines = linesOf.get(e.journalId);
    if (lines) lines.push(e);
    else linesOf.set(e.journalId, [e]);
  }
  const reversalIds = ids.map(() => randomUUID());
  await tx.execute(sql`update ${journals} j set status = 'Reversed', reversed_by = w.reversal, updated_at = now()
    from unnest(${pgArray(ids)}::uuid[], ${pgArray(reversalIds)}::uuid[]) as w(id, reversal)
    where j.tenant_id = ${scope.tenantId}::uuid and j.id = w.id`);
  await recordAudit(tx, scope.tenantId, scope.userId, ids.map((id, i) => ({ entity: 'journal', recordId: id, action: 'edit' as const, before: { status: 'Posted' }, after: { status: 'Reversed', reversedBy: reversalIds[i] } })));
  const requests = ordered.map((original, i): EntryRequest => ({
    id: reversalIds[i], kind: 'Reversal', journalDate: wanted[i]!.date, description: `Reversal of ${original.number}: ${original.description}`, reference: original.number,
    source: { module: original.sourceModule as SourceRef['module'], documentType: original.sourceType, documentId: original.sourceId }, reversalOf: original.id,
    exact: true,
    lines: reverseLines((linesOf.get(original.id) ?? []).map((e): ExactLine => ({
      accountId: e.accountId, currency: e.currency, rate: parseRate(e.rate), debitMinor: e.debitMinor, creditMinor: e.creditMinor,
      baseDebitMinor: e.baseDebitMinor, baseCreditMinor: e.baseCreditMinor, dimensionSetId: e.dimensionSetId, description: e.description, taxId: e.taxId,
      generated: e.generated as ExactLine['generated'], lineRef: e.lineRef, party: e.partyType && e.partyId ? { type: e.partyType as PartyRef['type'], id: e.partyId } : null,
    }))),
  }));
  const posted: Posted[] = [];
  for (let k = 0; k < requests.length; k += REVERSAL_BATCH) posted.push(...(await Promise.all(requests.slice(k, k + REVERSAL_BATCH).map((req) => postEntry(tx, scope, req)))));
  return posted;
}

/**
 * The statement that takes the next number of the journal sequence (its counter row stays locked
 * until commit) and the number it renders, in SQL from the sequence's template; undefined when the
 * sequence cannot be templated or is inactive (the general path then says why).
 */
function counterTake(scope: KitScope, ledger: CompanyLedger, date: string): { upsert: SQL; number: SQL } | undefined {
  const seq = ledger.journalSequence;
  const template = seq?.active ? numberTemplate(seq.segments, { date, companyCode: seq.companyCode }) : undefined;
  if (!seq || !template) return undefined;
  return {
    upsert: sql`insert into ${numberCounters} (tenant_id, company_id, number_sequence, bucket, last_value)
      select ${scope.tenantId}::uuid, ${scope.companyId}::uuid, q.id, ${counterBucket(seq.resetEvery, date)}, 1
      from ${numberSequences} q where q.id = ${ledger.journalSequenceId}::uuid and q.company_id = ${scope.companyId}::uuid and q.active
      on conflict (tenant_id, number_sequence, bucket) do update set last_value = ${numberCounters}.last_value + 1
      returning last_value`,
    number: sql`${template.prefix}::text || repeat('0', greatest(${template.width}::int - length(taken.last_value::text), 0)) || taken.last_value::text || ${template.suffix}::text`,
  };
}

/**
 * Takes the gapless number and marks a written journal posted in one statement (the counter row
 * stays locked until commit, so this is the last statement of a posting). A sequence that refuses
 * (inactive, no counter) takes the general path, which says why.
 */
async function takeNumber(tx: Tx, scope: KitScope, ledger: CompanyLedger, id: string, date: string, totalBaseMinor: bigint): Promise<Posted> {
  const taking = counterTake(scope, ledger, date);
  if (taking) {
    const [row] = rowsOf<{ number: string; posted_at: Date | string }>(
      await executePrepared(tx, sql`
        with taken as (${taking.upsert})
        update ${journals} j set status = 'Posted', posted_by = ${scope.userId}::uuid, posted_at = now(), updated_at = now(), number = ${taking.number}
        from taken where j.tenant_id = ${scope.tenantId}::uuid and j.id = ${id}::uuid
        returning j.number, j.posted_at`),
    );
    if (row) return { journalId: id, number: row.number, totalBaseMinor, postedAt: new Date(row.posted_at) };
  }
  const number = await nextNumber(tx, scope, ledger.journalSequenceId, date);
  const [row] = await tx
    .update(journals)
    .set({ status: 'Posted', number, postedBy: scope.userId, postedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(journals.id, id))
    .returning({ postedAt: journals.postedAt });
  return { journalId: id, number, totalBaseMinor, postedAt: row?.postedAt ?? new Date() };
}

/** Up to this many lines an entry takes its number in the statement that writes it (one round trip less). */
export const NUMBER_WITH_LINES_MAX = 50;

/** A new entry to write: its header (numbered when the sequence allows) and its planned lines. */
type EntryWrite = { id: string; req: EntryRequest; ledger: CompanyLedger; periodId: string; totalBaseMinor: bigint; lines: PlannedLine[] };
type Written = { createdAt: Date; number: string | null; postedAt: Date | null };
type WriteWanted = { scope: KitScope; write: EntryWrite };
/** Writes a new entry with the others of its company asked for in the same tick of the transaction. */
const writeEntry = perTick(writeEntries);

/**
 * One statement for new entries of one company, in the order asked: the counter of each bucket
 * advances once by its entries' count (its row stays locked until commit), each entry takes its
 * number in order, and the headers and every line are inserted. An entry whose sequence cannot be
 * templated, or refuses, is written as a draft without number.
 */
async function writeEntries(tx: Tx, wanted: WriteWanted[]): Promise<Answer<Written>[]> {
  const { scope } = wanted[0]!;
  const ledger = wanted[0]!.write.ledger;
  const numbering = wanted.map(({ write }) => {
    // A large entry is written unnumbered and numbered by `finish`: the counter row is then locked
    // for one short statement and the commit, not across the insert of its lines (concurrent bulk
    // postings insert side by side and queue only for their numbers).
    if (write.lines.length > NUMBER_WITH_LINES_MAX) return undefined;
    const seq = ledger.journalSequence;
    const template = seq?.active ? numberTemplate(seq.segments, { date: write.req.journalDate, companyCode: seq.companyCode }) : undefined;
    return seq && template ? { bucket: counterBucket(seq.resetEvery, write.req.journalDate), ...template } : undefined;
  });
  const col = (f: (w: WriteWanted, i: number) => string | number | bigint | null | undefined) => pgArray(wanted.map(f));
  const rows = rowsOf<{ id: string; created_at: Date | string; number: string | null; posted_at: Date | string | null }>(
    await executePrepared(tx, sql`
      with w as (
        select * from unnest(${col((w) => w.write.id)}::uuid[], ${col((_, i) => numbering[i]?.bucket)}::text[], ${col((_, i) => numbering[i]?.prefix)}::text[],
          ${col((_, i) => numbering[i]?.width)}::int[], ${col((_, i) => numbering[i]?.suffix)}::text[]) with ordinality as w(id, bucket, prefix, width, suffix, i)
      ), taken as (
        insert into ${numberCounters} (tenant_id, company_id, number_sequence, bucket, last_value)
        select ${scope.tenantId}::uuid, ${scope.companyId}::uuid, q.id, b.bucket, b.n
        from (select bucket, count(*)::int as n from w where bucket is not null group by bucket) b
        join ${numberSequences} q on q.id = ${ledger.journalSequenceId}::uuid and q.company_id = ${scope.companyId}::uuid and q.active
        on conflict (tenant_id, number_sequence, bucket) do update set last_value = ${numberCounters}.last_value + excluded.last_value
        returning bucket, last_value
      ), n as (
        select r.id, r.prefix || repeat('0', greatest(r.width - length(v.value::text), 0)) || v.value::text || r.suffix as number
        from (select w.*, row_number() over (partition by w.bucket order by w.i) as rank, count(*) over (partition by w.bucket) as size from w where w.bucket is not null) r
        join taken t on t.bucket = r.bucket
        cross join lateral (select t.last_value - r.size + r.rank as value) v
      ), h as (
        insert into ${journals} (tenant_id, company_id, id, kind, status, number, posted_by, posted_at, journal_date, description, reference, source_module, source_type, source_id,
          reversal_of, intercompany_id, recurring_id, base_currency, period_id, total_base_minor, created_by)
        select ${scope.tenantId}::uuid, ${scope.companyId}::uuid, u.id, u.kind, case when n.number is null then 'Draft' else 'Posted' end, n.number,
          case when n.number is null then null else u.created_by end, case when n.number is null then null else now() end,
          u.journal_date, u.description, u.reference, u.source_module, u.source_type, u.source_id, u.reversal_of, u.intercompany_id, u.recurring_id,
          ${ledger.baseCurrency}, u.period_id, u.total_base_minor, u.created_by
        from unnest(${col((w) => w.write.id)}::uuid[], ${col((w) => w.write.req.kind)}::text[], ${col((w) => w.write.req.journalDate)}::date[], ${col((w) => w.write.req.description)}::text[],
          ${col((w) => w.write.req.reference)}::text[], ${col((w) => w.write.req.source.module)}::text[], ${col((w) => w.write.req.source.documentType)}::text[], ${col((w) => w.write.req.source.documentId)}::uuid[],
          ${col((w) => w.write.req.reversalOf)}::uuid[], ${col((w) => w.write.req.intercompanyId)}::uuid[], ${col((w) => w.write.req.recurringId)}::uuid[],
          ${col((w) => w.write.periodId)}::uuid[], ${col((w) => w.write.totalBaseMinor)}::bigint[], ${col((w) => w.scope.userId)}::uuid[])
          as u(id, kind, journal_date, description, reference, source_module, source_type, source_id, reversal_of, intercompany_id, recurring_id, period_id, total_base_minor, created_by)
        left join n on n.id = u.id
        returning id, created_at, number, posted_at
      ), e as (${entriesInsert(scope, wanted.map(({ write }) => ({ id: write.id, date: write.req.journalDate, periodId: write.periodId, lines: write.lines })))}
      ), a as (
        insert into ${auditLog} (tenant_id, user_id, entity, record_id, action, after)
        select ${scope.tenantId}::uuid, u.user_id, 'journal', u.id::text, 'create', u.after
        from unnest(${col((w) => w.write.id)}::uuid[], ${col((w) => w.scope.userId)}::uuid[], ${col((w) => JSON.stringify(auditAfter(w.write.req, w.write.totalBaseMinor)))}::jsonb[]) as u(id, user_id, after)
      )
      select id, created_at, number, posted_at from h`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.map((w) => {
    const r = byId.get(w.write.id);
    if (!r) return { error: new Error(`journal ${w.write.id} was not written`) };
    return { value: { createdAt: new Date(r.created_at), number: r.number, postedAt: r.posted_at === null ? null : new Date(r.posted_at) } };
  });
}

/**
 * One statement for the lines of entries (unnest of column arrays): the balance trigger sees each
 * entry whole. What is the same for every line of an entry (journal, date, period) travels once per
 * entry, the empty dimension set as NULL, and the line references and parties only when a line of
 * the statement has one: a 1,000-line journal of the ledger sends half the bytes it would.
 */
function entriesInsert(scope: KitScope, entries: { id: string; date: string; periodId: string; lines: PlannedLine[] }[]): SQL {
  const all = entries.flatMap((e, k) => e.lines.map((l, i) => ({ k: k + 1, l, lineNo: i + 1 })));
  const col = (f: (x: (typeof all)[number]) => string | number | bigint | null | undefined) => pgArray(all.map(f));
  const scale = 10n ** BigInt(RATE_SCALE);
  const rateText = (r: bigint) => (r === scale ? '1' : `${r / scale}.${(r % scale).toString().padStart(RATE_SCALE, '0')}`);
  const refs = all.some((x) => x.l.lineRef || x.l.party);
  const refColumns = refs ? sql`, ${col((x) => x.l.lineRef)}::text[], ${col((x) => x.l.party?.type)}::text[], ${col((x) => x.l.party?.id)}::uuid[]` : sql``;
  return sql`
    insert into ledger_entries (tenant_id, company_id, journal_id, line_no, entry_date, period_id, account_id, currency, rate,
      debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id, description, tax_id, generated, line_ref, party_type, party_id)
    select ${scope.tenantId}::uuid, ${scope.companyId}::uuid, e.journal_id, u.line_no, e.entry_date, e.period_id, u.account_id, u.currency, u.rate,
      u.debit, u.credit, u.base_debit, u.base_credit, coalesce(u.dimension_set_id, ${EMPTY_DIMENSION_SET}::uuid), u.description, u.tax_id, u.generated,
      ${refs ? sql`u.line_ref, u.party_type, u.party_id` : sql`null, null, null`}
    from unnest(${pgArray(entries.map((e) => e.id))}::uuid[], ${pgArray(entries.map((e) => e.date))}::date[], ${pgArray(entries.map((e) => e.periodId))}::uuid[])
      with ordinality as e(journal_id, entry_date, period_id, k)
    join unnest(
      ${col((x) => x.k)}::int[], ${col((x) => x.lineNo)}::int[], ${col((x) => x.l.accountId)}::uuid[], ${col((x) => x.l.currency)}::text[], ${col((x) => rateText(x.l.rate))}::numeric[],
      ${col((x) => x.l.debitMinor)}::bigint[], ${col((x) => x.l.creditMinor)}::bigint[],
      ${col((x) => x.l.baseDebitMinor)}::bigint[], ${col((x) => x.l.baseCreditMinor)}::bigint[],
      ${col((x) => (x.l.dimensionSetId === EMPTY_DIMENSION_SET ? null : x.l.dimensionSetId))}::uuid[], ${col((x) => x.l.description ?? null)}::text[], ${col((x) => x.l.taxId ?? null)}::uuid[], ${col((x) => x.l.generated)}::text[]${refColumns}
    ) as u(k, line_no, account_id, currency, rate, debit, credit, base_debit, base_credit, dimension_set_id, description, tax_id, generated${refs ? sql`, line_ref, party_type, party_id` : sql``}) on u.k = e.k`;
}
