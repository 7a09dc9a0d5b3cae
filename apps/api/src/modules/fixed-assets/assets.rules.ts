import { and, eq, sql } from 'drizzle-orm';
import { ASSET_DRAFT, fieldRefusal, type AssetState } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { unprocessable } from '../../platform/http/errors';
import type { KeyGenerator, KitRule, KitScope } from '../../platform/kit/registry';
import { moduleSequence, nextNumber, postingProfiles } from '../ledger/index';
import { assetClasses, assets } from './assets.tables';
import { baseCurrencyOf } from './money';

/* The rules of fixed-asset master data (RULES.md of this module): KitRules with words a user can act on. */

const refuse = (field: string, message: string) => unprocessable(fieldRefusal(field, message));
const isUuid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** A class's posting profile is one of Fixed Asset; a residual percent is at most 100; a fixed rate is for declining balance. */
export const assetClassFits: KitRule = async (tx, scope, input) => {
  if (typeof input.postingProfile === 'string') {
    const [p] = await tx.select({ code: postingProfiles.code, module: postingProfiles.module }).from(postingProfiles).where(and(eq(postingProfiles.id, input.postingProfile), eq(postingProfiles.companyId, scope.companyId)));
    if (p && p.module !== 'Fixed Asset') throw refuse('postingProfile', `Posting profile ${p.code} is for ${p.module}; choose a profile of Fixed Asset`);
  }
  if (input.residualKind === 'Percent' && input.residualValue != null && Number(input.residualValue) > 100) throw refuse('residualValue', 'A residual percent is at most 100');
  if (input.rate != null && input.rate !== '' && Number(input.rate) <= 0) throw refuse('rate', 'A declining rate is above 0 (or empty: the rate that reaches the residual)');
  if (input.factor != null && input.factor !== '' && Number(input.factor) <= 0) throw refuse('factor', 'A declining factor is above 0 (or empty: 2)');
};

/** The financial fields an asset keeps once it is active: changing them regenerates the schedule, which is not done by an edit. */
const TERMS = ['assetClass', 'acquisitionDate', 'cost', 'inServiceDate', 'residualValue', 'method', 'lifeMonths', 'unitsTotal', 'openingAccumulated', 'openingAsOf'] as const;

/** Decimals an amount may carry: the company's base currency's. */
function fitsScale(field: string, value: unknown, scale: number, label: string) {
  if (value == null || value === '') return;
  const frac = String(value).split('.')[1]?.replace(/0+$/, '') ?? '';
  if (frac.length > scale) throw refuse(field, `${label} has more than ${scale} decimals (the company's currency)`);
}

/**
 * An asset is created as a draft; its state changes only by its own actions (Activate, the
 * depreciation run, disposal...), never by an edit; an active asset's financial terms are kept.
 */
export const assetFits: KitRule = async (tx, scope, input, id) => {
  const { scale } = await baseCurrencyOf(tx, scope);
  fitsScale('cost', input.cost, scale, 'The cost');
  fitsScale('residualValue', input.residualValue, scale, 'The residual value');
  fitsScale('openingAccumulated', input.openingAccumulated, scale, 'The opening accumulated depreciation');
  if (input.residualValue != null && input.residualValue !== '' && Number(input.residualValue) > Number(input.cost)) throw refuse('residualValue', 'The residual value cannot exceed the cost');
  if (input.inServiceDate && input.acquisitionDate && String(input.inServiceDate) < String(input.acquisitionDate)) throw refuse('inServiceDate', 'The in-service date cannot be before the acquisition date');
  const opening = input.openingAccumulated != null && input.openingAccumulated !== '' && Number(input.openingAccumulated) > 0;
  if (opening && !input.openingAsOf) throw refuse('openingAsOf', 'Give the date the opening accumulated depreciation covers');
  if (typeof input.assetClass === 'string') {
    const [c] = await tx.select({ code: assetClasses.code, active: assetClasses.active, method: assetClasses.method }).from(assetClasses).where(and(eq(assetClasses.id, input.assetClass), eq(assetClasses.companyId, scope.companyId)));
    if (c && !c.active && !id) throw refuse('assetClass', `Asset class ${c.code} is inactive`);
    if ((input.method ?? c?.method) === 'Units of production' && !input.unitsTotal) throw refuse('unitsTotal', 'Units of production: give the units of the whole life');
  }
  if (!id) {
    if (input.status !== undefined && input.status !== ASSET_DRAFT) throw refuse('status', 'A new asset is a draft: activate it from its screen (/asset)');
    return;
  }
  const [before] = await tx.select().from(assets).where(and(eq(assets.id, id), eq(assets.companyId, scope.companyId)));
  if (!before) return;
  if (input.status !== undefined && input.status !== before.status) throw refuse('status', `The status changes by the asset's actions (Activate, depreciation, disposal), not by an edit; it is ${before.status}`);
  if (before.status === ASSET_DRAFT) return;
  for (const f of TERMS) {
    const a = before[f];
    const b = input[f];
    const same = a == null || a === '' ? b == null || b === '' : b != null && (typeof a === 'string' && /^-?\d+(\.\d+)?$/.test(a) ? Number(a) === Number(b) : String(a) === String(b));
    if (!same) throw refuse(f, `Asset ${before.code} is ${before.status.toLowerCase()}: its financial terms change by Change terms on its screen (/asset), which regenerates the schedule, not by an edit`);
  }
};

/** Asset states that are done with depreciation. */
export const closedStates: readonly AssetState[] = ['Disposed', 'Split'];

/**
 * An asset's code left empty: the next number of its class's sequence, or of /module-config
 * AssetSequence (Fixed Asset) when the class names none.
 */
export const assetKey: KeyGenerator = async (tx, scope, input) => {
  const cls = input.assetClass;
  let sequence: string | null = null;
  if (typeof cls === 'string') {
    const [c] = await tx
      .select({ sequence: assetClasses.numberSequence })
      .from(assetClasses)
      .where(and(eq(assetClasses.companyId, scope.companyId), isUuid(cls) ? eq(assetClasses.id, cls) : sql`lower(${assetClasses.code}) = lower(${cls})`));
    sequence = c?.sequence ?? null;
  }
  sequence ??= await moduleSequence(tx, scope, 'Fixed Asset', 'Asset');
  return nextNumber(tx, scope, sequence, new Date().toISOString().slice(0, 10));
};

export type { KitScope, Tx };
