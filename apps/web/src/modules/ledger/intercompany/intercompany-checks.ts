/*
 * What the intercompany editor checks before it sends a journal: the journal grid's checks (date,
 * description, lines, amounts) plus the pair; the posting rules are the server's.
 */
import { journalProblems } from '../journals/journal-checks';
import { isBlankLine } from '../journals/journal-lines';
import type { IcGridLine, IcHeader } from './intercompany-lines';

export function icProblems(header: IcHeader, lines: readonly IcGridLine[], scales: Readonly<Record<string, number>>): string[] {
  const problems: string[] = [];
  if (!header.partnerCompany) problems.push('Please choose the partner company');
  problems.push(...journalProblems({ kind: 'Intercompany', journalDate: header.journalDate, description: header.description, reference: header.reference }, lines, scales));
  lines.forEach((line, index) => {
    if (!isBlankLine(line) && !line.company) problems.push(`Line ${index + 1}: Please choose the company of the line`);
  });
  return problems;
}
