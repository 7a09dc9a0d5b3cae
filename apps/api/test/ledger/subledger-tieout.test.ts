// The posting port's subledger seams: typed sources and parties on control-account lines, party
// balances kept by the database, and the tie-out of each control account to its parties, proved
// on random documents and reversals posted through the port.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { PartyRef, SubledgerTieout } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { postEntry, reverseEntry, type EntryRequest } from '../../src/modules/ledger/index';
import { withTenant } from '../../src/platform/db/tenancy';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { openBooks, type Books } from './helpers';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
const acct = (code: string) => books.accounts.get(code)!.id;
const scope = () => ({ tenantId: tenant.tenantId, companyId: tenant.companyId, userId: admin.user.activeUser.code });
const port = <T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) => withTenant(t.platform.database.db, { tenantId: tenant.tenantId, userId: scope().userId, companies: 'all' }, fn);
const refusal = async (p: Promise<unknown>) => p.then(() => 'posted', (e: unknown) => (e instanceof Error ? e.message : String(e)));
const tieout = async (asOf: string) => (await call<SubledgerTieout>(t.app, tenant.host, 'GET', `/gl/subledger-tieout?asOf=${asOf}`, undefined, admin)).body;

const vendors = Array.from({ length: 4 }, () => randomUUID());
const customers = Array.from({ length: 4 }, () => randomUUID());

/** A vendor invoice (expense to payables) or a customer invoice (receivables to revenue), with a party on its control line. */
function invoice(side: 'AP' | 'AR', party: string, date: string, cents: bigint, currency: 'USD' | 'EUR', split: boolean): EntryRequest {
  const control = { accountId: acct(side === 'AP' ? '2000' : '1100'), currency, lineRef: 'header', party: { type: side === 'AP' ? 'Vendor' : 'Customer', id: party } as PartyRef };
  const other = acct(side === 'AP' ? '6100' : '4000');
  const halves = split ? [cents / 2n, cents - cents / 2n] : [cents];
  const otherLines = halves.map((c, i) => ({ accountId: other, currency, lineRef: `line ${i + 1}`, debitMinor: side === 'AP' ? c : 0n, creditMinor: side === 'AP' ? 0n : c }));
  return {
    kind: 'Standard', journalDate: date, description: `${side} invoice`, reference: null,
    source: { module: side === 'AP' ? 'Account Payable' : 'Account Receivable', documentType: side === 'AP' ? 'VendorInvoice' : 'CustomerInvoice', documentId: randomUUID() },
    lines: [{ ...control, debitMinor: side === 'AP' ? 0n : cents, creditMinor: side === 'AP' ? cents : 0n }, ...otherLines],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'TIEOUT'));
  books = await openBooks(t, tenant, admin);
});
afterAll(() => t.close());

describe('the posting port', () => {
  it('refuses a control-account line without its party, a party elsewhere, and a module that is not the subledger', async () => {
    const ap = invoice('AP', vendors[0]!, '2026-02-10', 1000n, 'USD', false);
    const noParty = { ...ap, lines: ap.lines.map((l, i) => (i === 0 ? { ...l, party: null } : l)) } as EntryRequest;
    expect(await refusal(port((tx) => postEntry(tx, scope(), noParty)))).toMatch(/Line 1: account 2000 is a control account: the line names its vendor/);
    const partyOnExpense = { ...ap, lines: ap.lines.map((l, i) => (i === 1 ? { ...l, party: { type: 'Vendor', id: vendors[0]! } } : l)) } as EntryRequest;
    expect(await refusal(port((tx) => postEntry(tx, scope(), partyOnExpense)))).toMatch(/Line 2: a vendor goes only on a control account of Account Payable/);
    const customerOnPayables = { ...ap, lines: ap.lines.map((l, i) => (i === 0 ? { ...l, party: { type: 'Customer', id: customers[0]! } } : l)) } as EntryRequest;
    expect(await refusal(port((tx) => postEntry(tx, scope(), customerOnPayables)))).toMatch(/Line 1: account 2000 is a control account: the line names its vendor/);
    expect(await refusal(port((tx) => postEntry(tx, scope(), { ...ap, source: { module: 'Account Receivable', documentType: 'CustomerInvoice' } })))).toMatch(/Line 1: account 2000 is a Payables control account: only its subledger posts to it/);
    expect(await refusal(port((tx) => postEntry(tx, scope(), { ...ap, source: { module: 'General Ledger', documentType: 'Journal' } })))).toMatch(/only its subledger posts to it/);
  });

  it('keeps the source reference, line references and parties, and finds an entry by its document', async () => {
    const request = invoice('AR', customers[1]!, '2026-03-05', 2500n, 'USD', true);
    const posted = await port((tx) => postEntry(tx, scope(), request));
    const documentId = request.source.documentId!;
    const [header] = await port(async (tx) => rowsOf<{ id: string; source_module: string; source_type: string }>(await tx.execute(sql`
      select id, source_module, source_type from journals where tenant_id = ${tenant.tenantId} and source_module = 'Account Receivable' and source_type = 'CustomerInvoice' and source_id = ${documentId}`)));
    expect(header).toEqual({ id: posted.journalId, source_module: 'Account Receivable', source_type: 'CustomerInvoice' });
    const lines = await port(async (tx) => rowsOf(await tx.execute(sql`select line_ref, party_type, party_id from ledger_entries where journal_id = ${posted.journalId} order by line_no`)));
    expect(lines).toEqual([
      { line_ref: 'header', party_type: 'Customer', party_id: customers[1] },
      { line_ref: 'line 1', party_type: null, party_id: null },
      { line_ref: 'line 2', party_type: null, party_id: null },
    ]);
    // The posting is in the audit trail with its source.
    const audit = await port(async (tx) => rowsOf<{ action: string; after: { source: unknown; status: string } }>(await tx.execute(sql`select action, after from audit_log where entity = 'journal' and record_id = ${posted.journalId}`)));
    expect(audit).toEqual([{ action: 'create', after: expect.objectContaining({ status: 'Posted', source: request.source }) }]);
  });
});

describe('party balances and the tie-out', () => {
  it('ties every control account out to its parties at any date, after random documents and reversals (property)', async () => {
    const documents = fc.record({
      side: fc.constantFrom('AP' as const, 'AR' as const),
      party: fc.nat({ max: 3 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      // At least 2 cents: a split document halves its amount and a line has a debit or a credit.
      cents: fc.bigInt({ min: 2n, max: 5_000_000n }),
      currency: fc.constantFrom('USD' as const, 'EUR' as const),
      split: fc.boolean(),
      reverse: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(documents, { minLength: 1, maxLength: 4 }), async (docs) => {
        for (const d of docs) {
          const date = `2026-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
          const party = (d.side === 'AP' ? vendors : customers)[d.party]!;
          await port(async (tx) => {
            const posted = await postEntry(tx, scope(), invoice(d.side, party, date, d.cents, d.currency, d.split));
            if (d.reverse) await reverseEntry(tx, scope(), posted.journalId, '2026-12-15');
          });
        }
        for (const asOf of ['2026-01-31', '2026-06-14', '2026-12-14', '2026-12-31']) {
          const report = await tieout(asOf);
          expect(report.tiesOut).toBe(true);
          for (const row of report.rows.filter((r) => r.partyType)) expect(row.difference).toBe('0.00');
        }
        return true;
      }),
      { numRuns: 15 },
    );
    // Every party balance equals the recompute from the lines, and the control accounts moved.
    const mismatch = await port(async (tx) => rowsOf(await tx.execute(sql`
      with lines as (select party_type, party_id, account_id, period_id, currency, sum(debit_minor) d, sum(credit_minor) c, sum(base_debit_minor) bd, sum(base_credit_minor) bc
        from ledger_entries where party_id is not null group by 1, 2, 3, 4, 5)
      select * from lines l full join party_balances b using (party_type, party_id, account_id, period_id, currency)
      where b.debit_minor is distinct from l.d or b.credit_minor is distinct from l.c or b.base_debit_minor is distinct from l.bd or b.base_credit_minor is distinct from l.bc`)));
    expect(mismatch).toEqual([]);
    const yearEnd = await tieout('2026-12-31');
    expect(yearEnd.rows.map((r) => r.accountCode)).toEqual(expect.arrayContaining(['1100', '2000']));
    expect(yearEnd.rows.find((r) => r.accountCode === '1100')!.parties).toBeGreaterThan(0);
  });

  it('shows a difference when a control account holds lines without a party (posted before it became one)', async () => {
    await call(t.app, tenant.host, 'PUT', `/gl/accounts/${acct('6400')}`, { ...books.accounts.get('6400')!, controlType: 'None' }, admin);
    const journal = { journalDate: '2026-05-02', description: 'Before control', lines: [{ account: acct('6400'), currency: 'USD', debit: '7.00' }, { account: acct('1010'), currency: 'USD', credit: '7.00' }] };
    expect((await call(t.app, tenant.host, 'POST', '/gl/journals/post', journal, admin)).status).toBe(200);
    const made = await call(t.app, tenant.host, 'PUT', `/gl/accounts/${acct('6400')}`, { ...books.accounts.get('6400')!, controlType: 'Payables' }, admin);
    expect(made.status).toBe(200);
    const row = (await tieout('2026-12-31')).rows.find((r) => r.accountCode === '6400')!;
    expect(row).toMatchObject({ ledgerBalance: '7.00', partyBalance: '0.00', difference: '7.00', tiesOut: false, module: 'Account Payable', partyType: 'Vendor' });
    expect((await tieout('2026-04-30')).rows.find((r) => r.accountCode === '6400')).toMatchObject({ ledgerBalance: '0.00', tiesOut: true });
  });
});
