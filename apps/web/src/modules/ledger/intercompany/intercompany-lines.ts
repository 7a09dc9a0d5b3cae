/*
 * The intercompany line grid's model: a journal grid line that names its company, the request
 * bodies built from the grid (amounts exactly as typed), and the lines of a saved journal or a
 * template as grid lines.
 */
import type { IntercompanyJournalInput, IntercompanyJournalView, IntercompanyTemplateInput, IntercompanyTemplateView } from '@erp/contracts';
import { buildJournalInput, emptyLine, isBlankLine, newLineKey, type GridLine } from '../journals/journal-lines';

export type IcGridLine = GridLine & { company: string };

export type IcHeader = { partnerCompany: string; journalDate: string; description: string; reference: string; template: string | undefined };

export function emptyIcLine(company: string, currency: string): IcGridLine {
  return { ...emptyLine(currency), company };
}

/** The grid's lines as the journal body carries them: blank lines dropped, each with its company. */
function icLinesOf(lines: readonly IcGridLine[]) {
  const used = lines.filter((line) => !isBlankLine(line));
  // The journal grid's own body builder reads the cells (trimming, zero sides, dimensions); the company rides along.
  const built = buildJournalInput({ kind: 'Intercompany', journalDate: '', description: '', reference: '' }, used).lines;
  return built.map((line, index) => ({ ...line, company: used[index]!.company }));
}

export function buildIcJournalInput(header: IcHeader, lines: readonly IcGridLine[]): IntercompanyJournalInput {
  const reference = header.reference.trim();
  return {
    partnerCompany: header.partnerCompany,
    journalDate: header.journalDate,
    description: header.description.trim(),
    ...(reference ? { reference } : {}),
    ...(header.template ? { template: header.template } : {}),
    lines: icLinesOf(lines),
  };
}

export type IcTemplateHeader = { code: string; name: string; partnerCompany: string; description: string };

/** A template's lines keep blank amounts (to be filled on each journal) and carry no rate. */
export function buildIcTemplateInput(header: IcTemplateHeader, lines: readonly IcGridLine[]): IntercompanyTemplateInput {
  const description = header.description.trim();
  return {
    code: header.code.trim(),
    name: header.name.trim(),
    partnerCompany: header.partnerCompany,
    ...(description ? { description } : {}),
    lines: icLinesOf(lines).map(({ rate: _rate, ...line }) => line),
  };
}

const isZeroAmount = (text: string) => /^0*(\.0*)?$/.test(text);

/** Saved lines (a draft's or a template's) as grid lines; a zero or blank side reads empty. */
export function icLinesFromView(view: Pick<IntercompanyJournalView | IntercompanyTemplateView, 'lines'>): IcGridLine[] {
  return view.lines.map((line) => ({
    key: newLineKey(),
    company: line.company,
    account: line.account,
    accountLabel: `${line.accountCode} · ${line.accountName}`,
    description: line.description ?? '',
    currency: line.currency,
    rate: 'rate' in line ? line.rate : '',
    debit: isZeroAmount(line.debit) ? '' : line.debit,
    credit: isZeroAmount(line.credit) ? '' : line.credit,
    dimensions: line.dimensions,
    // Intercompany lines carry no tax code (their grid has no tax cell).
    tax: null,
  }));
}

export function icHeaderFromView(view: IntercompanyJournalView): IcHeader {
  return { partnerCompany: view.partnerCompany.id, journalDate: view.journalDate, description: view.description, reference: view.reference ?? '', template: view.template ?? undefined };
}

/**
 * The partner changes: lines of the old partner move to the new one with their account cleared
 * (an account belongs to one company); the company's own lines stay as they are.
 */
export function switchPartner(lines: readonly IcGridLine[], from: string, to: string): IcGridLine[] {
  return lines.map((line) => (line.company === from && from !== to ? { ...line, company: to, account: null, accountLabel: '' } : line));
}
