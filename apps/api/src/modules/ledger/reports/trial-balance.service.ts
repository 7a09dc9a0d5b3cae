import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dateSchema, formatMoney } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { rowsOf } from '../../../platform/db/client';
import { badRequest, notFound } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { accountBalances, accountDayBalances, dimensionSets, journals, ledgerEntries } from '../journals/journals.tables';
import { accountingPeriods } from '../periods/periods.tables';
import { accountClasses, accountGroups, accounts } from '../setup/setup.tables';
import { companyLedger } from '../posting/posting-context';

export type TrialBalanceQuery = {
  from: string;
  to: string;
  /** Amounts in one transaction currency instead of base. */
  currency?: string;
  /** Only balances carrying this dimension value: `GROUP=CODE`. */
  dimension?: string;
  fromAccount?: string;
  toAccount?: string;
  includeZero?: boolean;
};

export type TrialBalanceRow = {
  account: string; code: string; name: string; classCode: string; className: string; groupCode: string; groupName: string;
  opening: string; debit: string; credit: string; closing: string;
};

/**
 * The trial balance of a date range, exact to the day, read from account_balances: opening (all
 * before `from`), debit and credit (in the range), closing, per account, with subtotals per class
 * and group and totals that net to zero. Periods wholly before or inside the range come from the
 * maintained period balances; a period the range starts or ends inside (at most two) from its
 * maintained day balances up to `to`: the cost is that of the balances, however long the ledger.
 */
export async function trialBalance(tx: Tx, scope: KitScope, q: TrialBalanceQuery) {
  if (q.to < q.from) throw badRequest('The range ends before it starts');
  const ledger = await companyLedger(tx, scope);
  const currency = q.currency ?? ledger.baseCurrency;
  const scale = ledger.scales[currency];
  if (scale === undefined) throw notFound(`Currency ${currency}`);
  const inBase = !q.currency;
  const rows = await rangeAmounts(tx, scope, q, inBase);
  const totals = new Map(rows.map((r) => [r.account, { opening: BigInt(r.opening), debit: BigInt(r.debit), credit: BigInt(r.credit) }]));
  const chart = await tx
    .select({ id: accounts.id, code: accounts.code, name: accounts.name, groupCode: accountGroups.code, groupName: accountGroups.name, classCode: accountClasses.code, className: accountClasses.name, classOrder: accountClasses.order })
    .from(accounts)
    .innerJoin(accountGroups, eq(accountGroups.id, accounts.accountGroup))
    .innerJoin(accountClasses, eq(accountClasses.id, accountGroups.accountClass))
    .where(and(eq(accounts.companyId, scope.companyId), eq(accounts.kind, 'Posting'), q.fromAccount ? gte(accounts.code, q.fromAccount) : undefined, q.toAccount ? lte(accounts.code, q.toAccount) : undefined))
    .orderBy(asc(accountClasses.order), asc(accountGroups.code), asc(accounts.code));
  const money = (v: bigint) => formatMoney(v, scale);
  const zero = { opening: 0n, debit: 0n, credit: 0n };
  const lines = chart
    .map((a) => ({ a, t: totals.get(a.id) ?? zero }))
    .filter(({ t }) => q.includeZero || t.opening !== 0n || t.debit !== 0n || t.credit !== 0n);
  const sum = (xs: typeof lines) => xs.reduce((s, { t }) => ({ opening: s.opening + t.opening, debit: s.debit + t.debit, credit: s.credit + t.credit }), zero);
  const view = (t: typeof zero) => ({ opening: money(t.opening), debit: money(t.debit), credit: money(t.credit), closing: money(t.opening + t.debit - t.credit) });
  const groupsOf = (key: 'classCode' | 'groupCode', name: 'className' | 'groupName') =>
    [...new Set(lines.map(({ a }) => a[key]))].map((code) => {
      const members = lines.filter(({ a }) => a[key] === code);
      return { code, name: members[0]!.a[name], ...view(sum(members)) };
    });
  const all = sum(lines);
  return {
    currency,
    from: q.from,
    to: q.to,
    rows: lines.map(({ a, t }): TrialBalanceRow => ({ account: a.id, code: a.code, name: a.name, classCode: a.classCode, className: a.className, groupCode: a.groupCode, groupName: a.groupName, ...view(t) })),
    classes: groupsOf('classCode', 'className'),
    groups: groupsOf('groupCode', 'groupName'),
    totals: view(all),
    /** In base currency the closing balances of a trial balance net to zero. */
    balanced: !inBase || all.opening + all.debit - all.credit === 0n,
  };
}

/** Opening, debit and credit per account of a range, in base or in the filter's transaction currency (minor units as text). */
async function rangeAmounts(tx: Tx, scope: KitScope, q: TrialBalanceQuery, inBase: boolean) {
  const d = sql.raw(inBase ? 'base_debit_minor' : 'debit_minor');
  const c = sql.raw(inBase ? 'base_credit_minor' : 'credit_minor');
  // The filters, on period and day balances alike (both have currency and dimension_set_id, aliased x).
  let inDimension: SQL = sql`true`;
  if (q.dimension) {
    const [group, code] = q.dimension.split('=');
    if (!group || !code) throw badRequest('dimension must look like GROUP=CODE');
    inDimension = sql`x.dimension_set_id in (select ${dimensionSets.id} from ${dimensionSets} where ${dimensionSets.companyId} = ${scope.companyId} and ${dimensionSets.dimensions} @> ${JSON.stringify({ [group]: code })}::jsonb)`;
  }
  const inCurrency = q.currency ? sql`x.currency = ${q.currency}` : sql`true`;
  return rowsOf<{ account: string; opening: string; debit: string; credit: string }>(
    await tx.execute(sql`
      with p as (
        select id, case when end_date < ${q.from}::date then 'before' when start_date >= ${q.from}::date and end_date <= ${q.to}::date then 'inside' else 'straddles' end as part
        from ${accountingPeriods} where company_id = ${scope.companyId} and start_date <= ${q.to}::date
      ), amounts as (
        select x.account_id, sum(x.${d} - x.${c}) filter (where p.part = 'before') as opening,
          sum(x.${d}) filter (where p.part = 'inside') as debit, sum(x.${c}) filter (where p.part = 'inside') as credit
        from ${accountBalances} x join p on p.id = x.period_id
        where x.company_id = ${scope.companyId} and p.part <> 'straddles' and ${inCurrency} and ${inDimension}
        group by x.account_id
        union all
        select x.account_id, sum(x.${d} - x.${c}) filter (where x.entry_date < ${q.from}::date) as opening,
          sum(x.${d}) filter (where x.entry_date >= ${q.from}::date) as debit, sum(x.${c}) filter (where x.entry_date >= ${q.from}::date) as credit
        from ${accountDayBalances} x join p on p.id = x.period_id
        where x.company_id = ${scope.companyId} and p.part = 'straddles' and x.entry_date <= ${q.to}::date and ${inCurrency} and ${inDimension}
        group by x.account_id
      )
      select account_id as account, coalesce(sum(opening), 0)::text as opening, coalesce(sum(debit), 0)::text as debit, coalesce(sum(credit), 0)::text as credit
      from amounts group by account_id`),
  );
}

type Cursor = { d: string; j: string; l: number; b: string };
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.d !== 'string' || typeof c.j !== 'string' || typeof c.l !== 'number' || typeof c.b !== 'string') throw new Error('shape');
    // The cursor comes back from the client: its values reach SQL, so they are checked as input is.
    if (!dateSchema().safeParse(c.d).success || !z.uuid().safeParse(c.j).success || !Number.isSafeInteger(c.l)) throw new Error('values');
    BigInt(c.b);
    return c;
  } catch {
    throw badRequest('cursor is not valid');
  }
}

/**
 * The lines of one account over a date range with the opening balance and a running balance,
 * paged by keyset on (date, journal, line): the cursor carries the running balance, so a page
 * costs the same at the start and the end of a long history.
 */
/** Before any accounting period: a range from here holds every posted entry up to its end. */
const BEFORE_ANY_PERIOD = '0001-01-01';

/**
 * Each posting account's balance in base currency at the end of a day (every posted entry up to
 * it), read as the trial balance reads them: from the maintained period and day balances.
 */
export async function chartBalances(tx: Tx, scope: KitScope, asOf: string) {
  const tb = await trialBalance(tx, scope, { from: BEFORE_ANY_PERIOD, to: asOf });
  return { currency: tb.currency, asOf, balances: tb.rows.map((r) => ({ account: r.account, balance: r.closing })) };
}

export async function transactionHistory(tx: Tx, scope: KitScope, accountId: string, q: { from: string; to: string; limit: number; cursor?: string }) {
  const [account] = await tx.select({ id: accounts.id, code: accounts.code, name: accounts.name }).from(accounts).where(and(eq(accounts.id, accountId), eq(accounts.companyId, scope.companyId)));
  if (!account) throw notFound('Account');
  const ledger = await companyLedger(tx, scope);
  const money = (v: bigint) => formatMoney(v, ledger.scales[ledger.baseCurrency] ?? 2);
  let running: bigint;
  let after: SQL | undefined;
  if (q.cursor) {
    const c = decode(q.cursor);
    running = BigInt(c.b);
    // A row comparison, not its expansion into OR terms: it is the start of the index range
    // (account, date, journal, line), so a page deep in the month reads only its own rows.
    after = sql`(${ledgerEntries.entryDate}, ${ledgerEntries.journalId}, ${ledgerEntries.lineNo}) > (${c.d}::date, ${c.j}::uuid, ${c.l}::int)`;
  } else {
    running = await openingBalance(tx, scope, accountId, q.from);
  }
  const opening = q.cursor ? undefined : running;
  const rows = await tx
    .select({ e: ledgerEntries, number: journals.number, journalDescription: journals.description })
    .from(ledgerEntries)
    .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
    .where(and(eq(ledgerEntries.companyId, scope.companyId), eq(ledgerEntries.accountId, accountId), gte(ledgerEntries.entryDate, q.from), lte(ledgerEntries.entryDate, q.to), after))
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.journalId), asc(ledgerEntries.lineNo))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit).map(({ e, number, journalDescription }) => {
    running += e.baseDebitMinor - e.baseCreditMinor;
    return {
      journal: e.journalId, number, lineNo: e.lineNo, date: e.entryDate, description: e.description ?? journalDescription, currency: e.currency,
      debit: money(e.baseDebitMinor), credit: money(e.baseCreditMinor), balance: money(running), cursor: { d: e.entryDate, j: e.journalId, l: e.lineNo, b: running.toString() },
    };
  });
  const last = page.at(-1);
  return {
    account: { id: account.id, code: account.code, name: account.name },
    currency: ledger.baseCurrency,
    opening: opening === undefined ? undefined : money(opening),
    items: page.map(({ cursor: _c, ...rest }) => rest),
    nextCursor: rows.length > q.limit && last ? encode(last.cursor) : undefined,
  };
}

/**
 * Base balance of an account from every line dated before `from`: whole periods that end before
 * it from the period balances, and the days before `from` of the period that straddles it from
 * the day balances.
 */
async function openingBalance(tx: Tx, scope: KitScope, accountId: string, from: string): Promise<bigint> {
  const [row] = rowsOf<{ v: string | null }>(
    await tx.execute(sql`
      select (coalesce((select sum(b.base_debit_minor - b.base_credit_minor) from ${accountBalances} b join ${accountingPeriods} p on p.id = b.period_id
          where b.company_id = ${scope.companyId} and b.account_id = ${accountId} and p.end_date < ${from}::date), 0)
        + coalesce((select sum(b.base_debit_minor - b.base_credit_minor) from ${accountDayBalances} b join ${accountingPeriods} p on p.id = b.period_id
          where b.company_id = ${scope.companyId} and b.account_id = ${accountId} and p.start_date < ${from}::date and p.end_date >= ${from}::date and b.entry_date < ${from}::date), 0))::text as v`),
  );
  return BigInt(row?.v ?? '0');
}
