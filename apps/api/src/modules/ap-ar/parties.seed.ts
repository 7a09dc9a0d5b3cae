import { and, eq } from 'drizzle-orm';
import { faces, sides, type Face } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { postingProfiles, seedNumberSequence } from '../ledger/index';
import { faceTables } from './parties.tables';

/** What each face seeds: its number sequence (code and prefix) for party codes. */
const SEQUENCES: Record<Face['side'], { code: string; prefix: string }> = {
  payables: { code: 'VEND', prefix: 'V' },
  receivables: { code: 'CUST', prefix: 'C' },
};

/**
 * A new company's payables and receivables master data, per face: the NET30 payment term, the
 * LOCAL group on the control account of the module's default posting profile (seeded by the
 * ledger, which runs first), and the party-code sequence (VEND: V00001, CUST: C00001) named by
 * /module-config VendorSequence and CustomerSequence.
 */
export async function seedCompanyApAr(tx: Tx, tenantId: string, companyId: string): Promise<void> {
  const scope = { tenantId, companyId };
  for (const side of sides) {
    const face = faces[side];
    const tables = faceTables[side];
    const [term] = await tx
      .insert(tables.paymentTerm)
      .values({ ...scope, code: 'NET30', description: 'Net 30 days', basis: 'Net days', days: 30, instalments: [], discountBase: 'Including tax' })
      .returning({ id: tables.paymentTerm.id });
    const [profile] = await tx
      .select({ id: postingProfiles.id, controlAccount: postingProfiles.controlAccount })
      .from(postingProfiles)
      .where(and(eq(postingProfiles.companyId, companyId), eq(postingProfiles.module, face.module), eq(postingProfiles.moduleDefault, true)));
    if (profile?.controlAccount) {
      await tx.insert(tables.group).values({ ...scope, code: 'LOCAL', name: `Local ${face.partyWord}s`, controlAccount: profile.controlAccount, postingProfile: profile.id, paymentTerm: term!.id, dimensions: [] });
    }
    const { code, prefix } = SEQUENCES[side];
    await seedNumberSequence(tx, scope, { code, name: `${face.partyLabel} codes`, prefix, perYear: false, setting: { module: face.module, name: `${face.partyLabel}Sequence` } });
  }
}
