// One permission style and one schema home (issue 19 part 7), read from the sources: a route file
// takes every request and response schema from @erp/contracts (the web infers its types from the
// same schemas), the actor of a request comes from platform/http/actor.ts, and a permission is
// the route's `config.access` (the guard checks it; auth/route-access.test.ts proves every route
// declares one), never an operation label a service looks up.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../');


function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sources(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}
const files = sources(SRC).map((full) => ({ file: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }));
const checked = files;
/** A file that registers routes: it types them with the zod provider. */
const isRouteFile = (text: string) => /\bZodTypeProvider\b/.test(text);

describe('route files', () => {
  it('are found (the scan reads the route files of every module and the kit)', () => {
    const routeFiles = files.filter((f) => isRouteFile(f.text)).map((f) => f.file);
    expect(routeFiles.length).toBeGreaterThan(10);
    expect(routeFiles).toContain('platform/kit/entity-routes.ts');
  });

  it('define no schema: every request and response schema comes from @erp/contracts', () => {
    // A type-only import names zod's types (a generic kit's schema parameters) and builds nothing.
    const inline = checked.filter((f) => isRouteFile(f.text) && /^import\s+(?!type\b)[^;]*from\s+['"]zod(\/[^'"]*)?['"]/m.test(f.text)).map((f) => f.file);
    expect(inline).toEqual([]);
  });

  it('import no schema the API built itself: no API file but the server settings builds an object schema', () => {
    // platform/config.ts reads the environment, which is no request.
    const built = checked.filter((f) => f.file !== 'platform/config.ts' && /\bz\.(object|strictObject|looseObject|discriminatedUnion)\(/.test(f.text)).map((f) => f.file);
    expect(built).toEqual([]);
  });

  it('take the actor of a request from the platform, not from a copy of their own', () => {
    const copies = checked
      .filter((f) => f.file !== 'platform/http/actor.ts' && f.file !== 'platform/http/guard.ts')
      .filter((f) => /import\s*\{[^}]*\bprincipalOf\b[^}]*\}\s*from\s*['"][./]*(platform\/)?http\/guard['"]|\b(const|function)\s+(actorOf|scopeOf|meOf)\b/.test(f.text))
      .map((f) => f.file);
    expect(copies).toEqual([]);
  });
});

describe('services', () => {
  /**
   * Where a permission depends on what only the stored record says: the route declares every label
   * it may take (a role holding none is refused before anything is read), and one place requires
   * the exact one once the record is read. Each with why.
   */
  const DATA_DEPENDENT: Record<string, string> = {
    'platform/kit/documents.ts': "the label of a stored document's kind (EditOpeningBalanceJournal...), known once its header is read: the kit's one check for every document",
    'modules/ledger/periods/approvals.ts': "the workflow engine's submission route serves every approval type: PeriodClosing's adapter requires EditAccountingPeriod of a user acting without a workflow",
    'modules/ap-ar/payments/payments.approvals.ts': "the workflow engine's submission route serves every approval type: a payment reversal approval's adapter requires Edit<Vendor|Customer>Payment of a user acting without a workflow",
    'modules/ap-ar/payment-runs/payment-runs.approvals.ts': "the workflow engine's submission route serves every approval type: a payment run reversal approval's adapter requires Edit<Vendor|Customer>PaymentRun of a user acting without a workflow",
    'modules/cash-management/fund-transfers.routes.ts': 'Divide takes the holder of the open FundTransfer task while an approval runs, else EditFundTransfer: known once the transfer and its approval are read',
    'modules/ledger/intercompany/intercompany-scope.ts': 'setting the due accounts towards a partner is a Save the first time and an Edit after: known once the stored accounts are read (intercompany-accounts.service.ts)',
  };

  it('refuse no operation label: the route declares it in config.access', () => {
    const checks = checked.filter((f) => !DATA_DEPENDENT[f.file] && !f.file.startsWith('platform/http/') && /\boperations\.has\(/.test(f.text)).map((f) => f.file);
    expect(checks).toEqual([]);
    for (const file of Object.keys(DATA_DEPENDENT)) expect(files.find((f) => f.file === file)?.text).toMatch(/\boperations\.has\(|requireOperation\(/);
  });
});
