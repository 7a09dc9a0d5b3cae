import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestTx } from '../../platform/db/tenancy';
import { principalOf } from '../../platform/http/guard';
import type { KitScope } from '../../platform/kit/registry';
import type { Platform } from '../../platform/platform';
import { transactionHistory, trialBalance } from './trial-balance.service';

const scopeOf = (request: FastifyRequest): KitScope => {
  const p = principalOf(request);
  return { tenantId: p.tenantId, companyId: p.companyId, userId: p.userId };
};
const amounts = { opening: z.string(), debit: z.string(), credit: z.string(), closing: z.string() };
const subtotal = z.object({ code: z.string(), name: z.string(), ...amounts });

/** /trial-balance and its drill-down /transaction-history. */
export function registerTrialBalanceRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Trial balance'];

  r.get('/gl/trial-balance', {
    config: { access: { kind: 'user', operation: 'GenerateTrialBalance' } },
    schema: {
      tags,
      summary: 'Trial balance of a date range (periods that start in it), in base or one transaction currency, by dimension and account range',
      querystring: z.object({
        from: z.iso.date(), to: z.iso.date(), currency: z.string().length(3).toUpperCase().optional(), dimension: z.string().max(60).optional(),
        fromAccount: z.string().max(30).optional(), toAccount: z.string().max(30).optional(), includeZero: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
      }),
      response: {
        200: z.object({
          currency: z.string(), from: z.string(), to: z.string(), balanced: z.boolean(), totals: z.object(amounts),
          rows: z.array(z.object({ account: z.uuid(), code: z.string(), name: z.string(), classCode: z.string(), className: z.string(), groupCode: z.string(), groupName: z.string(), ...amounts })),
          classes: z.array(subtotal), groups: z.array(subtotal),
        }),
      },
    },
  }, async (request) => tx(request, (t) => trialBalance(t, scopeOf(request), request.query)));

  r.get('/gl/accounts/:id/transactions', {
    config: { access: { kind: 'user', page: '/transaction-history' } },
    schema: {
      tags,
      summary: 'Lines of one account over a range with opening and running balance, keyset-paged (cursor)',
      params: z.object({ id: z.uuid() }),
      querystring: z.object({ from: z.iso.date(), to: z.iso.date(), limit: z.coerce.number().int().min(1).max(500).default(100), cursor: z.string().max(500).optional() }),
      response: {
        200: z.object({
          account: z.object({ id: z.uuid(), code: z.string(), name: z.string() }), currency: z.string(), opening: z.string().optional(), nextCursor: z.string().optional(),
          items: z.array(z.object({ journal: z.uuid(), number: z.string().nullable(), lineNo: z.number().int(), date: z.string(), description: z.string().nullable(), currency: z.string(), debit: z.string(), credit: z.string(), balance: z.string() })),
        }),
      },
    },
  }, async (request) => tx(request, (t) => transactionHistory(t, scopeOf(request), request.params.id, request.query)));
}
