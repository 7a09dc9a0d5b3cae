// Proves the OpenAPI document (/docs/json) describes every field a client sends or receives: no schema of a request or response is empty ({}), and kit fields carry their real type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Schema = Record<string, unknown>;
type Operation = { parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> }; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** A schema says nothing of its value when it has none of the keywords that constrain one. */
const DESCRIBING = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', 'not'];

/** Every place below `schema` whose schema is empty, named by its path. */
function emptySchemas(schema: Schema | undefined, where: string, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  if (!DESCRIBING.some((k) => k in schema)) out.push(`${where} ${JSON.stringify(schema)}`);
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) emptySchemas(v, `${where}.${k}`, out);
  if (schema.items && typeof schema.items === 'object') emptySchemas(schema.items as Schema, `${where}[]`, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') emptySchemas(schema.additionalProperties as Schema, `${where}{}`, out);
  for (const k of ['anyOf', 'oneOf', 'allOf']) ((schema[k] ?? []) as Schema[]).forEach((s, i) => emptySchemas(s, `${where}|${k}[${i}]`, out));
  return out;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = JSON.parse(res.body) as Document;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('has no empty schema in any request (path, query, body) or response of any route', () => {
    const empty: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations++;
        const at = `${method.toUpperCase()} ${path}`;
        for (const p of op.parameters ?? []) emptySchemas(p.schema, `${at} ${p.in} ${p.name}`, empty);
        for (const c of Object.values(op.requestBody?.content ?? {})) emptySchemas(c.schema, `${at} body`, empty);
        for (const [status, r] of Object.entries(op.responses ?? {})) for (const c of Object.values(r.content ?? {})) emptySchemas(c.schema, `${at} ${status}`, empty);
      }
    }
    for (const [name, s] of Object.entries(doc.components?.schemas ?? {})) emptySchemas(s, `components.${name}`, empty);
    expect(operations).toBeGreaterThan(150);
    expect(empty).toEqual([]);
  });

  it('gives kit fields their real types: dates, enums, references, decimals, required values', () => {
    const body = (path: string) => doc.paths[path]!.post!.requestBody!.content!['application/json']!.schema as { properties: Record<string, Schema>; required: string[] };
    const fiscalYear = body('/gl/fiscal-years');
    expect(fiscalYear.properties.startDate).toMatchObject({ type: 'string', format: 'date' });
    expect(fiscalYear.properties.status).toMatchObject({ type: 'string', enum: ['Open', 'Closed'] });
    const rate = body('/gl/exchange-rates');
    expect(rate.properties.fromCurrency).toMatchObject({ type: 'string', format: 'uuid' });
    expect(rate.properties.rate).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'number' }] });
    expect(rate.properties.effectiveDate).toMatchObject({ type: 'string', format: 'date' });
    expect(rate.required).toEqual(expect.arrayContaining(['fromCurrency', 'toCurrency', 'effectiveDate', 'rate']));
    const account = body('/gl/accounts');
    expect(account.properties.accountGroup).toMatchObject({ type: 'string', format: 'uuid' });
    expect(account.properties.parentAccount).toMatchObject({ type: 'string', format: 'uuid', nullable: true });
  });
});
