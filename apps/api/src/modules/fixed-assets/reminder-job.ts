import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { withSystem, withTenant } from '../../platform/db/tenancy';
import { tenantHosts } from '../../platform/db/tenancy.tables';
import type { Platform } from '../../platform/platform';
import { tenants } from '../organisation/index';

/*
 * The shape of the module's hourly reminder jobs (maintenance, insurance): each active tenant in its
 * own transaction, where `remind` queues its mails in the outbox and claims what it reminded of in
 * the same transaction (so a reminder goes once however often the job runs); the mails are
 * delivered after commit. A failing tenant is logged, the others go on, then the job fails.
 */

export type ReminderSummary = { tenants: number; reminded: number };
/** Hourly (UTC): a reminder goes out within the hour its day starts. */
export const REMINDERS_JOB_CRON = '5 * * * *';

/** One tenant's reminders due on `today` (ISO date): the outbox ids of the mails it queued. */
export type RemindTenant = (tx: Tx, platform: Platform, tenantId: string, today: string) => Promise<string[]>;

export async function runReminders(platform: Platform, now: Date, what: string, remind: RemindTenant): Promise<ReminderSummary> {
  const today = now.toISOString().slice(0, 10);
  const tenantIds = (await withSystem(platform.database.db, (tx) => tx.selectDistinct({ id: tenantHosts.tenantId }).from(tenantHosts))).map((r) => r.id);
  const summary: ReminderSummary = { tenants: 0, reminded: 0 };
  let broken = 0;
  for (const tenantId of tenantIds) {
    try {
      const mails = await withTenant(platform.database.db, { tenantId, companies: 'all' }, async (tx) => {
        const [tenant] = await tx.select({ status: tenants.status }).from(tenants).where(eq(tenants.tenantId, tenantId));
        return tenant?.status === 'Active' ? remind(tx, platform, tenantId, today) : [];
      });
      if (mails.length) summary.tenants++;
      summary.reminded += mails.length;
      for (const id of mails) await platform.mailer.deliver(platform.database.db, tenantId, id);
    } catch (e) {
      broken++;
      platform.log.error({ err: e, tenantId }, `${what} reminders could not be sent`);
    }
  }
  if (broken > 0) throw new Error(`${what} reminders of ${broken} tenant(s) could not be sent`);
  return summary;
}
