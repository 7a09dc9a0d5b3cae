import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { unprocessable } from '../http/errors';
import { columnOf, type KitBinding, type KitRule } from './registry';

/** A record may not be its own ancestor: walks up `field` from the proposed parent. */
export function noCycle(b: () => KitBinding, field: string, label: string): KitRule {
  return async (tx, _scope, input, id) => {
    const parent = input[field];
    if (!id || typeof parent !== 'string') return;
    if (parent === id) throw unprocessable(`A ${label} cannot be its own parent`);
    const { table } = b();
    const parentCol = columnOf(table, field);
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`
        with recursive chain(id, depth) as (
          select ${table.id}, 1 from ${table} where ${table.id} = ${parent}
          union all
          select ${parentCol}, chain.depth + 1 from ${table} join chain on ${table.id} = chain.id
          where ${parentCol} is not null and chain.depth < 100
        ) select id from chain where id = ${id} limit 1`),
    );
    if (rows.length > 0) throw unprocessable(`The chosen parent lies below this ${label}: that would make a loop`);
  };
}
