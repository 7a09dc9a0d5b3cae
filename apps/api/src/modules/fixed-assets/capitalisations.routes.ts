import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASSET_DRAFT,
  assetEntity,
  capitalisableLinesQuerySchema,
  capitalisableLinesSchema,
  capitalisationInputSchema,
  capitalisationListSchema,
  capitalisationReverseSchema,
  capitalisationViewSchema,
  CAPITALISED_BY_HAND,
  CAPITALISED_FROM_INVOICE,
  idParamSchema,
  invoiceAssetsInputSchema,
  invoiceAssetsResultSchema,
  invoiceCapitaliseInputSchema,
} from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { actorOf } from '../../platform/http/actor';
import { createEntity } from '../../platform/kit/entity-repository';
import type { Platform } from '../../platform/platform';
import type { RouteFacts, RouteKey } from '../../platform/module';
import { baseCurrencyOf } from './money';
import { amountOf, assetCapitalisationsOf, assetsFromInvoice, capitalisableLines, capitalise, capitaliseInvoiceLines, listCapitalisations, reverseCapitalisation } from './capitalisations.service';

/* Capitalisation: by hand or from a vendor invoice line into an asset, new assets from a vendor invoice, and the reversal. */

export const capitalisationRouteFacts: Record<RouteKey, RouteFacts> = {
  'POST /fa/assets/:id/capitalise': { rows: 'company', sample: 'asset' },
  'GET /fa/assets/:id/capitalisations': { rows: 'company', sample: 'asset' },
  'POST /fa/capitalisations/:id/reverse': { rows: 'company', sample: 'assetCapitalisation' },
  'GET /fa/capitalisable-invoice-lines': { rows: 'company' },
  'POST /fa/vendor-invoice-assets': { rows: 'company' },
  'POST /fa/vendor-invoice-capitalisations': { rows: 'company' },
};

export function registerCapitalisationRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Assets'];
  r.post('/fa/assets/:id/capitalise', {
    config: { access: { kind: 'user', operation: 'EditAsset' } },
    schema: { tags, summary: "Capitalises an amount into an asset (by hand or from a posted vendor invoice's line on the clearing account): cost debited, clearing credited, the schedule regenerated from the next unposted month", params: idParamSchema, body: capitalisationInputSchema, response: { 200: capitalisationViewSchema } },
  }, async (request) => tx(request, async (t) => {
    const actor = actorOf(request);
    const { scale } = await baseCurrencyOf(t, actor);
    const b = request.body;
    const id = await capitalise(t, actor, request.params.id, { date: b.date, amountMinor: amountOf(b.amount, scale, 'amount'), description: b.description, source: b.invoiceLine ? CAPITALISED_FROM_INVOICE : CAPITALISED_BY_HAND, invoiceLine: b.invoiceLine });
    return (await listCapitalisations(t, actor, { id }))[0]!;
  }));
  r.get('/fa/assets/:id/capitalisations', {
    config: { access: { kind: 'user', page: ['/assets', '/asset'] } },
    schema: { tags, summary: "An asset's capitalisations, newest first", params: idParamSchema, response: { 200: capitalisationListSchema } },
  }, async (request) => tx(request, (t) => assetCapitalisationsOf(t, actorOf(request), request.params.id)));
  r.post('/fa/capitalisations/:id/reverse', {
    config: { access: { kind: 'user', operation: 'EditAsset' } },
    schema: { tags, summary: "Reverses a capitalisation: its reversal entry, the asset's cost and schedule restored (refused once depreciation was posted after it)", params: idParamSchema, body: capitalisationReverseSchema, response: { 200: capitalisationViewSchema } },
  }, async (request) => tx(request, async (t) => {
    const actor = actorOf(request);
    await reverseCapitalisation(t, actor, request.params.id, request.body.date);
    return (await listCapitalisations(t, actor, { id: request.params.id }))[0]!;
  }));
  r.get('/fa/capitalisable-invoice-lines', {
    config: { access: { kind: 'user', page: ['/assets', '/asset'] } },
    schema: { tags, summary: "Lines of posted vendor invoices on an asset class's clearing account, with what is capitalised and left", querystring: capitalisableLinesQuerySchema, response: { 200: capitalisableLinesSchema } },
  }, async (request) => tx(request, (t) => capitalisableLines(t, actorOf(request), request.query)));
  r.post('/fa/vendor-invoice-assets', {
    config: { access: { kind: 'user', operation: 'SaveAsset' } },
    schema: { tags, summary: 'New draft assets from lines (or parts of lines) of a posted vendor invoice: acquisition cost the amount, dated the invoice, its clearing account relieved', body: invoiceAssetsInputSchema, response: { 200: invoiceAssetsResultSchema } },
  }, async (request) => tx(request, (t) => {
    const actor = actorOf(request);
    const binding = platform.entities.get(assetEntity.name);
    return assetsFromInvoice(t, actor, request.body, async (record) => {
      const made = await createEntity(t, platform.entities, binding, actor, { code: '', quantity: '1', status: ASSET_DRAFT, ...record });
      return { id: made.id, code: String(made.code) };
    });
  }));
  r.post('/fa/vendor-invoice-capitalisations', {
    config: { access: { kind: 'user', operation: 'EditAsset' } },
    schema: { tags, summary: "Lines (or parts of lines) of a posted vendor invoice added to an existing asset in one transaction: one capitalisation per line, each relieving the clearing account", body: invoiceCapitaliseInputSchema, response: { 200: capitalisationListSchema } },
  }, async (request) => tx(request, async (t) => {
    const actor = actorOf(request);
    const ids = await capitaliseInvoiceLines(t, actor, request.body);
    const all = await listCapitalisations(t, actor, { asset: request.body.asset });
    return ids.map((id) => all.find((c) => c.id === id)!);
  }));
}
