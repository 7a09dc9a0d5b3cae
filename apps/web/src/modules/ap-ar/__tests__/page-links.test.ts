// The router's written-out list of payables/receivables routes is the entities' own.
import { describe, expect, it } from 'vitest';
import { apArEntities } from '@erp/contracts';
import { apArPageLinks } from '../index';

describe('payables and receivables pages', () => {
  it('serve every entity at its screen, in the order of the definitions', () => {
    expect([...apArPageLinks]).toEqual(apArEntities.map((def) => def.screen ?? def.page));
  });
});
