import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema as idParam, importRequestSchema, importResultSchema, intercompanyAccountsInputSchema, intercompanyJournalOperations as ops, intercompanyPartnerSchema, intercompanyPartnersSchema, intercompanyTemplateOperations, lookupListSchema, messageResultSchema, pairAccountsLookupQuerySchema } from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import type { Platform } from '../../../platform/platform';
import { INTERCOMPANY_PAGES } from './intercompany-http';
import { actorOf } from '../../../platform/http/actor';
import { deleteDueAccounts, listPartners, lookupPairAccounts, saveDueAccounts } from './intercompany-accounts.service';
import { importIntercompanyJournals } from './intercompany-transfer.service';
import { registerIntercompanyTemplateRoutes } from './intercompany-templates.routes';


/** The partner companies and their due accounts, and the account picker of either company of a pair. */
function registerPartnerRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Intercompany journals'];

  r.get('/gl/intercompany-partners', {
    config: { access: { kind: 'user', page: INTERCOMPANY_PAGES } },
    schema: { tags, summary: "The tenant's other companies with this company's due-from/due-to accounts towards each", response: { 200: intercompanyPartnersSchema } },
  }, async (request) => {
    return tx(request, (t) => listPartners(t, actorOf(request)));
  });

  r.put('/gl/intercompany-partners/:id/accounts', {
    config: { access: { kind: 'user', operation: ['SaveIntercompanyJournalTemplate', 'EditIntercompanyJournalTemplate'] } },
    schema: { tags, summary: "Set this company's due-from (asset) and due-to (liability) accounts towards a partner (SaveIntercompanyJournalTemplate, then Edit…)", params: idParam, body: intercompanyAccountsInputSchema, response: { 200: intercompanyPartnerSchema } },
  }, async (request) => tx(request, (t) => saveDueAccounts(t, actorOf(request), request.params.id, request.body)));

  r.delete('/gl/intercompany-partners/:id/accounts', {
    config: { access: { kind: 'user', operation: intercompanyTemplateOperations.delete } },
    schema: { tags, summary: "Clear this company's due accounts towards a partner", params: idParam, response: { 200: messageResultSchema } },
  }, async (request) => {
    await tx(request, (t) => deleteDueAccounts(t, actorOf(request), request.params.id));
    return { message: 'Due accounts cleared' };
  });

  r.get('/gl/intercompany-accounts/lookup', {
    config: { access: { kind: 'user', page: INTERCOMPANY_PAGES } },
    schema: {
      tags, summary: 'Pick a posting account of this company or of a partner company',
      querystring: pairAccountsLookupQuerySchema,
      response: { 200: lookupListSchema },
    },
  }, async (request) => {
    const { company, search, limit } = request.query;
    return tx(request, (t) => lookupPairAccounts(t, actorOf(request), company, search, limit));
  });
}

/**
 * What intercompany journals have beside their document routes (the kit's, with the journals'):
 * the partner companies and their due accounts, the templates, and the import of draft journals.
 */
export function registerIntercompanyRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Intercompany journals'];
  const base = '/gl/intercompany-journals';
  registerPartnerRoutes(app, platform);
  registerIntercompanyTemplateRoutes(app, platform);

  r.post(`${base}/import`, {
    config: { access: { kind: 'user', operation: ops.import } },
    schema: { tags, summary: 'Import draft journals (one row per line, grouped by the Journal column) from CSV or XLSX: preview, then all or the valid ones', body: importRequestSchema, response: { 200: importResultSchema } },
  }, async (request) => tx(request, (t) => importIntercompanyJournals(t, actorOf(request), request.body)));
}
