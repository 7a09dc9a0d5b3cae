import { desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The sort of a fixed-asset document list (the run, the disposal, the revaluation, the split): by its
 * date (`dateKey`, oldest first; ties by creation), by number either way, else latest date first.
 */
export function documentListOrder(columns: { date: PgColumn; createdAt: PgColumn; number: PgColumn }, dateKey: string) {
  return (sort: string | undefined): (PgColumn | SQL)[] => {
    switch (sort) {
      case dateKey:
        return [columns.date, columns.createdAt];
      case 'number':
        return [columns.number];
      case '-number':
        return [desc(columns.number)];
      default:
        return [desc(columns.date), desc(columns.createdAt)];
    }
  };
}
