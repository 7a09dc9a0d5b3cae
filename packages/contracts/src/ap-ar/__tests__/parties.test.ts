// The kit's `rows` field (sub-rows validated as fields, JSON in a file cell) and the bank identifiers of parties.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bicIsValid,
  companyConfigInputSchema,
  creditorIdIsValid,
  defineEntity,
  entityInputSchema,
  entityRecordSchema,
  dueSchedule,
  exampleValue,
  faces,
  ibanIsValid,
  partyEntity,
  paymentTermRuleSchema,
  paymentTermEntity,
  rowsCell,
  sides,
  validatePaymentTerm,
} from '../../index';

const withRows = defineEntity({
  name: 'rowsSample', label: 'Rows Sample', plural: 'Rows Samples', service: 'ap', resource: 'rows-samples', page: '/vendor', permission: 'Vendor',
  companyScoped: true, key: ['code'], display: 'code', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20 },
    lines: {
      type: 'rows', label: 'Lines', max: 3,
      columns: {
        name: { type: 'text', label: 'Name', required: true, max: 10 },
        share: { type: 'decimal', label: 'Share', scale: 2, max: 3 },
        days: { type: 'integer', label: 'Days', min: 0, max: 90 },
        kind: { type: 'enum', label: 'Kind', options: ['A', 'B'], required: true, default: 'A' },
      },
    },
  },
  form: [['code'], ['lines']],
});
const input = entityInputSchema(withRows);

describe('a rows field', () => {
  it('is an empty list when absent, null or an empty cell', () => {
    for (const lines of [undefined, null, '', '  ']) expect(input.parse({ code: 'X', lines })).toMatchObject({ lines: [] });
  });

  it('validates each sub-row as fields are, and names the row and field it refuses', () => {
    const ok = input.parse({ code: 'X', lines: [{ name: 'one', share: '12.5', days: '30', kind: 'b' }] }) as { lines: unknown[] };
    expect(ok.lines).toEqual([{ name: 'one', share: '12.5', days: 30, kind: 'B' }]);
    const bad = input.safeParse({ code: 'X', lines: [{ name: 'ok', kind: 'A' }, { name: '', days: 91, kind: 'A' }] });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['lines.1.name', 'lines.1.days']));
  });

  it('refuses unknown sub-fields, too many rows and what is not a list', () => {
    expect(input.safeParse({ code: 'X', lines: [{ name: 'a', kind: 'A', extra: 1 }] }).success).toBe(false);
    expect(input.safeParse({ code: 'X', lines: Array.from({ length: 4 }, () => ({ name: 'a', kind: 'A' })) }).success).toBe(false);
    expect(input.safeParse({ code: 'X', lines: 'not json' }).success).toBe(false);
    expect(input.safeParse({ code: 'X', lines: { name: 'a' } }).success).toBe(false);
  });

  it('reads back what its export cell writes (JSON text in one cell)', () => {
    const row = fc.record({ name: fc.string({ minLength: 1, maxLength: 10 }).filter((s) => s.trim() === s && s.trim() !== '' && !s.includes('\u0000')), days: fc.integer({ min: 0, max: 90 }), kind: fc.constantFrom('A', 'B') });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 3 }), (lines) => {
        const cell = rowsCell(lines);
        expect((input.parse({ code: 'X', lines: cell }) as { lines: unknown[] }).lines).toEqual(lines);
      }),
    );
    expect(rowsCell([])).toBe('');
    expect(exampleValue(withRows, 'lines')).toBe('');
  });

  it('is answered as a list of objects', () => {
    const record = entityRecordSchema(withRows).parse({ id: '00000000-0000-4000-8000-000000000000', createdAt: 'x', updatedAt: 'y', code: 'X', lines: [{ name: 'a', share: '1', days: 2, kind: 'A' }] });
    expect((record as { lines?: unknown[] }).lines).toHaveLength(1);
  });
});

describe('the parties of both faces', () => {
  it.each(sides)('%s: built from the face, with its pages, labels and generated party code', (side) => {
    const face = faces[side];
    const party = partyEntity(face);
    expect(party.page).toBe(face.pages.party);
    expect(party.permission).toBe(face.labels.party);
    expect(party.service).toBe(face.service);
    expect(party.generatedKey).toBe('code');
    expect('creditLimit' in party.fields).toBe(face.party === 'Customer');
    expect(paymentTermEntity(face).page).toBe(face.pages.paymentTerm);
  });

  it.each(sides)('%s: a payment term as the entity stores it is what the calculator reads', (side) => {
    const stored = entityInputSchema(paymentTermEntity(faces[side])).parse({ code: 'T', description: 'Thirty seventy', instalments: [{ percent: '30' }, { days: 30 }] });
    const term = paymentTermRuleSchema.parse(stored);
    expect(validatePaymentTerm(term)).toEqual([]);
    expect(dueSchedule(term, '2026-01-31', { grossMinor: 10_000n, taxMinor: 0n }).map((l) => [l.dueDate, l.amountMinor])).toEqual([['2026-01-31', 3_000n], ['2026-03-02', 7_000n]]);
  });
});

describe('bank identifiers', () => {
  it('checks an IBAN by its ISO 13616 checksum', () => {
    expect(ibanIsValid('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanIsValid('DE89370400440532013000')).toBe(true);
    expect(ibanIsValid('GB82WEST12345698765433')).toBe(false);
    expect(ibanIsValid('DE88370400440532013000')).toBe(false);
    expect(ibanIsValid('12345678')).toBe(false);
  });

  it('finds every single-digit typo of a valid IBAN', () => {
    const iban = 'DE89370400440532013000';
    fc.assert(
      fc.property(fc.integer({ min: 4, max: iban.length - 1 }), fc.integer({ min: 1, max: 9 }), (at, delta) => {
        const changed = iban.slice(0, at) + String((Number(iban[at]) + delta) % 10) + iban.slice(at + 1);
        expect(ibanIsValid(changed)).toBe(false);
      }),
    );
  });

  it('checks a BIC and a SEPA creditor identifier', () => {
    expect(bicIsValid('DEUTDEFF')).toBe(true);
    expect(bicIsValid('DEUTDEFF500')).toBe(true);
    expect(bicIsValid('DEUT1EFF')).toBe(false);
    expect(creditorIdIsValid('DE98ZZZ09999999999')).toBe(true);
    expect(creditorIdIsValid('DE98 ZZZ 09999999999')).toBe(true);
    expect(creditorIdIsValid('DE97ZZZ09999999999')).toBe(false);
  });

  it('keeps the company setting of the credit limit policy and the creditor identifier', () => {
    const none = { retainedEarningsAccount: null, roundingAccount: null, realisedFxGainAccount: null, realisedFxLossAccount: null, unrealisedFxAccount: null, suspenseAccount: null, exchangeAccount: null, journalSequence: null };
    expect(companyConfigInputSchema.parse(none)).toMatchObject({ creditLimitPolicy: 'Refuse', sepaCreditorId: null });
    expect(companyConfigInputSchema.parse({ ...none, creditLimitPolicy: 'Approval', sepaCreditorId: 'de98 zzz 09999999999' })).toMatchObject({ creditLimitPolicy: 'Approval', sepaCreditorId: 'DE98ZZZ09999999999' });
    expect(companyConfigInputSchema.safeParse({ ...none, sepaCreditorId: 'DE97ZZZ09999999999' }).success).toBe(false);
  });
});
