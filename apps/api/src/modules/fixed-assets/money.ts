import { and, eq } from 'drizzle-orm';
import { parseMoney } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import type { KitScope } from '../../platform/kit/registry';
import { companies, currencies } from '../organisation/index';

/** The company's base currency and its decimals: asset amounts are kept and posted in it. */
export async function baseCurrencyOf(tx: Tx, scope: KitScope): Promise<{ currency: string; scale: number }> {
  const [row] = await tx
    .select({ currency: companies.baseCurrency, scale: currencies.minorUnit })
    .from(companies)
    .innerJoin(currencies, and(eq(currencies.tenantId, companies.tenantId), eq(currencies.code, companies.baseCurrency)))
    .where(and(eq(companies.tenantId, scope.tenantId), eq(companies.companyId, scope.companyId)));
  return { currency: row?.currency ?? 'USD', scale: row?.scale ?? 2 };
}

/** A stored decimal ('24000.0000') in minor units of a currency of `scale` decimals. */
export function minorOf(value: string | null | undefined, scale: number): bigint {
  if (value == null || value === '') return 0n;
  const [whole, frac = ''] = value.split('.');
  return parseMoney(frac.replace(/0+$/, '') ? `${whole}.${frac.replace(/0+$/, '')}` : whole!, scale);
}
