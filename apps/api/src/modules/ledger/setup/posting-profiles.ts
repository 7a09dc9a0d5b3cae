import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { postingRoleNames, postingRoles, subledgerOfModule, type LedgerModule, type PostingRole } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { unprocessable } from '../../../platform/http/errors';
import type { KitRule, KitScope } from '../../../platform/kit/registry';
import { moduleConfigs } from '../periods/periods.tables';
import { accounts, operations, postingProfiles, subsidiaries, taxes } from './setup.tables';

type SubledgerModule = Exclude<LedgerModule, 'General Ledger'>;

/**
 * A posting profile holds only the roles its module posts with; its control account is a control
 * account of that module named by an active subsidiary ledger (/subsidiary declares each module's
 * control accounts); every other account is a posting account that is not a control account; one
 * active module default per module.
 */
export const profileFitsModule: KitRule = async (tx, scope, input, id) => {
  const module = input.module as SubledgerModule;
  const named = postingRoleNames.filter((role) => typeof input[role] === 'string');
  const foreign = named.find((role) => !(postingRoles[role].modules as readonly string[]).includes(module));
  if (foreign) throw unprocessable(`${module} posting profiles have no ${postingRoles[foreign].label.toLowerCase()}: their postings do not use one`);
  const ids = named.map((role) => input[role] as string);
  const found = ids.length === 0 ? [] : await tx.select({ id: accounts.id, code: accounts.code, kind: accounts.kind, controlType: accounts.controlType }).from(accounts).where(and(eq(accounts.companyId, scope.companyId), inArray(accounts.id, ids)));
  const byId = new Map(found.map((a) => [a.id, a]));
  for (const role of named) {
    const a = byId.get(input[role] as string);
    if (!a) continue; // the kit's reference check says the account does not exist
    if (a.kind !== 'Posting') throw unprocessable(`${postingRoles[role].label}: account ${a.code} is a header account`);
    if (role === 'controlAccount') {
      const control = subledgerOfModule[module].control;
      if (a.controlType !== control) throw unprocessable(`${postingRoles[role].label}: account ${a.code} is not a ${control ?? ''} control account`);
      const [ledger] = await tx.select({ id: subsidiaries.id }).from(subsidiaries).where(and(eq(subsidiaries.companyId, scope.companyId), eq(subsidiaries.module, module), eq(subsidiaries.controlAccount, a.id), eq(subsidiaries.active, true))).limit(1);
      if (!ledger) throw unprocessable(`${postingRoles[role].label}: account ${a.code} is not the control account of an active ${module} subsidiary ledger (/subsidiary)`);
    } else if (a.controlType !== 'None') {
      throw unprocessable(`${postingRoles[role].label}: account ${a.code} is a control account, which takes only its subledger's balances`);
    }
  }
  if (input.moduleDefault === true && input.active !== false) {
    const [other] = await tx
      .select({ code: postingProfiles.code })
      .from(postingProfiles)
      .where(and(eq(postingProfiles.companyId, scope.companyId), eq(postingProfiles.module, module), eq(postingProfiles.moduleDefault, true), eq(postingProfiles.active, true), id ? ne(postingProfiles.id, id) : undefined))
      .limit(1);
    if (other) throw unprocessable(`Posting profile ${other.code} is already the default of ${module}: clear it there first`);
  }
};

/** A subsidiary ledger names a control account of its own module's subledger. */
export const subsidiaryFitsModule: KitRule = async (tx, scope, input) => {
  const module = input.module as LedgerModule;
  const control = module === 'General Ledger' ? null : subledgerOfModule[module].control;
  if (!control) throw unprocessable(`${module} keeps no control account: it has no subsidiary ledger`);
  if (typeof input.controlAccount !== 'string') return;
  const [a] = await tx.select({ code: accounts.code, controlType: accounts.controlType }).from(accounts).where(and(eq(accounts.companyId, scope.companyId), eq(accounts.id, input.controlAccount)));
  if (a && a.controlType !== control) throw unprocessable(`Account ${a.code} is not a ${control} control account`);
};

export type ResolvedAccount = { accountId: string; code: string; name: string; from: 'party' | 'party group' | 'module default' };
/** Who a document posts for: the party's own accounts and profile, then its group's profile (labels say where to fix a gap). */
export type PostingParty = { label: string; accounts?: Partial<Record<PostingRole, string | null>>; profileId?: string | null; group?: { label: string; profileId?: string | null } };

/**
 * The accounts of a subledger posting by role: the party's own account, then its group's posting
 * profile, then the module's default posting profile; a role none of them fills is refused with
 * where to set it. Two statements, whatever the number of roles.
 */
export async function resolvePostingAccounts<R extends PostingRole>(tx: Tx, scope: KitScope, module: SubledgerModule, roles: readonly R[], party?: PostingParty): Promise<Record<R, ResolvedAccount>> {
  for (const role of roles) if (!(postingRoles[role].modules as readonly string[]).includes(module)) throw new Error(`${module} postings have no ${role}`);
  const profileIds = [party?.profileId, party?.group?.profileId].filter((p): p is string => !!p);
  const profiles = await tx
    .select()
    .from(postingProfiles)
    .where(and(eq(postingProfiles.companyId, scope.companyId), eq(postingProfiles.module, module), eq(postingProfiles.active, true), or(eq(postingProfiles.moduleDefault, true), profileIds.length ? inArray(postingProfiles.id, profileIds) : sql`false`)));
  const own = profiles.find((p) => p.id === party?.profileId);
  const group = profiles.find((p) => p.id === party?.group?.profileId);
  const fallback = profiles.find((p) => p.moduleDefault);
  const chosen = new Map<R, { id: string; from: ResolvedAccount['from'] }>();
  for (const role of roles) {
    const id = party?.accounts?.[role] ?? own?.[role];
    const pick = id ? { id, from: 'party' as const } : group?.[role] ? { id: group[role]!, from: 'party group' as const } : fallback?.[role] ? { id: fallback[role]!, from: 'module default' as const } : undefined;
    if (!pick) {
      const where = [party ? `on ${party.label}` : undefined, party?.group ? `on the posting profile of ${party.group.label}` : undefined, `on the default posting profile of ${module} (/posting-profile)`].filter(Boolean).join(', or ');
      throw unprocessable(`No ${postingRoles[role].label.toLowerCase()} for this ${module} posting: set one ${where}`);
    }
    chosen.set(role, pick);
  }
  const ids = [...new Set([...chosen.values()].map((c) => c.id))];
  const named = new Map((ids.length ? await tx.select({ id: accounts.id, code: accounts.code, name: accounts.name }).from(accounts).where(and(eq(accounts.companyId, scope.companyId), inArray(accounts.id, ids))) : []).map((a) => [a.id, a]));
  return Object.fromEntries(roles.map((role) => {
    const c = chosen.get(role)!;
    const a = named.get(c.id);
    if (!a) throw unprocessable(`The ${postingRoles[role].label.toLowerCase()} of this ${module} posting does not exist in this company`);
    return [role, { accountId: a.id, code: a.code, name: a.name, from: c.from }];
  })) as Record<R, ResolvedAccount>;
}

/** The tax account of a tax code: input tax on purchases, output tax on sales. */
export async function taxAccount(tx: Tx, scope: KitScope, taxId: string, side: 'input' | 'output'): Promise<string> {
  const [tax] = await tx.select({ code: taxes.code, input: taxes.inputAccount, output: taxes.outputAccount }).from(taxes).where(and(eq(taxes.companyId, scope.companyId), eq(taxes.id, taxId)));
  if (!tax) throw unprocessable('The tax code does not exist in this company');
  const account = side === 'input' ? tax.input : tax.output;
  if (!account) throw unprocessable(`Tax ${tax.code} has no ${side} tax account: set it on /tax`);
  return account;
}

/** The debit and credit accounts of an operation of a module (/operation), e.g. a bank's charges. */
export async function operationAccounts(tx: Tx, scope: KitScope, module: SubledgerModule, code: string): Promise<{ debit: string; credit: string }> {
  const [op] = await tx.select({ debit: operations.debitAccount, credit: operations.creditAccount }).from(operations).where(and(eq(operations.companyId, scope.companyId), eq(operations.module, module), sql`lower(${operations.code}) = lower(${code})`));
  if (!op) throw unprocessable(`No ${code} operation account for ${module}: define it on /operation`);
  return op;
}

/** The number sequence of a module's document type: the module setting `<DocumentType>Sequence` (/module-config). */
export async function moduleSequence(tx: Tx, scope: KitScope, module: SubledgerModule, documentType: string): Promise<string> {
  const setting = `${documentType}Sequence`;
  const [row] = await tx.select({ sequence: moduleConfigs.numberSequence }).from(moduleConfigs).where(and(eq(moduleConfigs.companyId, scope.companyId), eq(moduleConfigs.module, module), eq(moduleConfigs.setting, setting)));
  if (!row?.sequence) throw unprocessable(`${module} has no number sequence for ${documentType}: set ${setting} on /module-config`);
  return row.sequence;
}
