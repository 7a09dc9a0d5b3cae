import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ActorView, UserLookupItem, actorInputSchema } from '@erp/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/client';
import { containsPattern } from '../../platform/db/search';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import { users } from '../auth/index';
import { tagsById, userRef, usersById } from './definition-refs';
import type { PageQuery } from './tags.service';
import { workflowActors, workflowTagMembers, workflowTags } from './workflow.tables';

/*
 * Actors (/workflow-actor): every user of the tenant as a workflow actor, with the tags they
 * belong to and the delegate who receives their tasks for a date range (inclusive).
 */

export type ActorData = z.output<typeof actorInputSchema>;
type UserRow = { id: string; name: string; mailAddress: string; status: string };

const covers = (from: string | null, to: string | null, date: string) => from !== null && to !== null && from <= date && date <= to;

async function actorViews(tx: Tx, people: readonly UserRow[], today: string): Promise<ActorView[]> {
  const ids = people.map((p) => p.id);
  if (ids.length === 0) return [];
  const actors = await tx.select().from(workflowActors).where(inArray(workflowActors.userId, ids));
  const actorByUser = new Map(actors.map((a) => [a.userId, a]));
  const delegates = await usersById(tx, actors.flatMap((a) => (a.delegateUserId ? [a.delegateUserId] : [])));
  const tagRows = await tx
    .select({ userId: workflowTagMembers.userId, id: workflowTags.id, code: workflowTags.code, name: workflowTags.name })
    .from(workflowTagMembers)
    .innerJoin(workflowTags, eq(workflowTags.id, workflowTagMembers.tagId))
    .where(inArray(workflowTagMembers.userId, ids))
    .orderBy(asc(workflowTags.code));
  return people.map((p) => {
    const actor = actorByUser.get(p.id);
    const delegate = actor?.delegateUserId ? delegates.get(actor.delegateUserId) : undefined;
    const delegateFrom = actor?.delegateFrom ?? null;
    const delegateTo = actor?.delegateTo ?? null;
    return {
      userId: p.id, name: p.name, mailAddress: p.mailAddress, status: p.status,
      tags: tagRows.filter((t) => t.userId === p.id).map((t) => ({ id: t.id, code: t.code, name: t.name })),
      delegate: delegate ? userRef(delegate) : null, delegateFrom, delegateTo,
      delegating: delegate !== undefined && covers(delegateFrom, delegateTo, today),
    };
  });
}

const userColumns = { id: users.userId, name: users.name, mailAddress: users.mailAddress, status: users.status };

function searchUsers(search: string | undefined): SQL | undefined {
  if (!search?.trim()) return undefined;
  const p = containsPattern(search.trim());
  return or(ilike(users.name, p), ilike(users.mailAddress, p));
}

/** Every user of the tenant (any company, any status) by name, a page at a time; `today` decides `delegating`. */
export async function listActors(tx: Tx, q: PageQuery, today: string): Promise<{ items: ActorView[]; total: number }> {
  const where = searchUsers(q.search);
  const people = await tx.select(userColumns).from(users).where(where).orderBy(asc(users.name), asc(users.userId)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  return { items: await actorViews(tx, people, today), total: total?.n ?? 0 };
}

export async function getActor(tx: Tx, userId: string, today: string): Promise<ActorView> {
  const [person] = await tx.select(userColumns).from(users).where(eq(users.userId, userId));
  if (!person) throw notFound('User');
  return (await actorViews(tx, [person], today))[0]!;
}

async function checkDelegate(tx: Tx, userId: string, input: ActorData): Promise<void> {
  if (input.delegateUserId === null) return;
  if (input.delegateUserId === userId) throw unprocessable('A user cannot delegate to themselves');
  const delegate = (await usersById(tx, [input.delegateUserId])).get(input.delegateUserId);
  if (!delegate) throw notFound('The delegate');
  if (delegate.status !== 'Active') throw unprocessable(`${delegate.name} is ${delegate.status.toLowerCase()}: choose an active user as delegate`);
}

/** Sets a user's tags (replacing them) and delegation; without a delegate the dates are cleared. */
export async function saveActor(tx: Tx, scope: KitScope, userId: string, input: ActorData, today: string): Promise<ActorView> {
  const before = await getActor(tx, userId, today);
  const tagIds = [...new Set(input.tags)];
  const known = await tagsById(tx, tagIds);
  if (tagIds.some((id) => !known.has(id))) throw notFound('Tag');
  await checkDelegate(tx, userId, input);
  const delegation = input.delegateUserId === null
    ? { delegateUserId: null, delegateFrom: null, delegateTo: null }
    : { delegateUserId: input.delegateUserId, delegateFrom: input.delegateFrom, delegateTo: input.delegateTo };
  await tx
    .insert(workflowActors)
    .values({ tenantId: scope.tenantId, userId, ...delegation })
    .onConflictDoUpdate({ target: [workflowActors.tenantId, workflowActors.userId], set: { ...delegation, updatedAt: sql`now()` } });
  await tx.delete(workflowTagMembers).where(eq(workflowTagMembers.userId, userId));
  if (tagIds.length > 0) await tx.insert(workflowTagMembers).values(tagIds.map((tagId) => ({ tenantId: scope.tenantId, tagId, userId })));
  const after = await getActor(tx, userId, today);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'workflowActor', recordId: userId, action: 'edit', before, after }]);
  return after;
}

/** Active users for pickers: name and mail address. */
export async function lookupUsers(tx: Tx, search: string | undefined, limit: number): Promise<UserLookupItem[]> {
  const rows = await tx.select(userColumns).from(users).where(and(eq(users.status, 'Active'), searchUsers(search))).orderBy(asc(users.name), asc(users.userId)).limit(limit);
  return rows.map((r) => ({ id: r.id, label: `${r.name} (${r.mailAddress})` }));
}
