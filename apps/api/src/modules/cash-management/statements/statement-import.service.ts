import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  formatMoney, parseMoney, STATEMENT_PREVIEW_LINES_MAX, statementMappingSchema,
  type StatementCheck, type StatementFormat, type StatementImportResult, type StatementLinePreview, type StatementPreview,
} from '@erp/contracts';
import { recordAudit } from '../../../platform/audit/audit';
import { pgArray, rowsOf, type Tx } from '../../../platform/db/client';
import { badRequest, notFound, unprocessable } from '../../../platform/http/errors';
import type { Scope } from '../../../platform/http/actor';
import { currencies } from '../../organisation/index';
import { banks } from '../banks.tables';
import { orderedIdPrefix } from '../ordered-ids';
import { bankStatementMappings, bankStatements } from '../statements.tables';
import { openStatementFile } from './parsers/detect';
import { StatementParseError, type StatementHeader, type StatementLine } from './parsers/shape';
import {
  accountCheck, balanceCheck, bankFor, continuityCheck, currencyCheck, dedupeBase, duplicatesCheck,
  type BankFacts, type PreviousStatement,
} from './statement-checks';

/*
 * Preview and import of a statement file (RULES.md). Both run the same pass over the file's events:
 * lines are taken in batches; importing, each batch is written with one insert from array parameters
 * that skips the lines imported before (on conflict on the dedupe key); previewing, its dedupe keys are
 * looked up at once; while the parser reads the next
 * batch (one in flight), so memory holds two batches and each statement's totals, never the file. The checks are known at each statement's end; an import whose checks fail
 * throws before commit (nothing stays) unless the user chose to import anyway with a reason.
 */

const BATCH = 5000;

export type ImportRequest = { bankId: string; fileName: string; write: boolean; importAnyway: boolean; reason?: string | undefined };

type Pending = { line: StatementLine; lineNo: number; amountMinor: bigint; key: string };

/** One statement of the file as the pass reads it. */
class StatementRun {
  id = randomUUID();
  /** Its lines' ids: this prefix and the line number (`orderedIdPrefix`). */
  readonly lineIds = orderedIdPrefix();
  written = false;
  lineCount = 0;
  newCount = 0;
  duplicateCount = 0;
  creditCount = 0;
  creditMinor = 0n;
  debitCount = 0;
  debitMinor = 0n;
  firstDate: string | null = null;
  lastDate: string | null = null;
  currencies = new Set<string>();
  occurrences = new Map<string, number>();
  pending: Pending[] = [];
  preview: StatementLinePreview[] = [];
  constructor(readonly header: StatementHeader, readonly bank: BankFacts, readonly unmatched: boolean) {}
}

async function companyBanks(tx: Tx, scope: Scope): Promise<BankFacts[]> {
  const rows = await tx
    .select({ id: banks.id, code: banks.code, name: banks.name, accountNumber: banks.accountNumber, currency: currencies.code, scale: currencies.minorUnit, status: banks.status })
    .from(banks)
    .innerJoin(currencies, and(eq(currencies.tenantId, banks.tenantId), eq(currencies.id, banks.currency)))
    .where(and(eq(banks.tenantId, scope.tenantId), eq(banks.companyId, scope.companyId)));
  return rows.map((r) => ({ ...r, active: r.status === 'Active' }));
}

async function lastStatement(tx: Tx, scope: Scope, bankId: string): Promise<PreviousStatement | null> {
  const [row] = await tx
    .select({ statementRef: bankStatements.statementRef, fromDate: bankStatements.fromDate, toDate: bankStatements.toDate, closingMinor: bankStatements.closingMinor })
    .from(bankStatements)
    .where(and(eq(bankStatements.tenantId, scope.tenantId), eq(bankStatements.bankId, bankId)))
    .orderBy(sql`${bankStatements.toDate} desc nulls last`, desc(bankStatements.importedAt))
    .limit(1);
  return row ?? null;
}

/** The bank's saved CSV/XLSX mapping, or null. */
export async function savedMapping(tx: Tx, scope: Scope, bankId: string) {
  const [row] = await tx.select({ mapping: bankStatementMappings.mapping }).from(bankStatementMappings)
    .where(and(eq(bankStatementMappings.tenantId, scope.tenantId), eq(bankStatementMappings.companyId, scope.companyId), eq(bankStatementMappings.bankId, bankId)));
  return row ? statementMappingSchema.parse(row.mapping) : null;
}

/** PostgreSQL text holds no U+0000: a file's stray NUL characters are dropped. */
function withoutNul(line: StatementLine): StatementLine {
  let out: Record<string, unknown> | null = null;
  for (const k in line) {
    const v = (line as Record<string, unknown>)[k];
    if (typeof v === 'string' && v.includes('\u0000')) (out ??= { ...line })[k] = v.replaceAll('\u0000', '');
  }
  return (out as StatementLine | null) ?? line;
}

function minorOf(amount: string, bank: BankFacts, where: string): bigint {
  try {
    return parseMoney(amount, bank.scale);
  } catch (e) {
    throw badRequest(`${where}: ${e instanceof Error ? e.message : String(e)} (${bank.currency} has ${bank.scale} decimals)`);
  }
}

class ImportPass {
  readonly statements: StatementPreview[] = [];
  readonly written: StatementRun[] = [];
  readonly failedRuns: StatementRun[] = [];
  linesImported = 0;
  private previous = new Map<string, PreviousStatement | null>();
  private run: StatementRun | null = null;
  /** The batch being checked and written while the next one is read (at most one: memory holds two batches). */
  private inflight: Promise<void> | null = null;

  constructor(private tx: Tx, private scope: Scope, private banks: BankFacts[], private chosen: BankFacts, private request: ImportRequest, private format: StatementFormat) {}

  async begin(header: StatementHeader): Promise<void> {
    const bank = bankFor(header.account, header.currency, this.banks, this.chosen);
    this.run = new StatementRun(header, bank ?? this.chosen, bank === null);
    // Read before this statement writes anything: its own header row is no previous statement.
    const id = this.run.bank.id;
    if (!this.previous.has(id)) this.previous.set(id, await lastStatement(this.tx, this.scope, id));
  }

  /** Takes a line; answers a promise only when its batch is full and is being checked (and written). */
  line(parsed: StatementLine): Promise<void> | undefined {
    const run = this.run;
    const line = withoutNul(parsed);
    if (!run) throw badRequest('The file has a statement line outside any statement');
    run.lineCount++;
    const amountMinor = minorOf(line.amount, run.bank, `Statement ${run.header.statementRef}, line ${run.lineCount}`);
    if (amountMinor >= 0n) {
      run.creditCount++;
      run.creditMinor += amountMinor;
    } else {
      run.debitCount++;
      run.debitMinor += amountMinor;
    }
    if (line.currency) run.currencies.add(line.currency);
    if (run.firstDate === null || line.bookingDate < run.firstDate) run.firstDate = line.bookingDate;
    if (run.lastDate === null || line.bookingDate > run.lastDate) run.lastDate = line.bookingDate;
    const base = dedupeBase(line, amountMinor);
    const seen = (run.occurrences.get(base) ?? 0) + 1;
    run.occurrences.set(base, seen);
    run.pending.push({ line, lineNo: run.lineCount, amountMinor, key: `${base}#${seen}` });
    return run.pending.length >= BATCH ? this.schedule(run) : undefined;
  }

  /**
   * Hands a full batch to the database and answers when the batch before it is done: the file is
   * read on while the database checks and writes (the two take turns on two cores), the batches
   * are written in order on the one transaction, and at most two are held.
   */
  private schedule(run: StatementRun): Promise<void> {
    const batch = run.pending;
    run.pending = [];
    const previous = this.inflight;
    const current = previous ? previous.then(() => this.flush(run, batch)) : this.flush(run, batch);
    // Its failure is answered to whoever awaits it next (the next batch, the statement's end or drain), never lost.
    current.catch(() => undefined);
    this.inflight = current;
    return previous ?? Promise.resolve();
  }

  /** Waits for the batch in flight (its failure included). */
  async drain(): Promise<void> {
    const inflight = this.inflight;
    this.inflight = null;
    if (inflight) await inflight;
  }

  private async flush(run: StatementRun, batch: Pending[]): Promise<void> {
    if (batch.length === 0) return;
    let existing: Set<string>;
    if (this.request.write) {
      // The insert itself recognises the lines imported before (the dedupe key's unique index, probed once per
      // line, skips them) and answers the keys it wrote: no lookup of its own, and no plan to choose for one.
      await this.writeHeader(run);
      const written = new Set(await this.insertLines(run, batch));
      existing = new Set(batch.filter((p) => !written.has(p.key)).map((p) => p.key));
      this.linesImported += written.size;
    } else {
      const found = rowsOf<{ dedupe_key: string }>(await this.tx.execute(sql`
        select dedupe_key from bank_statement_lines
        where tenant_id = ${this.scope.tenantId} and bank_id = ${run.bank.id} and dedupe_key = any(${pgArray(batch.map((p) => p.key))}::text[])`));
      existing = new Set(found.map((r) => r.dedupe_key));
    }
    run.duplicateCount += existing.size;
    run.newCount += batch.length - existing.size;
    for (const p of batch) {
      if (run.preview.length >= STATEMENT_PREVIEW_LINES_MAX) break;
      const l = p.line;
      run.preview.push({
        lineNo: p.lineNo, bookingDate: l.bookingDate, valueDate: l.valueDate, amount: formatMoney(p.amountMinor, run.bank.scale), counterpartyName: l.counterpartyName,
        counterpartyAccount: l.counterpartyAccount, reference: l.reference, bankReference: l.bankReference, transactionCode: l.transactionCode, description: l.description,
        reversal: l.reversal, duplicate: existing.has(p.key),
      });
    }
  }

  /** A statement whose lines were all imported before keeps no header (written before its first batch, as its lines' key needs it). */
  private async dropHeader(run: StatementRun): Promise<void> {
    if (!run.written) return;
    await this.tx.delete(bankStatements).where(and(eq(bankStatements.tenantId, this.scope.tenantId), eq(bankStatements.id, run.id)));
    run.written = false;
    this.written.splice(this.written.indexOf(run), 1);
  }

  private async writeHeader(run: StatementRun): Promise<void> {
    if (run.written) return;
    run.written = true;
    const h = run.header;
    await this.tx.insert(bankStatements).values({
      tenantId: this.scope.tenantId, companyId: this.scope.companyId, id: run.id, bankId: run.bank.id, statementRef: h.statementRef, format: this.format,
      fileName: this.request.fileName, sequence: h.sequence, account: h.account, currency: run.bank.currency, openingMinor: 0n, closingMinor: 0n,
      lineCount: 0, importedLineCount: 0, creditCount: 0, creditMinor: 0n, debitCount: 0, debitMinor: 0n, importedBy: this.scope.userId,
    });
    this.written.push(run);
  }

  /** Writes the lines not imported before; answers the dedupe keys of those written. */
  private async insertLines(run: StatementRun, lines: Pending[]): Promise<string[]> {
    const col = <T extends string | number | bigint | null>(pick: (p: Pending) => T) => pgArray(lines.map(pick));
    const written = rowsOf<{ dedupe_key: string }>(await this.tx.execute(sql`
      insert into bank_statement_lines (tenant_id, company_id, statement_id, bank_id, id, line_no, booking_date, value_date, amount_minor, currency,
        foreign_currency, foreign_amount, counterparty_name, counterparty_account, reference, bank_reference, transaction_code, description, reversal, dedupe_key)
      select ${this.scope.tenantId}, ${this.scope.companyId}, ${run.id}, ${run.bank.id}, (${run.lineIds} || lpad(to_hex(u.line_no), 12, '0'))::uuid, u.line_no,
        u.booking_date, u.value_date, u.amount_minor, ${run.bank.currency}, u.foreign_currency, u.foreign_amount, u.counterparty_name, u.counterparty_account, u.reference,
        u.bank_reference, u.transaction_code, u.description, u.reversal, u.dedupe_key
      from unnest(${col((p) => p.lineNo)}::int[], ${col((p) => p.line.bookingDate)}::date[], ${col((p) => p.line.valueDate)}::date[], ${col((p) => p.amountMinor)}::bigint[],
        ${col((p) => p.line.foreignCurrency)}::text[], ${col((p) => p.line.foreignAmount)}::numeric[], ${col((p) => p.line.counterpartyName)}::text[],
        ${col((p) => p.line.counterpartyAccount)}::text[], ${col((p) => p.line.reference)}::text[], ${col((p) => p.line.bankReference)}::text[], ${col((p) => p.line.transactionCode)}::text[],
        ${col((p) => p.line.description)}::text[], ${col((p) => String(p.line.reversal))}::boolean[], ${col((p) => p.key)}::text[])
        as u(line_no, booking_date, value_date, amount_minor, foreign_currency, foreign_amount, counterparty_name, counterparty_account, reference, bank_reference, transaction_code, description, reversal, dedupe_key)
      on conflict (tenant_id, bank_id, dedupe_key) do nothing
      returning dedupe_key`));
    return written.map((r) => r.dedupe_key);
  }

  async end(header: StatementHeader): Promise<void> {
    const run = this.run;
    if (!run) return;
    this.run = null;
    await this.drain();
    await this.flush(run, run.pending);
    run.pending = [];
    const h = { ...run.header, ...header, notes: [...new Set([...run.header.notes, ...header.notes])] };
    const bank = run.bank;
    const previewBase = { statementRef: h.statementRef, sequence: h.sequence, account: h.account, currency: h.currency ?? bank.currency };
    if (run.unmatched && run.lineCount === 0) {
      this.statements.push(this.preview(run, previewBase, 0n, 0n, false, [{ code: 'Account', outcome: 'Info', message: `Account ${h.account} is no bank of this company and its statement has no lines: skipped` }], h.fromDate, h.toDate));
      return;
    }
    const movement = run.creditMinor + run.debitMinor;
    const where = `Statement ${h.statementRef}`;
    const previous = this.previous.get(bank.id) ?? null;
    const { opening, closing, derived } = balancesOf(
      h.opening === null ? null : minorOf(h.opening, bank, `${where}, opening balance`),
      h.closing === null ? null : minorOf(h.closing, bank, `${where}, closing balance`),
      movement, previous,
    );
    const alreadyImported = run.lineCount > 0 ? run.newCount === 0 : await this.emptyStatementImported(bank.id, h.statementRef, closing);
    const fromDate = h.fromDate ?? run.firstDate;
    const checks: StatementCheck[] = [
      ...h.notes.map((message): StatementCheck => ({ code: 'Format', outcome: 'Info', message })),
      accountCheck(h.account, bank),
      currencyCheck(h.currency ?? bank.currency, run.currencies, bank),
      balanceCheck(opening, movement, closing, bank.scale, derived),
      ...(alreadyImported ? [] : [h.opening === null && h.closing === null ? { code: 'Continuity' as const, outcome: 'Info' as const, message: 'Continues from the last imported closing (the file gives no balances)' } : continuityCheck(opening, fromDate, previous, bank.scale)]),
      ...(run.lineCount > 0 ? [duplicatesCheck(run.lineCount, run.duplicateCount)] : alreadyImported ? [{ code: 'Duplicates' as const, outcome: 'Info' as const, message: 'This statement was imported before: nothing of it is written' }] : []),
    ];
    const preview = this.preview(run, previewBase, opening, closing, alreadyImported, checks, fromDate, h.toDate ?? run.lastDate);
    this.statements.push(preview);
    if (alreadyImported) {
      await this.dropHeader(run);
      return;
    }
    if (checks.some((c) => c.outcome === 'Failed')) this.failedRuns.push(run);
    this.previous.set(bank.id, { statementRef: h.statementRef, fromDate, toDate: preview.toDate, closingMinor: closing });
    if (!this.request.write) return;
    await this.writeHeader(run);
    await this.tx.update(bankStatements).set({
      statementRef: h.statementRef, sequence: h.sequence, account: h.account, fromDate, toDate: preview.toDate, openingMinor: opening, closingMinor: closing,
      lineCount: run.lineCount, importedLineCount: run.newCount, creditCount: run.creditCount, creditMinor: run.creditMinor, debitCount: run.debitCount, debitMinor: run.debitMinor, checks,
    }).where(and(eq(bankStatements.tenantId, this.scope.tenantId), eq(bankStatements.id, run.id)));
  }

  private async emptyStatementImported(bankId: string, statementRef: string, closing: bigint): Promise<boolean> {
    const [row] = await this.tx.select({ id: bankStatements.id }).from(bankStatements)
      .where(and(eq(bankStatements.tenantId, this.scope.tenantId), eq(bankStatements.bankId, bankId), eq(bankStatements.statementRef, statementRef), eq(bankStatements.closingMinor, closing)))
      .limit(1);
    return row !== undefined;
  }

  private preview(run: StatementRun, base: Pick<StatementPreview, 'statementRef' | 'sequence' | 'account' | 'currency'>, opening: bigint, closing: bigint, alreadyImported: boolean, checks: StatementCheck[], fromDate: string | null, toDate: string | null): StatementPreview {
    const scale = run.bank.scale;
    return {
      ...base, bankId: run.unmatched && run.lineCount === 0 ? null : run.bank.id, bankCode: run.unmatched && run.lineCount === 0 ? null : run.bank.code,
      fromDate, toDate, opening: formatMoney(opening, scale), closing: formatMoney(closing, scale),
      lineCount: run.lineCount, newLineCount: run.newCount, duplicateCount: run.duplicateCount, creditCount: run.creditCount, credit: formatMoney(run.creditMinor, scale),
      debitCount: run.debitCount, debit: formatMoney(run.debitMinor, scale), alreadyImported, checks, lines: run.preview,
    };
  }
}

/** A statement's balances, those the file lacks derived (and said so). */
function balancesOf(opening: bigint | null, closing: bigint | null, movement: bigint, previous: PreviousStatement | null): { opening: bigint; closing: bigint; derived: string | null } {
  if (opening !== null && closing !== null) return { opening, closing, derived: null };
  if (closing !== null) return { opening: closing - movement, closing, derived: 'The file gives no opening balance: it is the closing less the lines' };
  if (opening !== null) return { opening, closing: opening + movement, derived: 'The file gives no closing balance: it is the opening plus the lines' };
  const start = previous?.closingMinor ?? 0n;
  const from = previous ? `the closing of statement ${previous.statementRef}` : "zero (the bank's first statement)";
  return { opening: start, closing: start + movement, derived: `The file gives no balances: the opening is ${from} and the closing the opening plus the lines` };
}

/** Previews (write: false) or imports a statement file for the caller's company; see RULES.md for the checks. */
export async function runStatementImport(tx: Tx, scope: Scope, request: ImportRequest, source: AsyncIterable<Buffer>): Promise<StatementImportResult> {
  const all = await companyBanks(tx, scope);
  const chosen = all.find((b) => b.id === request.bankId);
  if (!chosen) throw notFound('Bank');
  let opened;
  try {
    opened = await openStatementFile(source, request.fileName, () => savedMapping(tx, scope, chosen.id));
  } catch (e) {
    throw e instanceof StatementParseError ? badRequest(`${request.fileName}: ${e.message}`) : e;
  }
  const pass = new ImportPass(tx, scope, all, chosen, request, opened.format);
  try {
    for await (const batch of opened.events) {
      for (const e of batch) {
        if (e.type === 'line') {
          const full = pass.line(e.line);
          if (full) await full;
        } else if (e.type === 'begin') await pass.begin(e.header);
        else await pass.end(e.header);
      }
    }
    await pass.drain();
  } catch (e) {
    // A batch still being written finishes (or fails) before the transaction is rolled back.
    await pass.drain().catch(() => undefined);
    throw e instanceof StatementParseError ? badRequest(`${request.fileName}: ${e.message}`) : e;
  }
  if (pass.statements.length === 0) throw badRequest(`${request.fileName} holds no statement`);
  const failed = pass.failedRuns.length > 0;
  if (request.write) await settle(tx, scope, request, pass);
  return {
    format: opened.format, fileName: request.fileName, statements: pass.statements, failed,
    statementsImported: request.write ? pass.written.length : 0, linesImported: request.write ? pass.linesImported : 0,
    statementIds: request.write ? pass.written.map((r) => r.id) : [],
  };
}

/** An import's end: refused when a check failed and the user did not choose to import anyway; else the override recorded and everything audited. */
async function settle(tx: Tx, scope: Scope, request: ImportRequest, pass: ImportPass): Promise<void> {
  const failures = pass.statements.flatMap((s) => s.checks.filter((c) => c.outcome === 'Failed').map((c) => `${s.statementRef}: ${c.message}`));
  if (failures.length > 0 && !request.importAnyway) {
    throw unprocessable(`Nothing was imported: ${failures.join('; ')}. Correct the file, or import it anyway with a reason`);
  }
  if (failures.length > 0) {
    for (const run of pass.failedRuns.filter((r) => r.written)) {
      await tx.update(bankStatements).set({ importedAnyway: true, overrideBy: scope.userId, overrideReason: request.reason ?? null })
        .where(and(eq(bankStatements.tenantId, scope.tenantId), eq(bankStatements.id, run.id)));
    }
  }
  const anyway = new Set(pass.failedRuns.map((r) => r.id));
  await recordAudit(tx, scope.tenantId, scope.userId, pass.written.map((run) => ({
    entity: 'bank_statements', recordId: run.id, action: 'create' as const,
    after: {
      statementRef: run.header.statementRef, bank: run.bank.code, fileName: request.fileName, lineCount: run.lineCount, importedLineCount: run.newCount,
      ...(anyway.has(run.id) ? { importedAnyway: true, reason: request.reason, failedChecks: failures } : {}),
    },
  })));
}
