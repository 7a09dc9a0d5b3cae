import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { RATE_SCALE, type JournalKind } from '@erp/contracts';
import { executePrepared, pgArray, rowsOf, type Tx } from '../../platform/db/client';
import { unprocessable } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import { journalLines, journals } from './journals.tables';
import { controlOfModule, dimensionSetIds, EMPTY_DIMENSION_SET, postingFacts, ratesOn, storedDimensions, type AccountFacts, type CompanyLedger, type PostingFacts } from './posting-context';
import { planEntry, type PlannedLine } from './posting';
import { nextNumber } from './sequences.service';
import { counterBucket, numberTemplate } from './sequences';
import { numberCounters, numberSequences } from './periods.tables';

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
};

export type EntryRequest = {
  kind: JournalKind;
  journalDate: string;
  description: string;
  reference?: string | null;
  /** The subledger posting (control accounts accept only their own subledger). */
  sourceModule: string;
  sourceId?: string | null;
  reversalOf?: string | null;
  intercompanyId?: string | null;
  recurringId?: string | null;
  lines: EntryLine[];
};

export type Posted = { journalId: string; number: string; totalBaseMinor: bigint; postedAt: Date };
/**
 * A written entry: `finish` answers its number, taking it and marking the entry posted when the
 * write could not (an existing draft, or a sequence that needs the general path). It carries what was written (lines, period, accounts, ledger) so a caller can answer without
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

/** Every line is checked against its account, currency and dimensions before anything is written. */
function checkLines(req: EntryRequest, ledger: CompanyLedger, facts: ReadonlyMap<string, AccountFacts>): void {
  const { scales } = ledger;
  const allowedControl = controlOfModule[req.sourceModule];
  req.lines.forEach((l, i) => {
    const n = i + 1;
    const a = facts.get(l.accountId);
    if (!a) throw fail(n, 'the account does not exist in this company');
    if (a.kind !== 'Posting') throw fail(n, `account ${a.code} is a header account`);
    if (!a.active) throw fail(n, `account ${a.code} is inactive`);
    if (a.controlType !== 'None' && a.controlType !== allowedControl) throw fail(n, `account ${a.code} is a ${a.controlType} control account: only its subledger posts to it`);
    if (scales[l.currency] === undefined) throw fail(n, `currency ${l.currency} is unknown or inactive`);
    if (a.allowedCurrencies.length > 0 && !a.allowedCurrencies.includes(l.currency)) throw fail(n, `account ${a.code} does not take ${l.currency}`);
    const missing = a.requiredDimensions.find((g) => !l.dimensions?.[g]);
    if (missing) throw fail(n, `account ${a.code} needs a ${missing} dimension`);
    if ((l.debitMinor === 0n) === (l.creditMinor === 0n) || l.debitMinor < 0n || l.creditMinor < 0n) throw fail(n, 'a line has a debit or a credit');
  });
}

/**
 * The one posting function of the product (DESIGN.md principle 2): every module hands it a set of
 * lines; it checks the period, accounts, currencies and dimensions, converts and balances the
 * entry, writes the immutable ledger lines (the database re-checks balance and period and keeps
 * the balances) and takes the gapless number with its last write, so the sequence lock is held
 * from that statement to the commit only. All in the caller's transaction. `journalId` posts an existing draft header instead of a new one.
 */
export async function postEntry(tx: Tx, scope: KitScope, req: EntryRequest, journalId?: string): Promise<Posted> {
  return (await stageEntry(tx, scope, req, journalId)).finish();
}

/**
 * The same in two steps. A new entry is written with its number in one statement; an existing
 * draft (`journalId`) is written first and numbered by `finish`, so a caller can do its remaining
 * reads before the sequence row is locked: what is held between the number and the commit bounds
 * posting throughput per sequence. `known`: the facts the caller already read with `postingFacts`.
 */
export async function stageEntry(tx: Tx, scope: KitScope, req: EntryRequest, journalId?: string, known?: PostingFacts): Promise<Staged> {
  const facts = known ?? (await postingFacts(tx, scope, req.kind, req.journalDate, req.lines.map((l) => l.accountId)));
  const { ledger } = facts;
  const period = facts.period();
  checkLines(req, ledger, facts.accounts);
  const rates = await ratesOn(tx, ledger.baseCurrency, req.lines.filter((l) => l.rate === undefined).map((l) => l.currency), req.journalDate);
  const setIds = await dimensionSetIds(tx, scope, req.lines.map((l) => l.dimensions ?? {}));
  const lines = req.lines.map((l, i) => {
    const rate = l.currency === ledger.baseCurrency ? 10n ** BigInt(RATE_SCALE) : (l.rate ?? rates.get(l.currency));
    if (rate === undefined) throw fail(i + 1, `there is no ${l.currency} exchange rate on ${req.journalDate}`);
    return { ...l, rate, dimensionSetId: setIds[i]! };
  });
  const plan = planEntry(lines, { ...ledger, emptyDimensionSetId: EMPTY_DIMENSION_SET });
  if ('error' in plan) throw unprocessable(plan.error);

  const entries = entriesInsert(scope, req.journalDate, period.id, plan.lines);
  let id: string;
  let createdAt: Date | null = null;
  let posted: Posted | undefined;
  if (journalId) {
    id = journalId;
    await tx.execute(entries(id));
    await tx.delete(journalLines).where(eq(journalLines.journalId, journalId));
    await tx.update(journals).set({ periodId: period.id, totalBaseMinor: plan.totalBaseMinor }).where(eq(journals.id, id));
  } else {
    // The number, the header and the lines in one statement (the lines' checks run at its end,
    // when all exist): the counter row is locked from here to the commit, with no round trip of
    // the posting left in between. A sequence that refuses leaves the journal a draft for `finish`.
    id = randomUUID();
    const taking = counterTake(scope, ledger, req.journalDate);
    const [row] = rowsOf<{ created_at: Date | string; number: string | null; posted_at: Date | string | null }>(
      await executePrepared(tx, sql`with ${taking ? sql`taken as (${taking.upsert}), n as (select (select ${taking.number} from taken) as number)` : sql`n as (select null::text as number)`},
        h as (${headerInsert(scope, id, req, { baseCurrency: ledger.baseCurrency, periodId: period.id, totalBaseMinor: plan.totalBaseMinor })}),
        e as (${entries(id)}) select created_at, number, posted_at from h`),
    );
    createdAt = new Date(row!.created_at);
    if (row!.number !== null && row!.posted_at !== null) posted = { journalId: id, number: row!.number, totalBaseMinor: plan.totalBaseMinor, postedAt: new Date(row!.posted_at) };
  }
  const finish = async (): Promise<Posted> => posted ?? takeNumber(tx, scope, ledger, id, req.journalDate, plan.totalBaseMinor);
  const dimensions = plan.lines.map((l, i) => (i < req.lines.length ? storedDimensions(req.lines[i]!.dimensions ?? {}) : {}));
  return { journalId: id, totalBaseMinor: plan.totalBaseMinor, createdAt, period, ledger, lines: plan.lines, dimensions, accounts: facts.accounts, finish };
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

type HeaderFacts = { baseCurrency: string; periodId: string; totalBaseMinor: bigint };

/**
 * The journal header of a new entry, posted with the number of CTE `n` when it has one, else a
 * draft until `finish` numbers it.
 */
function headerInsert(scope: KitScope, id: string, req: EntryRequest, facts: HeaderFacts): SQL {
  return sql`insert into ${journals} (tenant_id, company_id, id, kind, status, number, posted_by, posted_at, journal_date, description, reference, source_module, source_id,
      reversal_of, intercompany_id, recurring_id, base_currency, period_id, total_base_minor, created_by)
    select ${scope.tenantId}::uuid, ${scope.companyId}::uuid, ${id}::uuid, ${req.kind}, case when n.number is null then 'Draft' else 'Posted' end, n.number,
      case when n.number is null then null else ${scope.userId}::uuid end, case when n.number is null then null else now() end,
      ${req.journalDate}::date, ${req.description}, ${req.reference ?? null}, ${req.sourceModule}, ${req.sourceId ?? null},
      ${req.reversalOf ?? null}::uuid, ${req.intercompanyId ?? null}::uuid, ${req.recurringId ?? null}::uuid, ${facts.baseCurrency}, ${facts.periodId}::uuid, ${facts.totalBaseMinor}, ${scope.userId}::uuid
    from n
    returning created_at, number, posted_at`;
}

/** One statement for the whole entry (unnest of column arrays): the balance trigger sees it whole. */
function entriesInsert(scope: KitScope, date: string, periodId: string, lines: PlannedLine[]): (journalId: string) => SQL {
  const col = (f: (l: PlannedLine, i: number) => string | number | bigint | null) => pgArray(lines.map(f));
  const rateText = (r: bigint) => `${r / 10n ** BigInt(RATE_SCALE)}.${(r % 10n ** BigInt(RATE_SCALE)).toString().padStart(RATE_SCALE, '0')}`;
  return (journalId) => sql`
    insert into ledger_entries (tenant_id, company_id, journal_id, line_no, entry_date, period_id, account_id, currency, rate,
      debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id, description, tax_id, generated)
    select ${scope.tenantId}::uuid, ${scope.companyId}::uuid, ${journalId}::uuid, u.line_no, ${date}::date, ${periodId}::uuid, u.account_id, u.currency, u.rate,
      u.debit, u.credit, u.base_debit, u.base_credit, u.dimension_set_id, u.description, u.tax_id, u.generated
    from unnest(
      ${col((_, i) => i + 1)}::int[], ${col((l) => l.accountId)}::uuid[], ${col((l) => l.currency)}::text[], ${col((l) => rateText(l.rate))}::numeric[],
      ${col((l) => l.debitMinor)}::bigint[], ${col((l) => l.creditMinor)}::bigint[],
      ${col((l) => l.baseDebitMinor)}::bigint[], ${col((l) => l.baseCreditMinor)}::bigint[],
      ${col((l) => l.dimensionSetId)}::uuid[], ${col((l) => l.description ?? null)}::text[], ${col((l) => l.taxId ?? null)}::uuid[], ${col((l) => l.generated)}::text[]
    ) as u(line_no, account_id, currency, rate, debit, credit, base_debit, base_credit, dimension_set_id, description, tax_id, generated)`;
}
