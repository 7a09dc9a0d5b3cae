// Proves each module's manifest is true to its code: `register` adds exactly the routes the manifest declares (so the
// route tests, which take their tables from the manifests, test what the module serves); every route says whose rows it
// reaches; the pages it names are menu pages of SPEC.md section 2 that its routes and entities serve, each served by one
// module; its audit labels name its own tables.
import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMenuItems, isProtectedRoute } from '@erp/contracts';
import type { Access } from '../../src/platform/http/access';
import { ANY_PAGE } from '../../src/platform/http/access';
import { rowsOf } from '../../src/platform/db/client';
import { withSystem } from '../../src/platform/db/tenancy';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { routeRecorder, type SeenRoute } from '../helpers/routes';

let t: TestApp;
/** The routes each manifest's `register` adds, on an app of its own. */
const added = new Map<string, SeenRoute[]>();

beforeAll(async () => {
  t = await createTestApp();
  for (const module of t.platform.modules) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(fastifyRateLimit, { global: false });
    const recorder = routeRecorder();
    app.addHook('onRoute', recorder.onRoute);
    module.register(app, t.platform);
    await app.ready();
    added.set(module.name, recorder.routes);
    await app.close();
  }
});
afterAll(() => t.close());

const pagesOf = (access: unknown): string[] => {
  const a = access as Access | undefined;
  if (a?.kind !== 'user' || !a.page) return [];
  return [a.page].flat().filter((p) => p !== ANY_PAGE);
};

describe('the module manifests', () => {
  it('are named once each', () => {
    const names = t.platform.modules.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(['auth', 'organisation', 'ledger', 'admin', 'workflow'])('%s: register adds exactly the routes its manifest declares', (name) => {
    const module = t.platform.modules.find((m) => m.name === name)!;
    expect(added.get(name)!.map((r) => r.key).sort()).toEqual(Object.keys(module.routes).sort());
  });

  it('say why every route that is not company-scoped is not, and name the sample of a company route with an id only where it has one', () => {
    for (const module of t.platform.modules) {
      for (const [key, facts] of Object.entries(module.routes)) {
        if (facts.rows !== 'company') expect(facts.why.length, key).toBeGreaterThan(2);
        else if (facts.sample) expect(key, `${key}: a sample is the record its :id names`).toMatch(/:\w+/);
      }
    }
  });

  it('name as pages menu pages of SPEC.md section 2, each served by one module, and every page their routes and entities need', () => {
    const menu = new Set(allMenuItems().map((item) => item.link));
    const owner = new Map<string, string>();
    for (const module of t.platform.modules) {
      for (const page of module.pages ?? []) {
        expect(menu.has(page) || isProtectedRoute(page), `${module.name}: ${page} is no page of SPEC.md section 2`).toBe(true);
        expect(owner.get(page), `${page} is served by ${owner.get(page)} and ${module.name}`).toBeUndefined();
        owner.set(page, module.name);
      }
    }
    const needed = [
      ...[...added.values()].flat().flatMap((r) => pagesOf(r.access).map((page) => [page, r.key])),
      ...t.platform.entities.all().map((b) => [b.def.page, `entity ${b.def.name}`]),
    ];
    expect(needed.filter(([page]) => !owner.has(page!)).map(([page, by]) => `${page} (${by})`)).toEqual([]);
  });

  it('label records of tables that exist, with the key column the label reads', async () => {
    const columns = await withSystem(t.platform.database.db, async (tx) =>
      new Set(rowsOf<{ c: string }>(await tx.execute(sql`select table_name || '.' || column_name as c from information_schema.columns where table_schema = current_schema()`)).map((r) => r.c)));
    const labels = t.platform.auditLabels;
    expect(labels.length).toBeGreaterThan(20);
    expect(new Set(labels.map((l) => l.table)).size).toBe(labels.length);
    for (const label of labels) expect(columns.has(`${label.table}.${label.key}`), `${label.table}.${label.key}`).toBe(true);
  });

  it('give a new tenant and company what every module seeds: the built-in roles and the ledger books', async () => {
    const created = await t.tenant('MANIFEST');
    const counts = await withSystem(t.platform.database.db, async (tx) =>
      rowsOf<{ roles: number; accounts: number }>(await tx.execute(sql`select (select count(*)::int from roles where tenant_id = ${created.tenantId}) as roles,
        (select count(*)::int from accounts where company_id = ${created.companyId}) as accounts`))[0]!);
    expect(counts.roles).toBe(3);
    expect(counts.accounts).toBeGreaterThan(10);
  });
});
