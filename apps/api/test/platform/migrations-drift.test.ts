// Proves the committed migrations match the Drizzle schema: drizzle-kit finds nothing to generate.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/platform/db/migrate';

describe('migrations', () => {
  it('have no drift from the schema', () => {
    // drizzle-kit reads its output folder relative to the working directory.
    const apiDir = path.resolve(MIGRATIONS_DIR, '..');
    const out = mkdtempSync(path.join(apiDir, '.drift-'));
    try {
      cpSync(MIGRATIONS_DIR, out, { recursive: true });
      const before = readdirSync(out).length;
      const log = execFileSync(path.resolve(apiDir, '../../node_modules/.bin/drizzle-kit'), ['generate', '--name', 'drift'], {
        cwd: apiDir,
        env: { ...process.env, DRIZZLE_OUT: `./${path.basename(out)}` },
        encoding: 'utf8',
      });
      expect(readdirSync(out).length, log).toBe(before);
      expect(log).toMatch(/No schema changes/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
