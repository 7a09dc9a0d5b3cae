import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EntityDef } from '@erp/contracts';
import type { Tx } from '../db/client';
import type { Scope } from '../http/actor';

export type KitScope = Scope;

/** A kit table: the kit columns plus one column per entity field (same names). */
export type KitTable = PgTable & { tenantId: PgColumn; id: PgColumn; createdAt: PgColumn; updatedAt: PgColumn; companyId?: PgColumn };

/** Checks an entity needs beyond field rules (a tree without cycles, a parent that is a header). */
export type KitRule = (tx: Tx, scope: KitScope, input: Record<string, unknown>, id: string | undefined) => Promise<void>;

/**
 * The value of an entity's `generatedKey` field when a new record leaves it empty: the next number
 * of the module's sequence, taken in the caller's transaction (gapless: a refused save returns it).
 * `input` is the record as given (an asset's class names the sequence of its assets).
 */
export type KeyGenerator = (tx: Tx, scope: KitScope, input: Record<string, unknown>) => Promise<string>;

export type KitBinding = { def: EntityDef; table: KitTable; rules?: KitRule[]; generateKey?: KeyGenerator };

/** Every kit entity of the application, by name and by table, for references between them. */
export class EntityRegistry {
  private readonly byName = new Map<string, KitBinding>();
  private readonly byTable = new Map<string, KitBinding>();

  register(binding: KitBinding): void {
    if (this.byName.has(binding.def.name)) throw new Error(`Entity ${binding.def.name} is registered twice`);
    for (const field of Object.keys(binding.def.fields)) {
      if (!(field in binding.table)) throw new Error(`Table ${getTableName(binding.table)} has no column for field ${binding.def.name}.${field}`);
    }
    this.byName.set(binding.def.name, binding);
    this.byTable.set(getTableName(binding.table), binding);
  }

  get(name: string): KitBinding {
    const b = this.byName.get(name);
    if (!b) throw new Error(`Unknown entity ${name}`);
    return b;
  }

  forTable(tableName: string): KitBinding | undefined {
    return this.byTable.get(tableName);
  }

  all(): KitBinding[] {
    return [...this.byName.values()];
  }
}

export const columnOf = (table: KitTable, field: string): PgColumn => (table as unknown as Record<string, PgColumn>)[field]!;
