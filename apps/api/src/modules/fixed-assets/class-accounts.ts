import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db/client';
import type { KitScope } from '../../platform/kit/registry';
import { accounts, postingProfiles } from '../ledger/index';
import { assetClasses } from './assets.tables';

/*
 * The accounts of asset classes by posting role (RULES.md of this module: a class's posting profile,
 * else the Fixed Asset module default), read in one statement for any number of classes. Every
 * document of the module (disposal, revaluation, split, capitalisation, stock issue) takes its accounts
 * here; each says itself which missing account refuses its posting.
 */

/** Our name of each role, and its column on posting_profiles. */
const ROLE_COLUMNS = {
  control: 'control_account',
  accumulated: 'accumulated_depreciation_account',
  expense: 'depreciation_expense_account',
  clearing: 'clearing_account',
  gain: 'disposal_gain_account',
  loss: 'disposal_loss_account',
  surplus: 'revaluation_surplus_account',
  revaluationLoss: 'revaluation_loss_account',
} as const;
export type ClassRole = keyof typeof ROLE_COLUMNS;

/** Per role: the account's id and code (null: none set), and whether it is a control account (its lines then name the asset). */
export type ClassAccounts = { [R in ClassRole]: string | null } & { [R in ClassRole as `${R}Code`]: string | null } & { [R in ClassRole as `${R}IsControl`]: boolean };

const roles = Object.keys(ROLE_COLUMNS) as ClassRole[];

function none(): ClassAccounts {
  const out: Record<string, string | boolean | null> = {};
  for (const r of roles) Object.assign(out, { [r]: null, [`${r}Code`]: null, [`${r}IsControl`]: false });
  return out as ClassAccounts;
}

/** The accounts of each class of `classIds` (a class of another company, or none, is absent from the map). */
export async function classAccounts(tx: Tx, scope: KitScope, classIds: readonly string[]): Promise<Map<string, ClassAccounts>> {
  const ids = [...new Set(classIds)];
  if (!ids.length) return new Map();
  const pick = sql.join(roles.map((r) => sql`(${r}, coalesce(p.${sql.raw(ROLE_COLUMNS[r])}, d.${sql.raw(ROLE_COLUMNS[r])}))`), sql`, `);
  const rows = rowsOf<{ class_id: string; role: ClassRole | null; account: string | null; code: string | null; control_type: string | null }>(
    await tx.execute(sql`
      with d as (select * from ${postingProfiles} where company_id = ${scope.companyId}::uuid and module = 'Fixed Asset' and module_default and active limit 1)
      select k.id as class_id, v.role, v.account, a.code, a.control_type
      from ${assetClasses} k
        left join ${postingProfiles} p on p.tenant_id = k.tenant_id and p.id = k.posting_profile and p.active
        left join d on true
        cross join lateral (values ${pick}) as v(role, account)
        left join ${accounts} a on a.tenant_id = k.tenant_id and a.id = v.account
      where k.tenant_id = ${scope.tenantId}::uuid and k.company_id = ${scope.companyId}::uuid and k.id = any(${`{${ids.join(',')}}`}::uuid[])`),
  );
  const out = new Map<string, ClassAccounts>();
  for (const r of rows) {
    const c = out.get(r.class_id) ?? none();
    if (r.role && r.account) Object.assign(c, { [r.role]: r.account, [`${r.role}Code`]: r.code, [`${r.role}IsControl`]: (r.control_type ?? 'None') !== 'None' });
    out.set(r.class_id, c);
  }
  return out;
}

/** One class's accounts (every role null when the class is unknown: the caller's refusal names the missing account). */
export async function accountsOfClass(tx: Tx, scope: KitScope, classId: string): Promise<ClassAccounts> {
  return (await classAccounts(tx, scope, [classId])).get(classId) ?? none();
}
