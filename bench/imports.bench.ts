// Benchmark 7 of issue 13: the worst event-loop lag of the server while it refuses hostile XLSX imports (a zip bomb of one huge shared string, declared or hidden, and a sheet of 500,000 rows).
import { longCell, manyRows, sharedStringBomb } from '../apps/api/test/helpers/hostile-xlsx';
import { ms, scaled, type BenchServer } from './lib';

const HEADERS = ['Code', 'Name', 'Symbol', 'Decimal places'];

/**
 * Sends one import while a second client asks /health back to back: the slowest answer to /health is how long the
 * server could not serve anyone else (its event loop was blocked), measured from outside, as a user would feel it.
 */
async function importWithProbe(server: BenchServer, file: Buffer) {
  let probing = true;
  let worst = 0;
  let probes = 0;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await fetch(`${server.url}/health`);
      worst = Math.max(worst, performance.now() - started);
      probes++;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${server.url}/gl/currencies/import`, {
    method: 'POST', headers: server.auth, body: JSON.stringify({ fileName: 'hostile.xlsx', contentBase64: file.toString('base64'), dryRun: true }),
  });
  const elapsed = performance.now() - started;
  const body = (await res.json()) as { message?: string };
  probing = false;
  await probe;
  return { status: res.status, message: body.message ?? '', elapsed, worst, probes };
}

export async function hostileImports(server: BenchServer): Promise<void> {
  const bombMb = scaled(400);
  const rows = scaled(500_000);
  const files: [string, () => Promise<Buffer>][] = [
    [`one shared string of ${bombMb} MB, declared`, () => sharedStringBomb(bombMb, HEADERS)],
    [`one shared string of ${bombMb} MB, declared as 1 KB`, () => sharedStringBomb(bombMb, HEADERS, 'size')],
    [`${rows.toLocaleString('en-US')} rows`, () => manyRows(rows, HEADERS, ['Q'])],
    ['one cell of 1,000,000 characters', () => longCell(1_000_000, HEADERS)],
  ];
  const results = [];
  for (const [name, build] of files) {
    const file = await build();
    const r = await importWithProbe(server, file);
    results.push(r.worst);
    console.log(`   ${name} (${(file.length / 1024).toFixed(0)} KB): ${r.status} "${r.message}" in ${ms(r.elapsed)}; worst /health answer ${ms(r.worst)} over ${r.probes} probes`);
  }
  console.log(`7. hostile XLSX imports: worst event-loop lag (slowest /health answer during an import) ${ms(Math.max(...results))}   (before the limits: 6.6 s for the bomb, 10 s for 500,000 rows)`);
}
