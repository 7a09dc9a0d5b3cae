import { and, eq, inArray } from 'drizzle-orm';
import type { CompanyConfig } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { companySettings, numberSequences } from '../periods/periods.tables';
import { accounts } from './setup.tables';

const accountFields = ['retainedEarningsAccount', 'roundingAccount', 'realisedFxGainAccount', 'realisedFxLossAccount', 'unrealisedFxAccount', 'suspenseAccount', 'exchangeAccount'] as const;


export async function getCompanyConfig(tx: Tx, scope: KitScope): Promise<CompanyConfig> {
  const [row] = await tx.select().from(companySettings).where(eq(companySettings.companyId, scope.companyId));
  return {
    retainedEarningsAccount: row?.retainedEarningsAccount ?? null,
    roundingAccount: row?.roundingAccount ?? null,
    realisedFxGainAccount: row?.realisedFxGainAccount ?? null,
    realisedFxLossAccount: row?.realisedFxLossAccount ?? null,
    unrealisedFxAccount: row?.unrealisedFxAccount ?? null,
    suspenseAccount: row?.suspenseAccount ?? null,
    exchangeAccount: row?.exchangeAccount ?? null,
    journalSequence: row?.journalSequence ?? null,
    creditLimitPolicy: row?.creditLimitPolicy ?? 'Refuse',
    sepaCreditorId: row?.sepaCreditorId ?? null,
    address: row?.address ?? null,
    taxNumber: row?.taxNumber ?? null,
    bankName: row?.bankName ?? null,
    iban: row?.iban ?? null,
    bic: row?.bic ?? null,
  };
}

/** The default accounts must be active posting accounts of the company; the sequence must be its own. */
export async function saveCompanyConfig(tx: Tx, scope: KitScope, input: CompanyConfig): Promise<CompanyConfig> {
  const ids = accountFields.map((f) => input[f]).filter((v): v is string => !!v);
  const found = ids.length
    ? await tx.select({ id: accounts.id, kind: accounts.kind, active: accounts.active, code: accounts.code }).from(accounts).where(and(inArray(accounts.id, ids), eq(accounts.companyId, scope.companyId)))
    : [];
  for (const f of accountFields) {
    const id = input[f];
    if (!id) continue;
    const account = found.find((a) => a.id === id);
    if (!account) throw notFound(`The account for ${f}`);
    if (account.kind !== 'Posting' || !account.active) throw unprocessable(`Account ${account.code} is not an active posting account`);
  }
  if (input.journalSequence) {
    const [seq] = await tx.select({ id: numberSequences.id }).from(numberSequences).where(and(eq(numberSequences.id, input.journalSequence), eq(numberSequences.companyId, scope.companyId)));
    if (!seq) throw notFound('Number Sequence');
  }
  const before = await getCompanyConfig(tx, scope);
  await tx
    .insert(companySettings)
    .values({ tenantId: scope.tenantId, companyId: scope.companyId, ...input })
    .onConflictDoUpdate({ target: [companySettings.tenantId, companySettings.companyId], set: { ...input, updatedAt: new Date() } });
  const after = await getCompanyConfig(tx, scope);
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'companyConfig', recordId: scope.companyId, action: 'edit', before, after }]);
  return after;
}
