import { sql, type SQL } from 'drizzle-orm';
import { LATENESS_LOOKBACK_DAYS, type AllocationStatus, type OpenItemStatus, type PaymentRunStatus, type PaymentStatus, type RecurringAllocation, type RecurringPaymentStatus, type Side } from '@erp/contracts';
import { journals } from '../ledger/index';
import { occurrencesOf, type ForecastContext, type ForecastProvider } from '../cash-management/index';
import { customers, vendors } from './parties.tables';
import { invoices, openItems } from './invoices/invoices.tables';
import { paymentAllocations, payments } from './payments/payments.tables';
import { paymentRunLines, paymentRuns } from './payment-runs/payment-runs.tables';
import { recurringPayments } from './recurring-payments/recurring-payments.tables';

/*
 * The cash payables and receivables expect, as sources of Cash Management's forecast (issue 17): its
 * providers (one SQL select of the forecast's flow columns each, see cash-management's
 * forecast.providers.ts) are given to it through its port when the app registers this module, so
 * Cash Management reads these tables without importing this module.
 */

const OPEN: OpenItemStatus = 'Open';
const POSTED: PaymentStatus = 'Posted';
const IN_FORCE: AllocationStatus = 'Active';
const RECEIVABLES: Side = 'receivables';
const RUN_DRAFT: PaymentRunStatus = 'Draft';
const RECURRING_ACTIVE: RecurringPaymentStatus = 'Active';
const ON_ACCOUNT: RecurringAllocation = 'OnAccount';

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
export const openItemsProvider: ForecastProvider = {
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
export const paymentRunsProvider: ForecastProvider = {
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
export const recurringPaymentsProvider: ForecastProvider = {
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

/** Payables' and receivables' sources, in the order the forecast lists them. */
export const apArForecastSources: readonly ForecastProvider[] = [openItemsProvider, paymentRunsProvider, recurringPaymentsProvider];
