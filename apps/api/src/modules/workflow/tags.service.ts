import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TagView, tagInputSchema } from '@erp/contracts';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/client';
import { containsPattern } from '../../platform/db/search';
import { conflict, notFound } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import { users } from '../auth/index';
import { usersById } from './definition-refs';
import { escalationRules, workflowStepAssignees, workflowSteps, workflowTagMembers, workflowTags, workflows } from './workflow.tables';

/*
 * Tags (/workflow-tag): tenant-wide groups of users that steps and escalation rules name. A tag
 * that a step or rule names cannot be deleted: the step would lose its assignees.
 */

export type TagData = z.output<typeof tagInputSchema>;
type TagRow = typeof workflowTags.$inferSelect;

async function loadRow(tx: Tx, id: string, lock = false): Promise<TagRow> {
  const q = tx.select().from(workflowTags).where(eq(workflowTags.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Tag');
  return row;
}

async function membersOf(tx: Tx, tagIds: readonly string[]): Promise<Map<string, TagView['members']>> {
  const members = new Map<string, TagView['members']>();
  if (tagIds.length === 0) return members;
  const rows = await tx
    .select({ tagId: workflowTagMembers.tagId, id: users.userId, name: users.name, mailAddress: users.mailAddress })
    .from(workflowTagMembers)
    .innerJoin(users, eq(users.userId, workflowTagMembers.userId))
    .where(inArray(workflowTagMembers.tagId, [...tagIds]))
    .orderBy(asc(users.name), asc(users.userId));
  for (const r of rows) members.set(r.tagId, [...(members.get(r.tagId) ?? []), { id: r.id, name: r.name, mailAddress: r.mailAddress }]);
  return members;
}

const toView = (row: TagRow, members: TagView['members']): TagView => ({
  id: row.id, code: row.code, name: row.name, members, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
});

export async function getTag(tx: Tx, id: string): Promise<TagView> {
  const row = await loadRow(tx, id);
  return toView(row, (await membersOf(tx, [id])).get(id) ?? []);
}

async function refuseTakenCode(tx: Tx, code: string, exceptId?: string): Promise<void> {
  const conditions = [sql`lower(${workflowTags.code}) = lower(${code})`];
  if (exceptId) conditions.push(ne(workflowTags.id, exceptId));
  const [taken] = await tx.select({ id: workflowTags.id }).from(workflowTags).where(and(...conditions));
  if (taken) throw conflict(`A tag with code ${code} already exists`);
}

/** Members are users of the tenant, each once. */
async function memberIds(tx: Tx, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const known = await usersById(tx, unique);
  if (unique.some((id) => !known.has(id))) throw notFound('A member of the tag');
  return unique;
}

async function writeMembers(tx: Tx, tenantId: string, tagId: string, members: readonly string[]): Promise<void> {
  await tx.delete(workflowTagMembers).where(eq(workflowTagMembers.tagId, tagId));
  if (members.length > 0) await tx.insert(workflowTagMembers).values(members.map((userId) => ({ tenantId, tagId, userId })));
}

export async function createTag(tx: Tx, scope: KitScope, input: TagData): Promise<TagView> {
  await refuseTakenCode(tx, input.code);
  const members = await memberIds(tx, input.members);
  const [row] = await tx.insert(workflowTags).values({ tenantId: scope.tenantId, code: input.code, name: input.name }).returning();
  await writeMembers(tx, scope.tenantId, row!.id, members);
  const after = await getTag(tx, row!.id);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'workflowTag', recordId: row!.id, action: 'create', after }]);
  return after;
}

export async function editTag(tx: Tx, scope: KitScope, id: string, input: TagData): Promise<TagView> {
  await loadRow(tx, id, true);
  const before = await getTag(tx, id);
  await refuseTakenCode(tx, input.code, id);
  const members = await memberIds(tx, input.members);
  await tx.update(workflowTags).set({ code: input.code, name: input.name, updatedAt: sql`now()` }).where(eq(workflowTags.id, id));
  await writeMembers(tx, scope.tenantId, id, members);
  const after = await getTag(tx, id);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'workflowTag', recordId: id, action: 'edit', before, after }]);
  return after;
}

/** Names the first step or escalation rule that still names the tag. */
async function refuseNamedTag(tx: Tx, row: TagRow): Promise<void> {
  const [step] = await tx
    .select({ step: workflowSteps.name, workflow: workflows.name })
    .from(workflowStepAssignees)
    .innerJoin(workflowSteps, eq(workflowSteps.id, workflowStepAssignees.stepId))
    .innerJoin(workflows, eq(workflows.id, workflowSteps.workflowId))
    .where(eq(workflowStepAssignees.tagId, row.id))
    .orderBy(asc(workflows.name), asc(workflowSteps.stepNo))
    .limit(1);
  if (step) throw conflict(`Tag ${row.code} is an assignee of step ${step.step} of workflow ${step.workflow}: remove it there first`);
  const [rule] = await tx
    .select({ workflow: workflows.name })
    .from(escalationRules)
    .innerJoin(workflows, eq(workflows.id, escalationRules.workflowId))
    .where(eq(escalationRules.targetTagId, row.id))
    .orderBy(asc(workflows.name))
    .limit(1);
  if (rule) throw conflict(`Tag ${row.code} is the target of an escalation rule of workflow ${rule.workflow}: change that rule first`);
}

export async function deleteTag(tx: Tx, scope: KitScope, id: string): Promise<void> {
  const row = await loadRow(tx, id, true);
  await refuseNamedTag(tx, row);
  const before = await getTag(tx, id);
  await tx.delete(workflowTags).where(eq(workflowTags.id, id));
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'workflowTag', recordId: id, action: 'delete', before }]);
}

export type PageQuery = { search?: string; limit: number; page: number };

export async function listTags(tx: Tx, q: PageQuery): Promise<{ items: TagView[]; total: number }> {
  let where: SQL | undefined;
  if (q.search?.trim()) {
    const p = containsPattern(q.search.trim());
    where = or(ilike(workflowTags.code, p), ilike(workflowTags.name, p));
  }
  const rows = await tx.select().from(workflowTags).where(where).orderBy(asc(workflowTags.code), asc(workflowTags.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(workflowTags).where(where);
  const members = await membersOf(tx, rows.map((r) => r.id));
  return { items: rows.map((r) => toView(r, members.get(r.id) ?? [])), total: total?.n ?? 0 };
}
