// Proves the matching engine on generated data with known answers: every match it proposes is
// the expected one with its rule, near misses (a cent off, a day outside the window, another
// line's reference, a line already matched) match nothing, rejected pairs are not offered again,
// and the rules' order and windows are the bank's.
import { describe, expect, it } from 'vitest';
import { defaultReconciliationRules, type ReconciliationRule } from '@erp/contracts';
import { proposeMatches, type EngineLedgerLine, type EngineStatementLine } from '../../src/modules/cash-management/reconciliation/engine';
import { generateWorld } from '../helpers/reconciliation-world';

const key = (ids: readonly string[]) => [...ids].sort().join(',');
const rules = defaultReconciliationRules;
const line = (id: string, date: string, amountMinor: bigint, reference: string | null = null): EngineStatementLine => ({ id, date, amountMinor, reference, counterpartyName: null, counterpartyIban: null });
const bookLine = (key: string, date: string, amountMinor: bigint, references: string[] = []): EngineLedgerLine => ({ key, date, amountMinor, references });

describe('matching engine on a generated year', () => {
  const world = generateWorld(5000, 4);
  const proposals = proposeMatches({ ...world, rules });

  it('proposes exactly the known answers, each by its rule', () => {
    const expected = new Map(world.answers.map((a) => [key(a.statementLineIds), a]));
    const got = new Map(proposals.map((p) => [key(p.statementLineIds), p]));
    expect(got.size).toBe(proposals.length);
    for (const [statementKey, answer] of expected) {
      const p = got.get(statementKey);
      expect(p, `statement ${statementKey} (${answer.kind})`).toBeDefined();
      expect(p!.ruleKind).toBe(answer.kind);
      expect(key(p!.ledgerKeys)).toBe(key(answer.ledgerKeys));
    }
    expect(proposals.length).toBe(world.answers.length);
    expect(world.unmatched.size).toBeGreaterThan(100);
    for (const p of proposals) for (const id of p.statementLineIds) expect(world.unmatched.has(id), id).toBe(false);
  });

  it('uses each line at most once and every proposal balances or names what to create', () => {
    const statementUsed = proposals.flatMap((p) => p.statementLineIds);
    const ledgerUsed = proposals.flatMap((p) => p.ledgerKeys);
    expect(new Set(statementUsed).size).toBe(statementUsed.length);
    expect(new Set(ledgerUsed).size).toBe(ledgerUsed.length);
    const amountOf = new Map(world.statementLines.map((s) => [s.id, s.amountMinor]));
    const bookOf = new Map(world.ledgerLines.map((l) => [l.key, l.amountMinor]));
    for (const p of proposals) {
      const bank = p.statementLineIds.reduce((sum, id) => sum + amountOf.get(id)!, 0n);
      if (p.settlement) {
        expect(p.ledgerKeys).toEqual([]);
        expect(p.settlement.openItems.reduce((sum, i) => sum + i.remainingMinor, 0n)).toBe(bank < 0n ? -bank : bank);
      } else {
        expect(p.ledgerKeys.reduce((sum, k) => sum + bookOf.get(k)!, 0n)).toBe(bank);
      }
      expect(p.reasons.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('says why each proposal matched', () => {
    const fieldsOf = (kind: string) => proposals.find((p) => p.ruleKind === kind)!.reasons.map((r) => r.field);
    expect(fieldsOf('ReferenceAmount')).toEqual(['reference', 'amount']);
    expect(fieldsOf('AmountDate')).toEqual(['amount', 'date']);
    expect(fieldsOf('Counterparty')).toEqual(['counterpartyIban', 'amount']);
    expect(fieldsOf('Batch')).toEqual(['reference', 'total']);
  });
});

describe('near misses and the rules of a bank', () => {
  it('a cent off, a day outside the window and another line’s reference match nothing', () => {
    const ledger = [bookLine('a:1', '2026-03-10', -10000n, ['INV-1001']), bookLine('b:1', '2026-03-10', -25000n, ['INV-2002'])];
    const bank = [
      line('s1', '2026-03-10', -10001n, 'INV-1001'), // a cent off
      line('s2', '2026-03-14', -25000n), // four days after b, window three
      line('s3', '2026-03-10', -10000n, 'INV-2002'), // a's amount and day, b's reference
    ];
    expect(proposeMatches({ statementLines: bank, ledgerLines: ledger, rules })).toEqual([]);
    // With a window of four days the second one matches, by amount and date.
    const wide = rules.map((r): ReconciliationRule => (r.kind === 'AmountDate' ? { ...r, dateWindowDays: 4 } : r));
    const p = proposeMatches({ statementLines: bank, ledgerLines: ledger, rules: wide });
    expect(p.map((x) => [x.ruleKind, x.statementLineIds, x.ledgerKeys])).toEqual([['AmountDate', ['s2'], ['b:1']]]);
    expect(p[0]!.reasons[1]).toEqual({ field: 'date', statement: '2026-03-14', book: '2026-03-10 (4 of 4 days)' });
  });

  it('a book line already matched is not offered to a second statement line, nor a rejected pair', () => {
    const ledger = [bookLine('a:1', '2026-03-10', 5000n, ['DEP-0001'])];
    const bank = [line('s1', '2026-03-10', 5000n, 'DEP-0001'), line('s2', '2026-03-11', 5000n, 'DEP-0001')];
    expect(proposeMatches({ statementLines: bank, ledgerLines: ledger, rules }).map((p) => p.statementLineIds)).toEqual([['s1']]);
    const rejected = new Set(['s1|a:1']);
    expect(proposeMatches({ statementLines: bank, ledgerLines: ledger, rules, rejected }).map((p) => p.statementLineIds)).toEqual([['s2']]);
  });

  it('runs only the bank’s rules, in its order, and finds a batch by day when no reference ties it', () => {
    const ledger = [bookLine('a:1', '2026-05-04', -100n), bookLine('b:1', '2026-05-04', -250n), bookLine('c:1', '2026-05-04', -650n)];
    const bank = [line('s1', '2026-05-05', -1000n, 'SEPA BATCH')];
    expect(proposeMatches({ statementLines: bank, ledgerLines: ledger, rules: rules.filter((r) => r.kind !== 'Batch') })).toEqual([]);
    const p = proposeMatches({ statementLines: bank, ledgerLines: ledger, rules });
    expect(p.map((x) => [x.ruleKind, key(x.ledgerKeys)])).toEqual([['Batch', 'a:1,b:1,c:1']]);
    // Many to one: two card settlements of a day for one book deposit.
    const many = proposeMatches({ statementLines: [line('t1', '2026-05-06', 300n), line('t2', '2026-05-06', 700n)], ledgerLines: [bookLine('d:1', '2026-05-05', 1000n)], rules });
    expect(many.map((x) => [x.ruleKind, key(x.statementLineIds), x.ledgerKeys])).toEqual([['Batch', 't1,t2', ['d:1']]]);
  });

  it('a counterparty by name proposes the receipt for its open item, never an item of the other side', () => {
    const parties = [
      { type: 'Customer' as const, id: 'c1', name: 'Acme GmbH', ibans: [], openItems: [{ id: 'i1', number: 'INV-9', dueDate: '2026-02-01', remainingMinor: 4200n }, { id: 'i2', number: 'INV-10', dueDate: '2026-03-01', remainingMinor: 999n }] },
      { type: 'Vendor' as const, id: 'v1', name: 'Acme GmbH', ibans: [], openItems: [{ id: 'i3', number: 'BILL-1', dueDate: '2026-02-01', remainingMinor: 4200n }] },
    ];
    const bank = [{ ...line('s1', '2026-03-02', 4200n), counterpartyName: 'ACME' }];
    const p = proposeMatches({ statementLines: bank, ledgerLines: [], parties, rules });
    expect(p).toHaveLength(1);
    expect(p[0]!.settlement).toMatchObject({ partyType: 'Customer', partyId: 'c1', openItems: [{ id: 'i1' }] });
    expect(p[0]!.reasons[0]).toEqual({ field: 'counterpartyName', statement: 'ACME', book: 'Acme GmbH (customer)' });
    // 4,201 is neither one item nor all of them: nothing.
    expect(proposeMatches({ statementLines: [{ ...bank[0]!, amountMinor: 4201n }], ledgerLines: [], parties, rules })).toEqual([]);
  });
});
