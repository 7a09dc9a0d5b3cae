import { strict as assert } from 'node:assert';
import type { RunDetail } from '@erp/contracts';

/** A class of the run with its resolved accounts, or why it cannot post. */
export type ClassFacts = {
  id: string;
  code: string;
  problem: string | null;
  expenseAccount: string | null;
  expenseCode: string | null;
  accumulatedAccount: string | null;
  accumulatedCode: string | null;
  /** { dimension group code: dimension code }, as journal lines carry them. */
  dimensions: Record<string, string>;
};

/** The summed schedule rows of a class, or of one asset (`Per asset`). */
export type RunAmount = { assetClass: string; asset: string | null; code: string | null; assets: number; rows: number; amountMinor: bigint };

export type RunLine = { accountId: string; debitMinor: bigint; creditMinor: bigint; dimensions: Record<string, string>; description: string; lineRef: string | null };
export type RunSummary = {
  assetClass: string;
  asset: string | null;
  expenseAccount: string | null;
  accumulatedAccount: string | null;
  dimensions: Record<string, string>;
  assets: number;
  rows: number;
  amountMinor: bigint;
};

/**
 * The lines of a run's ONE entry, pure (model: the ledger's posting.ts): per class (its dimension
 * set) or per asset, a debit on depreciation expense and a credit on accumulated depreciation of
 * the same amount. Asserted: every amount positive, debits equal credits equal the rows' total.
 */
export function planRunLines(amounts: RunAmount[], classes: ClassFacts[], detail: RunDetail, currency: string): { lines: RunLine[]; summary: RunSummary[]; totalMinor: bigint } {
  const byId = new Map(classes.map((c) => [c.id, c]));
  const lines: RunLine[] = [];
  const summary: RunSummary[] = [];
  let total = 0n;
  for (const a of amounts) {
    const c = byId.get(a.assetClass);
    assert(c && !c.problem && c.expenseAccount && c.accumulatedAccount, 'only classes that can post have rows in the run');
    assert(a.amountMinor >= 0n, 'a depreciation amount is never negative');
    if (a.amountMinor === 0n) continue;
    const what = detail === 'Per asset' ? `asset ${a.code}` : `class ${c.code}`;
    const lineRef = detail === 'Per asset' ? a.asset : c.id;
    lines.push({ accountId: c.expenseAccount, debitMinor: a.amountMinor, creditMinor: 0n, dimensions: c.dimensions, description: `Depreciation, ${what}`, lineRef });
    lines.push({ accountId: c.accumulatedAccount, debitMinor: 0n, creditMinor: a.amountMinor, dimensions: c.dimensions, description: `Accumulated depreciation, ${what}`, lineRef });
    summary.push({ assetClass: c.code, asset: a.code, expenseAccount: c.expenseCode, accumulatedAccount: c.accumulatedCode, dimensions: c.dimensions, assets: a.assets, rows: a.rows, amountMinor: a.amountMinor });
    total += a.amountMinor;
  }
  const debits = lines.reduce((s, l) => s + l.debitMinor, 0n);
  const credits = lines.reduce((s, l) => s + l.creditMinor, 0n);
  assert.equal(debits, credits, `the entry balances in ${currency}`);
  assert.equal(debits, total, 'the entry holds exactly the rows of the run');
  return { lines, summary, totalMinor: total };
}
