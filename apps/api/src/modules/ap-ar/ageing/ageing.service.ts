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
  PAYMENT_KIND,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { journals } from '../../ledger/index';
import { faceTables } from '../parties.tables';
import { currencyFacts } from '../invoices/invoice-facts';
import { invoiceCredits, invoices, openItems } from '../invoices/invoices.tables';
import { paymentAllocations, payments } from '../payments/payments.tables';
import { partyRevaluationLines, partyRevaluations } from '../revaluation/revaluation.tables';

/*
 * Ageing as of a day, rebuilt from what was dated by then (never from today's `remaining_minor`):
 * - an open item counts when its document was posted on or before the day (`posting_date`, the
 *   entry's date); its amount less the credit notes posted by then (`invoice_credits`, an invoice's
 *   credits taken off its items earliest due first, as the credit note's posting takes them; a credit
 *   note's item less what it applied to its invoice) less the allocations in force that day: made by
 *   an entry dated on or before it, neither un-allocated (`undone_journal_id`) nor reversed (the
 *   entry's `reversed_by`) by an entry dated on or before it;
 * - a payment posted by then and not reversed by then keeps on account its amount less the cash of
 *   its allocations in force that day (a credit note's item gives cash: it adds) and less what refunds
 *   in force that day returned of it (their lines naming it, `source_payment_id`); a refund itself keeps
 *   nothing on account (it returns exactly its credits: its credit notes' lines are allocations above);
 * - in base: an item's credited balance at its document's base share (`total_base × amount /
 *   total_gross`, rounded once) less its allocations' `control_base_minor` (the base the payment
 *   posted on the control account); what is on account at the payment's base share; an unrealised
 *   revaluation in force that day (revaluation.service.ts) as a base-only line of the party.
 * Signed as owed (payables: to the vendor; receivables: by the customer), so a receivables total in
 * base equals the control accounts' debit balance on that day and a payables total their credit
 * balance, in the company's base currency (`test/ap-ar/ageing.test.ts`).
 */

type Filter = { asOf: string; group?: string | undefined; currency?: string | undefined; party?: string | undefined };

/** The lines as they stood at the end of `asOf`: kind, id, document, number, party, currency, dates, days, bucket, amount, remaining, base remaining (text). */
function linesOf(scope: KitScope, face: Face, f: Filter, bounds: readonly number[], dueBasis: boolean, toBaseFactor: Record<string, string>): SQL {
  const party = faceTables[face.side].party;
  const d = sql`${f.asOf}::date`;
  const who = (col: SQL): SQL => sql.join([
    f.party ? sql` and ${col} = ${f.party}::uuid` : sql``,
    f.group ? sql` and ${col} in (select q.id from ${party} q where q.tenant_id = ${scope.tenantId}::uuid and q.company_id = ${scope.companyId}::uuid and q.party_group = ${f.group}::uuid)` : sql``,
  ], sql``);
  const cur = (col: SQL): SQL => (f.currency ? sql` and ${col} = ${f.currency}` : sql``);
  const boundsArr = sql`${`{${bounds.join(',')}}`}::int[]`;
  // Past due: 1 + the bounds under the days (width_bucket counts the bounds at or under days - 1).
  const bucket = (days: SQL): SQL => sql`case when ${days} <= 0 then 0 else 1 + width_bucket(${days} - 1, ${boundsArr}) end`;
  // An amount of a payment's currency in base at its rate, rounded half away from zero as the posting's convert() does.
  const factors = Object.entries(toBaseFactor);
  const factor = (currency: SQL): SQL => sql`(select f.x from unnest(${`{${factors.map(([c]) => c).join(',')}}`}::text[], ${`{${factors.map(([, x]) => x).join(',')}}`}::numeric[]) as f(c, x) where f.c = ${currency})`;
  const toBase = (minor: SQL, rate: SQL, currency: SQL): SQL => sql`round((${minor})::numeric * coalesce((${rate})::numeric, 1) * ${factor(currency)})`;
  return sql`
    it as (
      select o.id, o.invoice_id, o.party_id, o.currency, o.due_date, o.line, o.amount_minor as a, i.kind, i.number, i.document_date, i.total_base_minor as tb, i.total_gross_minor as tg
      from ${openItems} o join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      where o.tenant_id = ${scope.tenantId}::uuid and o.company_id = ${scope.companyId}::uuid and o.side = ${face.side} and i.posting_date <= ${d}
        ${who(sql`o.party_id`)}${cur(sql`o.currency`)}
    ), cr as (
      select c.invoice_id, sum(c.amount_minor) as amt from ${invoiceCredits} c join ${invoices} n on n.tenant_id = c.tenant_id and n.id = c.credit_note_id
      where c.tenant_id = ${scope.tenantId}::uuid and c.invoice_id in (select invoice_id from it where kind = 'Invoice') and n.posting_date <= ${d} group by 1
    ), ap as (
      select c.credit_note_id, sum(c.amount_minor) as amt from ${invoiceCredits} c
      where c.tenant_id = ${scope.tenantId}::uuid and c.credit_note_id in (select invoice_id from it where kind = 'CreditNote') group by 1
    ), act as (
      select a.payment_id, a.open_item_id, a.source_payment_id, a.amount_minor, a.discount_minor + a.write_off_minor as extra, coalesce(a.control_base_minor, 0) as cb
      from ${paymentAllocations} a join ${journals} j on j.tenant_id = a.tenant_id and j.id = a.journal_id
        left join ${journals} u on u.tenant_id = a.tenant_id and u.id = a.undone_journal_id
        left join ${journals} r on r.tenant_id = j.tenant_id and r.id = j.reversed_by
      where a.tenant_id = ${scope.tenantId}::uuid and a.company_id = ${scope.companyId}::uuid and a.status <> 'Draft'
        and j.journal_date <= ${d} and (u.id is null or u.journal_date > ${d}) and (r.id is null or r.journal_date > ${d})
    ), al as (
      select open_item_id, sum(amount_minor + extra) as amt, sum(cb) as cb from act where open_item_id in (select id from it) group by 1
    ), itr as (
      select it.*, sign(it.a) as s,
        -- A credited invoice's items take its credits earliest due first: what its earlier items took comes first (read only for credited invoices).
        case when it.a <= 0 then coalesce(ap.amt, 0) when cr.amt is null then 0
          else least(it.a, greatest(0, cr.amt - coalesce((select sum(e.amount_minor) from ${openItems} e where e.tenant_id = ${scope.tenantId}::uuid and e.invoice_id = it.invoice_id
            and (e.due_date, e.line) < (it.due_date, it.line)), 0))) end as credited,
        coalesce(al.amt, 0) as settled, coalesce(al.cb, 0) as settled_base
      from it left join cr on cr.invoice_id = it.invoice_id left join ap on ap.credit_note_id = it.invoice_id left join al on al.open_item_id = it.id
    ), pa as (
      select p.id, p.party_id, p.currency, p.number, p.document_date, p.amount_minor, p.total_base_minor, p.journal_id, p.rate
      from ${payments} p join ${journals} j on j.tenant_id = p.tenant_id and j.id = p.journal_id
        left join ${journals} r on r.tenant_id = j.tenant_id and r.id = j.reversed_by
      where p.tenant_id = ${scope.tenantId}::uuid and p.company_id = ${scope.companyId}::uuid and p.side = ${face.side} and p.status <> 'Draft' and p.kind = ${PAYMENT_KIND}
        and j.journal_date <= ${d} and (r.id is null or r.journal_date > ${d})${who(sql`p.party_id`)}${cur(sql`p.currency`)}
    ), par as (
      select pa.*, pa.amount_minor - coalesce((select sum(case when o.amount_minor < 0 then -x.amount_minor else x.amount_minor end)
        from act x join ${openItems} o on o.tenant_id = ${scope.tenantId}::uuid and o.id = x.open_item_id where x.payment_id = pa.id), 0)
        -- less what refunds in force that day returned of it
        - coalesce((select sum(x.amount_minor) from act x where x.source_payment_id = pa.id), 0) as on_account
      from pa
    ), moved as (
      -- What each entry dated by then moved on or off the payment's account (its 'on account' line): allocations off, un-allocations back on.
      select a.payment_id, a.journal_id as entry, -sum(case when o.amount_minor < 0 then -a.amount_minor else a.amount_minor end) as cash
      from ${paymentAllocations} a join ${openItems} o on o.tenant_id = a.tenant_id and o.id = a.open_item_id join ${journals} j on j.tenant_id = a.tenant_id and j.id = a.journal_id
      where a.tenant_id = ${scope.tenantId}::uuid and a.payment_id in (select id from pa) and j.journal_date <= ${d}
      group by 1, 2
      union all
      select a.payment_id, a.undone_journal_id, sum(case when o.amount_minor < 0 then -a.amount_minor else a.amount_minor end)
      from ${paymentAllocations} a join ${openItems} o on o.tenant_id = a.tenant_id and o.id = a.open_item_id join ${journals} u on u.tenant_id = a.tenant_id and u.id = a.undone_journal_id
      where a.tenant_id = ${scope.tenantId}::uuid and a.payment_id in (select id from pa) and u.journal_date <= ${d}
      group by 1, 2
    ), parb as (
      -- In base, exactly what the payment's entries put on account: the payment's own line (its amount less what it allocated at once),
      -- each later entry's line, each converted and rounded as it was posted; less each refund line returning part of it, at its rate.
      select par.*,
        ${toBase(sql`par.amount_minor + coalesce((select sum(m.cash) from moved m where m.payment_id = par.id and m.entry = par.journal_id), 0)`, sql`par.rate`, sql`par.currency`)}
        + coalesce((select sum(${toBase(sql`m.cash`, sql`par.rate`, sql`par.currency`)}) from moved m where m.payment_id = par.id and m.entry <> par.journal_id), 0)
        - coalesce((select sum(${toBase(sql`x.amount_minor`, sql`par.rate`, sql`par.currency`)}) from act x where x.source_payment_id = par.id), 0) as base_on_account
      from par
    ), raw as (
      select case when kind = 'Invoice' then 'Invoice' else 'CreditNote' end as kind, id, invoice_id as document, number, party_id, currency, document_date, due_date, a as amount,
        a - s * (credited + settled) as rem,
        case when tg = 0 then 0 else round(tb::numeric * (a - s * credited) / tg) end - settled_base as brem
      from itr
      union all
      select 'OnAccount', id, id, number, party_id, currency, document_date, document_date, -amount_minor, -on_account, -base_on_account
      from parb
      union all
      -- An unrealised revaluation in force that day (made on or before it, reversed after it): base only.
      select 'Revaluation', r.id, r.id, null, l.party_id, l.currency, r.revaluation_date, r.revaluation_date, 0, 0, ${face.side === 'receivables' ? sql`l.difference_minor` : sql`-l.difference_minor`}
      from ${partyRevaluationLines} l join ${partyRevaluations} r on r.tenant_id = l.tenant_id and r.id = l.revaluation_id
      where r.tenant_id = ${scope.tenantId}::uuid and r.company_id = ${scope.companyId}::uuid and r.side = ${face.side} and r.revaluation_date <= ${d} and r.reversal_date > ${d}
        ${who(sql`l.party_id`)}${cur(sql`l.currency`)}
    ), lines as (
      select raw.*, (${d} - case when ${dueBasis} then due_date else document_date end) as days
      from raw where rem <> 0 or brem <> 0
    ), aged as (
      select lines.*, ${bucket(sql`days`)} as bucket from lines
    )`;
}

/** Per currency, what a minor unit times a rate is in base minor units: 10^(base scale − currency scale), as numeric text. */
function toBaseFactors(scales: Record<string, number>, baseCurrency: string): Record<string, string> {
  const baseScale = scales[baseCurrency] ?? 2;
  return Object.fromEntries(Object.entries(scales).map(([c, scale]) => {
    const e = baseScale - scale;
    return [c, e >= 0 ? `1${'0'.repeat(e)}` : `0.${'0'.repeat(-e - 1)}1`];
  }));
}

type AggRow = { n: number; cur: { currency: string; bucket: number; rem: string; brem: string }[]; page: { party: string; code: string; name: string; currency: string; b: { bucket: number; rem: string; brem: string }[] }[] };

/** Each party's ageing per currency (a page, by party code), each currency's totals and the base totals of the whole filter, in one statement. */
export async function ageingReport(tx: Tx, scope: KitScope, face: Face, q: AgeingQuery): Promise<AgeingReport> {
  const { baseCurrency, scales } = await currencyFacts(tx, scope);
  const bounds = q.buckets ?? DEFAULT_AGEING_BOUNDS;
  const labels = ageingBucketLabels(bounds);
  const party = faceTables[face.side].party;
  const [r] = rowsOf<AggRow>(
    await tx.execute(sql`with ${linesOf(scope, face, q, bounds, q.basis === 'DueDate', toBaseFactors(scales, baseCurrency))},
      agg as (select party_id, currency, bucket, sum(rem) as rem, sum(brem) as brem from aged group by 1, 2, 3),
      pc as (select party_id, currency, json_agg(json_build_object('bucket', bucket, 'rem', rem::text, 'brem', brem::text)) as b from agg group by 1, 2)
      select (select count(*)::int from pc) as n,
        (select coalesce(json_agg(x), '[]') from (select currency, bucket, sum(rem)::text as rem, sum(brem)::text as brem from agg group by 1, 2) x) as cur,
        (select coalesce(json_agg(y order by y.code, y.currency), '[]') from (
          select pc.party_id as party, coalesce(q.code, '?') as code, coalesce(q.name, '') as name, pc.currency, pc.b
          from pc left join ${party} q on q.tenant_id = ${scope.tenantId}::uuid and q.id = pc.party_id
          order by q.code, pc.currency limit ${q.limit} offset ${(q.page - 1) * q.limit}) y) as page`),
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
    await tx.execute(sql`with ${linesOf(scope, face, q, bounds, q.basis === 'DueDate', toBaseFactors(scales, baseCurrency))}
      select kind, id, document, number, currency, document_date::text, due_date::text, days::int, bucket::int, amount::text, rem::text, brem::text, (count(*) over ())::int as n
      from aged order by due_date, document_date, id limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
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
