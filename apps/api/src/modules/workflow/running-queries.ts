import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { ApprovalOperation, ApprovalType, DocumentHistory, HistoryItem, Inbox, InboxQuery, MessageList, MessageView, TaskDetail, TaskSummary } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { containsPattern } from '../../platform/db/search';
import { notFound } from '../../platform/http/errors';
import { dayOf, delegatorsOf, userNames } from './running-read';
import type { Run } from './running-record';
import { selfApprovalRefusal, visibleTask, type Me } from './running.service';
import { inboxItems, instanceView, type InboxRow } from './running-views';
import { workflowHistory, workflowInstances, workflowInstanceSteps, workflowMessages, workflowTasks } from './workflow.tables';

/*
 * The reads of running approvals: the inbox of /workflow-task and the bell, one task, a document's
 * history, the user's in-app messages. A user sees the tasks they hold (assignee, the delegate on
 * the task, or today's delegate of the assignee) and those they acted on.
 */

const NEWEST = 5;

/** Tasks `me` holds now: their own, the ones delegated to them, those of whoever delegates to them today. */
async function heldBy(tx: Tx, run: Run, me: Me): Promise<SQL> {
  const delegators = await delegatorsOf(tx, run.tenantId, me.userId, dayOf(run.now));
  return or(eq(workflowTasks.assigneeUserId, me.userId), eq(workflowTasks.delegateUserId, me.userId), delegators.length > 0 ? inArray(workflowTasks.assigneeUserId, delegators) : undefined)!;
}

type InboxFilter = Required<Pick<InboxQuery, 'status' | 'limit' | 'page'>> & Pick<InboxQuery, 'approvalType' | 'search'>;

async function inboxRows(tx: Tx, where: SQL | undefined, limit: number, offset: number): Promise<{ rows: InboxRow[]; total: number }> {
  const from = () =>
    tx
      .select({ task: workflowTasks, instance: workflowInstances, step: workflowInstanceSteps })
      .from(workflowTasks)
      .innerJoin(workflowInstances, and(eq(workflowInstances.tenantId, workflowTasks.tenantId), eq(workflowInstances.id, workflowTasks.instanceId)))
      .innerJoin(workflowInstanceSteps, and(eq(workflowInstanceSteps.tenantId, workflowTasks.tenantId), eq(workflowInstanceSteps.instanceId, workflowTasks.instanceId), eq(workflowInstanceSteps.stepNo, workflowTasks.stepNo)));
  const rows = await from().where(where).orderBy(desc(workflowTasks.createdAt), desc(workflowTasks.id)).limit(limit).offset(offset);
  const [total] = await tx
    .select({ n: count() })
    .from(workflowTasks)
    .innerJoin(workflowInstances, and(eq(workflowInstances.tenantId, workflowTasks.tenantId), eq(workflowInstances.id, workflowTasks.instanceId)))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The approval inbox: Open (what waits for me) or Done (what I acted on), newest first. */
export async function inbox(tx: Tx, run: Run, me: Me, q: InboxFilter): Promise<Inbox> {
  const conditions: (SQL | undefined)[] = q.status === 'Open'
    ? [await heldBy(tx, run, me), eq(workflowTasks.status, 'Open'), eq(workflowInstances.status, 'Running')]
    : [eq(workflowTasks.actedBy, me.userId)];
  if (q.approvalType) conditions.push(eq(workflowInstances.approvalType, q.approvalType));
  if (q.search?.trim()) {
    const p = containsPattern(q.search.trim());
    conditions.push(or(ilike(workflowInstances.documentNumber, p), ilike(workflowInstances.description, p), ilike(workflowInstances.approvalType, p)));
  }
  const { rows, total } = await inboxRows(tx, and(...conditions), q.limit, (q.page - 1) * q.limit);
  return { items: await inboxItems(tx, run.tenantId, me.userId, rows, run.now), total };
}

/** The bell: open tasks, the newest five, unread messages. */
export async function summary(tx: Tx, run: Run, me: Me): Promise<TaskSummary> {
  const open = await inbox(tx, run, me, { status: 'Open', limit: NEWEST, page: 1 });
  const [unread] = await tx.select({ n: count() }).from(workflowMessages).where(and(eq(workflowMessages.userId, me.userId), isNull(workflowMessages.readAt)));
  return { count: open.total, newest: open.items, unreadMessages: unread?.n ?? 0 };
}

export async function taskDetail(tx: Tx, run: Run, me: Me, id: string): Promise<TaskDetail> {
  const task = await visibleTask(tx, run, me, id);
  const { rows } = await inboxRows(tx, eq(workflowTasks.id, task.id), 1, 0);
  const row = rows[0]!;
  const holds = task.assigneeUserId === me.userId || task.delegateUserId === me.userId || (await delegatorsOf(tx, run.tenantId, me.userId, dayOf(run.now))).includes(task.assigneeUserId);
  const canAct = holds && task.status === 'Open' && row.instance.status === 'Running' && selfApprovalRefusal(row.instance, me) === null;
  const [item] = await inboxItems(tx, run.tenantId, me.userId, rows, run.now);
  return { task: item!, instance: await instanceView(tx, run.tenantId, task.instanceId), canAct };
}

/**
 * Every submission of a document, oldest action first. Visible to users of the document's
 * company and to anyone who took part (submitted it, or holds or held one of its tasks).
 */
export async function documentHistory(tx: Tx, run: Run, me: Me, approvalType: ApprovalType, documentId: string): Promise<DocumentHistory> {
  const instances = await tx
    .select()
    .from(workflowInstances)
    .where(and(eq(workflowInstances.approvalType, approvalType), eq(workflowInstances.documentId, documentId)))
    .orderBy(asc(workflowInstances.submittedAt), asc(workflowInstances.id));
  const ids = instances.map((i) => i.id);
  const participated = ids.length === 0 ? [] : await tx
    .select({ id: workflowTasks.instanceId })
    .from(workflowTasks)
    .where(and(inArray(workflowTasks.instanceId, ids), or(eq(workflowTasks.assigneeUserId, me.userId), eq(workflowTasks.delegateUserId, me.userId), eq(workflowTasks.actedBy, me.userId))));
  const mine = new Set(participated.map((p) => p.id));
  const visible = instances.filter((i) => i.companyId === me.companyId || i.submittedBy === me.userId || mine.has(i.id));
  if (visible.length === 0) return { current: null, items: [] };
  const rows = await tx.select().from(workflowHistory).where(inArray(workflowHistory.instanceId, visible.map((i) => i.id))).orderBy(asc(workflowHistory.seq));
  const names = await userNames(tx, run.tenantId, rows.flatMap((r) => [r.actorUserId, r.onBehalfOfUserId, r.targetUserId]));
  const ref = (id: string | null) => (id ? { id, name: names.get(id)?.name ?? 'Unknown user' } : null);
  const items: HistoryItem[] = rows.map((r) => ({
    id: r.id, instanceId: r.instanceId, action: r.action as HistoryItem['action'], actor: ref(r.actorUserId), onBehalfOf: ref(r.onBehalfOfUserId), target: ref(r.targetUserId),
    stepNo: r.stepNo, operation: r.operation as ApprovalOperation | null, comment: r.comment, at: r.at.toISOString(),
  }));
  return { current: await instanceView(tx, run.tenantId, visible[visible.length - 1]!.id), items };
}

const messageView = (m: typeof workflowMessages.$inferSelect): MessageView => ({
  id: m.id, event: m.event as MessageView['event'], title: m.title, body: m.body, link: m.link, read: m.readAt !== null, createdAt: m.createdAt.toISOString(),
});

export async function listMessages(tx: Tx, me: Me, q: { unread?: 'true' | 'false'; limit: number; page: number }): Promise<MessageList> {
  const mine = eq(workflowMessages.userId, me.userId);
  const where = and(mine, q.unread === 'true' ? isNull(workflowMessages.readAt) : undefined);
  const rows = await tx.select().from(workflowMessages).where(where).orderBy(desc(workflowMessages.createdAt), desc(workflowMessages.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(workflowMessages).where(where);
  const [unread] = await tx.select({ n: count() }).from(workflowMessages).where(and(mine, isNull(workflowMessages.readAt)));
  return { items: rows.map(messageView), total: total?.n ?? 0, unread: unread?.n ?? 0 };
}

export async function markRead(tx: Tx, run: Run, me: Me, id: string): Promise<MessageView> {
  const [row] = await tx.select().from(workflowMessages).where(and(eq(workflowMessages.id, id), eq(workflowMessages.userId, me.userId))).for('update');
  if (!row) throw notFound('Message');
  if (row.readAt) return messageView(row);
  const [after] = await tx.update(workflowMessages).set({ readAt: run.now }).where(eq(workflowMessages.id, id)).returning();
  return messageView(after!);
}
