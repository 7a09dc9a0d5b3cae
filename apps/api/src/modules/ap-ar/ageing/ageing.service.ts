import { sql, type SQL } from 'drizzle-orm';
import {
  ageingBucketLabels,
  DEFAULT_AGEING_BOUNDS,
  formatMoney,
  type AgeingItemsPage,
  type AgeingItemsQuery,
  type AgeingQuery,
  type AgeingReport,
  type Face,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { faceTables } from '../parties.tables';
import { currencyFacts } from '../invoices/invoice-facts';
import { invoices } from '../invoices/invoices.tables';
import { payments } from '../payments/payments.tables';
import { partyRevaluationLines, partyRevaluations } from '../revaluation/revaluation.tables';
import { ageingStates, ageingSums } from './ageing.tables';

/*
 * Ageing as of a day, read from what the database keeps at commit (`ageing.tables.ts`, migration 0049),
 * never from today's `remaining_minor`. Each line (an open item, or a posted payment's amount on account)
 * is kept as the dated intervals over which it is not zero, computed by `ageing_line_states` from what was
 * dated by each day:
 * - an open item counts from its document's `posting_date` (the entry's date): its amount less the
 *   credit notes posted by then (`invoice_credits`, an invoice's credits taken off its items earliest due
 *   first, as the credit note's posting takes them; a credit note's item less what it applied to its
 *   invoice) less the allocations in force that day: made by an entry dated on or before it, neither
 *   un-allocated (`undone_journal_id`) nor reversed (the entry's `reversed_by`) by an entry dated on or
 *   before it;
 * - a payment posted by then and not reversed by then keeps on account its amount less the cash of
 *   its allocations in force that day (a credit note's item gives cash: it adds) and less what refunds
 *   in force that day returned of it (their lines naming it, `source_payment_id`); a refund itself keeps
 *   nothing on account (it returns exactly its credits: its credit notes' lines are allocations above);
 * - in base: an item's credited balance at its document's base share (`total_base × amount /
 *   total_gross`, rounded once) less its allocations' `control_base_minor` (the base the payment
 *   posted on the control account); on account exactly what the payment's entries dated by then put on
 *   its 'on account' line, each converted at the payment's rate and rounded half away from zero as
 *   posting's convert() does (its own entry on its amount less what it allocated at once, each later
 *   allocation or un-allocation entry on the cash it moved), less each refund line in force returning
 *   part of it at the same rate.
 * The report sums `ageing_sums` (those intervals per party, currency, document date, due date and day of
 * change) over the days on or before the day; the drill-down reads a party's intervals that hold the day.
 * An unrealised revaluation in force that day (revaluation.service.ts) is read as it is: a base-only line
 * of the party. Signed as owed (payables: to the vendor; receivables: by the customer), so a receivables
 * total in base equals the control accounts' debit balance on that day and a payables total their credit
 * balance, in the company's base currency (`test/ap-ar/ageing.test.ts`).
 */

type Filter = { asOf: string; group?: string | undefined; currency?: string | undefined; party?: string | undefined };

/**
 * The filters of the query on a table's party and currency columns. `who` filters by party and group;
 * `party` by the party alone, `group` by the group (for few rows: a party's, or the report's cells once
 * summed, never the sums' rows, which a nested loop over the group's parties would multiply).
 */
function filtersOf(scope: KitScope, face: Face, f: Filter) {
  const partyTable = faceTables[face.side].party;
  const party = (col: SQL): SQL => (f.party ? sql` and ${col} = ${f.party}::uuid` : sql``);
  // The group's parties read once (an array), never a join per row.
  const group = (col: SQL): SQL => (f.group
    ? sql` and ${col} = any(array(select q.id from ${partyTable} q where q.tenant_id = ${scope.tenantId}::uuid and q.company_id = ${scope.companyId}::uuid and q.party_group = ${f.group}::uuid))`
    : sql``);
  // With a party, its group is checked once (a party's lines are many).
  const partyGroup = (col: SQL): SQL => (f.group && f.party
    ? sql` and (select q.party_group from ${partyTable} q where q.tenant_id = ${scope.tenantId}::uuid and q.id = ${f.party}::uuid) = ${f.group}::uuid`
    : group(col));
  const who = (col: SQL): SQL => sql.join([party(col), partyGroup(col)], sql``);
  const cur = (col: SQL): SQL => (f.currency ? sql` and ${col} = ${f.currency}` : sql``);
  return { who, party, group, cur };
}

/** The bucket of days past due (or past the document date): 0 for current, then 1 + the bounds under the days. */
function bucketOf(bounds: readonly number[], days: SQL): SQL {
  const boundsArr = sql`${`{${bounds.join(',')}}`}::int[]`;
  // width_bucket counts the bounds at or under days - 1.
  return sql`case when ${days} <= 0 then 0 else 1 + width_bucket(${days} - 1, ${boundsArr}) end`;
}

/** An unrealised revaluation in force that day (made on or before it, reversed after it): base-only lines (party, currency, date, base). */
function revaluationLines(scope: KitScope, face: Face, f: Filter): SQL {
  const { who, cur } = filtersOf(scope, face, f);
  const d = sql`${f.asOf}::date`;
  return sql`select r.id, l.party_id, l.currency, r.revaluation_date as day, ${face.side === 'receivables' ? sql`l.difference_minor` : sql`-l.difference_minor`} as brem
    from ${partyRevaluationLines} l join ${partyRevaluations} r on r.tenant_id = l.tenant_id and r.id = l.revaluation_id
    where r.tenant_id = ${scope.tenantId}::uuid and r.company_id = ${scope.companyId}::uuid and r.side = ${face.side} and r.revaluation_date <= ${d} and r.reversal_date > ${d}
      and l.difference_minor <> 0${who(sql`l.party_id`)}${cur(sql`l.currency`)}`;
}

/**
 * The cells of the report: per party, currency and bucket, the remaining, base and number of lines that
 * are not zero, from the sums of the days on or before the day (a range of ageing_sums' key).
 */
function cellsOf(scope: KitScope, face: Face, f: Filter, bounds: readonly number[], dueBasis: boolean): SQL {
  const { party, group, cur } = filtersOf(scope, face, f);
  const d = sql`${f.asOf}::date`;
  return sql`
    summed as materialized (
      select party_id, currency, ${bucketOf(bounds, sql`days`)} as bucket, sum(rem) as rem, sum(brem) as brem, sum(n) as n from (
        select s.party_id, s.currency, ${d} - ${dueBasis ? sql`s.due_date` : sql`s.document_date`} as days, s.remaining_minor as rem, s.base_minor as brem, s.lines as n
        from ${ageingSums} s
        where s.tenant_id = ${scope.tenantId}::uuid and s.company_id = ${scope.companyId}::uuid and s.side = ${face.side} and s.day <= ${d}${party(sql`s.party_id`)}${cur(sql`s.currency`)}
        union all
        select v.party_id, v.currency, ${d} - v.day, 0, v.brem, 1 from (${revaluationLines(scope, face, f)}) v
      ) x group by 1, 2, 3 having sum(n) > 0
    ), cells as (
      select * from summed where true${group(sql`summed.party_id`)}
    )`;
}

/** A party's lines as they stood at the end of `asOf` (the intervals that hold the day): kind, id, document, party, currency, dates, days, bucket, amount, remaining, base remaining. */
function linesOf(scope: KitScope, face: Face, f: Filter, bounds: readonly number[], dueBasis: boolean): SQL {
  const { who, cur } = filtersOf(scope, face, f);
  const d = sql`${f.asOf}::date`;
  return sql`
    raw as (
      select s.line_kind as kind, s.line_id as id, s.document_id as document, s.party_id, s.currency, s.document_date, s.due_date, s.amount_minor as amount,
        s.remaining_minor as rem, s.base_minor as brem
      from ${ageingStates} s
      where s.tenant_id = ${scope.tenantId}::uuid and s.company_id = ${scope.companyId}::uuid and s.side = ${face.side}${who(sql`s.party_id`)}${cur(sql`s.currency`)}
        and s.from_date <= ${d} and (s.to_date is null or s.to_date > ${d})
      union all
      select 'Revaluation', v.id, v.id, v.party_id, v.currency, v.day, v.day, 0, 0, v.brem from (${revaluationLines(scope, face, f)}) v
    ), aged as (
      select raw.*, x.days, ${bucketOf(bounds, sql`x.days`)} as bucket
      from raw cross join lateral (select ${d} - case when ${dueBasis} then raw.due_date else raw.document_date end as days) x
    )`;
}

type AggRow = { n: number; cur: { currency: string; bucket: number; rem: string; brem: string }[]; page: { party: string; code: string; name: string; currency: string; b: { bucket: number; rem: string; brem: string }[] }[] };

/** Each party's ageing per currency (a page, by party code), each currency's totals and the base totals of the whole filter, in one statement. */
export async function ageingReport(tx: Tx, scope: KitScope, face: Face, q: AgeingQuery): Promise<AgeingReport> {
  const { baseCurrency, scales } = await currencyFacts(tx, scope);
  const bounds = q.buckets ?? DEFAULT_AGEING_BOUNDS;
  const labels = ageingBucketLabels(bounds);
  const party = faceTables[face.side].party;
  const [r] = rowsOf<AggRow>(
    await tx.execute(sql`with ${cellsOf(scope, face, q, bounds, q.basis === 'DueDate')},
      agg as (select party_id, currency, bucket, rem, brem from cells),
      pc as (select party_id, currency, json_agg(json_build_object('bucket', bucket, 'rem', rem::text, 'brem', brem::text)) as b from agg group by 1, 2)
      select (select count(*)::int from pc) as n,
        (select coalesce(json_agg(x), '[]') from (select currency, bucket, sum(rem)::text as rem, sum(brem)::text as brem from agg group by 1, 2) x) as cur,
        (select coalesce(json_agg(y order by y.code, y.currency), '[]') from (
          -- Each party's code by its key, one probe per row (a join without statistics may scan the company's parties per row).
          select p.party_id as party, coalesce(p.code, '?') as code, coalesce((select q.name from ${party} q where q.tenant_id = ${scope.tenantId}::uuid and q.id = p.party_id), '') as name, p.currency, p.b
          from (select pc.*, (select q.code from ${party} q where q.tenant_id = ${scope.tenantId}::uuid and q.id = pc.party_id) as code from pc) p
          order by p.code, p.currency limit ${q.limit} offset ${(q.page - 1) * q.limit}) y) as page`),
  );
  const n = labels.length;
  const baseScale = scales[baseCurrency] ?? 2;
  const spread = (cells: { bucket: number; rem: string; brem: string }[]) => {
    const rem = Array.from({ length: n }, () => 0n);
    const brem = Array.from({ length: n }, () => 0n);
    for (const c of cells) {
      rem[c.bucket] = rem[c.bucket]! + BigInt(c.rem);
      brem[c.bucket] = brem[c.bucket]! + BigInt(c.brem);
    }
    return { rem, brem, total: rem.reduce((s, v) => s + v, 0n), baseTotal: brem.reduce((s, v) => s + v, 0n) };
  };
  const money = (v: bigint, scale: number) => formatMoney(v, scale);
  const view = (currency: string, cells: { bucket: number; rem: string; brem: string }[]) => {
    const s = spread(cells);
    const scale = scales[currency] ?? 2;
    return { currency, buckets: s.rem.map((v) => money(v, scale)), total: money(s.total, scale), baseBuckets: s.brem.map((v) => money(v, baseScale)), baseTotal: money(s.baseTotal, baseScale) };
  };
  const byCurrency = new Map<string, AggRow['cur']>();
  for (const c of r?.cur ?? []) byCurrency.set(c.currency, [...(byCurrency.get(c.currency) ?? []), c]);
  const all = spread(r?.cur ?? []);
  return {
    asOf: q.asOf, basis: q.basis, baseCurrency, buckets: labels,
    rows: (r?.page ?? []).map((p) => ({ party: p.party, partyCode: p.code, partyName: p.name, ...view(p.currency, p.b) })),
    total: r?.n ?? 0,
    currencies: [...byCurrency.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([c, cells]) => view(c, cells)),
    baseBuckets: all.brem.map((v) => money(v, baseScale)), baseTotal: money(all.baseTotal, baseScale),
  };
}

type ItemRow = { kind: 'Invoice' | 'CreditNote' | 'OnAccount' | 'Revaluation'; id: string; document: string; number: string | null; currency: string; document_date: string; due_date: string; days: number; bucket: number; amount: string; rem: string; brem: string; n: number };

/** A party's lines as they stood on the day (open items and amounts on account), oldest due first, a page at a time. */
export async function ageingItems(tx: Tx, scope: KitScope, face: Face, q: AgeingItemsQuery): Promise<AgeingItemsPage> {
  const { baseCurrency, scales } = await currencyFacts(tx, scope);
  const bounds = q.buckets ?? DEFAULT_AGEING_BOUNDS;
  const rows = rowsOf<ItemRow>(
    await tx.execute(sql`with ${linesOf(scope, face, q, bounds, q.basis === 'DueDate')}
      select a.kind, a.id, a.document, coalesce(i.number, p.number) as number, a.currency, a.document_date::text, a.due_date::text, a.days::int, a.bucket::int, a.amount::text, a.rem::text, a.brem::text, a.n
      from (select aged.*, (count(*) over ())::int as n from aged order by due_date, document_date, id limit ${q.limit} offset ${(q.page - 1) * q.limit}) a
        left join ${invoices} i on a.kind in ('Invoice', 'CreditNote') and i.tenant_id = ${scope.tenantId}::uuid and i.id = a.document
        left join ${payments} p on a.kind = 'OnAccount' and p.tenant_id = ${scope.tenantId}::uuid and p.id = a.document
      order by a.due_date, a.document_date, a.id`),
  );
  const baseScale = scales[baseCurrency] ?? 2;
  return {
    buckets: ageingBucketLabels(bounds),
    total: rows[0]?.n ?? 0,
    items: rows.map((x) => {
      const scale = scales[x.currency] ?? 2;
      return {
        kind: x.kind, id: x.id, document: x.document, number: x.number, currency: x.currency, documentDate: x.document_date, dueDate: x.due_date, days: x.days, bucket: x.bucket,
        amount: formatMoney(BigInt(x.amount), scale), remaining: formatMoney(BigInt(x.rem), scale), baseRemaining: formatMoney(BigInt(x.brem), baseScale),
      };
    }),
  };
}
