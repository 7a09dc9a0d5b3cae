/*
 * The trial balance as the table shows it: each class opens with a heading row, each group with
 * its own heading, then the group's accounts, the group's subtotal, and the class's subtotal after
 * its last group; one totals row at the end. Subtotals are the server's (exact, from the balances).
 */
import type { Amounts, TrialBalance, TrialBalanceRow } from './reports-api';

type Named = { key: string; code: string; name: string };
export type TbClassHeading = Named & { kind: 'class' };
export type TbGroupHeading = Named & { kind: 'group' };
export type TbAccount = { kind: 'account'; key: string; row: TrialBalanceRow };
export type TbTotal = Amounts & Named & { kind: 'groupTotal' | 'classTotal' | 'total' };
export type TbDisplayRow = TbClassHeading | TbGroupHeading | TbAccount | TbTotal;

const ZERO: Amounts = { opening: '0.00', debit: '0.00', credit: '0.00', closing: '0.00' };

export function trialBalanceRows(tb: TrialBalance): TbDisplayRow[] {
  const classes = new Map(tb.classes.map((c) => [c.code, c]));
  const groups = new Map(tb.groups.map((g) => [g.code, g]));
  const out: TbDisplayRow[] = [];
  let open: { classCode: string; groupCode: string } | undefined;
  const closeGroup = (code: string) => {
    const g = groups.get(code);
    out.push({ kind: 'groupTotal', key: `group-total-${code}`, code, name: g?.name ?? code, ...(g ?? ZERO) });
  };
  const closeClass = (code: string) => {
    const c = classes.get(code);
    out.push({ kind: 'classTotal', key: `class-total-${code}`, code, name: c?.name ?? code, ...(c ?? ZERO) });
  };
  for (const row of tb.rows) {
    if (open?.classCode !== row.classCode) {
      if (open) {
        closeGroup(open.groupCode);
        closeClass(open.classCode);
      }
      out.push({ kind: 'class', key: `class-${row.classCode}`, code: row.classCode, name: row.className });
      out.push({ kind: 'group', key: `group-${row.groupCode}`, code: row.groupCode, name: row.groupName });
    } else if (open.groupCode !== row.groupCode) {
      closeGroup(open.groupCode);
      out.push({ kind: 'group', key: `group-${row.groupCode}`, code: row.groupCode, name: row.groupName });
    }
    open = { classCode: row.classCode, groupCode: row.groupCode };
    out.push({ kind: 'account', key: row.account, row });
  }
  if (open) {
    closeGroup(open.groupCode);
    closeClass(open.classCode);
  }
  out.push({ kind: 'total', key: 'total', code: '', name: 'Total', ...tb.totals });
  return out;
}
