/*
 * A journal template in the line grid: its saved lines as grid lines, the body sent from the grid
 * (amounts as typed, blank amounts allowed: each journal made from it fills them), and what the
 * editor checks before sending, in the contract's words (journalTemplateInputSchema).
 */
import type { JournalTemplateInput, JournalTemplateView, TemplateJournalKind } from '@erp/contracts';
import { buildJournalInput, isAmountText, isBlankLine, newLineKey, type GridLine } from '../journals/journal-lines';
import { SCALE_FALLBACK } from '../journals/journal-totals';

export type TemplateHeader = { code: string; name: string; description: string; kind: TemplateJournalKind; active: boolean };

export const blankTemplateHeader = (): TemplateHeader => ({ code: '', name: '', description: '', kind: 'Standard', active: true });

export function headerFromTemplate(view: JournalTemplateView): TemplateHeader {
  return { code: view.code, name: view.name, description: view.description ?? '', kind: view.kind, active: view.active };
}

export function linesFromTemplate(view: JournalTemplateView): GridLine[] {
  return view.lines.map((line) => ({
    key: newLineKey(),
    account: line.account,
    accountLabel: `${line.accountCode} · ${line.accountName}`,
    description: line.description ?? '',
    currency: line.currency,
    rate: '',
    debit: line.debit,
    credit: line.credit,
    dimensions: line.dimensions,
    tax: line.tax,
  }));
}

/** The POST/PUT body: blank lines dropped, rates never sent, amounts as typed (a zero or empty side left out). */
export function buildTemplateInput(header: TemplateHeader, lines: readonly GridLine[]): JournalTemplateInput {
  const body = buildJournalInput({ kind: 'Standard', journalDate: '', description: '', reference: '' }, lines);
  const description = header.description.trim();
  return {
    code: header.code.trim(),
    name: header.name.trim(),
    ...(description ? { description } : {}),
    kind: header.kind,
    active: header.active,
    lines: body.lines.map(({ rate: _rate, ...line }) => line),
  };
}

const hasAmount = (text: string) => text.trim() !== '' && !/^0*(\.0*)?$/.test(text.trim());

/** The first problems of a template about to be saved; empty when it may be sent. */
export function templateProblems(header: TemplateHeader, lines: readonly GridLine[], scales: Readonly<Record<string, number>>): string[] {
  const problems: string[] = [];
  if (!header.code.trim()) problems.push('Please supply a code');
  if (!header.name.trim()) problems.push('Please supply a name');
  const used = lines.map((line, index) => ({ line, index })).filter(({ line }) => !isBlankLine(line));
  if (used.length < 2) problems.push('A template needs at least two lines');
  for (const { line, index } of used) {
    const scale = scales[line.currency] ?? SCALE_FALLBACK;
    if (!line.account) problems.push(`Line ${index + 1}: Please choose an account`);
    else if (!isAmountText(line.debit, scale) || !isAmountText(line.credit, scale)) problems.push(`Line ${index + 1}: amounts must be positive with at most ${scale} decimals`);
    else if (hasAmount(line.debit) && hasAmount(line.credit)) problems.push(`Line ${index + 1}: A line has a debit or a credit, not both`);
  }
  return problems;
}
