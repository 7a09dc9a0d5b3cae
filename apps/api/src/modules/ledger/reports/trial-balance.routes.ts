import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestTx } from '../../../platform/db/tenancy';
import { actorOf, scopeOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import {
  chartBalancesQuerySchema,
  chartBalancesSchema,
  idParamSchema,
  subledgerTieoutQuerySchema,
  subledgerTieoutSchema,
  transactionHistoryExportQuerySchema,
  transactionHistoryQuerySchema,
  transactionPageSchema,
  trialBalanceExportQuerySchema,
  trialBalanceImportResultSchema,
  trialBalanceImportSchema,
  trialBalanceQuerySchema,
  trialBalanceSchema,
} from '@erp/contracts';
import { chartBalances, transactionHistory, trialBalance } from './trial-balance.service';
import { exportTransactionHistory, exportTrialBalance, HISTORY_EXPORT_LINES_MAX } from './trial-balance-export.service';
import { sendTable } from '../../../platform/kit/tabular-files';
import { importTrialBalance } from './trial-balance-import.service';
import { subledgerTieout } from './subledger-tieout.service';

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
      querystring: trialBalanceQuerySchema,
      response: { 200: trialBalanceSchema },
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
    schema: { tags, summary: 'The trial balance of the same filters as a file: XLSX (numeric cells, subtotals), PDF or CSV', querystring: trialBalanceExportQuerySchema },
  }, async (request, reply) => {
    const { format, ...query } = request.query;
    const file = await tx(request, (t) => exportTrialBalance(t, scopeOf(request), query, format, platform.now()));
    return reply.header('content-disposition', `attachment; filename="${file.fileName}"`).type(file.contentType).send(file.body);
  });

  r.post('/gl/trial-balance/import', {
    config: { access: { kind: 'user', operation: 'ImportTrialBalance' } },
    schema: { tags, summary: 'Import a trial balance (XLSX or CSV: account code, debit, credit, optional currency and description) as an opening-balance journal: preview (dryRun), then a draft or a posted journal', body: trialBalanceImportSchema, response: { 200: trialBalanceImportResultSchema } },
  }, async (request) => tx(request, (t) => importTrialBalance(t, actorOf(request), request.body)));

  r.get('/gl/accounts/:id/transactions', {
    config: { access: { kind: 'user', page: '/transaction-history' } },
    schema: {
      tags,
      summary: 'Lines of one account over a range with opening and running balance, keyset-paged (cursor)',
      params: idParamSchema,
      querystring: transactionHistoryQuerySchema,
      response: { 200: transactionPageSchema },
    },
  }, async (request) => tx(request, (t) => transactionHistory(t, scopeOf(request), request.params.id, request.query)));

  r.get('/gl/accounts/:id/transactions/export', {
    config: { access: { kind: 'user', operation: 'ExportTrialBalance' } },
    schema: {
      tags, summary: `The drill-down of one account over a range as CSV or XLSX: opening, each line with its running balance, closing (at most ${HISTORY_EXPORT_LINES_MAX.toLocaleString('en-US')} lines)`,
      params: idParamSchema,
      querystring: transactionHistoryExportQuerySchema,
    },
  }, async (request, reply) => {
    const { format, ...range } = request.query;
    const file = await tx(request, (t) => exportTransactionHistory(t, scopeOf(request), request.params.id, range));
    return sendTable(reply, file.name, 'Transactions', format, file.table);
  });
}
