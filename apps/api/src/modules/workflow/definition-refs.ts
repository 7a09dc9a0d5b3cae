import { eq, inArray } from 'drizzle-orm';
import type { Assignee, AssigneeView, UserRef } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { notFound, unprocessable } from '../../platform/http/errors';
import { companies, currencies } from '../organisation/index';
import { users } from '../auth/index';
import { workflowTags } from './workflow.tables';

/*
 * The users, tags and currency that workflow definitions name: loaded in one query per kind and
 * checked with messages that name the place in the input, never another tenant's row (RLS hides those).
 */

export type UserBrief = UserRef & { status: string };
export type TagBrief = { id: string; code: string; name: string };

/** A stored assignee: exactly one of the two ids is set (the table's check). */
export type StoredAssignee = { userId: string | null; tagId: string | null };

export async function usersById(tx: Tx, ids: readonly string[]): Promise<Map<string, UserBrief>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx.select({ id: users.userId, name: users.name, mailAddress: users.mailAddress, status: users.status }).from(users).where(inArray(users.userId, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function tagsById(tx: Tx, ids: readonly string[]): Promise<Map<string, TagBrief>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx.select({ id: workflowTags.id, code: workflowTags.code, name: workflowTags.name }).from(workflowTags).where(inArray(workflowTags.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

export const userRef = (u: UserBrief): UserRef => ({ id: u.id, name: u.name, mailAddress: u.mailAddress });
export const tagLabel = (t: TagBrief) => `${t.code} · ${t.name}`;

/** Refuses an assignee list naming an unknown tag, an unknown or inactive user, or one twice; `where` prefixes the message. */
export async function checkAssignees(tx: Tx, assignees: readonly Assignee[], where: string): Promise<void> {
  const seen = new Set<string>();
  for (const a of assignees) {
    if (seen.has(`${a.kind}:${a.id}`)) throw unprocessable(`${where} names the same ${a.kind === 'User' ? 'user' : 'tag'} twice`);
    seen.add(`${a.kind}:${a.id}`);
  }
  const userMap = await usersById(tx, assignees.filter((a) => a.kind === 'User').map((a) => a.id));
  const tagMap = await tagsById(tx, assignees.filter((a) => a.kind === 'Tag').map((a) => a.id));
  for (const a of assignees) {
    if (a.kind === 'Tag' && !tagMap.has(a.id)) throw notFound(`${where}: the tag`);
    if (a.kind !== 'User') continue;
    const user = userMap.get(a.id);
    if (!user) throw notFound(`${where}: the user`);
    if (user.status !== 'Active') throw unprocessable(`${where}: ${user.name} is ${user.status.toLowerCase()}; choose an active user`);
  }
}

export const toStoredAssignee = (a: Assignee): StoredAssignee => (a.kind === 'User' ? { userId: a.id, tagId: null } : { userId: null, tagId: a.id });

/** Stored assignees with the label a person reads: the user's name, or the tag's code and name. */
export async function assigneeViews(tx: Tx, stored: readonly StoredAssignee[]): Promise<AssigneeView[]> {
  const userMap = await usersById(tx, stored.flatMap((a) => (a.userId ? [a.userId] : [])));
  const tagMap = await tagsById(tx, stored.flatMap((a) => (a.tagId ? [a.tagId] : [])));
  return stored.map((a) => {
    if (a.userId) return { kind: 'User' as const, id: a.userId, label: userMap.get(a.userId)?.name ?? 'Unknown user' };
    const tag = tagMap.get(a.tagId!);
    return { kind: 'Tag' as const, id: a.tagId!, label: tag ? tagLabel(tag) : 'Unknown tag' };
  });
}

/** The company's base currency and its minor-unit scale: the currency of workflow thresholds. */
export async function baseCurrencyOf(tx: Tx, companyId: string): Promise<{ code: string; scale: number }> {
  const [row] = await tx
    .select({ code: companies.baseCurrency, scale: currencies.minorUnit })
    .from(companies)
    .leftJoin(currencies, eq(currencies.code, companies.baseCurrency))
    .where(eq(companies.companyId, companyId));
  if (!row) throw notFound('The company');
  return { code: row.code, scale: row.scale ?? 2 };
}
