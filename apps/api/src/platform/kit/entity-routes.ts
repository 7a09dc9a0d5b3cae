import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  entityExportQuerySchema,
  entityInputSchema,
  entityListQuerySchema,
  entityListSchema,
  entityLookupQuerySchema,
  entityOperations,
  entityRecordSchema,
  idParamSchema,
  importRequestSchema,
  entityImportResultSchema,
  lookupListSchema,
  messageResultSchema,
} from '@erp/contracts';
import { requestTx } from '../db/tenancy';
import { ANY_PAGE } from '../http/access';
import { scopeOf } from '../http/actor';
import type { Platform } from '../platform';
import { allEntities, createEntity, deleteEntity, editEntity, getEntity, listEntities, listWhere } from './entity-repository';
import { exportTable, importEntities } from './entity-transfer';
import { columnOf, type EntityRegistry, type KitBinding } from './registry';
import { sendTable } from './tabular-files';

/**
 * The generic REST routes of one kit entity: list, lookup, export, get, create, edit, delete,
 * import. Reading takes the entity's page; writing takes its operation label.
 */
export function registerEntityRoutes(app: FastifyInstance, platform: Platform, registry: EntityRegistry, b: KitBinding): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { def } = b;
  const base = `/${def.service}/${def.resource}`;
  const ops = entityOperations(def);
  const tx = requestTx(platform.database.db);
  const record = entityRecordSchema(def);
  const input = entityInputSchema(def);
  const tags = [def.plural];
  const list = entityListSchema(def);

  r.get(base, {
    config: { access: { kind: 'user', page: def.page } },
    schema: { tags, summary: `List ${def.plural.toLowerCase()}: search, filter (JSON of field values), sort (field or -field), paging`, querystring: entityListQuerySchema, response: { 200: list } },
  }, async (request) => tx(request, (t) => listEntities(t, registry, b, scopeOf(request), request.query)));

  r.get(`${base}/lookup`, {
    config: { access: { kind: 'user', page: ANY_PAGE } },
    schema: { tags, summary: `Pick a ${def.label.toLowerCase()}: id and label of the first matches`, querystring: entityLookupQuerySchema, response: { 200: lookupListSchema } },
  }, async (request) =>
    tx(request, async (t) => {
      const scope = scopeOf(request);
      const keyCol = columnOf(b.table, def.key[0]!);
      const rows = await t
        .select({ id: b.table.id, key: keyCol, display: columnOf(b.table, def.display) })
        .from(b.table)
        .where(listWhere(b, scope, { search: request.query.search, filter: request.query.filter }))
        .orderBy(asc(keyCol))
        .limit(request.query.limit);
      return rows.map((row) => ({ id: String(row.id), label: row.key === row.display ? String(row.key) : `${String(row.key)} · ${String(row.display)}` }));
    }));

  r.get(`${base}/export`, {
    config: { access: { kind: 'user', operation: ops.export } },
    schema: { tags, summary: `Export every ${def.label.toLowerCase()} of the filter as CSV or XLSX`, querystring: entityExportQuerySchema },
  }, async (request, reply) => {
    const table = await tx(request, async (t) => exportTable(t, registry, b, scopeOf(request), await allEntities(t, b, scopeOf(request), request.query)));
    return sendTable(reply, def.resource, def.plural, request.query.format, table);
  });

  r.get(`${base}/:id`, {
    config: { access: { kind: 'user', page: def.page } },
    schema: { tags, summary: `One ${def.label.toLowerCase()}`, params: idParamSchema, response: { 200: record } },
  }, async (request) => tx(request, (t) => getEntity(t, b, scopeOf(request), request.params.id)));

  r.post(base, {
    config: { access: { kind: 'user', operation: ops.save } },
    schema: { tags, summary: `Create a ${def.label.toLowerCase()}`, body: input, response: { 200: record } },
  }, async (request) => tx(request, (t) => createEntity(t, registry, b, scopeOf(request), request.body)));

  r.put(`${base}/:id`, {
    config: { access: { kind: 'user', operation: ops.edit } },
    schema: { tags, summary: `Edit a ${def.label.toLowerCase()} (the whole record)`, params: idParamSchema, body: input, response: { 200: record } },
  }, async (request) => tx(request, (t) => editEntity(t, registry, b, scopeOf(request), request.params.id, request.body)));

  r.delete(`${base}/:id`, {
    config: { access: { kind: 'user', operation: ops.delete } },
    schema: { tags, summary: `Delete a ${def.label.toLowerCase()} that nothing refers to`, params: idParamSchema, response: { 200: messageResultSchema } },
  }, async (request) => {
    await tx(request, (t) => deleteEntity(t, registry, b, scopeOf(request), request.params.id));
    return { message: `${def.label} deleted` };
  });

  r.post(`${base}/import`, {
    config: { access: { kind: 'user', operation: ops.import } },
    schema: { tags, summary: `Import ${def.plural.toLowerCase()} from CSV or XLSX: preview (dryRun), then all-or-nothing or valid rows only`, body: importRequestSchema, response: { 200: entityImportResultSchema } },
  }, async (request) => tx(request, (t) => importEntities(t, registry, b, scopeOf(request), request.body)));
}
