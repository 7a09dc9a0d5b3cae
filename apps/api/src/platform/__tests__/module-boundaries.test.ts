// Keeps the modules apart (issue 19 part 6): the platform imports no module; a module reaches another only through its
// index.ts, except that its `*.tables.ts` files may import another module's tables for foreign keys; the modules depend
// on each other without a loop, and no source file is part of an import loop.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../');

type Import = { from: string; to: string; typeOnly: boolean };

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sources(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative import and re-export of the source files, resolved to a file, `src/`-relative. */
function imports(): Import[] {
  return sources(SRC).flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    return source.statements.flatMap((s): Import[] => {
      if (!(ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) || !s.moduleSpecifier || !ts.isStringLiteral(s.moduleSpecifier)) return [];
      const specifier = s.moduleSpecifier.text;
      if (!specifier.startsWith('.')) return [];
      const typeOnly = ts.isImportDeclaration(s) ? !!s.importClause?.isTypeOnly : s.isTypeOnly;
      const to = path.relative(SRC, path.resolve(path.dirname(file), specifier)).replace(/\.ts$/, '');
      return [{ from: path.relative(SRC, file).replace(/\.ts$/, ''), to, typeOnly }];
    });
  });
}

/** `modules/<name>/...` -> name; anything else (the platform, app.ts, main.ts) -> undefined. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];
const isTables = (file: string) => file.endsWith('.tables');

describe('module boundaries', () => {
  const all = imports();

  it('finds the imports it judges', () => {
    expect(all.length).toBeGreaterThan(300);
    expect(all.some((i) => i.from === 'app' && i.to === 'modules/ledger/index')).toBe(true);
  });

  it('lets no platform file import a module (modules are given to the platform through their manifests)', () => {
    expect(all.filter((i) => i.from.startsWith('platform/') && moduleOf(i.to)).map((i) => `${i.from} -> ${i.to}`)).toEqual([]);
  });

  it("reaches another module only through its index.ts, or its tables from a *.tables.ts file (foreign keys)", () => {
    const deep = all.filter((i) => {
      const target = moduleOf(i.to);
      if (!target || moduleOf(i.from) === target) return false;
      if (isTables(i.from)) return !isTables(i.to);
      return i.to !== `modules/${target}/index`;
    });
    expect(deep.map((i) => `${i.from} -> ${i.to}`)).toEqual([]);
  });

  it('has modules that depend on each other without a loop', () => {
    const uses = new Map<string, Set<string>>();
    for (const i of all) {
      const [from, to] = [moduleOf(i.from), moduleOf(i.to)];
      if (from && to && from !== to) uses.set(from, (uses.get(from) ?? new Set()).add(to));
    }
    expect(loops(uses)).toEqual([]);
    // The organisation seeds a new tenant and company through the manifests' seeders: it uses no other module.
    expect([...(uses.get('organisation') ?? [])]).toEqual([]);
  });

  it('has no loop of imports between source files (type-only imports aside: they vanish at run time)', () => {
    const edges = new Map<string, Set<string>>();
    for (const i of all.filter((x) => !x.typeOnly)) edges.set(i.from, (edges.get(i.from) ?? new Set()).add(i.to));
    expect(loops(edges)).toEqual([]);
  });
});

/** The strongly connected components of more than one node (Tarjan): each is a loop. */
function loops(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}
