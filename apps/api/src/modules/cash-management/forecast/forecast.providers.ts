import { sql, type SQL } from 'drizzle-orm';
import { LATENESS_LOOKBACK_DAYS, type AllocationStatus, type ForecastSourceKey, type OpenItemStatus, type PaymentRunStatus, type PaymentStatus, type RecurringAllocation, type RecurringFrequency, type RecurringPaymentStatus, type Side } from '@erp/contracts';
import type { KitScope } from '../../../platform/kit/registry';
import { customers, invoices, openItems, paymentAllocations, paymentRunLines, paymentRuns, payments, recurringPayments, vendors } from '../../ap-ar/index';
import { journals, journalTemplateLines, recurringJournals } from '../../ledger/index';
import type { ForecastAdjustment } from '@erp/contracts';

/*
 * The forecast's sources as providers: each gives one SQL select of expected cash flows with the
 * same columns (the `flows` of forecast.service.ts), so the engine unions them and groups the
 * union by bucket in one statement. A new source (payment runs not yet posted, recurring payments,
 * salary schedules: `forecastSources` of contracts marks them not wired yet) is one more provider
 * here and its `wired: true` there; nothing else changes.
 *
 * Columns: source, bank_id (null: the currency's, as adjustments), currency (code), expected_date,
 * due_date, days_late, amount_minor (signed: cash in positive, out negative, in the currency's minor
 * units), party, reference, description.
 *
 * The context's CTEs every provider may read: `all_banks` (the company's active banks: id, code,
 * account, currency), `default_bank` (per currency, the active bank of lowest code).
 */
export type ForecastContext = {
  scope: KitScope;
  startDate: string;
  endDate: string;
  shiftByLateness: boolean;
  adjustments: readonly ForecastAdjustment[];
  /** The drill-down and the file want each flow's party, reference and description; the buckets' sums do not (their joins are skipped). */
  detail: boolean;
};

export type ForecastProvider = { key: ForecastSourceKey; flows: (ctx: ForecastContext) => SQL };

const OPEN: OpenItemStatus = 'Open';
const POSTED: PaymentStatus = 'Posted';
const IN_FORCE: AllocationStatus = 'Active';
const RECEIVABLES: Side = 'receivables';
const RUN_DRAFT: PaymentRunStatus = 'Draft';
const RECURRING_ACTIVE: RecurringPaymentStatus = 'Active';
const ON_ACCOUNT: RecurringAllocation = 'OnAccount';
const step = (f: RecurringFrequency): RecurringFrequency => f;
const [DAILY, WEEKLY, MONTHLY, QUARTERLY, YEARLY] = [step('Daily'), step('Weekly'), step('Monthly'), step('Quarterly'), step('Yearly')];

/**
 * A party's average days late: over its settlements in force (allocations of posted payments, and
 * later allocations, not undone or reversed) dated in the LATENESS_LOOKBACK_DAYS days before the
 * start, the mean of (settlement date − the item's due date) in days, weighted by the amount
 * settled, rounded to the nearest day (halves away from zero). Signed: a party that pays early on
 * average has a negative figure. No history: 0. The settlement date is its entry's date.
 */
export function latenessOf(ctx: ForecastContext): SQL {
  const { tenantId, companyId } = ctx.scope;
  return sql`
    select o.party_id, round(sum((j.journal_date - o.due_date)::numeric * abs(a.amount_minor)) / nullif(sum(abs(a.amount_minor)), 0))::int as days
    from ${paymentAllocations} a
    join ${openItems} o on o.tenant_id = a.tenant_id and o.id = a.open_item_id
    join ${journals} j on j.tenant_id = a.tenant_id and j.id = a.journal_id
    where a.tenant_id = ${tenantId}::uuid and a.company_id = ${companyId}::uuid and a.status = ${IN_FORCE}
      and j.journal_date <= ${ctx.startDate}::date and j.journal_date > ${ctx.startDate}::date - ${LATENESS_LOOKBACK_DAYS}::int
    group by o.party_id`;
}

/**
 * Open items (invoices and credit notes, both faces): the remaining amount, expected on the due date
 * plus the party's average days late (never before the start: an overdue item is expected in the
 * first bucket), in the bank the party last paid or was paid through in that currency (a posted
 * payment), else the currency's default bank. Receivables bring cash in, payables take it out; a
 * credit note's negative remaining turns the other way.
 */
const openItemsProvider: ForecastProvider = {
  key: 'openItems',
  flows: (ctx) => {
    const { tenantId, companyId } = ctx.scope;
    const shift = ctx.shiftByLateness ? sql`coalesce(lat.days, 0)` : sql`0`;
    return sql`
      select 'openItems'::text as source, coalesce(pb.bank_id, db.id) as bank_id, o.currency,
        greatest(o.due_date + ${shift}, ${ctx.startDate}::date) as expected_date, o.due_date, ${shift} as days_late,
        case when o.side = ${RECEIVABLES} then 1 else -1 end * (o.remaining_minor - coalesce(inrun.settles, 0)) as amount_minor,
        ${ctx.detail ? sql`coalesce(cu.name, ve.name)` : sql`null::text`} as party, ${ctx.detail ? sql`i.number` : sql`null::text`} as reference,
        ${ctx.detail ? sql`i.description` : sql`''::text`} as description
      from ${openItems} o
      left join (${latenessOf(ctx)}) lat on lat.party_id = o.party_id
      left join (
        select distinct on (p.party_id, p.currency) p.party_id, p.currency, p.bank_id
        from ${payments} p join all_banks ab on ab.id = p.bank_id
        where p.tenant_id = ${tenantId}::uuid and p.company_id = ${companyId}::uuid and p.status = ${POSTED}
        order by p.party_id, p.currency, p.posting_date desc, p.created_at desc
      ) pb on pb.party_id = o.party_id and pb.currency = o.currency
      left join default_bank db on db.currency = o.currency
      left join (${inUnpostedRuns(ctx)}) inrun on inrun.open_item_id = o.id
      ${ctx.detail ? sql`
      join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      left join ${customers} cu on o.side = ${RECEIVABLES} and cu.tenant_id = o.tenant_id and cu.id = o.party_id
      left join ${vendors} ve on o.side <> ${RECEIVABLES} and ve.tenant_id = o.tenant_id and ve.id = o.party_id` : sql``}
      where o.tenant_id = ${tenantId}::uuid and o.company_id = ${companyId}::uuid and o.status = ${OPEN} and o.remaining_minor - coalesce(inrun.settles, 0) <> 0
        and o.due_date + ${shift} <= ${ctx.endDate}::date`;
  },
};

/**
 * Recurring journals: the occurrences an active schedule will still generate within the horizon
 * (from its next date, on its grid: start date plus k steps, months clamped to the month's end as
 * contracts' recurring-dates.ts does, within its end date and its occurrences left), each with its
 * template's lines on a bank's GL account in that bank's currency (debit in, credit out). An
 * occurrence already due but not generated yet is expected on the start date. A line whose amount
 * the template leaves open counts nothing.
 */
const recurringJournalsProvider: ForecastProvider = {
  key: 'recurringJournals',
  flows: (ctx) => {
    const { tenantId, companyId } = ctx.scope;
    return sql`
      select 'recurringJournals'::text as source, bl.bank_id, bl.currency, greatest(occ.d, ${ctx.startDate}::date) as expected_date, occ.d as due_date, 0 as days_late,
        coalesce(l.debit_minor, 0) - coalesce(l.credit_minor, 0) as amount_minor, null::text as party, occ.code as reference,
        coalesce(l.description, occ.description) as description
      from (${occurrencesOf(ctx, sql`select r.id, r.code, r.description, r.template_id, r.start_date, r.next_date, r.end_date, r.frequency, r.interval_count, r.max_occurrences, r.occurrences_generated
          from ${recurringJournals} r where r.tenant_id = ${tenantId}::uuid and r.company_id = ${companyId}::uuid and r.active`)}
      ) occ
      join ${journalTemplateLines} l on l.tenant_id = ${tenantId}::uuid and l.template_id = occ.template_id
      join lateral (
        select ab.id as bank_id, ab.currency from all_banks ab where ab.account = l.account_id and ab.currency = l.currency order by ab.code limit 1
      ) bl on true
      where (occ.left_count is null or occ.nth <= occ.left_count) and coalesce(l.debit_minor, 0) - coalesce(l.credit_minor, 0) <> 0`;
  },
};

/**
 * The occurrences a recurring schedule will still make within the horizon: from its next date, on its
 * grid (start date plus k steps, months clamped to the month's end as contracts' recurring-dates.ts
 * does), within its end date; `nth` counts them and `left_count` is what its occurrence count leaves
 * (null: no count). `schedules` selects the schedule's columns (id, start_date, next_date, end_date,
 * frequency, interval_count, max_occurrences, occurrences_generated, and whatever the provider reads).
 */
function occurrencesOf(ctx: ForecastContext, schedules: SQL): SQL {
  const end = sql`${ctx.endDate}::date`;
  const monthsApart = (a: SQL, b: SQL) => sql`((extract(year from ${a}) - extract(year from ${b})) * 12 + extract(month from ${a}) - extract(month from ${b}))::int`;
  return sql`
        select r.*, g.d, row_number() over (partition by r.id order by g.d) as nth,
          case when r.max_occurrences is null then null else r.max_occurrences - r.occurrences_generated end as left_count
        from (
          select r.*, case r.frequency when ${DAILY} then r.interval_count when ${WEEKLY} then 7 * r.interval_count end as step_days,
            case r.frequency when ${MONTHLY} then r.interval_count when ${QUARTERLY} then 3 * r.interval_count when ${YEARLY} then 12 * r.interval_count end as step_months
          from (${schedules}) r
          where r.next_date is not null and r.next_date <= ${end}
        ) r
        cross join lateral (
          select case when r.step_days is not null then r.start_date + (k * r.step_days)::int
                      else (r.start_date + make_interval(months => (k * r.step_months)::int))::date end as d
          from generate_series(
            case when r.step_days is not null then (r.next_date - r.start_date) / r.step_days
                 else greatest(0, ${monthsApart(sql`r.next_date`, sql`r.start_date`)} / r.step_months - 1) end,
            case when r.step_days is not null then (${end} - r.start_date) / r.step_days
                 else ${monthsApart(end, sql`r.start_date`)} / r.step_months + 1 end
          ) k
        ) g
        where g.d >= r.next_date and g.d <= ${end} and (r.end_date is null or g.d <= r.end_date)`;
}

/** What each open item's payment runs not yet posted (Draft) will settle of it: their included lines' amount and discount. */
function inUnpostedRuns(ctx: ForecastContext): SQL {
  const { tenantId, companyId } = ctx.scope;
  return sql`
    select l.open_item_id, sum(l.amount_minor + l.discount_minor) as settles
    from ${paymentRunLines} l join ${paymentRuns} r on r.tenant_id = l.tenant_id and r.id = l.run_id
    where r.tenant_id = ${tenantId}::uuid and r.company_id = ${companyId}::uuid and r.status = ${RUN_DRAFT} and not l.excluded
    group by l.open_item_id`;
}

/**
 * Payment runs not yet posted (Draft, under approval or not): each included line's cash (its amount) on
 * the run's payment date (never before the start) from the run's bank; a customer run (direct debits)
 * brings cash in, a vendor run takes it out. The items it settles count only the rest (open items).
 */
const paymentRunsProvider: ForecastProvider = {
  key: 'paymentRuns',
  flows: (ctx) => {
    const { tenantId, companyId } = ctx.scope;
    return sql`
      select 'paymentRuns'::text as source, r.bank_id, r.currency, greatest(r.payment_date, ${ctx.startDate}::date) as expected_date, r.payment_date as due_date, 0 as days_late,
        case when r.side = ${RECEIVABLES} then 1 else -1 end * l.amount_minor as amount_minor,
        ${ctx.detail ? sql`coalesce(cu.name, ve.name)` : sql`null::text`} as party, ${ctx.detail ? sql`coalesce(r.number, 'Draft run')` : sql`null::text`} as reference, r.description
      from ${paymentRuns} r join ${paymentRunLines} l on l.tenant_id = r.tenant_id and l.run_id = r.id
      ${ctx.detail ? sql`
      left join ${customers} cu on r.side = ${RECEIVABLES} and cu.tenant_id = l.tenant_id and cu.id = l.party_id
      left join ${vendors} ve on r.side <> ${RECEIVABLES} and ve.tenant_id = l.tenant_id and ve.id = l.party_id` : sql``}
      where r.tenant_id = ${tenantId}::uuid and r.company_id = ${companyId}::uuid and r.status = ${RUN_DRAFT} and not l.excluded and l.amount_minor <> 0
        and r.payment_date <= ${ctx.endDate}::date`;
  },
};

/**
 * Recurring payments kept on account (allocation OnAccount, Active): each occurrence the schedule will
 * still make within the horizon, its amount from its bank on its date (an occurrence already due is
 * expected on the start date); receipts in, vendor payments out. A schedule that settles the oldest open
 * items pays what the open items already count, so it adds nothing (counting it would count that cash twice).
 */
const recurringPaymentsProvider: ForecastProvider = {
  key: 'recurringPayments',
  flows: (ctx) => {
    const { tenantId, companyId } = ctx.scope;
    return sql`
      select 'recurringPayments'::text as source, occ.bank_id, occ.currency, greatest(occ.d, ${ctx.startDate}::date) as expected_date, occ.d as due_date, 0 as days_late,
        case when occ.side = ${RECEIVABLES} then 1 else -1 end * occ.amount_minor as amount_minor,
        ${ctx.detail ? sql`coalesce(cu.name, ve.name)` : sql`null::text`} as party, occ.code as reference, occ.description
      from (${occurrencesOf(ctx, sql`select r.id, r.code, r.description, r.side, r.party_id, r.bank_id, r.currency, r.amount_minor, r.start_date, r.next_date, r.end_date, r.frequency, r.interval_count, r.max_occurrences, r.occurrences_generated
          from ${recurringPayments} r where r.tenant_id = ${tenantId}::uuid and r.company_id = ${companyId}::uuid and r.status = ${RECURRING_ACTIVE} and r.allocation = ${ON_ACCOUNT}`)}) occ
      ${ctx.detail ? sql`
      left join ${customers} cu on occ.side = ${RECEIVABLES} and cu.tenant_id = ${tenantId}::uuid and cu.id = occ.party_id
      left join ${vendors} ve on occ.side <> ${RECEIVABLES} and ve.tenant_id = ${tenantId}::uuid and ve.id = occ.party_id` : sql``}
      where occ.left_count is null or occ.nth <= occ.left_count`;
  },
};

/** The saved forecast's manual adjustments dated within the horizon, in their currency (no bank). */
const adjustmentsProvider: ForecastProvider = {
  key: 'adjustments',
  flows: (ctx) => sql`
    select 'adjustments'::text as source, null::uuid as bank_id, cs.code as currency, x.date as expected_date, x.date as due_date, 0 as days_late,
      round(x.amount * power(10::numeric, cs.minor_unit))::bigint as amount_minor, null::text as party, null::text as reference, x.description
    from jsonb_to_recordset(${JSON.stringify(ctx.adjustments)}::jsonb) as x(date date, currency text, amount numeric, description text)
    join scale cs on cs.code = upper(trim(x.currency))
    where x.date between ${ctx.startDate}::date and ${ctx.endDate}::date`,
};

/** The wired providers, in the order their flows are listed; `forecastSources` of contracts lists those still to come. */
export const forecastProviders: readonly ForecastProvider[] = [openItemsProvider, recurringJournalsProvider, paymentRunsProvider, recurringPaymentsProvider, adjustmentsProvider];
