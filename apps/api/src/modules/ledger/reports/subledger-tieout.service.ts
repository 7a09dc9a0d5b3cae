import { sql } from 'drizzle-orm';
import { formatMoney, moduleOfControl, subledgerOfModule, type SubledgerTieout } from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { accountBalances, accountDayBalances, ledgerEntries, partyBalances } from '../journals/journals.tables';
import { accountingPeriods } from '../periods/periods.tables';
import { accounts } from '../setup/setup.tables';
import { companyLedger } from '../posting/posting-context';

type Row = { id: string; code: string; name: string; control_type: string; ledger: string; party: string; parties: number };

/**
 * Each control account's balance in the ledger beside the sum of its party balances, in base
 * currency, as of a day (inclusive): periods that end by then from the maintained balances
 * (account_balances, party_balances), the period the day falls inside from its day balances and,
 * for the parties, from that period's control-account lines up to the day (the party index). Every
 * line on a control account names its party (the port refuses one that does not), so the two
 * agree; a difference shows postings that reached the account before it became a control account.
 */
export async function subledgerTieout(tx: Tx, scope: KitScope, asOf: string): Promise<SubledgerTieout> {
  const ledger = await companyLedger(tx, scope);
  const scale = ledger.scales[ledger.baseCurrency] ?? 2;
  const rows = rowsOf<Row>(
    await tx.execute(sql`
      with ctl as (
        select a.id, a.code, a.name, a.control_type from ${accounts} a
        where a.company_id = ${scope.companyId} and a.control_type <> 'None' and a.kind = 'Posting'
      ), whole as (
        select p.id from ${accountingPeriods} p where p.company_id = ${scope.companyId} and p.end_date <= ${asOf}::date
      ), cut as (
        select p.id from ${accountingPeriods} p where p.company_id = ${scope.companyId} and p.start_date <= ${asOf}::date and p.end_date > ${asOf}::date
      ), gl as (
        select b.account_id, sum(b.base_debit_minor - b.base_credit_minor) as amount from ${accountBalances} b
        where b.company_id = ${scope.companyId} and b.account_id in (select id from ctl) and b.period_id in (select id from whole) group by 1
        union all
        select d.account_id, sum(d.base_debit_minor - d.base_credit_minor) from ${accountDayBalances} d
        where d.company_id = ${scope.companyId} and d.account_id in (select id from ctl) and d.period_id in (select id from cut) and d.entry_date <= ${asOf}::date group by 1
      ), parties as (
        select b.account_id, b.party_type, b.party_id, sum(b.base_debit_minor - b.base_credit_minor) as amount from ${partyBalances} b
        where b.company_id = ${scope.companyId} and b.account_id in (select id from ctl) and b.period_id in (select id from whole) group by 1, 2, 3
        union all
        select e.account_id, e.party_type, e.party_id, sum(e.base_debit_minor - e.base_credit_minor) from ${ledgerEntries} e
        where e.company_id = ${scope.companyId} and e.party_id is not null and e.account_id in (select id from ctl)
          and e.period_id in (select id from cut) and e.entry_date <= ${asOf}::date group by 1, 2, 3
      ), per_party as (
        select account_id, party_type, party_id, sum(amount) as amount from parties group by 1, 2, 3
      )
      select c.id, c.code, c.name, c.control_type,
        coalesce((select sum(amount) from gl where gl.account_id = c.id), 0)::text as ledger,
        coalesce((select sum(amount) from per_party p where p.account_id = c.id), 0)::text as party,
        (select count(*) from per_party p where p.account_id = c.id and p.amount <> 0)::int as parties
      from ctl c order by c.code`),
  );
  const money = (v: bigint) => formatMoney(v, scale);
  const out = rows.map((r) => {
    const gl = BigInt(r.ledger);
    const party = BigInt(r.party);
    const control = r.control_type as keyof typeof moduleOfControl;
    const module = moduleOfControl[control];
    return {
      account: r.id, accountCode: r.code, accountName: r.name, controlType: r.control_type, module, partyType: subledgerOfModule[module].party,
      ledgerBalance: money(gl), partyBalance: money(party), difference: money(gl - party), parties: r.parties,
      // A subledger that keeps no parties (a bank's account) has nothing to tie out.
      tiesOut: subledgerOfModule[module].party === null || gl === party,
    };
  });
  return { asOf, baseCurrency: ledger.baseCurrency, tiesOut: out.every((r) => r.tiesOut), rows: out };
}
