import type { Table } from '../../../platform/kit/tabular-files';
import type { trialBalance } from './trial-balance.service';

export type TrialBalance = Awaited<ReturnType<typeof trialBalance>>;
export type Amounts = { opening: string; debit: string; credit: string; closing: string };
type Named = { code: string; name: string };

/** The report as every export lays it out: class, group, accounts, group subtotal, class subtotal; one total. */
export type ReportRow =
  | (Named & { kind: 'class' | 'group' })
  | (Named & Amounts & { kind: 'account'; classCode: string; groupCode: string })
  | (Named & Amounts & { kind: 'groupTotal'; classCode: string })
  | (Named & Amounts & { kind: 'classTotal' | 'total' });

/** What a file says above the table: title, company, range, currency and filters; the company's locale its amounts are written in. */
export type ReportMeta = { title: string; company: string; range: string; basis: string; filters: string; balanced: boolean; scale: number; generatedAt: string; locale: string };

/** The four amounts of a row that has them (accounts and subtotals), in column order. */
export const amountCells = (r: ReportRow): string[] | undefined => ('opening' in r ? [r.opening, r.debit, r.credit, r.closing] : undefined);

const pick = ({ opening, debit, credit, closing }: Amounts): Amounts => ({ opening, debit, credit, closing });

/** The server's own subtotals (exact, from the balances), placed after the accounts they sum. */
export function reportRows(tb: TrialBalance): ReportRow[] {
  const classes = new Map(tb.classes.map((c) => [c.code, c]));
  const groups = new Map(tb.groups.map((g) => [g.code, g]));
  const out: ReportRow[] = [];
  let open: { classCode: string; groupCode: string } | undefined;
  const closeGroup = (o: { classCode: string; groupCode: string }) => {
    const g = groups.get(o.groupCode)!;
    out.push({ kind: 'groupTotal', code: g.code, name: g.name, classCode: o.classCode, ...pick(g) });
  };
  const closeClass = (code: string) => {
    const c = classes.get(code)!;
    out.push({ kind: 'classTotal', code: c.code, name: c.name, ...pick(c) });
  };
  for (const r of tb.rows) {
    if (open?.classCode !== r.classCode) {
      if (open) {
        closeGroup(open);
        closeClass(open.classCode);
      }
      out.push({ kind: 'class', code: r.classCode, name: r.className }, { kind: 'group', code: r.groupCode, name: r.groupName });
    } else if (open.groupCode !== r.groupCode) {
      closeGroup(open);
      out.push({ kind: 'group', code: r.groupCode, name: r.groupName });
    }
    open = { classCode: r.classCode, groupCode: r.groupCode };
    out.push({ kind: 'account', code: r.code, name: r.name, classCode: r.classCode, groupCode: r.groupCode, ...pick(r) });
  }
  if (open) {
    closeGroup(open);
    closeClass(open.classCode);
  }
  out.push({ kind: 'total', code: '', name: 'Total', ...pick(tb.totals) });
  return out;
}

/** "1234567.5" -> "1,234,567.5": grouping on the decimal string itself, never through a float. */
export function groupThousands(amount: string): string {
  const [whole = '', fraction] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A text cell that starts like a formula is made text (CSV injection, OWASP); amounts stay numbers. */
const safeText = (text: string) => (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text);

const CSV_LABEL = { groupTotal: 'Group total', classTotal: 'Class total', total: 'Total' } as const;

/** The CSV of the report, the same columns as the screen's CSV: one line per account and per subtotal. */
export function reportTable(rows: ReportRow[]): Table {
  const headers = ['Row', 'Class', 'Group', 'Account', 'Name', 'Opening', 'Debit', 'Credit', 'Closing'];
  const out: string[][] = [];
  for (const r of rows) {
    const amounts = amountCells(r);
    if (!amounts) continue;
    if (r.kind === 'account') out.push(['Account', r.classCode, r.groupCode, r.code, r.name, ...amounts]);
    else if (r.kind === 'groupTotal') out.push([CSV_LABEL.groupTotal, r.classCode, r.code, '', r.name, ...amounts]);
    else if (r.kind === 'classTotal') out.push([CSV_LABEL.classTotal, r.code, '', '', r.name, ...amounts]);
    else out.push([CSV_LABEL.total, '', '', '', r.name, ...amounts]);
  }
  return { headers, rows: out.map((cells) => cells.map(safeText)) };
}
