/*
 * What the editor checks before it sends a journal, in the contract's words (journalInputSchema);
 * the server checks everything again, and the posting rules (periods, accounts, balance) only there.
 */
import { fieldRefusal, lineRefusal } from '@erp/contracts';
import { isAmountText, isBlankLine, RATE_TEXT, type GridLine, type JournalHeader } from './journal-lines';
import { SCALE_FALLBACK } from './journal-totals';

const hasAmount = (text: string) => text.trim() !== '' && !/^0*(\.0*)?$/.test(text.trim());

function lineProblem(line: GridLine, scale: number): string | undefined {
  if (!line.account) return 'Please choose an account';
  if (!isAmountText(line.debit, scale) || !isAmountText(line.credit, scale)) return `amounts must be positive with at most ${scale} decimals`;
  if (hasAmount(line.debit) && hasAmount(line.credit)) return 'A line has a debit or a credit, not both';
  if (!hasAmount(line.debit) && !hasAmount(line.credit)) return 'A line needs a debit or a credit';
  if (line.rate.trim() && !RATE_TEXT.test(line.rate.trim())) return 'must be a rate with at most 10 decimals';
  return undefined;
}

/** The first problems of a journal about to be saved, validated or posted; empty when it may be sent. */
export function journalProblems(header: JournalHeader, lines: readonly GridLine[], scales: Readonly<Record<string, number>>): string[] {
  const problems: string[] = [];
  // Each names its place as the server's refusals do (contracts kit/refusals.ts), so the editor marks it.
  if (!header.journalDate) problems.push(fieldRefusal('journalDate', 'Please supply the journal date'));
  if (!header.description.trim()) problems.push(fieldRefusal('description', 'Please supply a description'));
  const used = lines.map((line, index) => ({ line, index })).filter(({ line }) => !isBlankLine(line));
  if (used.length < 2) problems.push('A journal needs at least two lines');
  for (const { line, index } of used) {
    const problem = lineProblem(line, scales[line.currency] ?? SCALE_FALLBACK);
    if (problem) problems.push(lineRefusal(index + 1, problem));
  }
  return problems;
}
