import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allocateInputSchema,
  documentEntrySchema,
  documentIdParamSchema,
  idempotencyHeaderSchema,
  openItemsPageSchema,
  openItemsQuerySchema,
  paymentDocuments,
  paymentFaces,
  paymentViewSchema,
  proposalQuerySchema,
  proposalSchema,
  refundProposalQuerySchema,
  refundProposalSchema,
  sides,
  unallocateInputSchema,
  type PaymentFace,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { actorOf } from '../../../platform/http/actor';
import { idempotent } from '../../../platform/http/idempotency';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { partyOpenItems, proposal, refundProposal, viewPayment } from './payments-read.service';
import { paymentReversalEntry } from './payment-entry.service';
import { allocatePosted, unallocate } from './payments.service';

/*
 * The hand-written routes of payments (the kit serves the document's own): the allocation proposal,
 * a party's open items and the credits a refund can return (the editor's), allocating what a posted payment has on account, and
 * un-allocating without reversing, and the entry of its reversal (the reversal approval's task). Reading takes the payment pages; allocating and un-allocating
 * take the Edit label of the face's payments (EditVendorPayment, EditCustomerPayment).
 */

const base = (pf: PaymentFace): `/${string}` => `/${pf.face.service}/${paymentDocuments[pf.face.side].resource}`;

export const paymentRouteFacts: Record<RouteKey, RouteFacts> = Object.fromEntries(
  sides.flatMap((side) => {
    const pf = paymentFaces[side];
    const one: RouteFacts = { rows: 'company', sample: paymentDocuments[side].name };
    return [
      [`GET ${base(pf)}/proposal`, { rows: 'company' } satisfies RouteFacts],
      [`GET ${base(pf)}/open-items`, { rows: 'company' } satisfies RouteFacts],
      [`GET ${base(pf)}/refund-proposal`, { rows: 'company' } satisfies RouteFacts],
      [`GET ${base(pf)}/:id/reversal-entry`, one],
      [`POST ${base(pf)}/:id/allocate`, one],
      [`POST ${base(pf)}/:id/unallocate`, one],
    ];
  }),
);

export function registerPaymentRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  for (const side of sides) {
    const pf = paymentFaces[side];
    const def = paymentDocuments[side];
    const tags = [def.plural];
    const read = { kind: 'user' as const, page: [pf.pages.payments, pf.pages.payment] };
    const edit = { kind: 'user' as const, operation: `Edit${pf.label}` };
    r.get(`${base(pf)}/proposal`, {
      config: { access: read },
      schema: { tags, summary: `How an amount would be allocated across the ${pf.face.partyWord}'s open items: reference or amount match first, then oldest due, discounts taken when on time`, querystring: proposalQuerySchema, response: { 200: proposalSchema } },
      // The answer is the typed proposal built here: sent as it is, without zod checking 10,000 lines again (bench 11).
      serializerCompiler: () => (data) => JSON.stringify(data),
    }, async (request) => tx(request, (t) => proposal(t, actorOf(request), pf, request.query)));
    r.get(`${base(pf)}/open-items`, {
      config: { access: read },
      schema: { tags, summary: `The ${pf.face.partyWord}'s open items, oldest due first, a page at a time`, querystring: openItemsQuerySchema, response: { 200: openItemsPageSchema } },
    }, async (request) => tx(request, (t) => partyOpenItems(t, actorOf(request), pf, request.query)));
    r.get(`${base(pf)}/refund-proposal`, {
      config: { access: read },
      schema: { tags, summary: `The credits a refund can return to the ${pf.face.partyWord} (open credit notes, ${pf.noun}s' amounts on account), oldest first, and an amount spread across them`, querystring: refundProposalQuerySchema, response: { 200: refundProposalSchema } },
    }, async (request) => tx(request, (t) => refundProposal(t, actorOf(request), pf, request.query)));
    r.get(`${base(pf)}/:id/reversal-entry`, {
      config: { access: read },
      schema: { tags, summary: `The entry of the ${pf.noun}'s reversal (what ${pf.reversalApproval} posts): the entries reversing it once reversed, else those reversing it today would write (nothing written)`, params: documentIdParamSchema, response: { 200: documentEntrySchema } },
    }, async (request) => tx(request, (t) => paymentReversalEntry(t, actorOf(request), pf, request.params.id, new Date().toISOString().slice(0, 10))));
    r.post(`${base(pf)}/:id/allocate`, {
      config: { access: edit },
      schema: { tags, summary: `Allocate what a posted ${pf.noun} has on account to open items (an entry of its own); takes an Idempotency-Key`, params: documentIdParamSchema, headers: idempotencyHeaderSchema, body: allocateInputSchema, response: { 200: paymentViewSchema } },
      serializerCompiler: () => (data) => JSON.stringify(data),
    }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, async () => {
      const actor = actorOf(request);
      await allocatePosted(t, actor, pf, request.params.id, request.body);
      return viewPayment(t, actor, pf, request.params.id);
    })));
    r.post(`${base(pf)}/:id/unallocate`, {
      config: { access: edit },
      schema: { tags, summary: `Undo allocations of a posted ${pf.noun} without reversing it: the items reopen, the amount goes back on account; takes an Idempotency-Key`, params: documentIdParamSchema, headers: idempotencyHeaderSchema, body: unallocateInputSchema, response: { 200: paymentViewSchema } },
      serializerCompiler: () => (data) => JSON.stringify(data),
    }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, async () => {
      const actor = actorOf(request);
      await unallocate(t, actor, pf, request.params.id, request.body);
      return viewPayment(t, actor, pf, request.params.id);
    })));
  }
}
