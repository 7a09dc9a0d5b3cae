import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, formatRate, parseRate, type RevaluationList, type RevaluationRequest, type RevaluationView } from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { conflict, notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { accountBalances, accountingPeriods, accounts, journals, planRevaluation, postEntry, ratesOn, resolvePostingAccounts, reverseEntry, type RevaluedBalance } from '../../ledger/index';
import { companies, currencies } from '../../organisation/index';
import { banks } from '../banks.tables';
import { bankRevaluationLines, bankRevaluations } from './revaluation.tables';

/*
 * Unrealised exchange revaluation of the foreign-currency banks at a period end (issue 17). What is
 * revalued is each active bank's GL account's balance per foreign currency as the ledger holds it on the
 * day, read from the maintained balances (account_balances of the periods that end by then: the day is
 * a period end), never from the lines. The ledger's pure `planRevaluation` (the one payables and
 * receivables use) values each again at the day's spot rate and puts the difference on the bank's
 * account (base only, no party: a bank's account is no control account) against Cash Management's
 * exchange gain or loss account; the entry is posted through the port on the day and reversed through
 * the port on the next day, in the same transaction. One revaluation per company and day.
 */

type BalanceRow = { bank_id: string; code: string; name: string; account_id: string; account_code: string; currency: string; bal: string; base: string };

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Each active bank account's foreign-currency balances on the day (a period end), with the bank that holds it (the lowest code when banks share an account). */
async function balancesOn(tx: Tx, scope: KitScope, date: string, baseCurrency: string, currency: string | undefined): Promise<BalanceRow[]> {
  return rowsOf<BalanceRow>(
    await tx.execute(sql`
      with holder as (
        select distinct on (b.account) b.account as account_id, b.id as bank_id, b.code, b.name
        from ${banks} b
        where b.tenant_id = ${scope.tenantId}::uuid and b.company_id = ${scope.companyId}::uuid and b.status = 'Active'
        order by b.account, b.code
      ), bal as (
        select x.account_id, x.currency, sum(x.debit_minor - x.credit_minor) as bal, sum(x.base_debit_minor - x.base_credit_minor) as base
        from ${accountBalances} x
        join holder h on h.account_id = x.account_id
        where x.tenant_id = ${scope.tenantId}::uuid and x.company_id = ${scope.companyId}::uuid and x.currency <> ${baseCurrency}${currency ? sql` and x.currency = ${currency}` : sql``}
          and x.period_id in (select p.id from ${accountingPeriods} p where p.tenant_id = ${scope.tenantId}::uuid and p.company_id = ${scope.companyId}::uuid and p.end_date <= ${date}::date)
        group by 1, 2
        having sum(x.debit_minor - x.credit_minor) <> 0 or sum(x.base_debit_minor - x.base_credit_minor) <> 0
      )
      select h.bank_id, h.code, h.name, bal.account_id, a.code as account_code, bal.currency, bal.bal::text as bal, bal.base::text as base
      from bal
      join holder h on h.account_id = bal.account_id
      join ${accounts} a on a.tenant_id = ${scope.tenantId}::uuid and a.id = bal.account_id
      order by h.code, bal.currency`),
  );
}

async function currencyFacts(tx: Tx, scope: KitScope): Promise<{ baseCurrency: string; scales: Record<string, number> }> {
  const [company] = await tx.select({ base: companies.baseCurrency }).from(companies).where(and(eq(companies.tenantId, scope.tenantId), eq(companies.companyId, scope.companyId)));
  if (!company) throw notFound('Company');
  const rows = await tx.select({ code: currencies.code, minor: currencies.minorUnit }).from(currencies).where(eq(currencies.tenantId, scope.tenantId));
  return { baseCurrency: company.base, scales: Object.fromEntries(rows.map((r) => [r.code, Number(r.minor)])) };
}

/** What a revaluation on the day would post: the plan, computed and not written. */
async function compute(tx: Tx, scope: KitScope, req: RevaluationRequest) {
  const [period] = await tx.select({ id: accountingPeriods.id }).from(accountingPeriods)
    .where(and(eq(accountingPeriods.companyId, scope.companyId), eq(accountingPeriods.endDate, req.date), eq(accountingPeriods.type, 'Regular')));
  if (!period) throw unprocessable(`date: ${req.date} is not the last day of a regular accounting period`);
  const { baseCurrency, scales } = await currencyFacts(tx, scope);
  if (req.currency === baseCurrency) throw unprocessable(`currency: ${baseCurrency} is the base currency: only foreign currencies are revalued`);
  const rows = await balancesOn(tx, scope, req.date, baseCurrency, req.currency);
  const codes = [...new Set(rows.map((r) => r.currency))];
  const rates = await ratesOn(tx, baseCurrency, codes, req.date);
  const noRate = codes.filter((c) => !rates.has(c));
  if (noRate.length) throw unprocessable(`date: no spot rate to ${baseCurrency} for ${noRate.join(', ')} on or before ${req.date} (/exchange-rate)`);
  const what = `Bank unrealised exchange revaluation on ${req.date}`;
  const describe = (kind: 'balance' | 'gain' | 'loss', c: string) => `${what}: ${kind === 'balance' ? `${c} balance` : `${c} ${kind}`}`;
  const balancesWith = (gain: string | null, loss: string | null): RevaluedBalance[] => rows.map((r) => ({
    holderId: r.bank_id, accountId: r.account_id, currency: r.currency, balanceMinor: BigInt(r.bal), carryingBaseMinor: BigInt(r.base), gainAccountId: gain, lossAccountId: loss,
  }));
  // Which of the exchange accounts the differences need, then those accounts from Cash Management's profile (a missing one refused, naming it).
  const needs = planRevaluation(balancesWith('gain', 'loss'), rates, scales, baseCurrency, null, describe);
  const roles = [...(needs.gainMinor > 0n ? (['exchangeGainAccount'] as const) : []), ...(needs.lossMinor > 0n ? (['exchangeLossAccount'] as const) : [])];
  const resolved = roles.length ? await resolvePostingAccounts(tx, scope, 'Cash Management', roles) : {};
  const pick = (role: 'exchangeGainAccount' | 'exchangeLossAccount') => (resolved as Partial<Record<typeof role, { accountId: string }>>)[role]?.accountId ?? null;
  const plan = planRevaluation(balancesWith(pick('exchangeGainAccount'), pick('exchangeLossAccount')), rates, scales, baseCurrency, null, describe);
  if (plan.missing.length) throw new Error('Bank revaluation: an exchange account resolved for every difference is missing');
  const named = new Map(rows.map((r) => [`${r.account_id}|${r.currency}`, r]));
  return { plan, baseCurrency, scales, named, what };
}

type Saved = { id: string; journal: string | null; journalNumber: string | null; reversal: string | null; reversalNumber: string | null; createdAt: string };

function viewOf(c: Awaited<ReturnType<typeof compute>>, req: RevaluationRequest, saved: Saved | null): RevaluationView {
  const baseScale = c.scales[c.baseCurrency] ?? 2;
  return {
    id: saved?.id ?? null, date: req.date, reversalDate: nextDay(req.date), currency: req.currency ?? null, baseCurrency: c.baseCurrency,
    journal: saved?.journal ?? null, journalNumber: saved?.journalNumber ?? null, reversalJournal: saved?.reversal ?? null, reversalNumber: saved?.reversalNumber ?? null,
    gain: formatMoney(c.plan.gainMinor, baseScale), loss: formatMoney(c.plan.lossMinor, baseScale), net: formatMoney(c.plan.gainMinor - c.plan.lossMinor, baseScale),
    lines: c.plan.lines.map((l) => {
      const r = c.named.get(`${l.accountId}|${l.currency}`)!;
      return {
        holder: l.holderId, holderCode: r.code, holderName: r.name, account: l.accountId, accountCode: r.account_code, currency: l.currency,
        balance: formatMoney(l.balanceMinor, c.scales[l.currency] ?? 2), carryingBase: formatMoney(l.carryingBaseMinor, baseScale), rate: formatRate(l.rate),
        revaluedBase: formatMoney(l.revaluedBaseMinor, baseScale), difference: formatMoney(l.differenceMinor, baseScale),
      };
    }),
    createdAt: saved?.createdAt ?? null,
  };
}

/** The preview: what revaluing the banks on the day would post; nothing is written. */
export async function previewBankRevaluation(tx: Tx, scope: KitScope, req: RevaluationRequest): Promise<RevaluationView> {
  return viewOf(await compute(tx, scope, req), req, null);
}

/** Revalues the banks on the day: the entry on the day and its reversal on the next, both through the port, and the record of what was revalued. */
export async function postBankRevaluation(tx: Tx, scope: KitScope, req: RevaluationRequest): Promise<RevaluationView> {
  const [done] = await tx.select({ id: bankRevaluations.id }).from(bankRevaluations)
    .where(and(eq(bankRevaluations.companyId, scope.companyId), eq(bankRevaluations.revaluationDate, req.date)));
  if (done) throw conflict(`The bank balances were already revalued on ${req.date}`);
  const c = await compute(tx, scope, req);
  if (c.plan.lines.length === 0) throw unprocessable(`date: every foreign-currency bank balance on ${req.date} already carries its value at that day's rate: nothing to post`);
  const id = randomUUID();
  const reversalDate = nextDay(req.date);
  await tx.insert(bankRevaluations).values({
    tenantId: scope.tenantId, companyId: scope.companyId, id, revaluationDate: req.date, reversalDate, currency: req.currency ?? null,
    baseCurrency: c.baseCurrency, gainMinor: c.plan.gainMinor, lossMinor: c.plan.lossMinor, createdBy: scope.userId,
  });
  const source = { module: 'Cash Management' as const, documentType: 'BankRevaluation', documentId: id };
  const posted = await postEntry(tx, scope, { kind: 'Standard', journalDate: req.date, description: c.what, source, exact: true, lines: c.plan.entry });
  const reversed = await reverseEntry(tx, scope, posted.journalId, reversalDate);
  const [row] = await tx.update(bankRevaluations).set({ journalId: posted.journalId, reversalJournalId: reversed.journalId })
    .where(and(eq(bankRevaluations.tenantId, scope.tenantId), eq(bankRevaluations.id, id))).returning({ createdAt: bankRevaluations.createdAt });
  await tx.insert(bankRevaluationLines).values(c.plan.lines.map((l, i) => ({
    tenantId: scope.tenantId, companyId: scope.companyId, revaluationId: id, lineNo: i + 1, bankId: l.holderId, accountId: l.accountId, currency: l.currency,
    balanceMinor: l.balanceMinor, carryingBaseMinor: l.carryingBaseMinor, rate: formatRate(l.rate), revaluedBaseMinor: l.revaluedBaseMinor, differenceMinor: l.differenceMinor,
  })));
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'BankRevaluation', recordId: id, action: 'create', after: { date: req.date, reversalDate, currency: req.currency ?? null, journal: posted.number, reversal: reversed.number, gain: c.plan.gainMinor, loss: c.plan.lossMinor } }]);
  return viewOf(c, req, { id, journal: posted.journalId, journalNumber: posted.number, reversal: reversed.journalId, reversalNumber: reversed.number, createdAt: row!.createdAt.toISOString() });
}

type HeaderRow = { id: string; revaluation_date: string; reversal_date: string; currency: string | null; base_currency: string; gain_minor: string; loss_minor: string; journal_id: string | null; journal_number: string | null; reversal_journal_id: string | null; reversal_number: string | null; created_at: string; lines: number; n: number };

const headers = (scope: KitScope, where: ReturnType<typeof sql>) => sql`
  select r.id, r.revaluation_date::text, r.reversal_date::text, r.currency, r.base_currency, r.gain_minor::text, r.loss_minor::text, r.journal_id, j.number as journal_number,
    r.reversal_journal_id, v.number as reversal_number, to_json(r.created_at)#>>'{}' as created_at,
    (select count(*)::int from ${bankRevaluationLines} l where l.tenant_id = r.tenant_id and l.revaluation_id = r.id) as lines, (count(*) over ())::int as n
  from ${bankRevaluations} r
  left join ${journals} j on j.tenant_id = r.tenant_id and j.id = r.journal_id
  left join ${journals} v on v.tenant_id = r.tenant_id and v.id = r.reversal_journal_id
  where r.tenant_id = ${scope.tenantId}::uuid and r.company_id = ${scope.companyId}::uuid${where}`;

const header = (r: HeaderRow, m: (minor: string, currency?: string) => string) => ({
  id: r.id, date: r.revaluation_date, reversalDate: r.reversal_date, currency: r.currency, baseCurrency: r.base_currency,
  journal: r.journal_id, journalNumber: r.journal_number, reversalJournal: r.reversal_journal_id, reversalNumber: r.reversal_number,
  gain: m(r.gain_minor), loss: m(r.loss_minor), net: m((BigInt(r.gain_minor) - BigInt(r.loss_minor)).toString()), createdAt: new Date(r.created_at).toISOString(),
});

async function money(tx: Tx, scope: KitScope) {
  const { baseCurrency, scales } = await currencyFacts(tx, scope);
  return (minor: string, currency = baseCurrency) => formatMoney(BigInt(minor), scales[currency] ?? 2);
}

export async function listBankRevaluations(tx: Tx, scope: KitScope, q: { limit: number; page: number }): Promise<RevaluationList> {
  const rows = rowsOf<HeaderRow>(await tx.execute(sql`${headers(scope, sql``)} order by r.revaluation_date desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`));
  const m = await money(tx, scope);
  return { total: rows[0]?.n ?? 0, items: rows.map((r) => ({ ...header(r, m), lines: r.lines })) };
}

export async function viewBankRevaluation(tx: Tx, scope: KitScope, id: string): Promise<RevaluationView> {
  const [r] = rowsOf<HeaderRow>(await tx.execute(sql`${headers(scope, sql` and r.id = ${id}::uuid`)}`));
  if (!r) throw notFound('The revaluation');
  const lines = rowsOf<{ bank_id: string; code: string; name: string; account_id: string; account_code: string; currency: string; balance_minor: string; carrying_base_minor: string; rate: string; revalued_base_minor: string; difference_minor: string }>(
    await tx.execute(sql`
      select l.bank_id, b.code, b.name, l.account_id, a.code as account_code, l.currency, l.balance_minor::text, l.carrying_base_minor::text, l.rate::text, l.revalued_base_minor::text, l.difference_minor::text
      from ${bankRevaluationLines} l
      join ${banks} b on b.tenant_id = l.tenant_id and b.id = l.bank_id
      join ${accounts} a on a.tenant_id = l.tenant_id and a.id = l.account_id
      where l.tenant_id = ${scope.tenantId}::uuid and l.revaluation_id = ${id}::uuid order by l.line_no`),
  );
  const m = await money(tx, scope);
  return {
    ...header(r, m),
    lines: lines.map((l) => ({
      holder: l.bank_id, holderCode: l.code, holderName: l.name, account: l.account_id, accountCode: l.account_code, currency: l.currency,
      balance: m(l.balance_minor, l.currency), carryingBase: m(l.carrying_base_minor), rate: formatRate(parseRate(l.rate)),
      revaluedBase: m(l.revalued_base_minor), difference: m(l.difference_minor),
    })),
  };
}
