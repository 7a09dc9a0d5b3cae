import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './client';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
/** Any fixed number: the advisory lock that lets only one server migrate at a time. */
const MIGRATION_LOCK_KEY = 724_100_001;

type Migration = { tag: string; hash: string; statements: string[] };

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map(({ tag }) => {
    const text = readFileSync(path.join(dir, `${tag}.sql`), 'utf8');
    return {
      tag,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean),
    };
  });
}

/**
 * Applies the committed drizzle-kit migrations in one transaction under an advisory lock, so two
 * servers starting at once neither both apply nor see a half-migrated schema. A migration that
 * was changed after it ran is refused: migrations are append-only.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql`create table if not exists erp_migrations (tag text primary key, hash text not null, applied_at timestamptz not null default now())`,
    );
    const done = rowsOf<{ tag: string; hash: string }>(await tx.execute(sql`select tag, hash from erp_migrations`));
    const applied = new Map(done.map((r) => [r.tag, r.hash]));
    const ran: string[] = [];
    for (const m of migrations) {
      const previous = applied.get(m.tag);
      if (previous !== undefined) {
        if (previous !== m.hash) throw new Error(`Migration ${m.tag} was changed after it was applied`);
        continue;
      }
      for (const statement of m.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into erp_migrations (tag, hash) values (${m.tag}, ${m.hash})`);
      ran.push(m.tag);
    }
    if (ran.length > 0) await tx.execute(sql`select erp_secure_tenant_tables()`);
    return ran;
  });
}
