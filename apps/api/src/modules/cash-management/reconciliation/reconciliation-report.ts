// The reconciliation report of a statement: bank balance, book balance and the outstanding items
// between them, as data, PDF (the kit's table report) and XLSX (exceljs, numeric cells).
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DEFAULT_DATE_FORMAT, displayAmount, displayDate, formatMoney, type DisplaySettings, type ReconciliationReport } from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { tablePdf } from '../../../platform/kit/table-pdf';
import { unprocessable } from '../../../platform/http/errors';
import { companies } from '../../organisation/index';
import { bookBalance, statementLines, statementOf } from './reconciliation.repository';

/**
 * As of the statement's last day. Outstanding book items: the bank account's lines up to that day
 * that no accepted match of this statement or an earlier one of the bank holds (a line a later
 * statement matched was still outstanding then). Outstanding bank items: this statement's lines no
 * accepted match holds. Difference = bank - outstanding bank + outstanding book - book.
 */
export async function reconciliationReport(tx: Tx, scope: KitScope, id: string): Promise<ReconciliationReport> {
  const st = await statementOf(tx, scope, id);
  if (!st.toDate) throw unprocessable('The statement has no last day: its report cannot be drawn');
  const money = (m: bigint) => formatMoney(m, st.bank.scale);
  const book = await bookBalance(tx, scope, st.bank, st.toDate);
  const outstandingBook = rowsOf<{ entry_date: string; number: string | null; description: string | null; amount: string }>(await tx.execute(sql`
    select e.entry_date::text as entry_date, j.number, coalesce(e.description, j.description) as description, (e.debit_minor - e.credit_minor)::text as amount
    from ledger_entries e join journals j on j.tenant_id = e.tenant_id and j.id = e.journal_id
    where e.tenant_id = ${scope.tenantId} and e.company_id = ${scope.companyId} and e.account_id = ${st.bank.account} and e.currency = ${st.bank.currencyCode} and e.entry_date <= ${st.toDate}
      and not exists (
        select 1 from bank_match_ledger_lines m
        join bank_matches b on b.tenant_id = m.tenant_id and b.id = m.match_id
        join bank_statements s on s.tenant_id = b.tenant_id and s.id = b.statement_id
        where m.tenant_id = e.tenant_id and m.journal_id = e.journal_id and m.line_no = e.line_no and m.held
          and (s.id = ${st.id} or s.to_date <= ${st.toDate}))
    order by e.entry_date, j.number`));
  const lines = (await statementLines(tx, scope, id)).filter((l) => l.matchId === null);
  const sumBook = outstandingBook.reduce((sum, r) => sum + BigInt(r.amount), 0n);
  const sumBank = lines.reduce((sum, l) => sum + l.amountMinor, 0n);
  return {
    bank: `${st.bank.code} · ${st.bank.name}`, currency: st.bank.currencyCode, asOf: st.toDate, status: st.status === 'Reconciled' ? 'Closed' : 'Open',
    bankBalance: money(st.closingMinor), bookBalance: money(book),
    outstandingBook: outstandingBook.map((r) => ({ date: r.entry_date, number: r.number, description: r.description, amount: money(BigInt(r.amount)) })),
    outstandingBank: lines.map((l) => ({ date: l.bookingDate, reference: l.reference ?? l.description, counterparty: l.counterpartyName, amount: money(l.amountMinor) })),
    difference: money(st.closingMinor - sumBank + sumBook - book),
  };
}

export type ReportPrint = { report: ReconciliationReport; company: string; display: DisplaySettings; scale: number; statement: string };

export async function reportPrint(tx: Tx, scope: KitScope, id: string): Promise<ReportPrint> {
  const report = await reconciliationReport(tx, scope, id);
  const st = await statementOf(tx, scope, id);
  const [c] = await tx.select({ code: companies.code, description: companies.description, dateFormat: companies.dateFormat, locale: companies.locale }).from(companies).where(eq(companies.companyId, scope.companyId));
  return { report, company: c ? `${c.code} · ${c.description ?? ''}` : '', display: { dateFormat: c?.dateFormat ?? DEFAULT_DATE_FORMAT, locale: c?.locale ?? 'en-GB' }, scale: st.bank.scale, statement: st.statementRef };
}

/** The report as the kit's table report: the bank balance, the outstanding items each side, the book balance, the difference. */
export async function reconciliationPdf(p: ReportPrint): Promise<Buffer> {
  const r = p.report;
  const amount = (a: string) => displayAmount(a, p.display, p.scale);
  const heading = (label: string, value = '') => ({ cells: ['', label, value], bold: true });
  return tablePdf({
    title: 'Bank reconciliation',
    company: p.company,
    facts: [`${r.bank} (${r.currency}) · statement ${p.statement} · as of ${displayDate(r.asOf, p.display)} · ${r.status}`],
    sections: [{
      columns: [{ head: 'Date', share: 0.16 }, { head: 'Item', share: 0.62 }, { head: 'Amount', share: 0.22, align: 'right' }],
      rows: [
        heading('Balance per bank statement', amount(r.bankBalance)),
        heading('Less: bank items not in the books'),
        ...r.outstandingBank.map((i) => ({ cells: [displayDate(i.date, p.display), [i.reference, i.counterparty].filter(Boolean).join(' · '), amount(i.amount)] })),
        heading('Add: book items not yet on the bank statement'),
        ...r.outstandingBook.map((i) => ({ cells: [displayDate(i.date, p.display), [i.number, i.description].filter(Boolean).join(' · '), amount(i.amount)] })),
        { ...heading('Balance per books', amount(r.bookBalance)), ruled: true },
        heading('Unexplained difference', amount(r.difference)),
      ],
    }],
    generatedAt: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  });
}

export async function reconciliationXlsx(p: ReportPrint): Promise<Buffer> {
  const r = p.report;
  const wb = new ExcelJS.Workbook();
  wb.creator = p.company;
  const sheet = wb.addWorksheet('Bank reconciliation');
  sheet.columns = [{ width: 14 }, { width: 60 }, { width: 18 }];
  const pattern = p.scale > 0 ? `#,##0.${'0'.repeat(p.scale)}` : '#,##0';
  const num = (a: string) => Number(a);
  sheet.addRow(['Bank reconciliation']).font = { bold: true, size: 14 };
  sheet.addRow([p.company]);
  sheet.addRow([`${r.bank} (${r.currency}) · statement ${p.statement} · as of ${displayDate(r.asOf, p.display)} · ${r.status}`]);
  sheet.addRow([]);
  const bold = (values: (string | number | null)[]) => { sheet.addRow(values).font = { bold: true }; };
  bold(['', 'Balance per bank statement', num(r.bankBalance)]);
  bold(['', 'Less: bank items not in the books', null]);
  for (const i of r.outstandingBank) sheet.addRow([displayDate(i.date, p.display), [i.reference, i.counterparty].filter(Boolean).join(' · '), num(i.amount)]);
  bold(['', 'Add: book items not yet on the bank statement', null]);
  for (const i of r.outstandingBook) sheet.addRow([displayDate(i.date, p.display), [i.number, i.description].filter(Boolean).join(' · '), num(i.amount)]);
  bold(['', 'Balance per books', num(r.bookBalance)]);
  bold(['', 'Unexplained difference', num(r.difference)]);
  sheet.getColumn(3).numFmt = `${pattern};-${pattern}`;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
