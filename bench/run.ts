// npm run bench: the benchmarks of issue 5, each printing its figures beside the machine it ran on.
// BENCH_SCALE=0.1 runs everything at a tenth of the data; BENCH_ONLY=1,2 picks benchmarks. 7 (hostile XLSX imports) is of issue 13, 8 (vendor invoices) and 9 (the invoice list over 1,000,000 invoices) of issue 15, 10 (the depreciation run over 100,000 assets) of issue 18, 11 (one receipt allocated across 10,000 open invoices) and 12 (ageing as of a date over 1,000,000 open items) and 16 (a vendor payment run of 50,000 payments with its pain.001) of issue 16, 13 (importing a CAMT.053 file of 100,000 entries) and 14 (reconciling 100,000 statement lines against 100,000 open ledger lines), and 15 (the cash-flow forecast over 100,000 open items) of issue 17.
import { machine, SCALE, startServer } from './lib';
import { hostileImports } from './imports.bench';
import { invoicePosting } from './invoices.bench';
import { invoiceList } from './invoice-list.bench';
import { depreciationRun } from './depreciation.bench';
import { paymentAllocation } from './payments.bench';
import { ageingReport } from './ageing.bench';
import { statementImport } from './statement-import.bench';
import { reconciliationRun } from './reconciliation.bench';
import { cashflowForecast } from './forecast.bench';
import { paymentRunBench } from './payment-runs.bench';
import { bulkPosting, interactivePosting } from './posting.bench';
import { drillDown, peerHledger, trialBalancePglite, trialBalancePostgres } from './reports.bench';

const only = (process.env.BENCH_ONLY ?? '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16').split(',');
const wants = (...ids: string[]) => ids.some((id) => only.includes(id));

console.log(`machine: ${machine()}`);
console.log(`scale: ${SCALE}`);
if (wants('1', '2', '3')) {
  const server = await startServer('erp_bench_posting', 3901);
  try {
    if (wants('1')) await bulkPosting(server);
    if (wants('2', '3')) await interactivePosting(server);
  } finally {
    await server.close();
  }
}
if (wants('4', '5', '6')) {
  const server = await startServer('erp_bench_reports', 3902);
  try {
    const ledger = await trialBalancePostgres(server);
    if (wants('5')) await drillDown(server, ledger);
    if (wants('6')) await peerHledger(server, ledger);
  } finally {
    await server.close();
  }
  if (wants('4')) await trialBalancePglite();
}
if (wants('7')) {
  const server = await startServer('erp_bench_imports', 3903);
  try {
    await hostileImports(server);
  } finally {
    await server.close();
  }
}
if (wants('8')) {
  const server = await startServer('erp_bench_invoices', 3904);
  try {
    await invoicePosting(server);
  } finally {
    await server.close();
  }
}
if (wants('9')) {
  const server = await startServer('erp_bench_invoice_list', 3905);
  try {
    await invoiceList(server);
  } finally {
    await server.close();
  }
}
if (wants('10')) {
  const server = await startServer('erp_bench_depreciation', 3910);
  try {
    await depreciationRun(server);
  } finally {
    await server.close();
  }
}
if (wants('11')) {
  const server = await startServer('erp_bench_payments', 3911);
  try {
    await paymentAllocation(server);
  } finally {
    await server.close();
  }
}
if (wants('12')) {
  const server = await startServer('erp_bench_ageing', 3912);
  try {
    await ageingReport(server);
  } finally {
    await server.close();
  }
}
if (wants('13')) {
  const server = await startServer('erp_bench_statement_import', 3923);
  try {
    await statementImport(server);
  } finally {
    await server.close();
  }
}
if (wants('15')) {
  const server = await startServer('erp_bench_forecast', 3915);
  try {
    await cashflowForecast(server);
  } finally {
    await server.close();
  }
}
if (wants('14')) {
  const server = await startServer('erp_bench_reconciliation', 3924);
  try {
    await reconciliationRun(server);
  } finally {
    await server.close();
  }
}
if (wants('16')) {
  const server = await startServer('erp_bench_payment_runs', 3916);
  try {
    await paymentRunBench(server);
  } finally {
    await server.close();
  }
}
process.exit(0);
