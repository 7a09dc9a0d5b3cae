import type { FastifyInstance } from 'fastify';
import type { EntityDef, EntityRecord, FieldDef } from '@erp/contracts';
import type { EntityRegistry } from '../../src/platform/kit/registry';
import { call, type Session } from '../helpers/test-app';

let counter = 0;
/** A unique code of at most `max` characters (currency codes have three). */
export function uniqueCode(max = 20): string {
  counter += 1;
  if (max <= 3) {
    const n = counter + 17_576 * Math.floor(Math.random() * 1);
    return String.fromCharCode(65 + (Math.floor(n / 676) % 26), 65 + (Math.floor(n / 26) % 26), 65 + (n % 26));
  }
  return `T${Date.now().toString(36).slice(-4)}${counter}`.toUpperCase().slice(0, max);
}

function sampleValue(field: string, f: FieldDef): unknown {
  switch (f.type) {
    case 'text':
      return field === 'code' || field === 'setting' || f.max! <= 3 ? uniqueCode(f.max) : `Sample ${f.label} ${counter}`.slice(0, f.max ?? 200);
    case 'longText':
      return `About ${f.label}`;
    case 'integer':
      return f.min ?? 1;
    case 'decimal':
      return '1.5';
    case 'boolean':
      return true;
    case 'date':
      // Each sample its own year: fiscal years may not overlap (1900-2179: dates end in 2199, and the import test takes 2190-2191).
      return field === 'endDate' ? `${1900 + (counter % 280)}-12-31` : `${1900 + (counter % 280)}-01-${field === 'startDate' ? '01' : '15'}`;
    case 'enum':
      return f.options![0];
    case 'textList':
    case 'rows':
      return [];
    case 'ref':
      return undefined;
  }
}

/**
 * What a reference of an entity must be for its rules to hold, by entity and field: a subsidiary
 * ledger names a control account of its module's subledger (the first module, payables).
 */
const REFERENCED: Record<string, Record<string, Record<string, unknown>>> = {
  subsidiary: { controlAccount: { controlType: 'Payables' } },
  vendorGroup: { controlAccount: { controlType: 'Payables' } },
  customerGroup: { controlAccount: { controlType: 'Receivables' } },
};
/** Values a sample of an entity must have for its rules to hold: a new company has its module defaults already. */
const OWN: Record<string, Record<string, unknown>> = {
  postingProfile: { moduleDefault: false },
  address: { country: 'NG' },
  vendor: { bic: 'DEUTDEFF' },
  customer: { bic: 'DEUTDEFF', mandateReference: null, mandateSignedOn: null, mandateSequence: null },
  bank: { bic: 'DEUTDEFF', accountNumber: 'DE89370400440532013000' },
  // In service before 2026 whatever the sample counter (the isolation test disposes of it in 2026).
  asset: { acquisitionDate: '2020-01-15', inServiceDate: '2020-01-15', openingAsOf: '2020-01-15' },
  maintenanceSchedule: { remindTo: 'maintenance@example.com' },
};

/**
 * A valid new record of any entity, made through the API: referenced records are made first
 * (optional references to the entity itself are left empty). `given`: values its referrer needs.
 */
export async function createSample(app: FastifyInstance, host: string, as: Session, registry: EntityRegistry, def: EntityDef, given: Record<string, unknown> = {}): Promise<EntityRecord> {
  const body: Record<string, unknown> = {};
  counter += 1;
  for (const [field, f] of Object.entries(def.fields)) {
    if (f.type === 'ref') {
      if (!f.required) continue;
      body[field] = (await createSample(app, host, as, registry, registry.get(f.ref!).def, REFERENCED[def.name]?.[field])).id;
    } else body[field] = sampleValue(field, f);
  }
  Object.assign(body, OWN[def.name], given);
  const res = await call<EntityRecord>(app, host, 'POST', `/${def.service}/${def.resource}`, body, as);
  if (res.status !== 200) throw new Error(`sample ${def.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
