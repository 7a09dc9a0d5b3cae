import { and, eq, inArray, or } from 'drizzle-orm';
import { parseMoney, parseRate, type IntercompanyCompany, type IntercompanyLineInput } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { allowCompanies } from '../../../platform/db/tenancy';
import { badRequest, forbidden, notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { companies } from '../../organisation/index';
import { accounts } from '../setup/setup.tables';
import { intercompanyJournals } from './intercompany.tables';
import type { Actor } from '../journals/journals.service';
import type { IntercompanyLine } from './intercompany';

/*
 * What every intercompany use case shares: the operation check, the two companies of a pair (the
 * partner must be another company of the same tenant: row-level security hides every other
 * tenant's, so naming one is "not found"), and lines whose accounts belong to their own company.
 */

export function requireLabel(actor: Actor, label: string): void {
  if (!actor.operations.has(label)) throw forbidden(`You are not permitted to do this (${label})`);
}

/** The actor working in another company of its tenant (the partner's journal, accounts, sequence). */
export const inCompany = <T extends KitScope>(actor: T, companyId: string): T => ({ ...actor, companyId });

export async function companyOf(tx: Tx, companyId: string, what = 'Company'): Promise<IntercompanyCompany & { status: string }> {
  const [row] = await tx
    .select({ id: companies.companyId, code: companies.code, description: companies.description, baseCurrency: companies.baseCurrency, status: companies.status })
    .from(companies)
    .where(eq(companies.companyId, companyId));
  if (!row) throw notFound(what);
  return row;
}

/**
 * The partner company of an intercompany document: another active company of the tenant. Found,
 * it joins the transaction's companies (the company policy): the document reads and posts in both.
 */
export async function partnerOf(tx: Tx, scope: KitScope, partnerId: string): Promise<IntercompanyCompany> {
  if (partnerId === scope.companyId) throw unprocessable('The partner company must be another company');
  const { status, ...partner } = await companyOf(tx, partnerId, 'Partner company');
  if (status !== 'Active') throw unprocessable(`Company ${partner.code} is not active`);
  await allowCompanies(tx, [scope.companyId, partnerId]);
  return partner;
}

/** A document of a pair that the user's company is part of: the transaction may use both companies. */
export const allowPair = (tx: Tx, doc: { companyId: string; partnerCompanyId: string }): Promise<void> => allowCompanies(tx, [doc.companyId, doc.partnerCompanyId]);

/** Every partner of the company's intercompany journals joins the transaction's companies (lists show both legs). */
export async function allowJournalPartners(tx: Tx, scope: KitScope): Promise<void> {
  const pairs = await tx
    .selectDistinct({ companyId: intercompanyJournals.companyId, partnerCompanyId: intercompanyJournals.partnerCompanyId })
    .from(intercompanyJournals)
    .where(or(eq(intercompanyJournals.companyId, scope.companyId), eq(intercompanyJournals.partnerCompanyId, scope.companyId)));
  await allowCompanies(tx, [scope.companyId, ...pairs.flatMap((p) => [p.companyId, p.partnerCompanyId])]);
}

export const companyView = ({ id, code, description, baseCurrency }: IntercompanyCompany): IntercompanyCompany => ({ id, code, description, baseCurrency });

type LineLike = { company: string; account: string };

/** Every line's account must exist in the line's company (one of the two of the pair). */
export async function checkLineAccounts(tx: Tx, lines: LineLike[], pair: IntercompanyCompany[]): Promise<Map<string, { code: string; name: string }>> {
  const ids = [...new Set(lines.map((l) => l.account))];
  const rows = ids.length
    ? await tx.select({ id: accounts.id, companyId: accounts.companyId, code: accounts.code, name: accounts.name }).from(accounts).where(and(inArray(accounts.id, ids), inArray(accounts.companyId, pair.map((c) => c.id))))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  lines.forEach((l, i) => {
    const company = pair.find((c) => c.id === l.company);
    if (!company) throw unprocessable(`Line ${i + 1}: the company must be this company or the partner`);
    if (byId.get(l.account)?.companyId !== l.company) throw unprocessable(`Line ${i + 1}: the account does not exist in company ${company.code}`);
  });
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }]));
}

/** Minor units of an amount at the currency's scale; a bad amount is the caller's 400 with its line. */
export function minorOf(text: string | undefined, scale: number, lineNo: number): bigint | null {
  if (!text) return null;
  try {
    return parseMoney(text, scale);
  } catch (e) {
    throw badRequest(`Line ${lineNo}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Input lines (decimal strings) as engine lines tagged with their company. */
export function toIntercompanyLines(input: IntercompanyLineInput[], scales: Record<string, number>): IntercompanyLine[] {
  return input.map((l, i) => {
    const scale = scales[l.currency];
    if (scale === undefined) throw unprocessable(`Line ${i + 1}: currency ${l.currency} is unknown or inactive`);
    const debitMinor = minorOf(l.debit, scale, i + 1) ?? 0n;
    const creditMinor = minorOf(l.credit, scale, i + 1) ?? 0n;
    if ((debitMinor === 0n) === (creditMinor === 0n)) throw unprocessable(`Line ${i + 1}: a line has a debit or a credit`);
    return {
      companyId: l.company,
      accountId: l.account,
      currency: l.currency,
      rate: l.rate ? parseRate(l.rate) : undefined,
      debitMinor,
      creditMinor,
      dimensions: l.dimensions ?? {},
      description: l.description ?? null,
      taxId: null,
    };
  });
}
