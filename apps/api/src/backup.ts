// `npm run backup [-- file]` and `npm run restore -- file [--replace]`: the embedded database of DATA_DIR, with the server stopped.
import { loadConfig } from './platform/config';
import { backupPglite, restorePglite } from './platform/db/backup';

const [command, ...args] = process.argv.slice(2);
const config = loadConfig();

if (config.databaseUrl) {
  console.error('DATABASE_URL names a PostgreSQL server: back it up with pg_dump and restore it with pg_restore (README.md "Backup and restore").');
  process.exit(2);
}

try {
  if (command === 'backup') {
    const file = args[0] ?? `backups/erp-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    const done = await backupPglite(config.dataDir, file);
    console.log(`Backed up the embedded database of ${config.dataDir} to ${done.file} (${done.bytes} bytes)`);
  } else if (command === 'restore' && args[0]) {
    const done = await restorePglite(args[0], config.dataDir, { replace: args.includes('--replace') });
    console.log(`Restored ${args[0]} into ${done.dir}${done.keptAside ? `; the database it replaced is kept in ${done.keptAside}` : ''}`);
  } else {
    console.error('Usage: npm run backup [-- <file>]   |   npm run restore -- <file> [--replace]');
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
