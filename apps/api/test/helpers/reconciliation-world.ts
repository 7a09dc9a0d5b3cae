// Generated statements and books with known answers, for the matching engine's tests and its
// benchmark: each statement line is made from the book line(s) it must match, or as a near miss
// that must match nothing. A seeded generator, so a failure repeats.
import type { EngineLedgerLine, EngineParty, EngineStatementLine } from '../../src/modules/cash-management/reconciliation/engine';
import { prng } from '../../../../bench/lib';

export type Answer = { statementLineIds: string[]; ledgerKeys: string[]; kind: 'ReferenceAmount' | 'AmountDate' | 'Counterparty' | 'Batch' };

export type World = {
  statementLines: EngineStatementLine[];
  ledgerLines: EngineLedgerLine[];
  parties: EngineParty[];
  /** What must match (one entry per match) and the statement lines that must match nothing. */
  answers: Answer[];
  unmatched: Set<string>;
};

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00Z') / DAY_MS;
const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * `n` statement lines in the mix: 55% reference and amount, 20% amount and date (bank date shifted
 * 0-3 days, no reference), 5% counterparty open items, 5% batch bookings (one line for the 3-5 book
 * lines of a payment run, by the run's reference), 15% near misses (amount off by a cent, date outside the window, the reference of
 * another line with another amount, a second line for a book line already matched). Book lines as
 * many again: the answers' lines and unmatched ones (payments not yet presented).
 */
export function generateWorld(n: number, seed = 17): World {
  const rnd = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const world: World = { statementLines: [], ledgerLines: [], parties: [], answers: [], unmatched: new Set() };
  let seq = 0;
  // Amounts are unique per generated line (a counter in the high digits, noise below), so a match is unambiguous.
  const amount = (sign: 1 | -1) => BigInt(sign) * (BigInt(++seq) * 1000n + BigInt(int(1, 999)));
  const book = (day: number, amountMinor: bigint, references: string[] = []): EngineLedgerLine => {
    const l = { key: `j${world.ledgerLines.length}:1`, date: iso(day), amountMinor, references };
    world.ledgerLines.push(l);
    return l;
  };
  const bank = (day: number, amountMinor: bigint, reference: string | null = null, counterpartyName: string | null = null, counterpartyIban: string | null = null): EngineStatementLine => {
    const s = { id: `s${world.statementLines.length}`, date: iso(day), amountMinor, reference, counterpartyName, counterpartyIban };
    world.statementLines.push(s);
    return s;
  };
  const days = 360;
  while (world.statementLines.length < n) {
    const r = rnd();
    const day = START + int(0, days);
    const sign = rnd() < 0.6 ? -1 : 1;
    if (r < 0.55) {
      const ref = `PAY-${String(seq + 1).padStart(7, '0')}`;
      const l = book(day, amount(sign), [ref]);
      const s = bank(day + int(0, 5), l.amountMinor, `Payment ${ref} thank you`);
      world.answers.push({ statementLineIds: [s.id], ledgerKeys: [l.key], kind: 'ReferenceAmount' });
    } else if (r < 0.75) {
      const l = book(day, amount(sign));
      const s = bank(day + int(-3, 3), l.amountMinor);
      world.answers.push({ statementLineIds: [s.id], ledgerKeys: [l.key], kind: 'AmountDate' });
    } else if (r < 0.8) {
      const id = `00000000-0000-4000-8000-${String(world.parties.length).padStart(12, '0')}`;
      const remaining = amount(1);
      const iban = `DE${String(10 + (world.parties.length % 89))}5001051700${String(world.parties.length).padStart(8, '0')}`;
      world.parties.push({ type: 'Customer', id, name: `Customer ${world.parties.length} Ltd`, ibans: [iban], openItems: [{ id: `${id}-i`, number: `INV-${seq}`, dueDate: iso(day), remainingMinor: remaining }] });
      const s = bank(day, remaining, null, `CUSTOMER ${world.parties.length - 1}`, iban);
      world.answers.push({ statementLineIds: [s.id], ledgerKeys: [], kind: 'Counterparty' });
    } else if (r < 0.85) {
      const run = `RUN-${seq}`;
      const lines = Array.from({ length: int(3, 5) }, () => book(day, amount(-1), [run]));
      const s = bank(day + int(0, 2), lines.reduce((sum, l) => sum + l.amountMinor, 0n), `BATCH ${run}`);
      world.answers.push({ statementLineIds: [s.id], ledgerKeys: lines.map((l) => l.key), kind: 'Batch' });
    } else {
      nearMiss(world, int(0, 3), day, sign, amount, book, bank);
    }
  }
  // Payments not yet presented: book lines no statement line stands for.
  while (world.ledgerLines.length < n) book(START + int(0, days), amount(-1), [`CHQ-${seq}`]);
  return world;
}

function nearMiss(
  world: World,
  which: number,
  day: number,
  sign: 1 | -1,
  amount: (sign: 1 | -1) => bigint,
  book: (day: number, amountMinor: bigint, references?: string[]) => EngineLedgerLine,
  bank: (day: number, amountMinor: bigint, reference?: string | null) => EngineStatementLine,
): void {
  if (which === 0) {
    // The reference of a book line, its amount off by a cent.
    const l = book(day, amount(sign), [`NM-${world.ledgerLines.length}00`]);
    world.unmatched.add(bank(day, l.amountMinor + 1n, `NM-${world.ledgerLines.length - 1}00`).id);
  } else if (which === 1) {
    // The amount of a book line, four days away (the window is three), no reference.
    const l = book(day, amount(sign));
    world.unmatched.add(bank(day + 4, l.amountMinor).id);
  } else if (which === 2) {
    // The amount and day of book line A, the reference of book line B (another amount).
    const a = book(day, amount(sign));
    const b = book(day, amount(sign), [`REF-${world.ledgerLines.length}77`]);
    world.unmatched.add(bank(day, a.amountMinor, `REF-${world.ledgerLines.length - 1}77`).id);
    // B itself is presented and matches by reference.
    const sb = bank(day, b.amountMinor, `REF-${world.ledgerLines.length - 1}77`);
    world.answers.push({ statementLineIds: [sb.id], ledgerKeys: [b.key], kind: 'ReferenceAmount' });
  } else {
    // Two statement lines for one book line: the first matches, the second finds it already matched.
    const ref = `DUP-${world.ledgerLines.length}55`;
    const l = book(day, amount(sign), [ref]);
    const first = bank(day, l.amountMinor, ref);
    world.answers.push({ statementLineIds: [first.id], ledgerKeys: [l.key], kind: 'ReferenceAmount' });
    world.unmatched.add(bank(day + 1, l.amountMinor, ref).id);
  }
}
