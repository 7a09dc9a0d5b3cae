import { and, eq } from 'drizzle-orm';
import { approvalLink, defaultMessageTemplates, type ApprovalType, type HistoryAction, type MessageEvent } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import type { Platform } from '../../platform/platform';
import { userNames } from './running-read';
import { amountText, type InstanceRow } from './running-views';
import { messageSettings, workflowHistory, workflowMessages } from './workflow.tables';

/** One running-engine write: its clock, and the mails to deliver once it has committed. */
export type Run = { platform: Platform; tenantId: string; now: Date; mailIds: string[] };

export const newRun = (platform: Platform, tenantId: string): Run => ({ platform, tenantId, now: platform.now(), mailIds: [] });

/** Delivers the run's mails after its commit; a failure stays on the mail row, never thrown. */
export async function deliverMails(run: Run): Promise<void> {
  for (const id of run.mailIds) await run.platform.mailer.deliver(run.platform.database.db, run.tenantId, id);
}

export type HistoryEntry = {
  action: HistoryAction;
  actor: string | null;
  onBehalfOf?: string | null;
  target?: string | null;
  stepNo?: number | null;
  operation?: string | null;
  comment?: string | null;
};

/** Appends to the document's approval history and, in the same transaction, to the audit trail. */
export async function record(tx: Tx, run: Run, instance: InstanceRow, entries: readonly HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(workflowHistory).values(
    entries.map((e) => ({
      tenantId: run.tenantId, instanceId: instance.id, action: e.action, actorUserId: e.actor, onBehalfOfUserId: e.onBehalfOf ?? null, targetUserId: e.target ?? null,
      stepNo: e.stepNo ?? null, operation: e.operation ?? null, comment: e.comment ?? null, at: run.now,
    })),
  );
  await recordAudit(
    tx, run.tenantId, entries[0]!.actor ?? undefined,
    entries.map((e) => ({
      entity: 'workflowInstance', recordId: instance.id, action: e.action === 'submitted' ? 'create' as const : 'edit' as const,
      after: { action: e.action, approvalType: instance.approvalType, documentId: instance.documentId, documentNumber: instance.documentNumber, onBehalfOf: e.onBehalfOf ?? null, target: e.target ?? null, stepNo: e.stepNo ?? null, operation: e.operation ?? null, comment: e.comment ?? null },
    })),
  );
}

async function templateOf(tx: Tx, run: Run, companyId: string, event: MessageEvent) {
  const [saved] = await tx.select().from(messageSettings).where(and(eq(messageSettings.tenantId, run.tenantId), eq(messageSettings.companyId, companyId), eq(messageSettings.event, event)));
  return saved ?? { ...defaultMessageTemplates[event], mail: true, inApp: true };
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(documentNumber|amount|actor|link|approvalType|comment)\}/g, (_, key: string) => values[key] ?? '').replace(/ {2,}/g, ' ').trim();

export type Notice = { event: MessageEvent; recipients: readonly string[]; actor: string | null; comment?: string | null; titlePrefix?: string };

/** The event's mail and in-app message to each recipient, from the company's template (or the default). */
export async function notify(tx: Tx, run: Run, instance: InstanceRow, notice: Notice): Promise<void> {
  const recipients = [...new Set(notice.recipients)];
  if (recipients.length === 0) return;
  const template = await templateOf(tx, run, instance.companyId, notice.event);
  const names = await userNames(tx, run.tenantId, [...recipients, notice.actor]);
  const link = approvalLink(instance.approvalType as ApprovalType, instance.documentId);
  const values = {
    documentNumber: instance.documentNumber ?? instance.description, amount: `${amountText(instance)} ${instance.currency}`, actor: notice.actor ? (names.get(notice.actor)?.name ?? '') : 'The escalation job',
    link: link ?? '', approvalType: instance.approvalType, comment: notice.comment ?? '',
  };
  const title = `${notice.titlePrefix ?? ''}${fill(template.subject, values)}`;
  const body = fill(template.body, values);
  for (const userId of recipients) {
    if (template.inApp) await tx.insert(workflowMessages).values({ tenantId: run.tenantId, userId, event: notice.event, title, body, link, createdAt: run.now });
    const to = names.get(userId)?.mailAddress;
    if (template.mail && to) run.mailIds.push(await run.platform.mailer.enqueue(tx, run.tenantId, { to, subject: title, body }));
  }
}
