// Bank reconciliation through the database (issue 17): the rules propose matches with their
// reasons; accepting holds the lines (a counterparty proposal posts its receipt through
// receivables); a rejected pair is not proposed again; a manual match needs equal totals; a fee
// line becomes a balanced entry on the bank account; closing locks the lines and the report ties
// bank to book; undo needs a reason and is audited; every refused action changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BankReconciliation, EntityRecord, LineEntryResult, ReconciliationReport } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { paymentWorld, type PaymentWorld } from '../ap-ar/payment-world';
import ExcelJS from 'exceljs';
import { assertValidPdf, pdfText } from '../ledger/pdf-text';
import { insertStatement } from './reconciliation-statements';

let t: TestApp;
let w: PaymentWorld;
let bank: string;
const IBAN = 'DE89370400440532013000';
const R = (id: string) => `/cm/reconciliations/${id}`;

/** A journal on the bank account (1020) against another account: positive is money in. */
async function bankJournal(date: string, amount: string, reference: string | null, other = '6100'): Promise<string> {
  const inflow = !amount.startsWith('-');
  const a = amount.replace('-', '');
  const j = await w.ok<{ id: string }>('POST', '/gl/journals/post', {
    journalDate: date, description: `Bank ${amount}`, ...(reference ? { reference } : {}),
    lines: [{ account: w.acct('1020'), currency: 'USD', [inflow ? 'debit' : 'credit']: a }, { account: w.acct(other), currency: 'USD', [inflow ? 'credit' : 'debit']: a }],
  });
  return j.id;
}
const counts = async () => (await w.query<{ journals: number; matches: number; held: number; events: number }>(sql`
  select (select count(*)::int from journals) as journals, (select count(*)::int from bank_matches) as matches,
         (select count(*)::int from bank_match_ledger_lines where held) as held, (select count(*)::int from bank_reconciliation_events) as events`))[0]!;

let opening: string;
const j: Record<string, string> = {};
let feb: { id: string; lineIds: string[] };
let mar: { id: string; lineIds: string[] };
let invoiceItem: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await paymentWorld(t, 'RECON');
  bank = w.banks.USD!;
  opening = await bankJournal('2026-02-01', '10000.00', 'CAPITAL', '3000');
  j.dep = await bankJournal('2026-03-02', '1000.00', 'DEP-1001', '4100');
  j.chq = await bankJournal('2026-03-03', '-250.00', 'CHQ-2002');
  j.card = await bankJournal('2026-03-05', '-75.50', null, '6200');
  j.late = await bankJournal('2026-03-20', '-300.00', 'CHQ-2003');
  const group = (await w.ok<{ items: EntityRecord[] }>('GET', '/ar/customer-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const customer = await w.ok<EntityRecord>('POST', '/ar/customers', { code: 'ACME', name: 'Acme Trading', group: group.id, iban: 'DE89 3704 0044 0532 0130 00' });
  const inv = await w.ok<{ id: string }>('POST', '/ar/customer-invoices/post', { party: customer.id, documentDate: '2026-03-01', description: 'Goods', lines: [{ account: w.acct('4000'), quantity: '1', unitPrice: '400' }] });
  invoiceItem = (await w.query<{ id: string }>(sql`select id from open_items where invoice_id = ${inv.id}::uuid`))[0]!.id;
  feb = await insertStatement(t, w.tenant.tenantId, bank, { ref: 'FEB', from: '2026-02-01', to: '2026-02-28', openingMinor: 0n, lines: [{ date: '2026-02-01', amountMinor: 1_000_000n, reference: 'Capital' }] });
  mar = await insertStatement(t, w.tenant.tenantId, bank, {
    ref: 'MAR', from: '2026-03-01', to: '2026-03-31', openingMinor: 1_000_000n, lines: [
      { date: '2026-03-03', amountMinor: 100_000n, reference: 'Deposit DEP-1001' },
      { date: '2026-03-04', amountMinor: -25_000n, reference: 'CHQ 2002' },
      { date: '2026-03-06', amountMinor: -7_550n },
      { date: '2026-03-31', amountMinor: -1_200n, reference: 'Account fee' },
      { date: '2026-03-10', amountMinor: 40_000n, name: 'ACME TRADING', iban: IBAN },
    ],
  });
});
afterAll(() => t.close());

describe('bank reconciliation', () => {
  it('matches by hand with equal totals, refuses unequal ones without writing, and closes February', async () => {
    const before = await counts();
    const unequal = await w.api('POST', `${R(feb.id)}/matches`, { statementLineIds: feb.lineIds, ledgerLines: [{ journalId: j.dep, lineNo: 1 }] });
    expect(unequal.status).toBe(422);
    expect(unequal.body.message).toBe('The totals differ: the statement lines come to 10000.00, the book lines to 1000.00');
    expect(await counts()).toEqual(before);
    await w.ok('POST', `${R(feb.id)}/matches`, { statementLineIds: feb.lineIds, ledgerLines: [{ journalId: opening, lineNo: 1 }] });
    await w.ok('POST', `${R(feb.id)}/close`);
    const view = await w.ok<BankReconciliation>('GET', R(feb.id));
    expect(view.status).toBe('Closed');
  });

  it('proposes the March matches with their reasons; the opening line is no longer unreconciled', async () => {
    const view = await w.ok<BankReconciliation>('GET', R(mar.id));
    expect(view.ledgerLines.map((l) => l.journalId).sort()).toEqual([j.dep, j.chq, j.card, j.late].sort());
    const run = await w.ok<{ proposed: number }>('POST', `${R(mar.id)}/run`);
    expect(run.proposed).toBe(4);
    const { matches } = await w.ok<BankReconciliation>('GET', R(mar.id));
    const byLine = new Map(matches.map((m) => [m.statementLineIds[0], m]));
    expect(byLine.get(mar.lineIds[0])).toMatchObject({ ruleKind: 'ReferenceAmount', ledgerLines: [{ journalId: j.dep, amount: '1000.00' }], reasons: [{ field: 'reference', book: 'DEP1001' }, { field: 'amount', statement: '1000.00' }] });
    expect(byLine.get(mar.lineIds[1])).toMatchObject({ ruleKind: 'ReferenceAmount', ledgerLines: [{ journalId: j.chq }] });
    expect(byLine.get(mar.lineIds[2])).toMatchObject({ ruleKind: 'AmountDate', ledgerLines: [{ journalId: j.card }], reasons: [{ field: 'amount' }, { field: 'date', book: '2026-03-05 (1 of 3 days)' }] });
    expect(byLine.get(mar.lineIds[4])).toMatchObject({ ruleKind: 'Counterparty', ledgerLines: [], settlement: { partyType: 'Customer', partyName: 'Acme Trading', openItems: [{ id: invoiceItem, amount: '400.00' }] } });
    expect(byLine.has(mar.lineIds[3])).toBe(false);
  });

  it('a rejected pair is not proposed again; accepting holds the lines; a counterparty proposal posts the receipt', async () => {
    const matches = () => w.ok<BankReconciliation>('GET', R(mar.id)).then((v) => new Map(v.matches.map((m) => [m.statementLineIds[0], m])));
    await w.ok('POST', `${R(mar.id)}/matches/${(await matches()).get(mar.lineIds[2])!.id}/reject`);
    await w.ok('POST', `${R(mar.id)}/run`);
    expect((await matches()).has(mar.lineIds[2])).toBe(false);
    const m = await matches();
    for (const i of [0, 1, 4]) await w.ok('POST', `${R(mar.id)}/matches/${m.get(mar.lineIds[i])!.id}/accept`);
    const [item] = await w.query<{ remaining: string }>(sql`select remaining_minor::text as remaining from open_items where id = ${invoiceItem}::uuid`);
    expect(item!.remaining).toBe('0');
    const receipt = (await matches()).get(mar.lineIds[4])!;
    expect(receipt.status).toBe('Accepted');
    expect(receipt.ledgerLines).toEqual([expect.objectContaining({ amount: '400.00' })]);
    const states = await w.query<{ state: string }>(sql`select state from bank_statement_lines where statement_id = ${mar.id}::uuid order by line_no`);
    expect(states.map((s) => s.state)).toEqual(['Matched', 'Matched', 'Unreconciled', 'Unreconciled', 'Matched']);
    // Accepting again is refused and changes nothing.
    const before = await counts();
    expect((await w.api('POST', `${R(mar.id)}/matches/${receipt.id}/accept`)).status).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('matches the card line by hand (the wrong line of the card journal is refused)', async () => {
    const wrong = await w.api('POST', `${R(mar.id)}/matches`, { statementLineIds: [mar.lineIds[2]], ledgerLines: [{ journalId: j.card, lineNo: 2 }] });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toContain('is not an unreconciled line of bank USD');
    await w.ok('POST', `${R(mar.id)}/matches`, { statementLineIds: [mar.lineIds[2]], ledgerLines: [{ journalId: j.card, lineNo: 1 }] });
  });

  it('books the fee line through the profile: the entry balances and hits the bank account; a second try is refused', async () => {
    const fee = await w.ok<LineEntryResult>('POST', `${R(mar.id)}/entries`, { statementLineId: mar.lineIds[3], kind: 'Fee' });
    const lines = await w.query<{ code: string; debit: string; credit: string }>(sql`
      select a.code, l.debit_minor::text as debit, l.credit_minor::text as credit from ledger_entries l join accounts a on a.id = l.account_id where l.journal_id = ${fee.journalId}::uuid order by l.line_no`);
    expect(lines).toEqual([{ code: '1020', debit: '0', credit: '1200' }, { code: '6400', debit: '1200', credit: '0' }]);
    const before = await counts();
    const again = await w.api('POST', `${R(mar.id)}/entries`, { statementLineId: mar.lineIds[3], kind: 'Fee' });
    expect(again.status).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('closes: the lines lock, every change is refused and changes nothing, the report ties bank to book', async () => {
    await w.ok('POST', `${R(mar.id)}/close`);
    const states = await w.query<{ state: string }>(sql`select distinct state from bank_statement_lines where statement_id = ${mar.id}::uuid`);
    expect(states).toEqual([{ state: 'Reconciled' }]);
    const before = await counts();
    const view = await w.ok<BankReconciliation>('GET', R(mar.id));
    for (const [url, body] of [[`${R(mar.id)}/run`, undefined], [`${R(mar.id)}/matches/${view.matches[0]!.id}/reject`, undefined], [`${R(mar.id)}/entries`, { statementLineId: mar.lineIds[0], kind: 'Fee' }], [`${R(mar.id)}/close`, undefined]] as const) {
      const res = await w.api('POST', url, body);
      expect(res.status, url).toBe(422);
      expect(res.body.message).toContain('is closed');
    }
    expect(await counts()).toEqual(before);
    const report = await w.ok<ReconciliationReport>('GET', `${R(mar.id)}/report`);
    expect(report).toMatchObject({ status: 'Closed', bankBalance: '11062.50', bookBalance: '10762.50', outstandingBank: [], difference: '0.00' });
    expect(report.outstandingBook).toEqual([{ date: '2026-03-20', number: expect.any(String), description: 'Bank -300.00', amount: '-300.00' }]);
    const pdf = await t.app.inject({ method: 'GET', url: `${R(mar.id)}/report/file?format=pdf`, headers: { host: w.tenant.host, authorization: `Bearer ${w.admin.token}`, token: w.admin.tenantId } });
    expect(pdf.statusCode).toBe(200);
    assertValidPdf(pdf.rawPayload);
    const text = pdfText(pdf.rawPayload).flat().join(' ');
    for (const words of ['Balance per bank statement', '11,062.50', 'Add: book items not yet on the bank statement', '-300.00', 'Balance per books', '10,762.50', 'Unexplained difference']) expect(text).toContain(words);
    const xlsx = await t.app.inject({ method: 'GET', url: `${R(mar.id)}/report/file?format=xlsx`, headers: { host: w.tenant.host, authorization: `Bearer ${w.admin.token}`, token: w.admin.tenantId } });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows).toContainEqual(['', 'Balance per bank statement', 11062.5]);
    expect(rows).toContainEqual(['', 'Balance per books', 10762.5]);
    expect(rows).toContainEqual(['', 'Unexplained difference', 0]);
  });

  it('undo needs a reason; it reopens the statement, unlocks its lines, keeps its matches, and is audited', async () => {
    const before = await counts();
    const bare = await w.api('POST', `${R(mar.id)}/undo`, { reason: '' });
    expect(bare.status).toBe(400);
    expect(await counts()).toEqual(before);
    await w.ok('POST', `${R(mar.id)}/undo`, { reason: 'Fee booked to the wrong account' });
    const view = await w.ok<BankReconciliation>('GET', R(mar.id));
    expect(view.status).toBe('Open');
    expect(view.matches.filter((m) => m.status === 'Accepted')).toHaveLength(5);
    const states = await w.query<{ state: string }>(sql`select distinct state from bank_statement_lines where statement_id = ${mar.id}::uuid`);
    expect(states).toEqual([{ state: 'Matched' }]);
    const [event] = await w.query<{ reason: string }>(sql`select reason from bank_reconciliation_events where statement_id = ${mar.id}::uuid and action = 'Undo'`);
    expect(event!.reason).toBe('Fee booked to the wrong account');
    const audit = await w.query<{ after: { reason?: string } }>(sql`select after from audit_log where record_id = ${mar.id} and entity = 'bankReconciliation' order by at`);
    expect(audit.at(-1)!.after.reason).toBe('Fee booked to the wrong account');
    expect((await counts()).events).toBe(before.events + 1);
  });

  it('refuses to close while a proposal is undecided (nothing changes), then closes April with the late cheque: the report ties', async () => {
    const apr = await insertStatement(t, w.tenant.tenantId, bank, { ref: 'APR', from: '2026-04-01', to: '2026-04-30', openingMinor: 1_106_250n, lines: [{ date: '2026-04-02', amountMinor: -30_000n, reference: 'CHQ-2003' }] });
    expect((await w.ok<{ proposed: number }>('POST', `${R(apr.id)}/run`)).proposed).toBe(1);
    const before = await counts();
    const early = await w.api('POST', `${R(apr.id)}/close`);
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('1 proposal still to accept or reject: decide them before closing');
    expect(await counts()).toEqual(before);
    const [proposal] = (await w.ok<BankReconciliation>('GET', R(apr.id))).matches;
    expect(proposal).toMatchObject({ ruleKind: 'ReferenceAmount', ledgerLines: [{ journalId: j.late }] });
    await w.ok('POST', `${R(apr.id)}/matches/${proposal!.id}/accept`);
    await w.ok('POST', `${R(apr.id)}/close`);
    const report = await w.ok<ReconciliationReport>('GET', `${R(apr.id)}/report`);
    expect(report).toMatchObject({ bankBalance: '10762.50', bookBalance: '10762.50', outstandingBook: [], outstandingBank: [], difference: '0.00' });
  });
});
