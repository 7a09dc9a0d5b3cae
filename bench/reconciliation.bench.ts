// Benchmark 14 of issue 17: reconcile 100,000 statement lines against 100,000 open ledger lines
// with the default rules (reference and amount, amount and date within 3 days, counterparty open
// items, batch bookings). Goal: under 10 s, with the share of lines matched. The data is the
// engine tests' generated year (known answers, 15% near misses that must match nothing), so the
// bench also checks every proposal against its answer. Measured: the matching engine in process,
// as the run of a reconciliation calls it (the database's read of the lines and write of the
// proposals are not in this figure).
import os from 'node:os';
import { defaultReconciliationRules } from '@erp/contracts';
import { proposeMatches } from '../apps/api/src/modules/cash-management/reconciliation/engine';
import { generateWorld } from '../apps/api/test/helpers/reconciliation-world';
import { scaled } from './lib';

const GOAL_S = 10;

export function reconciliationRun(): void {
  const n = scaled(100_000);
  const world = generateWorld(n, 2026);
  const heapBefore = process.memoryUsage().heapUsed;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const proposals = proposeMatches({ ...world, rules: defaultReconciliationRules });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const expected = new Map(world.answers.map((a) => [[...a.statementLineIds].sort().join(','), [...a.ledgerKeys].sort().join(',')]));
  let right = 0;
  for (const p of proposals) if (expected.get([...p.statementLineIds].sort().join(',')) === [...p.ledgerKeys].sort().join(',')) right += 1;
  const matched = new Set(proposals.flatMap((p) => p.statementLineIds));
  const matchedLines = matched.size;
  const byRule = new Map<string, number>();
  for (const p of proposals) byRule.set(p.ruleKind, (byRule.get(p.ruleKind) ?? 0) + 1);
  console.log(`14 reconcile ${world.statementLines.length.toLocaleString('en-US')} statement lines against ${world.ledgerLines.length.toLocaleString('en-US')} open ledger lines (default rules): ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU, load average ${os.loadavg()[0]!.toFixed(1)} (goal < ${GOAL_S} s) ${seconds < GOAL_S ? 'PASS' : 'FAIL'}`);
  console.log(`   matched ${matchedLines.toLocaleString('en-US')} lines (${((100 * matchedLines) / world.statementLines.length).toFixed(1)}%) in ${proposals.length.toLocaleString('en-US')} proposals: ${[...byRule].map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', ')}`);
  console.log(`   ${right.toLocaleString('en-US')} of ${proposals.length.toLocaleString('en-US')} proposals are the known answer (${world.answers.length.toLocaleString('en-US')} answers; ${world.unmatched.size.toLocaleString('en-US')} near misses left unmatched: ${[...world.unmatched].every((id) => !matched.has(id)) ? 'all' : 'NOT all'}); heap grew ${heapMiB.toFixed(0)} MiB`);
}
