// Benchmark 13 of issue 17: import a generated CAMT.053 file of 100,000 entries through the API (POST
// /cm/bank-statements/import, the file streamed as the request body), against the goal of 5 s, with
// the server's memory bounded: its resident set is sampled from /proc while the import runs, and the
// peak compared with the file's size. Then the same file again: every line recognised, nothing written.
// Each run also gives the server process's CPU and the CPU of the PostgreSQL backends serving the
// database (from /proc): on a shared machine the wall time follows the load, the CPU much less.
import { createReadStream, createWriteStream, statSync, unlinkSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { cpuSecondsOf, cpuSpent, databaseCpu, prng, scaled, type BenchServer } from './lib';

const GOAL_MS = 5000;
const ACCOUNT_IBAN = 'NL91ABNA0417164300';

/** Writes the file entry by entry (never whole in memory); answers its path, size and closing balance in cents. */
async function writeCamt(entries: number): Promise<{ path: string; bytes: number; closingCents: bigint }> {
  const path = join(tmpdir(), `bench-camt053-${process.pid}.xml`);
  const out = createWriteStream(path);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  const random = prng(17);
  const openingCents = 1_000_000_00n;
  let total = 0n;
  const amounts: bigint[] = [];
  for (let i = 0; i < entries; i++) {
    const cents = BigInt(1 + Math.floor(random() * 500_000));
    const credit = random() < 0.45;
    amounts.push(credit ? cents : -cents);
    total += credit ? cents : -cents;
  }
  const closing = openingCents + total;
  const money = (c: bigint) => `${(c < 0n ? -c : c) / 100n}.${((c < 0n ? -c : c) % 100n).toString().padStart(2, '0')}`;
  const balance = (code: string, c: bigint, day: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${money(c)}</Amt><CdtDbtInd>${c < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>\n`;
  await write(`<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-12-31T18:00:00</CreDtTm></GrpHdr>\n`);
  await write(`<Stmt><Id>BENCH-2026</Id><ElctrncSeqNb>1</ElctrncSeqNb><FrToDt><FrDtTm>2026-01-01T00:00:00</FrDtTm><ToDtTm>2026-12-31T23:59:59</ToDtTm></FrToDt><Acct><Id><IBAN>${ACCOUNT_IBAN}</IBAN></Id><Ccy>USD</Ccy></Acct>\n`);
  await write(balance('OPBD', openingCents, '2025-12-31') + balance('CLBD', closing, '2026-12-31'));
  for (let i = 0; i < entries; i++) {
    const a = amounts[i]!;
    const day = new Date(Date.UTC(2026, 0, 1 + Math.floor((i * 365) / entries))).toISOString().slice(0, 10);
    const credit = a >= 0n;
    const party = credit ? 'Dbtr' : 'Cdtr';
    await write(`<Ntry><Amt Ccy="USD">${money(a)}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>BNK${i}</AcctSvcrRef>`
      + `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs>`
      + `<AmtDtls><TxAmt><Amt Ccy="USD">${money(a)}</Amt></TxAmt></AmtDtls><RltdPties><${party}><Nm>Party ${i % 5000}</Nm></${party}><${party}Acct><Id><IBAN>DE${String(10 + (i % 89)).padStart(2, '0')}50010517${String(i).padStart(10, '0')}</IBAN></Id></${party}Acct></RltdPties>`
      + `<RmtInf><Ustrd>Invoice INV-${i} of customer ${i % 5000}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`);
  }
  await write('</Stmt></BkToCstmrStmt></Document>\n');
  out.end();
  await once(out, 'finish');
  return { path, bytes: statSync(path).size, closingCents: closing };
}

/** The server's resident set (kB): now (VmRSS) and its peak since it started (VmHWM). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

export async function statementImport(server: BenchServer): Promise<void> {
  const entries = scaled(100_000);
  const json = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, body === undefined ? { headers: server.auth } : { method: 'POST', headers: server.auth, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  };
  const usd = (await json<{ items: { id: string; code: string }[] }>('/gl/currencies?limit=200')).items.find((c) => c.code === 'USD')!;
  const group = await json<{ id: string }>('/cm/bank-groups', { code: 'STMTBENCH', name: 'Statement bench' });
  const bank = await json<{ id: string }>('/cm/banks', { code: 'STMTBENCH', name: 'Statement bench', bankGroup: group.id, account: server.accounts.get('1020'), currency: usd.id, accountNumber: '0417164300' });

  const g0 = performance.now();
  const file = await writeCamt(entries);
  console.log(`13. import a CAMT.053 file of ${entries.toLocaleString('en-US')} entries (${(file.bytes / 2 ** 20).toFixed(1)} MB, generated in ${((performance.now() - g0) / 1000).toFixed(1)} s), streamed to POST /cm/bank-statements/import`);
  const upload = async () => {
    const headers = { ...server.auth, 'content-type': 'application/octet-stream', 'content-length': String(file.bytes) };
    const url = `${server.url}/cm/bank-statements/import?bank=${bank.id}&fileName=bench.xml`;
    const body = Readable.toWeb(createReadStream(file.path, { highWaterMark: 256 * 1024 })) as ReadableStream;
    const res = await fetch(url, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
    if (!res.ok) throw new Error(`import: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as { statementsImported: number; linesImported: number; failed: boolean; statements: { checks: { code: string; outcome: string; message: string }[] }[] };
  };
  const timed = async (what: string) => {
    const before = memoryOf(server.pid);
    const cpu0 = cpuSecondsOf(server.pid);
    const db0 = await databaseCpu(new URL(server.dbUrl).pathname.slice(1));
    let peak = before.rss;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid).rss)), 50);
    const t0 = performance.now();
    try {
      const result = await upload();
      const elapsed = performance.now() - t0;
      const cpu = cpuSecondsOf(server.pid) - cpu0;
      return { what, result, elapsed, before, cpu, dbCpu: cpuSpent(db0, await databaseCpu(new URL(server.dbUrl).pathname.slice(1))), peak: Math.max(peak, memoryOf(server.pid).rss) };
    } finally {
      clearInterval(sampler);
    }
  };
  try {
    const first = await timed('import');
    const failed = first.result.statements.flatMap((s) => s.checks.filter((c) => c.outcome === 'Failed').map((c) => c.message));
    if (first.result.linesImported !== entries || failed.length > 0) throw new Error(`import wrote ${first.result.linesImported} lines of ${entries}; failed checks: ${failed.join('; ')}`);
    const again = await timed('re-import');
    if (again.result.linesImported !== 0) throw new Error(`the re-import wrote ${again.result.linesImported} lines`);
    for (const r of [first, again]) {
      const rate = Math.round(entries / (r.elapsed / 1000)).toLocaleString('en-US');
      console.log(`    ${r.what.padEnd(9)} ${(r.elapsed / 1000).toFixed(2)} s (${rate} entries/s; ${r.result.linesImported.toLocaleString('en-US')} lines written)${r.what === 'import' ? ` goal < ${GOAL_MS / 1000} s: ${r.elapsed < GOAL_MS ? 'met' : 'MISSED'}` : ''}`);
      console.log(`              server process CPU ${r.cpu.toFixed(2)} s, PostgreSQL backends CPU ${r.dbCpu.toFixed(2)} s (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores while it ran)`);
      console.log(`              server RSS ${mb(r.before.rss)} before, peak ${mb(r.peak)} during (+${mb(r.peak - r.before.rss)}; the file is ${(file.bytes / 2 ** 20).toFixed(0)} MB)`);
    }
  } finally {
    unlinkSync(file.path);
  }
}
