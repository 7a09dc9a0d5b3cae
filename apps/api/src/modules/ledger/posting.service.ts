import { eq, sql } from 'drizzle-orm';
import { RATE_SCALE, type JournalKind } from '@erp/contracts';
import { pgArray, type Tx } from '../../platform/db/client';
import { unprocessable } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import { journalLines, journals } from './journals.tables';
import { accountsById, companyLedger, controlOfModule, dimensionSetIds, EMPTY_DIMENSION_SET, openPeriodFor, ratesOn, storedDimensions, type AccountFacts, type CompanyLedger } from './posting-context';
import { planEntry, type PlannedLine } from './posting';
import { nextNumber } from './sequences.service';

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

export type Posted = { journalId: string; number: string; totalBaseMinor: bigint };
/**
 * A written entry still without its number: `finish` takes the number and marks it posted. It
 * carries what was written (lines, period, accounts, ledger) so a caller can answer without
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
async function checkLines(tx: Tx, scope: KitScope, req: EntryRequest, ledger: CompanyLedger): Promise<Map<string, AccountFacts>> {
  const { scales } = ledger;
  // The rounding and exchange accounts come in the same read: generated lines name them.
  const facts = await accountsById(tx, scope, [...new Set([...req.lines.map((l) => l.accountId), ledger.roundingAccountId, ledger.exchangeAccountId])]);
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
  return facts;
}

/**
 * The one posting function of the product (DESIGN.md principle 2): every module hands it a set of
 * lines; it checks the period, accounts, currencies and dimensions, converts and balances the
 * entry, writes the immutable ledger lines (the database re-checks balance and period and keeps
 * the balances), then takes the gapless number last to hold the sequence lock for the shortest time.
 * All in the caller's transaction. `journalId` posts an existing draft header instead of a new one.
 */
export async function postEntry(tx: Tx, scope: KitScope, req: EntryRequest, journalId?: string): Promise<Posted> {
  return (await stageEntry(tx, scope, req, journalId)).finish();
}

/**
 * The same in two steps, so a caller can do its remaining reads (the answer it sends back)
 * before the number is taken: the sequence row is then locked only for the number, the header
 * update and the commit, which is what bounds posting throughput per sequence.
 */
export async function stageEntry(tx: Tx, scope: KitScope, req: EntryRequest, journalId?: string, known?: CompanyLedger): Promise<Staged> {
  const ledger = known ?? (await companyLedger(tx, scope));
  const period = await openPeriodFor(tx, scope, req.kind, req.journalDate);
  const facts = await checkLines(tx, scope, req, ledger);
  const rates = await ratesOn(tx, ledger.baseCurrency, req.lines.filter((l) => l.rate === undefined).map((l) => l.currency), req.journalDate);
  const setIds = await dimensionSetIds(tx, scope, req.lines.map((l) => l.dimensions ?? {}));
  const lines = req.lines.map((l, i) => {
    const rate = l.currency === ledger.baseCurrency ? 10n ** BigInt(RATE_SCALE) : (l.rate ?? rates.get(l.currency));
    if (rate === undefined) throw fail(i + 1, `there is no ${l.currency} exchange rate on ${req.journalDate}`);
    return { ...l, rate, dimensionSetId: setIds[i]! };
  });
  const plan = planEntry(lines, { ...ledger, emptyDimensionSetId: EMPTY_DIMENSION_SET });
  if ('error' in plan) throw unprocessable(plan.error);

  const header = journalId
    ? { id: journalId, createdAt: null }
    : await insertHeader(tx, scope, req, { baseCurrency: ledger.baseCurrency, periodId: period.id, totalBaseMinor: plan.totalBaseMinor });
  const id = header.id;
  await insertEntries(tx, scope, id, req.journalDate, period.id, plan.lines);
  if (journalId) {
    await tx.delete(journalLines).where(eq(journalLines.journalId, journalId));
    await tx.update(journals).set({ periodId: period.id, totalBaseMinor: plan.totalBaseMinor }).where(eq(journals.id, id));
  }
  const finish = async (): Promise<Posted> => {
    const number = await nextNumber(tx, scope, ledger.journalSequenceId, req.journalDate);
    await tx
      .update(journals)
      .set({ status: 'Posted', number, postedBy: scope.userId, postedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(journals.id, id));
    return { journalId: id, number, totalBaseMinor: plan.totalBaseMinor };
  };
  const dimensions = plan.lines.map((l, i) => (i < req.lines.length ? storedDimensions(req.lines[i]!.dimensions ?? {}) : {}));
  return { journalId: id, totalBaseMinor: plan.totalBaseMinor, createdAt: header.createdAt, period, ledger, lines: plan.lines, dimensions, accounts: facts, finish };
}

type HeaderFacts = { baseCurrency: string; periodId: string; totalBaseMinor: bigint };

async function insertHeader(tx: Tx, scope: KitScope, req: EntryRequest, facts: HeaderFacts): Promise<{ id: string; createdAt: Date }> {
  const [row] = await tx
    .insert(journals)
    .values({
      tenantId: scope.tenantId,
      companyId: scope.companyId,
      kind: req.kind,
      status: 'Draft',
      journalDate: req.journalDate,
      description: req.description,
      reference: req.reference ?? null,
      sourceModule: req.sourceModule,
      sourceId: req.sourceId ?? null,
      reversalOf: req.reversalOf ?? null,
      intercompanyId: req.intercompanyId ?? null,
      recurringId: req.recurringId ?? null,
      baseCurrency: facts.baseCurrency,
      periodId: facts.periodId,
      totalBaseMinor: facts.totalBaseMinor,
      createdBy: scope.userId,
    })
    .returning({ id: journals.id, createdAt: journals.createdAt });
  return row!;
}

/** One statement for the whole entry (unnest of column arrays): the balance trigger sees it whole. */
async function insertEntries(tx: Tx, scope: KitScope, journalId: string, date: string, periodId: string, lines: PlannedLine[]): Promise<void> {
  const col = (f: (l: PlannedLine, i: number) => string | number | bigint | null) => pgArray(lines.map(f));
  const rateText = (r: bigint) => `${r / 10n ** BigInt(RATE_SCALE)}.${(r % 10n ** BigInt(RATE_SCALE)).toString().padStart(RATE_SCALE, '0')}`;
  await tx.execute(sql`
    insert into ledger_entries (tenant_id, company_id, journal_id, line_no, entry_date, period_id, account_id, currency, rate,
      debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id, description, tax_id, generated)
    select ${scope.tenantId}::uuid, ${scope.companyId}::uuid, ${journalId}::uuid, u.line_no, ${date}::date, ${periodId}::uuid, u.account_id, u.currency, u.rate,
      u.debit, u.credit, u.base_debit, u.base_credit, u.dimension_set_id, u.description, u.tax_id, u.generated
    from unnest(
      ${col((_, i) => i + 1)}::int[], ${col((l) => l.accountId)}::uuid[], ${col((l) => l.currency)}::text[], ${col((l) => rateText(l.rate))}::numeric[],
      ${col((l) => l.debitMinor)}::bigint[], ${col((l) => l.creditMinor)}::bigint[],
      ${col((l) => l.baseDebitMinor)}::bigint[], ${col((l) => l.baseCreditMinor)}::bigint[],
      ${col((l) => l.dimensionSetId)}::uuid[], ${col((l) => l.description ?? null)}::text[], ${col((l) => l.taxId ?? null)}::uuid[], ${col((l) => l.generated)}::text[]
    ) as u(line_no, account_id, currency, rate, debit, credit, base_debit, base_credit, dimension_set_id, description, tax_id, generated)`);
}
