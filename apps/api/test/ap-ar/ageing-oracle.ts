// The ageing's maintained structure (ageing_states, ageing_sums: migration 0049, kept by statement
// triggers) checked against recomputations from scratch after any flow:
// - the intervals kept equal `ageing_line_states` over every item and payment of the tenant, computed now;
// - the sums kept equal the intervals kept, summed per key and day;
// - as of each day given, the lines the intervals hold equal the ageing rebuilt from the documents by an
//   independent query (the ageing's own statement before the structure: every item posted by the day
//   less its credit notes and the allocations in force, every payment's amount on account, in base
//   exactly what its entries put on account, each converted at its rate and rounded as posted: the query
//   of ageing.service.ts's `linesOf` as it was before 0049, with its factors computed in TypeScript as
//   it did), line by line, and the sums of the days by then equal those lines per party, currency and dates.
import { expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { PaymentWorld } from './payment-world';

type Line = { side: string; id: string; rem: string; brem: string };
type Sum = { side: string; party: string; currency: string; due: string; doc: string; rem: string; brem: string; n: number };

/** Per company and currency, what a minor unit times a rate is in base minor units: 10^(base scale − currency scale), as numeric text (the old `toBaseFactors`). */
async function factorsOf(w: PaymentWorld, tenant: string): Promise<{ company: string; currency: string; x: string }[]> {
  const rows = await w.query<{ company: string; base: string; code: string; minor: number }>(sql`select c.company_id as company, c.base_currency as base, k.code, k.minor_unit as minor
    from companies c join currencies k on k.tenant_id = c.tenant_id and k.status = 'Active' where c.tenant_id = ${tenant}::uuid`);
  return rows.map((r) => {
    const baseScale = rows.find((b) => b.company === r.company && b.code === r.base)?.minor ?? 2;
    const e = baseScale - Number(r.minor);
    return { company: r.company, currency: r.code, x: e >= 0 ? `1${'0'.repeat(e)}` : `0.${'0'.repeat(-e - 1)}1` };
  });
}

/** Every line of the tenant as of `asOf`, rebuilt from the documents (revaluations aside: they are read as they are). */
function rebuilt(tenant: string, asOf: string, factors: { company: string; currency: string; x: string }[]) {
  const d = sql`${asOf}::date`;
  // An amount of a payment's currency in base at its rate, rounded half away from zero as the posting's convert() does.
  const factor = (company: SQL, currency: SQL): SQL => sql`(select f.x from unnest(${`{${factors.map((f) => f.company).join(',')}}`}::uuid[], ${`{${factors.map((f) => f.currency).join(',')}}`}::text[],
    ${`{${factors.map((f) => f.x).join(',')}}`}::numeric[]) as f(k, c, x) where f.k = ${company} and f.c = ${currency})`;
  const toBase = (minor: SQL): SQL => sql`round((${minor})::numeric * coalesce(par.rate::numeric, 1) * ${factor(sql`par.company_id`, sql`par.currency`)})`;
  return sql`
    with it as (
      select o.id, o.side, o.invoice_id, o.party_id, o.currency, o.due_date, o.line, o.amount_minor as a, i.kind, i.document_date, i.total_base_minor as tb, i.total_gross_minor as tg
      from open_items o join invoices i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      where o.tenant_id = ${tenant}::uuid and i.posting_date <= ${d}
    ), cr as (
      select c.invoice_id, sum(c.amount_minor) as amt from invoice_credits c join invoices n on n.tenant_id = c.tenant_id and n.id = c.credit_note_id
      where c.tenant_id = ${tenant}::uuid and n.posting_date <= ${d} group by 1
    ), ap as (
      select c.credit_note_id, sum(c.amount_minor) as amt from invoice_credits c where c.tenant_id = ${tenant}::uuid group by 1
    ), act as (
      select a.payment_id, a.open_item_id, a.source_payment_id, a.amount_minor, a.discount_minor + a.write_off_minor as extra, coalesce(a.control_base_minor, 0) as cb
      from payment_allocations a join journals j on j.tenant_id = a.tenant_id and j.id = a.journal_id
        left join journals u on u.tenant_id = a.tenant_id and u.id = a.undone_journal_id
        left join journals r on r.tenant_id = j.tenant_id and r.id = j.reversed_by
      where a.tenant_id = ${tenant}::uuid and a.status <> 'Draft'
        and j.journal_date <= ${d} and (u.id is null or u.journal_date > ${d}) and (r.id is null or r.journal_date > ${d})
    ), al as (
      select open_item_id, sum(amount_minor + extra) as amt, sum(cb) as cb from act where open_item_id is not null group by 1
    ), itr as (
      select it.*, sign(it.a) as s,
        case when it.a <= 0 then coalesce(ap.amt, 0) when cr.amt is null then 0
          else least(it.a, greatest(0, cr.amt - coalesce((select sum(e.amount_minor) from open_items e where e.tenant_id = ${tenant}::uuid and e.invoice_id = it.invoice_id
            and (e.due_date, e.line) < (it.due_date, it.line)), 0))) end as credited,
        coalesce(al.amt, 0) as settled, coalesce(al.cb, 0) as settled_base
      from it left join cr on cr.invoice_id = it.invoice_id and it.kind = 'Invoice' left join ap on ap.credit_note_id = it.invoice_id and it.kind = 'CreditNote' left join al on al.open_item_id = it.id
    ), pa as (
      select p.id, p.side, p.company_id, p.party_id, p.currency, p.document_date, p.amount_minor, p.journal_id, p.rate
      from payments p join journals j on j.tenant_id = p.tenant_id and j.id = p.journal_id
        left join journals r on r.tenant_id = j.tenant_id and r.id = j.reversed_by
      where p.tenant_id = ${tenant}::uuid and p.status <> 'Draft' and p.kind = 'Payment' and j.journal_date <= ${d} and (r.id is null or r.journal_date > ${d})
    ), par as (
      select pa.*, pa.amount_minor - coalesce((select sum(case when o.amount_minor < 0 then -x.amount_minor else x.amount_minor end)
        from act x join open_items o on o.tenant_id = ${tenant}::uuid and o.id = x.open_item_id where x.payment_id = pa.id), 0)
        - coalesce((select sum(x.amount_minor) from act x where x.source_payment_id = pa.id), 0) as on_account
      from pa
    ), moved as (
      select a.payment_id, a.journal_id as entry, -sum(case when o.amount_minor < 0 then -a.amount_minor else a.amount_minor end) as cash
      from payment_allocations a join open_items o on o.tenant_id = a.tenant_id and o.id = a.open_item_id join journals j on j.tenant_id = a.tenant_id and j.id = a.journal_id
      where a.tenant_id = ${tenant}::uuid and a.payment_id in (select id from pa) and j.journal_date <= ${d}
      group by 1, 2
      union all
      select a.payment_id, a.undone_journal_id, sum(case when o.amount_minor < 0 then -a.amount_minor else a.amount_minor end)
      from payment_allocations a join open_items o on o.tenant_id = a.tenant_id and o.id = a.open_item_id join journals u on u.tenant_id = a.tenant_id and u.id = a.undone_journal_id
      where a.tenant_id = ${tenant}::uuid and a.payment_id in (select id from pa) and u.journal_date <= ${d}
      group by 1, 2
    ), parb as (
      select par.*,
        ${toBase(sql`par.amount_minor + coalesce((select sum(m.cash) from moved m where m.payment_id = par.id and m.entry = par.journal_id), 0)`)}
        + coalesce((select sum(${toBase(sql`m.cash`)}) from moved m where m.payment_id = par.id and m.entry <> par.journal_id), 0)
        - coalesce((select sum(${toBase(sql`x.amount_minor`)}) from act x where x.source_payment_id = par.id), 0) as base_on_account
      from par
    ), raw as (
      select side, id, party_id, currency, document_date, due_date, a - s * (credited + settled) as rem,
        case when tg = 0 then 0 else round(tb::numeric * (a - s * credited) / tg) end - settled_base as brem
      from itr
      union all
      select side, id, party_id, currency, document_date, document_date, -on_account, -base_on_account
      from parb
    )
    select side, id, party_id, currency, document_date, due_date, rem, brem from raw where rem <> 0 or brem <> 0`;
}

export async function expectAgeingKept(w: PaymentWorld, dates: string[]): Promise<void> {
  const tenant = w.tenant.tenantId;
  // The intervals kept are those a recomputation of every line gives now.
  const drift = await w.query(sql`
    with fresh as (
      select * from ageing_line_states(${tenant}::uuid, (select array_agg(id) from open_items where tenant_id = ${tenant}::uuid), (select array_agg(id) from payments where tenant_id = ${tenant}::uuid))
      where remaining_minor <> 0 or base_minor <> 0
    )
    select coalesce(f.line_id, s.line_id) as line, f.from_date as fresh_from, s.from_date as kept_from, f.to_date as fresh_to, s.to_date as kept_to,
      f.remaining_minor::text as fresh_rem, s.remaining_minor::text as kept_rem, f.base_minor::text as fresh_base, s.base_minor::text as kept_base
    from fresh f full join (select * from ageing_states where tenant_id = ${tenant}::uuid) s on s.line_id = f.line_id and s.from_date = f.from_date
    where (f.company_id, f.side, f.to_date, f.line_kind, f.document_id, f.party_id, f.currency, f.document_date, f.due_date, f.amount_minor, f.remaining_minor, f.base_minor)
      is distinct from (s.company_id, s.side, s.to_date, s.line_kind, s.document_id, s.party_id, s.currency, s.document_date, s.due_date, s.amount_minor, s.remaining_minor, s.base_minor)`);
  expect(drift).toEqual([]);
  // The sums kept are the intervals kept, summed (and no row that sums to nothing).
  const sums = await w.query(sql`
    with d as (
      select company_id, side, from_date as day, party_id, currency, due_date, document_date, remaining_minor as rem, base_minor as base, 1 as n from ageing_states where tenant_id = ${tenant}::uuid
      union all
      select company_id, side, to_date, party_id, currency, due_date, document_date, -remaining_minor, -base_minor, -1 from ageing_states where tenant_id = ${tenant}::uuid and to_date is not null
    ), e as (
      select company_id, side, day, party_id, currency, due_date, document_date, sum(rem) as rem, sum(base) as base, sum(n) as n from d group by 1, 2, 3, 4, 5, 6, 7
      having sum(rem) <> 0 or sum(base) <> 0 or sum(n) <> 0
    )
    select * from e full join (select * from ageing_sums where tenant_id = ${tenant}::uuid) s using (company_id, side, day, party_id, currency, due_date, document_date)
    where (e.rem, e.base, e.n) is distinct from (s.remaining_minor, s.base_minor, s.lines)`);
  expect(sums).toEqual([]);
  const factors = await factorsOf(w, tenant);
  for (const asOf of dates) {
    const d = sql`${asOf}::date`;
    const want = await w.query<Line>(sql`select side, id, rem::text, brem::text from (${rebuilt(tenant, asOf, factors)}) x order by side, id`);
    const kept = await w.query<Line>(sql`select side, line_id as id, remaining_minor::text as rem, base_minor::text as brem from ageing_states
      where tenant_id = ${tenant}::uuid and from_date <= ${d} and (to_date is null or to_date > ${d}) order by side, line_id`);
    expect(kept, `lines as of ${asOf}`).toEqual(want);
    const wantSums = await w.query<Sum>(sql`select side, party_id as party, currency, due_date::text as due, document_date::text as doc, sum(rem)::text as rem, sum(brem)::text as brem, count(*)::int as n
      from (${rebuilt(tenant, asOf, factors)}) x group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
    const keptSums = await w.query<Sum>(sql`select side, party_id as party, currency, due_date::text as due, document_date::text as doc, sum(remaining_minor)::text as rem, sum(base_minor)::text as brem, sum(lines)::int as n
      from ageing_sums where tenant_id = ${tenant}::uuid and day <= ${d} group by 1, 2, 3, 4, 5 having sum(lines) <> 0 or sum(remaining_minor) <> 0 or sum(base_minor) <> 0 order by 1, 2, 3, 4, 5`);
    expect(keptSums, `sums as of ${asOf}`).toEqual(wantSums);
  }
}
