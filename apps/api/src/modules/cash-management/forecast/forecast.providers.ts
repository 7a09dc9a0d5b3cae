import { sql, type SQL } from 'drizzle-orm';
import type { ForecastSourceKey, RecurringFrequency } from '@erp/contracts';
import type { KitScope } from '../../../platform/kit/registry';
import { providedForecastSources } from '../ports';
import { journalTemplateLines, recurringJournals } from '../../ledger/index';
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

const step = (f: RecurringFrequency): RecurringFrequency => f;
const [DAILY, WEEKLY, MONTHLY, QUARTERLY, YEARLY] = [step('Daily'), step('Weekly'), step('Monthly'), step('Quarterly'), step('Yearly')];

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
export function occurrencesOf(ctx: ForecastContext, schedules: SQL): SQL {
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

/**
 * The wired providers, in the order their flows are listed: those the modules above gave (payables and
 * receivables: open items, payment runs, recurring payments; `ports.ts`), then the ledger's recurring
 * journals and the forecast's adjustments. `forecastSources` of contracts lists those still to come.
 */
export function forecastProviders(): ForecastProvider[] {
  return [...providedForecastSources(), recurringJournalsProvider, adjustmentsProvider];
}
