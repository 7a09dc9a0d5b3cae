// Proves the changed-field rule the API lists with each audit entry: value differences only, key order and unrecorded fields aside.
import { describe, expect, it } from 'vitest';
import { changedFields, sameValue } from '../audit-diff';

describe('audit diff', () => {
  it('compares JSON values deeply, whatever the key order; a missing key equals null', () => {
    expect(sameValue({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameValue({ a: null }, {})).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue('1', 1)).toBe(false);
    expect(sameValue({ a: [] }, { a: {} })).toBe(false);
  });

  it('lists the changed top-level fields of edits, creations, deletions and result-only changes', () => {
    expect(changedFields({ a: 1, b: 2, when: 'x' }, { a: 1, b: 3, when: 'y' })).toEqual(['b', 'when']);
    expect(changedFields(null, { code: 'HQ', locale: null })).toEqual(['code']);
    expect(changedFields({ code: 'HQ' }, null)).toEqual(['code']);
    expect(changedFields(null, { status: 'Posted' })).toEqual(['status']);
    expect(changedFields({ status: 'Draft', total: '0' }, { lines: [] })).toEqual(['lines']);
    expect(changedFields(null, null)).toEqual([]);
  });
});
