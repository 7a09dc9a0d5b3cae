import { and, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invertRate, parseRate, periodTypeOfKind, type JournalKind } from '@erp/contracts';
import { executePrepared, pgArray, rowsOf, type Tx } from '../../../platform/db/client';
import { perTick, type Answer } from '../../../platform/db/per-tick';
import { unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { companies, currencies } from '../../organisation/index';
import { companySettings, accountingPeriods, numberSegments, numberSequences } from '../periods/periods.tables';
import type { Segment } from '../setup/sequences';
import { accounts, dimensionGroups, dimensions, exchangeRates, taxes } from '../setup/setup.tables';
import { dimensionSets } from '../journals/journals.tables';

export const EMPTY_DIMENSION_SET = '00000000-0000-0000-0000-000000000000';
const RATE_ONE = parseRate('1');

export type CompanyLedger = {
  baseCurrency: string;
  scales: Record<string, number>;
  roundingAccountId: string;
  exchangeAccountId: string;
  journalSequenceId: string;
  /** The journal sequence as numbering needs it (read with the rest, so taking a number is one statement). */
  journalSequence: JournalSequenceFacts | null;
};

export type JournalSequenceFacts = { code: string; active: boolean; resetEvery: 'Never' | 'Year' | 'Period'; companyCode: string; segments: Segment[] };

type LedgerRow = {
  base: string; rounding: string | null; exchange: string | null; sequence: string | null; scales: Record<string, number> | null;
  seq: Omit<JournalSequenceFacts, 'companyCode'> | null; company_code: string;
};

/**
 * The columns of companyLedger, for a statement over `companies c left join company_settings s`
 * (built per call: the tables come from modules that may still be loading when this one loads).
 */
const ledgerColumns = () => sql`c.base_currency as base, c.code as company_code, s.rounding_account as rounding, s.exchange_account as exchange, s.journal_sequence as sequence,
  (select json_object_agg(cur.code, cur.minor_unit) from ${currencies} cur where cur.status = 'Active') as scales,
  (select json_build_object('code', q.code, 'active', q.active, 'resetEvery', q.reset_every, 'segments',
      (select coalesce(json_agg(json_build_object('position', g.position, 'type', g.type, 'value', g.value, 'width', g.width) order by g.position), '[]'::json)
       from ${numberSegments} g where g.number_sequence = q.id))
   from ${numberSequences} q where q.id = s.journal_sequence and q.company_id = c.company_id) as seq`;
const ledgerFrom = (scope: KitScope) =>
  sql`from ${companies} c left join ${companySettings} s on s.tenant_id = c.tenant_id and s.company_id = c.company_id where c.company_id = ${scope.companyId}`;

function ledgerOf(row: LedgerRow | undefined): CompanyLedger {
  if (!row?.rounding || !row.exchange || !row.sequence) {
    throw unprocessable('The company configuration lacks its rounding account, currency exchange account or journal sequence');
  }
  return {
    baseCurrency: row.base, scales: row.scales ?? {}, roundingAccountId: row.rounding, exchangeAccountId: row.exchange, journalSequenceId: row.sequence,
    journalSequence: row.seq ? { ...row.seq, companyCode: row.company_code } : null,
  };
}

/**
 * What every posting of a company needs: its base currency, currency scales, default accounts,
 * sequence. One statement (it runs on every posting and every journal read).
 */
export async function companyLedger(tx: Tx, scope: KitScope): Promise<CompanyLedger> {
  const [row] = rowsOf<LedgerRow>(await tx.execute(sql`select ${ledgerColumns()} ${ledgerFrom(scope)}`));
  return ledgerOf(row);
}

type PeriodRow = { id: string; name: string; status: string };

/** The period a journal of this kind posts into on its date, or why it cannot (no period, not Open). */
function openPeriodOf(period: PeriodRow | null | undefined, type: PeriodType, date: string): { id: string; name: string } {
  if (!period) throw unprocessable(`There is no ${type.toLowerCase()} period on ${date}: define the fiscal year and its periods`);
  if (period.status !== 'Open') throw unprocessable(`Period ${period.name} is ${period.status.toLowerCase()}: it takes no posting`);
  return { id: period.id, name: period.name };
}

/**
 * The facts a posting reads before it writes, in one statement: the company ledger, the period of
 * the journal's kind on its date, and the accounts of the lines (with the rounding and exchange
 * accounts, which generated lines name). Errors are raised in the order of the separate reads:
 * the ledger's now, the period's by `period()`, the accounts' by the line checks.
 */
export type PostingFacts = { ledger: CompanyLedger; period: () => { id: string; name: string }; accounts: Map<string, AccountFacts>; taxes: Map<string, TaxCodeFacts> };

/** A tax code as a posting checks it (the lines' tax codes, read with the other facts). */
export type TaxCodeFacts = { id: string; code: string; active: boolean };

/**
 * A condition that refuses the posting (a boolean SQL expression, e.g. the approval gate of a
 * direct post), read in the same statement and checked before anything else.
 */
export type PostingGate = { refuseWhen: SQL; refusal: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `periodType`: the type of period to post into when not the kind's own (a year's closing entry without an adjustment period);
 * `taxIds`: the tax codes the lines name (the posting checks them: read here, no statement of their own).
 */
export function postingFacts(tx: Tx, scope: KitScope, kind: JournalKind, date: string, accountIds: string[], gate?: PostingGate, periodType?: PeriodType, taxIds: string[] = []): Promise<PostingFacts> {
  // Calls in one transaction that ask in the same tick (the calls of a group commit) are read
  // together: same company, same gate (a gate is a company-level condition, known by its refusal).
  return factsPerTick(tx, `${scope.companyId}\n${gate?.refusal ?? ''}`, { scope, gate, kind, date, accountIds, taxIds, type: periodType ?? periodTypeOfKind[kind] });
}

export type PeriodType = (typeof periodTypeOfKind)[JournalKind];
type FactsWanted = { scope: KitScope; gate: PostingGate | undefined; kind: JournalKind; date: string; accountIds: string[]; taxIds: string[]; type: PeriodType };
const factsPerTick = perTick(readFacts);

/** One statement for the facts of several postings of a company: the periods per posting, the accounts of all. */
async function readFacts(tx: Tx, wanted: FactsWanted[]): Promise<Answer<PostingFacts>[]> {
  const { scope, gate } = wanted[0]!;
  const ids = [...new Set(wanted.flatMap((w) => w.accountIds))].filter((id) => UUID.test(id));
  const taxIds = [...new Set(wanted.flatMap((w) => w.taxIds))].filter((id) => UUID.test(id));
  const [row] = rowsOf<LedgerRow & { refused: boolean; taxes: TaxCodeFacts[]; periods: (PeriodRow | null)[]; accounts: (Omit<AccountFacts, 'allowedCurrencies' | 'requiredDimensions'> & { allowedCurrencies: string[] | null; requiredDimensions: string[] | null })[] }>(
    await executePrepared(tx, sql`
      select ${ledgerColumns()}, ${gate?.refuseWhen ?? sql`false`} as refused,
        (select json_agg((select json_build_object('id', p.id, 'name', p.name, 'status', p.status) from ${accountingPeriods} p
            where p.company_id = c.company_id and p.type = w.type and p.start_date <= w.date and p.end_date >= w.date limit 1) order by w.i)
          from unnest(${pgArray(wanted.map((w) => w.type))}::text[], ${pgArray(wanted.map((w) => w.date))}::date[]) with ordinality as w(type, date, i)) as periods,
        (select coalesce(json_agg(json_build_object('id', a.id, 'code', a.code, 'name', a.name, 'kind', a.kind, 'active', a.active, 'controlType', a.control_type,
            'allowedCurrencies', a.allowed_currencies, 'requiredDimensions', a.required_dimensions)), '[]'::json)
          from ${accounts} a where a.id = any(${pgArray(ids)}::uuid[] || array[s.rounding_account, s.exchange_account]) and a.company_id = c.company_id) as accounts,
        (select coalesce(json_agg(json_build_object('id', x.id, 'code', x.code, 'active', x.active)), '[]'::json)
          from ${taxes} x where x.id = any(${pgArray(taxIds)}::uuid[]) and x.company_id = c.company_id) as taxes
      ${ledgerFrom(scope)}`),
  );
  const found = new Map((row?.accounts ?? []).map((a) => [a.id, { ...a, allowedCurrencies: a.allowedCurrencies ?? [], requiredDimensions: a.requiredDimensions ?? [] }]));
  const taxFound = new Map((row?.taxes ?? []).map((t) => [t.id, t]));
  return wanted.map((w, i) => {
    try {
      if (gate && row?.refused) throw unprocessable(gate.refusal);
      return { value: { ledger: ledgerOf(row), period: () => openPeriodOf(row!.periods[i], w.type, w.date), accounts: found, taxes: taxFound } };
    } catch (error) {
      return { error };
    }
  });
}

export type AccountFacts = { id: string; code: string; name: string; kind: string; active: boolean; controlType: string; allowedCurrencies: string[]; requiredDimensions: string[] };

export async function accountsById(tx: Tx, scope: KitScope, ids: string[]): Promise<Map<string, AccountFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: accounts.id, code: accounts.code, name: accounts.name, kind: accounts.kind, active: accounts.active, controlType: accounts.controlType, allowedCurrencies: accounts.allowedCurrencies, requiredDimensions: accounts.requiredDimensions })
    .from(accounts)
    .where(and(inArray(accounts.id, ids), eq(accounts.companyId, scope.companyId)));
  return new Map(rows.map((r) => [r.id, { ...r, allowedCurrencies: r.allowedCurrencies ?? [], requiredDimensions: r.requiredDimensions ?? [] }]));
}


/**
 * The spot rate to base on a date: the latest rate effective on or before it, quoted
 * currency -> base, else the inverse of a base -> currency quote.
 */
export async function ratesOn(tx: Tx, baseCurrency: string, codes: string[], date: string): Promise<Map<string, bigint>> {
  const wanted = [...new Set(codes.filter((c) => c !== baseCurrency))];
  const out = new Map<string, bigint>([[baseCurrency, RATE_ONE]]);
  if (wanted.length === 0) return out;
  const from = alias(currencies, 'from_currency');
  const to = alias(currencies, 'to_currency');
  const rows = await tx
    .select({ from: from.code, to: to.code, rate: exchangeRates.rate })
    .from(exchangeRates)
    .innerJoin(from, eq(from.id, exchangeRates.fromCurrency))
    .innerJoin(to, eq(to.id, exchangeRates.toCurrency))
    .where(and(eq(exchangeRates.rateType, 'Spot'), lte(exchangeRates.effectiveDate, date), or(and(inArray(from.code, wanted), eq(to.code, baseCurrency)), and(inArray(to.code, wanted), eq(from.code, baseCurrency)))))
    .orderBy(desc(exchangeRates.effectiveDate));
  for (const code of wanted) {
    const direct = rows.find((r) => r.from === code && r.to === baseCurrency);
    const inverse = rows.find((r) => r.from === baseCurrency && r.to === code);
    if (direct) out.set(code, parseRate(direct.rate));
    else if (inverse) out.set(code, invertRate(parseRate(inverse.rate)));
  }
  return out;
}

/**
 * Dimension values of the lines as set ids: every group and code must exist and be active; each
 * distinct set is stored once per company (upsert on its key).
 */
const keyOf = (d: Record<string, string>) => Object.keys(d).sort().map((g) => `${g}=${d[g]}`).join(';');
const dimensionsOfKey = (setKey: string): Record<string, string> => Object.fromEntries(setKey.split(';').map((p) => p.split('=') as [string, string]));

/** Dimension values as their dimension set stores them (groups in order), {} for none. */
export function storedDimensions(d: Record<string, string>): Record<string, string> {
  const key = keyOf(d);
  return key ? dimensionsOfKey(key) : {};
}

export async function dimensionSetIds(tx: Tx, scope: KitScope, sets: Record<string, string>[]): Promise<string[]> {
  const keys = sets.map(keyOf);
  const distinct = [...new Set(keys.filter(Boolean))];
  if (distinct.length === 0) return keys.map(() => EMPTY_DIMENSION_SET);
  const pairs = [...new Set(sets.flatMap((d) => Object.entries(d).map(([g, c]) => `${g}=${c}`)))];
  const known = await tx
    .select({ group: dimensionGroups.code, code: dimensions.code })
    .from(dimensions)
    .innerJoin(dimensionGroups, eq(dimensionGroups.id, dimensions.dimensionGroup))
    .where(and(eq(dimensions.companyId, scope.companyId), eq(dimensions.active, true), eq(dimensionGroups.active, true)));
  const knownSet = new Set(known.map((k) => `${k.group}=${k.code}`));
  const unknown = pairs.find((p) => !knownSet.has(p));
  if (unknown) throw unprocessable(`Unknown or inactive dimension ${unknown.replace('=', ' ')}`);
  await tx
    .insert(dimensionSets)
    .values(distinct.map((setKey) => ({ tenantId: scope.tenantId, companyId: scope.companyId, setKey, dimensions: dimensionsOfKey(setKey) })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: dimensionSets.id, key: dimensionSets.setKey }).from(dimensionSets).where(and(eq(dimensionSets.companyId, scope.companyId), inArray(dimensionSets.setKey, distinct)));
  const idOf = new Map(rows.map((r) => [r.key, r.id]));
  return keys.map((k) => (k ? idOf.get(k)! : EMPTY_DIMENSION_SET));
}

