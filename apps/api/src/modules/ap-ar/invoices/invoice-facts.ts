import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentTermRuleSchema, type Face, type PaymentTermRule } from '@erp/contracts';
import { pgArray, rowsOf, type Tx } from '../../../platform/db/client';
import { unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { companies, currencies } from '../../organisation/index';
import { taxes } from '../../ledger/index';
import { faceTables } from '../parties.tables';

/** What a document needs of its party: its group's control account and profiles, its term and currency, its state. */
export type PartyFacts = {
  id: string;
  code: string;
  name: string;
  status: 'Active' | 'Inactive';
  onHold: boolean;
  groupCode: string;
  controlAccount: string;
  profileId: string | null;
  groupProfileId: string | null;
  termId: string | null;
  currency: string | null;
  /** Customers: the credit limit in the company's base currency (major units, decimal text); null: none. */
  creditLimit: string | null;
};

export async function partyFacts(tx: Tx, scope: KitScope, face: Face, partyId: string): Promise<PartyFacts> {
  const row = (await partiesFacts(tx, scope, face, [partyId])).get(partyId);
  if (!row) throw unprocessable(`party: the ${face.partyWord} does not exist in this company`);
  return row;
}

/** The facts of several parties in one statement (a payment run's), by id; a party of another company or face is absent. */
export async function partiesFacts(tx: Tx, scope: KitScope, face: Face, partyIds: string[]): Promise<Map<string, PartyFacts>> {
  if (partyIds.length === 0) return new Map();
  const t = faceTables[face.side];
  const limit = face.side === 'receivables' ? sql`p.credit_limit::text` : sql`null::text`;
  const rows = rowsOf<{ id: string; code: string; name: string; status: 'Active' | 'Inactive'; on_hold: boolean; group_code: string; control_account: string; profile_id: string | null; group_profile_id: string | null; term_id: string | null; currency: string | null; credit_limit: string | null }>(
    await tx.execute(sql`
      select p.id, p.code, p.name, p.status, p.on_hold, g.code as group_code, g.control_account, p.posting_profile as profile_id, g.posting_profile as group_profile_id,
        coalesce(p.payment_term, g.payment_term) as term_id, c.code as currency, ${limit} as credit_limit
      from unnest(${pgArray([...new Set(partyIds)])}::uuid[]) as a(id)
      join ${t.party} p on p.tenant_id = ${scope.tenantId}::uuid and p.id = a.id
      join ${t.group} g on g.tenant_id = p.tenant_id and g.id = p.party_group
      left join ${currencies} c on c.tenant_id = p.tenant_id and c.id = coalesce(p.currency, g.currency)
      where p.company_id = ${scope.companyId}::uuid`),
  );
  return new Map(rows.map((row) => [row.id, {
    id: row.id, code: row.code, name: row.name, status: row.status, onHold: row.on_hold, groupCode: row.group_code, controlAccount: row.control_account,
    profileId: row.profile_id, groupProfileId: row.group_profile_id, termId: row.term_id, currency: row.currency, creditLimit: row.credit_limit,
  }]));
}

/** The payment term as the due-date calculator takes it; null when the party and its group name none. */
export async function paymentTermOf(tx: Tx, scope: KitScope, face: Face, termId: string | null): Promise<PaymentTermRule | null> {
  if (!termId) return null;
  const t = faceTables[face.side].paymentTerm;
  const [row] = await tx.select().from(t).where(and(eq(t.companyId, scope.companyId), eq(t.id, termId)));
  if (!row) return null;
  return termRuleOf(row);
}

/** A payment term's row (as stored) as the due-date calculator takes it. */
export type TermRow = {
  code: string; description: string | null; basis: string; days: number | null; dayOfMonth: number | null;
  instalments: { percent?: string | number | null; amount?: string | null; basis: string; days?: number | null; dayOfMonth?: number | null }[];
  discountPercent: string | null; discountDays: number | null; discountBase: string;
};
export function termRuleOf(row: TermRow): PaymentTermRule {
  return paymentTermRuleSchema.parse({
    code: row.code, description: row.description, basis: row.basis, days: row.days ?? 0, dayOfMonth: row.dayOfMonth,
    instalments: row.instalments.map((i) => ({ percent: i.percent ?? null, amount: i.amount ?? null, basis: i.basis, days: i.days ?? 0, dayOfMonth: i.dayOfMonth ?? null })),
    discountPercent: row.discountPercent, discountDays: row.discountDays, discountBase: row.discountBase,
  });
}

type CurrencyFacts = { baseCurrency: string; scales: Record<string, number> };
/** Read once per transaction and company: a posting asks for them at several steps. */
const currencyCache = new WeakMap<Tx, Map<string, Promise<CurrencyFacts>>>();

/** The company's base currency and the minor digits of its currencies (one statement, once per transaction). */
export function currencyFacts(tx: Tx, scope: KitScope): Promise<CurrencyFacts> {
  let byCompany = currencyCache.get(tx);
  if (!byCompany) currencyCache.set(tx, (byCompany = new Map()));
  const cached = byCompany.get(scope.companyId);
  if (cached) return cached;
  const read = (async () => {
    const rows = rowsOf<{ base: string | null; code: string; minor: number }>(
      await tx.execute(sql`select (select c.base_currency from ${companies} c where c.tenant_id = ${scope.tenantId}::uuid and c.company_id = ${scope.companyId}::uuid) as base, k.code, k.minor_unit as minor
        from ${currencies} k where k.tenant_id = ${scope.tenantId}::uuid and k.status = 'Active'`),
    );
    return { baseCurrency: rows[0]?.base ?? 'USD', scales: Object.fromEntries(rows.map((r) => [r.code, Number(r.minor)])) };
  })();
  byCompany.set(scope.companyId, read);
  read.catch(() => byCompany.delete(scope.companyId));
  return read;
}

export type TaxFacts = { id: string; code: string; rate: string; kind: string; inputAccount: string | null; outputAccount: string | null; active: boolean };

export async function taxFacts(tx: Tx, scope: KitScope, ids: string[]): Promise<Map<string, TaxFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: taxes.id, code: taxes.code, rate: taxes.rate, kind: taxes.kind, inputAccount: taxes.inputAccount, outputAccount: taxes.outputAccount, active: taxes.active })
    .from(taxes)
    .where(and(eq(taxes.companyId, scope.companyId), inArray(taxes.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}
