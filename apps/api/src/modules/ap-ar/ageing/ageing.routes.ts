import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ageingItemsPageSchema, ageingItemsQuerySchema, ageingQuerySchema, ageingReportSchema, faces, sides, type Face } from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { actorOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { ageingItems, ageingReport } from './ageing.service';

/*
 * Ageing of each face (issue 16): `GET /ap/vendor-ageing` and `/ar/customer-ageing` (the parties'
 * ageing as of a day), `…/items` (one party's lines as of that day). SPEC.md section 2 names no
 * ageing page, and its statement pages (/vendor-statement, /customer-statement) are in no menu, so no
 * role can grant them: reading rides on the party list page (/vendor, /customer: the screen is its
 * "Ageing" view) or the invoice list page (/vendor-invoices, /customer-invoices), either granting it.
 */
export const ageingBase = (face: Face): `/${string}` => `/${face.service}/${face.partyWord}-ageing`;

export const ageingRouteFacts: Record<RouteKey, RouteFacts> = Object.fromEntries(
  sides.flatMap((side) => [
    [`GET ${ageingBase(faces[side])}`, { rows: 'company' } satisfies RouteFacts],
    [`GET ${ageingBase(faces[side])}/items`, { rows: 'company' } satisfies RouteFacts],
  ]),
);

export function registerAgeingRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  for (const side of sides) {
    const face = faces[side];
    const tags = [`${face.partyLabel} ageing`];
    const access = { kind: 'user' as const, page: [face.pages.party, face.pages.invoices] };
    r.get(ageingBase(face), {
      config: { access },
      schema: { tags, summary: `Each ${face.partyWord}'s open amounts as of a day in buckets of days past due (or past the document date), per currency and in base`, querystring: ageingQuerySchema, response: { 200: ageingReportSchema } },
    }, async (request) => tx(request, (t) => ageingReport(t, actorOf(request), face, request.query)));
    r.get(`${ageingBase(face)}/items`, {
      config: { access },
      schema: { tags, summary: `A ${face.partyWord}'s open items and amounts on account as they stood on a day, oldest due first, a page at a time`, querystring: ageingItemsQuerySchema, response: { 200: ageingItemsPageSchema } },
    }, async (request) => tx(request, (t) => ageingItems(t, actorOf(request), face, request.query)));
  }
}
