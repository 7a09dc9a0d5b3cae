import { and, eq, sql } from 'drizzle-orm';
import { addMonths, depreciationRunDocument, lastDayOfPeriod, MONTHLY_DEPRECIATION_SETTING, runDetails, utcCalendarDate, type RunDetail } from '@erp/contracts';
import { rowsOf } from '../../platform/db/client';
import { withSystem, withTenant } from '../../platform/db/tenancy';
import { tenantHosts } from '../../platform/db/tenancy.tables';
import { auditLog } from '../../platform/audit/audit.tables';
import { AppError } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/actor';
import type { Platform } from '../../platform/platform';
import { messageOf } from '../../platform/jobs/occurrences';
import { tenants } from '../organisation/index';
import { moduleConfigs } from '../ledger/index';
import { submitDocument } from '../workflow/index';
import { createRun } from './depreciation-runs.service';
import { depreciationRuns } from './depreciation-runs.tables';
import { depreciationJobRuns } from './depreciation-job.tables';

/*
 * The monthly depreciation job (RULES.md "The monthly job"): every day, for each company whose
 * /module-config (Fixed Asset) MonthlyDepreciationRun is 'Per class and dimensions' or 'Per asset',
 * the run of the previous month is made once (claimed in depreciation_job_runs in the transaction
 * that creates it) and submitted: posted at once, or to its DepreciationSchedule workflow when one
 * is active. Running it again finds the claim: a draft left by a crash is submitted then, anything
 * else is left alone; and a run posts nothing twice anyway (its rows are claimed when it posts).
 */

export const DEPRECIATION_JOB = 'fixed-assets.monthly-depreciation';
/** Daily at 02:30 UTC: a month missed while the server was down is made the next day. */
export const DEPRECIATION_JOB_CRON = '30 2 * * *';

/** What this pass did for a company's month: posted its run, submitted it for approval, or nothing (made before, deleted, or failed). */
export type JobResult = 'posted' | 'submitted' | 'none';
export type CompanyOutcome = { tenantId: string; companyId: string; period: string; runId: string | null; result: JobResult; outcome: string; issueCount: number };
export type DepreciationJobSummary = { companies: number; posted: number; submitted: number; failed: number; outcomes: CompanyOutcome[] };

/** The first day of the month before `today`. */
export function previousMonth(today: string): string {
  return `${addMonths(today.slice(0, 7), -1)}-01`;
}

type Enabled = { companyId: string; detail: RunDetail; userId: string | null };

/** The tenant's companies with the job enabled, and who last saved the setting (the run is made in their name). */
async function enabledCompanies(platform: Platform, tenantId: string): Promise<Enabled[]> {
  return withTenant(platform.database.db, { tenantId, companies: 'all' }, async (tx) => {
    const [tenant] = await tx.select({ status: tenants.status }).from(tenants).where(eq(tenants.tenantId, tenantId));
    if (tenant?.status !== 'Active') return [];
    const rows = rowsOf<{ company_id: string; value: string; user_id: string | null }>(
      await tx.execute(sql`
        select m.company_id, m.value,
          (select l.user_id from ${auditLog} l where l.tenant_id = m.tenant_id and l.entity = 'moduleConfig' and l.record_id = m.id::text and l.user_id is not null
            order by l.audit_id desc limit 1) as user_id
        from ${moduleConfigs} m
        where m.tenant_id = ${tenantId}::uuid and m.module = 'Fixed Asset' and lower(m.setting) = lower(${MONTHLY_DEPRECIATION_SETTING})`),
    );
    return rows.flatMap((r) => ((runDetails as readonly string[]).includes(r.value) ? [{ companyId: r.company_id, detail: r.value as RunDetail, userId: r.user_id }] : []));
  });
}

/** One company's month: claim it and make the run (one transaction), then submit the run if it is still a draft. */
export async function runCompanyMonth(platform: Platform, tenantId: string, e: Enabled, period: string): Promise<CompanyOutcome> {
  // The job acts on the company's own setting, as its author would (recurring journals act as their authoriser): it may
  // make and post the run; a DepreciationSchedule workflow still governs the posting when one is active.
  const label = depreciationRunDocument.kinds.Run.permission;
  const actor: Actor = { tenantId, companyId: e.companyId, userId: e.userId ?? '', operations: new Set([`Save${label}`, `Edit${label}`]) };
  const ctx = { tenantId, userId: e.userId ?? undefined, companies: [e.companyId] };
  const base = { tenantId, companyId: e.companyId, period: period.slice(0, 7) };
  const claimed = await withTenant(platform.database.db, ctx, async (tx) => {
    const [existing] = await tx.select().from(depreciationJobRuns).where(and(eq(depreciationJobRuns.companyId, e.companyId), eq(depreciationJobRuns.period, period)));
    if (existing) return existing.run;
    const runId = await createRun(tx, actor, { period: lastDayOfPeriod(period.slice(0, 7)), detail: e.detail, description: `Depreciation ${period.slice(0, 7)} (monthly job)` });
    // A second worker inserting the same month waits here for the first to commit, then takes its run and drops its own.
    const won = await tx.insert(depreciationJobRuns).values({ tenantId, companyId: e.companyId, period, run: runId }).onConflictDoNothing().returning({ run: depreciationJobRuns.run });
    if (won.length > 0) return runId;
    await tx.delete(depreciationRuns).where(and(eq(depreciationRuns.tenantId, tenantId), eq(depreciationRuns.id, runId)));
    const [winner] = await tx.select().from(depreciationJobRuns).where(and(eq(depreciationJobRuns.companyId, e.companyId), eq(depreciationJobRuns.period, period)));
    return winner!.run;
  });
  const record = (outcome: string) =>
    withTenant(platform.database.db, ctx, (tx) =>
      tx.update(depreciationJobRuns).set({ outcome, updatedAt: new Date() }).where(and(eq(depreciationJobRuns.companyId, e.companyId), eq(depreciationJobRuns.period, period))),
    );
  const state = async () => {
    const [r] = await withTenant(platform.database.db, ctx, (tx) =>
      tx.select({ status: depreciationRuns.status, issueCount: depreciationRuns.issueCount, number: depreciationRuns.number }).from(depreciationRuns).where(eq(depreciationRuns.id, claimed)),
    );
    return r;
  };
  const before = await state();
  if (!before) return { ...base, runId: claimed, result: 'none', outcome: 'The run made for this month was deleted: nothing made', issueCount: 0 };
  if (before.status !== 'Draft') return { ...base, runId: claimed, result: 'none', outcome: `Run ${before.number ?? ''} is ${before.status.toLowerCase()}`, issueCount: before.issueCount };
  try {
    await submitDocument(platform, actor, { approvalType: 'DepreciationSchedule', documentId: claimed });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return { ...base, runId: claimed, result: 'none', outcome: `Run ${before.number ?? ''} awaits approval`, issueCount: 0 };
    // Another worker submitted it meanwhile: its outcome stands.
    const now = await state();
    if (now && now.status !== 'Draft') return { ...base, runId: claimed, result: 'none', outcome: `Run ${now.number ?? ''} is ${now.status.toLowerCase()}`, issueCount: now.issueCount };
    const message = `Run ${before.number ?? ''} could not be submitted: ${messageOf(err)}`;
    await record(message);
    throw new AppError(422, message, 'BusinessRule');
  }
  const after = await state();
  const result: JobResult = after?.status === 'Posted' ? 'posted' : 'submitted';
  const outcome = result === 'posted'
    ? `Run ${after?.number ?? ''} posted${after?.issueCount ? `; ${after.issueCount} asset(s) could not be depreciated (see the run)` : ''}`
    : `Run ${after?.number ?? ''} submitted for approval`;
  await record(outcome);
  return { ...base, runId: claimed, result, outcome, issueCount: after?.issueCount ?? 0 };
}

/** The job's work: the previous month of `now` for every enabled company of every tenant; a failing company is reported and the others go on. */
export async function runMonthlyDepreciation(platform: Platform, now: Date): Promise<DepreciationJobSummary> {
  const period = previousMonth(utcCalendarDate(now));
  const tenantIds = (await withSystem(platform.database.db, (tx) => tx.selectDistinct({ id: tenantHosts.tenantId }).from(tenantHosts))).map((r) => r.id);
  const summary: DepreciationJobSummary = { companies: 0, posted: 0, submitted: 0, failed: 0, outcomes: [] };
  for (const tenantId of tenantIds) {
    for (const e of await enabledCompanies(platform, tenantId)) {
      summary.companies++;
      try {
        const o = await runCompanyMonth(platform, tenantId, e, period);
        summary.outcomes.push(o);
        if (o.result === 'posted') summary.posted++;
        else if (o.result === 'submitted') summary.submitted++;
        if (o.issueCount > 0) platform.log.warn({ tenantId, companyId: e.companyId, period, issues: o.issueCount }, o.outcome);
      } catch (err) {
        summary.failed++;
        const outcome = messageOf(err);
        summary.outcomes.push({ tenantId, companyId: e.companyId, period: period.slice(0, 7), runId: null, result: 'none', outcome, issueCount: 0 });
        platform.log.error({ err, tenantId, companyId: e.companyId, period }, 'monthly depreciation failed');
      }
    }
  }
  if (summary.failed > 0) throw new Error(`Monthly depreciation failed for ${summary.failed} compan${summary.failed === 1 ? 'y' : 'ies'}: ${summary.outcomes.filter((o) => o.runId === null).map((o) => o.outcome).join('; ')}`);
  return summary;
}
