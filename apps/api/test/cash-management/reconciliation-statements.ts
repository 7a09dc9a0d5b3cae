// A bank statement written straight into the statement tables (the import's own tests prove the
// import): what the reconciliation tests start from.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/platform/db/client';
import { withTenant } from '../../src/platform/db/tenancy';
import type { TestApp } from '../helpers/test-app';

export type StatementLineSeed = { date: string; amountMinor: bigint; reference?: string; name?: string; iban?: string };

export async function insertStatement(
  t: TestApp,
  tenantId: string,
  bankId: string,
  s: { ref: string; from: string; to: string; openingMinor: bigint; lines: StatementLineSeed[] },
): Promise<{ id: string; lineIds: string[] }> {
  return withTenant(t.platform.database.db, { tenantId, companies: 'all' }, async (tx) => {
    const closing = s.lines.reduce((sum, l) => sum + l.amountMinor, s.openingMinor);
    const credits = s.lines.filter((l) => l.amountMinor > 0n);
    const debits = s.lines.filter((l) => l.amountMinor < 0n);
    const [st] = rowsOf<{ id: string; company_id: string; currency: string }>(await tx.execute(sql`
      insert into bank_statements (tenant_id, company_id, bank_id, statement_ref, format, file_name, from_date, to_date, currency, opening_minor, closing_minor,
        line_count, imported_line_count, credit_count, credit_minor, debit_count, debit_minor)
      select b.tenant_id, b.company_id, b.id, ${s.ref}, 'CAMT.053', ${`${s.ref}.xml`}, ${s.from}, ${s.to}, c.code, ${s.openingMinor}, ${closing},
        ${s.lines.length}, ${s.lines.length}, ${credits.length}, ${credits.reduce((x, l) => x + l.amountMinor, 0n)}, ${debits.length}, ${debits.reduce((x, l) => x - l.amountMinor, 0n)}
      from banks b join currencies c on c.tenant_id = b.tenant_id and c.id = b.currency where b.id = ${bankId}
      returning id, company_id, currency`));
    const lineIds: string[] = [];
    for (const [i, l] of s.lines.entries()) {
      const [row] = rowsOf<{ id: string }>(await tx.execute(sql`
        insert into bank_statement_lines (tenant_id, company_id, statement_id, bank_id, line_no, booking_date, amount_minor, currency, counterparty_name, counterparty_account, reference, dedupe_key)
        values (${tenantId}, ${st!.company_id}, ${st!.id}, ${bankId}, ${i + 1}, ${l.date}, ${l.amountMinor}, ${st!.currency}, ${l.name ?? null}, ${l.iban ?? null}, ${l.reference ?? null}, ${`${s.ref}-${i + 1}`})
        returning id`));
      lineIds.push(row!.id);
    }
    return { id: st!.id, lineIds };
  });
}
