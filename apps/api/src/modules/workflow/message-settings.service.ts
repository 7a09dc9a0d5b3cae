import { and, eq, sql } from 'drizzle-orm';
import { defaultMessageTemplates, messageEvents, messagePlaceholders, type MessageEvent, type MessageSettingView, type messageSettingInputSchema } from '@erp/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/client';
import { unprocessable } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import { messageSettings } from './workflow.tables';

/*
 * Message settings (/message-setting): a company's mail and in-app templates for the four events.
 * Until the company saves one, the built-in default of contracts applies (mail and in-app on).
 */

export type MessageSettingData = z.output<typeof messageSettingInputSchema>;
type SettingRow = typeof messageSettings.$inferSelect;

const defaultView = (event: MessageEvent): MessageSettingView => ({ event, ...defaultMessageTemplates[event], mail: true, inApp: true, isDefault: true, updatedAt: null });

const rowView = (r: SettingRow): MessageSettingView => ({
  event: r.event as MessageEvent, subject: r.subject, body: r.body, mail: r.mail, inApp: r.inApp, isDefault: false, updatedAt: r.updatedAt.toISOString(),
});

/** The four events in their order, each saved or default. */
export async function listMessageSettings(tx: Tx, companyId: string): Promise<MessageSettingView[]> {
  const rows = await tx.select().from(messageSettings).where(eq(messageSettings.companyId, companyId));
  return messageEvents.map((event) => {
    const row = rows.find((r) => r.event === event);
    return row ? rowView(row) : defaultView(event);
  });
}

export async function getMessageSetting(tx: Tx, companyId: string, event: MessageEvent): Promise<MessageSettingView> {
  const [row] = await tx.select().from(messageSettings).where(and(eq(messageSettings.companyId, companyId), eq(messageSettings.event, event)));
  return row ? rowView(row) : defaultView(event);
}

/** A `{word}` that is not a placeholder would reach the reader as it is: refuse it. */
function refuseUnknownPlaceholders(input: MessageSettingData): void {
  for (const [field, text] of [['subject', input.subject], ['body', input.body]] as const) {
    const unknown = (text.match(/\{[^{}]*\}/g) ?? []).find((p) => !(messagePlaceholders as readonly string[]).includes(p));
    if (unknown) throw unprocessable(`The ${field} uses ${unknown}, which is not a placeholder: use ${messagePlaceholders.join(', ')}`);
  }
}

export async function saveMessageSetting(tx: Tx, scope: KitScope, event: MessageEvent, input: MessageSettingData): Promise<MessageSettingView> {
  refuseUnknownPlaceholders(input);
  const before = await getMessageSetting(tx, scope.companyId, event);
  const values = { subject: input.subject, body: input.body, mail: input.mail, inApp: input.inApp };
  const [row] = await tx
    .insert(messageSettings)
    .values({ tenantId: scope.tenantId, companyId: scope.companyId, event, ...values })
    .onConflictDoUpdate({ target: [messageSettings.tenantId, messageSettings.companyId, messageSettings.event], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  const after = rowView(row!);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'messageSetting', recordId: `${scope.companyId}:${event}`, action: before.isDefault ? 'create' : 'edit', before: before.isDefault ? undefined : before, after }]);
  return after;
}
