import { sql } from 'drizzle-orm';
import { DEFAULT_AGEING_BOUNDS, formatMoney, REFUND_KIND, STATEMENT_LINES_MAX, type Face, type PaymentKind, type PartyStatement, type PartyStatementQuery, type StatementSection } from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { journals, ledgerEntries } from '../../ledger/index';
import { faceTables } from '../parties.tables';
import { ageingReport } from '../ageing/ageing.service';
import { currencyFacts } from '../invoices/invoice-facts';
import { invoices } from '../invoices/invoices.tables';
import { payments } from '../payments/payments.tables';

/*
 * A party's statement (issue 16), read from the ledger's lines that carry the party (`ledger_entries`
 * with party_type and party_id: the subledger side of the tie-out), so what it shows is what the control
 * accounts hold for the party, to the cent:
 * - opening per currency: the lines dated before `from`; the lines of the range in date order (then the
 *   entry's number and line), each with the running balance; closing = opening + the range's lines;
 * - signed as owed: receivables debit less credit (owed by the customer), payables credit less debit
 *   (owed to the vendor);
 * - each line names its entry and the document the entry comes from (the journal's typed source: an
 *   invoice, a credit note, a payment) with that document's number;
 * - the ageing as of `to`, by due date in the default buckets, from ageing.service (the same rules as
 *   the ageing screen).
 * One statement per query (per currency the opening and the range's lines), never a query per line.
 */

type PartyRow = { id: string; code: string; name: string; contacts: { name: string; mail?: string | null; role?: string | null }[] };
type LineRow = { currency: string; opening: boolean; date: string | null; journal: string | null; journal_number: string | null; source_type: string | null; reversal: boolean; document: string | null; document_number: string | null; payment_kind: PaymentKind | null; description: string | null; debit: string; credit: string; base: string; n: number };

/** The mail a statement goes to: the first contact whose role speaks of statements, accounts, billing or finance, else the first contact with a mail. */
export function statementMailOf(contacts: PartyRow['contacts']): string | null {
  const withMail = contacts.filter((c) => c.mail && c.mail.trim() !== '');
  const preferred = withMail.find((c) => /statement|account|billing|financ|invoice/i.test(c.role ?? ''));
  return (preferred ?? withMail[0])?.mail?.trim() ?? null;
}

/** 'CustomerCreditNote' on the receivables face → 'Credit note'; a payment of kind Refund → 'Refund'; a reversal's entry says so. */
export function statementKind(face: Face, sourceType: string | null, reversal: boolean, paymentKind: PaymentKind | null = null): string {
  const stem = (sourceType ?? 'Journal').replace(new RegExp(`^${face.partyLabel}`), '');
  const words = stem.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const kind = words.charAt(0).toUpperCase() + words.slice(1);
  const named = kind === 'Payment' && paymentKind === REFUND_KIND ? 'Refund' : face.side === 'receivables' && kind === 'Payment' ? 'Receipt' : kind;
  return reversal ? `Reversal of ${named.toLowerCase()}` : named;
}

export async function partyStatement(tx: Tx, scope: KitScope, face: Face, q: PartyStatementQuery): Promise<PartyStatement> {
  const t = faceTables[face.side];
  const [party] = rowsOf<PartyRow>(
    await tx.execute(sql`select id, code, name, contacts from ${t.party} where company_id = ${scope.companyId}::uuid and id = ${q.party}::uuid`),
  );
  if (!party) throw notFound(`The ${face.partyWord}`);
  const { baseCurrency, scales } = await currencyFacts(tx, scope);
  const owed = face.side === 'receivables' ? sql`e.debit_minor - e.credit_minor` : sql`e.credit_minor - e.debit_minor`;
  const owedBase = face.side === 'receivables' ? sql`e.base_debit_minor - e.base_credit_minor` : sql`e.base_credit_minor - e.base_debit_minor`;
  const cur = q.currency ? sql` and e.currency = ${q.currency}` : sql``;
  const mine = sql`e.tenant_id = ${scope.tenantId}::uuid and e.company_id = ${scope.companyId}::uuid and e.party_type = ${face.party} and e.party_id = ${q.party}::uuid${cur}`;
  const rows = rowsOf<LineRow>(
    await tx.execute(sql`
      with opening as (
        select e.currency, sum(${owed})::text as amt, sum(${owedBase})::text as base from ${ledgerEntries} e where ${mine} and e.entry_date < ${q.from}::date group by 1
      ), range as (
        select e.currency, e.entry_date, e.journal_id, e.line_no, e.description, e.debit_minor, e.credit_minor, ${owedBase} as base
        from ${ledgerEntries} e where ${mine} and e.entry_date between ${q.from}::date and ${q.to}::date
        order by e.entry_date, e.journal_id, e.line_no limit ${STATEMENT_LINES_MAX + 1}
      )
      select o.currency, true as opening, null as date, null as journal, null as journal_number, null as source_type, false as reversal, null as document, null as document_number, null as payment_kind, null as description,
        o.amt as debit, '0' as credit, o.base, 0 as n, null::date as d, 0 as line_no
      from opening o
      union all
      select r.currency, false, r.entry_date::text, r.journal_id, j.number, j.source_type, j.reversal_of is not null, j.source_id, coalesce(i.number, p.number), p.kind as payment_kind,
        coalesce(r.description, j.description), r.debit_minor::text, r.credit_minor::text, r.base::text, (count(*) over ())::int, r.entry_date, r.line_no
      from range r
      join ${journals} j on j.tenant_id = ${scope.tenantId}::uuid and j.id = r.journal_id
      left join ${invoices} i on i.tenant_id = ${scope.tenantId}::uuid and i.id = j.source_id and j.source_module = ${face.module}
      left join ${payments} p on p.tenant_id = ${scope.tenantId}::uuid and p.id = j.source_id and j.source_module = ${face.module}
      order by opening desc, currency, d, journal_number, journal, line_no`),
  );
  const inRange = rows.filter((r) => !r.opening);
  if ((inRange[0]?.n ?? 0) > STATEMENT_LINES_MAX) throw unprocessable(`to: the range holds more than ${STATEMENT_LINES_MAX.toLocaleString('en')} postings; please narrow it`);

  const sections = new Map<string, { opening: bigint; base: bigint; debit: bigint; credit: bigint; lines: LineRow[] }>();
  const sectionOf = (c: string) => {
    let s = sections.get(c);
    if (!s) sections.set(c, (s = { opening: 0n, base: 0n, debit: 0n, credit: 0n, lines: [] }));
    return s;
  };
  for (const r of rows) {
    const s = sectionOf(r.currency);
    if (r.opening) {
      s.opening = BigInt(r.debit);
      s.base += BigInt(r.base);
    } else {
      s.lines.push(r);
      s.debit += BigInt(r.debit);
      s.credit += BigInt(r.credit);
      s.base += BigInt(r.base);
    }
  }
  const sign = face.side === 'receivables' ? 1n : -1n;
  const baseScale = scales[baseCurrency] ?? 2;
  const out: StatementSection[] = [...sections.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, s]) => {
    const scale = scales[currency] ?? 2;
    let balance = s.opening;
    return {
      currency,
      opening: formatMoney(s.opening, scale),
      debit: formatMoney(s.debit, scale),
      credit: formatMoney(s.credit, scale),
      closing: formatMoney(s.opening + sign * (s.debit - s.credit), scale),
      baseClosing: formatMoney(s.base, baseScale),
      lines: s.lines.map((r) => {
        balance += sign * (BigInt(r.debit) - BigInt(r.credit));
        return {
          date: r.date!, journal: r.journal!, journalNumber: r.journal_number, kind: statementKind(face, r.source_type, r.reversal, r.payment_kind),
          document: r.document, documentNumber: r.document_number, description: r.description ?? '',
          debit: formatMoney(BigInt(r.debit), scale), credit: formatMoney(BigInt(r.credit), scale), balance: formatMoney(balance, scale),
        };
      }),
    };
  });
  const ageing = await ageingReport(tx, scope, face, { asOf: q.to, basis: 'DueDate', party: q.party, currency: q.currency, limit: 100, page: 1, buckets: [...DEFAULT_AGEING_BOUNDS] });
  return {
    party: { id: party.id, code: party.code, name: party.name, mail: statementMailOf(party.contacts ?? []) },
    from: q.from, to: q.to, baseCurrency, sections: out,
    ageing: { buckets: ageing.buckets, rows: ageing.rows },
  };
}
