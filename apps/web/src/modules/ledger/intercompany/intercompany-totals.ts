/*
 * Running totals of an intercompany journal, in exact integer arithmetic: per company (the journal
 * grid's totals over that company's lines, in its base currency), the due line each company will
 * get per currency (as the server's split does: net credit is owed to the company, net debit is
 * owed by it), and whether the entry balances in each currency across the two companies.
 */
import { formatMoney } from '@erp/contracts';
import { amountMinor, isBlankLine } from '../journals/journal-lines';
import { gridTotals, SCALE_FALLBACK, type GridTotals } from '../journals/journal-totals';
import type { IcGridLine } from './intercompany-lines';

export type PairCompany = { id: string; code: string; baseCurrency: string };

export type DueLine = { currency: string; side: 'Due from' | 'Due to'; amount: string };

export type CompanyTotals = { company: PairCompany; partner: PairCompany; totals: GridTotals; due: DueLine[]; lineCount: number };

/** Net (debit minus credit) per currency of the readable lines, in minor units, currencies in code order. */
function netByCurrency(lines: readonly IcGridLine[], scales: Readonly<Record<string, number>>): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const line of lines) {
    const currency = line.currency.trim().toUpperCase();
    const scale = scales[currency] ?? SCALE_FALLBACK;
    const debit = amountMinor(line.debit, scale);
    const credit = amountMinor(line.credit, scale);
    if (debit === undefined || credit === undefined) continue;
    out.set(currency, (out.get(currency) ?? 0n) + debit - credit);
  }
  return new Map([...out.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function dueLines(lines: readonly IcGridLine[], scales: Readonly<Record<string, number>>): DueLine[] {
  return [...netByCurrency(lines, scales).entries()]
    .filter(([, net]) => net !== 0n)
    .map(([currency, net]) => ({
      currency,
      side: net < 0n ? ('Due from' as const) : ('Due to' as const),
      amount: formatMoney(net < 0n ? -net : net, scales[currency] ?? SCALE_FALLBACK),
    }));
}

/** Each company's totals and the due lines it will get towards the other company of the pair. */
export function companyTotals(lines: readonly IcGridLine[], pair: readonly [PairCompany, PairCompany], scales: Readonly<Record<string, number>>): CompanyTotals[] {
  const used = lines.filter((line) => !isBlankLine(line));
  return pair.map((company, index) => {
    const own = used.filter((line) => line.company === company.id);
    return { company, partner: pair[1 - index]!, totals: gridTotals(own, company.baseCurrency, scales), due: dueLines(own, scales), lineCount: own.length };
  });
}

export type CurrencyBalance = { currency: string; difference: string; balanced: boolean };

/** The whole entry per currency across both companies: it posts only when every difference is zero. */
export function entryBalance(lines: readonly IcGridLine[], scales: Readonly<Record<string, number>>): CurrencyBalance[] {
  const used = lines.filter((line) => !isBlankLine(line));
  return [...netByCurrency(used, scales).entries()].map(([currency, net]) => ({
    currency,
    difference: formatMoney(net < 0n ? -net : net, scales[currency] ?? SCALE_FALLBACK),
    balanced: net === 0n,
  }));
}
