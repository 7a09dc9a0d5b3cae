// Proves the kit reads a choice or a yes/no in any case (stored as the option is written), and that every entity's import template has an example row that reads back valid where it can.
import { describe, expect, it } from 'vitest';
import { accountEntity, ledgerSetupEntities } from '../../ledger/setup-entities';
import { entityInputSchema, exampleValue, fieldSchema } from '../define-entity';

describe('values in any case', () => {
  it('matches a choice without case and keeps the option as written', () => {
    const kind = fieldSchema(accountEntity.fields.kind);
    expect(kind.parse('posting')).toBe('Posting');
    expect(kind.parse(' HEADER ')).toBe('Header');
    expect(kind.safeParse('postings').success).toBe(false);
  });

  it('reads yes/no and true/false in any case, and nothing else', () => {
    const active = fieldSchema(accountEntity.fields.active);
    expect(['TRUE', 'True', 'yes', 'YES', true].map((v) => active.parse(v))).toEqual([true, true, true, true, true]);
    expect(['FALSE', 'no', 'No', 'nO', false].map((v) => active.parse(v))).toEqual([false, false, false, false, false]);
    expect(active.safeParse('maybe').success).toBe(false);
  });
});

describe('the template example row', () => {
  it('gives each field of every entity a value of its type; the account example is a valid account', () => {
    for (const def of ledgerSetupEntities) {
      for (const [field, f] of Object.entries(def.fields)) {
        const value = exampleValue(def, field);
        if (f.type === 'enum' && value) expect(f.options).toContain(value);
        if (f.type === 'boolean') expect(['Yes', 'No']).toContain(value);
        if (f.required && f.type !== 'ref' && f.default === undefined) expect(value, `${def.name}.${field}`).not.toBe('');
      }
    }
    const row = Object.fromEntries(Object.keys(accountEntity.fields).map((field) => [field, exampleValue(accountEntity, field) || undefined]));
    expect(row).toMatchObject({ code: '1030', accountGroup: '10', kind: 'Posting', controlType: 'None', active: 'Yes' });
    // References are codes in a file (the import resolves them); the rest reads as the schema wants.
    const { accountGroup: _g, parentAccount: _p, ...rest } = row;
    expect(entityInputSchema(accountEntity).safeParse({ ...rest, accountGroup: '00000000-0000-4000-8000-000000000001' }).success).toBe(true);
  });
});
