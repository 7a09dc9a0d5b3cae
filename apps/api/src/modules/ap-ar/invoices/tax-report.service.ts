import { sql } from 'drizzle-orm';
import { formatMoney, type TaxReport, type TaxReportQuery } from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { accountingPeriods, accounts, journals, ledgerEntries, taxes } from '../../ledger/index';
import { currencyFacts } from './invoice-facts';

/*
 * The tax report of a return: per tax code and accounting period, the taxable amounts (the lines'
 * nets) and the tax of the posted invoices, credit notes and reversals, input tax from payables and
 * output tax from receivables, in the company's base currency, read from the ledger lines the
 * documents posted (a credit note or a reversal counts against its period). Each tax account's
 * figure is set against the account's whole movement of the dates: a difference shows tax posted
 * to the account by other entries (a manual journal), which the return must explain.
 */
export async function taxReport(tx: Tx, scope: KitScope, q: TaxReportQuery): Promise<TaxReport> {
  const { baseCurrency, scales } = await currencyFacts(tx, scope);
  const m = (v: string | bigint) => formatMoney(BigInt(v), scales[baseCurrency] ?? 2);
  // The sign of a line in its direction: payables (input) count debits, receivables (output) credits.
  const rows = rowsOf<{ tax: string; tax_code: string; period: string; period_start: string; direction: 'input' | 'output'; taxable: string; tax_amount: string }>(
    await tx.execute(sql`
      with lines as (
        select e.tax_id, e.period_id, e.account_id, e.line_ref,
          case when j.source_module = 'Account Payable' then 'input' else 'output' end as direction,
          case when j.source_module = 'Account Payable' then e.base_debit_minor - e.base_credit_minor else e.base_credit_minor - e.base_debit_minor end as amount
        from ${ledgerEntries} e join ${journals} j on j.tenant_id = e.tenant_id and j.id = e.journal_id
        where e.company_id = ${scope.companyId}::uuid and e.entry_date between ${q.from}::date and ${q.to}::date and e.tax_id is not null
          and j.source_module in ('Account Payable', 'Account Receivable') and e.party_id is null and e.generated is null
      )
      select l.tax_id as tax, t.code as tax_code, p.name as period, p.start_date::text as period_start, l.direction,
        sum(case when l.line_ref like 'tax %' then 0 else l.amount end)::text as taxable,
        sum(case when l.line_ref like 'tax %' then l.amount else 0 end)::text as tax_amount
      from lines l join ${taxes} t on t.tenant_id = ${scope.tenantId}::uuid and t.id = l.tax_id
      join ${accountingPeriods} p on p.tenant_id = ${scope.tenantId}::uuid and p.id = l.period_id
      group by l.tax_id, t.code, p.name, p.start_date, l.direction
      order by t.code, p.start_date, l.direction`),
  );
  const accountRows = rowsOf<{ account: string; code: string; direction: 'input' | 'output'; report_tax: string; movement: string }>(
    await tx.execute(sql`
      with tax_accounts as (
        select distinct t.input_account as account, 'input' as direction from ${taxes} t where t.company_id = ${scope.companyId}::uuid and t.input_account is not null
        union select distinct t.output_account, 'output' from ${taxes} t where t.company_id = ${scope.companyId}::uuid and t.output_account is not null
      )
      select ta.account, a.code, ta.direction,
        coalesce((select sum(case when ta.direction = 'input' then e.base_debit_minor - e.base_credit_minor else e.base_credit_minor - e.base_debit_minor end)
          from ${ledgerEntries} e join ${journals} j on j.tenant_id = e.tenant_id and j.id = e.journal_id
          where e.company_id = ${scope.companyId}::uuid and e.account_id = ta.account and e.entry_date between ${q.from}::date and ${q.to}::date
            and e.tax_id is not null and e.line_ref like 'tax %' and e.generated is null
            and j.source_module = case when ta.direction = 'input' then 'Account Payable' else 'Account Receivable' end), 0)::text as report_tax,
        coalesce((select sum(case when ta.direction = 'input' then e.base_debit_minor - e.base_credit_minor else e.base_credit_minor - e.base_debit_minor end)
          from ${ledgerEntries} e where e.company_id = ${scope.companyId}::uuid and e.account_id = ta.account and e.entry_date between ${q.from}::date and ${q.to}::date), 0)::text as movement
      from tax_accounts ta join ${accounts} a on a.tenant_id = ${scope.tenantId}::uuid and a.id = ta.account
      order by a.code, ta.direction`),
  );
  return {
    from: q.from, to: q.to, currency: baseCurrency,
    rows: rows.map((r) => ({ tax: r.tax, taxCode: r.tax_code, period: r.period, direction: r.direction, taxable: m(r.taxable), taxAmount: m(r.tax_amount) })),
    accounts: accountRows.map((a) => ({ account: a.account, accountCode: a.code, direction: a.direction, reportTax: m(a.report_tax), ledgerMovement: m(a.movement), tiesOut: BigInt(a.report_tax) === BigInt(a.movement) })),
  };
}
