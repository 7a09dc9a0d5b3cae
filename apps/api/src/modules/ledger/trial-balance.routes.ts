import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestTx } from '../../platform/db/tenancy';
import { principalOf } from '../../platform/http/guard';
import type { KitScope } from '../../platform/kit/registry';
import type { Platform } from '../../platform/platform';
import { chartBalancesQuerySchema, chartBalancesSchema, dateSchema, journalViewSchema, subledgerTieoutQuerySchema, subledgerTieoutSchema, transactionHistoryExportQuerySchema, transactionHistoryQuerySchema } from '@erp/contracts';
import { chartBalances, transactionHistory, trialBalance } from './trial-balance.service';
import { exportFormats, exportTransactionHistory, exportTrialBalance, HISTORY_EXPORT_LINES_MAX } from './trial-balance-export.service';
import { sendTable } from '../../platform/kit/tabular-files';
import { importTrialBalance } from './trial-balance-import.service';
import { subledgerTieout } from './subledger-tieout.service';

const scopeOf = (request: FastifyRequest): KitScope => {
  const p = principalOf(request);
  return { tenantId: p.tenantId, companyId: p.companyId, userId: p.userId };
};
const actorOf = (request: FastifyRequest) => ({ ...scopeOf(request), operations: principalOf(request).operations });
const tbQuery = z.object({
  from: dateSchema(), to: dateSchema(), currency: z.string().length(3).toUpperCase().optional(), dimension: z.string().max(60).optional(),
  fromAccount: z.string().max(30).optional(), toAccount: z.string().max(30).optional(), includeZero: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
const importBody = z.object({
  fileName: z.string().min(1).max(255),
  contentBase64: z.string().min(1).max(14_000_000),
  /** The opening day of a fiscal year: opening-balance journals post into its Opening period. */
  journalDate: dateSchema(),
  description: z.string().trim().max(500).optional(),
  /** Preview only: check every row and the posting rules, write nothing. */
  dryRun: z.boolean().default(true),
  /** Post the journal instead of saving a draft. */
  post: z.boolean().default(false),
});
const importResult = z.object({
  rows: z.number().int(), valid: z.number().int(), skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  lines: z.array(z.object({ row: z.number().int(), accountCode: z.string(), accountName: z.string(), currency: z.string(), debit: z.string(), credit: z.string() })),
  totals: z.array(z.object({ currency: z.string(), debit: z.string(), credit: z.string() })),
  journal: journalViewSchema.nullable(),
});
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
      querystring: tbQuery,
      response: {
        200: z.object({
          currency: z.string(), from: z.string(), to: z.string(), balanced: z.boolean(), totals: z.object(amounts),
          rows: z.array(z.object({ account: z.uuid(), code: z.string(), name: z.string(), classCode: z.string(), className: z.string(), groupCode: z.string(), groupName: z.string(), ...amounts })),
          classes: z.array(subtotal), groups: z.array(subtotal),
        }),
      },
    },
  }, async (request) => tx(request, (t) => trialBalance(t, scopeOf(request), request.query)));

  r.get('/gl/subledger-tieout', {
    config: { access: { kind: 'user', operation: 'GenerateTrialBalance' } },
    schema: {
      tags, summary: "Each control account's ledger balance beside the sum of its party balances (the subledger), in base currency, as of a day",
      querystring: subledgerTieoutQuerySchema, response: { 200: subledgerTieoutSchema },
    },
  }, async (request) => tx(request, (t) => subledgerTieout(t, scopeOf(request), request.query.asOf ?? platform.now().toISOString().slice(0, 10))));

  // The page whose grant shows the chart's accounts (accountEntity.page): the chart shows their balances.
  r.get('/gl/chart-balances', {
    config: { access: { kind: 'user', page: '/accounts' } },
    schema: { tags, summary: "Each posting account's balance in base currency as of a day (today when absent), from the maintained balances", querystring: chartBalancesQuerySchema, response: { 200: chartBalancesSchema } },
  }, async (request) => tx(request, (t) => chartBalances(t, scopeOf(request), request.query.asOf ?? platform.now().toISOString().slice(0, 10))));

  r.get('/gl/trial-balance/export', {
    config: { access: { kind: 'user', operation: 'ExportTrialBalance' } },
    schema: { tags, summary: 'The trial balance of the same filters as a file: XLSX (numeric cells, subtotals), PDF or CSV', querystring: tbQuery.extend({ format: z.enum(exportFormats).default('xlsx') }) },
  }, async (request, reply) => {
    const { format, ...query } = request.query;
    const file = await tx(request, (t) => exportTrialBalance(t, scopeOf(request), query, format, platform.now()));
    return reply.header('content-disposition', `attachment; filename="${file.fileName}"`).type(file.contentType).send(file.body);
  });

  r.post('/gl/trial-balance/import', {
    config: { access: { kind: 'user', operation: 'ImportTrialBalance' } },
    schema: { tags, summary: 'Import a trial balance (XLSX or CSV: account code, debit, credit, optional currency and description) as an opening-balance journal: preview (dryRun), then a draft or a posted journal', body: importBody, response: { 200: importResult } },
  }, async (request) => tx(request, (t) => importTrialBalance(t, actorOf(request), request.body)));

  r.get('/gl/accounts/:id/transactions', {
    config: { access: { kind: 'user', page: '/transaction-history' } },
    schema: {
      tags,
      summary: 'Lines of one account over a range with opening and running balance, keyset-paged (cursor)',
      params: z.object({ id: z.uuid() }),
      querystring: transactionHistoryQuerySchema,
      response: {
        200: z.object({
          account: z.object({ id: z.uuid(), code: z.string(), name: z.string() }), currency: z.string(), opening: z.string().optional(), nextCursor: z.string().optional(),
          items: z.array(z.object({ journal: z.uuid(), number: z.string().nullable(), lineNo: z.number().int(), date: z.string(), description: z.string().nullable(), currency: z.string(), debit: z.string(), credit: z.string(), balance: z.string() })),
        }),
      },
    },
  }, async (request) => tx(request, (t) => transactionHistory(t, scopeOf(request), request.params.id, request.query)));

  r.get('/gl/accounts/:id/transactions/export', {
    config: { access: { kind: 'user', operation: 'ExportTrialBalance' } },
    schema: {
      tags, summary: `The drill-down of one account over a range as CSV or XLSX: opening, each line with its running balance, closing (at most ${HISTORY_EXPORT_LINES_MAX.toLocaleString('en-US')} lines)`,
      params: z.object({ id: z.uuid() }),
      querystring: transactionHistoryExportQuerySchema,
    },
  }, async (request, reply) => {
    const { format, ...range } = request.query;
    const file = await tx(request, (t) => exportTransactionHistory(t, scopeOf(request), request.params.id, range));
    return sendTable(reply, file.name, 'Transactions', format, file.table);
  });
}
