/*
 * The arithmetic of a split, pure (RULES.md of this module, "The split"): the original's cost,
 * accumulated depreciation, residual and quantity apportioned over the parts by their shares, and
 * the entry that moves cost and accumulated depreciation from the original to the parts.
 */

/** A decimal share ('2', '33.3333') as an integer of 1/10000ths. */
export function shareUnits(share: string): bigint {
  const [whole, frac = ''] = share.trim().split('.');
  return BigInt(whole!) * 10_000n + BigInt((frac + '0000').slice(0, 4));
}

/**
 * `amount` apportioned by `weights`: each part but the last is amount × weight / total rounded half
 * up to the unit, the last takes the remainder (so the parts add up to the amount exactly). A
 * negative remainder (the last weight too small for the rounding of the others) is refused by the caller.
 */
export function apportion(amount: bigint, weights: readonly bigint[]): bigint[] {
  const total = weights.reduce((a, w) => a + w, 0n);
  if (total <= 0n) throw new Error('weights add up to more than 0');
  let taken = 0n;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return amount - taken;
    const part = (2n * amount * w + total) / (2n * total);
    taken += part;
    return part;
  });
}

export type SplitFigures = { costMinor: bigint; accumulatedMinor: bigint; residualMinor: bigint; quantity: bigint };
export type PartFigures = SplitFigures;

/**
 * The parts of a split: cost, accumulated depreciation, residual and quantity (1/10000ths) each
 * apportioned by the shares. The rounding of three amounts may leave a part with a cent more
 * accumulated depreciation and residual than cost (a fully depreciated asset's parts, typically):
 * that cent of accumulated depreciation (or residual, when its accumulated is spent) moves to the
 * last part with room, so every part keeps cost ≥ accumulated + residual and the totals stay exact.
 * Null when a part would come out negative (a share too small for the rounding).
 */
export function planParts(original: SplitFigures, weights: readonly bigint[], quantities?: readonly bigint[]): PartFigures[] | null {
  const cost = apportion(original.costMinor, weights);
  const acc = apportion(original.accumulatedMinor, weights);
  const res = apportion(original.residualMinor, weights);
  const qty = quantities ? [...quantities] : apportion(original.quantity, weights);
  if ([...cost, ...acc, ...res, ...qty].some((v) => v < 0n)) return null;
  const room = (i: number) => cost[i]! - acc[i]! - res[i]!;
  for (let i = 0; i < weights.length; i++) {
    while (room(i) < 0n) {
      let j = weights.length - 1;
      while (j >= 0 && room(j) <= 0n) j--;
      if (j < 0) return null;
      const move = -room(i) < room(j) ? -room(i) : room(j);
      if (acc[i]! >= move) {
        acc[i] = acc[i]! - move;
        acc[j] = acc[j]! + move;
      } else if (res[i]! >= move) {
        res[i] = res[i]! - move;
        res[j] = res[j]! + move;
      } else return null;
    }
  }
  return weights.map((_, i) => ({ costMinor: cost[i]!, accumulatedMinor: acc[i]!, residualMinor: res[i]!, quantity: qty[i]! }));
}

export type SplitAccounts = { control: string | null; controlCode: string | null; controlIsControl: boolean; accumulated: string | null; accumulatedCode: string | null; accumulatedIsControl: boolean };
export type SplitLine = { role: 'Cost' | 'Accumulated depreciation'; asset: string; assetCode: string; account: string | null; accountCode: string | null; debitMinor: bigint; creditMinor: bigint };

/**
 * The split's entry: credit the original's cost and debit each part's on the control account,
 * debit the original's accumulated depreciation and credit each part's; it nets to zero per account.
 */
export function planSplitEntry(original: { id: string; code: string } & SplitFigures, parts: ({ id: string; code: string } & PartFigures)[], acc: SplitAccounts): SplitLine[] {
  const lines: SplitLine[] = [];
  const cost = (asset: { id: string; code: string }, debit: bigint, credit: bigint) => lines.push({ role: 'Cost', asset: asset.id, assetCode: asset.code, account: acc.control, accountCode: acc.controlCode, debitMinor: debit, creditMinor: credit });
  const accumulated = (asset: { id: string; code: string }, debit: bigint, credit: bigint) => lines.push({ role: 'Accumulated depreciation', asset: asset.id, assetCode: asset.code, account: acc.accumulated, accountCode: acc.accumulatedCode, debitMinor: debit, creditMinor: credit });
  if (original.costMinor > 0n) cost(original, 0n, original.costMinor);
  for (const p of parts) if (p.costMinor > 0n) cost(p, p.costMinor, 0n);
  if (original.accumulatedMinor > 0n) accumulated(original, original.accumulatedMinor, 0n);
  for (const p of parts) if (p.accumulatedMinor > 0n) accumulated(p, 0n, p.accumulatedMinor);
  const d = lines.reduce((s, l) => s + l.debitMinor, 0n);
  const c = lines.reduce((s, l) => s + l.creditMinor, 0n);
  if (d !== c) throw new Error('a split entry balances');
  return lines;
}
