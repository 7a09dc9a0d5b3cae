import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, formatRate, parseRate, type Face, type RevaluationList, type RevaluationRequest, type RevaluationView } from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { conflict, notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { accountingPeriods, accounts, journals, ledgerEntries, planRevaluation, postEntry, postingProfiles, ratesOn, reverseEntry, type RevaluedBalance } from '../../ledger/index';
import { faceTables } from '../parties.tables';
import { currencyFacts } from '../invoices/invoice-facts';
import { partyRevaluationLines, partyRevaluations } from './revaluation.tables';

/*
 * Unrealised exchange revaluation of a face at a period end (issue 16; the rules in the ledger's posting/revaluation.ts).
 * The balances are read from the ledger's party lines up to the day in one grouped statement, with each
 * party's exchange accounts resolved as the posting profiles resolve them (the party's profile, then its
 * group's, then the module default); the entry is posted through the port on the day and reversed
 * through the port on the next day, in the same transaction. One revaluation per face and day.
 */

type BalanceRow = { party_id: string; code: string; name: string; account_id: string; account_code: string; currency: string; bal: string; base: string; gain: string | null; loss: string | null };

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function balancesOn(tx: Tx, scope: KitScope, face: Face, date: string, baseCurrency: string, currency: string | undefined): Promise<BalanceRow[]> {
  const t = faceTables[face.side];
  return rowsOf<BalanceRow>(
    await tx.execute(sql`
      with b as (
        select e.party_id, e.account_id, e.currency, sum(e.debit_minor - e.credit_minor) as bal, sum(e.base_debit_minor - e.base_credit_minor) as base
        from ${ledgerEntries} e
        where e.tenant_id = ${scope.tenantId}::uuid and e.company_id = ${scope.companyId}::uuid and e.party_type = ${face.party} and e.entry_date <= ${date}::date
          and e.currency <> ${baseCurrency}${currency ? sql` and e.currency = ${currency}` : sql``}
        group by 1, 2, 3
        having sum(e.debit_minor - e.credit_minor) <> 0 or sum(e.base_debit_minor - e.base_credit_minor) <> 0
      )
      select b.party_id, p.code, p.name, b.account_id, a.code as account_code, b.currency, b.bal::text as bal, b.base::text as base,
        coalesce(pp.exchange_gain_account, gp.exchange_gain_account, dp.exchange_gain_account) as gain,
        coalesce(pp.exchange_loss_account, gp.exchange_loss_account, dp.exchange_loss_account) as loss
      from b
      join ${t.party} p on p.tenant_id = ${scope.tenantId}::uuid and p.id = b.party_id
      join ${t.group} g on g.tenant_id = p.tenant_id and g.id = p.party_group
      join ${accounts} a on a.tenant_id = ${scope.tenantId}::uuid and a.id = b.account_id
      left join ${postingProfiles} pp on pp.tenant_id = p.tenant_id and pp.id = p.posting_profile and pp.module = ${face.module} and pp.active
      left join ${postingProfiles} gp on gp.tenant_id = p.tenant_id and gp.id = g.posting_profile and gp.module = ${face.module} and gp.active
      left join ${postingProfiles} dp on dp.tenant_id = ${scope.tenantId}::uuid and dp.company_id = ${scope.companyId}::uuid and dp.module = ${face.module} and dp.module_default and dp.active
      order by p.code, b.currency, a.code`),
  );
}

/** What a revaluation on the day would post, computed and not written (the screen's preview), or posted with its reversal. */
async function compute(tx: Tx, scope: KitScope, face: Face, req: RevaluationRequest) {
  const [period] = await tx.select({ id: accountingPeriods.id }).from(accountingPeriods)
    .where(and(eq(accountingPeriods.companyId, scope.companyId), eq(accountingPeriods.endDate, req.date), eq(accountingPeriods.type, 'Regular')));
  if (!period) throw unprocessable(`date: ${req.date} is not the last day of a regular accounting period`);
  const { baseCurrency, scales } = await currencyFacts(tx, scope);
  if (req.currency === baseCurrency) throw unprocessable(`currency: ${baseCurrency} is the base currency: only foreign currencies are revalued`);
  const rows = await balancesOn(tx, scope, face, req.date, baseCurrency, req.currency);
  const rates = await ratesOn(tx, baseCurrency, [...new Set(rows.map((r) => r.currency))], req.date);
  const noRate = [...new Set(rows.map((r) => r.currency))].filter((c) => !rates.has(c));
  if (noRate.length) throw unprocessable(`date: no spot rate to ${baseCurrency} for ${noRate.join(', ')} on or before ${req.date} (/exchange-rate)`);
  const balances: RevaluedBalance[] = rows.map((r) => ({ holderId: r.party_id, accountId: r.account_id, currency: r.currency, balanceMinor: BigInt(r.bal), carryingBaseMinor: BigInt(r.base), gainAccountId: r.gain, lossAccountId: r.loss }));
  const what = `${face.partyLabel} unrealised exchange revaluation on ${req.date}`;
  const plan = planRevaluation(balances, rates, scales, baseCurrency, face.party, (kind, c) => `${what}: ${kind === 'balance' ? `${c} balance` : `${c} ${kind}`}`);
  if (plan.missing.length) {
    const m = plan.missing[0]!;
    const who = rows.find((r) => r.party_id === m.holderId)!;
    throw unprocessable(`No exchange ${m.gain ? 'gain' : 'loss'} account for ${face.partyWord} ${who.code}: set one on its posting profile, its group's, or the default posting profile of ${face.module} (/posting-profile)`);
  }
  const named = new Map(rows.map((r) => [`${r.party_id}|${r.account_id}|${r.currency}`, r]));
  return { plan, baseCurrency, scales, named, what };
}

function viewOf(face: Face, c: Awaited<ReturnType<typeof compute>>, req: RevaluationRequest, saved: { id: string; journal: string | null; journalNumber: string | null; reversal: string | null; reversalNumber: string | null; createdAt: string } | null): RevaluationView {
  const baseScale = c.scales[c.baseCurrency] ?? 2;
  return {
    id: saved?.id ?? null, date: req.date, reversalDate: nextDay(req.date), currency: req.currency ?? null, baseCurrency: c.baseCurrency,
    journal: saved?.journal ?? null, journalNumber: saved?.journalNumber ?? null, reversalJournal: saved?.reversal ?? null, reversalNumber: saved?.reversalNumber ?? null,
    gain: formatMoney(c.plan.gainMinor, baseScale), loss: formatMoney(c.plan.lossMinor, baseScale), net: formatMoney(c.plan.gainMinor - c.plan.lossMinor, baseScale),
    lines: c.plan.lines.map((l) => {
      const r = c.named.get(`${l.holderId}|${l.accountId}|${l.currency}`)!;
      return {
        holder: l.holderId, holderCode: r.code, holderName: r.name, account: l.accountId, accountCode: r.account_code, currency: l.currency,
        balance: formatMoney(l.balanceMinor, c.scales[l.currency] ?? 2), carryingBase: formatMoney(l.carryingBaseMinor, baseScale), rate: formatRate(l.rate),
        revaluedBase: formatMoney(l.revaluedBaseMinor, baseScale), difference: formatMoney(l.differenceMinor, baseScale),
      };
    }),
    createdAt: saved?.createdAt ?? null,
  };
}

/** The preview: what revaluing on the day would post; nothing is written. */
export async function previewRevaluation(tx: Tx, scope: KitScope, face: Face, req: RevaluationRequest): Promise<RevaluationView> {
  return viewOf(face, await compute(tx, scope, face, req), req, null);
}

/** Revalues on the day: the entry on the day and its reversal on the next, both through the port, and the record of what was revalued. */
export async function postRevaluation(tx: Tx, scope: KitScope, face: Face, req: RevaluationRequest): Promise<RevaluationView> {
  const [done] = await tx.select({ id: partyRevaluations.id }).from(partyRevaluations)
    .where(and(eq(partyRevaluations.companyId, scope.companyId), eq(partyRevaluations.side, face.side), eq(partyRevaluations.revaluationDate, req.date)));
  if (done) throw conflict(`The ${face.partyWord} balances were already revalued on ${req.date}`);
  const c = await compute(tx, scope, face, req);
  if (c.plan.lines.length === 0) throw unprocessable(`date: every open foreign-currency ${face.partyWord} balance on ${req.date} already carries its value at that day's rate: nothing to post`);
  const id = randomUUID();
  const reversalDate = nextDay(req.date);
  await tx.insert(partyRevaluations).values({
    tenantId: scope.tenantId, companyId: scope.companyId, id, side: face.side, revaluationDate: req.date, reversalDate, currency: req.currency ?? null,
    baseCurrency: c.baseCurrency, gainMinor: c.plan.gainMinor, lossMinor: c.plan.lossMinor, createdBy: scope.userId,
  });
  const source = { module: face.module, documentType: `${face.partyLabel}Revaluation`, documentId: id };
  const posted = await postEntry(tx, scope, { kind: 'Standard', journalDate: req.date, description: c.what, source, exact: true, lines: c.plan.entry });
  const reversed = await reverseEntry(tx, scope, posted.journalId, reversalDate);
  const [row] = await tx.update(partyRevaluations).set({ journalId: posted.journalId, reversalJournalId: reversed.journalId })
    .where(and(eq(partyRevaluations.tenantId, scope.tenantId), eq(partyRevaluations.id, id))).returning({ createdAt: partyRevaluations.createdAt });
  await tx.insert(partyRevaluationLines).values(c.plan.lines.map((l, i) => ({
    tenantId: scope.tenantId, companyId: scope.companyId, revaluationId: id, lineNo: i + 1, partyId: l.holderId, accountId: l.accountId, currency: l.currency,
    balanceMinor: l.balanceMinor, carryingBaseMinor: l.carryingBaseMinor, rate: formatRate(l.rate), revaluedBaseMinor: l.revaluedBaseMinor, differenceMinor: l.differenceMinor,
  })));
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: `${face.partyWord}Revaluation`, recordId: id, action: 'create', after: { date: req.date, reversalDate, currency: req.currency ?? null, journal: posted.number, reversal: reversed.number, gain: c.plan.gainMinor, loss: c.plan.lossMinor } }]);
  return viewOf(face, c, req, { id, journal: posted.journalId, journalNumber: posted.number, reversal: reversed.journalId, reversalNumber: reversed.number, createdAt: row!.createdAt.toISOString() });
}

type HeaderRow = { id: string; revaluation_date: string; reversal_date: string; currency: string | null; base_currency: string; gain_minor: string; loss_minor: string; journal_id: string | null; journal_number: string | null; reversal_journal_id: string | null; reversal_number: string | null; created_at: string; lines: number; n: number };

const headers = (scope: KitScope, face: Face, where: ReturnType<typeof sql>) => sql`
  select r.id, r.revaluation_date::text, r.reversal_date::text, r.currency, r.base_currency, r.gain_minor::text, r.loss_minor::text, r.journal_id, j.number as journal_number,
    r.reversal_journal_id, v.number as reversal_number, to_json(r.created_at)#>>'{}' as created_at,
    (select count(*)::int from ${partyRevaluationLines} l where l.tenant_id = r.tenant_id and l.revaluation_id = r.id) as lines, (count(*) over ())::int as n
  from ${partyRevaluations} r
  left join ${journals} j on j.tenant_id = r.tenant_id and j.id = r.journal_id
  left join ${journals} v on v.tenant_id = r.tenant_id and v.id = r.reversal_journal_id
  where r.tenant_id = ${scope.tenantId}::uuid and r.company_id = ${scope.companyId}::uuid and r.side = ${face.side}${where}`;

async function money(tx: Tx, scope: KitScope) {
  const { baseCurrency, scales } = await currencyFacts(tx, scope);
  return (minor: string, currency = baseCurrency) => formatMoney(BigInt(minor), scales[currency] ?? 2);
}

export async function listRevaluations(tx: Tx, scope: KitScope, face: Face, q: { limit: number; page: number }): Promise<RevaluationList> {
  const rows = rowsOf<HeaderRow>(await tx.execute(sql`${headers(scope, face, sql``)} order by r.revaluation_date desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`));
  const m = await money(tx, scope);
  return {
    total: rows[0]?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id, date: r.revaluation_date, reversalDate: r.reversal_date, currency: r.currency, baseCurrency: r.base_currency,
      journal: r.journal_id, journalNumber: r.journal_number, reversalJournal: r.reversal_journal_id, reversalNumber: r.reversal_number,
      gain: m(r.gain_minor), loss: m(r.loss_minor), net: m((BigInt(r.gain_minor) - BigInt(r.loss_minor)).toString()), lines: r.lines, createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function viewRevaluation(tx: Tx, scope: KitScope, face: Face, id: string): Promise<RevaluationView> {
  const [r] = rowsOf<HeaderRow>(await tx.execute(sql`${headers(scope, face, sql` and r.id = ${id}::uuid`)}`));
  if (!r) throw notFound('The revaluation');
  const t = faceTables[face.side];
  const lines = rowsOf<{ party_id: string; code: string; name: string; account_id: string; account_code: string; currency: string; balance_minor: string; carrying_base_minor: string; rate: string; revalued_base_minor: string; difference_minor: string }>(
    await tx.execute(sql`
      select l.party_id, p.code, p.name, l.account_id, a.code as account_code, l.currency, l.balance_minor::text, l.carrying_base_minor::text, l.rate::text, l.revalued_base_minor::text, l.difference_minor::text
      from ${partyRevaluationLines} l
      join ${t.party} p on p.tenant_id = l.tenant_id and p.id = l.party_id
      join ${accounts} a on a.tenant_id = l.tenant_id and a.id = l.account_id
      where l.tenant_id = ${scope.tenantId}::uuid and l.revaluation_id = ${id}::uuid order by l.line_no`),
  );
  const m = await money(tx, scope);
  return {
    id: r.id, date: r.revaluation_date, reversalDate: r.reversal_date, currency: r.currency, baseCurrency: r.base_currency,
    journal: r.journal_id, journalNumber: r.journal_number, reversalJournal: r.reversal_journal_id, reversalNumber: r.reversal_number,
    gain: m(r.gain_minor), loss: m(r.loss_minor), net: m((BigInt(r.gain_minor) - BigInt(r.loss_minor)).toString()), createdAt: new Date(r.created_at).toISOString(),
    lines: lines.map((l) => ({
      holder: l.party_id, holderCode: l.code, holderName: l.name, account: l.account_id, accountCode: l.account_code, currency: l.currency,
      balance: m(l.balance_minor, l.currency), carryingBase: m(l.carrying_base_minor), rate: formatRate(parseRate(l.rate)),
      revaluedBase: m(l.revalued_base_minor), difference: m(l.difference_minor),
    })),
  };
}
