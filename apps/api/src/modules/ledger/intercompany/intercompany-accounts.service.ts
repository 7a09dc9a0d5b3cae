import { and, asc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import { intercompanyTemplateOperations, type IntercompanyAccountsInput, type IntercompanyPartner } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { containsPattern } from '../../../platform/db/search';
import { recordAudit } from '../../../platform/audit/audit';
import { notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { companies } from '../../organisation/index';
import { accountClasses, accountGroups, accounts } from '../setup/setup.tables';
import { intercompanyAccounts } from './intercompany.tables';
import { companyOf, partnerOf, requireLabel } from './intercompany-scope';
import type { Actor } from '../journals/journals.service';

/*
 * The due-to/due-from accounts of each company towards each partner (where SPEC.md is silent: a
 * per company-pair setting, kept on the intercompany journal template screen under its labels).
 */

const label = (code: string | null, name: string | null) => (code === null ? null : `${code} · ${name ?? ''}`);

/** Every other company of the tenant, with this company's due accounts towards it and whether it has set its own. */
export async function listPartners(tx: Tx, scope: KitScope): Promise<IntercompanyPartner[]> {
  const rows = await tx
    .select({ id: companies.companyId, code: companies.code, description: companies.description, baseCurrency: companies.baseCurrency, dueFrom: intercompanyAccounts.dueFromAccount, dueTo: intercompanyAccounts.dueToAccount })
    .from(companies)
    .leftJoin(intercompanyAccounts, and(eq(intercompanyAccounts.companyId, scope.companyId), eq(intercompanyAccounts.partnerCompanyId, companies.companyId)))
    .where(and(ne(companies.companyId, scope.companyId), eq(companies.status, 'Active')))
    .orderBy(asc(companies.code));
  const theirs = await tx.select({ company: intercompanyAccounts.companyId }).from(intercompanyAccounts).where(eq(intercompanyAccounts.partnerCompanyId, scope.companyId));
  const ready = new Set(theirs.map((r) => r.company));
  const ids = rows.flatMap((r) => [r.dueFrom, r.dueTo]).filter((v): v is string => !!v);
  const names = ids.length ? await tx.select({ id: accounts.id, code: accounts.code, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids)) : [];
  const nameOf = (id: string | null) => {
    const a = id ? names.find((n) => n.id === id) : undefined;
    return a ? label(a.code, a.name) : null;
  };
  return rows.map((r) => ({
    id: r.id, code: r.code, description: r.description, baseCurrency: r.baseCurrency,
    dueFromAccount: r.dueFrom, dueFromLabel: nameOf(r.dueFrom), dueToAccount: r.dueTo, dueToLabel: nameOf(r.dueTo), partnerReady: ready.has(r.id),
  }));
}

/** An account of the company fit to carry intercompany balances: active, posting, no subledger control, of the category asked. */
async function checkDueAccount(tx: Tx, scope: KitScope, id: string, category: 'Asset' | 'Liability', what: string): Promise<void> {
  const [row] = await tx
    .select({ code: accounts.code, kind: accounts.kind, active: accounts.active, control: accounts.controlType, category: accountClasses.category })
    .from(accounts)
    .innerJoin(accountGroups, eq(accountGroups.id, accounts.accountGroup))
    .innerJoin(accountClasses, eq(accountClasses.id, accountGroups.accountClass))
    .where(and(eq(accounts.id, id), eq(accounts.companyId, scope.companyId)));
  if (!row) throw notFound(`The ${what} account`);
  if (row.kind !== 'Posting' || !row.active) throw unprocessable(`Account ${row.code} is not an active posting account`);
  if (row.control !== 'None') throw unprocessable(`Account ${row.code} is a ${row.control} control account: only its subledger posts to it`);
  if (row.category !== category) throw unprocessable(`The ${what} account must be an ${category.toLowerCase()} account; ${row.code} is ${/^[AEIOU]/.test(row.category) ? 'an' : 'a'} ${row.category.toLowerCase()} account`);
}

/** Sets this company's due accounts towards a partner (Save the first time, Edit after). */
export async function saveDueAccounts(tx: Tx, actor: Actor, partnerId: string, input: IntercompanyAccountsInput): Promise<IntercompanyPartner> {
  const partner = await partnerOf(tx, actor, partnerId);
  const [before] = await tx.select().from(intercompanyAccounts).where(and(eq(intercompanyAccounts.companyId, actor.companyId), eq(intercompanyAccounts.partnerCompanyId, partnerId)));
  requireLabel(actor, before ? intercompanyTemplateOperations.edit : intercompanyTemplateOperations.save);
  await checkDueAccount(tx, actor, input.dueFromAccount, 'Asset', 'due-from');
  await checkDueAccount(tx, actor, input.dueToAccount, 'Liability', 'due-to');
  const values = { dueFromAccount: input.dueFromAccount, dueToAccount: input.dueToAccount };
  await tx
    .insert(intercompanyAccounts)
    .values({ tenantId: actor.tenantId, companyId: actor.companyId, partnerCompanyId: partnerId, ...values })
    .onConflictDoUpdate({ target: [intercompanyAccounts.tenantId, intercompanyAccounts.companyId, intercompanyAccounts.partnerCompanyId], set: { ...values, updatedAt: new Date() } });
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'intercompanyAccounts', recordId: `${actor.companyId}:${partnerId}`, action: before ? 'edit' : 'create', before, after: values }]);
  const found = (await listPartners(tx, actor)).find((p) => p.id === partner.id);
  if (!found) throw notFound('Partner company');
  return found;
}

export async function deleteDueAccounts(tx: Tx, actor: Actor, partnerId: string): Promise<void> {
  requireLabel(actor, intercompanyTemplateOperations.delete);
  const [before] = await tx
    .delete(intercompanyAccounts)
    .where(and(eq(intercompanyAccounts.companyId, actor.companyId), eq(intercompanyAccounts.partnerCompanyId, partnerId)))
    .returning();
  if (!before) throw notFound('The due accounts for this partner');
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'intercompanyAccounts', recordId: `${actor.companyId}:${partnerId}`, action: 'delete', before }]);
}

export type DueAccounts = { dueFromAccountId: string; dueToAccountId: string };

/** The due accounts a company set towards a partner, or a refusal that says who must set them. */
export async function dueAccountsOf(tx: Tx, companyId: string, partnerId: string): Promise<DueAccounts> {
  const [row] = await tx.select().from(intercompanyAccounts).where(and(eq(intercompanyAccounts.companyId, companyId), eq(intercompanyAccounts.partnerCompanyId, partnerId)));
  if (row) return { dueFromAccountId: row.dueFromAccount, dueToAccountId: row.dueToAccount };
  const [company, partner] = [await companyOf(tx, companyId), await companyOf(tx, partnerId)];
  throw unprocessable(`Company ${company.code} has no due-from and due-to accounts for ${partner.code}: set them on the intercompany journal template screen`);
}

/** Posting accounts of either company of a pair, for the line grid's pickers. */
export async function lookupPairAccounts(tx: Tx, scope: KitScope, companyId: string, search: string | undefined, limit: number): Promise<{ id: string; label: string }[]> {
  if (companyId !== scope.companyId) await partnerOf(tx, scope, companyId);
  const conditions = [eq(accounts.companyId, companyId), eq(accounts.kind, 'Posting'), eq(accounts.active, true)];
  const text = search?.trim();
  const where = text ? and(...conditions, or(ilike(accounts.code, containsPattern(text)), ilike(accounts.name, containsPattern(text)))) : and(...conditions);
  const rows = await tx.select({ id: accounts.id, code: accounts.code, name: accounts.name }).from(accounts).where(where).orderBy(asc(accounts.code)).limit(limit);
  return rows.map((r) => ({ id: r.id, label: `${r.code} · ${r.name}` }));
}
