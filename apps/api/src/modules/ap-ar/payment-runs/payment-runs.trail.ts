import { sql } from 'drizzle-orm';
import { formatMoney, type PaymentRunFace } from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { documentTrail, type DocumentTrail } from '../../../platform/kit/documents';
import type { KitScope } from '../../../platform/kit/registry';
import { currencyFacts } from '../invoices/invoice-facts';
import { storedRun } from './payment-runs.service';
import { paymentRunLines } from './payment-runs.tables';

/*
 * The audit trail of a payment run's drafts (the kit's `trail`). A run holds up to tens of thousands
 * of lines, so the trail never copies a whole view or input per save (bench 16: the whole input of
 * 50,000 lines took seconds to serialise and store): who and when are the audit row's own; what
 * changed is said compactly.
 * - Created: the criteria, the summary (lines, excluded, total, discount) and every line as columns
 *   (open items, amounts, discounts, the numbers of the excluded lines): the run as stored.
 * - Edited: the criteria that changed (before and after), the summaries before and after, and the
 *   lines by open item: added (as columns), removed, changed (each field before and after), and
 *   whether the order of the lines kept changed.
 * - Deleted: the run as it was, as a creation records it.
 */

type TrailLine = { openItem: string; amount: bigint; discount: bigint; excluded: boolean };
type TrailState = { criteria: Record<string, string | null>; scale: number; lines: TrailLine[] };

async function readState(tx: Tx, scope: KitScope, rf: PaymentRunFace, id: string): Promise<TrailState> {
  const h = await storedRun(tx, scope, rf, id, false);
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[h.currency] ?? 2;
  const rows = rowsOf<{ open_item_id: string; amount_minor: string; discount_minor: string; excluded: boolean }>(
    await tx.execute(sql`select open_item_id, amount_minor::text, discount_minor::text, excluded from ${paymentRunLines}
      where tenant_id = ${scope.tenantId}::uuid and run_id = ${id}::uuid order by line_no`),
  );
  return {
    criteria: { bank: h.bankId, currency: h.currency, paymentDate: h.paymentDate, method: h.method, basis: h.basis, upTo: h.upTo, partyGroup: h.partyGroupId, description: h.description },
    scale,
    lines: rows.map((r) => ({ openItem: r.open_item_id, amount: BigInt(r.amount_minor), discount: BigInt(r.discount_minor), excluded: r.excluded })),
  };
}

function summary(s: TrailState) {
  let total = 0n;
  let discount = 0n;
  let excluded = 0;
  for (const l of s.lines) {
    if (l.excluded) excluded += 1;
    else {
      total += l.amount;
      discount += l.discount;
    }
  }
  return { lines: s.lines.length, excluded, total: formatMoney(total, s.scale), discount: formatMoney(discount, s.scale) };
}

/** Lines as columns (a line's place in each array is the same; `excluded` names the excluded lines by their place, from 1). */
const columns = (lines: TrailLine[], scale: number) => ({
  openItem: lines.map((l) => l.openItem), amount: lines.map((l) => formatMoney(l.amount, scale)), discount: lines.map((l) => formatMoney(l.discount, scale)),
  excluded: lines.flatMap((l, i) => (l.excluded ? [i + 1] : [])),
});

const whole = (s: TrailState) => ({ ...s.criteria, ...summary(s), items: columns(s.lines, s.scale) });

function changes(before: TrailState, after: TrailState) {
  const was = new Map(before.lines.map((l) => [l.openItem, l]));
  const now = new Set(after.lines.map((l) => l.openItem));
  const added: TrailLine[] = [];
  const changed: Record<string, unknown>[] = [];
  for (const l of after.lines) {
    const b = was.get(l.openItem);
    if (!b) {
      added.push(l);
      continue;
    }
    const c: Record<string, unknown> = {};
    if (b.amount !== l.amount) c.amount = [formatMoney(b.amount, before.scale), formatMoney(l.amount, after.scale)];
    if (b.discount !== l.discount) c.discount = [formatMoney(b.discount, before.scale), formatMoney(l.discount, after.scale)];
    if (b.excluded !== l.excluded) c.excluded = [b.excluded, l.excluded];
    if (Object.keys(c).length) changed.push({ openItem: l.openItem, ...c });
  }
  const removed = before.lines.filter((l) => !now.has(l.openItem)).map((l) => l.openItem);
  const keptBefore = before.lines.filter((l) => now.has(l.openItem)).map((l) => l.openItem);
  const keptAfter = after.lines.filter((l) => was.has(l.openItem)).map((l) => l.openItem);
  const reordered = keptBefore.some((id, i) => keptAfter[i] !== id);
  const criteriaBefore: Record<string, string | null> = {};
  const criteriaAfter: Record<string, string | null> = {};
  for (const k of Object.keys(after.criteria)) {
    if (before.criteria[k] !== after.criteria[k]) {
      criteriaBefore[k] = before.criteria[k] ?? null;
      criteriaAfter[k] = after.criteria[k] ?? null;
    }
  }
  return {
    before: { ...criteriaBefore, ...summary(before) },
    after: { ...criteriaAfter, ...summary(after), changes: { added: columns(added, after.scale), removed, changed, reordered } },
  };
}

/** The kit's trail of a face's runs. */
export const paymentRunTrail = (rf: PaymentRunFace): DocumentTrail =>
  documentTrail<TrailState>({
    read: (tx, scope, id) => readState(tx, scope, rf, id),
    entry: (before, after) => {
      if (before && after) return changes(before, after);
      if (after) return { before: null, after: whole(after) };
      if (before) return { before: whole(before), after: null };
      return { before: null, after: null };
    },
  });
