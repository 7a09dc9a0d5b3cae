import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankIdParamSchema, STATEMENT_FILE_BYTES_MAX, statementImportQuerySchema, statementImportResultSchema, statementListExportQuerySchema, statementListQuerySchema,
  statementListSchema, statementMappingResultSchema, statementMappingSchema, statementUploadQuerySchema,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { scopeOf } from '../../../platform/http/actor';
import { AppError, badRequest } from '../../../platform/http/errors';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import type { Platform } from '../../../platform/platform';
import { sendTable } from '../../../platform/kit/tabular-files';
import { runStatementImport } from './statement-import.service';
import { exportStatements, getMapping, listStatements, saveMapping } from './statements-read.service';

/*
 * Statement import on /bank-reconciliations (SPEC.md section 2; its labels: crudOperations of
 * BankReconciliation). Reading the list and a mapping takes the page; preview, import and saving a
 * mapping take ImportBankReconciliation (a preview reads the company's statements to check the
 * file, so it needs the label that imports); the export takes ExportBankReconciliation. The file is
 * the request body (application/octet-stream), streamed into the parser, at most
 * STATEMENT_FILE_BYTES_MAX.
 */

export const statementRouteFacts: Record<RouteKey, RouteFacts> = {
  'GET /cm/bank-statements': { rows: 'company' },
  'GET /cm/bank-statements/export': { rows: 'company' },
  'POST /cm/bank-statements/preview': { rows: 'company' },
  'POST /cm/bank-statements/import': { rows: 'company' },
  'GET /cm/statement-mappings/:bankId': { rows: 'company', sample: 'bank' },
  'PUT /cm/statement-mappings/:bankId': { rows: 'company', sample: 'bank' },
};

const PAGE = '/bank-reconciliations';
const tags = ['Bank statements'];

/** The uploads' bodies, kept beside the request (a stream is no body for the schema or the input guard to walk). */
const uploads = new WeakMap<FastifyRequest, Readable>();

/** The upload's bytes, refused past the size limit (413) as they arrive. */
async function* bounded(request: FastifyRequest): AsyncGenerator<Buffer> {
  const stream = uploads.get(request);
  if (!stream) throw badRequest('Send the statement file as the request body (Content-Type: application/octet-stream)');
  const tooLarge = () => new AppError(413, `The file is larger than ${STATEMENT_FILE_BYTES_MAX / 1024 / 1024} MB, the most a statement import reads`, 'PayloadTooLarge');
  if (Number(request.headers['content-length'] ?? 0) > STATEMENT_FILE_BYTES_MAX) throw tooLarge();
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > STATEMENT_FILE_BYTES_MAX) {
      stream.destroy();
      throw tooLarge();
    }
    yield chunk;
  }
}

export function registerStatementRoutes(app: FastifyInstance, platform: Platform): void {
  const tx = requestTx(platform.database.db);
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/octet-stream', (request, payload, done) => {
      uploads.set(request, payload);
      done(null, undefined);
    });
    const r = scoped.withTypeProvider<ZodTypeProvider>();
    r.get('/cm/bank-statements', {
      config: { access: { kind: 'user', page: PAGE } },
      schema: { tags, summary: 'Imported bank statements of the company: per bank, with their balances, lines and reconciliation state', querystring: statementListQuerySchema, response: { 200: statementListSchema } },
    }, async (request) => tx(request, (t) => listStatements(t, scopeOf(request), request.query)));
    r.get('/cm/bank-statements/export', {
      config: { access: { kind: 'user', operation: 'ExportBankReconciliation' } },
      schema: { tags, summary: 'The statement list as CSV or XLSX (same filters)', querystring: statementListExportQuerySchema },
    }, async (request, reply) => {
      const table = await tx(request, (t) => exportStatements(t, scopeOf(request), request.query));
      return sendTable(reply, 'bank-statements', 'Bank statements', request.query.format, table);
    });
    r.post('/cm/bank-statements/preview', {
      config: { access: { kind: 'user', operation: 'ImportBankReconciliation' } },
      bodyLimit: STATEMENT_FILE_BYTES_MAX,
      schema: { tags, summary: 'Reads a statement file (CAMT.053, MT940, OFX, CSV or XLSX by the bank\'s mapping) and answers its statements, lines and checks; writes nothing', querystring: statementUploadQuerySchema, response: { 200: statementImportResultSchema } },
    }, async (request) => tx(request, (t) => runStatementImport(t, scopeOf(request), { bankId: request.query.bank, fileName: request.query.fileName, write: false, importAnyway: false }, bounded(request))));
    r.post('/cm/bank-statements/import', {
      config: { access: { kind: 'user', operation: 'ImportBankReconciliation' } },
      bodyLimit: STATEMENT_FILE_BYTES_MAX,
      schema: { tags, summary: 'Imports a statement file in one transaction: refused (nothing written) when a check fails, unless importAnyway with a reason, which is recorded and audited', querystring: statementImportQuerySchema, response: { 200: statementImportResultSchema } },
    }, async (request) => tx(request, (t) => runStatementImport(t, scopeOf(request), {
      bankId: request.query.bank, fileName: request.query.fileName, write: true, importAnyway: request.query.importAnyway, reason: request.query.reason,
    }, bounded(request))));
    r.get('/cm/statement-mappings/:bankId', {
      config: { access: { kind: 'user', page: PAGE } },
      schema: { tags, summary: "A bank's saved CSV/XLSX statement mapping (null when none)", params: bankIdParamSchema, response: { 200: statementMappingResultSchema } },
    }, async (request) => tx(request, (t) => getMapping(t, scopeOf(request), request.params.bankId)));
    r.put('/cm/statement-mappings/:bankId', {
      config: { access: { kind: 'user', operation: 'ImportBankReconciliation' } },
      schema: { tags, summary: "Saves a bank's CSV/XLSX statement mapping", params: bankIdParamSchema, body: statementMappingSchema, response: { 200: statementMappingResultSchema } },
    }, async (request) => tx(request, (t) => saveMapping(t, scopeOf(request), request.params.bankId, request.body)));
  });
}
