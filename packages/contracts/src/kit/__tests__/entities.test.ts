// Proves every kit entity definition is whole: its page offers its five operation labels, its form shows every field once, its keys and references exist.
import { describe, expect, it } from 'vitest';
import { apArEntities, entityInputSchema, entityOperations, findMenuItemByLink, ledgerSetupEntities, type EntityDef } from '../../index';

const entities: readonly EntityDef[] = [...ledgerSetupEntities, ...apArEntities];
const byName = new Map(entities.map((d) => [d.name, d]));

describe.each(entities.map((d) => [d.name, d] as const))('entity %s', (_, def) => {
  it('is reachable from its page, which offers its operation labels', () => {
    const item = findMenuItemByLink(def.page);
    expect(item?.link).toBe(def.page);
    expect(item?.operations).toEqual(expect.arrayContaining(Object.values(entityOperations(def))));
  });

  it('lays every field out in the form exactly once', () => {
    expect(def.form.flat().sort()).toEqual(Object.keys(def.fields).sort());
  });

  it('keys on required fields and refers only to known entities', () => {
    // A generated key (a vendor's code from its sequence) may be left empty; every other key is required.
    for (const k of def.key) if (k !== def.generatedKey) expect(def.fields[k as keyof typeof def.fields], k).toMatchObject({ required: true });
    if (def.generatedKey) expect(def.key).toContain(def.generatedKey);
    expect(def.fields[def.display as keyof typeof def.fields]).toBeDefined();
    for (const f of Object.values(def.fields)) if (f.type === 'ref') expect(byName.has(f.ref!), f.ref).toBe(true);
  });

  it('refuses a record without its key with the field named', () => {
    const result = entityInputSchema(def).safeParse({});
    expect(result.success).toBe(false);
    const withoutDefault = def.key.filter((k) => k !== def.generatedKey && (def.fields as Record<string, { default?: unknown }>)[k]!.default === undefined);
    const named = result.error!.issues.map((i) => i.path[0]);
    if (def.generatedKey) {
      // Its key may be empty (the sequence fills it): the refusal names the other required fields, never the key.
      expect(named).not.toContain(def.generatedKey);
      return;
    }
    expect(withoutDefault.length).toBeGreaterThan(0);
    expect(named).toEqual(expect.arrayContaining(withoutDefault));
  });
});
