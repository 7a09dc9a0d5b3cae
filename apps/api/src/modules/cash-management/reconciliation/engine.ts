// The matching engine of bank reconciliation: pure (no database), near-linear. Every rule looks
// candidates up in maps keyed by amount, reference or day; no rule compares all pairs.
import type { MatchReason, ReconciliationRule, ReconciliationRuleKind } from '@erp/contracts';

export type EngineStatementLine = {
  id: string;
  /** ISO date the bank booked the line. */
  date: string;
  /** Signed minor units: money in is positive. */
  amountMinor: bigint;
  reference: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
};

export type EngineLedgerLine = {
  /** `journalId:lineNo`. */
  key: string;
  date: string;
  /** Signed minor units on the bank account: a debit (money in) is positive. */
  amountMinor: bigint;
  /** The identifiers the book line carries (document number, journal reference). */
  references: readonly string[];
};

export type EngineOpenItem = { id: string; number: string; dueDate: string; remainingMinor: bigint };

/** A party with its IBANs and open items (what it owes us, or we owe it), positive remaining amounts. */
export type EngineParty = {
  type: 'Vendor' | 'Customer';
  id: string;
  name: string;
  ibans: readonly string[];
  openItems: readonly EngineOpenItem[];
};

export type EngineProposal = {
  ruleKind: ReconciliationRuleKind;
  ruleId: string | null;
  statementLineIds: string[];
  ledgerKeys: string[];
  /** A counterparty rule's proposal: the receipt or payment to create, settling these items. */
  settlement: { partyType: 'Vendor' | 'Customer'; partyId: string; partyName: string; openItems: EngineOpenItem[] } | null;
  reasons: MatchReason[];
};

export type EngineInput = {
  statementLines: readonly EngineStatementLine[];
  ledgerLines: readonly EngineLedgerLine[];
  parties?: readonly EngineParty[];
  rules: readonly ReconciliationRule[];
  /** Pairs the user rejected (`statementLineId|ledgerKey`): never proposed again. */
  rejected?: ReadonlySet<string>;
  /** Shows amounts in the reasons (the bank's currency scale). */
  formatAmount?: (minor: bigint) => string;
};

const DAY_MS = 86_400_000;
/** Day numbers of ISO dates, cached: a year of lines has a few hundred distinct dates. */
function dayCounter(): (iso: string) => number {
  const days = new Map<string, number>();
  return (iso) => {
    let day = days.get(iso);
    if (day === undefined) {
      day = Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
      days.set(iso, day);
    }
    return day;
  };
}
const isoOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A reference as compared: letters and digits only, upper case; shorter than 4 tells nothing. */
export function normaliseReference(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** The references a statement line's text may carry: the whole text and each word of it. */
function referenceCandidates(text: string | null): string[] {
  if (!text) return [];
  const out = new Set<string>();
  const whole = normaliseReference(text);
  if (whole.length >= 4) out.add(whole);
  for (const word of text.split(/[\s/;,:]+/)) {
    const w = normaliseReference(word);
    if (w.length >= 4 && /\d/.test(w)) out.add(w);
  }
  return [...out];
}

/** A book line's distinct references as compared (shorter than 4 dropped). */
function bookReferences(references: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of references) {
    const r = normaliseReference(text);
    if (r.length >= 4 && !out.includes(r)) out.push(r);
  }
  return out;
}

export const normaliseIban = (text: string): string => text.toUpperCase().replace(/[^0-9A-Z]/g, '');
export const normaliseName = (text: string): string =>
  text.toUpperCase().normalize('NFKD').replace(/[^0-9A-Z ]/g, ' ').replace(/\b(LTD|LIMITED|GMBH|AG|SA|SAS|BV|NV|INC|LLC|PLC|CO)\b/g, ' ').replace(/\s+/g, ' ').trim();

/** The engine's lines carry their day, their references as compared, and whether a proposal took them (a flag: no set of 100,000 keys to hash). */
type Ledger = EngineLedgerLine & { day: number; refs: string[]; used: boolean };
type Statement = EngineStatementLine & { day: number; refs: string[]; used: boolean };

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Runs the rules in their order; a line one rule matches is not offered to the next. */
export function proposeMatches(input: EngineInput): EngineProposal[] {
  const fmt = input.formatAmount ?? ((m: bigint) => m.toString());
  const dayOf = dayCounter();
  // The engine's own view of each line, built field by field (no spread, no Set for a line's one or two references): a run holds 100,000 of each.
  const statements: Statement[] = input.statementLines.map((s) => ({
    id: s.id, date: s.date, amountMinor: s.amountMinor, reference: s.reference, counterpartyName: s.counterpartyName, counterpartyIban: s.counterpartyIban,
    day: dayOf(s.date), refs: referenceCandidates(s.reference), used: false,
  }));
  const ledger: Ledger[] = input.ledgerLines
    .map((l) => ({ key: l.key, date: l.date, amountMinor: l.amountMinor, references: l.references, day: dayOf(l.date), refs: bookReferences(l.references), used: false }))
    .sort((a, b) => a.day - b.day);
  const rejected = input.rejected ?? new Set<string>();
  const proposals: EngineProposal[] = [];

  // Shared indexes, built once: reference -> book lines, and amount -> book lines by day.
  const byReference = new Map<string, Ledger[]>();
  const byAmount = new Map<bigint, Ledger[]>();
  for (const l of ledger) {
    for (const r of l.refs) push(byReference, r, l);
    push(byAmount, l.amountMinor, l);
  }
  const ctx: Ctx = { statements, ledger, rejected, byReference, byAmount, fmt, proposals };
  const rules = [...input.rules].sort((a, b) => a.sequence - b.sequence);
  for (const rule of rules) {
    if (rule.kind === 'ReferenceAmount') referenceAmount(ctx, rule);
    else if (rule.kind === 'AmountDate') amountDate(ctx, rule);
    else if (rule.kind === 'Counterparty') counterparty(ctx, rule, input.parties ?? []);
    else batch(ctx, rule);
  }
  return proposals;
}

type Ctx = {
  statements: Statement[];
  ledger: Ledger[];
  rejected: ReadonlySet<string>;
  byReference: Map<string, Ledger[]>;
  byAmount: Map<bigint, Ledger[]>;
  fmt: (m: bigint) => string;
  proposals: EngineProposal[];
};

/** The user rejected this pair before (the set is empty on a first run: no key is built then). */
const isRejected = (ctx: Ctx, s: Statement, l: Ledger): boolean => ctx.rejected.size > 0 && ctx.rejected.has(`${s.id}|${l.key}`);

function take(ctx: Ctx, rule: ReconciliationRule, s: Statement[], l: Ledger[], reasons: MatchReason[], settlement: EngineProposal['settlement'] = null): void {
  for (const x of s) x.used = true;
  for (const x of l) x.used = true;
  ctx.proposals.push({ ruleKind: rule.kind, ruleId: rule.id, statementLineIds: s.map((x) => x.id), ledgerKeys: l.map((x) => x.key), settlement, reasons });
}

/** The free book line of the list nearest the day, within the window (ties: the earlier). */
function nearest(ctx: Ctx, list: readonly Ledger[] | undefined, s: Statement, windowDays: number, accept: (l: Ledger) => boolean = () => true): Ledger | undefined {
  if (!list) return undefined;
  let best: Ledger | undefined;
  // The list is by day: binary search the window's first day.
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.day < s.day - windowDays) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < list.length && list[i]!.day <= s.day + windowDays; i++) {
    const l = list[i]!;
    if (l.used || isRejected(ctx, s, l) || !accept(l)) continue;
    if (!best || Math.abs(l.day - s.day) < Math.abs(best.day - s.day)) best = l;
  }
  return best;
}

function referenceAmount(ctx: Ctx, rule: ReconciliationRule): void {
  for (const s of ctx.statements) {
    if (s.used || s.refs.length === 0) continue;
    for (const ref of s.refs) {
      const hit = nearest(ctx, ctx.byReference.get(ref), s, rule.dateWindowDays, (l) => l.amountMinor === s.amountMinor);
      if (!hit) continue;
      take(ctx, rule, [s], [hit], [
        { field: 'reference', statement: s.reference ?? '', book: ref },
        { field: 'amount', statement: ctx.fmt(s.amountMinor), book: ctx.fmt(hit.amountMinor) },
      ]);
      break;
    }
  }
}

/** True when the statement line's reference names book lines and the candidate is none of them. */
function namesAnother(ctx: Ctx, s: Statement, l: Ledger): boolean {
  let named = false;
  for (const ref of s.refs) {
    const list = ctx.byReference.get(ref);
    if (!list) continue;
    named = true;
    if (list.includes(l)) return false;
  }
  return named;
}

function amountDate(ctx: Ctx, rule: ReconciliationRule): void {
  for (const s of ctx.statements) {
    if (s.used) continue;
    const hit = nearest(ctx, ctx.byAmount.get(s.amountMinor), s, rule.dateWindowDays, (l) => !namesAnother(ctx, s, l));
    if (!hit) continue;
    take(ctx, rule, [s], [hit], [
      { field: 'amount', statement: ctx.fmt(s.amountMinor), book: ctx.fmt(hit.amountMinor) },
      { field: 'date', statement: s.date, book: `${hit.date} (${Math.abs(hit.day - s.day)} of ${rule.dateWindowDays} days)` },
    ]);
  }
}

function counterparty(ctx: Ctx, rule: ReconciliationRule, parties: readonly EngineParty[]): void {
  const byIban = new Map<string, EngineParty>();
  const byName = new Map<string, EngineParty[]>();
  for (const p of parties) {
    for (const iban of p.ibans) byIban.set(`${p.type}|${normaliseIban(iban)}`, p);
    push(byName, `${p.type}|${normaliseName(p.name)}`, p);
  }
  const usedItems = new Set<string>();
  for (const s of ctx.statements) {
    if (s.used || s.amountMinor === 0n) continue;
    // Money in settles what a customer owes; money out what we owe a vendor.
    const type = s.amountMinor > 0n ? 'Customer' : 'Vendor';
    const wanted = s.amountMinor > 0n ? s.amountMinor : -s.amountMinor;
    const viaIban = s.counterpartyIban ? byIban.get(`${type}|${normaliseIban(s.counterpartyIban)}`) : undefined;
    const named = !viaIban && s.counterpartyName ? byName.get(`${type}|${normaliseName(s.counterpartyName)}`) : undefined;
    const party = viaIban ?? (named?.length === 1 ? named[0] : undefined);
    if (!party) continue;
    const open = party.openItems.filter((i) => !usedItems.has(i.id) && i.remainingMinor > 0n);
    const ref = new Set(s.refs);
    // One item of that amount (the one the reference names, else the oldest due), else all of them.
    const exact = open.filter((i) => i.remainingMinor === wanted).sort((a, b) => Number(ref.has(normaliseReference(b.number))) - Number(ref.has(normaliseReference(a.number))) || a.dueDate.localeCompare(b.dueDate));
    const total = open.reduce((sum, i) => sum + i.remainingMinor, 0n);
    const items = exact.length > 0 ? [exact[0]!] : total === wanted ? open : [];
    if (items.length === 0) continue;
    for (const i of items) usedItems.add(i.id);
    take(ctx, rule, [s], [], [
      viaIban
        ? { field: 'counterpartyIban', statement: s.counterpartyIban ?? '', book: `${party.name} (${party.type.toLowerCase()})` }
        : { field: 'counterpartyName', statement: s.counterpartyName ?? '', book: `${party.name} (${party.type.toLowerCase()})` },
      { field: items.length > 1 ? 'total' : 'amount', statement: ctx.fmt(s.amountMinor), book: `${items.map((i) => i.number).join(', ')}: ${ctx.fmt(wanted)}` },
    ], { partyType: party.type, partyId: party.id, partyName: party.name, openItems: items });
  }
}

/**
 * A batch booking: one statement line for several book lines (a payment run the bank books as one
 * debit): the lines sharing the reference the statement line names, or all the free lines of one
 * day and sign; or several statement lines of one day for one book line. Groups are summed once;
 * a line is then looked up by reference, or by day and amount.
 */
function batch(ctx: Ctx, rule: ReconciliationRule): void {
  const groupKey = (day: number, sum: bigint) => `${day}|${sum}`;
  const bookGroups = new Map<string, Ledger[]>();
  const bookDays = new Map<number, Ledger[]>();
  for (const l of ctx.ledger) if (!l.used) push(bookDays, l.day * 2 + (l.amountMinor > 0n ? 1 : 0), l);
  for (const lines of bookDays.values()) {
    if (lines.length < 2 || lines.length > rule.maxGroupSize) continue;
    bookGroups.set(groupKey(lines[0]!.day, lines.reduce((sum, l) => sum + l.amountMinor, 0n)), lines);
  }
  const free = (s: Statement, group: readonly Ledger[] | undefined) => !!group && group.every((l) => !l.used && !isRejected(ctx, s, l));
  for (const s of ctx.statements) {
    if (s.used) continue;
    // A reference the book lines of a run share (the run's number), with the booking's total.
    const ref = s.refs.find((r) => {
      const group = ctx.byReference.get(r);
      return group && group.length >= 2 && group.length <= rule.maxGroupSize && free(s, group) && group.reduce((sum, l) => sum + l.amountMinor, 0n) === s.amountMinor;
    });
    if (ref) {
      const group = ctx.byReference.get(ref)!;
      take(ctx, rule, [s], group, [
        { field: 'reference', statement: s.reference ?? '', book: `${ref} (${group.length} lines)` },
        { field: 'total', statement: ctx.fmt(s.amountMinor), book: ctx.fmt(s.amountMinor) },
      ]);
      continue;
    }
    for (let d = 0; d <= rule.dateWindowDays; d++) {
      const before = bookGroups.get(groupKey(s.day - d, s.amountMinor));
      const group = free(s, before) ? before : d > 0 && free(s, bookGroups.get(groupKey(s.day + d, s.amountMinor))) ? bookGroups.get(groupKey(s.day + d, s.amountMinor)) : undefined;
      if (!group) continue;
      take(ctx, rule, [s], group, [
        { field: 'total', statement: ctx.fmt(s.amountMinor), book: `${group.length} lines: ${ctx.fmt(s.amountMinor)}` },
        { field: 'date', statement: s.date, book: isoOf(group[0]!.day) },
      ]);
      break;
    }
  }
  // Several statement lines of a day against one book line.
  const statementGroups = new Map<string, Statement[]>();
  const statementDays = new Map<number, Statement[]>();
  for (const s of ctx.statements) if (!s.used) push(statementDays, s.day * 2 + (s.amountMinor > 0n ? 1 : 0), s);
  for (const lines of statementDays.values()) {
    if (lines.length < 2 || lines.length > rule.maxGroupSize) continue;
    statementGroups.set(groupKey(lines[0]!.day, lines.reduce((sum, s) => sum + s.amountMinor, 0n)), lines);
  }
  for (const l of ctx.ledger) {
    if (l.used) continue;
    for (let d = 0; d <= rule.dateWindowDays; d++) {
      const group = [l.day - d, l.day + d].map((day) => statementGroups.get(groupKey(day, l.amountMinor))).find((g) => g && g.every((s) => !s.used && !isRejected(ctx, s, l)));
      if (!group) continue;
      take(ctx, rule, group, [l], [
        { field: 'total', statement: `${group.length} lines: ${ctx.fmt(l.amountMinor)}`, book: ctx.fmt(l.amountMinor) },
        { field: 'date', statement: group[0]!.date, book: l.date },
      ]);
      break;
    }
  }
}
