// Proves the router's written-out list of set-up routes (kept free of zod for the first load) names exactly the generic set-up entities' screens.
import { describe, expect, it } from 'vitest';
import { setupPageLinks } from '../index';
import { genericSetupEntities } from '../setup-entities';

describe('set-up page links', () => {
  it('equal the pages of the generic set-up entities, in order', () => {
    expect([...setupPageLinks]).toEqual(genericSetupEntities.map((def) => def.screen ?? def.page));
  });
});
