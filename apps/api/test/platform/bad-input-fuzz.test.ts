// Fuzzes every write route and every list route of the OpenAPI document (derived from /docs/json, not listed by hand) with the bad-input kinds of issue 13 item 5, as an Administrator: no answer is a 5xx, every bad write is refused, and no table gains or loses a row.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, type Session, type TestApp, type TestTenant, createTestApp } from '../helpers/test-app';
import { openBooks } from '../ledger/helpers';
import { isApiPath } from '../../src/platform/http/guard';
import { declaredRoutes, kitRoutes, undeclaredRoutes } from '../helpers/routes';

type Schema = {
  type?: string; format?: string; pattern?: string; enum?: unknown[]; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; nullable?: boolean;
  properties?: Record<string, Schema>; items?: Schema; minItems?: number; minLength?: number; maxLength?: number; minimum?: number; maximum?: number;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Document = { paths: Record<string, Record<string, Operation>> };
type Mutation = { kind: string; field: string; value: unknown };

/** Requests per route, so a route with hundreds of fields cannot make the suite slow. */
const MUTATIONS_PER_ROUTE_MAX = 40;
const BAD_DATES = ['0000-01-01', '1899-12-31', '2200-01-01'];
const ID = '00000000-0000-4000-8000-000000000001';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FUZZ'));
  await openBooks(t, tenant, admin);
  doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/docs/json' })).body) as Document;
});
afterAll(() => t.close());

/** The first branch of a union that is not null: the shape a client would most likely send. */
const branch = (s: Schema): Schema => (s.anyOf ?? s.oneOf ?? s.allOf)?.find((b) => b.type !== 'null' && !(b.enum?.length === 1 && b.enum[0] === null)) ?? s;

/** A plausible value of a schema: the body the bad values are put into. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  const s = branch(schema);
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'string': {
      if (s.format === 'date') return '2026-03-10';
      if (s.format === 'date-time') return '2026-03-10T10:00:00Z';
      if (s.format === 'uuid') return ID;
      if (s.format === 'email') return 'someone@fuzz.test';
      const candidates = ['1', '1.5', 'USD', '2026-03-10', ID, 'Fuzz'];
      const fit = s.pattern ? candidates.find((c) => new RegExp(s.pattern!).test(c)) : undefined;
      const text = fit ?? 'Fuzz';
      return s.minLength && text.length < s.minLength ? text.padEnd(s.minLength, 'x') : s.maxLength && text.length > s.maxLength ? text.slice(0, s.maxLength) : text;
    }
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(2, s.minItems ?? 0) }, () => sample(s.items, depth + 1));
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    default:
      return 'Fuzz';
  }
}

const isNumericText = (s: Schema) => {
  const b = branch(s);
  return (b.type === 'string' && !!b.pattern && new RegExp(b.pattern).test('1')) || !!(s.anyOf && s.anyOf.some((x) => x.type === 'number') && s.anyOf.some((x) => x.type === 'string'));
};

/** The bad values of one field: a NUL in any text, dates outside 1900-2199, numbers padded with spaces, a rate of zero. */
function badValuesOf(name: string, schema: Schema): Mutation[] {
  const s = branch(schema);
  const isText = s.type === 'string' || !!schema.anyOf?.some((x) => x.type === 'string');
  const out: Mutation[] = [];
  if (isText && !s.enum) out.push({ kind: 'nul', field: name, value: `a\u0000b` });
  if (s.format === 'date') for (const d of BAD_DATES) out.push({ kind: 'date', field: name, value: d });
  if (isNumericText(schema)) {
    out.push({ kind: 'spaced', field: name, value: ' 1' }, { kind: 'spaced', field: name, value: '1 ' });
    if (/rate$/i.test(name)) out.push({ kind: 'zero-rate', field: name, value: '0' });
  }
  return out;
}

type Path = (string | number)[];
/** Every leaf of a body with its schema and its place. */
function leaves(schema: Schema | undefined, value: unknown, path: Path = [], out: { path: Path; schema: Schema }[] = []) {
  if (!schema) return out;
  const s = branch(schema);
  if (s.type === 'object' && value && typeof value === 'object') for (const [k, v] of Object.entries(s.properties ?? {})) leaves(v, (value as Record<string, unknown>)[k], [...path, k], out);
  else if (s.type === 'array' && Array.isArray(value) && value.length > 0) leaves(s.items, value[0], [...path, 0], out);
  else out.push({ path, schema });
  return out;
}

function setAt(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

const fieldName = (path: Path) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

async function send(method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId, 'idempotency-key': randomUUID() };
  const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  let message = '';
  try {
    message = String((JSON.parse(res.body) as { message?: unknown }).message ?? '');
  } catch {
    message = res.body.slice(0, 200);
  }
  return { status: res.statusCode, message };
}

const pathOf = (template: string, params: Parameter[], bad?: { name: string; value: string }) =>
  template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(bad?.name === name ? bad.value : String(sample(params.find((p) => p.in === 'path' && p.name === name)?.schema) ?? 'x')));

const queryOf = (values: Record<string, unknown>) => {
  const q = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
  return q ? `?${q}` : '';
};

/** Rows of every table of the database (as its owner, so every tenant's rows count). */
async function rowCounts(): Promise<Record<string, number>> {
  const db = t.platform.database;
  const { rows } = await db.query(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`, []);
  const names = (rows as { name: string }[]).map((r) => r.name);
  const counted = await db.query(names.map((n) => `select '${n}' as name, count(*)::int as n from "${n}"`).join(' union all '), []);
  return Object.fromEntries((counted.rows as { name: string; n: number }[]).map((r) => [r.name, r.n]));
}

describe('bad input on every route of the OpenAPI document', () => {
  it("fuzzes exactly the routes of the modules' manifests: the document has no API route they do not declare, and lacks none they do", () => {
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`))
      .filter((r) => isApiPath(r.split(' ')[1]!));
    expect(undeclaredRoutes(documented, t.platform)).toEqual([]);
    const declared = [...declaredRoutes(t.platform).keys(), ...kitRoutes(t.platform)];
    expect(declared.filter((r) => !documented.includes(r))).toEqual([]);
  });

  it('never answers 5xx, refuses every bad write with a 4xx (a NUL with its field named), and writes nothing', async () => {
    const before = await rowCounts();
    const failures: string[] = [];
    let requests = 0;
    let writeRoutes = 0;
    let listRoutes = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const params = op.parameters ?? [];
        const at = `${method.toUpperCase()} ${template}`;
        const check = (what: string, r: { status: number; message: string }, expectRefusal: boolean, named?: string) => {
          requests++;
          if (r.status >= 500) failures.push(`${at} ${what}: ${r.status} ${r.message}`);
          else if (expectRefusal && r.status < 400) failures.push(`${at} ${what}: accepted with ${r.status}`);
          else if (named && r.status === 400 && !r.message.includes(named)) failures.push(`${at} ${what}: "${r.message}" does not name ${named}`);
        };
        const query = Object.fromEntries(params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, sample(p.schema)]));
        if (method === 'get') {
          const queryParams = params.filter((p) => p.in === 'query');
          if (queryParams.length === 0) continue;
          listRoutes++;
          const url = pathOf(template, params);
          const names = new Set(queryParams.map((p) => p.name));
          if (names.has('filter')) {
            for (const f of ['{"__proto__":{"x":1}}', '{"constructor":null}', '{"toString":"x"}', '{"hasOwnProperty":1}']) check(`filter=${f}`, await send(method, `${url}${queryOf({ ...query, filter: f })}`), true, 'filter');
          }
          if (names.has('sort')) for (const s of ['__proto__', 'toString', '-constructor']) check(`sort=${s}`, await send(method, `${url}${queryOf({ ...query, sort: s })}`), true, 'sort');
          for (const p of queryParams) {
            for (const m of badValuesOf(p.name, p.schema ?? {})) check(`${p.name}=${JSON.stringify(m.value)}`, await send(method, `${url}${queryOf({ ...query, [p.name]: m.value })}`), true, m.kind === 'nul' ? p.name : undefined);
          }
          continue;
        }
        writeRoutes++;
        const schema = op.requestBody?.content?.['application/json']?.schema;
        const body = schema ? sample(schema) : undefined;
        const url = `${pathOf(template, params)}${queryOf(query)}`;
        const mutations = leaves(schema, body).flatMap((l) => badValuesOf(fieldName(l.path), l.schema).map((m) => ({ ...m, path: l.path })));
        for (const m of mutations.slice(0, MUTATIONS_PER_ROUTE_MAX)) {
          check(`${m.field}=${JSON.stringify(m.value)}`, await send(method, url, setAt(body, m.path, m.value)), true, m.kind === 'nul' ? m.field : undefined);
        }
        for (const p of params.filter((x) => x.in === 'path' && branch(x.schema ?? {}).type === 'string')) {
          check(`path ${p.name} with a NUL`, await send(method, `${pathOf(template, params, { name: p.name, value: 'a\u0000b' })}${queryOf(query)}`, body), true, p.name);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    expect(writeRoutes).toBeGreaterThan(100);
    expect(listRoutes).toBeGreaterThan(50);
    expect(requests).toBeGreaterThan(1000);
  });
});
