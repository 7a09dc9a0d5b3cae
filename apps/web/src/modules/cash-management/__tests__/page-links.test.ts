// The router's written-out list of Cash Management routes is the entities' own.
import { describe, expect, it } from 'vitest';
import { cashManagementEntities } from '@erp/contracts';
import { cashManagementPageLinks } from '../index';

describe('cash management pages', () => {
  it('serve every entity at its screen, in the order of the definitions', () => {
    expect([...cashManagementPageLinks]).toEqual(cashManagementEntities.map((def) => def.screen ?? def.page));
  });
});
