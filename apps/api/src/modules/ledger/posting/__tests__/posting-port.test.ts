// Only the posting port writes the ledger: no other source file inserts ledger lines or opens the
// port's setting (the database refuses a ledger line written without it: ledger-integrity.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../');
const PORT = path.join('modules', 'ledger', 'posting', 'posting.service.ts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sources(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the posting port', () => {
  it('is the only code that writes ledger_entries or opens erp.ledger_port', () => {
    const writers = /insert\s+into\s+ledger_entries|\.insert\(\s*ledgerEntries\b|erp\.ledger_port/i;
    const offenders = sources(SRC)
      .filter((file) => path.relative(SRC, file) !== PORT && writers.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
    expect(writers.test(readFileSync(path.join(SRC, PORT), 'utf8'))).toBe(true);
  });

  it('offers the ledger no other way in: index.ts exports post and reverse, not the staging internals', () => {
    const index = readFileSync(path.join(SRC, 'modules', 'ledger', 'index.ts'), 'utf8');
    expect(index).toMatch(/export \{ postEntry, reverseEntry/);
    expect(index).not.toMatch(/stageEntry|NUMBER_WITH_LINES_MAX|postingFacts/);
  });
});
