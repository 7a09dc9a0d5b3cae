import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/pglite): one gzipped tar of its
 * data directory, as PGlite dumps and loads it. The server must be stopped: PGlite is one process's
 * database, and a copy taken while it writes is not consistent. A PostgreSQL server is backed up
 * with pg_dump/pg_restore instead (README.md "Backup and restore").
 */
export const pgliteDir = (dataDir: string) => path.resolve(dataDir, 'pglite');

export async function backupPglite(dataDir: string, file: string): Promise<{ file: string; bytes: number }> {
  const dir = pgliteDir(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dir}`);
  const db = new PGlite(dir);
  try {
    await db.waitReady;
    // A checkpoint first: the dump holds the data files, not only the write-ahead log.
    await db.exec('checkpoint');
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, bytes);
    return { file: path.resolve(file), bytes: bytes.length };
  } finally {
    await db.close();
  }
}

/**
 * Loads a backup into DATA_DIR/pglite. An existing database is kept aside (renamed with the time
 * of the restore), never deleted, and only when `replace` says so.
 */
export async function restorePglite(file: string, dataDir: string, options: { replace?: boolean; now?: Date } = {}): Promise<{ dir: string; keptAside?: string }> {
  const dir = pgliteDir(dataDir);
  const archive = await readFile(file);
  let keptAside: string | undefined;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!options.replace) throw new Error(`${dir} already holds a database: restore with --replace to keep it aside and load the backup`);
    keptAside = `${dir}.before-restore-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir, keptAside);
  }
  mkdirSync(dir, { recursive: true });
  const db = new PGlite(dir, { loadDataDir: new Blob([archive]) });
  try {
    await db.waitReady;
    await db.query('select 1');
  } finally {
    await db.close();
  }
  return { dir, keptAside };
}
